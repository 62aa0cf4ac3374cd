import DynamicTypeCore
import Foundation
import Synchronization

/// Turns font descriptors into real fonts: fontconfig picks the file (family list, weight, slant,
/// size), FreeType loads it and reads its metrics.
///
/// Families go through the ``FontFamilyMap`` first (the system font → Inter below 20 pt, Inter
/// Display from 20 pt, then DejaVu Sans; Zapfino → Z003). The first candidate that fontconfig
/// actually has wins; the result says when the requested family was mapped or fell back and why.
///
/// Results are cached per (family, weight, italic, size), and faces per file, so a warm lookup is a
/// dictionary read under a lock. All methods are safe to call from many threads.
///
/// ```swift
/// let resolver = try FontResolver.shared()
/// let body = try resolver.resolve(FontDescriptor.preferred(for: .body, category: .large, profile: .ios))
/// body.familyName   // "Inter"
/// ```
public final class FontResolver: Sendable {
    /// The family map in use.
    package let familyMap: FontFamilyMap
    private let fontconfig: FontconfigContext
    private let library: FreeTypeLibrary
    private let fonts = Mutex<[FontKey: ResolvedFont]>([:])
    private let faces = Mutex<[FaceKey: FontFace]>([:])
    private let fallbacks = Mutex<[FallbackKey: FontFace?]>([:])

    /// A resolver on the system's fontconfig configuration, with the bundled family map.
    public convenience init() throws(FontSystemError) {
        try self.init(familyMap: .bundled)
    }

    /// A resolver on the system's fontconfig configuration and a given family map.
    package init(familyMap: FontFamilyMap) throws(FontSystemError) {
        self.familyMap = familyMap
        self.fontconfig = try FontconfigContext()
        self.library = try FreeTypeLibrary.shared.get()
    }

    /// A resolver that sees only the fonts in `fontDirectories` (hermetic snapshot tests).
    package init(
        hermeticFontDirectories fontDirectories: [String], cacheDirectory: String, familyMap: FontFamilyMap = .bundled
    ) throws(FontSystemError) {
        self.familyMap = familyMap
        self.fontconfig = try FontconfigContext(
            hermeticFontDirectories: fontDirectories, cacheDirectory: cacheDirectory)
        self.library = try FreeTypeLibrary.shared.get()
    }

    private static let sharedInstance = Mutex<FontResolver?>(nil)

    /// The process-wide resolver on the system configuration, created on first use.
    public static func shared() throws(FontSystemError) -> FontResolver {
        try sharedInstance.withLock { instance throws(FontSystemError) -> FontResolver in
            if let instance { return instance }
            let made = try FontResolver()
            instance = made
            return made
        }
    }

    /// Versions of the libraries in use, for reports and fingerprints.
    public var libraryVersions: [String: String] {
        ["fontconfig": FontconfigContext.version, "freetype": library.version]
    }

    /// How the font configuration was built.
    public var configurationSummary: String { fontconfig.summary }

    // MARK: Resolution

    /// Resolves a descriptor whose size is set (non-zero).
    ///
    /// - Throws: ``FontSystemError/invalidSize(_:)`` for size 0 (resolve it first with
    ///   `resolvingPreferredSize`) or a non-finite/negative size, ``FontSystemError/familyUnavailable(requested:tried:packages:)``
    ///   when no candidate is installed at all.
    public func resolve(_ descriptor: FontDescriptor) throws(FontSystemError) -> ResolvedFont {
        guard descriptor.size > 0, descriptor.size.isFinite, descriptor.size <= FontDescriptor.maximumPointSize else {
            throw .invalidSize(descriptor.size)
        }
        let key = FontKey(descriptor: descriptor)
        if let cached = fonts.withLock({ $0[key] }) {
            // Same face and size; the caller's descriptor (leading, tracking, text style) is kept.
            // (Rebuilding is cheaper than comparing descriptors, whose Bold Text tables are dictionaries.)
            return cached.with(descriptor: descriptor)
        }
        let resolved = try resolveUncached(descriptor)
        fonts.withLock { $0[key] = resolved }
        return resolved
    }

    /// Resolves a descriptor, turning size 0 into the preferred size at `category` first.
    public func resolve(
        _ descriptor: FontDescriptor, category: ContentSizeCategory, profile: TypeRampProfile
    ) throws -> ResolvedFont {
        try resolve(try descriptor.resolvingPreferredSize(category: category, profile: profile))
    }

