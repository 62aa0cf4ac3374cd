import DynamicTypeCore
import Foundation
import Testing

@testable import TextStack

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

private func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

/// The error `body` throws, or a failure.
private func ruleError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> HighlightRuleError? {
    do {
        try body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch let error as HighlightRuleError {
        return error
    } catch {
        Issue.record("expected a HighlightRuleError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

private func parse(_ json: String) throws {
    _ = try HighlightRuleSet(jsonData: Data(json.utf8), origin: "test.rules.json")
}

@Suite("Highlight rule files")
struct HighlightRuleFileTests {
    @Test("the seed rule file reads back as .seeds, and .seeds writes exactly that file")
    func seedFile() throws {
        let loaded = try HighlightRuleSet(contentsOf: fixture("seed.rules.json"))
        #expect(loaded == .seeds)
        let written = HighlightRuleSet.seeds.jsonString(
            description: "The six rules of seed 001 (SyntaxHighlightTextStorage.createHighlightPatterns), in source order.")
        #expect(written == (try String(contentsOfFile: fixture("seed.rules.json"), encoding: .utf8)))
    }

    @Test("every key round-trips")
    func roundTrip() throws {
        let rules = try HighlightRuleSet([
            HighlightRule(
                name: "everything", pattern: "(a)(b)", group: 2, caseInsensitive: true,
                style: HighlightStyle(
                    traits: [.bold, .italic], family: "Zapfino", foregroundColor: .seedTitleBlue,
                    backgroundColor: RGBAColor(red: 1, green: 1, blue: 0, alpha: 0.5), strikethrough: .double,
                    underline: .thick, textEffect: .letterpress, kerning: 1.5, baselineOffset: -2)),
            HighlightRule.mark("a \"quoted\" word\\", color: .green),
        ])
        let reread = try HighlightRuleSet(jsonData: Data(rules.jsonString().utf8), origin: "memory")
        // Colours go through 8-bit hex.
        #expect(reread.rules[0].style.foregroundColor?.hexString == RGBAColor.seedTitleBlue.hexString)
        #expect(reread.rules[0].style.backgroundColor?.hexString == "#FFFF0080")
        var expected = rules.rules
        expected[0].style.foregroundColor = reread.rules[0].style.foregroundColor
        expected[0].style.backgroundColor = reread.rules[0].style.backgroundColor
        #expect(reread.rules == expected)
    }

    @Test("word marks from a file style a storage")
    func wordMarksFile() throws {
        let rules = try HighlightRuleSet(contentsOf: fixture("word-marks.rules.json"))
        let note = try HighlightTestSupport.storage("Chapter 1\nAlice met the Rabbit, not Alices.\n", rules: rules)
        #expect(HighlightTestSupport.attributes(of: "Alice", in: note).foregroundColor == .red)
        #expect(HighlightTestSupport.attributes(of: "Rabbit", in: note).foregroundColor == .green)
        #expect(note.attributes(at: HighlightTestSupport.range(of: "Alices", in: note).location).foregroundColor == nil)
        let title = HighlightTestSupport.attributes(of: "Chapter 1", in: note)
        #expect(title.textEffect == .letterpress)
        #expect(title.underline == .double)
        #expect(HighlightTestSupport.isBold(title))
    }

    @Test("an invalid regex names the file, the rule (index and name) and ICU's reason")
    func badRegex() {
        let path = fixture("bad-regex.rules.json")
        let error = ruleError { () throws in _ = try HighlightRuleSet(contentsOf: path) }
        guard case .invalidPattern(let file, let index, let name, let pattern, let reason)? = error else {
            Issue.record("wrong error: \(String(describing: error))")
            return
        }
        #expect(file == path)
        #expect(index == 1)
        #expect(name == "italic")
        #expect(pattern == #"(_\w+(\s\w+)*_"#)
        #expect(reason.contains("U_REGEX_MISMATCHED_PAREN"))
        #expect(reason.contains("unbalanced parentheses"))
        let message = error!.description
        #expect(message.hasPrefix("\(path): rule 1 'italic'"))
        #expect(message.contains("rules[1].pattern"))
    }

    @Test("ICU reasons for other mistakes, also for rules built in code")
    func icuReasons() {
        func reason(_ pattern: String) -> String {
            let error = ruleError { () throws in
                _ = try HighlightRuleSet([HighlightRule(name: "r", pattern: pattern, style: HighlightStyle(traits: .bold))])
            }
            guard case .invalidPattern(nil, 0, "r", pattern, let reason)? = error else { return "wrong error \(String(describing: error))" }
            return reason
        }
        #expect(reason("*a").contains("U_REGEX_RULE_SYNTAX"))
        #expect(reason("a{2,1}").contains("U_REGEX_MAX_LT_MIN"))
        #expect(reason("[z-a]").contains("U_REGEX_INVALID_RANGE"))
        #expect(reason("[abc").contains("U_REGEX_MISSING_CLOSE_BRACKET"))
        #expect(reason("(?<=a+)b").contains("U_REGEX_LOOK_BEHIND_LIMIT"))
    }

    @Test("a group the pattern lacks is an error")
    func badGroup() {
        let error = ruleError { () throws in
            try parse(#"{"schemaVersion": 1, "rules": [{"name": "g", "pattern": "(a)", "group": 3, "traits": ["bold"]}]}"#)
        }
        #expect(error == .invalidGroup(file: "test.rules.json", ruleIndex: 0, ruleName: "g", group: 3, available: 1))
        #expect(error?.description.contains("the pattern has 1 capture group") == true)
    }

    @Test("unknown keys and bad values are errors with the field path")
    func fieldErrors() {
        func problem(_ json: String) -> (String, String)? {
            let error = ruleError { () throws in try parse(json) }
            guard case .invalidField(let file, let path, let problem)? = error else { return nil }
            #expect(file == "test.rules.json")
            return (path, problem)
        }
        let unknown = problem(#"{"schemaVersion": 1, "rules": [{"name": "x", "pattern": "x", "foregroundcolor": "red"}]}"#)
        #expect(unknown?.0 == "rules[0].foregroundcolor")
        #expect(unknown?.1.contains("did you mean 'foregroundColor'") == true)
        let topLevel = problem(#"{"schemaVersion": 1, "rules": [], "extra": true}"#)
        #expect(topLevel?.0 == "extra")
        let trait = problem(#"{"schemaVersion": 1, "rules": [{"name": "x", "pattern": "x", "traits": ["bold", "heavy"]}]}"#)
        #expect(trait?.0 == "rules[0].traits[1]")
        #expect(trait?.1.contains("valid: bold, italic") == true)
        let color = problem(##"{"schemaVersion": 1, "rules": [{"name": "x", "pattern": "x", "backgroundColor": "#12"}]}"##)
        #expect(color?.0 == "rules[0].backgroundColor")
        #expect(color?.1.contains("#RRGGBB") == true)
        let missing = problem(#"{"schemaVersion": 1, "rules": [{"name": "x", "traits": ["bold"]}]}"#)
        #expect(missing?.0 == "rules[0].pattern")
        #expect(missing?.1 == "is missing")
        let wrongType = problem(#"{"schemaVersion": 1, "rules": [{"name": "x", "pattern": 3, "traits": ["bold"]}]}"#)
        #expect(wrongType?.0 == "rules[0].pattern")
        let nothing = problem(#"{"schemaVersion": 1, "rules": [{"name": "x", "pattern": "x"}]}"#)
        #expect(nothing?.0 == "rules[0]")
        #expect(nothing?.1.contains("changes nothing") == true)
        let group = problem(#"{"schemaVersion": 1, "rules": [{"name": "x", "pattern": "x", "group": 1.5, "traits": ["bold"]}]}"#)
        #expect(group?.0 == "rules[0].group")
        let line = problem(#"{"schemaVersion": 1, "rules": [{"name": "x", "pattern": "x", "underline": "wavy"}]}"#)
        #expect(line?.1.contains("single, thick, double") == true)
        let empty = problem(#"{"schemaVersion": 1, "rules": [{"name": "", "pattern": "x", "traits": ["bold"]}]}"#)
        #expect(empty?.0 == "rules[0].name")
    }

    @Test("schema version, malformed JSON and missing files")
    func fileErrors() {
        let version = ruleError { () throws in try parse(#"{"schemaVersion": 2, "rules": []}"#) }
        #expect(version == .unsupportedSchemaVersion(file: "test.rules.json", found: 2, supported: [1]))
        let malformed = ruleError { () throws in try parse(#"{"schemaVersion": 1, "rules": [}"#) }
        guard case .malformedJSON(let file, _)? = malformed else {
            Issue.record("wrong error \(String(describing: malformed))")
            return
        }
        #expect(file == "test.rules.json")
        let missing = ruleError { () throws in _ = try HighlightRuleSet(contentsOf: "/nonexistent/x.json") }
        #expect(missing == .fileMissing(path: "/nonexistent/x.json", reason: "no such file"))
    }
}
