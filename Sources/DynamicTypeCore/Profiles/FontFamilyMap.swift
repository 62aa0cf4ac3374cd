import DynamicTypeProfiles
import Foundation

/// Which installed families stand in for Apple's fonts, from `Profiles/font-families.json`.
///
/// The system font (SF Pro) becomes Inter below 20 pt and Inter Display from 20 pt (SF switches
/// from Text to Display optics at 20 pt), then DejaVu Sans; Zapfino becomes URW Z003; CJK and
/// emoji fall back to WenQuanYi Micro Hei and Noto Color Emoji. Every iOS 7 family that
/// `UIFont fontWithName:size:` accepts (Snell Roundhand, Georgia, Courier New…) has an entry naming
/// its stand-in, how close it is (``Match``) and why.
package struct FontFamilyMap: Sendable {
    /// How closely a stand-in reproduces the Apple font it replaces.
    public enum Match: String, Hashable, Sendable, CaseIterable {
        /// Same advance widths (Liberation, URW base 35): text breaks into the same lines as on a device.
        case metricCompatible = "metric-compatible"
        /// A modified copy of the same design (Menlo from Bitstream Vera Sans Mono): widths mostly match.
        case derived
        /// A similar design chosen by eye: widths differ, so line breaks can differ too.
        case lookAlike = "look-alike"
    }

    /// What the map says about one requested family, for reports.
    public struct Entry: Hashable, Sendable {
        /// The map key, spelled as in the file (`Snell Roundhand`).
        public var name: String
        /// The Apple font this entry replaces, e.g. `Snell Roundhand (iOS 7)`.
        public var standsIn: String?
        /// How close the stand-in is.
        public var match: Match?
        /// Why this stand-in, starting with the kind of match (`look-alike: a calligraphic script…`).
        public var why: String?
        /// The Debian package of the declared stand-in (the first family of each range).
        public var package: String?
        /// The declared stand-in: the first family of the first range.
        public var standIn: String
    }

    /// A font name as `UIFont(name:size:)` takes it, understood as a map entry plus a face.
    public struct NamedFont: Hashable, Sendable {
        /// The map key the name belongs to.
        public var family: String
        /// The weight the name asks for (`-Bold` → bold); regular when it names none.
        public var weight: FontWeight
        /// Whether the name asks for an italic face (`-Italic`, `-Oblique`).
        public var isItalic: Bool
    }

    /// One size band of a mapped family.
    public struct SizeRange: Hashable, Sendable {
        /// Inclusive lower bound in points (nil = from 0).
        public var from: Double?
        /// Exclusive upper bound in points (nil = unbounded).
        public var below: Double?
        /// Installed families to try, in order.
        public var families: [String]

        /// Whether `size` falls in this band.
        public func contains(_ size: Double) -> Bool {
            (from.map { size >= $0 } ?? true) && (below.map { size < $0 } ?? true)
        }
    }

    /// Families keyed by the requested name (case-insensitive lookup).
    public let families: [String: [SizeRange]]
    /// What each mapped family stands in for, for reports.
    public let standsIn: [String: String]
    /// Per-character fallbacks by script class (`cjk`, `emoji`, `any`), in order.
    public let fallbacks: [(script: String, families: [String])]
    /// Debian package per installed family, for "install X" hints.
    public let packages: [String: String]
    /// Where the map came from.
    public let origin: String
    /// Every entry by map key.
    public let entries: [String: Entry]

    /// The map keys, sorted, for "known families" lists.
    public var familyNames: [String] { families.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending } }

    /// The entry for a requested family (case-insensitive), if the map has one.
    public func entry(for family: String) -> Entry? {
        guard let key = families.keys.first(where: { $0.caseInsensitiveCompare(family) == .orderedSame }) else {
            return nil
        }
        return entries[key]
    }

    /// Understands a name as `UIFont(name:size:)` does: a family (`Snell Roundhand`, any case) or a
    /// PostScript name (`SnellRoundhand-Bold`, `TimesNewRomanPS-ItalicMT`, `ArialMT`, `Menlo-Regular`).
    /// Nil when the name belongs to no entry.
    ///
    /// PostScript names matter because code such as seed 002 passes `font.fontName`, which is the
    /// PostScript name, back to `fontWithName:size:`.
    public func namedFont(_ name: String) -> NamedFont? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if let entry = entry(for: trimmed) {
            return NamedFont(family: entry.name, weight: .regular, isItalic: false)
        }
        // PostScript names drop the spaces and add "-Style"; Monotype's add "MT"/"PSMT"/"PS".
        let parts = trimmed.split(separator: "-", maxSplits: 1).map(String.init)
        guard let base = parts.first, !base.isEmpty else { return nil }
        func squeezed(_ text: String) -> String { text.replacingOccurrences(of: " ", with: "").lowercased() }
        var stem = base.lowercased()
        let isKey = families.keys.contains { squeezed($0) == stem }
        if !isKey, let suffix = ["psmt", "mt", "ps"].first(where: { stem.hasSuffix($0) }) {
            stem.removeLast(suffix.count)
        }
        guard let key = families.keys.sorted().first(where: { squeezed($0) == stem }) else { return nil }
        var style = parts.count > 1 ? parts[1].lowercased() : ""
        if style.hasSuffix("mt") { style.removeLast(2) }
        let isItalic = style.contains("italic") || style.contains("oblique")
        for word in ["italic", "oblique"] { style = style.replacingOccurrences(of: word, with: "") }
        let weight: FontWeight
        switch style {
        case "", "regular", "roman", "book", "normal": weight = .regular
        case "ultralight", "extralight": weight = .ultraLight
        case "thin": weight = .thin
        case "light": weight = .light
        case "medium": weight = .medium
        case "semibold", "demibold", "demi": weight = .semibold
        case "bold": weight = .bold
        case "heavy", "extrabold", "ultrabold", "condensedbold": weight = .heavy
        case "black": weight = .black
        default: return nil
        }
        return NamedFont(family: key, weight: weight, isItalic: isItalic)
    }

    /// The candidate families for a requested family at a size: the mapped list if the family is in
    /// the map, else the family itself. Never empty.
    public func candidates(for family: String, size: Double) -> [String] {
        let key = families.keys.first { $0.caseInsensitiveCompare(family) == .orderedSame }
        guard let key, let ranges = families[key] else { return [family] }
        return ranges.first { $0.contains(size) }?.families ?? ranges.last?.families ?? [family]
    }

    /// Whether `family` is a key of the map (as opposed to an installed family name).
    public func isMapped(_ family: String) -> Bool {
        families.keys.contains { $0.caseInsensitiveCompare(family) == .orderedSame }
    }

    /// The Debian package that provides `family`, if known.
    public func package(for family: String) -> String? {
        packages.first { $0.key.caseInsensitiveCompare(family) == .orderedSame }?.value
    }

    /// The fallback families for a script class, then the `any` list.
    public func fallbackFamilies(for script: String) -> [String] {
        let specific = fallbacks.filter { $0.script == script }.flatMap(\.families)
        let general = fallbacks.filter { $0.script == "any" }.flatMap(\.families)
        return specific + general.filter { !specific.contains($0) }
    }

    /// Parses the JSON format of `Profiles/font-families.json`.
    public init(jsonData: Data, origin: String) throws(ProfileError) {
        let root = try JSONValue.parse(jsonData, origin: origin).object(at: "$", origin: origin)
        var families: [String: [SizeRange]] = [:]
        var standsIn: [String: String] = [:]
        var entries: [String: Entry] = [:]
        let map = try root.object("families")
        for key in map.keys {
            let entry = try map.object(key)
            standsIn[key] = try entry.optionalString("stands in for")
            var ranges: [SizeRange] = []
            for (index, value) in try entry.array("ranges").enumerated() {
                let range = try value.object(at: entry.fieldPath("ranges[\(index)]"), origin: origin)
                let list = try range.strings("families")
                guard !list.isEmpty else {
                    throw ProfileError.invalidField(
                        file: origin, path: range.fieldPath("families"), problem: "must name at least one family")
                }
                ranges.append(
                    SizeRange(from: try range.optionalNumber("from"), below: try range.optionalNumber("below"), families: list))
            }
            guard !ranges.isEmpty else {
                throw ProfileError.invalidField(file: origin, path: entry.fieldPath("ranges"), problem: "must have at least one range")
            }
            families[key] = ranges
            var match: Match?
            if let text = try entry.optionalString("match") {
                guard let parsed = Match(rawValue: text) else {
                    throw ProfileError.invalidField(
                        file: origin, path: entry.fieldPath("match"),
                        problem: "must be one of \(Match.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                match = parsed
            }
            entries[key] = Entry(
                name: key, standsIn: standsIn[key], match: match, why: try entry.optionalString("why"),
                package: try entry.optionalString("package"), standIn: ranges[0].families[0])
        }
        var fallbacks: [(String, [String])] = []
        for (index, value) in try root.optionalArray("fallbacks").enumerated() {
            let item = try value.object(at: "fallbacks[\(index)]", origin: origin)
            fallbacks.append((try item.string("script"), try item.strings("families")))
        }
        var packages: [String: String] = [:]
        if let table = try root.optionalObject("packages") {
            for key in table.keys { packages[key] = try table.string(key) }
        }
        self.families = families
        self.standsIn = standsIn
        self.fallbacks = fallbacks
        self.packages = packages
        self.origin = origin
        self.entries = entries
    }

    /// The bundled map. Traps only if the package ships a broken file (the tests rule this out).
    public static let bundled: FontFamilyMap = {
        guard let data = BundledProfiles.data(named: "font-families.json") else {
            fatalError("Profiles/font-families.json is missing from the package resources")
        }
        do { return try FontFamilyMap(jsonData: data, origin: "Profiles/font-families.json") } catch {
            fatalError("bundled font-families.json is invalid: \(error)")
        }
    }()
}
