import Foundation
import Testing

@testable import DynamicTypeLint

@Suite("lint: Interface Builder rules")
struct InterfaceBuilderRuleTests {
    typealias S = LintTestSupport

    static func document(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n<objects>\n\(body)\n</objects>\n</document>\n"
    }

    @Test("fixed point sizes on text elements are reported at the element's line")
    func fixedFont() {
        for element in ["label", "button", "textField", "textView"] {
            let xml = Self.document("<\(element) id=\"a\">\n<fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/>\n</\(element)>")
            let findings = S.interfaceBuilder(xml)
            #expect(findings.map(\.rule) == [.ibFixedFont], "\(element)")
            #expect(findings.first?.line == 4, "\(element)")
            #expect(findings.first?.column == 1, "\(element)")
        }
        let custom = Self.document("<label id=\"a\"><fontDescription key=\"fontDescription\" name=\"Avenir-Book\" family=\"Avenir\" pointSize=\"17\"/></label>")
        #expect(S.interfaceBuilder(custom).map(\.rule) == [.ibFixedFont])
        let other = Self.document("<segmentedControl id=\"a\"><fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/></segmentedControl>")
        #expect(S.interfaceBuilder(other).isEmpty)
    }

    @Test("a text style needs adjustsFontForContentSizeCategory=YES on labels, fields and text views; a button's (no such attribute) needs its code to set it")
    func textStyle() {
        let font = "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/>"
        #expect(S.interfaceBuilder(Self.document("<label id=\"a\">\(font)</label>")).map(\.rule) == [.ibTextStyleNotAdjusting])
        #expect(S.interfaceBuilder(Self.document("<textView id=\"a\">\(font)</textView>")).map(\.rule) == [.ibTextStyleNotAdjusting])
        #expect(S.interfaceBuilder(Self.document("<label adjustsFontForContentSizeCategory=\"YES\" id=\"a\">\(font)</label>")).isEmpty)
        #expect(S.interfaceBuilder(Self.document("<button id=\"a\">\(font)</button>")).map(\.rule) == [.ibTextStyleNotAdjusting])
    }

    @Test("a label's own equal height constraint is reported; relations, placeholders, low priorities and other views are not")
    func heights() {
        func label(_ constraint: String, element: String = "label") -> [LintRule] {
            S.interfaceBuilder(Self.document("<\(element) id=\"lbl\"><constraints>\(constraint)</constraints></\(element)>")).map(\.rule)
        }
        #expect(label("<constraint firstAttribute=\"height\" constant=\"21\" id=\"c\"/>") == [.ibFixedLabelHeight])
        #expect(label("<constraint firstItem=\"lbl\" firstAttribute=\"height\" constant=\"21\" id=\"c\"/>") == [.ibFixedLabelHeight])
        #expect(label("<constraint firstAttribute=\"height\" constant=\"21\" priority=\"999\" id=\"c\"/>") == [.ibFixedLabelHeight])
        #expect(label("<constraint firstAttribute=\"height\" relation=\"greaterThanOrEqual\" constant=\"21\" id=\"c\"/>").isEmpty)
        #expect(label("<constraint firstAttribute=\"height\" constant=\"21\" placeholder=\"YES\" id=\"c\"/>").isEmpty)
        #expect(label("<constraint firstAttribute=\"height\" constant=\"21\" priority=\"250\" id=\"c\"/>").isEmpty)
        #expect(label("<constraint firstAttribute=\"width\" constant=\"21\" id=\"c\"/>").isEmpty)
        #expect(label("<constraint firstItem=\"x\" firstAttribute=\"height\" secondItem=\"y\" secondAttribute=\"height\" id=\"c\"/>").isEmpty)
        #expect(label("<constraint firstAttribute=\"height\" constant=\"21\" id=\"c\"/>", element: "imageView").isEmpty)
    }

    @Test("malformed XML is one unreadable-file finding at the error's line, after what was read before it")
    func malformed() {
        let xml = "<document>\n<label id=\"a\"><fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"9\"/></label>\n<objects>\n</document>\n"
        let findings = S.interfaceBuilder(xml)
        #expect(findings.map(\.rule) == [.ibFixedFont, .unreadableFile])
        #expect(findings.last?.line == 4)
        #expect(S.interfaceBuilder("").map(\.rule) == [.unreadableFile])
        #expect(S.interfaceBuilder("\u{0}\u{1}garbage<<<").map(\.rule) == [.unreadableFile])
    }

    @Test("external entities are not expanded")
    func entities() {
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<document><label id=\"a\" text=\"&x;\"/></document>\n"
        let findings = S.interfaceBuilder(xml)
        #expect(!findings.contains { $0.message.contains("root:") })
    }
}

@Suite("lint: Interface Builder inputs libxml2 must not see")
struct InterfaceBuilderDeclarationTests {
    @Test("a second XML declaration or a non-UTF-8 encoding is a finding, never parsed (a fuzz-found libxml2 crash)")
    func declarations() throws {
        let crash = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Corpus/interface-builder/crash-encoding-switch.xib"))
        let findings = InterfaceBuilderChecker.check(crash, displayPath: "Crash.xib", configuration: LintConfiguration())
        #expect(findings.map(\.rule) == [.unreadableFile])
        #expect(findings.first?.line == 1)
        let utf7 = InterfaceBuilderChecker.check(Data("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<document/>\n".utf8), displayPath: "A.xib", configuration: LintConfiguration())
        #expect(utf7.first?.message.contains("encoding 'utf-7'") == true)
        let late = InterfaceBuilderChecker.check(Data("<document>\n<?XML version=\"1.0\"?>\n</document>\n".utf8), displayPath: "A.xib", configuration: LintConfiguration())
        #expect(late.map(\.line) == [2])
        let fine = "\u{FEFF}<?xml version=\"1.0\" encoding='utf-8'?>\n<document><label id=\"a\"><fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"9\"/></label></document>\n"
        #expect(InterfaceBuilderChecker.check(Data(fine.utf8), displayPath: "A.xib", configuration: LintConfiguration()).map(\.rule) == [.ibFixedFont])
        #expect(InterfaceBuilderChecker.declarationProblem(Array("<?xml version=\"1.0\"?><a/>".utf8)) == nil)
    }

    @Test("a processing instruction is a finding, never parsed (FoundationXML passes a PI without data to strlen)")
    func processingInstructions() throws {
        let crash = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Corpus/interface-builder/crash-processing-instruction.xib"))
        let findings = InterfaceBuilderChecker.check(crash, displayPath: "Crash.xib", configuration: LintConfiguration())
        #expect(findings.map(\.rule) == [.unreadableFile])
        #expect(findings.first?.message.contains("processing instruction") == true)
        for xml in ["<?xml version=\"1.0\"?>\n<document>\n<?pi?>\n</document>\n", "<document><?target data?></document>"] {
            let found = InterfaceBuilderChecker.check(Data(xml.utf8), displayPath: "A.xib", configuration: LintConfiguration())
            #expect(found.map(\.rule) == [.unreadableFile], "\(xml)")
        }
        #expect(InterfaceBuilderChecker.check(Data("<?pi?>".utf8), displayPath: "A.xib", configuration: LintConfiguration()).map(\.line) == [1])
    }
}
