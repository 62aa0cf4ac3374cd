internal import CHyphen
import Foundation

// Every call into libhyphen in the package is in this file. The owner of the dictionary is
// ``Hyphenator``, which keeps the handle below behind a mutex (libhyphen gives no thread-safety
// guarantee) and frees it in `deinit`.

/// A loaded libhyphen dictionary (`HyphenDict`), owned by ``Hyphenator``.
///
/// `@unchecked Sendable` is sound only because the owner dereferences the pointer exclusively
/// under its mutex (and in `deinit`, when no other reference exists).
struct HyphenDictionaryHandle: @unchecked Sendable {
    fileprivate let dictionary: UnsafeMutablePointer<HyphenDict>

    /// Loads a `.dic` pattern file (`hnj_hyphen_load`); nil when libhyphen cannot read it. The
    /// caller owns the result and releases it with ``free()``.
    static func load(path: String) -> HyphenDictionaryHandle? {
        hnj_hyphen_load(path).map(HyphenDictionaryHandle.init(dictionary:))
    }

    /// `hnj_hyphen_free`.
    func free() { hnj_hyphen_free(dictionary) }

    /// The dictionary's `LEFTHYPHENMIN`.
    var leftHyphenMin: Int { Int(dictionary.pointee.lhmin) }
    /// The dictionary's `RIGHTHYPHENMIN`.
    var rightHyphenMin: Int { Int(dictionary.pointee.rhmin) }
    /// Whether the patterns are UTF-8.
    var isUTF8: Bool { dictionary.pointee.utf8 != 0 }
    /// The declared charset of a non-UTF-8 dictionary, e.g. `ISO8859-1`.
    var charset: String {
        withUnsafeBytes(of: dictionary.pointee.cset) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Runs `hnj_hyphen_hyphenate2` on `word` (lower-case, in the dictionary's encoding) and
    /// writes into `vector` (at least `word.count + 5` bytes) an odd value at each code point
    /// index after which a plain hyphen may go. Points where the patterns ask for a spelling
    /// change (old German `Schiffahrt` → `Schiff-fahrt`) are cleared: a plain hyphen there
    /// would misspell the word.
    ///
    /// - Returns: false when libhyphen reports an error (then `vector` means nothing).
    func hyphenate(_ word: UnsafeBufferPointer<CChar>, into vector: UnsafeMutableBufferPointer<CChar>) -> Bool {
        let byteCount = word.count
        precondition(vector.count >= byteCount + 5, "libhyphen needs word length + 5 bytes")
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        var pos: UnsafeMutablePointer<Int32>? = nil
        var cut: UnsafeMutablePointer<Int32>? = nil
        let status = hnj_hyphen_hyphenate2(
            dictionary, word.baseAddress, Int32(byteCount), vector.baseAddress, nil, &rep, &pos, &cut)
        // libhyphen allocates rep/pos/cut (one slot per input byte) only when a pattern asks for
        // non-standard hyphenation; we own and free them.
        defer {
            if let rep {
                for i in 0..<byteCount { Foundation.free(rep[i]) }
                Foundation.free(rep)
            }
            Foundation.free(pos)
            Foundation.free(cut)
        }
        guard status == 0 else { return false }
        if let rep {
            for i in 0..<byteCount where rep[i] != nil { vector[i] = 0 }
        }
        return true
    }
}
