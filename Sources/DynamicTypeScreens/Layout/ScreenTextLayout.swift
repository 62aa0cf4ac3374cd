import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// How one piece of text is set: a label's, a button title's.
struct TextSettings {
    var font: ResolvedFont
    var sizeAtLarge: Double
    var scales: Bool
    var color: RGBAColor
    var alignment: TextAlignment
    var lines: Int
    var lineBreak: LineBreak
    var minimumScaleFactor: Double?
    /// Draw inline Markdown as styled runs (``MarkdownInline``): a SwiftUI `LocalizedStringKey`'s text.
    var markdown = false
}

/// Lays out label text the way `UILabel` does: a line limit, a line-break mode (tail, head and
/// middle truncation, word wrap that drops what does not fit, clipping) and `minimumScaleFactor`
/// shrinking of one-line text before it is cut.
enum ScreenTextLayout {
    /// The width the text needs on lines of unlimited width (the widest paragraph).
    static func naturalWidth(_ text: String, settings: TextSettings, font: ResolvedFont? = nil, resolver: FontResolver) throws -> Double {
        let storage = TextStorage(try attributed(text, settings: settings, font: font ?? settings.font, resolver: resolver))
        return try LayoutManager.sizeThatFits(storage, width: .infinity, lineFragmentPadding: 0, resolver: resolver).width
    }

    /// The text laid out in `width` points.
    static func layout(
        _ resolved: ResolvedText, settings: TextSettings, width: Double, resolver: FontResolver
    ) throws -> LaidOutText {
        var font = settings.font
        var shrink = 1.0
        if let minimum = settings.minimumScaleFactor, settings.lines == 1, minimum < 1 {
            // adjustsFontSizeToFitWidth: shrink toward `minimum` until the one line fits.
            let natural = try naturalWidth(resolved.text, settings: settings, resolver: resolver)
            if natural > width + 1e-6 {
                shrink = max(minimum, width / natural)
                font = try resolver.resolve(settings.font.descriptor.withSize(max(1, settings.font.pointSize * shrink)))
                // Widths need not shrink in proportion to the size: a smaller size may be drawn
                // with another face (a family's text optical size below its display size), so the
                // line is measured again at the size chosen and shrunk further while it does not
                // fit, never below `minimum` (SwiftUI's `minimumScaleFactor(_:)`: "the minimum
                // amount that text in this view scales down to fit in the available space",
                // developer.apple.com/documentation/swiftui/view/minimumscalefactor(_:)). A few
                // steps converge.
                var steps = 0
                while shrink > minimum, steps < 4 {
                    steps += 1
                    let shrunk = try naturalWidth(resolved.text, settings: settings, font: font, resolver: resolver)
                    guard shrunk > width + 1e-6 else { break }
                    shrink = max(minimum, shrink * width / shrunk * 0.999)
                    font = try resolver.resolve(settings.font.descriptor.withSize(max(1, settings.font.pointSize * shrink)))
                }
            }
        }
        var drawn = try place(resolved.text, settings: settings, font: font, width: width, resolver: resolver)
        if drawn.truncated, settings.lineBreak == .truncateHead || settings.lineBreak == .truncateMiddle {
            // Cut inside the text as drawn (its Markdown markers gone), in one style.
            var plain = settings
            plain.markdown = false
            let text = settings.markdown ? MarkdownInline.plainText(resolved.text) : resolved.text
            drawn = try cutInside(text, settings: plain, font: font, width: width, resolver: resolver)
        }
        var truncatedVariants: [String] = []
        for variant in resolved.variants.dropFirst() {
            let other = try place(variant.text, settings: settings, font: font, width: width, resolver: resolver)
            if other.truncated { truncatedVariants.append(variant.name ?? "variant") }
        }
        let height = drawn.lines.last?.rect.maxY ?? font.lineHeight
        return LaidOutText(
            resolved: resolved, storage: drawn.storage, lines: drawn.lines, origin: .zero,
            box: Rect(x: 0, y: 0, width: width, height: height), font: font, sizeAtLarge: settings.sizeAtLarge,
            scales: settings.scales, color: settings.color, isTruncated: drawn.truncated, lineBreak: settings.lineBreak,
            lineLimit: settings.lines, neededHeight: height, shrinkScale: shrink, truncatedVariants: truncatedVariants,
            fallbacks: drawn.fallbacks)
    }

