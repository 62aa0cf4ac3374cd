import Foundation

extension TextStorage {
    /// The smallest range of whole paragraphs containing `range`, terminators included
    /// (`NSString.paragraphRange(for:)`, and tested against it).
    ///
    /// Paragraphs end after `\n` (U+000A), `\r` (U+000D), `\r\n` (one terminator) or U+2029
    /// PARAGRAPH SEPARATOR. U+2028 LINE SEPARATOR and U+0085 NEXT LINE break lines but not
    /// paragraphs, as in `NSString` (its `lineRange(for:)` stops at them, `paragraphRange(for:)`
    /// does not). A position between `\r` and `\n` belongs to the paragraph the pair ends.
    /// For an empty `range` this is the paragraph containing `range.location`; at the very end of
    /// a text that ends with a terminator it is the empty range there.
    ///
    /// ```swift
    /// let storage = TextStorage(string: "one\r\ntwo\u{2028}still two\nthree")
    /// storage.paragraphRange(for: NSRange(location: 7, length: 0))   // {5, 14}: "two\u{2028}still two\n"
    /// ```
    public func paragraphRange(for range: NSRange) -> NSRange {
        checkRange(range)
        return units.withUnsafeBufferPointer { text in
            let start = Self.paragraphStart(text, at: range.location)
            let probe = range.length > 0 ? range.location + range.length - 1 : range.location
            let end = Self.paragraphEnd(text, from: probe)
            return NSRange(location: start, length: end - start)
        }
    }

    /// The paragraphs making up ``paragraphRange(for:)`` of `range`, in order (none when that
    /// range is empty).
    public func paragraphRanges(in range: NSRange) -> [NSRange] {
        let whole = paragraphRange(for: range)
        return units.withUnsafeBufferPointer { text in
            var result: [NSRange] = []
            var position = whole.location
            let end = whole.location + whole.length
            while position < end {
                let paragraphEnd = Self.paragraphEnd(text, from: position)
                result.append(NSRange(location: position, length: paragraphEnd - position))
                position = paragraphEnd
            }
            return result
        }
    }

    /// The paragraphs an edit of `editedRange` (post-edit coordinates) can change: those holding
    /// the range, plus the one starting right after it (typing a newline splits a paragraph, and
    /// the new second half must be redone too). This is the `invalidatedRange` layout managers
    /// get and what the syntax highlighter restyles.
    public func invalidationRange(forEditedRange editedRange: NSRange) -> NSRange {
        guard editedRange.location != NSNotFound else { return NSRange(location: 0, length: 0) }
        let holding = paragraphRange(for: editedRange)
        let after = paragraphRange(for: NSRange(location: editedRange.location + editedRange.length, length: 0))
        let start = min(holding.location, after.location)
        let end = max(holding.location + holding.length, after.location + after.length)
        return NSRange(location: start, length: end - start)
    }

    static func isParagraphSeparator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x2029
    }

    /// Start of the paragraph holding `position` (0…count).
    static func paragraphStart(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> Int {
        var index = position
        // Between "\r" and "\n": the pair ends the paragraph before, which is ours.
        if index > 0 && index < text.count && text[index] == 0x0A && text[index - 1] == 0x0D { index -= 1 }
        while index > 0 && !isParagraphSeparator(text[index - 1]) { index -= 1 }
        return index
    }

    /// End (after the terminator) of the paragraph holding `position`; `count` for the last one.
    static func paragraphEnd(_ text: UnsafeBufferPointer<UInt16>, from position: Int) -> Int {
        var index = position
        while index < text.count {
            let unit = text[index]
            if unit == 0x0A || unit == 0x2029 { return index + 1 }
            if unit == 0x0D { return index + 1 < text.count && text[index + 1] == 0x0A ? index + 2 : index + 1 }
            index += 1
        }
        return text.count
    }
}
