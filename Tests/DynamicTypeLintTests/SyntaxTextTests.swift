import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import DynamicTypeLint

/// `trimmedSourceText` (cut from a node's bytes) replaces swift-syntax's `trimmedDescription`,
/// which copies every ancestor's layout and made lint quadratic in a file's findings.
@Suite("lint: syntax text without copying the tree")
struct SyntaxTextTests {
    /// Visits every node and compares the two.
    final class Comparer: SyntaxAnyVisitor {
        var mismatches: [String] = []
        var nodes = 0

        init() { super.init(viewMode: .sourceAccurate) }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            nodes += 1
            // Where the parser invented a token the two differ on purpose: trimmedDescription keeps
            // the trivia before an invented last token, the byte cut trims it.
            if !node.hasError, node.trimmedSourceText != node.trimmedDescription, mismatches.count < 5 {
                mismatches.append("\(node.kind): '\(node.trimmedSourceText)' vs '\(node.trimmedDescription)'")
            }
            return .visitChildren
        }
    }

    @Test("trimmedSourceText is trimmedDescription, on every node (that parsed) of every corpus file")
    func sameText() throws {
        let folder = LintTestSupport.fixtures.appendingPathComponent("Corpus/App")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 8)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let comparer = Comparer()
            comparer.walk(Parser.parse(source: text))
            #expect(comparer.nodes > 10, "\(file)")
            #expect(comparer.mismatches.isEmpty, "\(file): \(comparer.mismatches)")
        }
    }
}
