import Foundation

/// One problem as the CI report formats beside SARIF carry it: lint findings and the renderer's
/// findings (preview, switch) are both written through ``CIReportFormats``.
package struct CIReportIssue: Sendable, Hashable {
    /// The rule or finding kind (a lint rule's id, `clipped`).
    package var rule: String
    /// `error`, `warning` or `info`.
    package var severity: String
    /// What is wrong and how to fix it.
    package var message: String
    /// The file, relative to the repository.
    package var path: String
    /// 1-based line.
    package var line: Int
    /// 1-based column, if known.
    package var column: Int?
    /// A key that stays the same while the problem does (lint's line fingerprint, a finding group's key).
    package var key: String

    /// An issue.
    package init(rule: String, severity: String, message: String, path: String, line: Int, column: Int?, key: String) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.key = key
    }
}

/// Reports CI systems read besides SARIF: JUnit XML (Jenkins, GitLab, Azure Pipelines, CircleCI
/// test tabs), GitLab Code Quality JSON (the merge request's Code Quality widget) and Checkstyle
/// XML (Jenkins Warnings NG, Bitbucket, reviewdog).
package enum CIReportFormats {
    /// JUnit XML as Apache Ant's JUnit task writes it (the schema most CI systems read:
    /// github.com/windyroad/JUnit-Schema, JUnit.xsd): one `<testsuite>` named `suite` in
    /// `<testsuites>`, with one `<testcase>` per issue (name `path:line:column`, classname the
    /// rule) holding a `<failure>` whose `type` is the severity. No issue, no test case: a passing
    /// suite of zero tests. `timestamp` is when the run happened (the schema requires it, without
    /// a time zone: written in UTC); the host is `localhost`, which the schema names for an unknown
    /// host (a report must not depend on the machine).
    package static func junit(_ issues: [CIReportIssue], suite: String, timestamp: Date) -> String {
        let count = issues.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        xml += "  <testsuite package=\"dyntype\" id=\"0\" name=\"\(attribute(suite))\" timestamp=\"\(junitTimestamp(timestamp))\" hostname=\"localhost\""
        xml += " tests=\"\(count)\" failures=\"\(count)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
        xml += "    <properties/>\n"
        for issue in issues {
            let place = "\(issue.path):\(issue.line)" + (issue.column.map { ":\($0)" } ?? "")
            xml += "    <testcase name=\"\(attribute(place))\" classname=\"\(attribute(issue.rule))\" time=\"0\">\n"
            xml += "      <failure message=\"\(attribute(issue.message))\" type=\"\(attribute(issue.severity))\">"
            xml += text("\(place): \(issue.severity): \(issue.message) [\(issue.rule)]") + "</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "    <system-out/>\n    <system-err/>\n  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `2026-11-27T19:20:00`: ISO 8601 in UTC without a zone, as the JUnit schema's pattern wants.
    package static func junitTimestamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        // Civil date from days since 1970-01-01 (Howard Hinnant's days_from_civil, inverted).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, time / 3600, time % 3600 / 60, time % 60)
    }

    /// Checkstyle XML (format version 4.3): a `<file>` per path, an `<error>` per issue with
    /// `line`, `column`, `severity` (`error`, `warning`, `info`), `message` and `source`
    /// (`dyntype.<rule>`).
    package static func checkstyle(_ issues: [CIReportIssue]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var byPath: [String: [CIReportIssue]] = [:]
        for issue in issues { byPath[issue.path, default: []].append(issue) }
        for path in byPath.keys.sorted() {
            xml += "  <file name=\"\(attribute(path))\">\n"
            for issue in byPath[path] ?? [] {
                let column = issue.column.map { " column=\"\($0)\"" } ?? ""
                let severity = ["error", "warning", "info"].contains(issue.severity) ? issue.severity : "warning"
                xml += "    <error line=\"\(issue.line)\"\(column) severity=\"\(severity)\" message=\"\(attribute(issue.message))\" source=\"dyntype.\(attribute(issue.rule))\"/>\n"
            }
            xml += "  </file>\n"
        }
        return xml + "</checkstyle>\n"
    }

    /// GitLab Code Quality JSON (docs.gitlab.com/ci/testing/code_quality, "Code Quality report
    /// format"): an array of issues with `description`, `check_name`, `fingerprint` (unique per
    /// issue: GitLab shows only the first of equal ones), `severity` (`info`, `minor`, `major`,
    /// `critical`, `blocker`: errors are `critical`, warnings `major`) and `location.path` with
    /// `location.lines.begin`.
    package static func gitlabCodeQuality(_ issues: [CIReportIssue]) -> String {
        var seen: [String: Int] = [:]
        let entries: [JSONText] = issues.map { issue in
            // Same rule, file and key more than once (two equal lines): numbered, so each is kept.
            let base = [issue.rule, issue.path, issue.key].joined(separator: "\u{1F}")
            let occurrence = seen[base, default: 0]
            seen[base] = occurrence + 1
            let severity =
                switch issue.severity {
                case "error": "critical"
                case "warning": "major"
                default: "info"
                }
            return .members([
                "description": .string(issue.message),
                "check_name": .string("dyntype/" + issue.rule),
                "fingerprint": .string(fingerprint(base + "\u{1F}\(occurrence)")),
                "severity": .string(severity),
                "location": .members(["path": .string(issue.path), "lines": .members(["begin": .integer(issue.line)])]),
            ])
        }
        var writer = JSONTextWriter()
        writer.write(.array(entries))
        return String(decoding: writer.bytes, as: UTF8.self) + "\n"
    }

    /// 128 bits of FNV-1a (two 64-bit hashes with different offsets), in hex: a stable,
    /// dependency-free identifier (GitLab only compares fingerprints; no security rests on it).
    static func fingerprint(_ text: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(format: "%016llx%016llx", first, second)
    }

    /// `text` for an XML attribute value in double quotes: markup and quotes escaped, line breaks
    /// and tabs as character references (kept by attribute normalization), and characters XML
    /// 1.0 forbids dropped.
    static func attribute(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default: if isXMLCharacter(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// `text` for XML character data.
    static func text(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: if isXMLCharacter(scalar) || scalar == "\n" || scalar == "\t" { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// XML 1.0's `Char` production (tab, line feed and carriage return are handled by the callers).
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
