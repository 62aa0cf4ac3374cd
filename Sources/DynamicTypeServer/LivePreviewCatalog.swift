import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import Notepad
import NotepadViews

/// What `dyntype serve` shows: the notes and screens of its paths with their strings, reloaded
/// when a file changes. A broken file leaves the last good views in place and is reported as an
/// error (file, and line or JSON path, as the loaders say it) until it is fixed.
package final class LivePreviewCatalog: @unchecked Sendable {
    /// One view the page shows.
    package struct View: Codable, Hashable, Sendable {
        /// The view's id (``SourceView/id``).
        package var id: String
        /// Its title.
        package var title: String
        /// `list`, `note`, `screen` (``ViewKind``).
        package var kind: String
        /// The locale a screen is shown in.
        package var locale: String?
        /// The file it comes from (nil for the list and the bundled samples).
        package var source: String?

        /// The page's entry for `view`.
        init(_ view: SourceView) {
            id = view.id
            title = view.title
            kind = view.kind.rawValue
            locale = view.locale
            source = view.location
        }
    }

    /// A loaded state.
    struct State: @unchecked Sendable {
        var generation: Int
        var inputs: ViewInputs
        var strings: StringTable
        var locales: [String?]
        /// The inputs as view sources (``ViewInputs/sources(locales:strings:openNotes:notepad:)``).
        var sources: [any ViewSource]
        var views: [View]
        /// A digest of each view's inputs, to tell which views an edit changed.
        var fingerprints: [String: Int]
        var errors: [String]
    }

    /// The paths given (note files and folders, screen files and folders).
    package let paths: [String]
    /// `--strings` files.
    package let stringsPaths: [String]
    /// `--fonts map.yml` token maps of SwiftUI sources.
    package let tokenMaps: [String]
    /// `--locales`.
    package let localeSpec: String?
    /// `--pseudo`.
    package let pseudo: Bool
    /// The notepad's row heights, highlight rules, editor layout, figures and exclusions.
    package let notepad: NotepadSettings

    private let lock = NSLock()
    private var state: State

    /// Loads the inputs (throwing when nothing can be shown at all).
    package init(
        paths: [String], strings: [String], tokenMaps: [String] = [], locales: String?, pseudo: Bool, notepad: NotepadSettings = NotepadSettings()
    ) throws {
        self.paths = paths
        stringsPaths = strings
        self.tokenMaps = tokenMaps
        localeSpec = locales
        self.pseudo = pseudo
        self.notepad = notepad
        state = State(
            generation: 0, inputs: ViewInputs(notes: [], issues: [], screens: []), strings: StringTable(), locales: [nil], sources: [],
            views: [], fingerprints: [:], errors: [])
        let (loaded, errors) = Self.load(paths: paths, strings: strings, tokenMaps: tokenMaps, locales: locales, pseudo: pseudo, notepad: notepad)
        guard var loaded else { throw LoadFailure(description: errors.joined(separator: "\n")) }
        loaded.generation = 1
        state = loaded
    }

    /// Why nothing could be loaded.
    package struct LoadFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The current state.
    var current: State { lock.withLock { state } }

    /// The generation: it grows on every reload that changed something.
    package var generation: Int { current.generation }

    /// The views, in the contact sheet's order.
    package var views: [View] { current.views }

    /// The errors of the last reload (empty when every file is good).
    package var errors: [String] { current.errors }

    /// Loads again; returns the ids of views whose inputs changed (empty when nothing did) and
    /// whether the errors changed.
    package func reload() -> (changed: [String], errorsChanged: Bool) {
        let (loaded, errors) = Self.load(paths: paths, strings: stringsPaths, tokenMaps: tokenMaps, locales: localeSpec, pseudo: pseudo, notepad: notepad)
        return lock.withLock {
            let errorsChanged = errors != state.errors
            guard var loaded else {
                // Keep the last good views; show the error.
                state.errors = errors
                if errorsChanged { state.generation += 1 }
                return ([], errorsChanged)
            }
            let changed = loaded.views.map(\.id).filter { loaded.fingerprints[$0] != state.fingerprints[$0] }
                + state.views.map(\.id).filter { loaded.fingerprints[$0] == nil }
            guard !changed.isEmpty || errorsChanged || loaded.views != state.views else { return ([], false) }
            loaded.generation = state.generation + 1
            loaded.errors = errors
            state = loaded
            return (changed, errorsChanged)
        }
    }

    /// Every file the views depend on with its modification time and size (for the watcher).
    package func watchedFiles() -> [String: String] {
        var files: [String: String] = [:]
        func add(_ path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
                files[path] = "missing"
                return
            }
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            files[path] = "\(date)|\(attributes[.size] as? Int ?? 0)"
        }
        // Swift sources are read from folders at any depth, so their files are watched one by one.
        for path in paths + stringsPaths + tokenMaps + ViewInputs.swiftFiles(paths) {
            add(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                let names = try? FileManager.default.contentsOfDirectory(atPath: path)
            {
                for name in names where !name.hasPrefix(".") { add((path as NSString).appendingPathComponent(name)) }
            }
        }
        return files
    }

    private static func load(
        paths: [String], strings: [String], tokenMaps: [String], locales: String?, pseudo: Bool, notepad: NotepadSettings
    ) -> (State?, [String]) {
        do {
            let inputs = try ViewInputs.load(paths, tokenMaps: tokenMaps)
            let table = try StringTable.load(files: strings)
            let (chosen, _) = try ScreenLocales.select(
                locales, table: table, stringsGiven: !strings.isEmpty, pseudo: pseudo, files: strings)
            let sources = inputs.sources(locales: chosen, strings: table, notepad: notepad)
            var fingerprints: [String: Int] = [:]
            // Any change to a strings file changes every screen that may use it. Read through
            // InputFile: a strings path that became a FIFO must not stop the watcher. Every byte is
            // hashed: `Data.hashValue` covers only the count and the first 80 bytes, so an edit that
            // kept a file's size went unseen.
            var stringsHasher = Hasher()
            for path in strings {
                let data = (try? InputFile.read(atPath: path, limit: .default)) ?? Data()
                stringsHasher.combine(data.count)
                data.withUnsafeBytes { stringsHasher.combine(bytes: $0) }
            }
            let stringsPrint = stringsHasher.finalize()
            if !inputs.notes.isEmpty {
                fingerprints["list"] = inputs.notes.map(\.title).hashValue
                for note in inputs.notes { fingerprints[note.slug] = note.contents.hashValue }
            }
            for document in inputs.screens {
                for locale in chosen { fingerprints[document.viewID(locale: locale)] = document.screen.hashValue ^ stringsPrint ^ (document.engine?.fingerprint ?? 0) }
            }
            let issues = inputs.issues.map(\.description)
            return (
                State(
                    generation: 0, inputs: inputs, strings: table, locales: chosen, sources: sources,
                    views: sources.allViews.map { View($0.view) }, fingerprints: fingerprints,
                    errors: issues),
                issues
            )
        } catch {
            return (nil, ["\(error)"])
        }
    }
}
