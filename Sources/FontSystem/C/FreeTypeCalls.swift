internal import CFreeType
import Foundation

// Every call into FreeType in the package is in this file. The owners of the handles are
// ``FreeTypeLibrary`` (the `FT_Library`) and ``FontFace`` (each `FT_Face`); they keep the handle
// structs below, which only name a handle and never free it themselves. Rendering reaches FreeType
// through `FontFace`'s package methods (`rasterizeGlyph`, `decorationMetrics`), never directly.
//
// Every `FT_Error` is checked; a failure becomes a Swift error carrying FreeType's own message
// (`FT_Error_String`, or a word for the common codes when the distribution builds without it).

/// FreeType error codes as words (FreeType builds without FT_Error_String on some distributions).
private func describe(_ error: FT_Error) -> String {
    if let text = FT_Error_String(error) { return String(cString: text) + " (FT_Error \(error))" }
    switch error {
    case 0x01: return "cannot open resource (FT_Error 1)"
    case 0x02: return "unknown file format (FT_Error 2)"
    case 0x03: return "broken file (FT_Error 3)"
    case 0x06: return "invalid face index (FT_Error 6)"
    default: return "FT_Error \(error)"
    }
}

// MARK: - Library

/// An `FT_Library`, owned by ``FreeTypeLibrary`` (which serialises every use under its lock).
struct FreeTypeLibraryHandle {
    fileprivate let library: FT_Library

    /// `FT_Init_FreeType`; the caller owns the result and releases it with ``done()``.
    static func initialize() throws(FontSystemError) -> FreeTypeLibraryHandle {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw .freetypeUnavailable(freetypeError: describe(error)) }
        return FreeTypeLibraryHandle(library: library)
    }

    /// `FT_Done_FreeType`. It fails only for an invalid handle, which single ownership rules out;
    /// the owner's `deinit` could not report it anyway.
    func done() { _ = FT_Done_FreeType(library) }

    /// FreeType's version, e.g. `2.12.1`.
    var version: String {
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// `FT_New_Face`; the caller owns the result and releases it with ``doneFace(_:)``.
    func newFace(path: String, index: Int) throws(FontSystemError) -> FreeTypeFaceHandle {
        var face: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(index), &face)
        guard error == 0, let face else {
            throw .faceLoadFailed(file: path, faceIndex: index, freetypeError: describe(error))
        }
        return FreeTypeFaceHandle(face: face)
    }

    /// `FT_Done_Face` (fails only for an invalid handle, as ``done()``).
    func doneFace(_ face: FreeTypeFaceHandle) { _ = FT_Done_Face(face.face) }
}

// MARK: - Face

/// What ``FontFace`` reads from a face once, in font units (strike pixels for bitmap-only faces);
/// ``FontFace`` documents each value.
struct FreeTypeFaceProperties {
    /// `family_name`, nil when the face has none.
    var familyName: String?
    /// `style_name`, nil when the face has none.
    var styleName: String?
    /// `FT_FACE_FLAG_SCALABLE`.
    var isScalable: Bool
    /// `FT_FACE_FLAG_COLOR`.
    var hasColor: Bool
    /// `FT_STYLE_FLAG_ITALIC`.
    var isItalic: Bool
    /// `available_sizes` in whole pixels.
    var bitmapStrikes: [Int]
    /// hhea metrics (or the first strike's, for bitmap-only faces).
    var unitsPerEm: Double, ascender: Double, descender: Double, height: Double
    /// OS/2 values, measured from outlines where the table lacks them.
    var capHeight: Double, xHeight: Double, weightClass: Int
    /// Name table entry 5.
    var version: String?
}

/// An `FT_Face`, owned by ``FontFace``. FreeType faces are not thread-safe: every method must be
/// called under the owning face's lock.
struct FreeTypeFaceHandle {
    fileprivate let face: FT_Face

