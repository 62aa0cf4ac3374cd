import FontSystem
import Synchronization

/// One font file's HarfBuzz face: owns the `hb_blob_t` (the memory-mapped file) and the
/// `hb_face_t` made from it, shared by every size of that face. (The HarfBuzz calls are in
/// `C/HarfBuzzCalls.swift`.)
///
/// `@unchecked Sendable`: both handles are only read after `init`, and HarfBuzz faces are
/// thread-safe once created (their lazily loaded tables are published atomically).
final class HarfBuzzFace: @unchecked Sendable {
    /// Path of the font file.
    let path: String
    /// Face index inside the file.
    let faceIndex: Int
    /// Units per em from the `head` table.
    let unitsPerEm: UInt32
    // Owned: created in init, destroyed in deinit.
    let handle: HarfBuzzFaceHandle

    /// Maps the file and opens face `faceIndex` in it.
    ///
    /// - Throws: ``ShapingError/fontUnreadable(path:faceIndex:reason:)`` when the file cannot be
    ///   read, has no face at that index, or HarfBuzz finds no glyphs in it (e.g. a Type 1 font,
    ///   which FreeType reads but HarfBuzz cannot shape).
    init(path: String, faceIndex: Int) throws(ShapingError) {
        self.path = path
        self.faceIndex = faceIndex
        handle = try HarfBuzzFaceHandle.open(path: path, faceIndex: faceIndex)
        unitsPerEm = handle.unitsPerEm
    }

    deinit { handle.destroy() }
}

/// A HarfBuzz font: one face at one size, using HarfBuzz's own OpenType font functions
/// (`hmtx`/`GPOS`, no hinting), so advances are the ones `hb-shape` prints for the same scale.
///
/// The scale is ``unitsPerPoint`` units per point: HarfBuzz positions are integers, and
/// 1/1024 pt keeps each glyph's rounding error under 0.0005 pt (with 26.6 fixed point — 1/64 pt —
/// a 60-glyph line could drift by a few hundredths of a point against Core Text's unrounded
/// advances, enough to move a line break). The same scale is what `hb-shape --font-size=<size × 1024>` uses.
///
/// `@unchecked Sendable`: the font is made immutable after set-up; HarfBuzz documents immutable
/// fonts as safe to share between threads for shaping and glyph lookups.
final class HarfBuzzFont: @unchecked Sendable {
    /// HarfBuzz units per point.
    static let unitsPerPoint = 1024.0

    /// The face this font draws from (kept alive for its path and metrics).
    let face: HarfBuzzFace
    /// The HarfBuzz scale (units per em at this size).
    let scale: Int32
    // Owned: created in init, destroyed in deinit. Holds its own reference to the face.
    let handle: HarfBuzzFontHandle
    /// The glyph of U+0020, used to stand in for control characters (tab, line separators) so they
    /// never draw as .notdef; 0 when the font has no space.
    let spaceGlyph: UInt32

    /// A font for `face` at `scale` units per em.
    init(face: HarfBuzzFace, scale: Int32) throws(ShapingError) {
        let handle = try HarfBuzzFontHandle.create(face: face.handle, scale: scale)
        self.face = face
        self.scale = scale
        self.handle = handle
        spaceGlyph = handle.nominalGlyph(0x20) ?? 0
        var coverage = ASCIICoverage()
        for value in UInt32(0x20)..<0x7F {
            guard handle.nominalGlyph(value) != nil else { continue }
            if value < 64 { coverage.low |= 1 << UInt64(value) } else { coverage.high |= 1 << UInt64(value - 64) }
        }
        asciiCoverage = coverage
    }

    deinit { handle.destroy() }

    /// Which printable ASCII characters (U+0020–U+007E) a font has: one bit per character.
    struct ASCIICoverage {
        var low: UInt64 = 0  // U+0000–U+003F
        var high: UInt64 = 0  // U+0040–U+007F

        /// Whether `value` is printable ASCII the font has (false for anything else).
        @inline(__always)
        func contains(_ value: UInt32) -> Bool {
            if value < 64 { return low & (1 << UInt64(value)) != 0 }
            if value < 128 { return high & (1 << UInt64(value - 64)) != 0 }
            return false
        }
    }

    /// The font's printable ASCII coverage, read once from its cmap (most text is ASCII, and
    /// this answers "does the font have it" without a call into HarfBuzz).
    let asciiCoverage: ASCIICoverage

    /// The glyph the font's cmap gives `scalar`, or nil when it has none.
    @inline(__always)
    func nominalGlyph(_ scalar: UInt32) -> UInt32? { handle.nominalGlyph(scalar) }

    /// The HarfBuzz scale for a point size (rounded to whole units).
    static func scale(forPointSize size: Double) -> Int32 {
        // Resolved fonts are at most FontDescriptor.maximumPointSize (1,024,000 units); clamping
        // keeps a size that slipped past that from trapping.
        let units = (size * unitsPerPoint).rounded()
        guard units.isFinite else { return 1 }
        return Int32(max(1, min(units, Double(Int32.max))))
    }
}

/// Process-wide cache of HarfBuzz faces (per file and index) and fonts (per face and scale).
///
/// Faces are expensive (the file is mapped and tables parsed lazily), fonts cheap; both are
/// immutable once made, so one cache serves every ``Shaper`` and thread.
final class HarfBuzzFontCache: Sendable {
    /// The cache every shaper uses.
    static let shared = HarfBuzzFontCache()

    private struct FaceKey: Hashable {
        let path: String
        let index: Int
    }

    private struct FontKey: Hashable {
        let face: FaceKey
        let scale: Int32
    }

    private let faces = Mutex<[FaceKey: HarfBuzzFace]>([:])
    private let fonts = Mutex<[FontKey: HarfBuzzFont]>([:])

    /// The HarfBuzz font for a resolved font (same file, face index and point size).
    func font(for resolved: ResolvedFont) throws(ShapingError) -> HarfBuzzFont {
        let faceKey = FaceKey(path: resolved.filePath, index: resolved.faceIndex)
        let key = FontKey(face: faceKey, scale: HarfBuzzFont.scale(forPointSize: resolved.pointSize))
        if let cached = fonts.withLock({ $0[key] }) { return cached }
        let face: HarfBuzzFace
        if let cached = faces.withLock({ $0[faceKey] }) {
            face = cached
        } else {
            // Made outside the lock (it maps a file); a racing thread's face wins below.
            let made = try HarfBuzzFace(path: faceKey.path, faceIndex: faceKey.index)
            face = faces.withLock { table in
                if let raced = table[faceKey] { return raced }
                table[faceKey] = made
                return made
            }
        }
        let made = try HarfBuzzFont(face: face, scale: key.scale)
        return fonts.withLock { table in
            if let raced = table[key] { return raced }
            table[key] = made
            return made
        }
    }
}
