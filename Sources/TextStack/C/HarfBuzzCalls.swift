internal import CHarfBuzz

// Every call into HarfBuzz in the package is in this file. The owners of the handles are
// ``HarfBuzzFace`` (blob and face), ``HarfBuzzFont`` (font) and ``HarfBuzzBuffer`` (buffer); they
// keep the handle structs below, which only name handles and never free them on their own.
//
// HarfBuzz's constructors never return NULL: on failure they return an inert empty object, which
// is checked for explicitly (no glyphs, `hb_buffer_allocation_successful`), and turned into a
// ``ShapingError``.

enum HarfBuzzCalls {
    /// HarfBuzz's runtime version, e.g. `6.0.0`.
    static var version: String {
        guard let text = hb_version_string() else { return "unknown" }
        return String(cString: text)
    }

    /// The ISO 15924 tag of a script as a big-endian 32-bit value.
    static func iso15924Tag(of script: ScriptCode) -> UInt32 { hb_script_to_iso15924_tag(script.hb) }
}

// MARK: - Scripts

extension ScriptCode {
    fileprivate var hb: hb_script_t { hb_script_t(rawValue: rawValue) }
}

/// HarfBuzz's default Unicode functions (the Unicode Character Database it was built with).
struct HarfBuzzUnicodeFunctions {
    fileprivate let functions: OpaquePointer

    /// The default functions (a static object owned by HarfBuzz).
    static var `default`: HarfBuzzUnicodeFunctions { HarfBuzzUnicodeFunctions(functions: hb_unicode_funcs_get_default()) }

    /// The Unicode `Script` property of a code point.
    @inline(__always)
    func script(of codePoint: UInt32) -> ScriptCode {
        ScriptCode(rawValue: hb_unicode_script(functions, codePoint).rawValue)
    }
}

// MARK: - Face and font

/// A font file's blob and one face in it, owned by ``HarfBuzzFace``.
struct HarfBuzzFaceHandle: @unchecked Sendable {
    // Both only read after `open`; HarfBuzz faces are thread-safe once made immutable.
    fileprivate let blob: OpaquePointer
    fileprivate let face: OpaquePointer

    /// Maps the file and opens face `faceIndex` in it, made immutable; the caller owns the result
    /// and releases it with ``destroy()``.
    ///
    /// - Throws: ``ShapingError/fontUnreadable(path:faceIndex:reason:)`` when the file cannot be
    ///   read, has no face at that index, or HarfBuzz finds no glyphs in it.
    static func open(path: String, faceIndex: Int) throws(ShapingError) -> HarfBuzzFaceHandle {
        // The `_or_fail` variant returns NULL instead of the empty blob, so a missing file is an
        // error here rather than a font that silently shapes everything to glyph 0.
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .fontUnreadable(path: path, faceIndex: faceIndex, reason: "cannot read the file")
        }
        let faceCount = hb_face_count(blob)
        guard faceIndex >= 0, UInt32(faceIndex) < faceCount else {
            hb_blob_destroy(blob)
            throw .fontUnreadable(
                path: path, faceIndex: faceIndex,
                reason: "the file holds \(faceCount) OpenType face(s); index \(faceIndex) does not exist")
        }
        // hb_face_create never returns NULL: on failure it returns the inert empty face, which
        // has no glyphs. Check for that instead.
        guard let face = hb_face_create(blob, UInt32(faceIndex)), hb_face_get_glyph_count(face) > 0 else {
            hb_blob_destroy(blob)
            throw .fontUnreadable(path: path, faceIndex: faceIndex, reason: "HarfBuzz finds no glyphs in the face")
        }
        hb_face_make_immutable(face)
        return HarfBuzzFaceHandle(blob: blob, face: face)
    }

    /// Units per em from the `head` table.
    var unitsPerEm: UInt32 { hb_face_get_upem(face) }

    /// Releases the face and its blob.
    func destroy() {
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }
}

/// A HarfBuzz font (a face at one scale), owned by ``HarfBuzzFont``.
struct HarfBuzzFontHandle: @unchecked Sendable {
    // Only read after `create`; HarfBuzz documents immutable fonts as safe to share between threads.
    fileprivate let font: OpaquePointer

