import DynamicTypeCore
import FontSystem

/// The attributes of a run of text: a typed struct standing in for TextKit's attribute
/// dictionary. Every field is optional; `nil` means "not set" (TextKit's default applies).
///
/// The font is kept twice on purpose: ``font`` is the descriptor that was asked for (body, bold
/// trait, family Zapfino…), ``resolvedFont`` the real font file and size that is drawn. A layout
/// manager draws ``resolvedFont``; a restyler re-resolves ``font`` at a new category.
///
/// ```swift
/// var attributes = TextAttributes(foregroundColor: .red)
/// attributes = attributes.merging(TextAttributes(strikethrough: .single))  // red and struck
/// attributes.remove(.foregroundColor)                                       // struck only
/// ```
public struct TextAttributes: Hashable, Sendable {
    /// The requested font (TextKit `NSFontAttributeName`'s descriptor).
    public var font: FontDescriptor?
    /// The font actually drawn: ``font`` matched to a file at a size.
    public var resolvedFont: ResolvedFont?
    /// Text colour (`NSForegroundColorAttributeName`); `nil` = black.
    public var foregroundColor: RGBAColor?
    /// Fill behind the glyphs (`NSBackgroundColorAttributeName`); `nil` = none.
    public var backgroundColor: RGBAColor?
    /// `NSStrikethroughStyleAttributeName`; `nil` = none.
    public var strikethrough: UnderlineStyle?
    /// `NSUnderlineStyleAttributeName`; `nil` = none.
    public var underline: UnderlineStyle?
    /// `NSTextEffectAttributeName` (letterpress); `nil` = none.
    public var textEffect: TextEffect?
    /// `NSKernAttributeName`: `nil` = the font's pair kerning on (TextKit's default); `0` = kerning
    /// off; any other value = that many extra points after each character (pair kerning off).
    public var kerning: Double?
    /// `NSBaselineOffsetAttributeName`, points up from the baseline; `nil` = 0.
    public var baselineOffset: Double?
    /// `NSParagraphStyleAttributeName`; `nil` = ``ParagraphStyle/default``. TextKit reads it from
    /// the first character of each paragraph.
    public var paragraphStyle: ParagraphStyle?
    /// `NSAttachmentAttributeName`: an inline object drawn in place of the character, which must be
    /// U+FFFC (``TextAttachment/character``; other characters ignore it); `nil` = none.
    public var attachment: TextAttachment?

    /// Attributes with the given fields set; every other field is `nil`.
    public init(
        font: FontDescriptor? = nil, resolvedFont: ResolvedFont? = nil, foregroundColor: RGBAColor? = nil,
        backgroundColor: RGBAColor? = nil, strikethrough: UnderlineStyle? = nil, underline: UnderlineStyle? = nil,
        textEffect: TextEffect? = nil, kerning: Double? = nil, baselineOffset: Double? = nil,
        paragraphStyle: ParagraphStyle? = nil, attachment: TextAttachment? = nil
    ) {
        self.font = font
        self.resolvedFont = resolvedFont
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.strikethrough = strikethrough
        self.underline = underline
        self.textEffect = textEffect
        self.kerning = kerning
        self.baselineOffset = baselineOffset
        self.paragraphStyle = paragraphStyle
        self.attachment = attachment
    }

    /// A resolved font with the descriptor it was resolved from (`font` = `resolved.descriptor`).
    public init(resolvedFont resolved: ResolvedFont) {
        self.init(font: resolved.descriptor, resolvedFont: resolved)
    }

    /// No attribute set.
    public static let empty = TextAttributes()

    /// Whether no field is set.
    public var isEmpty: Bool { self == .empty }

    /// The fields that are set.
    public var keys: [AttributeKey] { AttributeKey.allCases.filter { isSet($0) } }

    /// Whether `key`'s field is set.
    public func isSet(_ key: AttributeKey) -> Bool {
        switch key {
        case .font: font != nil
        case .resolvedFont: resolvedFont != nil
        case .foregroundColor: foregroundColor != nil
        case .backgroundColor: backgroundColor != nil
        case .strikethrough: strikethrough != nil
        case .underline: underline != nil
        case .textEffect: textEffect != nil
        case .kerning: kerning != nil
        case .baselineOffset: baselineOffset != nil
        case .paragraphStyle: paragraphStyle != nil
        case .attachment: attachment != nil
        }
    }