    /// Names, flags and metrics (hhea, OS/2, name table), measured from glyphs where tables lack them.
    func properties() -> FreeTypeFaceProperties {
        let rec = face.pointee
        let familyName = rec.family_name.map { String(cString: $0) }
        let styleName = rec.style_name.map { String(cString: $0) }
        let flags = Int(rec.face_flags)
        let isScalable = flags & Int(FT_FACE_FLAG_SCALABLE) != 0
        let strikes = (0..<Int(rec.num_fixed_sizes)).compactMap { index in
            rec.available_sizes.map { Int($0[index].y_ppem >> 6) }
        }
        let unitsPerEm: Double, ascender: Double, descender: Double, height: Double
        if isScalable && rec.units_per_EM > 0 {
            unitsPerEm = Double(rec.units_per_EM)
            ascender = Double(rec.ascender)
            descender = Double(rec.descender)
            height = Double(rec.height)
        } else {
            // Bitmap-only faces (Noto Color Emoji's CBDT): use the first strike's metrics, in 26.6 pixels.
            let strike = Double(rec.available_sizes?.pointee.y_ppem ?? 64 * 16) / 64
            var ascent = strike * 0.95, descent = -strike * 0.25, lineHeight = strike * 1.2
            // A face whose first strike cannot be selected keeps the proportional estimates.
            if FT_Select_Size(face, 0) == 0, let size = face.pointee.size {
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
            weight = (styleName ?? "").lowercased().contains("bold") ? 700 : 400
        }
        return FreeTypeFaceProperties(
            familyName: familyName, styleName: styleName, isScalable: isScalable,
            hasColor: flags & Int(FT_FACE_FLAG_COLOR) != 0,
            isItalic: Int(rec.style_flags) & Int(FT_STYLE_FLAG_ITALIC) != 0, bitmapStrikes: strikes,
            unitsPerEm: unitsPerEm, ascender: ascender, descender: descender, height: height,
            capHeight: cap ?? measureHeight(of: "H") ?? (Double(rec.ascender) * 0.7),
            xHeight: xh ?? measureHeight(of: "x") ?? (Double(rec.ascender) * 0.5),
            weightClass: weight, version: nameEntry(nameID: 5))
    }

    /// Height of a glyph's outline bounding box in font units (used when OS/2 lacks the value);
    /// nil when the face has no such glyph or it cannot be loaded.
    private func measureHeight(of character: Character) -> Double? {
        guard let scalar = character.unicodeScalars.first else { return nil }
        let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard glyph != 0, FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph
        else { return nil }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &box)
        return Double(box.yMax)
    }

    /// A string from the font's name table (English entries first), e.g. nameID 5 = version.
    private func nameEntry(nameID: UInt16) -> String? {
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

    /// The glyph the face's cmap gives `scalar` (0 = none).
    func glyphIndex(of scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    // MARK: Rasterizing

    /// Loads and renders one glyph at `size26_6` (pixels per em in 26.6 fixed point), the outline
    /// shifted right by `shift26_6` (subpixel positioning).
    ///
    /// Outlines are loaded unhinted (`FT_LOAD_NO_HINTING`: like Core Text, and the shaper's advances
    /// are unhinted too) at `FT_Set_Char_Size` 72 dpi and rendered with `FT_RENDER_MODE_NORMAL`.
    /// Colour bitmap faces (Noto Color Emoji) have fixed strikes: the nearest strike is selected
    /// with `FT_Select_Size` and loaded with `FT_LOAD_COLOR` (premultiplied BGRA, returned as
    /// premultiplied RGBA); ``GlyphBitmap/strikeScale`` says how much to scale it.
    func rasterize(glyphID: UInt32, size26_6: Int, shift26_6: Int) -> Result<GlyphBitmap, GlyphRasterError> {
        let flags = Int(face.pointee.face_flags)
        let scalable = flags & Int(FT_FACE_FLAG_SCALABLE) != 0
        let pixelSize = Double(size26_6) / 64
        guard size26_6 > 0 else { return .success(.empty) }
        var strikeScale = 1.0
        var loadFlags = Int(FT_LOAD_COLOR)
        if scalable {
            let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(size26_6), 72, 72)
            guard error == 0 else { return .failure(GlyphRasterError(call: "FT_Set_Char_Size", error)) }
            loadFlags |= Int(FT_LOAD_NO_HINTING) | Int(FT_LOAD_NO_BITMAP)
        } else {
            guard let strike = bestStrike(pixelSize: pixelSize) else {
                return .failure(GlyphRasterError(call: "FT_Select_Size", 0x17, detail: "face has no bitmap strikes"))
            }
            let error = FT_Select_Size(face, FT_Int(strike.index))
            guard error == 0 else { return .failure(GlyphRasterError(call: "FT_Select_Size", error)) }
            strikeScale = pixelSize / strike.ppem
        }
        var error = FT_Load_Glyph(face, FT_UInt(glyphID), FT_Int32(loadFlags))
        guard error == 0 else { return .failure(GlyphRasterError(call: "FT_Load_Glyph", error)) }
        guard let slot = face.pointee.glyph else {
            return .failure(GlyphRasterError(call: "FT_Load_Glyph", 0, detail: "no glyph slot"))
        }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            if shift26_6 != 0 && slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                FT_Outline_Translate(&slot.pointee.outline, FT_Pos(shift26_6), 0)
            }
            error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
            guard error == 0 else { return .failure(GlyphRasterError(call: "FT_Render_Glyph", error)) }
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        let left = Int(slot.pointee.bitmap_left), top = Int(slot.pointee.bitmap_top)
        guard width > 0, rows > 0 else { return .success(.empty) }
        guard let buffer = bitmap.buffer else {
            return .failure(GlyphRasterError(call: "FT_Render_Glyph", 0, detail: "empty bitmap buffer"))
        }
        let pitch = Int(bitmap.pitch)
        func row(_ r: Int) -> UnsafeMutablePointer<UInt8> {
            // A negative pitch means the buffer starts with the bottom row.
            pitch >= 0 ? buffer + r * pitch : buffer + (rows - 1 - r) * -pitch
        }
        let mode = UInt32(bitmap.pixel_mode)
        switch mode {
        case FT_PIXEL_MODE_BGRA.rawValue:
            var premultiplied = [UInt8](repeating: 0, count: width * rows * 4)
            for r in 0..<rows {
                let source = row(r)
                for c in 0..<width {
                    let s = c * 4, d = (r * width + c) * 4
                    premultiplied[d] = source[s + 2]
                    premultiplied[d + 1] = source[s + 1]
                    premultiplied[d + 2] = source[s]
                    premultiplied[d + 3] = source[s + 3]
                }
            }
            return .success(
                GlyphBitmap(
                    kind: .premultipliedRGBA, width: width, height: rows, left: left, top: top, pixels: premultiplied,
                    strikeScale: strikeScale))
        case FT_PIXEL_MODE_GRAY.rawValue, FT_PIXEL_MODE_MONO.rawValue, FT_PIXEL_MODE_GRAY2.rawValue,
            FT_PIXEL_MODE_GRAY4.rawValue:
            var coverage = [UInt8](repeating: 0, count: width * rows)
            let grays = max(2, Int(bitmap.num_grays))
            for r in 0..<rows {
                let source = row(r)
                for c in 0..<width {
                    let value: Int
                    switch mode {
                    case FT_PIXEL_MODE_MONO.rawValue: value = (Int(source[c >> 3]) >> (7 - (c & 7))) & 1 == 1 ? 255 : 0
                    case FT_PIXEL_MODE_GRAY2.rawValue: value = ((Int(source[c >> 2]) >> (6 - 2 * (c & 3))) & 3) * 255 / 3
                    case FT_PIXEL_MODE_GRAY4.rawValue: value = ((Int(source[c >> 1]) >> (4 - 4 * (c & 1))) & 15) * 255 / 15
                    default: value = grays == 256 ? Int(source[c]) : Int(source[c]) * 255 / (grays - 1)
                    }
                    coverage[r * width + c] = UInt8(min(255, value))
                }
            }
            return .success(
                GlyphBitmap(
                    kind: .coverage, width: width, height: rows, left: left, top: top, pixels: coverage,
                    strikeScale: strikeScale))
        default:
            return .failure(GlyphRasterError(call: "FT_Render_Glyph", 0, detail: "unsupported pixel mode \(mode)"))
        }
    }

