import Foundation

/// UTF-8 validation that reports where the first invalid sequence starts.
package enum UTF8Validation {
    /// Byte offset of the first invalid UTF-8 sequence, or nil if `data` is valid.
    package static func firstInvalidOffset(_ data: Data) -> Int? {
        data.withUnsafeBytes { raw -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                switch byte {
                case 0xC2...0xDF: length = 2
                case 0xE0...0xEF: length = 3
                case 0xF0...0xF4: length = 4
                default: return index
                }
                guard index + length <= bytes.count else { return index }
                for k in 1..<length where bytes[index + k] & 0xC0 != 0x80 { return index }
                // Overlongs, surrogates and values above U+10FFFF.
                let second = bytes[index + 1]
                if byte == 0xE0 && second < 0xA0 { return index }
                if byte == 0xED && second > 0x9F { return index }
                if byte == 0xF0 && second < 0x90 { return index }
                if byte == 0xF4 && second > 0x8F { return index }
                index += length
            }
            return nil
        }
    }
}
