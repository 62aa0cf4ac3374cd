import DynamicTypeCore

/// The encoding of an Interface Builder file, from its byte order mark, its first bytes and its
/// XML declaration (XML 1.0 appendix F), and the file as UTF-8 for the guards and the parser.
///
/// Interface Builder writes UTF-8, but a file re-saved by another editor may be UTF-16. libxml2
/// reads UTF-16 itself, and then the guards (which look for `<?` in UTF-8 bytes) missed a
/// processing instruction that crashes FoundationXML; so UTF-16 is transcoded to UTF-8 here, its
/// declaration rewritten to say so, and every guard runs on the result. Anything else (UTF-7,
/// UTF-32, EBCDIC, invalid UTF-16) is refused with the reason: libxml2 never sees it. Shared by
/// `dyntype lint` and the Interface Builder view reader, so both read a file the same way.
package enum XMLInputEncoding {
    /// Why a file is refused before parsing.
    package struct Refusal: Error, Equatable {
        /// The 1-based line (1 for the encoding itself).
        package var line: Int
        /// What is wrong and how to fix it.
        package var message: String
    }

    /// The encodings recognised from the first bytes.
    package enum Detected: Equatable {
        /// UTF-8, or an ASCII-compatible 8-bit encoding its declaration names.
        case eightBit
        /// UTF-16, little- or big-endian, and how many bytes of byte order mark precede the text.
        case utf16(bigEndian: Bool, bomLength: Int)
        /// Something lint does not read, by name.
        case refused(String)
    }

    /// What the first bytes say.
    package static func detect(_ bytes: [UInt8]) -> Detected {
        let head = Array(bytes.prefix(4)) + Array(repeating: 0xAA, count: max(0, 4 - bytes.count))
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF), (0xFF, 0xFE, 0x00, 0x00), (0x00, 0x00, 0x00, 0x3C), (0x3C, 0x00, 0x00, 0x00):
            return .refused("UTF-32")
        case (0x2B, 0x2F, 0x76, _):
            return .refused("UTF-7")
        case (0x4C, 0x6F, 0xA7, 0x94), (0xDD, 0x73, 0x66, 0x73):
            return .refused("EBCDIC")
        case (0xFE, 0xFF, _, _):
            return .utf16(bigEndian: true, bomLength: 2)
        case (0xFF, 0xFE, _, _):
            return .utf16(bigEndian: false, bomLength: 2)
        default:
            break
        }
        // No byte order mark: the first character of a document is ASCII (`<` or blank), so UTF-16
        // shows as a zero byte beside it.
        guard bytes.count >= 2 else { return .eightBit }
        switch (bytes[0], bytes[1]) {
        case (0x00, 0x00): return .refused("UTF-32 or binary (the file starts with two zero bytes)")
        case (0x00, _): return .utf16(bigEndian: true, bomLength: 0)
        case (_, 0x00): return .utf16(bigEndian: false, bomLength: 0)
        default: return .eightBit
        }
    }

    /// The file as UTF-8: unchanged when it is already 8-bit (the declaration's encoding is then
    /// checked by the guards); transcoded from UTF-16 with its declaration's encoding rewritten to
    /// UTF-8; otherwise refused.
    package static func utf8(_ bytes: [UInt8]) -> Result<[UInt8], Refusal> {
        switch detect(bytes) {
        case .eightBit:
            return .success(bytes)
        case .refused(let name):
            return .failure(Refusal(line: 1, message: "the file is encoded as \(name): Interface Builder files are UTF-8; save the file as UTF-8"))
        case .utf16(let bigEndian, let bomLength):
            let body = bytes[bomLength...]
            guard body.count % 2 == 0 else {
                return .failure(Refusal(line: 1, message: "the file looks like UTF-16 but has an odd number of bytes; save the file as UTF-8"))
            }
            let units = UTF16CodeUnits.units(of: body, bigEndian: bigEndian)
            var output: [UInt8] = []
            output.reserveCapacity(units.count)
            let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { output.append($0) }
            if failed {
                let line = 1 + output.lazy.filter { $0 == UInt8(ascii: "\n") }.count
                return .failure(Refusal(line: line, message: "not valid UTF-16 (an unpaired surrogate); save the file as UTF-8"))
            }
            return declaringUTF8(output)
        }
    }

    /// UTF-8 text transcoded from UTF-16, with its XML declaration's encoding (if any) rewritten to
    /// `UTF-8` — libxml2 would otherwise switch to UTF-16 on bytes that no longer are — or refused
    /// when the declaration names an encoding that is not UTF-16 (the file contradicts itself).
    package static func declaringUTF8(_ text: [UInt8]) -> Result<[UInt8], Refusal> {
        guard text.starts(with: Array("<?xml".utf8)), let end = text.firstIndex(of: UInt8(ascii: ">")) else { return .success(text) }
        let declaration = Array(text[..<end])
        let pattern = Array("encoding".utf8)
        guard
            let key = declaration.indices.first(where: { declaration[$0...].starts(with: pattern) })
        else { return .success(text) }
        var start = key + "encoding".utf8.count
        while start < declaration.count, [UInt8(ascii: " "), UInt8(ascii: "="), UInt8(ascii: "\t")].contains(declaration[start]) { start += 1 }
        guard start < declaration.count, declaration[start] == UInt8(ascii: "\"") || declaration[start] == UInt8(ascii: "'") else {
            return .failure(Refusal(line: 1, message: "an XML declaration whose encoding has no quoted value; save the file as UTF-8"))
        }
        let quote = declaration[start]
        guard let close = declaration[(start + 1)...].firstIndex(of: quote) else {
            return .failure(Refusal(line: 1, message: "an XML declaration whose encoding value is not closed; save the file as UTF-8"))
        }
        let value = String(decoding: declaration[(start + 1)..<close], as: UTF8.self).lowercased()
        guard ["utf-16", "utf16", "utf-16le", "utf-16be", "utf-8", "utf8"].contains(value) else {
            return .failure(Refusal(line: 1, message: "the file is UTF-16 but declares encoding '\(value)'; save the file as UTF-8"))
        }
        return .success(Array(text[...start]) + Array("UTF-8".utf8) + Array(text[close...]))
    }
}
