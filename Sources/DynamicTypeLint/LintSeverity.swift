/// How serious a lint finding is, lowest first (`--fail-on` compares with it).
public enum LintSeverity: String, Hashable, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// Worth knowing, not necessarily wrong (text that may truncate at large sizes).
    case info
    /// Likely to break at large sizes (clipped or stale text).
    case warning
    /// Text that does not follow the user's size at all (WCAG 1.4.4 fails).
    case error

    /// The name as written in configs, reports and `--fail-on`.
    public var description: String { rawValue }

    /// Order: info < warning < error.
    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }
}