    /// These attributes with every field that `other` sets replaced by `other`'s value
    /// (TextKit `addAttributes(_:range:)`: set fields win, unset fields keep ours).
    ///
    /// One coupling: when `other` sets a different ``font`` without a ``resolvedFont``, our
    /// resolved font is dropped too, because it would describe another font than the one asked for.
    public func merging(_ other: TextAttributes) -> TextAttributes {
        var merged = self
        merged.merge(other)
        return merged
    }

    /// In-place ``merging(_:)``.
    public mutating func merge(_ other: TextAttributes) {
        if let value = other.font {
            if value != font && other.resolvedFont == nil { resolvedFont = nil }
            font = value
        }
        if let value = other.resolvedFont { resolvedFont = value }
        if let value = other.foregroundColor { foregroundColor = value }
        if let value = other.backgroundColor { backgroundColor = value }
        if let value = other.strikethrough { strikethrough = value }
        if let value = other.underline { underline = value }
        if let value = other.textEffect { textEffect = value }
        if let value = other.kerning { kerning = value }
        if let value = other.baselineOffset { baselineOffset = value }
        if let value = other.paragraphStyle { paragraphStyle = value }
        if let value = other.attachment { attachment = value }
    }

    /// Clears one field. Removing ``AttributeKey/font`` clears ``resolvedFont`` as well (the two
    /// describe one font); removing ``AttributeKey/resolvedFont`` keeps the descriptor.
    public mutating func remove(_ key: AttributeKey) {
        switch key {
        case .font:
            font = nil
            resolvedFont = nil
        case .resolvedFont: resolvedFont = nil
        case .foregroundColor: foregroundColor = nil
        case .backgroundColor: backgroundColor = nil
        case .strikethrough: strikethrough = nil
        case .underline: underline = nil
        case .textEffect: textEffect = nil
        case .kerning: kerning = nil
        case .baselineOffset: baselineOffset = nil
        case .paragraphStyle: paragraphStyle = nil
        case .attachment: attachment = nil
        }
    }

    /// A copy without `key`'s field (see ``remove(_:)``).
    public func removing(_ key: AttributeKey) -> TextAttributes {
        var copy = self
        copy.remove(key)
        return copy
    }
}

/// Names one field of ``TextAttributes`` (TextKit's `NSAttributedString.Key`), for
/// `removeAttribute(_:range:)`.
public enum AttributeKey: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// ``TextAttributes/font``: the font descriptor (`NSAttributedString.Key.font`).
    case font
    /// ``TextAttributes/resolvedFont``: the font file and size the descriptor resolved to.
    case resolvedFont
    /// ``TextAttributes/foregroundColor``: the text colour.
    case foregroundColor
    /// ``TextAttributes/backgroundColor``: the colour behind the glyphs.
    case backgroundColor
    /// ``TextAttributes/strikethrough``: a line through the text.
    case strikethrough
    /// ``TextAttributes/underline``: a line under the text.
    case underline
    /// ``TextAttributes/textEffect``: letterpress (`NSTextEffectLetterpressStyle`).
    case textEffect
    /// ``TextAttributes/kerning``: extra space after each character (`.kern`; 0 turns kerning off).
    case kerning
    /// ``TextAttributes/baselineOffset``: points the baseline moves up.
    case baselineOffset
    /// ``TextAttributes/paragraphStyle``: alignment, spacing, line breaking.
    case paragraphStyle
    /// ``TextAttributes/attachment``: an inline object on U+FFFC.
    case attachment

    public var description: String { rawValue }
}

extension TextAttributes: CustomStringConvertible {
    /// `{font: system semibold 17 pt (body), foregroundColor: #FF0000}`; `{}` when empty.
    public var description: String {
        var parts: [String] = []
        if let font { parts.append("font: \(font)") }
        if let resolvedFont {
            parts.append("resolvedFont: \(resolvedFont.familyName) \(resolvedFont.styleName) \(resolvedFont.pointSize) pt")
        }
        if let foregroundColor { parts.append("foregroundColor: \(foregroundColor)") }
        if let backgroundColor { parts.append("backgroundColor: \(backgroundColor)") }
        if let strikethrough { parts.append("strikethrough: \(strikethrough)") }
        if let underline { parts.append("underline: \(underline)") }
        if let textEffect { parts.append("textEffect: \(textEffect)") }
        if let kerning { parts.append("kerning: \(kerning)") }
        if let baselineOffset { parts.append("baselineOffset: \(baselineOffset)") }
        if let paragraphStyle { parts.append("paragraphStyle: \(paragraphStyle)") }
        if let attachment { parts.append("attachment: \(attachment)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
