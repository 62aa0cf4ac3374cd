import DynamicTypeCore
import Foundation
import TextStack

/// The one findings function: every check of a view at its current setting. `dyntype preview`,
/// `switch`, `snapshot` and the testing library all call it, so they report the same things.
/// Screens' checks are here (`ReadabilityChecks+Screens.swift`), with the pieces every source's
/// checks share; the notepad's list and editors are checked by an extension in `NotepadViews`.
///
/// ```swift
/// let findings = ReadabilityChecks.findings(in: laidOut, profile: .ios)
/// ```
public enum ReadabilityChecks {
    /// Text styles that never reach 200 % of their size at `large` over `categories` (WCAG 1.4.4:
    /// text can be resized to 200 % without loss). Reported when asked for: Apple's own ramp
    /// stops short of it for the large titles.
    public static func growthFindings(profile: TypeRampProfile, categories: [ContentSizeCategory]) throws -> [Finding] {
        guard let last = categories.last else { return [] }
        return try styleGrowth(profile: profile, categories: categories).compactMap { growth in
            let largest = max(growth.sizeAtLarge, growth.sizeAtLarge * growth.maxRatio)
            let ratio = largest / growth.sizeAtLarge
            guard ratio < 2 - 1e-9 else { return nil }
            return Finding(
                kind: .limitedGrowth, severity: .warning, element: "text style \(growth.style.name)", category: last,
                message: "grows only to \(Int((ratio * 100).rounded())) % of its \(fmt(growth.sizeAtLarge)) pt at large (\(fmt(largest)) pt); WCAG 1.4.4 asks for 200 %")
        }
    }

    /// How one text style grows against its size at `large`.
    package struct StyleGrowth: Sendable {
        public var style: TextStyle
        public var sizeAtLarge: Double
        /// The largest size over the categories, as a ratio of ``sizeAtLarge``.
        public var maxRatio: Double
        /// The first category where the style reaches 200 %, if any.
        public var reaches200PercentAt: ContentSizeCategory?
    }

    /// Each text style's growth over `categories` (those the profile offers); empty for a profile
    /// without `large`.
    package static func styleGrowth(profile: TypeRampProfile, categories: [ContentSizeCategory]) throws -> [StyleGrowth] {
        guard profile.supports(.large) else { return [] }
        return try profile.styles.map { style in
            let base = try profile.metrics(for: style, category: .large).size
            var growth = StyleGrowth(style: style, sizeAtLarge: base, maxRatio: 0, reaches200PercentAt: nil)
            for category in categories where profile.supports(category) {
                let ratio = try profile.metrics(for: style, category: category).size / base
                growth.maxRatio = max(growth.maxRatio, ratio)
                if growth.reaches200PercentAt == nil && ratio >= 2 - 1e-9 { growth.reaches200PercentAt = category }
            }
            return growth
        }
    }

    // MARK: Pieces

    package static func wordAndFontFindings(
        lines: some Sequence<LineFragment>, fallbacks: [LayoutFallback], element: String, category: ContentSizeCategory
    ) -> [Finding] {
        var result: [Finding] = []
        var broken = 0, hyphenated = 0
        for line in lines {
            if line.brokeWord { broken += 1 }
            if line.isHyphenated { hyphenated += 1 }
        }
        if broken > 0 {
            result.append(
                Finding(
                    kind: .wordWiderThanLine, severity: .warning, element: element, category: category,
                    message: "\(broken) line\(broken == 1 ? "" : "s") break a word wider than the line between characters"))
        }
        if hyphenated > 0 {
            result.append(
                Finding(
                    kind: .wordWiderThanLine, severity: .info, element: element, category: category,
                    message: "\(hyphenated) line\(hyphenated == 1 ? " is" : "s are") hyphenated"))
        }
        var families: [String: Int] = [:]
        var missing = 0
        for fallback in fallbacks {
            if let used = fallback.usedFamily { families[used, default: 0] += fallback.range.length } else { missing += 1 }
        }
        for (family, count) in families.sorted(by: { $0.key < $1.key }) {
            result.append(
                Finding(
                    kind: .fallbackFont, severity: .info, element: element, category: category,
                    message: "\(count) UTF-16 units drawn with fallback font \(family)"))
        }
        if missing > 0 {
            result.append(
                Finding(
                    kind: .missingGlyph, severity: .error, element: element, category: category,
                    message: "\(missing) characters have no glyph in any installed font"))
        }
        return result
    }

    /// Text drawn smaller than the platform's minimum legible size (HIG: 11 pt on iOS).
    package static func minimumSize(element: String, sizes: [Double], profile: TypeRampProfile, category: ContentSizeCategory)
        -> [Finding]
    {
        guard let smallest = sizes.filter({ $0 < profile.minimumSize - 1e-9 }).min() else { return [] }
        return [
            Finding(
                kind: .belowMinimumSize, severity: .warning, element: element, category: category,
                message: "text at \(PointFormat.string(smallest)) pt is below the \(PointFormat.string(profile.minimumSize)) pt minimum")
        ]
    }

    /// A finding when `color` on `background` fails WCAG 2 AA: 4.5:1, or 3:1 for large text (at
    /// least 18 pt, or 14 pt bold).
    package static func contrast(
        _ color: RGBAColor, on background: RGBAColor, size: Double, bold: Bool, sample: String, element: String,
        category: ContentSizeCategory
    ) -> Finding? {
        let required = size >= 18 || (bold && size >= 14) ? 3.0 : 4.5
        let ratio = color.contrastRatio(with: background)
        guard ratio < required else { return nil }
        let quoted = sample.split(whereSeparator: \.isNewline).first.map { String($0.prefix(24)) } ?? ""
        let against = background == .white ? "the background" : "its background \(background.hexString)"
        return Finding(
            kind: .lowContrast, severity: .warning, element: element, category: category,
            message: String(
                format: "%@ text (\"%@\") has contrast %.2f:1 against %@; WCAG AA needs %.1f:1", color.hexString, quoted, ratio,
                against, required))
    }

    package static func fmt(_ value: Double) -> String { PointFormat.string((value * 10).rounded() / 10) }
}
