import Foundation

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

    /// Why the file is not handed to libxml2 at all, with the line: a processing instruction, an
    /// XML declaration anywhere but at the start, or one naming an encoding other than UTF-8. Interface Builder writes UTF-8
    /// with one declaration on the first line; and libxml2 (through FoundationXML's push parser)
    /// crashed in `xmlSwitchToEncoding` on a second declaration after `encoding="UTF-7"` — found by
    /// the interface-builder fuzz target (Fuzz/Corpus/interface-builder/crash-encoding-switch.xib).
    static func declarationProblem(_ bytes: [UInt8]) -> (line: Int, message: String)? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var index = 0
        while index + 5 <= bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") {
                guard bytes[(index + 2)..<(index + 5)].map({ $0 | 0x20 }) == Array("xml".utf8) else {
                    // FoundationXML passes a processing instruction without data to strlen as NULL
                    // and crashes (`<?xm--?>`; found by the fuzz target, corpus file
                    // crash-processing-instruction.xib); Interface Builder writes none.
                    return (line, "a processing instruction (<?…?>): Interface Builder files have none besides the XML declaration")
                }
                guard index == start else { return (line, "an XML declaration (<?xml …?>) that is not at the very start: not well-formed XML") }
                let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
                let declaration = String(decoding: bytes[index..<end], as: UTF8.self).lowercased()
                if let range = declaration.range(of: "encoding") {
                    let value = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
                        .prefix { $0 != "\"" && $0 != "'" && $0 != " " }
                    guard value == "utf-8" || value == "utf8" else {
                        return (line, "encoding '\(value)': Interface Builder files are UTF-8; save the file as UTF-8")
                    }
                }
            }
            index += 1
        }
        return nil
    }

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
