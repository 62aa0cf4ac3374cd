import Foundation
import SwiftStaticFacts
import SwiftSyntax
import SwiftSyntaxProblems

/// What one file gave: findings placed in lines, and the data the cross-file step needs
/// (``ProjectFacts``).
package struct SwiftFileResult: Sendable {
    /// Findings with their line, column and message, and what the other files must say for each
    /// to stand (none: it stands).
    package var findings: [(finding: LintFinding, conditions: [FindingCondition])]
    /// Every name passed through a scaling call in the file that is not one of its locals or
    /// parameters (other files may mean it too).
    package var scaledNames: Set<String> = []
    /// The file's number constants (static members, file-level and local `let`s).
    package var constants = NumericConstantTable()
    /// What the file's code does to views' fonts.
    package var styling = AppStyling()
    /// The file's non-private attributed text (functions, properties) whose attributes hold a
    /// text style or scaled font, by name.
    package var scalingAttributedText: Set<String> = []
    /// Whether the whole file was skipped as code no iOS build compiles (it imports AppKit and
    /// not UIKit; a macOS Interface Builder document).
    package var skippedAsNotIOS = false
    /// `#if` clauses skipped as code no iOS build compiles.
    package var skippedBlocks = 0

    /// A result with `findings` and nothing else.
    package init(findings: [(finding: LintFinding, conditions: [FindingCondition])]) {
        self.findings = findings
    }
}

/// Parses one Swift file with swift-syntax and runs the Swift rules over it.
///
/// swift-syntax's parser and every walk over its tree recurse per nesting level, so a file nested
/// deeper than ``NestingScan``'s limits (a generic type thousands deep, 50,000 chained members) is
/// refused before it is parsed, as a ``LintRule/unreadableFile`` finding at the line where it passes the
/// limit; everything else is parsed and walked on a thread with a large stack (``LargeStack``),
/// which holds what the limits let through even in a debug build.
enum SwiftFileChecker {
    /// The findings in `text` (the file at `path`, named `displayPath` in reports).
    static func check(_ text: String, displayPath: String, configuration: LintConfiguration) -> SwiftFileResult {
        let lines = SourceLines(text)
        if let problem = NestingScan.problem(in: lines.bytes) {
            let suppressions = Suppressions(lines, bytes: lines.bytes)
            let location = lines.location(ofOffset: problem.offset)
            guard configuration.isEnabled(.unreadableFile), !suppressions.silences(.unreadableFile, line: location.line) else {
                return SwiftFileResult(findings: [])
            }
            let finding = LintFinding(
                rule: .unreadableFile, severity: configuration.severity(of: .unreadableFile), path: displayPath, line: location.line,
                column: location.column, message: "file not checked: \(problem.what)", fingerprint: lines.fingerprint(ofLine: location.line))
            return SwiftFileResult(findings: [(finding, [])])
        }
        return LargeStack.run { checkParsing(text, lines: lines, displayPath: displayPath, configuration: configuration) }
    }

    /// The findings in `text`, parsed (on the caller's thread: ``check(_:displayPath:configuration:)``
    /// calls it on a large stack).
    private static func checkParsing(_ text: String, lines: SourceLines, displayPath: String, configuration: LintConfiguration) -> SwiftFileResult {
        let tree = LargeStack.parseOnCurrentThread(text)
        let suppressions = Suppressions(lines, bytes: lines.bytes)

        var candidates: [SwiftCandidate] = []
        if let problem = SyntaxProblem.first(in: tree) {
            candidates.append(
                SwiftCandidate(rule: .unreadableFile, offset: problem.offset, detail: "Swift syntax error (\(problem.what)); rules ran on what parsed"))
        }
        // A file only macOS builds compile: AppKit has no Dynamic Type, so no rule applies.
        if PlatformConditions.macOSOnlyImport(tree) != nil, candidates.isEmpty {
            var skipped = SwiftFileResult(findings: [])
            skipped.skippedAsNotIOS = true
            return skipped
        }
        let facts = SwiftFileFacts()
        facts.walk(tree)
        let visitor = SwiftRuleVisitor(facts: facts, bytes: lines.bytes)
        visitor.walk(tree)
        candidates += visitor.finish()

        var findings: [(finding: LintFinding, conditions: [FindingCondition])] = []
        for candidate in candidates where configuration.isEnabled(candidate.rule) {
            // The same line and UTF-8 column swift-syntax's converter gives (LF, CRLF and CR end
            // lines in both), from the lines already indexed for suppressions.
            let location = lines.location(ofOffset: candidate.offset)
            guard !suppressions.silences(candidate.rule, line: location.line) else { continue }
            let message = candidate.detail.map { candidate.rule == .unreadableFile ? $0 : "\($0): \(candidate.rule.message)" } ?? candidate.rule.message
            findings.append(
                (
                    LintFinding(
                        rule: candidate.rule, severity: configuration.severity(of: candidate.rule), path: displayPath, line: location.line,
                        column: location.column, message: message, fingerprint: lines.fingerprint(ofLine: location.line)),
                    candidate.conditions
                ))
        }
        var result = SwiftFileResult(findings: findings)
        result.scaledNames = facts.exportedScaledNames
        var constants = Constants()
        constants.read(tree, file: displayPath, path: displayPath, makeConverter: { SourceLocationConverter(fileName: displayPath, tree: tree) })
        result.constants = NumericConstantTable(constants)
        for (name, value) in facts.numericConstants { result.constants.add(.number(value), owner: nil, name: name) }
        result.styling = visitor.styling
        result.scalingAttributedText = facts.scalingAttributedProducers()
        result.skippedBlocks = visitor.skippedClauses
        return result
    }
}
