/// Symbolic traits of a font descriptor (UIKit `UIFontDescriptor.SymbolicTraits`), the subset the
/// seeds use plus monospace.
public struct SymbolicTraits: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The trait bits (UIKit's values).
    public let rawValue: UInt32
    /// Traits from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `traitItalic`: the italic (or oblique) face.
    public static let italic = SymbolicTraits(rawValue: 1 << 0)
    /// `traitBold`: the style's emphasized weight (HIG "Emphasized weight" column).
    public static let bold = SymbolicTraits(rawValue: 1 << 1)
    /// `traitMonoSpace`: a fixed-pitch family.
    public static let monoSpace = SymbolicTraits(rawValue: 1 << 10)

    public var description: String {
        var parts: [String] = []
        if contains(.bold) { parts.append("bold") }
        if contains(.italic) { parts.append("italic") }
        if contains(.monoSpace) { parts.append("monospace") }
        return parts.isEmpty ? "none" : parts.joined(separator: "+")
    }
}
