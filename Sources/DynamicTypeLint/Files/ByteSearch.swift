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
}
