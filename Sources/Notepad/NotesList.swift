import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// How the notes list sizes its rows.
public enum RowHeightRule: String, Hashable, Sendable, CaseIterable {
    /// The seed's `tableView:heightForRowAtIndexPath:`: a label holding "test" in the headline
    /// font, sized to fit, × 1.7. One height for every row; long titles are truncated.
    case seed
    /// Self-sizing cells: the title laid out at the table width minus the insets, on as many lines
    /// as it needs, plus the vertical insets.
    case selfSizing
}

/// One row of the notes list.
package struct NotesListRow: Hashable, Sendable {
    /// Index in the list.
    public var index: Int
    /// The note's title.
    public var title: String
    /// Row height in points.
    public var height: Double
    /// Lines the title takes in its row.
    public var titleLines: Int
    /// The title did not fit its row and was cut with "…".
    public var isTruncated: Bool
    /// The title's storage (headline, the seed's blue, letterpress), laid out in the row.
    public var lines: [LineFragment]
    /// Font fallbacks and missing glyphs in the title.
    public var fallbacks: [LayoutFallback]
}

/// The seed's notes list (`NotesListViewController`): titles in the headline style, blue and
/// letterpressed, one row per note; it observes the change hub and recomputes every row height on
/// a category change, like the seed's `reloadData` — no height survives from the old category.
public final class NotesList: ContentSizeObserver, ViewTransitionObserver {
    /// The seed's title colour (0.175, 0.458, 0.831).
    public static let titleColor = RGBAColor.seedTitleBlue
    /// Insets of the cell's text label (UITableViewCell's default layout margins: 16 pt sides, 11 pt top/bottom).
    public static let horizontalInset = 16.0
    /// Space above and below a row's title (`UITableViewCell`'s 11 pt layout margin).
    public static let verticalInset = 11.0

    /// The notes shown.
    public let notes: [Note]
    /// Table width in points.
    public private(set) var width: Double
    /// How rows are sized.
    public let rule: RowHeightRule
    /// The setting the rows were computed for.
    public private(set) var setting: TextSizeSetting
    /// The rows, computed for ``setting``.
    package private(set) var rows: [NotesListRow] = []
    /// The headline font in use.
    public private(set) var headline: ResolvedFont
    /// The seed rule's label height ("test" sized to fit) before × 1.7.
    public private(set) var testLabelHeight: Double = 0
    /// How many times rows were recomputed (once per build and per change).
    public private(set) var reloadCount = 0

    private let resolver: FontResolver
    private let profile: TypeRampProfile

    /// A list of `notes` at `width`, computed for `setting`.
    public init(
        notes: [Note], width: Double, rule: RowHeightRule = .seed, setting: TextSizeSetting, profile: TypeRampProfile = .ios,
        resolver: FontResolver
    ) throws {
        guard width > 2 * Self.horizontalInset else { throw LayoutError.invalidWidth(width) }
        self.notes = notes
        self.width = width
        self.rule = rule
        self.setting = setting
        self.profile = profile
        self.resolver = resolver
        self.headline = try resolver.resolve(
            FontDescriptor.preferred(
                for: .headline, category: setting.category, legibilityWeight: setting.legibilityWeight, profile: profile))
        try reloadData()
    }

    /// Re-resolves the headline font for `setting` and recomputes every row (the seed's
    /// `preferredContentSizeChanged:` → `reloadData`).
    public func update(to setting: TextSizeSetting) throws {
        self.setting = setting
        headline = try resolver.resolve(
            FontDescriptor.preferred(
                for: .headline, category: setting.category, legibilityWeight: setting.legibilityWeight, profile: profile))
        try reloadData()
    }

    /// Recomputes `rows` from scratch for the current setting.
    public func reloadData() throws {
        reloadCount += 1
        // The seed's static label: "test" in the headline font, sizeToFit, × 1.7. A one-line UILabel
        // sizes to its font's own line height (UIFont.lineHeight: ascender − descender + line gap),
        // not to the type ramp's leading.
        testLabelHeight = headline.lineHeight
        let seedHeight = testLabelHeight * 1.7
        let textWidth = width - 2 * Self.horizontalInset
        var rows: [NotesListRow] = []
        rows.reserveCapacity(notes.count)
        for (index, note) in notes.enumerated() {
            let storage = TextStorage(string: note.title, attributes: Self.titleAttributes(headline))
            let manager = try LayoutManager(resolver: resolver, defaultFont: headline)
            let container = TextContainer(size: Size(width: textWidth, height: .infinity), lineFragmentPadding: 0)
            if rule == .seed {
                // A UITableViewCell's textLabel: one line, truncated at the tail.
                container.maximumNumberOfLines = 1
                container.lineBreakMode = .byTruncatingTail
            }
            manager.addTextContainer(container)
            manager.attach(to: storage)
            let lines = manager.lineFragments
            let height: Double
            switch rule {
            case .seed: height = seedHeight
            case .selfSizing: height = (lines.last?.rect.maxY ?? testLabelHeight) + 2 * Self.verticalInset
            }
            rows.append(
                NotesListRow(
                    index: index, title: note.title, height: height, titleLines: max(1, manager.numberOfLines),
                    isTruncated: lines.contains(where: \.isTruncated) || manager.overflowRange != nil, lines: lines,
                    fallbacks: manager.fallbacks))
        }
        self.rows = rows
    }

    /// A rotation: the table takes the new width and recomputes every row (`reloadData`).
    public func viewWillTransition(to size: Size) throws {
        guard size.width > 2 * Self.horizontalInset else { throw LayoutError.invalidWidth(size.width) }
        width = size.width
        try reloadData()
    }

    /// Total height of all rows (the table's content height).
    public var contentHeight: Double { rows.reduce(0) { $0 + $1.height } }

    /// The seed's title attributes: headline font, blue, letterpress.
    public static func titleAttributes(_ headline: ResolvedFont) -> TextAttributes {
        var attributes = TextAttributes(resolvedFont: headline)
        attributes.foregroundColor = titleColor
        attributes.textEffect = .letterpress
        return attributes
    }

    /// Recomputes the rows on each change of a hub the list is registered with
    /// (`hub.observe(list)`; the hub holds it weakly).
    public func contentSizeDidChange(_ change: ContentSizeChange) throws {
        try update(to: change.new)
    }
}
