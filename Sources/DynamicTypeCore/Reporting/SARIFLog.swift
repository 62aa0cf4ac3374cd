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
    /// Notes on the run itself (results left out by a cap), as the invocation's notifications.
    package var notices: [String] = []

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

    /// The log as pretty-printed JSON with sorted keys (the same input gives the same bytes),
    /// written result by result (``JSONTextWriter``) so a log of many thousand results costs its
    /// size, not a tree of Foundation objects.
    package func json() -> String {
        let index = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let driverRules: [JSONText] = rules.map { rule in
            var descriptor: [(key: String, value: JSONText)] = [
                ("id", .string(rule.id)), ("name", .string(rule.name)),
                ("shortDescription", .members(["text": .string(rule.summary)])),
                ("fullDescription", .members(["text": .string(rule.explanation)])),
                ("help", .members(["text": .string(rule.helpText), "markdown": .string(rule.helpMarkdown)])),
                ("defaultConfiguration", .members(["level": .string(rule.level), "enabled": .bool(rule.enabled)])),
            ]
            if let uri = rule.helpURI { descriptor.append(("helpUri", .string(uri))) }
            return .object(descriptor)
        }
        var driver: [(key: String, value: JSONText)] = [
            ("name", "dyntype"), ("version", .string(toolVersion)), ("semanticVersion", .string(toolVersion)),
            ("rules", .array(driverRules)),
        ]
        if let informationURI { driver.append(("informationUri", .string(informationURI))) }
        var writer = JSONTextWriter()
        // The run's members in key order, "results" streamed in its place.
        writer.raw("{\n  \"$schema\" : \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"runs\" : [\n    {\n")
        if !notices.isEmpty {
            writer.raw("      \"invocations\" : ")
            let notifications: [JSONText] = notices.map { .members(["level": "note", "message": .members(["text": .string($0)])]) }
            writer.write(.array([.members(["executionSuccessful": true, "toolExecutionNotifications": .array(notifications)])]), level: 3)
            writer.raw(",\n")
        }
        writer.raw("      \"originalUriBaseIds\" : ")
        writer.write(.members(["SRCROOT": .members(["uri": .string(URL(fileURLWithPath: root, isDirectory: true).absoluteString)])]), level: 3)
        writer.raw(",\n      \"results\" : ")
        if results.isEmpty { writer.raw("[]") } else {
            writer.raw("[\n")
            for (number, result) in results.enumerated() {
                writer.indent(4)
                writer.write(entry(result, ruleIndex: index[result.ruleID] ?? 0), level: 4)
                writer.raw(number == results.count - 1 ? "\n" : ",\n")
            }
            writer.indent(3)
            writer.raw("]")
        }
        writer.raw(",\n      \"tool\" : ")
        writer.write(.members(["driver": .object(driver)]), level: 3)
        writer.raw("\n    }\n  ],\n  \"version\" : \"2.1.0\"\n}\n")
        return writer.text
    }

    /// One result as SARIF.
    private func entry(_ result: Result, ruleIndex: Int) -> JSONText {
        var entry: [(key: String, value: JSONText)] = [
            ("ruleId", .string(result.ruleID)), ("ruleIndex", .integer(ruleIndex)), ("level", .string(result.level)),
            ("message", .members(["text": .string(result.message)])), ("partialFingerprints", .strings(result.fingerprints)),
        ]
        if let path = result.path {
            let artifact: JSONText =
                path.hasPrefix("/")
                ? .members(["uri": .string(URL(fileURLWithPath: path).absoluteString)])
                : .members(["uri": .string(Self.uriPath(path)), "uriBaseId": "SRCROOT"])
            var region: [(key: String, value: JSONText)] = [("startLine", .integer(max(1, result.line)))]
            if let column = result.column { region.append(("startColumn", .integer(max(1, column)))) }
            entry.append(
                ("locations", .array([.members(["physicalLocation": .members(["artifactLocation": artifact, "region": .object(region)])])])))
        }
        if !result.properties.isEmpty { entry.append(("properties", .strings(result.properties))) }
        return .object(entry)
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
