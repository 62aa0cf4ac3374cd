import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import Rendering
import TextStack

/// Any text laid out by `TextStack`, as a snapshot value: the text, the container it is laid out
/// in, and how its fonts follow the content-size category.
///
/// The category is ``category`` when set (``at(_:)``), else `ContentSizeCategory.current`, so
/// `assertDynamicTypeSnapshots`, `withContentSizeCategory` and the `.contentSizeCategory` test
/// trait choose it; Bold Text likewise (``legibilityWeight``, else `LegibilityWeight.current`).
/// At that setting every run's font is resolved again, through the hermetic font set:
///
/// - a font with a text style (made by `FontDescriptor.preferred(for:category:profile:)`) follows
///   the category, keeping its traits (bold, italic) and family, as with
///   `adjustsFontForContentSizeCategory`;
/// - a fixed-size font is scaled with ``style`` like `UIFontMetrics(forTextStyle:).scaledFont(for:)`
///   when a style is given, and stays as it is otherwise;
/// - text without a font is set in ``style`` (body when nil).
///
/// ```swift
/// let storage = TextStorage(string: "Fresh basil\nTwo bunches, from the market.")
/// let snapshot = TextLayoutSnapshot(storage, containerSize: Size(width: 200, height: .infinity), style: .body)
/// let dump = try snapshot.at(.accessibility2).render().layoutDump()
/// ```
///
/// For text your code builds per category, pass a closure: it is called with the category each
/// time the value is laid out.
///
/// ```swift
/// let label = TextLayoutSnapshot(containerSize: Size(width: 320, height: 44)) { category in
///     try makeTitleStorage(category: category)
/// }
/// ```
public struct TextLayoutSnapshot {
    /// The width and height (`.infinity` for as tall as the text) of the text container.
    public var containerSize: Size
    /// The container's padding at each end of a line (TextKit's default 5 pt).
    public var lineFragmentPadding: Double
    /// The text style that runs without one follow; nil leaves fixed-size fonts alone.
    public var style: TextStyle?
    /// The category, or nil for `ContentSizeCategory.current`.
    public var category: ContentSizeCategory?
    /// Bold Text, or nil for `LegibilityWeight.current`.
    public var legibilityWeight: LegibilityWeight?
    /// The type ramp the text styles follow.
    public var profile: TypeRampProfile
    /// Pixels per point of images.
    public var scale: Double
    /// The only fonts the text may use (hermetic fontconfig configuration).
    public var fontSet: HermeticFontSet

    private let makeText: (ContentSizeCategory) throws -> TextStorage

    /// The text of `storage` (copied now: later edits of `storage` do not change the snapshot).
    public init(
        _ storage: TextStorage, containerSize: Size, style: TextStyle? = nil, lineFragmentPadding: Double = 5,
        profile: TypeRampProfile = .ios, scale: Double = 1, fontSet: HermeticFontSet = .project
    ) {
        self.init(storage.attributedText, containerSize: containerSize, style: style,
                  lineFragmentPadding: lineFragmentPadding, profile: profile, scale: scale, fontSet: fontSet)
    }

    /// The text `text`.
    public init(
        _ text: AttributedText, containerSize: Size, style: TextStyle? = nil, lineFragmentPadding: Double = 5,
        profile: TypeRampProfile = .ios, scale: Double = 1, fontSet: HermeticFontSet = .project
    ) {
        self.init(containerSize: containerSize, style: style, lineFragmentPadding: lineFragmentPadding, profile: profile,
                  scale: scale, fontSet: fontSet) { _ in TextStorage(text) }
    }

    /// Text made for each category by `text` (called every time the value is laid out).
    public init(
        containerSize: Size, style: TextStyle? = nil, lineFragmentPadding: Double = 5, profile: TypeRampProfile = .ios,
        scale: Double = 1, fontSet: HermeticFontSet = .project, text: @escaping (ContentSizeCategory) throws -> TextStorage
    ) {
        self.containerSize = containerSize
        self.lineFragmentPadding = lineFragmentPadding
        self.style = style
        self.profile = profile
        self.scale = scale
        self.fontSet = fontSet
        self.makeText = text
    }

    /// The same text at `category`.
    public func at(_ category: ContentSizeCategory) -> TextLayoutSnapshot {
        var copy = self
        copy.category = category
        return copy
    }

    /// The setting the text is laid out for.
    public var setting: TextSizeSetting {
        TextSizeSetting(category: category ?? .current, legibilityWeight: legibilityWeight ?? .current)
    }

    /// The settings recorded in fingerprints (profile, Bold Text, container size).
    public var renderSettings: RenderSettings {
        RenderSettings(
            profile: profile.name, boldText: setting.legibilityWeight == .bold, width: containerSize.width,
            height: containerSize.height.isFinite ? containerSize.height : nil, rowHeights: nil)
    }

