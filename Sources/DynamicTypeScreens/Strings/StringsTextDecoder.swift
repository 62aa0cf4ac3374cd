import DynamicTypeCore
import Foundation

/// Turns a `.strings` file's bytes into text: UTF-8 with or without a byte order mark, or UTF-16
/// little or big endian with one (Xcode wrote UTF-16 for years). Invalid bytes are an error
/// rather than replacement characters, because a wrongly decoded file would be measured as
/// garbage without anyone noticing.
enum StringsTextDecoder {
    /// The file's text without its byte order mark.
    static func decode(_ data: Data, file: String) throws(StringsFileError) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return try utf8(bytes.dropFirst(3), file: file, problem: "not valid UTF-8 after its UTF-8 byte order mark")
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), bigEndian: false, file: file) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true, file: file) }
        // NUL bytes are valid UTF-8 but never in a strings file: this is UTF-16 without its mark.
        if let nul = bytes.firstIndex(of: 0) {
            throw StringsFileError(
                file: file, location: "byte \(nul)", problem: "contains NUL bytes (UTF-16 without a byte order mark?)", expected: allowed)
        }
        return try utf8(bytes[...], file: file, problem: "neither UTF-8 nor UTF-16 with a byte order mark")
    }

    private static let allowed = "a .strings file is UTF-8 (with or without a byte order mark) or UTF-16 with a byte order mark"

    private static func utf8(_ bytes: ArraySlice<UInt8>, file: String, problem: String) throws(StringsFileError) -> String {
        var text = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = bytes.startIndex
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                text.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return String(text)
            case .error:
                throw StringsFileError(file: file, location: "byte \(offset)", problem: problem, expected: allowed)
            }
        }
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, file: String) throws(StringsFileError) -> String {
        let order = bigEndian ? "big" : "little"
        guard bytes.count % 2 == 0 else {
            throw StringsFileError(
                file: file, problem: "an odd number of bytes after a UTF-16 \(order)-endian byte order mark", expected: allowed)
        }
        let units = UTF16CodeUnits.units(of: bytes, bigEndian: bigEndian)
        var text = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var unit = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                text.append(scalar)
                unit += UTF16.width(scalar)
            case .emptyInput:
                return String(text)
            case .error:
                throw StringsFileError(
                    file: file, location: "byte \(2 + unit * 2)", problem: "not valid UTF-16 \(order)-endian (an unpaired surrogate)",
                    expected: allowed)
            }
        }
    }
}
