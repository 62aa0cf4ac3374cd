import DynamicTypeCore
import Foundation

/// Reads one strings file from disk and hands it to the parser its extension names, refusing
/// files too large to be strings files before reading them.
enum StringsFileReader {
    /// 32 MB: far above any real app's strings (Xcode's largest catalogs are a few MB), low
    /// enough that a wrong path (a video, a disk image) fails at once instead of filling memory.
    static let defaultMaximumSize = 32 * 1024 * 1024

    private static let extensions = ".xcstrings, .strings or .stringsdict"

    /// The file's strings.
    static func read(_ path: String, maximumSize: Int = defaultMaximumSize) throws(StringsFileError) -> ParsedStringsFile {
        let fileExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard ["xcstrings", "strings", "stringsdict"].contains(fileExtension) else {
            let found = fileExtension.isEmpty ? "no extension" : "the extension .\(fileExtension)"
            throw StringsFileError(file: path, problem: "unknown kind of strings file (\(found))", expected: "use \(extensions) files")
        }
        let data = try contents(of: path, maximumSize: maximumSize)
        let locale = LprojLocale.locale(ofFileAt: path)
        switch fileExtension {
        case "xcstrings": return try StringCatalogParser(file: path).parse(data)
        case "strings": return try StringsFileParser(file: path).parse(data, locale: locale)
        default: return try StringsDictParser(file: path).parse(data, locale: locale)
        }
    }

    /// The file's bytes through the one input reader: regular files only (a FIFO would block,
    /// a device never end), the size checked before reading.
    private static func contents(of path: String, maximumSize: Int) throws(StringsFileError) -> Data {
        do {
            return try InputFile.read(atPath: path, limit: InputSizeLimit(bytes: maximumSize))
        } catch {
            switch error {
            case .missing: throw StringsFileError(file: path, problem: "no such file", expected: "pass \(extensions) files")
            case .isDirectory:
                throw StringsFileError(file: path, problem: "is a folder", expected: "pass the \(extensions) files inside it")
            case .notRegularFile(_, let kind):
                throw StringsFileError(file: path, problem: "is \(kind), not a regular file", expected: "pass \(extensions) files")
            case .tooLarge(_, let size, _): throw tooLarge(path, size: size ?? maximumSize + 1, maximumSize: maximumSize)
            case .unreadable(_, let reason): throw StringsFileError(file: path, problem: "cannot be read (\(reason))")
            }
        }
    }

    private static func tooLarge(_ path: String, size: Int, maximumSize: Int) -> StringsFileError {
        StringsFileError(
            file: path, problem: "too large for a strings file (\(size) bytes)",
            expected: "strings files are at most \(maximumSize / 1024 / 1024) MB")
    }
}
