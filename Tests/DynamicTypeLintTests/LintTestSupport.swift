import Foundation
import Testing

@testable import DynamicTypeLint

/// Shared helpers: lint a snippet, temporary folders, the fixtures folder.
enum LintTestSupport {
    /// `Tests/DynamicTypeLintTests/Fixtures`.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The rules found in a Swift snippet, in report order.
    static func rules(_ source: String, configuration: LintConfiguration = LintConfiguration()) -> [LintRule] {
        Linter.check(swift: source, configuration: configuration).map(\.rule)
    }

    /// `rule@line` for each finding in a Swift snippet.
    static func placed(_ source: String) -> [String] {
        Linter.check(swift: source).map { "\($0.rule.rawValue)@\($0.line)" }
    }

    /// The rules found in an Interface Builder document.
    static func interfaceBuilder(_ xml: String, configuration: LintConfiguration = LintConfiguration()) -> [LintFinding] {
        InterfaceBuilderChecker.check(Data(xml.utf8), displayPath: "Test.xib", configuration: configuration)
    }

    /// A new empty folder under the temporary directory.
    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to `relative` inside `folder`, creating folders.
    static func write(_ text: String, to relative: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
