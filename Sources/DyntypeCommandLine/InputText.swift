import DynamicTypeAudit
import DynamicTypeCore
import Foundation

/// Reads a UTF-8 input file or standard input (`-`) for `measure` and `bench layout`, in chunks up
/// to a size limit (``InputFile``): invalid bytes become U+FFFD and are reported with their byte offset.
package enum InputText {
    /// The text and the warnings to print about it.
    package struct Loaded {
        /// The text (invalid bytes as U+FFFD).
        package var string: String
        /// What to warn about it.
        package var warnings: [String]
    }

    /// The text of `path` (`-` for standard input).
    ///
    /// - Throws: ``InputFileError`` (mapped to exit 66, or 65 past the limit, by `describe`).
    package static func read(_ path: String, limit: InputSizeLimit) throws -> Loaded {
        let data = path == "-" ? try InputFile.readStandardInput(limit: limit) : try InputFile.read(atPath: path, limit: limit)
        var warnings: [String] = []
        if let offset = UTF8Validation.firstInvalidOffset(data) {
            warnings.append(
                "\(path): invalid UTF-8 at byte offset \(offset); invalid bytes are shown as U+FFFD")
        }
        return Loaded(string: String(decoding: data, as: UTF8.self), warnings: warnings)
    }
}
