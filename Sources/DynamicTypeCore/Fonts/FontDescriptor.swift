import Foundation

/// A description of a font, not yet matched to a file (UIKit `UIFontDescriptor`).
///
/// Created from a text style and content-size category with ``preferred(for:category:legibilityWeight:profile:)``
/// (UIKit `preferredFontDescriptor(withTextStyle:)`), then refined with ``withSymbolicTraits(_:)``
/// and ``withFamily(_:)``. A `FontSystem.FontResolver` turns it into a real font file with metrics.
///
/// As in UIKit, a ``size`` of 0 means "the user's preferred size": the size of the descriptor's
/// text style (or body) at the category in effect when the font is resolved — the seeds rely on
/// this in `UIFont(descriptor:size: 0)`.
///
/// ```swift
/// let body = try FontDescriptor.preferred(for: .body, category: .accessibility2)
/// let bold = body.withSymbolicTraits(.bold)   // semibold: the body style's emphasized weight
/// ```
public struct FontDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The system font's family key; resolved through the family map (Inter / Inter Display / DejaVu Sans).
    public static let systemFamily = "system"

    /// The largest point size anything in the simulator accepts — profiles, descriptors, font
    /// files, custom fonts scaled by ``FontMetrics``. Past it a glyph alone would be a raster of
    /// millions of pixels at 3×; the largest size in any shipped type ramp is under 100 pt.
    public static let maximumPointSize = 1_000.0

    /// Family name or family-map key (`system`, `Zapfino`, `monospace`, or any installed family).
    public var family: String
    /// The text style this descriptor was made from, if any.
    public var textStyle: TextStyle?
    /// The weight without the bold trait.
    public var regularWeight: FontWeight
    /// The weight with the bold trait (the style's emphasized weight; `bold` for custom descriptors).
    public var emphasizedWeight: FontWeight
    /// Bold, italic, monospace.
    public var symbolicTraits: SymbolicTraits
    /// The Bold Text setting this descriptor was made under.
    public var legibilityWeight: LegibilityWeight
    /// How Bold Text changes the weight.
    package var boldText: BoldTextMapping
    /// Point size; 0 means the preferred size of ``textStyle`` (or body) at resolution time.
    public var size: Double
    /// Line height from the type ramp, or `nil` for custom descriptors (the font's own line height is used).
    public var leading: Double?
    /// Tracking in 1/1000 em from the type ramp.
    public var trackingPerMille: Double
    /// The category the size/leading were taken from, if they came from a ramp.
    public var category: ContentSizeCategory?

    /// A custom descriptor for a family at a size (UIKit `UIFontDescriptor(name:size:)`); under
    /// Bold Text its weight steps up as UIKit's system fonts do.
    public init(
        family: String, size: Double, weight: FontWeight = .regular, traits: SymbolicTraits = [],
        legibilityWeight: LegibilityWeight = .regular
    ) {
        self.init(family: family, size: size, weight: weight, traits: traits, legibilityWeight: legibilityWeight, boldText: .standard)
    }

    /// A custom descriptor with a profile's own Bold Text weight mapping.
    package init(
        family: String, size: Double, weight: FontWeight = .regular, traits: SymbolicTraits = [],
        legibilityWeight: LegibilityWeight = .regular, boldText: BoldTextMapping
    ) {
        self.family = family
        self.textStyle = nil
        self.regularWeight = weight
        self.emphasizedWeight = max(weight, .bold)
        self.symbolicTraits = traits
        self.legibilityWeight = legibilityWeight
        self.boldText = boldText
        self.size = size
        self.leading = nil
        self.trackingPerMille = 0
        self.category = nil
    }

    /// The descriptor for `style` at `category` from `profile` (UIKit
    /// `preferredFontDescriptor(withTextStyle:compatibleWith:)`).
    ///
    /// - Throws: ``ProfileError`` when the profile lacks the style or the category.
    public static func preferred(
        for style: TextStyle, category: ContentSizeCategory, legibilityWeight: LegibilityWeight = .regular,
        profile: TypeRampProfile
    ) throws(ProfileError) -> FontDescriptor {
        let cell = try profile.metrics(for: style, category: category)
        var descriptor = FontDescriptor(
            family: profile.systemFamily, size: cell.size, weight: cell.weight, legibilityWeight: legibilityWeight,
            boldText: profile.boldText)
        descriptor.textStyle = style
        descriptor.emphasizedWeight = cell.emphasizedWeight
        descriptor.leading = cell.leading
        descriptor.trackingPerMille = cell.trackingPerMille
        descriptor.category = category
        return descriptor
    }

    /// The weight to draw with: the emphasized weight when bold, then the Bold Text mapping.
    public var weight: FontWeight {
        let base = symbolicTraits.contains(.bold) ? emphasizedWeight : regularWeight
        return boldText.apply(base, legibility: legibilityWeight)
    }

    /// Whether an italic face is requested.
    public var isItalic: Bool { symbolicTraits.contains(.italic) }

    /// A copy with exactly these traits (UIKit `withSymbolicTraits(_:)` replaces the traits).
    public func withSymbolicTraits(_ traits: SymbolicTraits) -> FontDescriptor {
        var copy = self
        copy.symbolicTraits = traits
        return copy
    }

    /// A copy with another family; size, traits and text style are kept (so a script font can follow
    /// the body size, as the seeds' Zapfino does).
    public func withFamily(_ family: String) -> FontDescriptor {
        var copy = self
        copy.family = family
        if family.lowercased() == "monospace" { copy.symbolicTraits.insert(.monoSpace) }
        return copy
    }

    /// A copy at another point size (0 = preferred size). A ramp leading is scaled with the size.
    public func withSize(_ newSize: Double) -> FontDescriptor {
        var copy = self
        if let leading, size > 0, newSize > 0 { copy.leading = leading * newSize / size }
        copy.size = newSize
        return copy
    }

    /// Resolves a size of 0 to the preferred size of the text style (body if none) at `category`;
    /// descriptors with a size are returned unchanged.
    public func resolvingPreferredSize(
        category: ContentSizeCategory, profile: TypeRampProfile
    ) throws(ProfileError) -> FontDescriptor {
        guard size == 0 else { return self }
        let cell = try profile.metrics(for: textStyle ?? .body, category: category)
        var copy = self
        copy.size = cell.size
        copy.leading = cell.leading
        copy.trackingPerMille = cell.trackingPerMille
        copy.category = category
        return copy
    }

    /// Tracking in points at this size.
    public var trackingPoints: Double { trackingPerMille * size / 1000 }

    public var description: String {
        var parts = [family, weight.name]
        if isItalic { parts.append("italic") }
        parts.append(size == 0 ? "preferred size" : "\(PointFormat.string(size)) pt")
        if let textStyle { parts.append("(\(textStyle.name))") }
        return parts.joined(separator: " ")
    }
}

/// Formats point values compactly: `17`, `16.5`, `16.333`.
package enum PointFormat {
    package static func string(_ value: Double, decimals: Int = 3) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.\(decimals)f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
