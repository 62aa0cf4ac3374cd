import Synchronization
import DynamicTypeCore
import Foundation
import Testing

@testable import FontSystem

/// The resolver on the machine's real fonts (the set-up installs fonts-inter, fonts-urw-base35,
/// fonts-dejavu-core, fonts-wqy-microhei, fonts-noto-color-emoji).
@Suite("Font resolver on real fonts")
struct FontResolverTests {
    let ios = TypeRampProfile.ios

    func resolve(_ style: TextStyle, _ category: ContentSizeCategory, traits: SymbolicTraits = []) throws -> ResolvedFont {
        let descriptor = try FontDescriptor.preferred(for: style, category: category, profile: ios).withSymbolicTraits(traits)
        return try FontResolver.shared().resolve(descriptor)
    }

    @Test("headline → Inter SemiBold, a real file with weight class 600")
    func headline() throws {
        let font = try resolve(.headline, .large)
        #expect(font.familyName == "Inter")
        #expect(font.filePath.hasSuffix("Inter-SemiBold.otf"))
        #expect(FileManager.default.fileExists(atPath: font.filePath))
        #expect(font.face.weightClass == 600)
        #expect(font.weight == .semibold)
        #expect(font.substitution?.reason == .mapped)
        #expect(font.substitution?.requested == "system")
    }

    @Test("body below 20 pt is Inter, at 28 pt (AX1) Inter Display")
    func opticalSwitch() throws {
        #expect(try resolve(.body, .xLarge).familyName == "Inter")  // 19 pt
        #expect(try resolve(.body, .xxxLarge).familyName == "Inter Display")  // 23 pt
        let ax1 = try resolve(.body, .accessibility1)
        #expect(ax1.pointSize == 28)
        #expect(ax1.familyName == "Inter Display")
        #expect(ax1.filePath.hasSuffix("InterDisplay-Regular.otf"))
    }

    @Test("italic and bold traits pick the real italic and emphasized faces")
    func traits() throws {
        let boldItalic = try resolve(.body, .large, traits: [.bold, .italic])
        #expect(boldItalic.isItalic)
        #expect(boldItalic.face.isItalic)
        #expect(boldItalic.face.weightClass == 600)
        let titleBold = try resolve(.title1, .large, traits: .bold)
        #expect(titleBold.face.weightClass == 700)
    }

    @Test("Zapfino → URW Z003 (OpenType, not the Type 1 copy), reported as a family-map substitution")
    func zapfino() throws {
        let body = try FontDescriptor.preferred(for: .body, category: .large, profile: ios)
        let font = try FontResolver.shared().resolve(body.withFamily("Zapfino"))
        #expect(font.familyName == "Z003")
        #expect(font.filePath.hasSuffix(".otf"))
        let entry = try #require(FontFamilyMap.bundled.entry(for: "Zapfino"))
        #expect(
            font.substitution
                == FontSubstitution(
                    requested: "Zapfino", used: "Z003", reason: .mapped, missing: [], match: .lookAlike, why: entry.why))
    }

    @Test("real metrics scale with the size")
    func metrics() throws {
        let font = try resolve(.body, .large)
        #expect(font.ascender > 0)
        #expect(font.descender < 0)
        #expect(font.capHeight > font.xHeight)
        #expect(font.capHeight < font.ascender)
        #expect(font.unitsPerEm > 0)
        let big = try resolve(.body, .accessibility5)
        // Same design family (Inter vs Inter Display share vertical metrics proportions closely).
        #expect(big.ascender > font.ascender * 2.5)
        #expect(abs(font.lineHeight - (font.ascender - font.descender + font.lineGap)) < 1e-9)
        // Against FreeType's own numbers for Inter Regular (hhea ascender 1984/2048? read from the face):
        #expect(abs(font.ascender - font.face.ascender * 17 / font.face.unitsPerEm) < 1e-9)
    }

    @Test("a requested family that is not installed falls back down its list and says which was missing")
    func notInstalled() throws {
        let json = """
            {"families": {"fancy": {"ranges": [{"families": ["No Such Family 123", "DejaVu Sans"]}]}},
             "packages": {"No Such Family 123": "fonts-nothing"}}
            """
        let map = try FontFamilyMap(jsonData: Data(json.utf8), origin: "test.json")
        let resolver = try FontResolver(familyMap: map)
        let font = try resolver.resolve(FontDescriptor(family: "fancy", size: 12))
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.substitution?.reason == .notInstalled)
        #expect(font.substitution?.missing == ["No Such Family 123"])
    }

    @Test("a family that resolves to nothing at all is an error naming the package")
    func nothingAtAll() throws {
        let json = """
            {"families": {"fancy": {"ranges": [{"families": ["No Such Family 123"]}]}},
             "packages": {"No Such Family 123": "fonts-nothing"}}
            """
        let resolver = try FontResolver(familyMap: try FontFamilyMap(jsonData: Data(json.utf8), origin: "test.json"))
        #expect(throws: FontSystemError.familyUnavailable(requested: "fancy", tried: ["No Such Family 123"], packages: ["fonts-nothing"])) {
            try resolver.resolve(FontDescriptor(family: "fancy", size: 12))
        }
        #expect(throws: FontSystemError.invalidSize(0)) { try resolver.resolve(FontDescriptor(family: "fancy", size: 0)) }
        #expect(throws: FontSystemError.invalidSize(-3)) { try resolver.resolve(FontDescriptor(family: "fancy", size: -3)) }
    }

    @Test("per-character fallback finds CJK and emoji fonts")
    func characterFallback() throws {
        let body = try resolve(.body, .large)
        #expect(!body.face.hasGlyph(for: "中"))
        let cjk = try #require(try FontResolver.shared().fallbackFont(for: "中", replacing: body))
        #expect(cjk.familyName == "WenQuanYi Micro Hei")
        #expect(cjk.pointSize == 17)
        #expect(cjk.substitution?.reason == .missingGlyph)
        let emoji = try #require(try FontResolver.shared().fallbackFont(for: "😀", replacing: body))
        #expect(emoji.familyName == "Noto Color Emoji")
        #expect(emoji.face.hasColor)
        let hebrew = try #require(try FontResolver.shared().fallbackFont(for: "ש", replacing: body))
        #expect(hebrew.face.hasGlyph(for: "ש"))
    }

    @Test("the cache is safe from many threads and returns the same faces")
    func concurrentResolution() throws {
        let resolver = try FontResolver()
        let descriptors = try ContentSizeCategory.allCases.flatMap { category in
            try ios.styles.map { try FontDescriptor.preferred(for: $0, category: category, profile: ios) }
        }
        let reference = try descriptors.map { try resolver.resolve($0).filePath }
        let fresh = try FontResolver()
        let results = Mutex<[Int: String]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for (index, descriptor) in descriptors.enumerated().shuffled() {
                if let font = try? fresh.resolve(descriptor), worker == 0 {
                    results.withLock { $0[index] = font.filePath }
                }
            }
        }
        let collected = results.withLock { $0 }
        #expect(collected.count == descriptors.count)
        for (index, path) in collected { #expect(path == reference[index]) }
    }

    @Test("library versions are reported")
    func versions() throws {
        let versions = try FontResolver.shared().libraryVersions
        #expect(versions["fontconfig"]?.split(separator: ".").count == 3)
        #expect(versions["freetype"]?.hasPrefix("2.") == true)
    }
}
