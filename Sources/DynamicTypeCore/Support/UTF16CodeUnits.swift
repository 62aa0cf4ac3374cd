/// UTF-16 bytes as code units: what the strings reader and lint's Interface Builder reader
/// transcode from, after each has checked the byte order mark and an even byte count its own way.
package enum UTF16CodeUnits {
    /// The code units of `bytes` (an even count), big- or little-endian.
    package static func units(of bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return units
    }
}
