import DynamicTypeCore
import FontSystem
import Rendering
import TextStack

/// A view built from a ``ViewSource`` and laid out at a text-size setting. It observes size
/// changes (``ContentSizeObserver``) and rotations like a view controller, and gives every command
/// the same answers: its findings, its image, the fonts it drew with, its state for before → after
/// columns and its layout dump.
public protocol LiveView: AnyObject, ContentSizeObserver {
    /// What the view is.
    var view: SourceView { get }
    /// The findings at the current setting — not yet named by view id (``ViewRenderer`` names them).
    func findings(profile: TypeRampProfile) -> [Finding]
    /// Why the image at `scale` shows only part of the view, if it does (a sentence for an
    /// `imageCut` finding): known from the layout alone, so a sweep that draws nothing says it too.
    func imageCut(scale: Double) -> String?
    /// The view drawn at `scale` pixels per point.
    func draw(scale: Double) -> DrawnView
    /// Every font the text is drawn with — fallbacks, italics, CJK, emoji and RTL faces included —
    /// one per font file, in the order first drawn.
    var fontsUsed: [ResolvedFont] { get }
    /// Numbers reports list per category and before → after.
    var state: ViewState { get }
    /// The device turns: the view is laid out again for the new `size`.
    func rotate(to size: Size) throws
    /// The keyboard came up (or went down: 0) over the view.
    func keyboardDidChange(height: Double)
    /// Finishes lazy layout, as the first display after a change does (TextKit lays out lazily).
    func ensureLayout()
    /// What differs from `fresh`, the same view built at the current setting: state a change did
    /// not update.
    func staleFindings(comparedWith fresh: any LiveView) -> [Finding]
    /// Findings only a change shows, from the view's state before and after it (a row that kept
    /// its height although its font grew).
    func changeFindings(before: ViewState, after: ViewState) -> [Finding]
    /// The readable text dump snapshot tests compare: frames, lines, fonts and `findings`.
    func layoutDump(profile: TypeRampProfile, findings: [Finding]) -> String
}

extension LiveView {
    public func keyboardDidChange(height: Double) {}
    public func ensureLayout() {}
    public func changeFindings(before: ViewState, after: ViewState) -> [Finding] { [] }
}

/// A view drawn: its pixels and the canvas's warnings (glyphs that failed to load).
public struct DrawnView {
    /// The image.
    public var image: RGBAImage
    /// What the canvas could not draw.
    public var warnings: [String]
    /// The height of the view's first screen in points (thumbnails show it).
    public var viewHeight: Double

    /// A drawn view.
    public init(image: RGBAImage, warnings: [String], viewHeight: Double) {
        self.image = image
        self.warnings = warnings
        self.viewHeight = viewHeight
    }
}

/// The numbers a view's reports show: per category in `report.json`, before → after in a switch.
/// Each kind of view fills what applies to it.
public struct ViewState: Sendable, Equatable {
    /// Text lines (an editor's, or all of a screen's labels').
    public var lines: Int?
    /// The content's height in points.
    public var contentHeight: Double?
    /// A list's row heights in points.
    public var rowHeights: [Double]?
    /// A list's row titles.
    public var rowTitles: [String]?
    /// The font size of a list's titles.
    public var headlineSize: Double?
    /// An editor's attribute runs (`location+length@size`), to count what a restyle changed.
    public var runs: [String]?
    /// How many paragraphs the last restyle touched.
    public var paragraphsRestyled: Int?
    /// An editor's text containers (columns, pages) when there are several.
    package var containers: [ContainerUsage]?
    /// The number of text containers.
    public var containerCount: Int?
    /// The time indicator's circle (the editor's exclusion path).
    package var indicator: Circle?

    /// A circle in view coordinates.
    package struct Circle: Sendable, Equatable {
        /// Its centre.
        public var center: Point
        /// Its radius.
        public var radius: Double

        /// A circle of `radius` around `center`.
        public init(center: Point, radius: Double) {
            self.center = center
            self.radius = radius
        }
    }

    /// No numbers.
    public init() {}
}

/// Fonts gathered one per font file, in the order first drawn (a long note has tens of thousands
/// of runs): every source's ``LiveView/fontsUsed``.
package struct FontList {
    /// The fonts, in the order first drawn.
    package private(set) var fonts: [ResolvedFont] = []
    private var files = Set<String>()

    /// An empty list.
    package init() {}

    /// Adds `font` unless a font of its file is in the list.
    package mutating func add(_ font: ResolvedFont) { if files.insert(font.filePath).inserted { fonts.append(font) } }

    /// Adds the fonts of every run of `lines`.
    package mutating func add(_ lines: [LineFragment]) { for line in lines { for run in line.runs { add(run.font) } } }
}

/// Shared wording of stale-state findings.
package enum StaleState {
    /// A length in points, to 2 decimals.
    package static func fmt(_ value: Double) -> String { PointFormat.string((value * 100).rounded() / 100) }
}
