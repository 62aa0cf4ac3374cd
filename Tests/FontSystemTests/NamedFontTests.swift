import DynamicTypeCore
import Foundation
import Testing

@testable import FontSystem

/// Fonts by name (`UIFont(name:size:)`): every family of `Profiles/font-families.json` on this
/// machine's real fonts, as `scripts/setup.sh` installs them.
@Suite("Fonts by name: the iOS 7 family map on real fonts")
struct NamedFontTests {
    let map = FontFamilyMap.bundled

    @Test("every mapped family resolves to its declared stand-in, with the map's reason")
    func everyFamilyResolvesToItsStandIn() throws {
        let resolver = try FontResolver.shared()
        for name in map.familyNames {
            let entry = try #require(map.entry(for: name))
            let font = try resolver.resolve(named: name, size: 17)
            // fontconfig's own family list for the file must contain the declared stand-in: a later
            // candidate (the DejaVu fallback) would mean its package is missing from scripts/setup.sh.
            #expect(font.familyName == entry.standIn, "\(name): got \(font.familyName), declared \(entry.standIn)")
            #expect(FileManager.default.fileExists(atPath: font.filePath), "\(name)")
            #expect(font.substitution?.reason == .mapped, "\(name): \(String(describing: font.substitution))")
            #expect(font.substitution?.why == entry.why, "\(name)")
            #expect(font.substitution?.match == entry.match, "\(name)")
            #expect(font.pointSize == 17)
        }
    }

    @Test("every entry says how close it is and why, and its package is the stand-in's and in setup.sh")
    func everyEntryIsDocumented() throws {
        let setup = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("scripts/setup.sh"), encoding: .utf8)
        for name in map.familyNames {
            let entry = try #require(map.entry(for: name))
            let match = try #require(entry.match, "\(name) has no match")
            let why = try #require(entry.why, "\(name) has no why")
            let prefix = match == .derived ? "derived from: " : "\(match.rawValue)"
            #expect(why.hasPrefix(prefix), "\(name): \(why)")
            let package = try #require(entry.package, "\(name) has no package")
            #expect(map.package(for: entry.standIn) == package, "\(name)")
            #expect(setup.contains(" \(package)"), "\(name): \(package) is not in scripts/setup.sh")
        }
    }

    @Test(
        "metric-compatible clones: the map says so and the stand-in is the clone",
        arguments: [
            ("Arial", "Liberation Sans"), ("Times New Roman", "Liberation Serif"), ("Courier New", "Liberation Mono"),
            ("Helvetica", "Nimbus Sans"), ("Times", "Nimbus Roman"), ("Courier", "Nimbus Mono PS"), ("Palatino", "P052"),
        ])
    func metricCompatible(family: String, clone: String) throws {
        let font = try FontResolver.shared().resolve(named: family, size: 12)
        #expect(font.familyName == clone)
        #expect(font.face.familyName == clone)
        #expect(font.substitution?.match == .metricCompatible)
        #expect(font.substitution?.why?.hasPrefix("metric-compatible clone") == true)
        if clone.hasPrefix("Liberation") {
            // Arial, Times New Roman and Courier New are TrueType fonts of 2048 units per em; their
            // clones keep the grid so every advance can equal the original's.
            #expect(font.unitsPerEm == 2048)
        }
    }

    @Test("Menlo is DejaVu Sans Mono (derived), Snell Roundhand is Z003 (look-alike)")
    func derivedAndLookAlike() throws {
        let resolver = try FontResolver.shared()
        let menlo = try resolver.resolve(named: "Menlo", size: 12)
        #expect(menlo.familyName == "DejaVu Sans Mono")
        #expect(menlo.substitution?.match == .derived)
        let snell = try resolver.resolve(named: "snell roundhand", size: 20)
        #expect(snell.familyName == "Z003")
        #expect(snell.filePath.hasSuffix(".otf"))
        #expect(snell.substitution?.match == .lookAlike)
        #expect(snell.pointSize == 20)
    }

    @Test(
        "PostScript names, as font.fontName gives them back",
        arguments: [
            ("SnellRoundhand", "Snell Roundhand", FontWeight.regular, false),
            ("SnellRoundhand-Bold", "Snell Roundhand", .bold, false),
            ("TimesNewRomanPSMT", "Times New Roman", .regular, false),
            ("TimesNewRomanPS-BoldItalicMT", "Times New Roman", .bold, true),
            ("ArialMT", "Arial", .regular, false),
            ("CourierNewPS-ItalicMT", "Courier New", .regular, true),
            ("HelveticaNeue-Light", "Helvetica Neue", .light, false),
            ("Menlo-Regular", "Menlo", .regular, false),
            ("AppleSDGothicNeo-Medium", "Apple SD Gothic Neo", .medium, false),
            ("GEORGIA", "Georgia", .regular, false),
        ])
    func postScriptNames(name: String, family: String, weight: FontWeight, italic: Bool) throws {
        let named = try #require(map.namedFont(name))
        #expect(named.family == family)
        #expect(named.weight == weight)
        #expect(named.isItalic == italic)
    }

    @Test("names that belong to no entry", arguments: ["Nonsense-Bold", "Arial-Wide", "", "-Bold", "Comic Sans MS"])
    func notNamed(name: String) {
        #expect(map.namedFont(name) == nil)
    }

    @Test("a bold PostScript name gets the stand-in's bold face")
    func boldFace() throws {
        let font = try FontResolver.shared().resolve(named: "Arial-BoldMT", size: 12)
        #expect(font.familyName == "Liberation Sans")
        #expect(font.weight == .bold)
        #expect(font.filePath.hasSuffix("LiberationSans-Bold.ttf"))
    }

    @Test("an installed family the map does not know is used as named")
    func installedFamily() throws {
        let font = try FontResolver.shared().resolve(named: "DejaVu Serif", size: 12)
        #expect(font.familyName == "DejaVu Serif")
        #expect(font.substitution == nil)
    }

    @Test("an unknown family: the closest map key and the known families")
    func unknownFamily() throws {
        #expect {
            try FontResolver.shared().resolve(named: "Snel Roundhand", size: 20)
        } throws: { error in
            guard case .unknownFamily(let requested, let suggestion, let known) = error as? FontSystemError else {
                return false
            }
            return requested == "Snel Roundhand" && suggestion == "Snell Roundhand" && known.contains("Georgia")
        }
        #expect(throws: FontSystemError.self) { try FontResolver.shared().resolve(named: "Georgia", size: 0) }
    }

    @Test("a map whose match is not one of the three kinds is rejected with its field path")
    func badMatch() {
        let json = #"{"families": {"Georgia": {"match": "close", "ranges": [{"families": ["C059"]}]}}}"#
        #expect {
            try FontFamilyMap(jsonData: Data(json.utf8), origin: "test.json")
        } throws: { error in
            guard case .invalidField(let file, let path, let problem) = error as? ProfileError else { return false }
            return file == "test.json" && path.hasSuffix("match") && problem.contains("look-alike")
        }
    }
}