    /// `text` with the label's attributes: its inline images (screen files' markers), or, for
    /// Markdown text, its runs each in its style: bold and italic runs in the font with those
    /// traits added, code in the monospaced family at the same size, struck-through runs with a
    /// line, links in the accent colour (SwiftUI's default tint).
    static func attributed(_ text: String, settings: TextSettings, font: ResolvedFont, resolver: FontResolver) throws -> AttributedText {
        let base = attributes(settings, font: font)
        guard settings.markdown, MarkdownInline.mayHoldMarkdown(text) else { return try InlineImages.attributed(text, attributes: base).text }
        var fonts: [Int: ResolvedFont] = [:]
        var pieces: [(String, TextAttributes)] = []
        for run in MarkdownInline.runs(text) {
            var styled = base
            let fontStyle = run.style.intersection([.bold, .italic, .code])
            if !fontStyle.isEmpty {
                if fonts[fontStyle.rawValue] == nil {
                    var descriptor = font.descriptor
                    var traits = descriptor.symbolicTraits
                    if fontStyle.contains(.bold) { traits.insert(.bold) }
                    if fontStyle.contains(.italic) { traits.insert(.italic) }
                    descriptor = descriptor.withSymbolicTraits(traits)
                    if fontStyle.contains(.code) { descriptor = descriptor.withFamily("monospace") }
                    fonts[fontStyle.rawValue] = try resolver.resolve(descriptor)
                }
                if let resolved = fonts[fontStyle.rawValue] {
                    styled.font = resolved.descriptor
                    styled.resolvedFont = resolved
                }
            }
            if run.style.contains(.strikethrough) { styled.strikethrough = .single }
            if run.style.contains(.link) { styled.foregroundColor = Self.linkColor }
            pieces.append((run.text, styled))
        }
        return AttributedText(pieces)
    }

    /// SwiftUI's default tint, which links are drawn in (the system blue, #007AFF).
    static let linkColor = RGBAColor(red: 0, green: 0.478, blue: 1)

    static func attributes(_ settings: TextSettings, font: ResolvedFont) -> TextAttributes {
        var attributes = TextAttributes(resolvedFont: font)
        attributes.foregroundColor = settings.color
        attributes.paragraphStyle = ParagraphStyle(alignment: settings.alignment)
        return attributes
    }

    private struct Placed {
        var storage: TextStorage
        var lines: [LineFragment]
        var truncated: Bool
        var fallbacks: [LayoutFallback]
    }

    /// `text` in a container of `width`, with the line limit and the mode's TextKit equivalent.
    private static func place(
        _ text: String, settings: TextSettings, font: ResolvedFont, width: Double, resolver: FontResolver
    ) throws -> Placed {
        let storage = TextStorage(try attributed(text, settings: settings, font: font, resolver: resolver))
        let manager = try LayoutManager(resolver: resolver, defaultFont: font)
        let container = TextContainer(size: Size(width: max(1, width), height: .infinity), lineFragmentPadding: 0)
        container.maximumNumberOfLines = settings.lines
        switch settings.lineBreak {
        case .wordWrap: container.lineBreakMode = .byWordWrapping
        case .charWrap: container.lineBreakMode = .byCharWrapping
        case .truncateTail: container.lineBreakMode = .byTruncatingTail
        // Head and middle: found here as clipped, then cut by `cutInside`.
        case .truncateHead, .truncateMiddle, .clip: container.lineBreakMode = .byClipping
        }
        manager.addTextContainer(container)
        manager.attach(to: storage)
        let lines = manager.lineFragments
        let truncated = lines.contains(where: \.isTruncated) || manager.overflowRange != nil
        return Placed(storage: storage, lines: lines, truncated: truncated, fallbacks: manager.fallbacks)
    }

    /// Head or middle truncation (`NSLineBreakByTruncatingHead/Middle`): the lines before the
    /// last allowed one stay; the rest of the text is put on the last line with "…" at its start
    /// or in its middle, keeping as many characters as fit (binary search on the count).
    private static func cutInside(
        _ text: String, settings: TextSettings, font: ResolvedFont, width: Double, resolver: FontResolver
    ) throws -> Placed {
        let full = try place(text, settings: settings, font: font, width: width, resolver: resolver)
        let utf16 = Array(text.utf16)
        let keptLines = max(0, min(full.lines.count, settings.lines == 0 ? full.lines.count : settings.lines) - 1)
        let lastStart = keptLines < full.lines.count ? full.lines[keptLines].characterRange.location : utf16.count
        let head = String(decoding: utf16[..<min(lastStart, utf16.count)], as: UTF16.self)
        // The rest goes on one line: its own line breaks become spaces.
        let rest = Array(
            String(decoding: utf16[min(lastStart, utf16.count)...], as: UTF16.self)
                .replacingOccurrences(of: "\n", with: " "))
        func candidate(_ kept: Int) -> String {
            switch settings.lineBreak {
            case .truncateHead: return "…" + String(rest.suffix(kept))
            default:
                let front = (kept + 1) / 2
                return String(rest.prefix(front)) + "…" + String(rest.suffix(kept - front))
            }
        }
        var lo = 0, hi = rest.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            var lineSettings = settings
            lineSettings.font = font
            if try naturalWidth(candidate(mid), settings: lineSettings, resolver: resolver) <= width + 1e-6 { lo = mid } else { hi = mid - 1 }
        }
        var placed = try place(head + candidate(lo), settings: settings, font: font, width: width, resolver: resolver)
        placed.truncated = true
        return placed
    }
}
