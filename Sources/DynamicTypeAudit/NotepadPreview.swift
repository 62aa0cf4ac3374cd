import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import Notepad
import Rendering
import TextStack

/// Where a preview's images go (a folder, written atomically, in `dyntype preview`).
public protocol PreviewImageSink: Sendable {
    /// Stores `image` as the PNG `relativePath` (e.g. `list/03-large.png`).
    func writePNG(_ image: RGBAImage, to relativePath: String) throws
}

/// The preview as a use case: the notes list and every note's editor — and every screen in every
/// locale — drawn at each category, their findings (``ReadabilityChecks``), line counts and row
/// heights, and thumbnails for a contact sheet. Without notes there is no notes list. Categories render in parallel; images go to a ``PreviewImageSink`` as they
/// are drawn, so memory holds one category's views per job.
///
/// ```swift
/// let preview = NotepadPreview(notes: notes, settings: AuditSettings(), scale: 2, resolver: try .shared(), sink: folder)
/// let results = try preview.renderAll(categories: ContentSizeCategory.allCases, jobs: 2)
/// ```
public struct NotepadPreview: Sendable {
    /// The notes.
    public let notes: [Note]
    /// The screens.
    public let screens: [ScreenDocument]
    /// The locales each screen is checked in (nil: literal text and the source language).
    public let locales: [String?]
    /// The strings screens' keys are looked up in.
    public let strings: StringTable
    /// How the views are built.
    public let settings: AuditSettings
    /// Pixels per point.
    public let scale: Double
    /// Where fonts come from.
    public let resolver: FontResolver
    /// Where the images go.
    public var sink: any PreviewImageSink
    /// How the contact sheet fits: thumbnails are made only for the views it shows.
    public let sheet: ContactSheetImage.Fit
    /// The items (``itemKey(view:category:)``) this run renders — one shard's — or nil for all.
    public var onlyItems: Set<String>? = nil

    /// A preview of `notes` and of `screens` in each of `locales`.
    public init(
        notes: [Note], screens: [ScreenDocument] = [], locales: [String?] = [nil], strings: StringTable = StringTable(),
        settings: AuditSettings, scale: Double, resolver: FontResolver, sink: any PreviewImageSink
    ) {
        self.notes = notes
        self.screens = screens
        self.locales = locales.isEmpty ? [nil] : locales
        self.strings = strings
        self.settings = settings
        self.scale = scale
        self.resolver = resolver
        self.sink = sink
        sheet = ContactSheetImage.Fit(
            views: (notes.isEmpty ? 0 : notes.count + 1) + screens.count * self.locales.count, viewWidth: settings.device.width,
            viewHeight: settings.device.height)
    }

    /// Every view's id in report order: `list` and the note slugs (when there are notes), then each
    /// screen in each locale.
    public static func viewIDs(notes: [Note], screens: [ScreenDocument], locales: [String?]) -> [String] {
        let locales = locales.isEmpty ? [nil] : locales
        return (notes.isEmpty ? [] : ["list"] + notes.map(\.slug))
            + screens.flatMap { document in locales.map { document.viewID(locale: $0) } }
    }

    /// The screens' views in order: each screen in each locale.
    public var screenViews: [(document: ScreenDocument, locale: String?)] {
        screens.flatMap { document in locales.map { (document, $0) } }
    }

    /// The key of `view` at `category` in shard plans: its PNG's path without extension.
    public static func itemKey(view: String, category: ContentSizeCategory) -> String { "\(view)/\(category.fileStem)" }

    /// Whether this run renders `view` at `category`.
    func renders(_ view: String, _ category: ContentSizeCategory) -> Bool {
        onlyItems?.contains(Self.itemKey(view: view, category: category)) ?? true
    }

    /// What one category gave.
    public struct CategoryResult: Sendable {
        public var category: ContentSizeCategory
        public var listFile: String
        public var listRowHeights: [Double]
        public var listFindings: [Finding]
        public var noteFiles: [String: String]
        public var noteFindings: [String: [Finding]]
        public var noteLines: [String: Int]
        /// Note slug → its text containers (columns or pages), when there are several.
        public var noteContainers: [String: [ContainerUsage]]
        /// Screen view id (``ScreenDocument/viewID(locale:)``) → PNG path.
        public var screenFiles: [String: String]
        /// Screen view id → findings.
        public var screenFindings: [String: [Finding]]
        /// Screen view id → content height in points.
        public var screenHeights: [String: Double]
        public var fonts: [ResolvedFont]
        public var warnings: [String]
        /// View id (`list` or a note slug) → thumbnail for the contact sheet.
        public var thumbnails: [String: RGBAImage]
    }

