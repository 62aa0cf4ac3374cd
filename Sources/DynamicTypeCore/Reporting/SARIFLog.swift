import Foundation

/// A SARIF 2.1.0 log with one run: what code-scanning services read (GitHub code scanning, Azure
/// DevOps, SonarQube). `dyntype lint` and the findings of preview, switch, snapshot and strings all
/// write through it, so every SARIF file the tool writes has the same shape: a driver listing its
/// rules, results located in files relative to `SRCROOT` (given in `originalUriBaseIds`), and a
/// partial fingerprint per result so code scanning follows a result across commits.
package struct SARIFLog: Sendable {
    /// One rule of the driver.
    package struct Rule: Sendable {
        /// The id results name (a lint rule's id, `truncated`).
        package var id: String
        /// A CamelCase name.
        package var name: String
        /// One line.
        package var summary: String
        /// A paragraph.
        package var explanation: String
        /// Help as plain text and as Markdown.
        package var helpText: String
        package var helpMarkdown: String
        /// The level results of this rule have unless they say otherwise.
        package var level: String
        /// Whether the rule runs.
        package var enabled: Bool = true
        /// An absolute address of the rule's documentation.
        package var helpURI: String?

        /// A rule.
        package init(
            id: String, name: String, summary: String, explanation: String, helpText: String, helpMarkdown: String, level: String,
            enabled: Bool = true, helpURI: String? = nil
        ) {
            (self.id, self.name, self.summary, self.explanation) = (id, name, summary, explanation)
            (self.helpText, self.helpMarkdown, self.level, self.enabled, self.helpURI) = (helpText, helpMarkdown, level, enabled, helpURI)
        }
    }

    /// One result.
    package struct Result: Sendable {
        /// The rule's id.
        package var ruleID: String
        /// `error`, `warning` or `note`.
        package var level: String
        /// What was found, with the numbers.
        package var message: String
        /// The file, relative to the root or absolute; nil when the result has no file.
        package var path: String?
        /// 1-based line and column (column optional).
        package var line: Int
        package var column: Int?
        /// Stable keys that identify the result across runs (name → value).
        package var fingerprints: [String: String]
        /// Extra properties for people and tools (view, category, locale).
        package var properties: [String: String] = [:]

        /// A result.
        package init(
            ruleID: String, level: String, message: String, path: String?, line: Int, column: Int? = nil,
            fingerprints: [String: String], properties: [String: String] = [:]
        ) {
            (self.ruleID, self.level, self.message, self.path, self.line, self.column) = (ruleID, level, message, path, line, column)
            (self.fingerprints, self.properties) = (fingerprints, properties)
        }
    }

    /// The tool's version (`dyntype --version`).
    package var toolVersion: String
    /// The absolute folder relative paths start from.
    package var root: String
    /// The driver's rules.
    package var rules: [Rule]
    /// The results.
    package var results: [Result]
    /// The tool's documentation address, when it has one.
    package var informationURI: String?

    /// A log.
    package init(toolVersion: String, root: String, rules: [Rule], results: [Result], informationURI: String? = nil) {
        (self.toolVersion, self.root, self.rules, self.results, self.informationURI) = (toolVersion, root, rules, results, informationURI)
    }

    /// SARIF's level for a severity name: `error`, `warning`, and `note` for anything milder.
    package static func level(severity: String) -> String {
        switch severity {
        case "error": "error"
        case "warning": "warning"
        default: "note"
        }
    }

    /// The log as pretty-printed JSON with sorted keys (the same input gives the same bytes).
    package func json() -> String {
        let index = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let driverRules: [[String: Any]] = rules.map { rule in
            var descriptor: [String: Any] = [
                "id": rule.id, "name": rule.name,
                "shortDescription": ["text": rule.summary], "fullDescription": ["text": rule.explanation],
                "help": ["text": rule.helpText, "markdown": rule.helpMarkdown],
                "defaultConfiguration": ["level": rule.level, "enabled": rule.enabled],
            ]
            if let uri = rule.helpURI { descriptor["helpUri"] = uri }
            return descriptor
        }
        let sarifResults: [[String: Any]] = results.map { result in
            var entry: [String: Any] = [
                "ruleId": result.ruleID, "ruleIndex": index[result.ruleID] ?? 0, "level": result.level,
                "message": ["text": result.message], "partialFingerprints": result.fingerprints,
            ]
            if let path = result.path {
                let artifact: [String: Any] =
                    path.hasPrefix("/")
                    ? ["uri": URL(fileURLWithPath: path).absoluteString] : ["uri": Self.uriPath(path), "uriBaseId": "SRCROOT"]
                var region: [String: Any] = ["startLine": max(1, result.line)]
                if let column = result.column { region["startColumn"] = max(1, column) }
                entry["locations"] = [["physicalLocation": ["artifactLocation": artifact, "region": region]]]
            }
            if !result.properties.isEmpty { entry["properties"] = result.properties }
            return entry
        }
        var driver: [String: Any] = ["name": "dyntype", "version": toolVersion, "semanticVersion": toolVersion, "rules": driverRules]
        if let informationURI { driver["informationUri"] = informationURI }
        let log: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": ["driver": driver],
                    "originalUriBaseIds": ["SRCROOT": ["uri": URL(fileURLWithPath: root, isDirectory: true).absoluteString]],
                    "results": sarifResults,
                ] as [String: Any]
            ],
        ]
        // JSONSerialization: the SARIF objects are heterogeneous dictionaries, and sorted keys keep
        // the output stable. Plain strings, numbers and booleans always serialize.
        let data = (try? JSONSerialization.data(withJSONObject: log, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `path` relative to `root` when it lies inside it (SARIF's `SRCROOT`), else absolute.
    package static func relativePath(_ path: String, root: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// A relative path as a URI reference (spaces and other reserved characters percent-encoded).
    package static func uriPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
