import DynamicTypeCore
import FontSystem

/// What kind of view a source offers. An open set of names: the notepad offers `list` and `note`,
/// screen files `screen`; a new source (Swift files, storyboards) adds its own kind without
/// touching the renderer, the findings or the reports.
public struct ViewKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The kind's name in reports (`list`, `note`, `screen`).
    public var rawValue: String

    /// A kind named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The notepad's notes list.
    public static let list = ViewKind(rawValue: "list")
    /// A note's editor.
    public static let note = ViewKind(rawValue: "note")
    /// A screen (a screen file, or a screen built in Swift), in one locale.
    public static let screen = ViewKind(rawValue: "screen")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// One view a ``ViewSource`` offers: what every command calls it and how much it costs to draw.
public struct SourceView: Hashable, Sendable {
    /// The id every report, image folder and finding uses: `list`, a note's slug, a screen's slug
    /// (with `.<locale>` when checked per locale). Unique among a run's views; a single path
    /// component.
    public var id: String
    /// The title in reports (`Notes list`, a note's title, `Checkout (de)`).
    public var title: String
    /// What kind of view it is.
    public var kind: ViewKind
    /// The locale the view's text is looked up in (nil: literal text).
    public var locale: String?
    /// The file the view was read from, if any.
    public var location: String?
    /// The line of ``location`` where the view is declared (nil: the file as a whole).
    public var line: Int?
    /// A relative cost of laying out and drawing the view once, for splitting runs into shards.
    public var cost: Int
    /// How much of a view read from source was laid out (nil: all of it, as for notes and screen files).
    package var coverage: ViewCoverage?

    /// The fixed part of every view's ``cost``: drawing and compressing one screen-sized PNG.
    package static let perImageCost = 2_000

    /// A view.
    public init(
        id: String, title: String, kind: ViewKind, locale: String? = nil, location: String? = nil, line: Int? = nil, cost: Int = 1
    ) {
        self.id = id
        self.line = line
        self.title = title
        self.kind = kind
        self.locale = locale
        self.location = location
        self.cost = cost
    }
}

/// A source of views: the notepad (its list and editors), screen files, and whatever reads a
/// team's UI next. Every command — preview, switch and its sweep, snapshot, serve — asks sources
/// for their views and builds each through ``build(_:setting:settings:resolver:)``, so each
/// command says the same thing about the same view.
public protocol ViewSource: Sendable {
    /// The views in report order.
    var views: [SourceView] { get }
    /// `view` built and laid out at `setting` with `settings`: a live view that follows later size
    /// changes and rotations, as a view controller does.
    func build(_ view: SourceView, setting: TextSizeSetting, settings: AuditSettings, resolver: FontResolver) throws -> any LiveView
    /// What the views are made of (texts, file names) and the source's own settings, for the
    /// fingerprint that tells one run's shards from another's.
    var fingerprintParts: [String] { get }
    /// Settings of this source's own that reports show next to the common ones, by report field
    /// name (the notepad's `rowHeights` and `editorLayout`); empty by default.
    var reportSettings: [String: String] { get }
    /// The checks `switch` gives `view` with `settings`, each failed by a finding of its kind at
    /// warning or error; by default ``SwitchReport/screenCheckKinds``.
    func checkKinds(for view: SourceView, settings: AuditSettings) -> [Finding.Kind]
    /// The devices its views are shown on with `settings`, by name and width in points (a screen
    /// may name its own); by default the settings' device when the source has views.
    func devices(settings: AuditSettings) -> [(name: String, width: Double)]
    /// A number that changes when what `view` shows changes (the live preview redraws it); by
    /// default a digest of the source's ``fingerprintParts`` and the view's id.
    func fingerprint(of view: SourceView) -> Int
    /// Font families the views name beyond the text styles (highlight rules' fonts), which a
    /// hermetic font set must stand in for; none by default.
    var fontFamilies: [String] { get }
}

/// A count in `preview`'s summary: `5 notes + the notes list`, `4 screens in 3 locales`.
package struct ViewInventory: Hashable, Sendable {
    /// How many.
    package var count: Int
    /// The noun for one (`note`).
    package var singular: String
    /// The noun for several (`notes`).
    package var plural: String
    /// What follows the noun (` + the notes list`, ` in 3 locales`).
    package var suffix: String

    /// A count of `singular`/`plural` things.
    package init(count: Int, singular: String, plural: String, suffix: String = "") {
        (self.count, self.singular, self.plural, self.suffix) = (count, singular, plural, suffix)
    }

    /// `5 notes + the notes list`.
    package var text: String { "\(count) \(count == 1 ? singular : plural)\(suffix)" }
}

/// A source that says what it offers in its own words for `preview`'s summary line (`5 notes +
/// the notes list`); other sources' views are counted as `views`.
package protocol InventoryCounting: ViewSource {
    /// The counts.
    var inventory: [ViewInventory] { get }
}

extension ViewSource {
    /// The source's own counts, else its views counted as `views`.
    package var summaryInventory: [ViewInventory] {
        if let counting = self as? any InventoryCounting { return counting.inventory }
        return views.isEmpty ? [] : [ViewInventory(count: views.count, singular: "view", plural: "views")]
    }
}

extension ViewSource {
    /// No settings of its own in reports.
    public var reportSettings: [String: String] { [:] }

    /// The checks every screen gets (``SwitchReport/screenCheckKinds``).
    public func checkKinds(for view: SourceView, settings: AuditSettings) -> [Finding.Kind] { SwitchReport.screenCheckKinds }

    /// The settings' device when the source has views.
    public func devices(settings: AuditSettings) -> [(name: String, width: Double)] {
        views.isEmpty ? [] : [(settings.device.name, settings.device.width)]
    }

    /// A digest of ``fingerprintParts`` and the view's id.
    public func fingerprint(of view: SourceView) -> Int {
        var hasher = Hasher()
        hasher.combine(view.id)
        hasher.combine(fingerprintParts)
        return hasher.finalize()
    }

    /// None.
    public var fontFamilies: [String] { [] }
}

extension Array where Element == any ViewSource {
    /// Every source's views, in order, with the source that offers each.
    public var allViews: [(source: any ViewSource, view: SourceView)] {
        flatMap { source in source.views.map { (source, $0) } }
    }

    /// The first source's value of the report setting `key` (``ViewSource/reportSettings``), if any.
    package func reportSetting(_ key: String) -> String? {
        lazy.compactMap { $0.reportSettings[key] }.first
    }
}

/// Why a source could not build a view.
package enum ViewSourceError: Error, CustomStringConvertible {
    /// The source offers no view with this id.
    case unknownView(String)

    package var description: String {
        switch self {
        case .unknownView(let id): "no view '\(id)' in this source"
        }
    }
}