    /// A font for `face` at `scale` units per em with HarfBuzz's own OpenType font functions
    /// (`hmtx`/`GPOS`, no hinting), made immutable; released with ``destroy()``.
    static func create(face: HarfBuzzFaceHandle, scale: Int32) throws(ShapingError) -> HarfBuzzFontHandle {
        // hb_font_create never returns NULL (inert font on allocation failure); its default font
        // functions are the OpenType ones (hb_ot_font_set_funcs), which is what we want.
        guard let font = hb_font_create(face.face), hb_font_get_face(font) == face.face else {
            throw .outOfMemory(operation: "hb_font_create")
        }
        hb_font_set_scale(font, scale, scale)
        hb_font_make_immutable(font)
        return HarfBuzzFontHandle(font: font)
    }

    /// Releases the font.
    func destroy() { hb_font_destroy(font) }

    /// The glyph the font's cmap gives `scalar`, or nil when it has none (or maps it to glyph 0).
    @inline(__always)
    func nominalGlyph(_ scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 && glyph != 0 ? glyph : nil
    }
}

// MARK: - Buffer

/// One `hb_buffer_t` and the language it shapes in, owned by ``HarfBuzzBuffer``.
struct HarfBuzzBufferHandle {
    fileprivate let buffer: OpaquePointer
    fileprivate let language: hb_language_t?

    /// `kern` off for the whole item (kerning attribute 0).
    private static let kernOff = hb_feature_t(tag: tag("kern"), value: 0, start: 0, end: UInt32.max)

    /// A new buffer for text in `language` (a BCP 47 tag; nil, empty or malformed: the font's
    /// default); released with ``destroy()``.
    static func create(language: String?) throws(ShapingError) -> HarfBuzzBufferHandle {
        // hb_buffer_create never returns NULL; on allocation failure it returns the inert empty
        // buffer, which reports itself through hb_buffer_allocation_successful.
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            throw .outOfMemory(operation: "hb_buffer_create")
        }
        var tag: hb_language_t? = nil
        if let language, !language.isEmpty {
            // NULL (HB_LANGUAGE_INVALID) for a malformed tag: then shape as if none was given.
            tag = hb_language_from_string(language, -1)
        }
        return HarfBuzzBufferHandle(buffer: buffer, language: tag)
    }

    /// Releases the buffer.
    func destroy() { hb_buffer_destroy(buffer) }

    /// Shapes `range` of `text` with the whole paragraph as context, so clusters are paragraph
    /// offsets and joining or contextual forms see the characters just outside the range.
    /// Positions are converted to points at `unitsPerPoint` HarfBuzz units per point.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: HarfBuzzFontHandle, script: ScriptCode,
        rightToLeft: Bool, kerningOff: Bool, unitsPerPoint: Double
    ) throws(ShapingError) -> [ShapedGlyph] {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script.hb)
        if let language { hb_buffer_set_language(buffer, language) }
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        // Beginning/end of text: lets HarfBuzz treat a broken cluster at the paragraph's edge as
        // text (dotted circle) rather than as a continuation of unseen context.
        if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        guard hb_buffer_allocation_successful(buffer) != 0 else { throw .outOfMemory(operation: "hb_buffer_add_utf16") }

        if kerningOff {
            var feature = Self.kernOff
            hb_shape(font.font, buffer, &feature, 1)
        } else {
            hb_shape(font.font, buffer, nil, 0)
        }
        guard hb_buffer_allocation_successful(buffer) != 0 else { throw .outOfMemory(operation: "hb_shape") }

        var length: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &length), length > 0 else { return [] }
        guard let positions = hb_buffer_get_glyph_positions(buffer, nil) else {
            throw .outOfMemory(operation: "hb_buffer_get_glyph_positions")
        }
        let unsafeToBreak = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(length))
        for index in 0..<Int(length) {
            let info = infos[index]
            let position = positions[index]
            glyphs.append(
                ShapedGlyph(
                    glyphID: info.codepoint, cluster: Int(info.cluster),
                    advance: Double(position.x_advance) / unitsPerPoint,
                    xOffset: Double(position.x_offset) / unitsPerPoint,
                    yOffset: Double(position.y_offset) / unitsPerPoint,
                    isUnsafeToBreak: info.mask & unsafeToBreak != 0))
        }
        return glyphs
    }

    /// A HarfBuzz tag from four ASCII characters.
    private static func tag(_ text: StaticString) -> hb_tag_t {
        precondition(text.utf8CodeUnitCount == 4)
        return text.withUTF8Buffer { bytes in
            bytes.reduce(0) { ($0 << 8) | hb_tag_t($1) }
        }
    }
}
