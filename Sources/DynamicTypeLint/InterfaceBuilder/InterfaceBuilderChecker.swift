import Foundation
import InterfaceBuilderXML

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a `.xib` or `.storyboard` with XMLParser's SAX interface (no tree kept: storyboards run
/// to megabytes) and runs the Interface Builder rules (each an ``InterfaceBuilderRuleDetection``
/// declared in its own file under `Rules/`). Each finding is at the element's line. XML refused
/// before parsing, or malformed, is a ``LintRule/unreadableFile`` finding.
package enum InterfaceBuilderChecker {
    /// The findings in `data`, named `displayPath` in reports.
    package static func check(_ data: Data, displayPath: String, configuration: LintConfiguration) -> [LintFinding] {
        // Every guard below, and the parser, see UTF-8: a UTF-16 file is transcoded first, any
        // other encoding refused (XMLInputEncoding says why).
        let bytes: [UInt8]
        switch XMLInputEncoding.utf8([UInt8](data)) {
        case .success(let decoded):
            bytes = decoded
        case .failure(let refusal):
            return findings(
                [(.unreadableFile, refusal.line, "file not checked: \(refusal.message)")], bytes: [], displayPath: displayPath, configuration: configuration)
        }
        if let problem = declarationProblem(bytes) {
            return findings([(.unreadableFile, problem.line, "file not checked: \(problem.message)")], bytes: bytes, displayPath: displayPath, configuration: configuration)
        }
        let reader = InterfaceBuilderReader()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = reader
        // Interface Builder files name no DTD or external entities; never fetch or expand any.
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        var found = reader.found
        // swift-corelibs-foundation's parse() can return true after libxml2 reported an error
        // (seen with a mismatched end tag), so the delegate's own record counts too; a file with no
        // element at all (empty, or only text) is no Interface Builder document either.
        if let error = reader.error ?? (parsed ? nil : (line: parser.lineNumber, code: (parser.parserError as NSError?)?.code ?? 0)) {
            found.append((.unreadableFile, max(1, error.line), "file not checked past line \(max(1, error.line)): not well-formed XML (XML error \(error.code)); rules ran on what came before"))
        } else if !reader.sawElement {
            found.append((.unreadableFile, 1, "file not checked: no XML element in it"))
        }
        return findings(found, bytes: bytes, displayPath: displayPath, configuration: configuration)
    }

    /// The findings for `found` (rule, line, message), placed in the file's lines.
    private static func findings(
        _ found: [(rule: LintRule, line: Int, detail: String?)], bytes: [UInt8], displayPath: String, configuration: LintConfiguration
    ) -> [LintFinding] {
        let lines = SourceLines(String(decoding: bytes, as: UTF8.self))
        return found.filter { configuration.isEnabled($0.rule) }.map { rule, line, detail in
            let lineText = lines.text(ofLine: line)
            let column = Self.column(in: lineText)
            return LintFinding(
                rule: rule, severity: configuration.severity(of: rule), path: displayPath, line: line, column: column,
                message: detail ?? rule.message, fingerprint: SourceLines.fingerprint(lineText))
        }
    }

    /// Why the file is not handed to libxml2 at all, with the line (``XMLDeclarationCheck``, shared
    /// with the Interface Builder view reader).
    static func declarationProblem(_ bytes: [UInt8]) -> (line: Int, message: String)? { XMLDeclarationCheck.problem(bytes) }

    /// 1-based UTF-8 column of the line's first element (`<label`), else of its first non-blank.
    private static func column(in line: String) -> Int {
        let bytes = Array(line.utf8)
        let index = bytes.firstIndex(of: UInt8(ascii: "<")) ?? bytes.firstIndex { $0 != 32 && $0 != 9 } ?? 0
        return index + 1
    }
}

/// The SAX delegate: a stack of open elements, which the rules mark as their children start and
/// judge as they end.
private final class InterfaceBuilderReader: NSObject, XMLParserDelegate {
    /// Every Interface Builder rule, in ``LintRule``'s order (per reader: metatypes are not
    /// `Sendable`, so they cannot sit in a static).
    let rules: [any InterfaceBuilderRuleDetection.Type] = LintRule.allCases.compactMap {
        $0.declaration as? any InterfaceBuilderRuleDetection.Type
    }

    var stack: [InterfaceBuilderElement] = []
    var found: [(rule: LintRule, line: Int, detail: String?)] = []
    /// The first error libxml2 reported: its line and code.
    var error: (line: Int, code: Int)?
    /// Whether any element started.
    var sawElement = false

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if error == nil { error = (parser.lineNumber, (parseError as NSError).code) }
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        sawElement = true
        for rule in rules {
            if let index = rule.markedElement(starting: name, attributes: attributes, open: stack) { stack[index].marks.insert(rule.rule) }
        }
        stack.append(InterfaceBuilderElement(name: name, line: max(1, parser.lineNumber), attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = stack.popLast(), !element.marks.isEmpty else { return }
        for rule in rules where element.marks.contains(rule.rule) && rule.reports(element) {
            found.append((rule.rule, element.line, nil))
        }
    }
}
