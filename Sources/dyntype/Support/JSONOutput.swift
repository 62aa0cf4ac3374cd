import Foundation

/// Writes reports as JSON the way CONVENTIONS.md asks: sorted keys, LF endings, stable names,
/// a `schemaVersion`, a `tool` block and an `environment` block.
enum JSONOutput {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Standard output, written in one piece (reports can be large).
enum StandardOutput {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
