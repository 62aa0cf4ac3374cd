import Foundation
import Testing

@testable import DynamicTypeLint

/// `.dyntype.yml` and its exclude patterns against inputs built to exhaust: YAML aliases (a
/// "billion laughs"), an oversized file, and globs that make a backtracking matcher exponential.
@Suite("lint: hostile configs and patterns")
struct ConfigurationHostileTests {
    static func error(_ yaml: String) -> LintError? {
        do {
            _ = try LintConfiguration(yaml: yaml, origin: ".dyntype.yml")
            return nil
        } catch {
            return error
        }
    }

    @Test("an anchor or alias is refused with its line before the tree is composed")
    func aliases() {
        let anchor = Self.error("rules: &r\n  single-line-text: off\n")
        #expect(anchor?.message.hasPrefix(".dyntype.yml:1:") == true, "\(anchor?.message ?? "accepted")")
        #expect(anchor?.message.contains("anchor") == true)
        // Nine levels of nine references: composing and walking it would take minutes.
        var laughs = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            laughs += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let refused = Self.error(laughs)
        #expect(refused?.kind == .badData)
        #expect(refused?.message.contains("write the value out in full") == true, "\(refused?.message ?? "accepted")")
        let alias = Self.error("exclude:\n  - Generated/\nrules: *x\n")
        #expect(alias?.message.contains("alias") == true || alias?.message.contains("malformed") == true, "\(alias?.message ?? "accepted")")
    }

    @Test("a config over the size limit is refused before it is parsed")
    func size() {
        let big = "exclude:\n" + String(repeating: "  - Generated/\n", count: LintConfiguration.maximumSize / 14 + 1)
        let error = Self.error(big)
        #expect(error?.message.contains("a config is at most 1024 KB") == true, "\(error?.message ?? "accepted")")
    }

    @Test("a component matches as fnmatch(3) does, on every pattern over a small alphabet")
    func sameAsFnmatch() {
        // Deterministic pseudo-random patterns and names (a linear congruential generator).
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let patternPieces = ["a", "b", ".", "*", "?", "[ab]", "[!a]", "[a-c]", "[]a]", "\\*", "[", "-", "**"]
        let nameCharacters: [Character] = ["a", "b", "c", ".", "*", "[", "]", "-"]
        for _ in 0..<3000 {
            let pattern = (0..<(1 + next(5))).map { _ in patternPieces[next(patternPieces.count)] }.joined()
            let name = String((0..<next(7)).map { _ in nameCharacters[next(nameCharacters.count)] })
            let expected = fnmatch(pattern, name, 0) == 0
            #expect(WildcardMatch.matches(WildcardMatch.tokens(pattern), name) == expected, "'\(pattern)' against '\(name)'")
        }
    }

    @Test("16 ** and *a*a*a*a*b at twelve folder levels are answered (a backtracking matcher took a minute)")
    func pathological() {
        let pattern = GlobPattern(Array(repeating: "**", count: 16).joined(separator: "/") + "/*a*a*a*a*b")
        let folder = String(repeating: "a", count: 60)
        let path = Array(repeating: folder, count: 12).joined(separator: "/")
        #expect(!pattern.matches(path, isFolder: false))
        #expect(pattern.matches(path + "/" + folder + "b", isFolder: false))
        let anchored = GlobPattern("App/**/x/**/*.swift")
        #expect(anchored.matches("App/x/A.swift", isFolder: false))
        #expect(anchored.matches("App/1/2/x/3/A.swift", isFolder: false))
        #expect(!anchored.matches("App/1/2/y/3/A.swift", isFolder: false))
        #expect(!anchored.matches("Other/x/A.swift", isFolder: false))
        #expect(GlobPattern("**").matches("App/Anything", isFolder: true))
    }
}
