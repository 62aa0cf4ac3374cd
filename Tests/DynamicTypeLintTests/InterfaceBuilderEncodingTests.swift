import Foundation
import InterfaceBuilderXML
import Testing

@testable import DynamicTypeLint

/// Interface Builder files in UTF-16 are transcoded to UTF-8 before any guard or the parser sees
/// them; other encodings are refused. (UTF-16 with a processing instruction crashed FoundationXML:
/// the guards looked for `<?` in UTF-8 bytes only.)
@Suite("lint: Interface Builder file encodings")
struct InterfaceBuilderEncodingTests {
    /// `text` as UTF-16 bytes, with or without a byte order mark.
    static func utf16(_ text: String, bigEndian: Bool, bom: Bool) -> Data {
        var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return Data(bytes)
    }

    static func check(_ data: Data) -> [LintFinding] {
        InterfaceBuilderChecker.check(data, displayPath: "A.xib", configuration: LintConfiguration())
    }

    static let fixedFont = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<document>\n<label id=\"a\"><fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"9\"/></label>\n</document>\n"
    static let instruction = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<document>\n<?xm--?>\n</document>\n"

    @Test("UTF-16 (LE, BE, with and without a byte order mark) is read like UTF-8", arguments: [(false, false), (false, true), (true, false), (true, true)])
    func utf16Read(bigEndian: Bool, bom: Bool) {
        let findings = Self.check(Self.utf16(Self.fixedFont, bigEndian: bigEndian, bom: bom))
        #expect(findings.map(\.rule) == [.ibFixedFont])
        #expect(findings.first?.line == 3)
        #expect(findings.first?.column == 1)
    }

    @Test("a processing instruction in UTF-16 is refused at its line, never parsed", arguments: [(false, false), (false, true), (true, false), (true, true)])
    func utf16Instruction(bigEndian: Bool, bom: Bool) {
        let findings = Self.check(Self.utf16(Self.instruction, bigEndian: bigEndian, bom: bom))
        #expect(findings.map(\.rule) == [.unreadableFile])
        #expect(findings.first?.line == 3)
        #expect(findings.first?.message.contains("processing instruction") == true)
    }

    @Test("UTF-7, UTF-32, EBCDIC and broken UTF-16 are refused with the reason", arguments: [
        (Data([0x2B, 0x2F, 0x76, 0x38]) + Data("+ADw-document+AD4-".utf8), "UTF-7"),
        (Data([0xFF, 0xFE, 0x00, 0x00, 0x3C, 0x00, 0x00, 0x00]), "UTF-32"),
        (Data([0x00, 0x00, 0x00, 0x3C, 0x00, 0x00, 0x00, 0x3F]), "UTF-32"),
        (Data([0x4C, 0x6F, 0xA7, 0x94, 0x93]), "EBCDIC"),
        (Data([0xFF, 0xFE, 0x3C, 0x00, 0x61]), "odd number of bytes"),
        (Data([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00]), "unpaired surrogate"),
        (utf16("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><document/>", bigEndian: false, bom: true), "declares encoding 'iso-8859-1'"),
        (Data("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<document/>\n".utf8), "encoding 'utf-7'"),
        (Data("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<document/>\n".utf8), "encoding 'utf-16'"),
    ])
    func refused(data: Data, reason: String) {
        let findings = Self.check(data)
        #expect(findings.map(\.rule) == [.unreadableFile])
        #expect(findings.first?.message.contains(reason) == true, "\(findings.first?.message ?? "no finding")")
        #expect(findings.first?.message.contains("save the file as UTF-8") == true)
    }

    @Test("the fuzz seeds in other encodings: the UTF-16 ones read, the others refused, none crashes")
    func fuzzSeeds() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Corpus/interface-builder")
        let expected: [String: [LintRule]] = [
            "encoding-utf16le-bom.xib": [.ibFixedFont], "encoding-utf16be-nobom.xib": [.ibFixedFont],
            "encoding-utf16le-bom-processing-instruction.xib": [.unreadableFile],
            "encoding-utf16be-nobom-processing-instruction.xib": [.unreadableFile],
            "encoding-utf7-bom.xib": [.unreadableFile], "encoding-utf32le-bom.xib": [.unreadableFile],
        ]
        for (name, rules) in expected {
            let findings = Self.check(try Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(findings.map(\.rule) == rules, "\(name): \(findings.map(\.message))")
        }
    }

    @Test("the declaration of a transcoded file says UTF-8; one without an encoding is left alone")
    func declaration() throws {
        let rewritten = try XMLInputEncoding.utf8(Array(Self.utf16("<?xml version='1.0' encoding = 'utf-16le'?><a/>", bigEndian: false, bom: true))).get()
        #expect(String(decoding: rewritten, as: UTF8.self) == "<?xml version='1.0' encoding = 'UTF-8'?><a/>")
        let plain = try XMLInputEncoding.utf8(Array(Self.utf16("<a/>", bigEndian: true, bom: false))).get()
        #expect(String(decoding: plain, as: UTF8.self) == "<a/>")
        #expect(XMLInputEncoding.detect(Array("<a/>".utf8)) == .eightBit)
        #expect(XMLInputEncoding.detect([]) == .eightBit)
    }
}
