import CFreeType
import Foundation
import Synchronization

/// One font file's face, loaded once per process and shared by every size (the metrics here are
/// in font units; ``ResolvedFont`` scales them). Owns its `FT_Face`.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// Path of the font file.
    public let path: String
    /// Face index inside the file (collections such as `.ttc` hold several).
    public let faceIndex: Int
    /// Family name as FreeType reads it.
    public let familyName: String
    /// Style name, e.g. `Semi Bold`.
    public let styleName: String
    /// Units per em (1000 for CFF, 2048 for most TrueType; colour bitmap fonts report theirs).
    public let unitsPerEm: Double
    /// hhea ascender in font units (positive).
    public let ascender: Double
    /// hhea descender in font units (negative).
    public let descender: Double
    /// hhea line height (ascender − descender + line gap) in font units.
    public let height: Double
    /// OS/2 cap height in font units (measured from 'H' when the table lacks it).
    public let capHeight: Double
    /// OS/2 x-height in font units (measured from 'x' when the table lacks it).
    public let xHeight: Double
    /// OS/2 `usWeightClass` (400 regular, 600 semibold, …).
    public let weightClass: Int
    /// Whether the face is italic or oblique.
    public let isItalic: Bool
    /// Whether the face has colour glyphs (emoji bitmaps).
    public let hasColor: Bool
    /// Whether the face is scalable (outlines) rather than fixed bitmap strikes.
    public let isScalable: Bool
    /// Fixed bitmap strike sizes in pixels (colour emoji fonts ship only these).
    public let bitmapStrikes: [Int]
    /// The font's version string from its name table, if any.
    public let version: String?

    // Owned: created by FreeTypeLibrary.newFace, released in deinit. Used only under `lock`.
    private let face: FT_Face
    private let library: FreeTypeLibrary
    /// Serialises every use of `face` (FreeType faces are not thread-safe).
    let lock = Mutex<Void>(())

    init(path: String, faceIndex: Int, library: FreeTypeLibrary) throws(FontSystemError) {
        self.path = path
        self.faceIndex = faceIndex
        self.library = library
        let face = try library.newFace(path: path, index: faceIndex)
        self.face = face
        let rec = face.pointee
        familyName = rec.family_name.map { String(cString: $0) } ?? (path as NSString).lastPathComponent
        styleName = rec.style_name.map { String(cString: $0) } ?? "Regular"
        let flags = Int(rec.face_flags)
        isScalable = flags & Int(FT_FACE_FLAG_SCALABLE) != 0
        hasColor = flags & Int(FT_FACE_FLAG_COLOR) != 0
        bitmapStrikes = (0..<Int(rec.num_fixed_sizes)).compactMap { index in
            rec.available_sizes.map { Int($0[index].y_ppem >> 6) }
        }
        isItalic = Int(rec.style_flags) & Int(FT_STYLE_FLAG_ITALIC) != 0
        if isScalable && rec.units_per_EM > 0 {
            unitsPerEm = Double(rec.units_per_EM)
            ascender = Double(rec.ascender)
            descender = Double(rec.descender)
            height = Double(rec.height)
        } else {
            // Bitmap-only faces (Noto Color Emoji's CBDT): use the first strike's metrics, in 26.6 pixels.
            let strike = Double(rec.available_sizes?.pointee.y_ppem ?? 64 * 16) / 64
            var ascent = strike * 0.95, descent = -strike * 0.25, lineHeight = strike * 1.2
            if FT_Select_Size(face, 0) == 0, let size = rec.size {
                ascent = Double(size.pointee.metrics.ascender) / 64
                descent = Double(size.pointee.metrics.descender) / 64
                lineHeight = Double(size.pointee.metrics.height) / 64
            }
            unitsPerEm = strike
            ascender = ascent
            descender = descent
            height = lineHeight
        }
        var cap: Double?, xh: Double?, weight = 400
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            weight = Int(os2.usWeightClass)
            if os2.version >= 2 && os2.sCapHeight > 0 { cap = Double(os2.sCapHeight) }
            if os2.version >= 2 && os2.sxHeight > 0 { xh = Double(os2.sxHeight) }
        } else if flags & Int(FT_FACE_FLAG_SFNT) == 0 {
            weight = styleName.lowercased().contains("bold") ? 700 : 400
        }
        capHeight = cap ?? FontFace.measureHeight(of: "H", face: face) ?? (Double(rec.ascender) * 0.7)
        xHeight = xh ?? FontFace.measureHeight(of: "x", face: face) ?? (Double(rec.ascender) * 0.5)
        weightClass = weight
        version = FontFace.nameEntry(face: face, nameID: 5)
    }

    deinit { library.doneFace(face) }

    /// Height of a glyph's outline bounding box in font units (used when OS/2 lacks the value).
    private static func measureHeight(of character: Character, face: FT_Face) -> Double? {
        guard let scalar = character.unicodeScalars.first else { return nil }
        let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard glyph != 0, FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph
        else { return nil }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &box)
        return Double(box.yMax)
    }

    /// A string from the font's name table (English entries first), e.g. nameID 5 = version.
    private static func nameEntry(face: FT_Face, nameID: UInt16) -> String? {
        let count = FT_Get_Sfnt_Name_Count(face)
        var fallback: String?
        for index in 0..<count {
            var name = FT_SfntName()
            guard FT_Get_Sfnt_Name(face, index, &name) == 0, name.name_id == nameID, let bytes = name.string else {
                continue
            }
            let buffer = UnsafeBufferPointer(start: bytes, count: Int(name.string_len))
            let text: String?
            if name.platform_id == 3 || name.platform_id == 0 {
                // Windows/Unicode platform: UTF-16 big-endian.
                var units: [UInt16] = []
                units.reserveCapacity(buffer.count / 2)
                var i = 0
                while i + 1 < buffer.count {
                    units.append(UInt16(buffer[i]) << 8 | UInt16(buffer[i + 1]))
                    i += 2
                }
                text = String(decoding: units, as: UTF16.self)
            } else {
                text = String(decoding: buffer, as: UTF8.self)
            }
            if let text, !text.isEmpty {
                if name.platform_id == 3 && name.language_id == 0x409 { return text }
                fallback = fallback ?? text
            }
        }
        return fallback
    }

    /// Runs `body` with the FreeType face, under the face's lock (for the rasterizer and shaper).
    package func withFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        try lock.withLock { _ in try body(face) }
    }

    /// Whether the face has a glyph for `scalar` (its cmap maps it to a non-zero glyph).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        withFace { FT_Get_Char_Index($0, FT_ULong(scalar.value)) != 0 }
    }

    /// Family, style and file name, e.g. `Inter Semi Bold (Inter-SemiBold.otf)`.
    public var description: String { "\(familyName) \(styleName) (\((path as NSString).lastPathComponent))" }

    public static func == (lhs: FontFace, rhs: FontFace) -> Bool {
        lhs.path == rhs.path && lhs.faceIndex == rhs.faceIndex
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(faceIndex)
    }
}
