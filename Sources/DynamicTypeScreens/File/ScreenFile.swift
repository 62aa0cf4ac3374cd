import DynamicTypeCore
import Foundation

/// Reads and writes screen files: `*.screen.json`, `*.screen.yaml` and `*.screen.yml`
/// (format: `Schemas/screen.schema.json`).
///
/// ```swift
/// let screen = try ScreenFile.load(path: "Screens/checkout.screen.json")
/// let data = try ScreenFile.encode(screen)   // pretty JSON, sorted keys
/// ```
///
/// Reading is strict: unknown keys, wrong types, unknown names, out-of-range sizes, duplicate ids
/// and conflicting fields are ``ScreenFileError``s naming the file and the JSON path.
public enum ScreenFile {
    /// A screen file's syntax.
    package enum Format: String, Hashable, Sendable, CaseIterable {
        /// JSON (`*.screen.json`).
        case json
        /// YAML 1.1 via Yams (`*.screen.yaml`, `*.screen.yml`); hex colours need quotes there.
        case yaml

        /// The format a path's extension names, if it is a screen file.
        public init?(path: String) {
            let name = (path as NSString).lastPathComponent.lowercased()
            if name.hasSuffix(".screen.json") {
                self = .json
            } else if name.hasSuffix(".screen.yaml") || name.hasSuffix(".screen.yml") {
                self = .yaml
            } else {
                return nil
            }
        }
    }

    /// The largest file read, in bytes (8 MB): real screens are a few kilobytes, and the limit
    /// keeps a wrong path (a video, a log) from being parsed.
    public static let maximumFileSize = 8 * 1024 * 1024

    /// The deepest views may nest (a top-level view is level 1): deeper trees are mistakes, and the
    /// limit keeps layout recursion bounded.
    public static let maximumNestingDepth = 32

    /// The lengths a file may give (sizes, spacings, insets, widths, heights, radii), in points:
    /// far beyond any screen (the largest iPad is 1,376 pt wide), and small enough that every
    /// length times a 3× scale is a pixel count an image can hold.
    public static let lengthRange: ClosedRange<Double> = 0...10_000

    /// A screen's own `width`, in points: the range `--width` accepts.
    public static let widthRange: ClosedRange<Double> = 100...4_000

    /// Positions (exclusions' `x` and `y`, polygon points), in points from the text view's corner.
    public static let offsetRange: ClosedRange<Double> = -10_000...10_000

    /// The most rows a table may list: each is laid out at every category.
    public static let maximumTableRows = 10_000

    /// Whether `path` names a screen file (`*.screen.json`, `*.screen.yaml`, `*.screen.yml`).
    public static func isScreenFile(_ path: String) -> Bool { Format(path: path) != nil }

    /// Reads the screen file at `path`, the format chosen by its extension.
    ///
    /// Relative paths inside the screen (`font.file`, a text view's `file`) are returned as
    /// written: resolve them against the folder of `path`, which the caller knows.
    ///
    /// - Throws: an error naming the file, the key path, line and column, and how to fix it.
    public static func load(path: String) throws -> Screen { try read(path: path) }

    /// ``load(path:)`` with its typed error, for the commands' exit codes.
    package static func read(path: String) throws(ScreenFileError) -> Screen {
        guard let format = Format(path: path) else {
            throw ScreenFileError(
                file: path, path: "", reason: .unreadable,
                message: "not a screen file; screen files are named *.screen.json, *.screen.yaml or *.screen.yml")
        }
        // One reader for every input: regular files only (a FIFO would block, a device never
        // end), the size checked before reading so a huge file is never loaded into memory.
        let data: Data
        do {
            data = try InputFile.read(
                atPath: path, limit: InputSizeLimit(bytes: maximumFileSize, howToRaise: "split the screen into several files"))
        } catch {
            if case .tooLarge(_, let size, _) = error { throw tooLarge(size ?? maximumFileSize + 1, origin: path) }
            throw ScreenFileError(file: path, path: "", reason: .unreadable, message: error.reasonWithoutPath)
        }
        return try decode(data, origin: path, format: format)
    }

    /// Decodes a screen from `data`; `origin` names the file in errors.
    package static func decode(_ data: Data, origin: String, format: Format) throws(ScreenFileError) -> Screen {
        if data.count > maximumFileSize { throw tooLarge(data.count, origin: origin) }
        let tree =
            switch format {
            case .json: try ScreenFileParser.json(data, origin: origin)
            case .yaml: try ScreenFileParser.yaml(data, origin: origin)
            }
        var reader = ScreenFileReader(origin: origin)
        return try reader.screen(tree)
    }

    /// The screen as pretty-printed JSON with sorted keys, defaults left out (decodes back to an
    /// equal screen when its colours are 8-bit exact, as every decoded colour is).
    public static func encode(_ screen: Screen) throws -> Data {
        try JSONSerialization.data(
            withJSONObject: ScreenFileWriter.value(screen).foundationObject,
            options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    private static func tooLarge(_ size: Int, origin: String) -> ScreenFileError {
        ScreenFileError(
            file: origin, path: "", reason: .tooLarge,
            message: "the file is \(size) bytes; screen files are limited to \(maximumFileSize) bytes (8 MB)")
    }
}
