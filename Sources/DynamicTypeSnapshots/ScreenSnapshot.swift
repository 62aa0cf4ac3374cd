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

    /// Lays the screen out with the hermetic resolver of ``fontSet``.
    public func render() throws -> ScreenRendering {
        let resolver = try fontSet.resolver()
        let category = self.category ?? ContentSizeCategory.current
        let device = Device(id: "snapshot", name: "snapshot", width: width, height: height, scale: scale)
        let settings = AuditSettings(
            profile: profile, device: device, legibility: boldText ? .bold : .regular,
            keyboard: keyboardHeight > 0 ? .height(keyboardHeight) : .hidden)
        let laidOut = try document.layout(
            category: category, texts: LocalizedTexts(table: strings, locale: locale), settings: settings, resolver: resolver)
        return ScreenRendering(snapshot: self, laidOut: laidOut, resolver: resolver)
    }
}

/// A laid-out ``ScreenSnapshot``: its text dump, image, findings and the fonts it used.
public struct ScreenRendering {
    /// What was laid out.
    public let snapshot: ScreenSnapshot
    /// The layout.
    public let laidOut: LaidOutScreen
    /// The resolver the fonts came from.
    public let resolver: FontResolver

    /// The same checks every command runs (``ReadabilityChecks``).
    public var findings: [Finding] { ReadabilityChecks.findings(in: laidOut, profile: snapshot.profile) }

    /// Every font the text is drawn with (fallbacks included), one per font file.
    public var fontsUsed: [ResolvedFont] {
        var fonts: [ResolvedFont] = []
        var files = Set<String>()
        for view in laidOut.views {
            guard let text = view.text else { continue }
            if files.insert(text.font.filePath).inserted { fonts.append(text.font) }
            for line in text.lines { for run in line.runs where files.insert(run.font.filePath).inserted { fonts.append(run.font) } }
        }
        return fonts
    }

    /// The readable text dump: every view's frame, then its text line by line, then the findings.
    public func layoutDump() -> String { LayoutDump.screen(laidOut, profile: snapshot.profile, boldText: snapshot.boldText, findings: findings) }

    /// The screen drawn at the snapshot's scale.
    public func image() -> RGBAImage { ScreenDrawing.render(laidOut, scale: snapshot.scale).image }

    /// The environment fingerprint of this rendering; `includingScale` for image references.
    public func fingerprint(includingScale: Bool) throws -> EnvironmentFingerprint {
        try EnvironmentFingerprint.current(
            fonts: fontsUsed, resolver: resolver, fontSet: snapshot.fontSet, scale: includingScale ? snapshot.scale : nil,
            settings: snapshot.renderSettings)
    }
}

extension ScreenSnapshot: LayoutSnapshotSubject {}
extension ScreenRendering: LayoutSnapshotRendering {}

extension LayoutDump {
    /// The dump of a laid-out screen.
    package static func screen(_ laidOut: LaidOutScreen, profile: TypeRampProfile, boldText: Bool, findings: [Finding]) -> String {
        var out: [String] = [header]
        out.append(
            "screen: \(quote(laidOut.screen.name)) · locale \(laidOut.locale ?? "none") · size \(num(laidOut.size.width))×\(num(laidOut.size.height)) · content height \(num(laidOut.contentHeight))"
        )
        out.append(settingLine(TextSizeSetting(category: laidOut.category, legibilityWeight: boldText ? .bold : .regular), profile: profile))
        for view in laidOut.views {
            let depth = String(repeating: "  ", count: depth(of: view, in: laidOut))
            let frame = view.frame
            var line = "\(depth)\(view.kind.rawValue) \(view.path) · frame \(num(frame.minX)) \(num(frame.minY)) \(num(frame.width))×\(num(frame.height))"
            if view.category != laidOut.category { line += " · sees \(view.category.name)" }
            if case .stack(let axis, let natural, let available, _) = view.content {
                line += " · \(axis.rawValue) · needs \(num(natural)) of \(num(available))"
            }
            guard let text = view.text else {
                out.append(line)
                continue
            }
            line += " · \(fontName(text.font))"
            if text.isTruncated { line += " · truncated" }
            if text.shrinkScale < 1 { line += " · shrunk \(num(text.shrinkScale))" }
            if text.neededHeight > text.box.height + 0.5 { line += " · needs \(num(text.neededHeight)) of \(num(text.box.height))" }
            out.append(line)
            let baseStyle = style(ScreenTextStyle.base(text))
            for (index, fragment) in text.lines.enumerated() {
                out.append(
                    depth
                        + fragmentLine(
                            index: index, line: fragment, storage: text.storage, origin: 0, top: 0, relative: false, base: text.font,
                            baseStyle: baseStyle))
            }
        }
        out += findingLines(findings)
        return out.joined(separator: "\n") + "\n"
    }

    private static func depth(of view: LaidOutView, in laidOut: LaidOutScreen) -> Int {
        var depth = 0
        var parent = view.parent
        while let index = parent {
            depth += 1
            parent = laidOut.views[index].parent
        }
        return depth
    }
}

/// The attributes every run of a view's text shares (only runs that differ are listed in dumps).
enum ScreenTextStyle {
    static func base(_ text: LaidOutText) -> TextAttributes {
        var attributes = TextAttributes(resolvedFont: text.font)
        attributes.foregroundColor = text.color
        return attributes
    }
}
