import DynamicTypeProfiles
import Foundation

/// Which installed families stand in for Apple's fonts, from `Profiles/font-families.json`.
///
/// The system font (SF Pro) becomes Inter below 20 pt and Inter Display from 20 pt (SF switches
/// from Text to Display optics at 20 pt), then DejaVu Sans; Zapfino becomes URW Z003; CJK and
/// emoji fall back to WenQuanYi Micro Hei and Noto Color Emoji.
public struct FontFamilyMap: Sendable {
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
        let map = try root.object("families")
        for key in map.keys {
            let entry = try map.object(key)
            standsIn[key] = try entry.optionalString("stands in for")
            var ranges: [SizeRange] = []
            for (index, value) in try entry.array("ranges").enumerated() {
                let range = try value.object(at: entry.fieldPath("ranges[\(index)]"), origin: origin)
                let list = try range.strings("families")
                guard !list.isEmpty else {
                    throw .invalidField(
                        file: origin, path: range.fieldPath("families"), problem: "must name at least one family")
                }
                ranges.append(
                    SizeRange(from: try range.optionalNumber("from"), below: try range.optionalNumber("below"), families: list))
            }
            guard !ranges.isEmpty else {
                throw .invalidField(file: origin, path: entry.fieldPath("ranges"), problem: "must have at least one range")
            }
            families[key] = ranges
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
