import DynamicTypeCore

/// `--fail-on`: which findings fail a run. Each rule names severities (at or above) or finding kinds
/// (any severity), optionally only from some categories on: `error`, `truncated,clipped`,
/// `truncated@accessibility1...`, `warning@large...accessibility2`. Several rules fail the run when
/// any of them matches, so a team can fail on truncation at AX sizes without failing on the
/// seeds' red text that fails contrast at small sizes.
package struct FailPolicy: Hashable, Sendable {
    /// One `--fail-on` value.
    package struct Rule: Hashable, Sendable {
        /// The lowest severity that fails (nil: the rule names kinds).
        package var minimumSeverity: Finding.Severity?
        /// The kinds that fail, at any severity (empty: the rule names a severity).
        package var kinds: [Finding.Kind]
        /// The categories the rule applies at (nil: all).
        package var categories: Set<ContentSizeCategory>?
        /// The rule as written.
        package var text: String
        /// `known-text` in the rule: findings on sample text (``Finding/sampleText``: text the
        /// source does not give) do not fail the run under it.
        package var knownTextOnly = false

        /// Whether `finding` fails the run under this rule.
        package func matches(_ finding: Finding) -> Bool {
            if let categories, !categories.contains(finding.category) { return false }
            if knownTextOnly, finding.sampleText != nil { return false }
            if let minimumSeverity { return finding.severity >= minimumSeverity }
            return kinds.contains(finding.kind)
        }
    }

    /// The rules, any of which fails the run.
    package var rules: [Rule]

    /// No rule: findings never fail the run.
    package init() { rules = [] }

    /// The rules written as `--fail-on` values.
    ///
    /// - Throws: ``FailPolicyError`` naming the value and what it accepts.
    package init(parsing values: [String]) throws(FailPolicyError) {
        rules = try values.map { value throws(FailPolicyError) in try Self.rule(value) }
    }

    /// Whether any rule is set.
    package var isActive: Bool { !rules.isEmpty }

    /// Whether `finding` fails the run.
    package func matches(_ finding: Finding) -> Bool { rules.contains { $0.matches(finding) } }

    /// The findings that fail the run.
    package func failing(_ findings: [Finding]) -> [Finding] { findings.filter(matches) }

    /// One line per reason the run fails, as the run's last words:
    /// `failed: 3 truncated from accessibility1 (checkout.de, settings, …) [--fail-on truncated@accessibility1...]`.
    /// Empty when nothing fails.
    package func reasons(_ findings: [Finding]) -> [String] {
        var lines: [String] = []
        for rule in rules {
            let matched = findings.filter(rule.matches)
            guard !matched.isEmpty else { continue }
            // Kind rules say which kind; severity rules count by severity.
            let groups: [(label: String, findings: [Finding])]
            if rule.minimumSeverity != nil {
                groups = [Finding.Severity.error, .warning, .info].compactMap { severity in
                    let some = matched.filter { $0.severity == severity }
                    return some.isEmpty ? nil : ("\(severity.rawValue)\(some.count == 1 ? "" : "s")", some)
                }
            } else {
                groups = rule.kinds.compactMap { kind in
                    let some = matched.filter { $0.kind == kind }
                    return some.isEmpty ? nil : (kind.rawValue, some)
                }
            }
            for group in groups {
                let first = group.findings.map(\.category).min()!
                var views: [String] = []
                var seen = Set<String>()
                for finding in group.findings where seen.insert(finding.view ?? "type ramp").inserted {
                    views.append(finding.view ?? "type ramp")
                }
                let shown = views.prefix(3).joined(separator: ", ") + (views.count > 3 ? ", …" : "")
                lines.append("failed: \(group.findings.count) \(group.label) from \(first.name) (\(shown)) [--fail-on \(rule.text)]")
            }
        }
        return lines
    }

    private static func rule(_ value: String) throws(FailPolicyError) -> Rule {
        let text = value.trimmingCharacters(in: .whitespaces)
        var itemsText = Substring(text)
        var categories: Set<ContentSizeCategory>?
        if let at = text.lastIndex(of: "@") {
            itemsText = text[..<at]
            let range = String(text[text.index(after: at)...])
            do { categories = Set(try ContentSizeCategorySelection(parsing: range).categories) } catch {
                throw FailPolicyError(value: value, reason: "after @: \(error) (e.g. accessibility1... or large...accessibility2)")
            }
        }
        let items = itemsText.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty else { throw FailPolicyError(value: value, reason: "no severity or finding kind before the @") }
        var severities: [Finding.Severity] = []
        var kinds: [Finding.Kind] = []
        var knownTextOnly = false
        for item in items {
            if item == Self.knownText {
                knownTextOnly = true
            } else if let severity = Finding.Severity(rawValue: item) {
                severities.append(severity)
            } else if let kind = Finding.Kind(rawValue: item) {
                if !kinds.contains(kind) { kinds.append(kind) }
            } else {
                let suggestion = ClosestMatch.find(item, among: Self.vocabulary).map { " (did you mean '\($0)'?)" } ?? ""
                throw FailPolicyError(value: value, reason: "'\(item)' is neither a severity nor a finding kind\(suggestion)")
            }
        }
        guard severities.isEmpty || kinds.isEmpty else {
            throw FailPolicyError(value: value, reason: "give severities or finding kinds in one value, not both (repeat --fail-on for each)")
        }
        guard !severities.isEmpty || !kinds.isEmpty else {
            throw FailPolicyError(value: value, reason: "\(Self.knownText) narrows a severity or finding kinds; give one with it (error,\(Self.knownText))")
        }
        var rule = Rule(minimumSeverity: severities.min(), kinds: kinds, categories: categories, text: text)
        rule.knownTextOnly = knownTextOnly
        return rule
    }

    /// The word that leaves findings on sample text out of a rule (`error,known-text`).
    package static let knownText = "known-text"

    /// Every word `--fail-on` accepts before the `@`.
    package static let vocabulary = ["error", "warning", "info", knownText] + Finding.Kind.allCases.map(\.rawValue)
}

/// A `--fail-on` value the policy does not understand (exit 64).
package struct FailPolicyError: Error, CustomStringConvertible {
    /// The value as given.
    package var value: String
    /// What is wrong and how to write it.
    package var reason: String

    package var description: String {
        "invalid --fail-on '\(value)': \(reason); give error, warning, info, or finding kinds (\(Finding.Kind.allCases.prefix(4).map(\.rawValue).joined(separator: ", ")), …), optionally @<categories>"
    }
}
