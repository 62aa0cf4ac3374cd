import Foundation

/// A string with attribute runs: the value type handed to and returned from a ``TextStorage``
/// (TextKit's `NSAttributedString`, named apart from Foundation's `AttributedString`).
///
/// Run lengths are UTF-16 code units, like every range in ``TextStorage``.
///
/// ```swift
/// var text = AttributedText("Hello ", attributes: TextAttributes(foregroundColor: .black))
/// text.append(AttributedText("Alice", attributes: TextAttributes(foregroundColor: .red)))
/// text.length   // 11
/// ```
public struct AttributedText: Hashable, Sendable, CustomStringConvertible {
    /// A stretch of ``AttributedText/string`` with one set of attributes.
    public struct Run: Hashable, Sendable {
        /// Length in UTF-16 code units.
        public var length: Int
        /// The attributes of the stretch.
        public var attributes: TextAttributes

        /// A run of `length` UTF-16 units.
        public init(length: Int, attributes: TextAttributes) {
            self.length = length
            self.attributes = attributes
        }
    }

    /// The characters.
    public private(set) var string: String
    /// The runs in order; their lengths add up to ``length``; adjacent runs differ.
    public private(set) var runs: [Run]

    /// `string` with one set of attributes.
    public init(_ string: String, attributes: TextAttributes = .empty) {
        self.string = string
        let length = string.utf16.count
        self.runs = length == 0 ? [] : [Run(length: length, attributes: attributes)]
    }

    /// Pieces concatenated in order.
    public init(_ pieces: [(String, TextAttributes)]) {
        self.init("")
        for (text, attributes) in pieces { append(AttributedText(text, attributes: attributes)) }
    }

    /// `string` with explicit runs.
    ///
    /// - Precondition: the run lengths add up to `string.utf16.count` and none is negative.
    public init(string: String, runs: [Run]) {
        precondition(runs.allSatisfy { $0.length >= 0 }, "negative run length")
        precondition(runs.reduce(0) { $0 + $1.length } == string.utf16.count,
                     "run lengths do not add up to the string's UTF-16 length")
        self.string = string
        self.runs = []
        for run in runs { appendRun(run) }
    }

    /// Length in UTF-16 code units.
    public var length: Int { runs.reduce(0) { $0 + $1.length } }

    /// Appends `other`, merging the seam if the attributes are equal.
    public mutating func append(_ other: AttributedText) {
        string += other.string
        for run in other.runs { appendRun(run) }
    }

    /// `lhs` followed by `rhs`.
    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        var result = lhs
        result.append(rhs)
        return result
    }

    private mutating func appendRun(_ run: Run) {
        guard run.length > 0 else { return }
        if let last = runs.last, last.attributes == run.attributes {
            runs[runs.count - 1].length += run.length
        } else {
            runs.append(run)
        }
    }

    public var description: String {
        var parts: [String] = []
        var offset = 0
        let units = Array(string.utf16)
        for run in runs {
            let text = String(decoding: units[offset..<offset + run.length], as: UTF16.self)
            parts.append("\(text.debugDescription)\(run.attributes)")
            offset += run.length
        }
        return parts.joined(separator: " ")
    }
}

/// One attribute run of a ``TextStorage``: a range (UTF-16) and its attributes.
public struct AttributeRun: Hashable, Sendable, CustomStringConvertible {
    /// The run's range in UTF-16 code units.
    public let range: NSRange
    /// The attributes of every character in ``range``.
    public let attributes: TextAttributes

    /// A run.
    public init(range: NSRange, attributes: TextAttributes) {
        self.range = range
        self.attributes = attributes
    }

    public var description: String { "\(range.location)..<\(range.location + range.length) \(attributes)" }
}
