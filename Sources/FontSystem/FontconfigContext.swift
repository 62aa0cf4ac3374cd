import Foundation
import Synchronization

/// What fontconfig picked for one request.
package struct FontconfigMatch: Sendable, Hashable {
    /// The font file.
    package var file: String
    /// The face index inside the file.
    package var faceIndex: Int
    /// Every family name the matched font declares (localised names included).
    package var families: [String]
    /// The style name, e.g. `Semi Bold`.
    package var style: String
    /// fontconfig weight converted back to an OpenType weight class.
    package var weightClass: Int
    /// Whether the font's slant is not roman.
    package var isItalic: Bool
}

/// Owns one fontconfig configuration (`FcConfig`) and serialises every call on it.
///
/// The configuration is the system's (`/etc/fonts/fonts.conf`) plus one rule of ours that rejects
/// Type 1 fonts: URW ships Z003 both as `.pfb` and `.otf`, and HarfBuzz has no OpenType layout for
/// Type 1, so the `.otf` must win. A hermetic configuration (only the given directories, a private
/// cache, no host configuration) is used for snapshot tests. The calls themselves are in
/// `C/FontconfigCalls.swift`.
///
/// Package API so that `dyntype bench fonts` can time fontconfig alone on the same configuration.
package final class FontconfigContext: @unchecked Sendable {
    // Owned: created here, destroyed in deinit. Only used under `lock`.
    private let config: FontconfigConfigHandle
    private let lock = Mutex<Void>(())
    /// How the configuration was built, for reports.
    let summary: String

    private static let rejectType1 = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <selectfont><rejectfont><pattern>
            <patelt name="fontformat"><string>Type 1</string></patelt>
          </pattern></rejectfont></selectfont>
        </fontconfig>
        """

    /// The system configuration plus the Type 1 rejection.
    package convenience init() throws(FontSystemError) {
        try self.init(
            summary: "system fontconfig configuration (Type 1 fonts rejected)", directories: "the font directories"
        ) { (config) throws(FontSystemError) in try config.loadSystemConfiguration() }
    }

    /// A configuration that sees only `fontDirectories`, caching in `cacheDirectory`.
    convenience init(hermeticFontDirectories fontDirectories: [String], cacheDirectory: String) throws(FontSystemError) {
        let dirs = fontDirectories.map { "<dir>\(Self.xmlEscape($0))</dir>" }.joined(separator: "\n")
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
            \(dirs)
            <cachedir>\(Self.xmlEscape(cacheDirectory))</cachedir>
            <config><rescan><int>0</int></rescan></config>
            </fontconfig>
            """
        try self.init(
            summary: "hermetic fontconfig configuration: " + fontDirectories.joined(separator: ", "),
            directories: "\(fontDirectories)"
        ) { (config) throws(FontSystemError) in try config.load(xml: xml, what: "the hermetic configuration") }
    }

    /// Creates a configuration, runs `load`, adds the Type 1 rejection and scans the fonts; the
    /// configuration is destroyed again if any step fails.
    private init(
        summary: String, directories: String, load: (FontconfigConfigHandle) throws(FontSystemError) -> Void
    ) throws(FontSystemError) {
        let config = try FontconfigConfigHandle.create()
        do {
            try load(config)
            try config.load(xml: Self.rejectType1, what: "the Type 1 rejection rule")
            try config.buildFonts(describing: directories)
        } catch {
            config.destroy()
            throw error
        }
        self.config = config
        self.summary = summary
    }

    deinit { config.destroy() }

    private static func xmlEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// fontconfig's version, e.g. `2.14.1`.
    static var version: String { FontconfigConfigHandle.version }

    /// The best font for a family, weight, slant and size (FcFontMatch after the configured
    /// substitutions), or nil when fontconfig has no font at all.
    ///
    /// - Throws: ``FontSystemError/fontconfigUnavailable(reason:)`` when fontconfig runs out of memory.
    package func match(family: String, weightClass: Int, italic: Bool, size: Double) throws(FontSystemError)
        -> FontconfigMatch?
    {
        try lock.withLock { _ throws(FontSystemError) -> FontconfigMatch? in
            try config.match(families: [family], weightClass: weightClass, italic: italic, size: size, covering: nil)
        }
    }

    /// The best font that has a glyph for `scalar`, preferring `families` in order
    /// (fontconfig's charset matching), or nil if fontconfig has no font at all. fontconfig returns
    /// its best font even when none covers the character: the resolver checks the face's cmap.
    func match(covering scalar: Unicode.Scalar, preferring families: [String], weightClass: Int, italic: Bool)
        throws(FontSystemError) -> FontconfigMatch?
    {
        try lock.withLock { _ throws(FontSystemError) -> FontconfigMatch? in
            try config.match(families: families, weightClass: weightClass, italic: italic, size: nil, covering: scalar)
        }
    }
}
