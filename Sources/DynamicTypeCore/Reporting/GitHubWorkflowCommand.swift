/// GitHub Actions workflow commands (`::warning file=…,line=…::message`): printed by a step, they
/// become annotations on the pull request's files. The runner undoes the escaping below.
package enum GitHubWorkflowCommand {
    /// One annotation line (ending in a newline). `level` is a severity name: `error`, `warning`,
    /// anything milder is a `notice`.
    package static func annotation(level: String, file: String?, line: Int?, column: Int? = nil, title: String, message: String) -> String {
        let command =
            switch level {
            case "error": "error"
            case "warning": "warning"
            default: "notice"
            }
        var properties: [String] = []
        if let file { properties.append("file=\(escapeProperty(file))") }
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=\(escapeProperty(title))")
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
    }

    /// Whether the environment is a GitHub Actions job.
    package static func isActive(_ environment: [String: String]) -> Bool { environment["GITHUB_ACTIONS"] == "true" }

    /// The escaping GitHub's runner undoes in a command's message.
    package static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The escaping of a command's property values (also `:` and `,`).
    package static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
