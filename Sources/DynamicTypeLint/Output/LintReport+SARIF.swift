import Foundation

/// SARIF 2.1.0, the format code-scanning services read (GitHub code scanning, Azure DevOps,
/// SonarQube): one run whose driver lists every rule (id, name, descriptions, help with the bad and
/// good examples, default level) and whose results point at the lines, relative to the root
/// (`uriBaseId` `SRCROOT`, given in `originalUriBaseIds`).
extension LintReport {
    /// The report as SARIF. `root` is the folder relative paths start from (absolute);
    /// `documentationURL`, when given, is the address of docs/lint.md, whose rule anchors become
    /// each rule's `helpUri` (SARIF wants an absolute URI, which a local checkout does not have).
    package func sarif(toolVersion: String, root: String, configuration: LintConfiguration, documentationURL: String?) -> String {
        let rules = LintRule.allCases
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let driverRules: [[String: Any]] = rules.map { rule in
            var descriptor: [String: Any] = [
                "id": rule.rawValue,
                "name": rule.name,
                "shortDescription": ["text": rule.summary],
                "fullDescription": ["text": rule.explanation],
                "help": [
                    "text": "\(rule.message)\n\nReported:\n\(rule.badExample)\n\nFixed:\n\(rule.goodExample)\n\nSee \(rule.documentationAnchor).",
                    "markdown": "\(rule.message)\n\nReported:\n\n```\n\(rule.badExample)\n```\n\nFixed:\n\n```\n\(rule.goodExample)\n```\n\nSee [\(rule.documentationAnchor)](\(documentationURL.map { "\($0)#\(rule.rawValue)" } ?? rule.documentationAnchor)).",
                ],
                "defaultConfiguration": [
                    "level": Self.level(configuration.severity(of: rule)), "enabled": configuration.isEnabled(rule),
                ],
            ]
            if let documentationURL { descriptor["helpUri"] = "\(documentationURL)#\(rule.rawValue)" }
            return descriptor
        }
        let rootURI = URL(fileURLWithPath: root, isDirectory: true).absoluteString
        let results: [[String: Any]] = findings.map { finding in
            var artifact: [String: Any]
            if finding.path.hasPrefix("/") {
                artifact = ["uri": URL(fileURLWithPath: finding.path).absoluteString]
            } else {
                artifact = ["uri": Self.uriPath(finding.path), "uriBaseId": "SRCROOT"]
            }
            return [
                "ruleId": finding.rule.rawValue,
                "ruleIndex": index[finding.rule] ?? 0,
                "level": Self.level(finding.severity),
                "message": ["text": finding.message],
                "locations": [
                    ["physicalLocation": ["artifactLocation": artifact, "region": ["startLine": finding.line, "startColumn": finding.column]]]
                ],
                "partialFingerprints": ["dyntypeLine/v1": finding.fingerprint],
            ]
        }
        var driver: [String: Any] = ["name": "dyntype", "version": toolVersion, "semanticVersion": toolVersion, "rules": driverRules]
        if let documentationURL { driver["informationUri"] = documentationURL }
        let log: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": ["driver": driver],
                    "originalUriBaseIds": ["SRCROOT": ["uri": rootURI]],
                    "results": results,
                ] as [String: Any]
            ],
        ]
        // JSONSerialization: the SARIF objects are heterogeneous dictionaries, and sorted keys keep
        // the output stable. Plain strings, numbers and booleans always serialize.
        let data = (try? JSONSerialization.data(withJSONObject: log, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// SARIF's level for a severity.
    static func level(_ severity: LintSeverity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative path as a URI reference (spaces and other reserved characters percent-encoded).
    static func uriPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