    /// Resolves a font by name at a fixed size, as `UIFont(name:size:)` / `fontWithName:size:` does:
    /// a family-map key (`Snell Roundhand`), its PostScript name (`SnellRoundhand-Bold`,
    /// `TimesNewRomanPSMT`), or any installed family. The size never follows Dynamic Type.
    ///
    /// - Throws: ``FontSystemError/unknownFamily(requested:suggestion:known:)`` for a name that is
    ///   neither mapped nor installed (with the closest map key), ``FontSystemError/familyUnavailable(requested:tried:packages:)``
    ///   when the name is mapped but none of its stand-ins is installed, ``FontSystemError/invalidSize(_:)``.
    public func resolve(named name: String, size: Double, traits: SymbolicTraits = []) throws(FontSystemError) -> ResolvedFont {
        let descriptor: FontDescriptor
        if let named = familyMap.namedFont(name) {
            descriptor = FontDescriptor(
                family: named.family, size: size, weight: named.weight, traits: named.isItalic ? [.italic] : [])
        } else {
            descriptor = FontDescriptor(family: name.trimmingCharacters(in: .whitespacesAndNewlines), size: size)
        }
        do {
            return try resolve(descriptor.withSymbolicTraits(traits))
        } catch .familyUnavailable where familyMap.namedFont(name) == nil {
            // Not mapped and fontconfig has no such family: a typo or a font iOS never had.
            let known = familyMap.familyNames
            throw .unknownFamily(requested: name, suggestion: ClosestMatch.find(name, among: known), known: known)
        }
    }

