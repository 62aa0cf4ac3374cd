import Foundation
import SwiftSyntaxProblems
import Testing

@testable import DynamicTypeLint

/// Swift nested deeper than swift-syntax can parse and walk is refused by a pre-scan as an
/// unreadable-file finding at its line, never a stack overflow; the scan is not fooled by strings
/// and comments, and what it lets through is parsed on a large stack.
@Suite("lint: deeply nested Swift")
struct DeepNestingTests {
    static let depth = NestingScan.maximumDepth + 1
    static let chain = NestingScan.maximumChain + 1

    @Test("generic types, parentheses, brackets, closures and member chains past the limits are refused at their line", arguments: [
        "let x: " + String(repeating: "A<", count: 20_000) + "B" + String(repeating: ">", count: 20_000) + " = y",
        "let x = " + String(repeating: "(", count: 20_000) + "1" + String(repeating: ")", count: 20_000),
        "let x = " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth),
        "let x = " + String(repeating: "{ ", count: depth) + "1" + String(repeating: " }", count: depth),
        "let x = a" + String(repeating: ".b", count: 50_000),
        "let x = a" + String(repeating: ".b()", count: chain),
        "let s = \"\\(" + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + ")\"",
    ])
    func refused(line: String) {
        let findings = Linter.check(swift: "import UIKit\n// a comment\n\(line)\n")
        #expect(findings.map(\.rule) == [.unreadableFile])
        #expect(findings.first?.line == 3)
        #expect(findings.first?.message.contains("to parse safely") == true, "\(findings.first?.message ?? "")")
    }

    @Test("nesting just inside the limits is linted as usual (on the large stack)")
    func withinLimits() {
        // swift-syntax's parser stops nesting expressions itself (a syntax error) near 256 levels,
        // so parentheses are checked well inside that.
        let nested = "let x = " + String(repeating: "(", count: 100) + "UIFont.systemFont(ofSize: 17)" + String(repeating: ")", count: 100)
        #expect(Linter.check(swift: "import UIKit\n\(nested)\n").map(\.rule) == [.fixedFontUIKit])
        let depth = NestingScan.maximumDepth - 2
        let generic = "let x: " + String(repeating: "A<", count: depth) + "B" + String(repeating: ">", count: depth) + " = y"
        #expect(Linter.check(swift: generic).isEmpty)
        let chain = "let x = a" + String(repeating: ".b", count: NestingScan.maximumChain - 1)
        #expect(Linter.check(swift: chain).isEmpty)
    }

    @Test("brackets and chains inside strings and comments, and comparisons, do not count")
    func notFooled() {
        let many = String(repeating: "(", count: 1_000)
        let source = """
            // \(many)
            /* \(many) /* nested */ \(many) */
            let a = "\(many)"
            let b = #"\(many)"#
            let c = \"\"\"
                \(many)
                \"\"\"
            let d = "\\(f("x"))" + "\(String(repeating: ".b", count: 6_000))"
            let e = [\(Array(repeating: "i<n", count: 300).joined(separator: ", "))]
            let f = a.b.c.d
            let g = [\(Array(repeating: ".a", count: 6_000).joined(separator: ", "))]
            let h = \(Array(repeating: ".a", count: 6_000).joined(separator: " + "))
            """
        #expect(NestingScan.problem(in: Array(source.utf8)) == nil)
        #expect(Linter.check(swift: source).isEmpty)
    }

    @Test("the problem names the line and offset where the limit is passed")
    func place() throws {
        let source = "let a = 1\nlet b = ((((1))))\n"
        let problem = try #require(NestingScan.problem(in: Array(source.utf8), maximumDepth: 3))
        #expect(problem.line == 2)
        #expect(problem.offset == source.utf8.count - 7)  // the fourth `(`
        #expect(NestingScan.problem(in: Array(source.utf8), maximumDepth: 4) == nil)
        let chained = "x = a.b.c.d\n"
        #expect(NestingScan.problem(in: Array(chained.utf8), maximumChain: 2)?.what.contains("chain") == true)
        #expect(NestingScan.problem(in: Array(chained.utf8), maximumChain: 3) == nil)
    }

    @Test("LargeStack runs work on a thread with its large stack and returns the result")
    func largeStack() {
        #expect(LargeStack.run { Thread.current.stackSize } == LargeStack.stackSize)
        #expect(LargeStack.parse("let x = 1").statements.count == 1)
    }
}
