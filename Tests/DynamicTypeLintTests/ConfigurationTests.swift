import Foundation
import Testing

@testable import DynamicTypeLint

@Suite("lint: configuration")
struct ConfigurationTests {
    @Test("rules switched off or re-levelled, exclusions and the size limit are read")
    func reads() throws {
        let yaml = """
            rules:
              single-line-text: off
              fixed-text-height: error
              fixed-font-uikit: on
              dynamic-type-cap: info
            exclude:
              - Generated/
              - "*.generated.swift"
            max-file-size: 1MB
            """
        let configuration = try LintConfiguration(yaml: yaml, origin: ".dyntype.yml")
        #expect(configuration.disabledRules == [.singleLineText])
        #expect(configuration.severity(of: .fixedTextHeight) == .error)
        #expect(configuration.severity(of: .dynamicTypeCap) == .info)
        #expect(configuration.severity(of: .fixedFontUIKit) == .error)
        #expect(configuration.excludedPaths == ["Generated/", "*.generated.swift"])
        #expect(configuration.maximumFileSize == 1 << 20)
        #expect(try LintConfiguration(yaml: "", origin: "x") == LintConfiguration())
        #expect(try LintConfiguration(yaml: "rules:\n  single-line-text: false\n", origin: "x").disabledRules == [.singleLineText])
    }

    @Test("unknown keys, unknown rules and bad values are errors naming them", arguments: [
        ("rulez:\n  a: off\n", "unknown key 'rulez'; did you mean 'rules'?"),
        ("rules:\n  fixed-font-uikt: off\n", "unknown rule 'fixed-font-uikt' in 'rules'; did you mean 'fixed-font-uikit'?"),
        ("rules:\n  fixed-font-uikit: loud\n", "'fixed-font-uikit' must be on, off, error, warning or info, not 'loud'"),
        ("rules: [a]\n", "'rules' must map rule ids"),
        ("exclude: Generated\n", "'exclude' must be a list"),
        ("max-file-size: huge\n", "'max-file-size'"),
        ("- a\n", "expected keys"),
        ("rules: {\n", "malformed YAML"),
    ])
    func errors(yaml: String, message: String) {
        do {
            _ = try LintConfiguration(yaml: yaml, origin: ".dyntype.yml")
            Issue.record("accepted \(yaml)")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.message.hasPrefix(".dyntype.yml"), "\(error.message)")
        }
    }

    @Test("a config's rules and severities apply to findings")
    func applies() throws {
        // Two findings of two rules (a fixed font inside a fixed frame would be only one: it cannot outgrow it).
        let source = "let a = Text(\"a\").font(.system(size: 12))\nlet b = Text(\"b\").frame(height: 20)"
        #expect(Linter.check(swift: source).map(\.rule) == [.fixedFontSwiftUI, .fixedTextHeight])
        let configuration = try LintConfiguration(yaml: "rules:\n  fixed-font-swiftui: off\n  fixed-text-height: error\n", origin: "x")
        let findings = Linter.check(swift: source, configuration: configuration)
        #expect(findings.map(\.rule) == [.fixedTextHeight])
        #expect(findings.map(\.severity) == [.error])
    }

    @Test("glob patterns: names at any depth, anchored paths, folders only, **")
    func globs() {
        #expect(GlobPattern("Generated/").matches("App/Generated", isFolder: true))
        #expect(!GlobPattern("Generated/").matches("App/Generated", isFolder: false))
        #expect(GlobPattern("*.generated.swift").matches("App/Models/User.generated.swift", isFolder: false))
        #expect(GlobPattern("App/Legacy").matches("App/Legacy", isFolder: true))
        #expect(!GlobPattern("App/Legacy").matches("Other/App/Legacy", isFolder: true))
        #expect(GlobPattern("App/**/*.swift").matches("App/A/B/C.swift", isFolder: false))
        #expect(GlobPattern("App/**/*.swift").matches("App/C.swift", isFolder: false))
        #expect(GlobPattern("/Tools").matches("Tools", isFolder: true))
        #expect(!GlobPattern("Tools").matches("MyTools", isFolder: true))
    }
}
