import DynamicTypeCore

/// A font descriptor matched to a real font file at a size, with its real metrics (UIKit `UIFont`).
///
/// Metrics are in points at ``pointSize`` (1 pt = 1 px at scale 1), from the face's hhea and OS/2
/// tables as FreeType reads them. ``lineHeight`` is the font's own line height (UIKit
/// `UIFont.lineHeight`); ``rampLeading`` is the type ramp's leading when the font came from a text
/// style — layout uses the ramp leading, as the HIG prescribes.
///
/// A class, as `UIFont` is: every shaped run and line holds its font, and an immutable reference
/// costs one pointer and one retain where the value (descriptor, names, substitution) cost
/// hundreds of bytes and a dozen retains per copy. Equality is by value.
public final class ResolvedFont: Hashable, Sendable, CustomStringConvertible {
    /// The loaded face (shared by every size of this file).
    package let face: FontFace
    /// Point size.
    public let pointSize: Double
    /// The descriptor this font was resolved from.
    public let descriptor: FontDescriptor
    /// fontconfig's family name of the matched font (the first one it declares).
    public let familyName: String
    /// fontconfig's style name, e.g. `Semi Bold`.
    public let styleName: String
    /// Named weight nearest to the face's weight class.
    public let weight: FontWeight
    /// Whether the face is italic.
    public let isItalic: Bool
    /// Set when the requested family was not the one used: what was asked, what was used, and why.
    package let substitution: FontSubstitution?

    package init(
        face: FontFace, pointSize: Double, descriptor: FontDescriptor, familyName: String, styleName: String,
        weight: FontWeight, isItalic: Bool, substitution: FontSubstitution?
    ) {
        self.face = face
        self.pointSize = pointSize
        self.descriptor = descriptor
        self.familyName = familyName
        self.styleName = styleName
        self.weight = weight
        self.isItalic = isItalic
        self.substitution = substitution
    }

    private var scale: Double { pointSize / face.unitsPerEm }

    /// Path of the font file.
    public var filePath: String { face.path }
    /// Face index inside the file.
    public var faceIndex: Int { face.faceIndex }
    /// Units per em of the face.
    public var unitsPerEm: Double { face.unitsPerEm }
    /// Distance from the baseline to the top of the tallest glyphs, in points (positive).
    public var ascender: Double { face.ascender * scale }
    /// Distance from the baseline to the bottom of the deepest glyphs, in points (negative, as UIKit).
    public var descender: Double { face.descender * scale }
    /// Extra space between lines recommended by the font, in points (UIKit `UIFont.leading`).
    public var lineGap: Double { max(0, face.height - (face.ascender - face.descender)) * scale }
    /// The font's own line height: ascender − descender + line gap (UIKit `UIFont.lineHeight`).
    public var lineHeight: Double { ascender - descender + lineGap }
    /// Cap height in points.
    public var capHeight: Double { face.capHeight * scale }
    /// x-height in points.
    public var xHeight: Double { face.xHeight * scale }
    /// The type ramp's line height when resolved from a text style; otherwise the font's own.
    public var rampLeading: Double { descriptor.leading ?? lineHeight }
    /// Tracking from the ramp, in points.
    public var trackingPoints: Double { descriptor.trackingPerMille * pointSize / 1000 }

    public var description: String {
        "\(familyName) \(styleName) \(PointFormat.string(pointSize)) pt (\(face.path))"
    }

    public static func == (lhs: ResolvedFont, rhs: ResolvedFont) -> Bool {
        lhs === rhs || lhs.face == rhs.face && lhs.pointSize == rhs.pointSize && lhs.descriptor == rhs.descriptor
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(face)
        hasher.combine(pointSize)
    }
}

/// A requested family that was not used as-is.
package struct FontSubstitution: Hashable, Sendable, CustomStringConvertible {
    /// Why the family changed.
    public enum Reason: String, Hashable, Sendable {
        /// The family map sends this name to another family (Zapfino → Z003, system → Inter).
        case mapped
        /// The mapped or requested family is not installed; a later candidate was used.
        case notInstalled
        /// A character is not in the font; another font that has it was used.
        case missingGlyph
    }

    /// The family asked for (a family-map key such as `system` or an installed family name).
    public let requested: String
    /// The family actually used.
    public let used: String
    /// Why.
    public let reason: Reason
    /// Families tried before `used` that are not installed.
    public let missing: [String]
    /// How closely `used` reproduces the requested font, when `used` is the family map's declared
    /// stand-in (nil for glyph fallbacks and for a later candidate used because the stand-in is missing).
    package let match: FontFamilyMap.Match?
    /// The family map's reason for the stand-in (`look-alike: a calligraphic script…`), under the
    /// same condition as ``match``; reports print it so a reader knows how far to trust line breaks.
    public let why: String?

    package init(
        requested: String, used: String, reason: Reason, missing: [String], match: FontFamilyMap.Match? = nil,
        why: String? = nil
    ) {
        self.requested = requested
        self.used = used
        self.reason = reason
        self.missing = missing
        self.match = match
        self.why = why
    }

    public var description: String {
        switch reason {
        case .mapped:
            return "\(requested) → \(used) (family map" + (why.map { "; \($0)" } ?? "") + ")"
        case .notInstalled:
            return "\(requested) → \(used) (not installed: \(missing.joined(separator: ", ")))"
        case .missingGlyph:
            return "\(requested) → \(used) (glyph fallback)"
        }
    }
}
