import Foundation
import Synchronization

/// One font file's face, loaded once per process and shared by every size (the metrics here are
/// in font units; ``ResolvedFont`` scales them). Owns its `FT_Face`.
package final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
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
    private let handle: FreeTypeFaceHandle
    private let library: FreeTypeLibrary
    /// Serialises every use of the face (FreeType faces are not thread-safe).
    private let lock = Mutex<Void>(())

    init(path: String, faceIndex: Int, library: FreeTypeLibrary) throws(FontSystemError) {
        self.path = path
        self.faceIndex = faceIndex
        self.library = library
        let handle = try library.newFace(path: path, index: faceIndex)
        self.handle = handle
        // Not shared yet: no lock needed.
        let properties = handle.properties()
        familyName = properties.familyName ?? (path as NSString).lastPathComponent
        styleName = properties.styleName ?? "Regular"
        isScalable = properties.isScalable
        hasColor = properties.hasColor
        bitmapStrikes = properties.bitmapStrikes
        isItalic = properties.isItalic
        unitsPerEm = properties.unitsPerEm
        ascender = properties.ascender
        descender = properties.descender
        height = properties.height
        capHeight = properties.capHeight
        xHeight = properties.xHeight
        weightClass = properties.weightClass
        version = properties.version
    }

    deinit { library.doneFace(handle) }

    /// Runs `body` with the FreeType face, under the face's lock.
    func withHandle<R>(_ body: (FreeTypeFaceHandle) throws -> R) rethrows -> R {
        try lock.withLock { _ in try body(handle) }
    }

    /// Whether the face has a glyph for `scalar` (its cmap maps it to a non-zero glyph).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        withHandle { $0.glyphIndex(of: scalar) != 0 }
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