    /// Loads a font file directly (for `--font-file`), at `size`.
    public func font(atPath path: String, faceIndex: Int = 0, size: Double) throws(FontSystemError) -> ResolvedFont {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .fontFileMissing(path: path) }
        // FreeType would read a FIFO or /dev/zero forever: only regular files are fonts.
        guard info.st_mode & S_IFMT == S_IFREG else { throw .fontFileNotRegular(path: path, kind: InputFile.kindName(info.st_mode)) }
        guard size > 0, size.isFinite, size <= FontDescriptor.maximumPointSize else { throw .invalidSize(size) }
        let face = try face(path: path, index: faceIndex)
        let descriptor = FontDescriptor(family: face.familyName, size: size, weight: FontWeight(nearestTo: face.weightClass))
        return ResolvedFont(
            face: face, pointSize: size, descriptor: descriptor, familyName: face.familyName,
            styleName: face.styleName, weight: FontWeight(nearestTo: face.weightClass), isItalic: face.isItalic,
            substitution: nil)
    }

    private func resolveUncached(_ descriptor: FontDescriptor) throws(FontSystemError) -> ResolvedFont {
        let candidates = familyMap.candidates(for: descriptor.family, size: descriptor.size)
        var missing: [String] = []
        for candidate in candidates {
            guard
                let match = try fontconfig.match(
                    family: candidate, weightClass: descriptor.weight.cssValue, italic: descriptor.isItalic,
                    size: descriptor.size)
            else {
                throw .fontconfigUnavailable(reason: "FcFontMatch found no font at all; install fonts-dejavu-core")
            }
            guard match.families.contains(where: { $0.caseInsensitiveCompare(candidate) == .orderedSame }) else {
                missing.append(candidate)
                continue
            }
            let face = try face(path: match.file, index: match.faceIndex)
            let substitution: FontSubstitution?
            if !missing.isEmpty {
                substitution = FontSubstitution(
                    requested: descriptor.family, used: candidate, reason: .notInstalled, missing: missing)
            } else if candidate.caseInsensitiveCompare(descriptor.family) != .orderedSame {
                // The map's reason describes its declared stand-in; any other candidate gets none.
                let entry = familyMap.entry(for: descriptor.family)
                let declared = entry.map { $0.standIn.caseInsensitiveCompare(candidate) == .orderedSame } ?? false
                substitution = FontSubstitution(
                    requested: descriptor.family, used: candidate, reason: .mapped, missing: [],
                    match: declared ? entry?.match : nil, why: declared ? entry?.why : nil)
            } else {
                substitution = nil
            }
            return ResolvedFont(
                face: face, pointSize: descriptor.size, descriptor: descriptor, familyName: candidate,
                styleName: match.style, weight: FontWeight(nearestTo: match.weightClass), isItalic: match.isItalic,
                substitution: substitution)
        }
        let packages = candidates.compactMap { familyMap.package(for: $0) }
        throw .familyUnavailable(
            requested: descriptor.family, tried: candidates, packages: Array(Set(packages)).sorted())
    }

    /// The loaded face for a file, creating it once.
    func face(path: String, index: Int) throws(FontSystemError) -> FontFace {
        let key = FaceKey(path: path, index: index)
        if let found = faces.withLock({ $0[key] }) { return found }
        let made = try FontFace(path: path, faceIndex: index, library: library)
        return faces.withLock { table in
            if let raced = table[key] { return raced }
            table[key] = made
            return made
        }
    }

    // MARK: Per-character fallback

    /// A font that can draw `scalar` when `font` cannot, preferring the family map's fallbacks for
    /// the character's script (CJK, emoji), then anything fontconfig finds. Nil when no installed
    /// font has the character. The result keeps `font`'s size, weight and descriptor.
    public func fallbackFont(for scalar: Unicode.Scalar, replacing font: ResolvedFont) -> ResolvedFont? {
        let script = FallbackScript.classify(scalar)
        let key = FallbackKey(scalar: scalar.value, weight: font.weight.cssValue, italic: font.isItalic)
        let cached = fallbacks.withLock { $0[key] }
        let face: FontFace?
        if let cached {
            face = cached
        } else {
            face = findFallbackFace(for: scalar, script: script, weightClass: font.weight.cssValue, italic: font.isItalic)
            fallbacks.withLock { $0[key] = .some(face) }
        }
        guard let face else { return nil }
        return ResolvedFont(
            face: face, pointSize: font.pointSize, descriptor: font.descriptor, familyName: face.familyName,
            styleName: face.styleName, weight: FontWeight(nearestTo: face.weightClass), isItalic: face.isItalic,
            substitution: FontSubstitution(
                requested: font.familyName, used: face.familyName, reason: .missingGlyph, missing: []))
    }

    private func findFallbackFace(for scalar: Unicode.Scalar, script: String, weightClass: Int, italic: Bool)
        -> FontFace?
    {
        let preferred = familyMap.fallbackFamilies(for: script)
        // First the mapped fallbacks, each on its own (so the map's order wins over fontconfig's).
        for family in preferred {
            // A fontconfig failure (out of memory) counts as "not found", as a missing font does.
            if let match = try? fontconfig.match(family: family, weightClass: weightClass, italic: italic, size: 17),
                match.families.contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame }),
                let face = try? face(path: match.file, index: match.faceIndex), face.hasGlyph(for: scalar)
            {
                return face
            }
        }
        // Then whatever fontconfig knows that covers the character.
        if let match = try? fontconfig.match(
            covering: scalar, preferring: preferred, weightClass: weightClass, italic: italic),
            let face = try? face(path: match.file, index: match.faceIndex), face.hasGlyph(for: scalar)
        {
            return face
        }
        return nil
    }
}

extension ResolvedFont {
    /// The same face and size described by another descriptor (cache hits keep the caller's descriptor).
    fileprivate func with(descriptor: FontDescriptor) -> ResolvedFont {
        ResolvedFont(
            face: face, pointSize: pointSize, descriptor: descriptor, familyName: familyName, styleName: styleName,
            weight: weight, isItalic: isItalic, substitution: substitution)
    }
}

/// Cache key: what fontconfig matching depends on.
private struct FontKey: Hashable, Sendable {
    let family: String
    let weight: Int
    let italic: Bool
    let size: Double

    init(descriptor: FontDescriptor) {
        family = descriptor.family
        weight = descriptor.weight.cssValue
        italic = descriptor.isItalic
        size = descriptor.size
    }
}

private struct FaceKey: Hashable, Sendable {
    let path: String
    let index: Int
}

private struct FallbackKey: Hashable, Sendable {
    let scalar: UInt32
    let weight: Int
    let italic: Bool
}

/// Sorts characters into the family map's fallback classes.
enum FallbackScript {
    static func classify(_ scalar: Unicode.Scalar) -> String {
        let properties = scalar.properties
        if properties.isEmojiPresentation || (properties.isEmoji && scalar.value > 0x2000 && scalar.value != 0x20E3) {
            return "emoji"
        }
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return "cjk"
        default:
            return "any"
        }
    }
}
