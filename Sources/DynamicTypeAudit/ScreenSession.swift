import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import Notepad
import TextStack

/// A screen on the simulated device in one locale: a view that observes the change hub and lays
/// itself out again at the new category, as a view controller does on
/// `UIContentSizeCategory.didChangeNotification`. `switch` posts changes to it next to the notepad.
public final class ScreenSession: ContentSizeObserver, ViewTransitionObserver {
    /// The screen.
    public let document: ScreenDocument
    /// The locale.
    public let locale: String?
    /// The layout at the current setting.
    public private(set) var laidOut: LaidOutScreen
    /// How many times the screen was laid out (once when built, once per change).
    public private(set) var layoutCount = 1

    private let texts: LocalizedTexts
    private var settings: AuditSettings
    private let resolver: FontResolver

    /// The screen laid out at `setting` in `locale`'s texts from `strings`.
    public init(
        document: ScreenDocument, locale: String?, strings: StringTable, settings: AuditSettings, setting: TextSizeSetting,
        resolver: FontResolver
    ) throws {
        self.document = document
        self.locale = locale
        texts = LocalizedTexts(table: strings, locale: locale)
        var settings = settings
        settings.legibility = setting.legibilityWeight
        self.settings = settings
        self.resolver = resolver
        laidOut = try document.layout(category: setting.category, texts: texts, settings: settings, resolver: resolver)
    }

    /// The name deliveries and findings use: `screen: Checkout (de)`.
    public var name: String { "screen: \(document.title(locale: locale))" }

    /// Lays the screen out again at the new category and Bold Text.
    public func contentSizeDidChange(_ change: ContentSizeChange) throws {
        settings.legibility = change.new.legibilityWeight
        laidOut = try document.layout(category: change.new.category, texts: texts, settings: settings, resolver: resolver)
        layoutCount += 1
    }

    /// A rotation: the device turns to the orientation `size` has, and the screen is laid out again.
    public func viewWillTransition(to size: Size) throws {
        settings.device = settings.device.oriented(size.width > size.height ? .landscape : .portrait)
        laidOut = try document.layout(category: laidOut.category, texts: texts, settings: settings, resolver: resolver)
        layoutCount += 1
    }

    /// The number of text lines in the screen.
    public var lineCount: Int { laidOut.views.reduce(0) { $0 + ($1.text?.lines.count ?? 0) } }
}
