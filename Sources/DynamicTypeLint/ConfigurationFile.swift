import DynamicTypeCore
import Foundation
import Yams

/// `.dyntype.yml`, the lint config:
///
/// ```yaml
/// rules:
///   <rule-id>: off               # on, off, or a severity: error, warning, info
///   <other-rule-id>: error        # (ids: docs/lint.md, or LintRule.allCases)
/// exclude:                       # .gitignore-style patterns, relative to the root
///   - Generated/
///   - "*.generated.swift"
/// max-file-size: 8MB
/// files-in-no-target: skip       # skip (default) or lint: Swift files no Xcode target builds
/// debug-files: skip              # skip (default) or lint: files with Debug in their name (DebugScreens)
/// ```
///
/// Anything else — an unknown key, an unknown rule id, a value of the wrong kind — is an error
/// naming it (a typo must not silently switch a rule back on).
extension LintConfiguration {
    /// The file name looked for in the current folder.
    package static let fileName = ".dyntype.yml"

    /// The largest config read, in bytes: a config is a few lines.
    package static let maximumSize = 1 << 20

    /// The config in `text`, read from `origin` (for messages).
    ///
    /// - Throws: ``LintError`` (bad data) naming the file, the key and what to write instead.
    package init(yaml text: String, origin: String) throws(LintError) {
        func fail(_ message: String, _ node: Node? = nil) -> LintError {
            let place = node?.mark.map { ":\($0.line):\($0.column)" } ?? ""
            return LintError(.badData, "\(origin)\(place): \(message)")
        }
        // Checked before anything reads the text: the size (a config is a few lines), then anchors
        // and aliases (YAMLAnchorScan: expanded, a small file becomes an enormous tree).
        guard text.utf8.count <= Self.maximumSize else {
            throw fail("\(text.utf8.count) bytes; a config is at most \(Self.maximumSize / 1024) KB (rules, exclude, max-file-size)")
        }
        if let found = YAMLAnchorScan.first(in: text) {
            throw LintError(
                .badData,
                "\(origin):\(found.line):\(found.column): YAML \(found.isAlias ? "alias (*name)" : "anchor (&name)") not supported in a config; write the value out in full")
        }
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch { throw fail("malformed YAML: \(error)") }
        self.init()
        guard let root else { return }  // An empty file: the defaults.
        guard case .mapping(let mapping) = root else { throw fail("expected keys (rules, exclude, max-file-size), found \(Self.kind(root))", root) }
        let known = ["rules", "exclude", "max-file-size", "files-in-no-target", "debug-files"]
        for (key, value) in mapping {
            guard let name = key.string else { throw fail("keys must be strings", key) }
            switch name {
            case "rules":
                guard case .mapping(let rules) = value else { throw fail("'rules' must map rule ids to on, off or a severity", value) }
                for (ruleKey, setting) in rules {
                    let id = ruleKey.string ?? ""
                    guard let rule = LintRule(rawValue: id) else {
                        let hint = ClosestMatch.find(id, among: LintRule.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
                        throw fail("unknown rule '\(id)' in 'rules'\(hint) (rules: \(LintRule.allCases.map(\.rawValue).joined(separator: ", ")))", ruleKey)
                    }
                    try apply(setting, to: rule, fail: fail)
                }
            case "exclude":
                guard case .sequence(let patterns) = value else { throw fail("'exclude' must be a list of path patterns", value) }
                for pattern in patterns {
                    guard case .scalar = pattern, let text = pattern.string, !text.isEmpty else { throw fail("an 'exclude' entry must be a path pattern", pattern) }
                    excludedPaths.append(text)
                }
            case "max-file-size":
                do { maximumFileSize = try InputSizeLimit(parsing: value.string ?? "").bytes } catch { throw fail("'max-file-size': \(error)", value) }
            case "files-in-no-target":
                switch value.string {
                case "skip": skipsFilesInNoTarget = true
                case "lint": skipsFilesInNoTarget = false
                default: throw fail("'files-in-no-target' must be skip or lint, not '\(value.string ?? Self.kind(value))'", value)
                }
            case "debug-files":
                switch value.string {
                case "skip": skipsDebugFiles = true
                case "lint": skipsDebugFiles = false
                default: throw fail("'debug-files' must be skip or lint, not '\(value.string ?? Self.kind(value))'", value)
                }
            default:
                let hint = ClosestMatch.find(name, among: known).map { "; did you mean '\($0)'?" } ?? ""
                throw fail("unknown key '\(name)'\(hint) (keys: \(known.joined(separator: ", ")))", key)
            }
        }
    }

    /// The config at `path`.
    ///
    /// - Throws: ``LintError``: missing (66) or bad (65).
    package static func load(path: String) throws(LintError) -> LintConfiguration {
        let data: Data
        do { data = try InputFile.read(atPath: path, limit: InputSizeLimit(bytes: maximumSize)) } catch { throw LintError(error) }
        return try LintConfiguration(yaml: String(decoding: data, as: UTF8.self), origin: path)
    }

    private mutating func apply(_ setting: Node, to rule: LintRule, fail: (String, Node?) -> LintError) throws(LintError) {
        let text = setting.string?.lowercased() ?? ""
        switch text {
        case "on", "true", "yes": disabledRules.remove(rule)
        case "off", "false", "no": disabledRules.insert(rule)
        default:
            guard let severity = LintSeverity(rawValue: text) else {
                throw fail("'\(rule.rawValue)' must be on, off, error, warning or info, not '\(setting.string ?? Self.kind(setting))'", setting)
            }
            disabledRules.remove(rule)
            severities[rule] = severity
        }
    }

    private static func kind(_ node: Node) -> String {
        switch node {
        case .scalar: "a value"
        case .mapping: "keys"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