    /// Makes the text at the setting, resolves its fonts with the hermetic resolver of
    /// ``fontSet`` and lays it out.
    ///
    /// - Throws: ``HermeticFontError`` when fonts of the set are missing, the closure's errors,
    ///   profile and font errors.
    public func render() throws -> TextLayoutRendering {
        let setting = self.setting
        let resolver = try fontSet.resolver()
        let storage = try makeText(setting.category)
        let defaultDescriptor = try FontDescriptor.preferred(
            for: style ?? .body, category: setting.category, legibilityWeight: setting.legibilityWeight, profile: profile)
        var resolved: [FontDescriptor?: (FontDescriptor, ResolvedFont)] = [:]
        for run in storage.attributeRuns() {
            let requested = run.attributes.font ?? run.attributes.resolvedFont?.descriptor
            guard resolved[requested] == nil else { continue }
            let descriptor = try requested.map { try restyled($0, setting: setting) } ?? defaultDescriptor
            resolved[requested] = (descriptor, try resolver.resolve(descriptor, category: setting.category, profile: profile))
        }
        if storage.length > 0 {
            storage.transformAttributes(in: NSRange(location: 0, length: storage.length)) { attributes in
                guard let (descriptor, font) = resolved[attributes.font ?? attributes.resolvedFont?.descriptor] else {
                    return attributes
                }
                var copy = attributes
                copy.font = descriptor
                copy.resolvedFont = font
                return copy
            }
        }
        let baseFont = try resolver.resolve(defaultDescriptor)
        let layoutManager = try LayoutManager(resolver: resolver, defaultFont: baseFont)
        layoutManager.addTextContainer(TextContainer(size: containerSize, lineFragmentPadding: lineFragmentPadding))
        layoutManager.attach(to: storage)
        return TextLayoutRendering(
            snapshot: self, setting: setting, resolver: resolver, storage: storage, layoutManager: layoutManager,
            baseFont: baseFont)
    }

    /// `descriptor` at `setting`: text styles follow the category, fixed sizes follow ``style``.
    private func restyled(_ descriptor: FontDescriptor, setting: TextSizeSetting) throws -> FontDescriptor {
        if let textStyle = descriptor.textStyle {
            var preferred = try FontDescriptor.preferred(
                for: textStyle, category: setting.category, legibilityWeight: setting.legibilityWeight, profile: profile)
            if descriptor.family != preferred.family { preferred = preferred.withFamily(descriptor.family) }
            return preferred.withSymbolicTraits(descriptor.symbolicTraits)
        }
        guard let style, descriptor.size > 0 else { return descriptor }
        var scaled = try FontMetrics(forTextStyle: style, profile: profile).scaledFont(for: descriptor, category: setting.category)
        scaled.legibilityWeight = setting.legibilityWeight
        return scaled
    }
}

/// A laid-out ``TextLayoutSnapshot``: its text dump, its image and the fonts it used.
public struct TextLayoutRendering {
    /// What was laid out.
    public let snapshot: TextLayoutSnapshot
    /// The category and Bold Text it was laid out at.
    public let setting: TextSizeSetting
    /// The (hermetic) resolver whose fonts it used.
    public let resolver: FontResolver
    /// The text with its fonts resolved at the setting.
    public let storage: TextStorage
    /// The layout manager holding the laid-out lines.
    public let layoutManager: LayoutManager
    /// The font of text without one (the snapshot's style, or body, at the setting).
    public let baseFont: ResolvedFont

    /// The bottom of the last line fragment.
    public var usedHeight: Double { layoutManager.lineFragments.last?.rect.maxY ?? 0 }

    /// Every font the text is drawn with (fallbacks included), one per file.
    public var fontsUsed: [ResolvedFont] {
        var fonts: [ResolvedFont] = [baseFont]
        var files: Set<String> = [baseFont.filePath]
        for line in layoutManager.lineFragments {
            for run in line.runs where files.insert(run.font.filePath).inserted { fonts.append(run.font) }
        }
        return fonts
    }

    /// The readable text dump: the container and setting, the base font, each paragraph's line
    /// fragments (as in the notepad editor's dump), fallbacks and overflow.
    public func layoutDump() -> String {
        LayoutDump.text(self)
    }

    /// The text drawn on white at the snapshot's scale: the container's size, or as tall as the
    /// text when the container's height is infinite.
    public func image() -> RGBAImage {
        let height = snapshot.containerSize.height.isFinite ? snapshot.containerSize.height : max(1, usedHeight.rounded(.up))
        let size = Size(width: snapshot.containerSize.width, height: height)
        let canvas = Canvas(size: size, scale: snapshot.scale, background: .white)
        canvas.drawText(
            layoutManager.lineFragments, storage: storage, origin: .zero,
            clip: Rect(x: 0, y: 0, width: size.width, height: size.height))
        return canvas.image
    }

    /// The environment fingerprint of this rendering; `includingScale` for image references.
    public func fingerprint(includingScale: Bool) throws -> EnvironmentFingerprint {
        try EnvironmentFingerprint.current(
            fonts: fontsUsed, resolver: resolver, fontSet: snapshot.fontSet,
            scale: includingScale ? snapshot.scale : nil, settings: snapshot.renderSettings)
    }
}
