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

    /// A note from its text; the title is derived from the first non-empty line.
    public init(slug: String, contents: String, timestamp: Date, source: String) {
        self.slug = slug
        self.contents = contents
        self.timestamp = timestamp
        self.source = source
        let firstLine = contents.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let trimmed = firstLine.trimmingCharacters(in: .whitespacesAndNewlines)
        self.title = trimmed.isEmpty ? "Untitled" : trimmed
    }
}
