import Foundation
import Synchronization

/// Why a hyphenation dictionary could not be loaded.
package enum HyphenationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No `hyph_*.dic` file for the locale in the searched directory.
    /// `searchedPaths` lists every file name tried, in order; `debianPackage` is the package
    /// that ships the patterns (e.g. `hyphen-en-us`).
    case dictionaryNotFound(locale: String, searchedPaths: [String], debianPackage: String)
    /// The file is missing or unreadable, or libhyphen could not load it.
    case dictionaryUnreadable(path: String)

    /// Says which files were looked for and what to install.
    package var description: String {
        switch self {
        case let .dictionaryNotFound(locale, searched, package):
            return "no hyphenation dictionary for locale \"\(locale)\": looked for "
                + searched.joined(separator: ", ")
                + "; install the Debian package \(package) (apt-get install \(package))"
        case let .dictionaryUnreadable(path):
            return "libhyphen could not load the hyphenation dictionary \(path)"
        }
    }
}

/// Finds where words may be hyphenated, with libhyphen (the TeX-pattern hyphenator used by
/// LibreOffice) and the system's `hyph_*.dic` pattern files.
///
/// Thread safety: `Sendable`. One instance may be shared by every layout pass: the libhyphen
/// dictionary is only touched while holding an internal mutex, so calls from several threads
/// are serialised around the (short) C call, and word preparation runs outside the lock.
/// Package API: layout hyphenates through it when ``ParagraphStyle/hyphenationFactor`` is set.
package final class Hyphenator: Sendable {
    /// Where Debian's `hyphen-*` packages install their patterns.
    package static let defaultDirectory = "/usr/share/hyphen"

    /// The locale this hyphenator was asked for (as given, e.g. `"en_US"`).
    package let locale: String
    /// The dictionary file actually loaded.
    package let dictionaryPath: String
    /// Minimum number of characters (grapheme clusters) before the first hyphen: the
    /// dictionary's `LEFTHYPHENMIN`, but at least 2 as in TeX.
    package let leftHyphenMin: Int
    /// Minimum number of characters (grapheme clusters) after the last hyphen: the
    /// dictionary's `RIGHTHYPHENMIN`, but at least 3 as in TeX.
    package let rightHyphenMin: Int

    /// How the pattern file expects words to be encoded.
    private enum Encoding: Sendable {
        case utf8
        /// ISO 8859-1: one byte per code point up to U+00FF.
        case latin1
        /// Another single-byte charset we do not transcode: only ASCII words are hyphenated.
        case asciiOnly
    }
    private let encoding: Encoding

    /// The libhyphen dictionary, owned by this object, behind a mutex: libhyphen gives no
    /// thread-safety guarantee, and the mutex is what makes sharing one instance sound. (The
    /// libhyphen calls are in `C/HyphenCalls.swift`.)
    private let dictionary: Mutex<HyphenDictionaryHandle>

    /// Loads the patterns for `locale` from `directory`.
    ///
    /// Tries, in order, `hyph_<lang>_<REGION>.dic`, `hyph_<lang>.dic`, then any
    /// `hyph_<lang>_*.dic` (so `"de"` finds `hyph_de_DE.dic`). `locale` may be written
    /// `en_US`, `en-US`, `en_US.UTF-8` or just `en`.
    /// - Throws: ``HyphenationError/dictionaryNotFound(locale:searchedPaths:debianPackage:)``
    ///   naming the files looked for and the Debian package to install, or
    ///   ``HyphenationError/dictionaryUnreadable(path:)``.
    package convenience init(locale: String = "en_US", directory: String = Hyphenator.defaultDirectory) throws {
        let (language, region) = Self.parseLocale(locale)
        var candidates: [String] = []
        if let region { candidates.append("hyph_\(language)_\(region).dic") }
        candidates.append("hyph_\(language).dic")
        let fileManager = FileManager.default
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var searched = candidates.map { "\(base)/\($0)" }
        var found = searched.first { fileManager.isReadableFile(atPath: $0) }
        if found == nil {
            // Some packages only ship region-specific files (hyph_de_DE.dic, hyph_de_CH.dic).
            let others = ((try? fileManager.contentsOfDirectory(atPath: base)) ?? [])
                .filter { $0.hasPrefix("hyph_\(language)_") && $0.hasSuffix(".dic") }
                .sorted()
            found = others.map { "\(base)/\($0)" }.first { fileManager.isReadableFile(atPath: $0) }
            searched.append("\(base)/hyph_\(language)_*.dic")
        }
        guard let path = found else {
            throw HyphenationError.dictionaryNotFound(
                locale: locale, searchedPaths: searched,
                debianPackage: Self.debianPackage(language: language, region: region))
        }
        try self.init(dictionaryPath: path, locale: locale)
    }

    /// Loads a specific libhyphen `.dic` pattern file.
    /// - Parameter locale: recorded in ``locale`` only; defaults to the file's base name.
    /// - Throws: ``HyphenationError/dictionaryUnreadable(path:)``.
    package init(dictionaryPath: String, locale: String? = nil) throws {
        guard let dict = HyphenDictionaryHandle.load(path: dictionaryPath) else {
            throw HyphenationError.dictionaryUnreadable(path: dictionaryPath)
        }
        self.dictionaryPath = dictionaryPath
        self.locale = locale ?? ((dictionaryPath as NSString).lastPathComponent as NSString).deletingPathExtension
        // TeX's defaults (\lefthyphenmin=2, \righthyphenmin=3) are the floor: a dictionary
        // that says 0 or 1 would otherwise allow "a-bout".
        self.leftHyphenMin = max(dict.leftHyphenMin, 2)
        self.rightHyphenMin = max(dict.rightHyphenMin, 3)
        if dict.isUTF8 {
            encoding = .utf8
        } else {
            let charset = dict.charset
                .uppercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
            encoding = (charset == "ISO88591" || charset == "LATIN1") ? .latin1 : .asciiOnly
        }
        self.dictionary = Mutex(dict)
    }

    deinit {
        dictionary.withLock { $0.free() }
    }

    /// The UTF-16 offsets inside `word` after which a hyphen may be inserted, ascending.
    ///
    /// Offsets count UTF-16 code units from the start of `word` (like `NSRange`), lie strictly
    /// inside it and always fall on grapheme-cluster boundaries. Only runs of letters are
    /// hyphenated: digits, punctuation and spaces split `word` into runs and never get a
    /// point themselves, so `"“hyphenation”,"` works and `"1234"` gives `[]`. Each run must
    /// keep ``leftHyphenMin`` / ``rightHyphenMin`` characters on either side of a point.
    /// Non-standard hyphenation (a spelling change at the break, as in old German
    /// `Schiffahrt` → `Schiff-fahrt`) is not reported, because inserting a plain hyphen
    /// there would misspell the word.
    package func hyphenationPoints(in word: String) -> [Int] {
        var points: [Int] = []
        // Fast path for the common case: in pure ASCII every character is one byte, one
        // UTF-16 unit and one grapheme cluster, so no Unicode segmentation is needed.
        let handledAsASCII = word.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            hyphenateASCII(utf8, into: &points)
            return true
        } ?? false
        if handledAsASCII { return points }

        var runStart = word.startIndex
        var runStartOffset = 0
        var offset = 0
        var inRun = false
        for index in word.indices {
            let character = word[index]
            let isLetter = character.isLetter
            if isLetter && !inRun {
                runStart = index
                runStartOffset = offset
                inRun = true
            } else if !isLetter && inRun {
                hyphenate(word[runStart..<index], startOffset: runStartOffset, into: &points)
                inRun = false
            }
            offset += character.utf16.count
        }
        if inRun {
            hyphenate(word[runStart...], startOffset: runStartOffset, into: &points)
        }
        return points
    }

    /// Hyphenates each run of ASCII letters in `utf8` (which is all ASCII).
    private func hyphenateASCII(_ utf8: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        let minimumLength = leftHyphenMin + rightHyphenMin
        var index = 0
        while index < utf8.count {
            while index < utf8.count && !isLetter(utf8[index]) { index += 1 }
            let start = index
            while index < utf8.count && isLetter(utf8[index]) { index += 1 }
            let length = index - start
            guard length >= minimumLength else { continue }
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: length) { lowered in
                for i in 0..<length {
                    // Patterns are lower-case; OR-ing 0x20 lower-cases an ASCII letter.
                    lowered[i] = CChar(bitPattern: utf8[start + i] | 0x20)
                }
                runLibhyphen(on: UnsafeBufferPointer(lowered), codePoints: length) { i in
                    // Break after letter i: i + 1 characters precede it.
                    let before = i + 1
                    if before >= leftHyphenMin && length - before >= rightHyphenMin {
                        points.append(start + before)
                    }
                }
            }
        }
    }

    /// Hyphenates one run of letters (any script) and appends its points, shifted by
    /// `startOffset`.
    private func hyphenate(_ run: Substring, startOffset: Int, into points: inout [Int]) {
        // Fewer characters than both minimums together can never be hyphenated.
        let characterCount = run.count
        guard characterCount >= leftHyphenMin + rightHyphenMin else { return }

        // libhyphen's patterns are lower-case and its result has one entry per code point of
        // what it was given. Lower-casing can change the number of code points (e.g. "İ" →
        // "i̇"), so record, for each code point we pass, where a break after it would land in
        // the original word: only after the last code point of a whole grapheme cluster, so
        // a hyphen never splits "e" from its combining accent.
        var bytes: [CChar] = []
        bytes.reserveCapacity(run.utf8.count + 8)
        // breakAfter[i]: (UTF-16 offset in `word`, number of characters so far) if a break
        // after code point i is at a character boundary, else nil.
        var breakAfter: [(offset: Int, characters: Int)?] = []
        breakAfter.reserveCapacity(run.unicodeScalars.count + 4)
        var offset = startOffset
        var characters = 0
        for character in run {
            offset += character.utf16.count
            characters += 1
            let lowered = String(character).lowercased()
            var remaining = lowered.unicodeScalars.count
            for scalar in lowered.unicodeScalars {
                switch encoding {
                case .utf8:
                    for byte in String(scalar).utf8 { bytes.append(CChar(bitPattern: byte)) }
                case .latin1 where scalar.value <= 0xFF, .asciiOnly where scalar.value < 0x80:
                    bytes.append(CChar(bitPattern: UInt8(scalar.value)))
                case .latin1, .asciiOnly:
                    // The dictionary's charset cannot represent this character: the patterns
                    // cannot know the word, so leave the run alone.
                    return
                }
                remaining -= 1
                breakAfter.append(remaining == 0 ? (offset, characters) : nil)
            }
        }

        bytes.withUnsafeBufferPointer { word in
            runLibhyphen(on: word, codePoints: breakAfter.count) { i in
                // The minimums are enforced in characters (grapheme clusters), which is
                // stricter than libhyphen's own code-point count for decomposed text.
                guard let entry = breakAfter[i],
                    entry.characters >= leftHyphenMin,
                    characterCount - entry.characters >= rightHyphenMin
                else { return }
                points.append(entry.offset)
            }
        }
    }

    /// Runs libhyphen on `word` (encoded for the dictionary) and calls `allowed(i)`, in
    /// increasing order, for each code point index `i < codePoints` after which a plain
    /// hyphen may be inserted.
    private func runLibhyphen(
        on word: UnsafeBufferPointer<CChar>, codePoints: Int, _ allowed: (Int) -> Void
    ) {
        let byteCount = word.count
        guard byteCount > 0, byteCount < Int(Int32.max) - 5 else { return }
        // libhyphen wants word_size + 5 bytes for the result vector; after its UTF-8
        // normalisation the vector has one entry per code point, not per byte.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: byteCount + 5) { vector in
            vector.initialize(repeating: 0)
            let ok = dictionary.withLock { $0.hyphenate(word, into: vector) }
            guard ok else { return }
            for i in 0..<min(codePoints, byteCount) where vector[i] & 1 == 1 {
                allowed(i)
            }
        }
    }

    /// Splits `en_US`, `en-us`, `en_US.UTF-8`, `de_DE@euro` into ("en", "US").
    private static func parseLocale(_ locale: String) -> (language: String, region: String?) {
        let core = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? locale
        let parts = core.split(whereSeparator: { $0 == "_" || $0 == "-" })
        let language = parts.first.map { $0.lowercased() } ?? ""
        // A script subtag (en_Latn_US) is skipped: the region is the 2-letter / 3-digit part.
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        return (language, region.map { $0.uppercased() })
    }

    /// Debian splits English and Portuguese patterns by region (hyphen-en-us, hyphen-en-gb,
    /// hyphen-pt-br, hyphen-pt-pt); every other language has one `hyphen-<lang>` package.
    private static func debianPackage(language: String, region: String?) -> String {
        switch (language, region) {
        case ("en", "GB"?): return "hyphen-en-gb"
        case ("en", _): return "hyphen-en-us"
        case ("pt", "BR"?): return "hyphen-pt-br"
        case ("pt", _): return "hyphen-pt-pt"
        default: return "hyphen-\(language.isEmpty ? "<language>" : language)"
        }
    }
}