    /// Renders every category, `jobs` at a time; `categoryDone` is called as each finishes.
    public func renderAll(
        categories: [ContentSizeCategory], jobs: Int, categoryDone: @escaping @Sendable (ContentSizeCategory) -> Void = { _ in }
    ) throws -> [CategoryResult] {
        let results = LockedResults<CategoryResult>(count: categories.count)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, jobs)
        for (index, category) in categories.enumerated() {
            queue.addOperation {
                do {
                    results.set(index, .success(try render(category)))
                } catch {
                    results.set(index, .failure(error))
                }
                categoryDone(category)
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        return try results.values().map { try $0.get() }
    }

    /// Renders one category: the list, every editor and every screen in every locale.
    public func render(_ category: ContentSizeCategory) throws -> CategoryResult {
        var result = CategoryResult(
            category: category, listFile: "", listRowHeights: [], listFindings: [], noteFiles: [:], noteFindings: [:],
            noteLines: [:], noteContainers: [:], screenFiles: [:], screenFindings: [:], screenHeights: [:], fonts: [], warnings: [], thumbnails: [:])
        if !notes.isEmpty { try renderNotepad(category, into: &result) }
        var shown = notes.isEmpty ? 0 : notes.count + 1
        for (document, locale) in screenViews {
            let id = document.viewID(locale: locale)
            guard renders(id, category) else {
                shown += 1
                continue
            }
            let rendered = try ViewRendering.screen(
                document, locale: locale, strings: strings, settings: settings, category: category, scale: scale, resolver: resolver)
            result.fonts += rendered.fonts
            result.warnings += rendered.warnings
            let file = "\(id)/\(category.fileStem).png"
            try sink.writePNG(rendered.image, to: file)
            if shown < sheet.shownViews {
                result.thumbnails[id] = ContactSheetImage.thumbnail(
                    rendered.image, viewHeight: rendered.viewHeight, scale: scale, width: sheet.thumbnailWidth)
            }
            shown += 1
            result.screenFiles[id] = file
            result.screenFindings[id] = rendered.findings
            result.screenHeights[id] = rendered.contentHeight
        }
        return result
    }

    /// The notes list and every editor at `category`.
    private func renderNotepad(_ category: ContentSizeCategory, into result: inout CategoryResult) throws {
        // Notes list (skipped when another shard draws it).
        if renders("list", category) {
            let list = try ViewRendering.list(notes: notes, settings: settings, category: category, scale: scale, resolver: resolver)
            let file = "list/\(category.fileStem).png"
            try sink.writePNG(list.image, to: file)
            result.thumbnails["list"] = ContactSheetImage.thumbnail(
                list.image, viewHeight: list.viewHeight, scale: scale, width: sheet.thumbnailWidth)
            result.listFile = file
            result.listRowHeights = list.rowHeights ?? []
            result.listFindings = list.findings
            result.fonts += list.fonts
            result.warnings += list.warnings
        }
        for (noteIndex, note) in notes.enumerated() where renders(note.slug, category) {
            let rendered = try ViewRendering.editor(note: note, settings: settings, category: category, scale: scale, resolver: resolver)
            let file = "\(note.slug)/\(category.fileStem).png"
            try sink.writePNG(rendered.image, to: file)
            if noteIndex + 1 < sheet.shownViews {
                result.thumbnails[note.slug] = ContactSheetImage.thumbnail(
                    rendered.image, viewHeight: rendered.viewHeight, scale: scale, width: sheet.thumbnailWidth)
            }
            result.noteFiles[note.slug] = file
            result.noteFindings[note.slug] = rendered.findings
            result.noteLines[note.slug] = rendered.lines
            result.noteContainers[note.slug] = rendered.containers
            result.fonts += rendered.fonts
            result.warnings += rendered.warnings
        }
    }
}

/// Results written from several threads, read once all are done.
final class LockedResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Result<Value, any Error>?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<Value, any Error>) {
        lock.withLock { storage[index] = value }
    }

    func values() -> [Result<Value, any Error>] {
        lock.withLock { storage.map { $0 ?? .failure(CancellationError()) } }
    }
}
