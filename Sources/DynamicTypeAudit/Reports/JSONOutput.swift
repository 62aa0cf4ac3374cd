import Foundation

/// Writes reports as JSON the way CONVENTIONS.md asks: sorted keys, LF endings, stable names,
/// a `schemaVersion`, a `tool` block and an `environment` block.
package enum JSONOutput {
    /// `value` as pretty, key-sorted JSON with a final newline.
    package static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
