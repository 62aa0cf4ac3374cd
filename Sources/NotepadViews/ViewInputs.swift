import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSwiftUI
import Foundation
import Notepad

/// The notes and screens named by paths — what `preview`, `switch`, `snapshot` and `serve` check
/// (``sources(locales:strings:openNotes:notepad:)`` makes them view sources):
/// note files and folders, screen files (`*.screen.json|yaml|yml`), and folders holding both;
/// SwiftUI views read from `.swift` files and folders of them (with `*.fonts.yml` token maps), as
/// screens laid out with SwiftUI's rules (`DynamicTypeSwiftUI`).
package struct ViewInputs: Sendable {
    /// The notes, with slugs unique among all views (`list` is reserved).
    package var notes: [Note]
    /// What went wrong loading notes in folders (the others loaded).
    package var issues: [NoteLoadIssue]
    /// The screens, with slugs unique among all views.
    package var screens: [ScreenDocument]

    /// Inputs already loaded.
    package init(notes: [Note], issues: [NoteLoadIssue], screens: [ScreenDocument]) {
        self.notes = notes
        self.issues = issues
        self.screens = screens
    }

    /// The inputs as view sources: the notepad with `notepad` (`openNotes` limits its editors;
    /// without notes it offers no view, but its settings still reach the reports) and the screens,
    /// each in each of `locales`, their keys looked up in `strings`.
    package func sources(
        locales: [String?] = [nil], strings: StringTable = StringTable(), openNotes: [Int]? = nil,
        notepad: NotepadSettings = NotepadSettings()
    ) -> [any ViewSource] {
        var sources: [any ViewSource] = [NotepadSource(notes: notes, openNotes: openNotes, settings: notepad)]
        if !screens.isEmpty { sources.append(ScreenSource(screens: screens, locales: locales, strings: strings)) }
        return sources
    }

    /// Every file the inputs were read from (notes and screens): outputs never overwrite them.
    package var readFiles: [String] { notes.map(\.source) + screens.compactMap(\.source) }

    /// Files in a folder that are not notes: screens and strings files next to them.
    package static let notNotes = [
        ".screen.json", ".screen.yaml", ".screen.yml", ".xcstrings", ".strings", ".stringsdict", ".swift", ".fonts.yml", ".fonts.yaml",
    ]

    /// Why inputs could not be loaded.
    package enum LoadError: Error, CustomStringConvertible {
        /// A note path is missing, unreadable or too large (the loader's error).
        case notes(NoteLoadError)
        /// A screen file does not exist.
        case screenMissing(path: String)
        /// A screen file is invalid (the file, JSON path and what is allowed).
        case invalidScreen(ScreenFileError)
        /// A design-token map (`*.fonts.yml`) is invalid.
        case invalidTokens(DesignTokens.ReadError)
        /// A token map given with `--fonts` does not exist.
        case tokenMapMissing(path: String)

        package var description: String {
            switch self {
            case .notes(let error): error.description
            case .screenMissing(let path): "screen file '\(path)' does not exist"
            case .invalidScreen(let error): error.description
            case .invalidTokens(let error): error.description
            case .tokenMapMissing(let path):
                "token map '\(path)' (--fonts) does not exist; give a YAML file with fonts: and colors: (docs/swiftui.md)"
            }
        }
    }

    /// The notes and screens of every path in order, or the bundled sample notes when `paths` is
    /// empty; SwiftUI sources' design tokens come from the `*.fonts.yml` inputs and `tokenMaps`
    /// (`--fonts map.yml`, any name), later maps overriding earlier ones.
    package static func load(_ paths: [String], tokenMaps: [String] = [], limit: InputSizeLimit = .default) throws(LoadError) -> ViewInputs {
        do {
            for map in tokenMaps where !FileManager.default.fileExists(atPath: map) { throw LoadError.tokenMapMissing(path: map) }
            guard !paths.isEmpty else { return ViewInputs(notes: try NoteLoader.sampleNotes(), issues: [], screens: []) }
            var result = ViewInputs(notes: [], issues: [], screens: [])
            var slugs = Set<String>(["list"])
            func unique(_ slug: String) -> String {
                var candidate = slug, suffix = 2
                while !slugs.insert(candidate).inserted {
                    candidate = "\(slug)-\(suffix)"
                    suffix += 1
                }
                return candidate
            }
            var swiftPaths: [String] = []
            for path in paths {
                // Swift files, folders of them, and token maps: SwiftUI views (below), not notes.
                if DesignTokens.isTokenFile(path) { continue }
                if SwiftUIDocuments.isSwiftInput(path) {
                    swiftPaths.append(path)
                    continue
                }
                let screenFiles = Self.screenFiles(at: path)
                for file in screenFiles {
                    var document = try loadScreen(file)
                    document.slug = unique(document.slug)
                    result.screens.append(document)
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
                    result.notes.append(note)
                }
                result.issues += loaded.issues
            }
            if !swiftPaths.isEmpty {
                let tokenFiles = paths.filter(DesignTokens.isTokenFile) + tokenMaps
                let swift: (documents: [ScreenDocument], problems: [(file: String, reason: String)])
                do { swift = try SwiftUIDocuments.load(swiftPaths, tokenFiles: tokenFiles) } catch { throw LoadError.invalidTokens(error) }
                for var document in swift.documents {
                    document.slug = unique(document.slug)
                    result.screens.append(document)
                }
                // Warnings, as a large note is: the other views are checked.
                result.issues += swift.problems.map { NoteLoadIssue(path: $0.file, kind: .large, detail: $0.reason) }
            }
            return result
        } catch let error as LoadError {
            throw error
        } catch let error as NoteLoadError {
            throw .notes(error)
        } catch {
            throw .notes(.unreadable(path: paths.joined(separator: ", "), reason: "\(error)"))
        }
    }

    /// The Swift files `paths` name (files, and folders at any depth), in order.
    package static func swiftFiles(_ paths: [String]) -> [String] { paths.flatMap(SwiftUIProject.swiftFiles(at:)) }

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
        }.filter { FolderLink.refusal($0, inFolder: path) == nil }  // never out of the folder through a link (issue 32)
    }

    /// One screen file, with its folder as the base of relative paths; the slug is the file name
    /// without `.screen.json`.
    package static func loadScreen(_ path: String) throws(LoadError) -> ScreenDocument {
        guard FileManager.default.fileExists(atPath: path) else { throw .screenMissing(path: path) }
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
            throw .invalidScreen(error)
        }
    }
}
