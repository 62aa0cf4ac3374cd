/// A file's lines, for fingerprints and inline suppressions (the checkers report 1-based lines;
/// this turns them back into text).
package struct SourceLines: Sendable {
    /// Byte offset of each line's start in the UTF-8 text.
    private let starts: [Int]
    /// The text's UTF-8 bytes.
    package let bytes: [UInt8]

    /// The lines of `text` (LF, CRLF or CR endings).
    package init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { starts.append(index) }
        }
        self.starts = starts
    }

    /// How many lines there are.
    package var count: Int { starts.count }

    /// The 1-based line and UTF-8 column of a byte offset (clamped to the text).
    package func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(0, offset), bytes.count)
        // The last line start at or before `offset`.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    /// The 1-based `line` without its ending, or "" past the end.
    package func text(ofLine line: Int) -> String {
        guard line >= 1, line <= starts.count else { return "" }
        var end = line < starts.count ? starts[line] : bytes.count
        let start = starts[line - 1]
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The fingerprint of `line`: FNV-1a (64 bit) of the line with surrounding whitespace removed,
    /// as 16 hex digits. Stable across runs and machines (Swift's `Hasher` is seeded per process).
    package func fingerprint(ofLine line: Int) -> String {
        Self.fingerprint(text(ofLine: line))
    }

    /// The fingerprint of `text`, trimmed.
    package static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let trimmed = text.utf8.drop { $0 == 32 || $0 == 9 }.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
        for byte in trimmed {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
