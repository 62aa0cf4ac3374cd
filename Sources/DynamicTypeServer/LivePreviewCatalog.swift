import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import DynamicTypeScreens
import Foundation

/// What `dyntype serve` shows: the views a ``ViewSourceRegistry`` reads from its paths, with
/// their strings, reloaded when a file changes. A broken file leaves the last good views in place and is reported as an
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
        var strings: StringTable
        var locales: [String?]
        /// The views' sources, as the registry read them.
        var sources: [any ViewSource]
        /// The files the views were read from (watched beyond the paths).
        var readFiles: [String]
        var views: [View]
        /// A digest of each view's inputs, to tell which views an edit changed.
        var fingerprints: [String: Int]
        var errors: [String]
    }

    /// What to read: the paths, strings, locales and source options.
    package let selection: ViewInputSelection
    /// The readers.
    package let registry: ViewSourceRegistry
    /// The settings views are read with (the device figures are placed on).
    package let settings: AuditSettings

    private let lock = NSLock()
    private var state: State

    /// Loads the inputs of `selection` with `registry` (throwing when nothing can be shown at all).
    package init(selection: ViewInputSelection, registry: ViewSourceRegistry, settings: AuditSettings) throws {
        self.selection = selection
        self.registry = registry
        self.settings = settings
        state = State(generation: 0, strings: StringTable(), locales: [nil], sources: [], readFiles: [], views: [], fingerprints: [:], errors: [])
        let (loaded, errors) = Self.load(selection: selection, registry: registry, settings: settings)
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

    /// The sources of the current views.
    package var sources: [any ViewSource] { current.sources }

    /// The generation: it grows on every reload that changed something.
    package var generation: Int { current.generation }

    /// The views, in the contact sheet's order.
    package var views: [View] { current.views }

    /// The errors of the last reload (empty when every file is good).
    package var errors: [String] { current.errors }

    /// Loads again; returns the ids of views whose inputs changed (empty when nothing did) and
    /// whether the errors changed.
    package func reload() -> (changed: [String], errorsChanged: Bool) {
        let (loaded, errors) = Self.load(selection: selection, registry: registry, settings: settings)
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
        // Sources may read folders at any depth (Swift), so every file read is watched one by one;
        // the paths' own listings show new files.
        for path in selection.paths + selection.strings + selection.tokenMaps + current.readFiles {
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

    private static func load(selection given: ViewInputSelection, registry: ViewSourceRegistry, settings: AuditSettings) -> (State?, [String]) {
        // The strings files beside the inputs are found again on every load, as `preview` finds
        // them once: a `de.lproj/Main.strings` added while serving is used from the next reload.
        var selection = given
        selection.discoverStrings(registry: registry)
        do {
            var warnings: [String] = []
            let table = try selection.stringTable { warnings.append($0) }
            let (chosen, _) = try ScreenLocales.select(
                selection.locales, table: table, stringsGiven: !selection.strings.isEmpty, pseudo: selection.pseudo, files: selection.strings)
            let reading = try registry.read(selection.readContext(settings: settings, strings: table, locales: chosen))
            // Any change to a strings file changes every view that may use it. Read through
            // InputFile: a strings path that became a FIFO must not stop the watcher. Every byte is
            // hashed: `Data.hashValue` covers only the count and the first 80 bytes, so an edit that
            // kept a file's size went unseen.
            var stringsHasher = Hasher()
            for path in selection.stringsInUse {
                let data = (try? InputFile.read(atPath: path, limit: .default)) ?? Data()
                stringsHasher.combine(data.count)
                data.withUnsafeBytes { stringsHasher.combine(bytes: $0) }
            }
            let stringsPrint = stringsHasher.finalize()
            var fingerprints: [String: Int] = [:]
            for (source, view) in reading.sources.allViews { fingerprints[view.id] = source.fingerprint(of: view) ^ stringsPrint }
            let issues = warnings + reading.problems.map(\.description)
            return (
                State(
                    generation: 0, strings: table, locales: chosen, sources: reading.sources,
                    readFiles: reading.watchedFiles + selection.discoveredStrings,
                    views: reading.sources.allViews.map { View($0.view) }, fingerprints: fingerprints, errors: issues),
                issues
            )
        } catch {
            return (nil, ["\(error)"])
        }
    }
}
