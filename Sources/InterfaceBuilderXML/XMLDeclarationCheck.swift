/// Why an Interface Builder file is not handed to libxml2 at all, found in its UTF-8 bytes before
/// parsing: shared by `dyntype lint` and the Interface Builder view reader.
package enum XMLDeclarationCheck {
    /// Why the file is not handed to libxml2 at all, with the line: a processing instruction, an
    /// XML declaration anywhere but at the start, or one naming an encoding other than UTF-8. Interface Builder writes UTF-8
    /// with one declaration on the first line; and libxml2 (through FoundationXML's push parser)
    /// crashed in `xmlSwitchToEncoding` on a second declaration after `encoding="UTF-7"` — found by
    /// the interface-builder fuzz target (Fuzz/Corpus/interface-builder/crash-encoding-switch.xib).
    package static func problem(_ bytes: [UInt8]) -> (line: Int, message: String)? {
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

    /// `bytes` as UTF-8 the parser may see (``XMLInputEncoding/utf8(_:)``), or why not: the
    /// encoding refused, or ``problem(_:)``'s finding. The one entry the view reader uses.
    package static func checkedUTF8(_ bytes: [UInt8]) -> Result<[UInt8], XMLInputEncoding.Refusal> {
        switch XMLInputEncoding.utf8(bytes) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let decoded):
            if let problem = problem(decoded) { return .failure(XMLInputEncoding.Refusal(line: problem.line, message: problem.message)) }
            return .success(decoded)
        }
    }
}
