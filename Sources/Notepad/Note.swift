import Foundation

/// A note as the seed app models it: the title is the first line, the contents the whole text,
/// the timestamp the file's modification time.
public struct Note: Hashable, Sendable {
    /// A file-name-safe identifier (the file stem, slugged), used for output folders.
    public var slug: String
    /// The first line of the contents (empty notes get "Untitled").
    public var title: String
    /// The whole text.
    public var contents: String
    /// When the note was last changed.
    public var timestamp: Date
    /// Where the note came from (file path, or `bundled:<name>`).
    public var source: String

    /// A note from its text; the title is its first line, trimmed ("Untitled" when that is empty).
    public init(slug: String, contents: String, timestamp: Date, source: String) {
        self.slug = slug
        self.contents = contents
        self.timestamp = timestamp
        self.source = source
        let trimmed = Self.firstLine(of: contents).trimmingCharacters(in: .whitespacesAndNewlines)
        self.title = trimmed.isEmpty ? "Untitled" : trimmed
    }

    /// The text before the first line end: LF, CR (so CRLF too), NEL (U+0085), LINE SEPARATOR
    /// (U+2028) or PARAGRAPH SEPARATOR (U+2029). Scanned by scalar because Swift treats "\r\n" as
    /// one `Character`, which a search for "\n" would never find.
    static func firstLine(of text: String) -> Substring {
        let scalars = text.unicodeScalars
        let end = scalars.firstIndex { lineEnds.contains($0.value) } ?? scalars.endIndex
        return Substring(scalars[scalars.startIndex..<end])
    }

    private static let lineEnds: Set<UInt32> = [0x0A, 0x0D, 0x85, 0x2028, 0x2029]
}
