import Foundation

/// The largest input a command reads (a note, a `measure` file, standard input): past it the read
/// stops with an error naming the limit instead of holding an unbounded amount of memory — an
/// endless stdin or a runaway file must end in a clear error, never an abort.
///
/// ```swift
/// let limit = try InputSizeLimit(parsing: "512KB")   // 524,288 bytes
/// let (notes, issues) = try NoteLoader.load(from: "my-notes/", limit: limit)
/// ```
package struct InputSizeLimit: Hashable, Sendable, CustomStringConvertible {
    /// The most bytes read from one input.
    public let bytes: Int
    /// How a user raises the limit, appended to the error (the CLI names its option).
    public let howToRaise: String

    /// 64 MB: far above any real note (the samples are a few kilobytes) and small enough that a
    /// runaway input is stopped long before memory runs out.
    public static let defaultBytes = 64 << 20

    /// The default limit (``defaultBytes``).
    public static let `default` = InputSizeLimit(bytes: defaultBytes)

    /// A limit of `bytes` (at least 1).
    public init(bytes: Int, howToRaise: String = "raise the input size limit to read it") {
        self.bytes = max(1, bytes)
        self.howToRaise = howToRaise
    }

    /// Parses a size: plain bytes (`1048576`) or a whole number with a unit, `B`, `KB`, `MB` or
    /// `GB` (binary: 1 KB = 1,024 bytes; `K`, `KiB`, `M`, `MiB`, `G`, `GiB` also accepted,
    /// case-insensitive, a space allowed before the unit).
    ///
    /// - Throws: ``InputSizeLimitError`` for anything else, zero, or a size past 1 TB.
    public init(parsing text: String, howToRaise: String = "raise the input size limit to read it") throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        let shifts: [String: Int] = [
            "": 0, "b": 0, "k": 10, "kb": 10, "kib": 10, "m": 20, "mb": 20, "mib": 20, "g": 30, "gb": 30, "gib": 30,
        ]
        guard !digits.isEmpty, let shift = shifts[unit], let count = Int(digits) else {
            throw InputSizeLimitError(text: text, reason: "give bytes or a whole number with a unit, e.g. 512KB, 64MB or 1GB")
        }
        // 1 TB bounds the arithmetic (no overflow) and is far beyond what any input here needs.
        guard count > 0, count <= (1 << 40) >> shift else {
            throw InputSizeLimitError(text: text, reason: "give a size from 1 byte to 1 TB")
        }
        self.init(bytes: count << shift, howToRaise: howToRaise)
    }

    /// The limit for people: `64 MB`, `512 KB`, `1000 bytes`.
    public var description: String { Self.format(bytes) }

    /// ``format(_:)`` followed by the exact byte count when a unit rounded it: `64 MB (67108864 bytes)`.
    public static func formatExactly(_ bytes: Int) -> String {
        bytes >= 1 << 10 ? "\(format(bytes)) (\(bytes) bytes)" : format(bytes)
    }

    /// `bytes` for people, in the largest binary unit that divides it with at most one decimal.
    public static func format(_ bytes: Int) -> String {
        for (unit, shift) in [("GB", 30), ("MB", 20), ("KB", 10)] where bytes >= 1 << shift {
            let value = Double(bytes) / Double(1 << shift)
            return value == value.rounded() ? "\(Int(value)) \(unit)" : String(format: "%.1f \(unit)", value)
        }
        return "\(bytes) byte\(bytes == 1 ? "" : "s")"
    }
}

/// A size that could not be parsed as an ``InputSizeLimit``.
package struct InputSizeLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was given.
    public var text: String
    /// What is wrong and what to give instead.
    public var reason: String

    /// The message: the text and what to give instead.
    /// The message: what was given and what to give instead.
    public var description: String { "'\(text)' is not an input size: \(reason)" }
}
