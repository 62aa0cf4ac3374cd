import DynamicTypeCore
import FontSystem
import Foundation
import Rendering

/// Where a preview's images go (a folder, written atomically, in `dyntype preview`).
public protocol PreviewImageSink: Sendable {
    /// Stores `image` as the PNG `relativePath` (e.g. `list/03-large.png`).
    func writePNG(_ image: RGBAImage, to relativePath: String) throws
}

/// The preview as a use case: every view of every source — the notepad's list and editors, each
/// screen in each locale, whatever a source offers — rendered at each category through
/// ``ViewRenderer``, with its findings, numbers and thumbnails for a contact sheet. Categories
/// render in parallel; images go to a ``PreviewImageSink`` as they are drawn, so memory holds one
/// category's views per job.
///
/// ```swift
/// let preview = Preview(sources: [ScreenSource(screens: screens)], settings: AuditSettings(), scale: 2, resolver: try .shared(), sink: folder)
/// let results = try preview.renderAll(categories: ContentSizeCategory.allCases, jobs: 2)
/// ```
public struct Preview: Sendable {
    /// Where the views come from.
    public let sources: [any ViewSource]
    /// Every view, in report order, with its source.
    public let views: [(source: any ViewSource, view: SourceView)]
    /// How the views are built.
    public let settings: AuditSettings
    /// Pixels per point.
    public let scale: Double
    /// Where fonts come from.
    public let resolver: FontResolver
    /// Where the images go.
    public var sink: any PreviewImageSink
    /// How the contact sheet fits: thumbnails are made only for the views it shows.
    package let sheet: ContactSheetImage.Fit
    /// The items (``itemKey(view:category:)``) this run renders — one shard's — or nil for all.
    public var onlyItems: Set<String>? = nil

    /// A preview of the views of `sources`.
    public init(sources: [any ViewSource], settings: AuditSettings, scale: Double, resolver: FontResolver, sink: any PreviewImageSink) {
        self.sources = sources
        views = sources.allViews
        self.settings = settings
        self.scale = scale
        self.resolver = resolver
        self.sink = sink
        sheet = ContactSheetImage.Fit(views: views.count, viewWidth: settings.device.width, viewHeight: settings.device.height)
    }

    /// The key of `view` at `category` in shard plans: its PNG's path without extension.
    public static func itemKey(view: String, category: ContentSizeCategory) -> String { "\(view)/\(category.fileStem)" }

    /// Whether this run renders `view` at `category`.
    func renders(_ view: String, _ category: ContentSizeCategory) -> Bool {
        onlyItems?.contains(Self.itemKey(view: view, category: category)) ?? true
    }

    /// What one view gave at one category.
    public struct ViewResult: Sendable {
        /// The PNG's path relative to the output folder.
        public var file: String
        /// The findings, named by the view's id.
        public var findings: [Finding]
        /// The view's numbers (lines, row heights, containers, content height).
        public var state: ViewState
    }

    /// What one category gave.
    public struct CategoryResult: Sendable {
        /// The category.
        public var category: ContentSizeCategory
        /// View id → what it gave (views another shard draws are absent).
        public var views: [String: ViewResult]
        /// Every font drawn with.
        public var fonts: [ResolvedFont]
        /// What the canvas could not draw.
        public var warnings: [String]
        /// View id → thumbnail for the contact sheet.
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

    /// Renders one category: every view this run draws.
    public func render(_ category: ContentSizeCategory) throws -> CategoryResult {
        var result = CategoryResult(category: category, views: [:], fonts: [], warnings: [], thumbnails: [:])
        for (position, entry) in views.enumerated() where renders(entry.view.id, category) {
            let rendered = try ViewRenderer.render(
                entry.view, of: entry.source, category: category, settings: settings, scale: scale, resolver: resolver)
            let file = "\(entry.view.id)/\(category.fileStem).png"
            try sink.writePNG(rendered.image, to: file)
            if position < sheet.shownViews {
                result.thumbnails[entry.view.id] = ContactSheetImage.thumbnail(
                    rendered.image, viewHeight: rendered.viewHeight, scale: scale, width: sheet.thumbnailWidth)
            }
            result.views[entry.view.id] = ViewResult(file: file, findings: rendered.findings, state: rendered.state)
            result.fonts += rendered.fonts
            result.warnings += rendered.warnings
        }
        return result
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
