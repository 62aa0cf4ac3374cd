internal import CFontconfig

// Every call into fontconfig in the package is in this file. The owner of the configuration is
// ``FontconfigContext``, which keeps the handle below, serialises every use under its lock and
// destroys it; patterns and character sets live only inside one function here.
//
// fontconfig reports failure as FcFalse/NULL without a message; each check below turns it into a
// ``FontSystemError/fontconfigUnavailable(reason:)`` that names the call.

/// An `FcConfig`, owned by ``FontconfigContext``.
struct FontconfigConfigHandle {
    fileprivate let config: OpaquePointer

    /// `FcConfigCreate`: an empty configuration; the caller owns it and releases it with ``destroy()``.
    static func create() throws(FontSystemError) -> FontconfigConfigHandle {
        guard let config = FcConfigCreate() else {
            throw .fontconfigUnavailable(reason: "FcConfigCreate returned NULL (out of memory)")
        }
        return FontconfigConfigHandle(config: config)
    }

    /// `FcConfigDestroy`.
    func destroy() { FcConfigDestroy(config) }

    /// Loads the system configuration (`/etc/fonts/fonts.conf`, complaining about broken files).
    func loadSystemConfiguration() throws(FontSystemError) {
        // NULL = the default fonts.conf; complain = true so a broken system file is reported.
        guard FcConfigParseAndLoad(config, nil, 1) != 0 else {
            throw .fontconfigUnavailable(reason: "cannot load the system configuration (/etc/fonts/fonts.conf)")
        }
    }

    /// Loads a configuration document; `what` names it in the error.
    func load(xml: String, what: String) throws(FontSystemError) {
        guard FcConfigParseAndLoadFromMemory(config, xml, 1) != 0 else {
            throw .fontconfigUnavailable(reason: "\(what) was rejected (FcConfigParseAndLoadFromMemory)")
        }
    }

    /// Scans the configured font directories (`FcConfigBuildFonts`).
    func buildFonts(describing directories: String) throws(FontSystemError) {
        guard FcConfigBuildFonts(config) != 0 else {
            throw .fontconfigUnavailable(reason: "FcConfigBuildFonts failed while scanning \(directories)")
        }
    }

    /// fontconfig's version, e.g. `2.14.1`.
    static var version: String {
        let v = Int(FcGetVersion())
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }

    /// The best font (FcFontMatch after the configured and default substitutions) for `families`
    /// in order, a weight class, slant, optional size and optional character that must be covered.
    ///
    /// - Returns: nil when fontconfig has no font at all (`FcResultNoMatch`). With `covering`,
    ///   fontconfig returns its best font even when none covers the character: check the cmap.
    /// - Throws: ``FontSystemError/fontconfigUnavailable(reason:)`` when fontconfig runs out of memory.
    func match(
        families: [String], weightClass: Int, italic: Bool, size: Double?, covering scalar: Unicode.Scalar?
    ) throws(FontSystemError) -> FontconfigMatch? {
        func failed(_ call: String) -> FontSystemError {
            .fontconfigUnavailable(reason: "\(call) failed (out of memory)")
        }
        guard let pattern = FcPatternCreate() else { throw failed("FcPatternCreate") }
        defer { FcPatternDestroy(pattern) }
        for family in families {
            let added = family.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                    FcPatternAddString(pattern, FC_FAMILY, $0)
                }
            }
            guard added != 0 else { throw failed("FcPatternAddString") }
        }
        if let scalar {
            guard let charset = FcCharSetCreate() else { throw failed("FcCharSetCreate") }
            defer { FcCharSetDestroy(charset) }
            guard FcCharSetAddChar(charset, FcChar32(scalar.value)) != 0 else { throw failed("FcCharSetAddChar") }
            guard FcPatternAddCharSet(pattern, FC_CHARSET, charset) != 0 else { throw failed("FcPatternAddCharSet") }
        }
        guard FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weightClass))) != 0 else {
            throw failed("FcPatternAddDouble")
        }
        let slant = italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN)
        guard FcPatternAddInteger(pattern, FC_SLANT, slant) != 0 else { throw failed("FcPatternAddInteger") }
        if let size {
            guard FcPatternAddDouble(pattern, FC_SIZE, size) != 0 else { throw failed("FcPatternAddDouble") }
        }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { throw failed("FcConfigSubstitute") }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(font) }
        return Self.describe(font)
    }

    /// File, index, families, style, weight and slant of a matched pattern (nil without a file).
    private static func describe(_ font: OpaquePointer) -> FontconfigMatch? {
        func string(_ object: String, _ n: Int32) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, object, n, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        func integer(_ object: String) -> Int32? {
            var value: Int32 = 0
            return FcPatternGetInteger(font, object, 0, &value) == FcResultMatch ? value : nil
        }
        guard let file = string(FC_FILE, 0) else { return nil }
        var families: [String] = []
        var n: Int32 = 0
        while let family = string(FC_FAMILY, n) {
            families.append(family)
            n += 1
        }
        // The weight is a double in fontconfig ≥ 2.12 (variable fonts) and an integer before.
        var weight = Double(FC_WEIGHT_REGULAR)
        if FcPatternGetDouble(font, FC_WEIGHT, 0, &weight) != FcResultMatch, let intWeight = integer(FC_WEIGHT) {
            weight = Double(intWeight)
        }
        return FontconfigMatch(
            file: file, faceIndex: Int(integer(FC_INDEX) ?? 0), families: families, style: string(FC_STYLE, 0) ?? "Regular",
            weightClass: Int(FcWeightToOpenTypeDouble(weight).rounded()),
            isItalic: (integer(FC_SLANT) ?? Int32(FC_SLANT_ROMAN)) != Int32(FC_SLANT_ROMAN))
    }
}
