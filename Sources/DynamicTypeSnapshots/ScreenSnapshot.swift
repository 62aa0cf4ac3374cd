import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import Rendering
import TextStack

/// What a screen snapshot shows: one of your screens in one locale, with the profile, Bold Text,
/// device size, pixel scale and the fonts it may use. A ``LayoutSnapshotSubject``, so
/// `assertDynamicTypeSnapshots(of:as:)` sweeps it like the notepad's views.
///
/// ```swift
/// let subject = ScreenSnapshot(screen, locale: "de", strings: strings, width: 320, height: 568)
/// let dump = try subject.at(.accessibility3).render().layoutDump()
/// ```
public struct ScreenSnapshot: Sendable {
    /// The screen.
    public var document: ScreenDocument
    /// The locale (nil: literal text and the source language).
    public var locale: String?
    /// The strings keys are looked up in.
    public var strings: StringTable
    /// The device's width and height in points (a screen's own `width` or `device` wins).
    public var width: Double
    /// The device's height in points: what fits on one screen, below which text is `belowFold`.
    public var height: Double
    /// The category, or nil for `ContentSizeCategory.current`.
    public var category: ContentSizeCategory?
    /// Bold Text.
    public var boldText: Bool
    /// The type ramp.
    public var profile: TypeRampProfile
    /// Pixels per point of images.
    public var scale: Double
    /// The only fonts the screen may use (hermetic fontconfig configuration).
    public var fontSet: HermeticFontSet
    /// The keyboard's height while it is up (0: hidden).
    public var keyboardHeight: Double = 0
    /// The device, with its safe area and orientation (nil: one of ``width`` × ``height`` with no
    /// safe area). `dyntype snapshot` sets it, so screens are laid out as `preview` lays them out.
    public var device: Device?

    /// A screen snapshot.
    public init(
        document: ScreenDocument, locale: String? = nil, strings: StringTable = StringTable(), width: Double = 320,
        height: Double = 568, category: ContentSizeCategory? = nil, boldText: Bool = false, profile: TypeRampProfile = .ios,
        scale: Double = 1, fontSet: HermeticFontSet = .project
    ) {
        self.document = document
        self.locale = locale
        self.strings = strings
        self.width = width
        self.height = height
        self.category = category
        self.boldText = boldText
        self.profile = profile
        self.scale = scale
        self.fontSet = fontSet
    }

    /// A snapshot of a screen built in Swift (or decoded), with no file behind it.
    public init(
        _ screen: Screen, locale: String? = nil, strings: StringTable = StringTable(), width: Double = 320, height: Double = 568,
        boldText: Bool = false, profile: TypeRampProfile = .ios, scale: Double = 1
    ) {
        self.init(
            document: ScreenDocument(screen: screen), locale: locale, strings: strings, width: width, height: height,
            boldText: boldText, profile: profile, scale: scale)
    }

    /// The same screen at `category`.
    public func at(_ category: ContentSizeCategory) -> ScreenSnapshot {
        var copy = self
        copy.category = category
        return copy
    }

    /// `<slug>` or `<slug>.<locale>`: the snapshot's folder.
    public var viewName: String { document.viewID(locale: locale) }

    /// The settings recorded in fingerprints.
    public var renderSettings: RenderSettings {
        var settings = RenderSettings(profile: profile.name, boldText: boldText, width: width, height: height, rowHeights: nil)
        settings.keyboard = keyboardHeight > 0 ? keyboardHeight : nil
        return settings
    }

    /// The device the screen is shown on: ``device`` when set, else one of ``width`` × ``height``
    /// with no safe area.
    public var shownOn: Device { device ?? Device(id: "snapshot", name: "snapshot", width: width, height: height, scale: scale) }

    /// Lays the screen out with the hermetic resolver of ``fontSet``, through the renderer every
    /// command uses (``ViewRenderer``).
    public func render() throws -> ViewSnapshotRendering {
        let settings = AuditSettings(
            profile: profile, device: shownOn, legibility: boldText ? .bold : .regular,
            keyboard: keyboardHeight > 0 ? .height(keyboardHeight) : .hidden)
        let source = ScreenSource(screens: [document], locales: [locale], strings: strings)
        return try ViewSnapshotRendering(
            view: source.views[0], of: source, category: category ?? ContentSizeCategory.current, settings: settings, scale: scale,
            fontSet: fontSet, renderSettings: renderSettings)
    }
}

extension ScreenSnapshot: LayoutSnapshotSubject {}
