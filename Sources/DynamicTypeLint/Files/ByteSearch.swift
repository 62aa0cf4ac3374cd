/// Plain byte-string search over UTF-8 text. Foundation's `range(of:)` goes through CFString and
/// UTF-16 on Linux: it was 12 % of a lint run for a handful of fixed markers per file.
enum ByteSearch {
    /// The offsets of every occurrence of `needle` in `haystack`.
    static func offsets(of needle: String, in haystack: [UInt8]) -> [Int] {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, pattern.count <= haystack.count else { return [] }
        var found: [Int] = []
        var index = 0
        let last = haystack.count - pattern.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + pattern.count)].elementsEqual(pattern) {
                found.append(index)
                index += pattern.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ needle: String, in haystack: [UInt8]) -> Bool {
        !offsets(of: needle, in: haystack).isEmpty
    }

    /// Whether `text` contains `lowercasedNeedle` (ASCII, written in lower case) in any ASCII case:
    /// `scaledFont` in `preferredScaledFontFor`. Names are met by the thousand per file; lowering
    /// each into a new string and searching it through Foundation was a tenth of a lint run.
    static func containsIgnoringASCIICase(_ lowercasedNeedle: StaticString, in text: String) -> Bool {
        lowercasedNeedle.withUTF8Buffer { needle in
            guard !needle.isEmpty else { return true }
            var text = text
            return text.withUTF8 { haystack in
                guard needle.count <= haystack.count else { return false }
                for start in 0...(haystack.count - needle.count) {
                    var matched = 0
                    while matched < needle.count {
                        let byte = haystack[start + matched]
                        // ASCII upper case to lower case; every other byte as it is.
                        let lowered = (65...90).contains(byte) ? byte | 0x20 : byte
                        guard lowered == needle[matched] else { break }
                        matched += 1
                    }
                    if matched == needle.count { return true }
                }
                return false
            }
        }
    }
}
