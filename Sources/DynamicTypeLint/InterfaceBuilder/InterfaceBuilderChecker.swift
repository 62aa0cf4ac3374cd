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
    /// The findings in `data`, named `displayPath` in reports, judged without any Swift file (no
    /// code restyles its views).
    package static func check(_ data: Data, displayPath: String, configuration: LintConfiguration) -> [LintFinding] {
        let result = checkWithConditions(data, displayPath: displayPath, configuration: configuration)
        let alone = ProjectFacts()
        return result.findings.filter { _, conditions in conditions.allSatisfy { alone.stands($0, local: result.constants) } }.map(\.finding)
    }

    /// The findings in `data`, each with what code must (not) do to its view for it to stand
    /// (``FindingCondition``), judged by ``Linter`` once every Swift file is read.
    package static func checkWithConditions(_ data: Data, displayPath: String, configuration: LintConfiguration) -> SwiftFileResult {
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
        var result = findings(found, judged: reader.judgedFindings(), bytes: bytes, displayPath: displayPath, configuration: configuration)
        result.skippedAsNotIOS = reader.isMacOSDocument
        // What the document does to its views' fonts, for Swift findings about its outlets: a
        // label whose Automatically Adjusts Font box is checked adjusts whatever text-style font
        // code later gives it.
        if !reader.isMacOSDocument { result.styling = reader.adjustingOutlets() }
        return result
    }

    /// The findings for `found` (rule, line, message) and `judged` (with conditions), placed in the file's lines.
    private static func findings(
        _ found: [(rule: LintRule, line: Int, detail: String?)], judged: [InterfaceBuilderReader.Found] = [], bytes: [UInt8], displayPath: String,
        configuration: LintConfiguration
    ) -> SwiftFileResult {
        let lines = SourceLines(String(decoding: bytes, as: UTF8.self))
        // The rules' findings first (they come before any error that stopped the parse).
        let all: [InterfaceBuilderReader.Found] = judged + found.map { ($0.rule, $0.line, $0.detail, []) }
        return SwiftFileResult(
            findings: all.filter { configuration.isEnabled($0.rule) }.map { found in
                let lineText = lines.text(ofLine: found.line)
                let column = Self.column(in: lineText)
                let finding = LintFinding(
                    rule: found.rule, severity: configuration.severity(of: found.rule), path: displayPath, line: found.line, column: column,
                    message: found.detail ?? found.rule.message, fingerprint: SourceLines.fingerprint(lineText))
                return (finding, found.conditions)
            })
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

/// The SAX delegate: a stack of open elements, which the rules mark as their children start;
/// what the document links (outlets, constraints declared in a superview, views by id) is kept
/// until its end, when the marked elements are judged (``judgedFindings()``).
private final class InterfaceBuilderReader: NSObject, XMLParserDelegate {
    /// A finding: rule, line, text before the message, and what code must say for it to stand.
    typealias Found = (rule: LintRule, line: Int, detail: String?, conditions: [FindingCondition])

    /// Every Interface Builder rule, in ``LintRule``'s order (per reader: metatypes are not
    /// `Sendable`, so they cannot sit in a static).
    let rules: [any InterfaceBuilderRuleDetection.Type] = LintRule.allCases.compactMap {
        $0.declaration as? any InterfaceBuilderRuleDetection.Type
    }

    var stack: [InterfaceBuilderElement] = []
    /// Rules that reported an ended element, with the element, judged at the document's end.
    var reported: [(rule: LintRule, element: InterfaceBuilderElement)] = []
    /// Ended text elements (those a rule marked or that have an id) by id: a constraint or an
    /// outlet elsewhere in the document names them by it.
    var viewsByID: [String: InterfaceBuilderElement] = [:]
    /// Outlets by destination id: the owner's class and the property.
    var outlets: [String: [OutletReference]] = [:]
    /// Views whose height a constraint in another element's `<constraints>` fixes (by id), with
    /// the constraint's line.
    var heightsDeclaredElsewhere: [String] = []
    /// Whether the document is a macOS one (AppKit: no Dynamic Type), whose rules are not run.
    var isMacOSDocument = false
    /// The first error libxml2 reported: its line and code.
    var error: (line: Int, code: Int)?
    /// Whether any element started.
    var sawElement = false
    /// Findings without conditions met while reading (none today: errors are kept in ``error``).
    var found: [(rule: LintRule, line: Int, detail: String?)] = []

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if error == nil { error = (parser.lineNumber, (parseError as NSError).code) }
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if !sawElement, name == "document", attributes["type"]?.hasPrefix("com.apple.InterfaceBuilder3.Cocoa.") == true {
            isMacOSDocument = true
        }
        sawElement = true
        if !isMacOSDocument {
            for rule in rules {
                if let index = rule.markedElement(starting: name, attributes: attributes, open: stack) { stack[index].marks.insert(rule.rule) }
            }
            if let id = InterfaceBuilderFixedLabelHeightRule.heightConstrainedElsewhere(starting: name, attributes: attributes, open: stack) {
                heightsDeclaredElsewhere.append(id)
            }
            noteOutlet(name, attributes)
        }
        stack.append(InterfaceBuilderElement(name: name, line: max(1, parser.lineNumber), attributes: attributes))
    }

    /// `<outlet property="titleLabel" destination="abc-12-xyz"/>` in the `<connections>` of a
    /// view controller, cell or File's Owner with a `customClass`.
    private func noteOutlet(_ name: String, _ attributes: [String: String]) {
        guard name == "outlet", let property = attributes["property"], let destination = attributes["destination"], stack.count >= 2,
            stack[stack.count - 1].name == "connections", let ownerClass = stack[stack.count - 2].attributes["customClass"]
        else { return }
        outlets[destination, default: []].append(OutletReference(ownerClass: ownerClass, property: property))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = stack.popLast() else { return }
        if let id = element.attributes["id"], InterfaceBuilderFixedFontRule.textElements.contains(element.name) { viewsByID[id] = element }
        guard !element.marks.isEmpty else { return }
        for rule in rules where element.marks.contains(rule.rule) && rule.reports(element) {
            reported.append((rule.rule, element))
        }
    }

    /// The outlets (owner class, property) to text views with `adjustsFontForContentSizeCategory="YES"`,
    /// as the styling the document gives those properties.
    func adjustingOutlets() -> AppStyling {
        var styling = AppStyling()
        for (id, references) in outlets where viewsByID[id]?.attributes["adjustsFontForContentSizeCategory"] == "YES" {
            for reference in references {
                styling.classes[reference.ownerClass, default: AppStyling.ClassFacts()].properties[reference.property, default: AppStyling.Styling()].adjusts =
                    true
            }
        }
        return styling
    }

    /// The findings, judged now that the whole document is read: each Interface Builder font
    /// finding depends on what code does to the view (reached through its class and outlets); a
    /// height on a label whose font is fixed cannot clip unless code gives it a font that scales.
    func judgedFindings() -> [Found] {
        var result: [Found] = []
        var heightReported: Set<String> = []
        func link(_ element: InterfaceBuilderElement) -> InterfaceBuilderViewLink {
            InterfaceBuilderViewLink(customClass: element.attributes["customClass"], outlets: element.attributes["id"].flatMap { outlets[$0] } ?? [])
        }
        func heightConditions(_ element: InterfaceBuilderElement) -> [FindingCondition] {
            element.marks.contains(.ibFixedFont) ? [.interfaceBuilderRestyledScaling(link(element))] : []
        }
        for (rule, element) in reported {
            switch rule {
            case .ibFixedFont: result.append((rule, element.line, nil, [.interfaceBuilderFontKept(link(element))]))
            case .ibTextStyleNotAdjusting: result.append((rule, element.line, nil, [.interfaceBuilderNotAdjustedInCode(link(element))]))
            case .ibFixedLabelHeight:
                if let id = element.attributes["id"] { heightReported.insert(id) }
                result.append((rule, element.line, nil, heightConditions(element)))
            default: result.append((rule, element.line, nil, []))
            }
        }
        // Height constraints a superview declares, on labels: once per label.
        for id in heightsDeclaredElsewhere where !heightReported.contains(id) {
            guard let label = viewsByID[id], label.name == "label" else { continue }
            heightReported.insert(id)
            result.append((.ibFixedLabelHeight, label.line, nil, heightConditions(label)))
        }
        return result
    }
}
