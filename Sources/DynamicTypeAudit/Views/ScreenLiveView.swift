import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import TextStack

/// A screen on the simulated device in one locale, as a ``LiveView``: it lays itself out again at
/// a new category, as a view controller does on `UIContentSizeCategory.didChangeNotification`,
/// and for a new orientation.
package final class ScreenLiveView: LiveView {
    package let view: SourceView
    /// The screen.
    package let document: ScreenDocument
    /// The locale.
    package let locale: String?
    /// The layout at the current setting.
    package private(set) var laidOut: LaidOutScreen
    /// How many times the screen was laid out (once when built, once per change).
    package private(set) var layoutCount = 1
    /// The findings of the document's layout engine at the current setting (none for screen files).
    private var engineFindings: [Finding] = []

    private let texts: LocalizedTexts
    private var settings: AuditSettings
    private let resolver: FontResolver

    /// The screen laid out at `setting` in `locale`'s texts from `strings`.
    init(
        view: SourceView, document: ScreenDocument, locale: String?, strings: StringTable, settings: AuditSettings,
        setting: TextSizeSetting, resolver: FontResolver
    ) throws {
        self.view = view
        self.document = document
        self.locale = locale
        texts = LocalizedTexts(table: strings, locale: locale)
        var settings = settings
        settings.legibility = setting.legibilityWeight
        self.settings = settings
        self.resolver = resolver
        (laidOut, engineFindings) = try document.checkedLayout(
            category: setting.category, texts: texts, settings: settings, resolver: resolver)
    }

    package func contentSizeDidChange(_ change: ContentSizeChange) throws {
        settings.legibility = change.new.legibilityWeight
        (laidOut, engineFindings) = try document.checkedLayout(
            category: change.new.category, texts: texts, settings: settings, resolver: resolver)
        layoutCount += 1
    }

    /// A rotation: the device turns to the orientation `size` has, and the screen is laid out again.
    package func rotate(to size: Size) throws {
        settings.device = settings.device.oriented(size.width > size.height ? .landscape : .portrait)
        (laidOut, engineFindings) = try document.checkedLayout(
            category: laidOut.category, texts: texts, settings: settings, resolver: resolver)
        layoutCount += 1
    }

    package func findings(profile: TypeRampProfile) -> [Finding] {
        ReadabilityChecks.findings(in: laidOut, profile: profile) + engineFindings
    }

    package func imageCut(scale: Double) -> String? { ScreenDrawing.cut(laidOut, scale: scale) }

    package func draw(scale: Double) -> DrawnView {
        let drawn = ScreenDrawing.render(laidOut, scale: scale)
        return DrawnView(image: drawn.image, warnings: drawn.warnings, viewHeight: laidOut.foldHeight)
    }

    package var fontsUsed: [ResolvedFont] {
        var fonts = FontList()
        for view in laidOut.views {
            guard let text = view.text else { continue }
            fonts.add(text.font)
            fonts.add(text.lines)
        }
        return fonts.fonts
    }

    package var state: ViewState {
        var state = ViewState()
        state.lines = laidOut.views.reduce(0) { $0 + ($1.text?.lines.count ?? 0) }
        state.contentHeight = laidOut.contentHeight
        return state
    }

    package func staleFindings(comparedWith fresh: any LiveView) -> [Finding] {
        guard let fresh = fresh as? ScreenLiveView else { return [] }
        var findings: [Finding] = []
        // Every view's frame and font size must be what a fresh layout at the new size gives.
        for (view, freshView) in zip(laidOut.views, fresh.laidOut.views) {
            let element = "\(document.screen.name): \(view.path)"
            func add(_ message: String) {
                findings.append(
                    Finding(kind: .staleState, severity: .error, element: element, category: fresh.laidOut.category, message: message, locale: locale))
            }
            if view.frame != freshView.frame {
                add("frame \(view.frame) kept after the switch; a fresh layout gives \(freshView.frame)")
            }
            if let size = view.text?.font.pointSize, let freshSize = freshView.text?.font.pointSize, abs(size - freshSize) > 1e-9 {
                add("font \(StaleState.fmt(size)) pt kept after the switch; a fresh layout gives \(StaleState.fmt(freshSize)) pt")
            }
        }
        return findings
    }

    package func layoutDump(profile: TypeRampProfile, findings: [Finding]) -> String {
        LayoutDump.screen(laidOut, profile: profile, boldText: settings.legibility == .bold, findings: findings)
    }
}

