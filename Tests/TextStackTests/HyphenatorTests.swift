import Foundation
import Testing

@testable import TextStack

/// The word with a `-` at each given UTF-16 offset, for readable failure messages.
private func hyphenated(_ word: String, _ points: [Int]) -> String {
    var units = Array(word.utf16)
    for point in points.reversed() { units.insert(0x2D, at: point) }
    return String(decoding: units, as: UTF16.self)
}

/// Every offset is inside the word and on a grapheme-cluster boundary.
private func allOnGraphemeBoundaries(_ word: String, _ points: [Int]) -> Bool {
    points.allSatisfy { point in
        guard point > 0, point < word.utf16.count else { return false }
        let index = word.utf16.index(word.utf16.startIndex, offsetBy: point)
        return index.samePosition(in: word) != nil
    }
}

@Suite("Hyphenator (libhyphen, hyph_en_US)")
struct HyphenatorTests {
    /// One shared instance for the suite's tests, which also run in parallel: it is
    /// `Sendable` and locks around libhyphen.
    static let english: Hyphenator = {
        do { return try Hyphenator(locale: "en_US") } catch { fatalError("\(error)") }
    }()

    @Test("loads hyph_en_US.dic with TeX's minimums")
    func loads() throws {
        let hyphenator = try Hyphenator(locale: "en_US")
        #expect(hyphenator.dictionaryPath == "/usr/share/hyphen/hyph_en_US.dic")
        #expect(hyphenator.leftHyphenMin == 2)
        #expect(hyphenator.rightHyphenMin == 3)
        for spelling in ["en-US", "en_us", "en_US.UTF-8", "en"] {
            #expect(throws: Never.self, "\(spelling)") { try Hyphenator(locale: spelling) }
        }
    }

    @Test(
        "known English hyphenations",
        arguments: [
            ("hyphenation", "hy-phen-ation"),
            ("Hyphenation", "Hy-phen-ation"),  // patterns are lower-case: case must not matter
            ("HYPHENATION", "HY-PHEN-ATION"),
            ("computer", "com-puter"),
            ("typography", "ty-pog-ra-phy"),
            ("encyclopedia", "en-cy-clo-pe-dia"),
        ])
    func knownWords(_ word: String, _ expected: String) {
        let points = Self.english.hyphenationPoints(in: word)
        #expect(hyphenated(word, points) == expected)
    }

    @Test("short words and the minimums give no points", arguments: ["", "a", "cat", "the", "into", "about"])
    func shortWords(_ word: String) {
        let points = Self.english.hyphenationPoints(in: word)
        #expect(points.allSatisfy { $0 >= 2 && word.utf16.count - $0 >= 3 })
        if word.count < 5 { #expect(points.isEmpty, "\(word): \(points)") }
    }

    @Test("non-ASCII words give UTF-16 offsets on grapheme boundaries")
    func nonASCII() {
        // Precomposed ü is one UTF-16 unit: über-set-zung.
        let precomposed = "übersetzung"
        let points = Self.english.hyphenationPoints(in: precomposed)
        #expect(hyphenated(precomposed, points) == "über-set-zung")
        #expect(points == [4, 7])

        // Decomposed u + U+0308: the same breaks, each shifted by the extra code unit.
        let decomposed = "u\u{0308}bersetzung"
        let decomposedPoints = Self.english.hyphenationPoints(in: decomposed)
        #expect(decomposedPoints == [5, 8])
        #expect(allOnGraphemeBoundaries(decomposed, decomposedPoints))

        // libhyphen would allow a break after "e + combining acute" (two code points);
        // counted in characters that is only one, below the left minimum of 2.
        let etudiant = "e\u{0301}tudiant"
        let etudiantPoints = Self.english.hyphenationPoints(in: etudiant)
        #expect(allOnGraphemeBoundaries(etudiant, etudiantPoints))
        #expect(!etudiantPoints.contains(2), "\(etudiantPoints)")
        #expect(etudiantPoints == [4, 6])  // étu-di-ant
        #expect(Self.english.hyphenationPoints(in: "étudiant") == [3, 5])

        // Letters outside the BMP (two UTF-16 units each) stay aligned too.
        for word in ["naïveté", "résumé", "𝐡𝐲𝐩𝐡𝐞𝐧𝐚𝐭𝐢𝐨𝐧", "Ångströmhyphenation", "İstanbulization"] {
            let points = Self.english.hyphenationPoints(in: word)
            #expect(allOnGraphemeBoundaries(word, points), "\(word): \(points)")
        }
    }

    @Test("punctuation and digits split the word; only letter runs are hyphenated")
    func nonLetters() {
        let quoted = "“hyphenation”,"
        #expect(hyphenated(quoted, Self.english.hyphenationPoints(in: quoted)) == "“hy-phen-ation”,")
        #expect(Self.english.hyphenationPoints(in: "1234567890").isEmpty)
        #expect(Self.english.hyphenationPoints(in: "!!!???...").isEmpty)
        let mixed = "abc123hyphenation"
        #expect(hyphenated(mixed, Self.english.hyphenationPoints(in: mixed)) == "abc123hy-phen-ation")
        // An existing hyphen is a line-break opportunity, not a hyphenation point.
        let compound = "computer-typography"
        #expect(hyphenated(compound, Self.english.hyphenationPoints(in: compound)) == "com-puter-ty-pog-ra-phy")
        // Points never sit next to the punctuation itself.
        let points = Self.english.hyphenationPoints(in: "(hyphenation)")
        #expect(points == [3, 7])
    }

    @Test("a missing dictionary names the files looked for and the Debian package")
    func missingDictionary() throws {
        do {
            _ = try Hyphenator(locale: "xx_YY")
            Issue.record("expected dictionaryNotFound")
        } catch let error as HyphenationError {
            guard case let .dictionaryNotFound(locale, searched, package) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(locale == "xx_YY")
            #expect(searched.contains("/usr/share/hyphen/hyph_xx_YY.dic"))
            #expect(searched.contains("/usr/share/hyphen/hyph_xx.dic"))
            #expect(package == "hyphen-xx")
            #expect(error.description.contains("hyph_xx_YY.dic"))
            #expect(error.description.contains("apt-get install hyphen-xx"))
        }

        // English in an empty directory: the message points at hyphen-en-us.
        let empty = FileManager.default.temporaryDirectory
            .appendingPathComponent("hyphen-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect {
            try Hyphenator(locale: "en_US", directory: empty.path)
        } throws: { error in
            guard case let .dictionaryNotFound(_, searched, package)? = error as? HyphenationError else { return false }
            return package == "hyphen-en-us" && searched.first == empty.path + "/hyph_en_US.dic"
        }
        #expect {
            try Hyphenator(dictionaryPath: empty.path + "/nothing.dic")
        } throws: { error in
            (error as? HyphenationError) == .dictionaryUnreadable(path: empty.path + "/nothing.dic")
        }
    }

    @Test("one instance can be shared by concurrent tasks")
    func concurrentUse() async {
        let hyphenator = Self.english
        let words = ["hyphenation", "typography", "encyclopedia", "übersetzung", "computer"]
        let expected = words.map { hyphenator.hyphenationPoints(in: $0) }
        let allMatch = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { _ in words.map { hyphenator.hyphenationPoints(in: $0) } == expected }
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(allMatch)
    }
}
