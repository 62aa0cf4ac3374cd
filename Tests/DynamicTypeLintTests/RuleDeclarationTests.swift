import Foundation
import Testing

@testable import DynamicTypeLint

/// Each rule is declared once: its id appears in one source file, its own, and the public
/// ``LintRule`` forwards to that declaration.
@Suite("lint: rules declared once")
struct RuleDeclarationTests {
    /// `Sources/`.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardizedFileURL

    /// Every `.swift` file under `Sources/`, with its text.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        let root = sources.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [(String, String)] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append((relative, try String(contentsOfFile: root + "/" + relative, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// Whether `text` names `id` as a whole id: not as part of a longer one
    /// (`text-style-not-adjusting` inside `ib-text-style-not-adjusting`).
    static func mentions(_ text: String, id: String) -> Bool {
        let idCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        var searchStart = text.startIndex
        while let range = text.range(of: id, range: searchStart..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(idCharacters.contains) ?? false), !(after.map(idCharacters.contains) ?? false) { return true }
            searchStart = range.upperBound
        }
        return false
    }

    @Test("each rule's id is named in exactly one file under Sources: Rules/<its declaration>.swift", arguments: LintRule.allCases)
    func idInOneFile(rule: LintRule) throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 50, "Sources/ not found at \(Self.sources.path)")
        let naming = files.filter { Self.mentions($0.text, id: rule.rawValue) }.map(\.path)
        #expect(naming == ["DynamicTypeLint/Rules/\(String(describing: rule.declaration)).swift"], "\(rule): \(naming)")
    }

    @Test("ids are unique kebab-case; each declaration is its case's; the id round-trips through LintRule")
    func declarations() throws {
        let ids = LintRule.allCases.map(\.rawValue)
        #expect(Set(ids).count == ids.count)
        for rule in LintRule.allCases {
            #expect(rule.declaration.rule == rule, "\(rule)")
            #expect(rule.rawValue.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule)")
            #expect(LintRule(rawValue: rule.rawValue) == rule)
            #expect(!rule.ruleDescription.triggeringExamples.isEmpty, "\(rule) has no triggering example")
            #expect(!rule.ruleDescription.nonTriggeringExamples.isEmpty, "\(rule) has no non-triggering example")
            let encoded = try JSONEncoder().encode([rule])
            #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(rule.rawValue)\"]")
            #expect(try JSONDecoder().decode([LintRule].self, from: encoded) == [rule])
        }
        #expect(LintRule(rawValue: "no-such-rule") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LintRule].self, from: Data("[\"no-such-rule\"]".utf8)) }
    }
}
