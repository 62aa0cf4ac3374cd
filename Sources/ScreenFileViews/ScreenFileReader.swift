import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation

/// Screen files as a reader of views: `*.screen.json|yaml|yml` files and the screen files
/// directly in a folder, each a screen checked in every locale of the run (``ScreenSource``);
/// strings files beside them (`.xcstrings`, `.strings`, `.stringsdict`, given with `--strings`)
/// and the images and fonts screens name (`.png`, `.ttf`, `.otf`, `.ttc`) are their companions,
/// never reported as unread. Findings are located at the line of the view's object in the file.
package struct ScreenFileReader: ViewSourceReader {
    /// The screen files' reader.
    package init() {}

    /// The extensions of files that live beside screens (lower case, with the dot): strings files,
    /// and the images and fonts screens name.
    static let companionSuffixes = [".xcstrings", ".strings", ".stringsdict", ".png", ".ttf", ".otf", ".ttc"]

    package var name: String { "screen files" }

    package var claimsDescription: String { "screen files (*.screen.json|yaml|yml)" }

    package func claims(file: String) -> Bool { ScreenFile.isScreenFile(file) }

    package func companion(file: String) -> Bool {
        let lower = file.lowercased()
        return Self.companionSuffixes.contains { lower.hasSuffix($0) }
    }

    package func read(_ files: [String], context: ViewReadContext) throws(InputProblem) -> ViewReading {
        var documents: [ScreenDocument] = []
        for path in files where !companion(file: path) {
            for file in Self.screenFiles(at: path) {
                var document = try Self.loadScreen(file)
                document.slug = context.uniqueID(document.slug)
                documents.append(document)
            }
        }
        guard !documents.isEmpty else { return ViewReading() }
        var source = ScreenSource(screens: documents, locales: context.locales, strings: context.strings)
        source.locator = ScreenFileLineLocator()
        // The screen files and the text files their text views read.
        let read = documents.flatMap { document in
            (document.source.map { [$0] } ?? []) + document.screen.referencedFiles(base: document.baseDirectory)
        }
        return ViewReading(sources: [source], readFiles: read, watchedFiles: read)
    }

    /// The screen files a path names: itself when it is one, the `*.screen.*` files of a folder
    /// (sorted by name), else none.
    package static func screenFiles(at path: String) -> [String] {
        if ScreenFile.isScreenFile(path) { return [path] }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return [] }
        return names.sorted().filter { !$0.hasPrefix(".") && ScreenFile.isScreenFile($0) }.map {
            (path as NSString).appendingPathComponent($0)
        }.filter { FolderLink.refusal($0, inFolder: path) == nil }  // never out of the folder through a link
    }

    /// One screen file, with its folder as the base of relative paths; the slug is the file name
    /// without `.screen.json`.
    ///
    /// - Throws: ``InputProblem``: unreadable when the file is missing or cannot be read, invalid
    ///   when it is not a valid screen (the file, JSON path and what is allowed).
    package static func loadScreen(_ path: String) throws(InputProblem) -> ScreenDocument {
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputProblem(file: path, kind: .unreadable, fullMessage: "screen file '\(path)' does not exist")
        }
        do {
            let screen = try ScreenFile.read(path: path)
            var name = (path as NSString).lastPathComponent
            for suffix in [".screen.json", ".screen.yaml", ".screen.yml"] where name.lowercased().hasSuffix(suffix) {
                name = String(name.dropLast(suffix.count))
            }
            return ScreenDocument(
                screen: screen, slug: ScreenDocument.slug(name), source: path,
                baseDirectory: (path as NSString).deletingLastPathComponent)
        } catch {
            throw InputProblem(file: path, kind: error.reason == .unreadable ? .unreadable : .invalid, fullMessage: error.description)
        }
    }
}

/// Findings in a screen file at the line declaring the view their element names (its `id`),
/// each file read once however many findings it has.
struct ScreenFileLineLocator: ScreenLineLocator {
    /// Screen files' texts, read once each (a file declares many views).
    private let texts = LockedDictionary<String, String>()

    func line(of finding: Finding, in view: SourceView, file: String) -> Int? {
        guard let id = ScreenFileLines.viewID(inElement: finding.element) else { return nil }
        // Hostile files are size-checked when read; the text read again here is the same file.
        let text = texts.value(for: file) {
            (try? InputFile.read(atPath: file, limit: .default)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        return ScreenFileLines.line(declaring: id, in: text)
    }
}
