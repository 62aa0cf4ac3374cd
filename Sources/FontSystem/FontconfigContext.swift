import CFontconfig
import Foundation
import Synchronization

/// What fontconfig picked for one request.
struct FontconfigMatch: Sendable, Hashable {
    var file: String
    var faceIndex: Int
    /// Every family name the matched font declares (localised names included).
    var families: [String]
    var style: String
    /// fontconfig weight converted back to an OpenType weight class.
    var weightClass: Int
    var isItalic: Bool
}

/// Owns one fontconfig configuration (`FcConfig`) and serialises every call on it.
///
/// The configuration is the system's (`/etc/fonts/fonts.conf`) plus one rule of ours that rejects
/// Type 1 fonts: URW ships Z003 both as `.pfb` and `.otf`, and HarfBuzz has no OpenType layout for
/// Type 1, so the `.otf` must win. A hermetic configuration (only the given directories, a private
/// cache, no host configuration) is used for snapshot tests.
final class FontconfigContext: @unchecked Sendable {
    // Owned: created here, destroyed in deinit with FcConfigDestroy. Only used under `lock`.
    private let config: OpaquePointer
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
    init() throws(FontSystemError) {
        guard let config = FcConfigCreate() else {
            throw .fontconfigUnavailable(reason: "FcConfigCreate returned NULL (out of memory)")
        }
        // NULL = the default fonts.conf; complain = true so a broken system file is reported.
        guard FcConfigParseAndLoad(config, nil, 1) != 0 else {
            FcConfigDestroy(config)
            throw .fontconfigUnavailable(reason: "cannot load the system configuration (/etc/fonts/fonts.conf)")
        }
        try Self.loadRejectType1(config)
        guard FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            throw .fontconfigUnavailable(reason: "FcConfigBuildFonts failed while scanning the font directories")
        }
        self.config = config
        summary = "system fontconfig configuration (Type 1 fonts rejected)"
    }

    /// A configuration that sees only `fontDirectories`, caching in `cacheDirectory`.
    init(hermeticFontDirectories fontDirectories: [String], cacheDirectory: String) throws(FontSystemError) {
        guard let config = FcConfigCreate() else {
            throw .fontconfigUnavailable(reason: "FcConfigCreate returned NULL (out of memory)")
        }
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
        guard FcConfigParseAndLoadFromMemory(config, xml, 1) != 0 else {
            FcConfigDestroy(config)
            throw .fontconfigUnavailable(reason: "the hermetic configuration was rejected")
        }
        try Self.loadRejectType1(config)
        guard FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            throw .fontconfigUnavailable(reason: "FcConfigBuildFonts failed for \(fontDirectories)")
        }
        self.config = config
        summary = "hermetic fontconfig configuration: " + fontDirectories.joined(separator: ", ")
    }

    deinit { FcConfigDestroy(config) }

    private static func loadRejectType1(_ config: OpaquePointer) throws(FontSystemError) {
        guard FcConfigParseAndLoadFromMemory(config, rejectType1, 1) != 0 else {
            FcConfigDestroy(config)
            throw .fontconfigUnavailable(reason: "the Type 1 rejection rule was not accepted")
        }
    }

    private static func xmlEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// fontconfig's version, e.g. `2.14.1`.
    static var version: String {
        let v = Int(FcGetVersion())
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }

    /// The best font for a family, weight, slant and size (FcFontMatch after the configured
    /// substitutions), or nil when fontconfig has no font at all.
    func match(family: String, weightClass: Int, italic: Bool, size: Double) -> FontconfigMatch? {
        lock.withLock { _ in
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            family.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                    _ = FcPatternAddString(pattern, FC_FAMILY, $0)
                }
            }
            _ = FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weightClass)))
            _ = FcPatternAddInteger(pattern, FC_SLANT, italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
            _ = FcPatternAddDouble(pattern, FC_SIZE, size)
            return bestMatch(for: pattern)
        }
    }

    /// The best font that has a glyph for `scalar`, preferring `families` in order
    /// (fontconfig's charset matching), or nil if no installed font covers it.
    func match(covering scalar: Unicode.Scalar, preferring families: [String], weightClass: Int, italic: Bool)
        -> FontconfigMatch?
    {
        lock.withLock { _ in
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            for family in families {
                family.withCString { name in
                    name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                        _ = FcPatternAddString(pattern, FC_FAMILY, $0)
                    }
                }
            }
            guard let charset = FcCharSetCreate() else { return nil }
            defer { FcCharSetDestroy(charset) }
            guard FcCharSetAddChar(charset, FcChar32(scalar.value)) != 0 else { return nil }
            _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            _ = FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weightClass)))
            _ = FcPatternAddInteger(pattern, FC_SLANT, italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
            // FcFontMatch returns the best font even when none covers the character; the resolver
            // checks the face's cmap before using it.
            return bestMatch(for: pattern)
        }
    }

    // Caller holds `lock`.
    private func bestMatch(for pattern: OpaquePointer) -> FontconfigMatch? {
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(font) }
        return Self.describe(font)
    }

    private static func describe(_ font: OpaquePointer) -> FontconfigMatch? {
        func string(_ object: String, _ n: Int32) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, object, n, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        guard let file = string(FC_FILE, 0) else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
        var families: [String] = []
        var n: Int32 = 0
        while let family = string(FC_FAMILY, n) {
            families.append(family)
            n += 1
        }
        var weight: Double = Double(FC_WEIGHT_REGULAR)
        _ = FcPatternGetDouble(font, FC_WEIGHT, 0, &weight)
        if weight == Double(FC_WEIGHT_REGULAR) {
            var intWeight: Int32 = 0
            if FcPatternGetInteger(font, FC_WEIGHT, 0, &intWeight) == FcResultMatch { weight = Double(intWeight) }
        }
        var slant: Int32 = 0
        _ = FcPatternGetInteger(font, FC_SLANT, 0, &slant)
        return FontconfigMatch(
            file: file, faceIndex: Int(index), families: families, style: string(FC_STYLE, 0) ?? "Regular",
            weightClass: Int(FcWeightToOpenTypeDouble(weight).rounded()), isItalic: slant != Int32(FC_SLANT_ROMAN))
    }
}
