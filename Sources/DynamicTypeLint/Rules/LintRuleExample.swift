/// A code example a rule declares (as SwiftLint's `RuleDescription` does): a triggering one must
/// produce the rule's finding, a non-triggering one must not; a test runs every one. A `↓` marks
/// where the finding is expected (line and column); it is removed before linting and in the docs.
package struct LintRuleExample: Sendable {
    /// What the code is and how it is completed into a file before it is linted.
    package enum Kind: Sendable {
        /// Swift statements, put in a method of a class in a file that imports UIKit.
        case swiftStatements
        /// A whole Swift file, linted as it is.
        case swiftFile
        /// Interface Builder elements, put in a document's `<objects>`.
        case interfaceBuilderElements
        /// A whole Interface Builder file, linted as it is.
        case interfaceBuilderFile
    }

    /// The expected place of a finding, in the code as written.
    package static let marker: Character = "↓"

    /// What the code is.
    package var kind: Kind
    /// The code, with `↓` markers.
    package var code: String
    /// Where the example is declared, for test failures.
    package var sourceLine: Int
    /// A Swift file linted with Interface Builder code (whole, without markers): the code that
    /// restyles its views (see the app model in docs/lint.md).
    package var swiftCompanion: String?

    /// Swift statements (inside a method).
    package static func swift(_ code: String, line: Int = #line) -> Self { Self(kind: .swiftStatements, code: code, sourceLine: line) }
    /// A whole Swift file.
    package static func swiftFile(_ code: String, line: Int = #line) -> Self { Self(kind: .swiftFile, code: code, sourceLine: line) }
    /// Interface Builder elements (inside a document).
    package static func interfaceBuilder(_ code: String, line: Int = #line) -> Self {
        Self(kind: .interfaceBuilderElements, code: code, sourceLine: line)
    }
    /// Interface Builder elements (inside a document), linted with the Swift file `swift`.
    package static func interfaceBuilder(_ code: String, swift: String, line: Int = #line) -> Self {
        Self(kind: .interfaceBuilderElements, code: code, sourceLine: line, swiftCompanion: swift)
    }
    /// A whole Interface Builder file.
    package static func interfaceBuilderFile(_ code: String, line: Int = #line) -> Self {
        Self(kind: .interfaceBuilderFile, code: code, sourceLine: line)
    }

    /// The code without markers, as the docs show it.
    package var text: String { code.filter { $0 != Self.marker } }

    /// Whether it is Swift (else Interface Builder XML).
    package var isSwift: Bool { kind == .swiftStatements || kind == .swiftFile }

    /// The file linted: the code completed as its kind says, without markers; and the 1-based
    /// line and UTF-8 column of each marker in it.
    package var file: (text: String, markers: [(line: Int, column: Int)]) {
        let completed: String
        switch kind {
        case .swiftStatements:
            let body = code.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n")
            completed = "import UIKit\nclass Example {\n    func example() {\n\(body)\n    }\n}\n"
        case .interfaceBuilderElements:
            completed =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n<objects>\n\(code)\n</objects>\n</document>\n"
        case .swiftFile, .interfaceBuilderFile:
            completed = code
        }
        var text = ""
        var markers: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        for character in completed {
            if character == Self.marker {
                markers.append((line, column))
                continue
            }
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        return (text, markers)
    }
}