    /// The strike to draw `pixelSize` from: the smallest one at least that big, else the biggest.
    private func bestStrike(pixelSize: Double) -> (index: Int, ppem: Double)? {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
        var best: (index: Int, ppem: Double)?
        var largest: (index: Int, ppem: Double)?
        for index in 0..<count {
            let ppem = Double(sizes[index].y_ppem) / 64
            guard ppem > 0 else { continue }
            if largest.map({ ppem > $0.ppem }) ?? true { largest = (index, ppem) }
            if ppem >= pixelSize && (best.map { ppem < $0.ppem } ?? true) { best = (index, ppem) }
        }
        return best ?? largest
    }

    /// Underline and strikeout geometry from the `post` and OS/2 tables, with fallbacks for
    /// faces that lack them (`unitsPerEm` and `xHeight` are the face's, as ``FontFace`` reports them).
    func decorationMetrics(unitsPerEm faceUnitsPerEm: Double, xHeight faceXHeight: Double) -> DecorationMetrics {
        let rec = face.pointee
        let scalable = Int(rec.face_flags) & Int(FT_FACE_FLAG_SCALABLE) != 0
        // Bitmap-only faces report metrics in strike pixels; FontFace exposes them as "units per em".
        let upem = scalable && rec.units_per_EM > 0 ? Double(rec.units_per_EM) : faceUnitsPerEm
        // Fallbacks (no `post`/OS/2 values): a stroke of 1/14 em, the underline 1/10 em below the
        // baseline, the strikeout centred on half the x-height.
        let fallbackThickness = upem / 14
        var underlinePosition = -upem / 10
        var underlineThickness = fallbackThickness
        if scalable && rec.underline_thickness > 0 {
            underlinePosition = Double(rec.underline_position)
            underlineThickness = Double(rec.underline_thickness)
        }
        var strikeoutThickness = underlineThickness
        let xHeight = faceXHeight > 0 ? faceXHeight : upem * 0.5
        var strikeoutPosition = xHeight / 2 + strikeoutThickness / 2
        if scalable, let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.yStrikeoutSize > 0 && os2.yStrikeoutPosition > 0 {
                strikeoutPosition = Double(os2.yStrikeoutPosition)
                strikeoutThickness = Double(os2.yStrikeoutSize)
            }
        }
        return DecorationMetrics(
            underlinePosition: underlinePosition, underlineThickness: underlineThickness,
            strikeoutPosition: strikeoutPosition, strikeoutThickness: strikeoutThickness, unitsPerEm: upem)
    }
}

extension GlyphRasterError {
    /// A failed FreeType call with FreeType's message for `code` (or `detail` when given).
    fileprivate init(call: String, _ code: FT_Error, detail: String? = nil) {
        self.init(call: call, code: Int32(code), detail: detail ?? FT_Error_String(code).map { String(cString: $0) })
    }
}
