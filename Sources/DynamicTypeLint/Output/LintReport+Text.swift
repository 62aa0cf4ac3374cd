import Foundation

/// The text format: one Xcode-style line per finding, which Xcode, editors and most CI logs turn
/// into links (`path:line:col: error: message [rule-id]`; info findings are `note`).
extension LintReport {
    /// The lines, each ending in a newline.
    package func text() -> String {
        findings.map { $0.description + "\n" }.joined()
    }

    /// One line for stderr: `3 findings (1 error, 2 warnings) in 12 files; 4 baselined`.
    package func summary() -> String {
        let counts = LintSeverity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            guard count > 0 else { return nil }
            return "\(count) \(severity.rawValue)\(count == 1 || severity == .info ? "" : "s")"
        }
        let total = "\(findings.count) finding\(findings.count == 1 ? "" : "s")"
        let detail = counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))"
        let files = " in \(filesChecked) file\(filesChecked == 1 ? "" : "s")"
        return total + detail + files + (baselined > 0 ? "; \(baselined) in the baseline" : "")
    }

    /// GitHub Actions workflow commands, one per finding (`::error file=…,line=…,col=…,title=…::message`;
    /// info findings are `::notice`): GitHub shows them on the pull request's changed lines.
    package func githubAnnotations() -> String {
        findings.map { finding in
            let command = switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "notice"
            }
            let properties = [
                "file=\(Self.escapeProperty(finding.path))", "line=\(finding.line)", "col=\(finding.column)",
                "title=\(Self.escapeProperty("dyntype " + finding.rule.rawValue))",
            ]
            return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(finding.message))\n"
        }.joined()
    }

    /// The escaping GitHub's runner undoes in a command's message.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The escaping of a command's property values (also `:` and `,`).
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
