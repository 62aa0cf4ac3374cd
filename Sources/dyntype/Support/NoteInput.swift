import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import Notepad

/// Loading the notes of preview, switch and snapshot: one place for how load errors become exit
/// codes, so the three commands agree (README › Exit codes).
enum NoteInput {
    /// Files in a folder that are not notes: screens and strings files next to them.
    static let notNotes = [".screen.json", ".screen.yaml", ".screen.yml", ".xcstrings", ".strings", ".stringsdict"]

    /// The notes and screens of every path in order (a folder may hold both; screen files are
    /// `*.screen.json|yaml|yml`), or the bundled sample notes when `paths` is empty.
    ///
    /// - Throws: ``CommandError``: 66 when a path is missing or cannot be read, 65 when the one file
    ///   given is over the input size limit or a screen file is invalid.
    static func load(_ paths: [String], limit: InputSizeLimit) throws -> (
        notes: [Note], issues: [NoteLoadIssue], screens: [ScreenDocument]
    ) {
        do {
            guard !paths.isEmpty else { return (try NoteLoader.sampleNotes(), [], []) }
            var notes: [Note] = []
            var issues: [NoteLoadIssue] = []
            var screens: [ScreenDocument] = []
            var slugs = Set<String>(["list"])
            func unique(_ slug: String) -> String {
                var candidate = slug, suffix = 2
                while !slugs.insert(candidate).inserted {
                    candidate = "\(slug)-\(suffix)"
                    suffix += 1
                }
                return candidate
            }
            for path in paths {
                let screenFiles = try Self.screenFiles(at: path)
                for file in screenFiles {
                    var document = try loadScreen(file)
                    document.slug = unique(document.slug)
                    screens.append(document)
                }
                if ScreenFile.isScreenFile(path) { continue }
                let loaded: (notes: [Note], issues: [NoteLoadIssue])
                do {
                    loaded = try NoteLoader.load(from: path, limit: limit, skipping: notNotes)
                } catch NoteLoadError.noNotes where !screenFiles.isEmpty {
                    continue  // a folder of screens only
                }
                // Several folders may hold notes with the same slug; output folders must stay distinct.
                for var note in loaded.notes {
                    note.slug = unique(note.slug)
                    notes.append(note)
                }
                issues += loaded.issues
            }
            return (notes, issues, screens)
        } catch let error as NoteLoadError {
            switch error {
            case .tooLarge: throw CommandError(code: SysExit.dataError, message: error.description)
            case .missing, .noNotes, .unreadable: throw CommandError(code: SysExit.noInput, message: error.description)
            }
        }
    }

    /// The screen files a path names: itself when it is one, the `*.screen.*` files of a folder
    /// (sorted by name), else none.
    static func screenFiles(at path: String) throws -> [String] {
        if ScreenFile.isScreenFile(path) { return [path] }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return [] }
        return names.sorted().filter { !$0.hasPrefix(".") && ScreenFile.isScreenFile($0) }.map {
            (path as NSString).appendingPathComponent($0)
        }
    }

    /// One screen file, with its folder as the base of relative paths; the slug is the file name
    /// without `.screen.json`.
    static func loadScreen(_ path: String) throws -> ScreenDocument {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandError(code: SysExit.noInput, message: "screen file '\(path)' does not exist")
        }
        do {
            let screen = try ScreenFile.load(path: path)
            var name = (path as NSString).lastPathComponent
            for suffix in [".screen.json", ".screen.yaml", ".screen.yml"] where name.lowercased().hasSuffix(suffix) {
                name = String(name.dropLast(suffix.count))
            }
            return ScreenDocument(
                screen: screen, slug: ScreenDocument.slug(name), source: path,
                baseDirectory: (path as NSString).deletingLastPathComponent)
        } catch {
            throw CommandError(code: SysExit.dataError, message: "\(error)")
        }
    }

    /// Prints each issue as a warning on stderr.
    static func warn(_ issues: [NoteLoadIssue]) {
        for issue in issues { Diagnostics.warning(issue.description) }
    }

    /// The exit code the issues call for once the other notes are done: 66 when a note was skipped
    /// because it could not be read or is not a regular file, else 65 for invalid UTF-8 or a note
    /// over the size limit, else nil (empty, large notes and dangling links are only warnings).
    static func exitCode(for issues: [NoteLoadIssue]) -> Int32? {
        if issues.contains(where: { $0.kind == .unreadable || $0.kind == .notRegularFile }) { return SysExit.noInput }
        if issues.contains(where: { $0.kind == .invalidUTF8 || $0.kind == .tooLarge }) { return SysExit.dataError }
        return nil
    }
}