/// Screens as a ``ViewSource``: each screen in each locale is a view (`<slug>` or
/// `<slug>.<locale>`). Screens built in Swift are used as they are; a reader of screens from files
/// (screen files, SwiftUI sources) wraps one in its own source and says where findings are in
/// its files (``ScreenLineLocator``).
public struct ScreenSource: ViewSource {
    /// The screens.
    public var screens: [ScreenDocument]
    /// The locales each screen is checked in (nil: literal text and the source language).
    public var locales: [String?]
    /// The strings screens' keys are looked up in.
    public var strings: StringTable
    /// Where in its file a finding is; nil: at the view's declaring line (``SourceView/line``), else line 1.
    package var locator: (any ScreenLineLocator)?

    /// `screens`, each in each of `locales`.
    public init(screens: [ScreenDocument], locales: [String?] = [nil], strings: StringTable = StringTable()) {
        self.screens = screens
        self.locales = locales.isEmpty ? [nil] : locales
        self.strings = strings
    }

    public var views: [SourceView] {
        screens.flatMap { document in
            locales.map { locale in
                var view = SourceView(
                    id: document.viewID(locale: locale), title: document.title(locale: locale), kind: .screen, locale: locale,
                    location: document.source, line: document.line, cost: SourceView.perImageCost + document.screen.views.count * 300)
                view.coverage = document.engine?.coverage
                return view
            }
        }
    }

    public var fingerprintParts: [String] {
        screens.map { "\($0.slug) \($0.screen.name) \($0.screen.views.count) \($0.source ?? "")" }
    }

    public func build(_ view: SourceView, setting: TextSizeSetting, settings: AuditSettings, resolver: FontResolver) throws -> any LiveView {
        guard let document = document(of: view) else { throw ViewSourceError.unknownView(view.id) }
        return try ScreenLiveView(
            view: view, document: document, locale: view.locale, strings: strings, settings: settings, setting: setting, resolver: resolver)
    }

    /// The screen `view` shows.
    package func document(of view: SourceView) -> ScreenDocument? {
        screens.first { document in locales.contains { document.viewID(locale: $0) == view.id } }
    }

    /// `4 screens in 3 locales`.
    package var inventory: [ViewInventory] {
        screens.isEmpty ? [] : [ViewInventory(count: screens.count, singular: "screen", plural: "screens", suffix: locales.count > 1 ? " in \(locales.count) locales" : "")]
    }

    /// Each screen's own device (or width), else the settings'.
    public func devices(settings: AuditSettings) -> [(name: String, width: Double)] {
        screens.map { document in
            let device = document.device(for: settings)
            return (device.name, document.screen.width ?? device.width)
        }
    }

    /// The screen's content and its layout engine's view.
    public func fingerprint(of view: SourceView) -> Int {
        guard let document = document(of: view) else { return 0 }
        return document.screen.hashValue ^ (document.engine?.fingerprint ?? 0)
    }
}

/// Where in a screen's file a finding is, for sources whose screens come from files (the line of
/// a screen file's view object, the Swift line a SwiftUI element names).
package protocol ScreenLineLocator: Sendable {
    /// The 1-based line of `finding` in `file` (which `view` was read from), or nil to use the
    /// view's declaring line.
    func line(of finding: Finding, in view: SourceView, file: String) -> Int?
}

extension ScreenSource: InventoryCounting {}

extension ScreenSource: LocatingViewSource {
    /// The line the ``locator`` gives, else the line declaring the view, else the file's first line.
    package func findingLocation(of finding: Finding, in view: SourceView) -> FindingLocation? {
        guard let path = view.location, FileManager.default.fileExists(atPath: path) else { return nil }
        return FindingLocation(path: path, line: locator?.line(of: finding, in: view, file: path) ?? view.line ?? 1)
    }
}
