/// The one gate for names that come from data (a locale key in a String Catalog, a view id in a
/// shard's report) and become part of an output path. Anything that is not a plain file name —
/// `..`, a `/`, a NUL, a hidden name — could write outside `--out` or over the tool's own files,
/// so it is refused here, with what it is and how to fix it, before any path is built.
///
/// ```swift
/// let locale = try PathComponent.validatedLocale("pt-BR", what: "--locales")   // "pt-BR"
/// let view = try PathComponent.validated("checkout.de", what: "view id")      // "checkout.de"
/// ```
package enum PathComponent {
    /// The longest locale name accepted: BCP 47 recommends supporting tags of at least 35 characters.
    package static let maximumLocaleLength = 35
    /// The longest file name most file systems take (`NAME_MAX`), in UTF-8 bytes.
    package static let maximumComponentBytes = 255

    /// A name that cannot be used in a path.
    package struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        /// What the name is, for the message (`locale`, `view id 'x' in shard-1/report.json`).
        package var what: String
        /// The name as given.
        package var name: String
        /// Why it is refused and what to give instead.
        package var reason: String

        /// `<what> '<name>' <reason>` (the name escaped so control characters stay visible).
        package var description: String { "\(what) \(Self.quoted(name)) \(reason)" }

        /// `name` in single quotes, with control characters and NUL shown as escapes.
        static func quoted(_ name: String) -> String {
            var out = "'"
            for scalar in name.unicodeScalars {
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            return out + "'"
        }
    }

    /// `name` when it can be one path component of an output: not empty, not `.` or `..`, no `/`,
    /// no NUL or other control character, no leading `.` (hidden names are the tool's own:
    /// `.thumbnails`, `.dyntype.lock`, temporary files), at most 255 bytes.
    ///
    /// - Parameter what: what the name is, for the message (`view id`, `view id in shard-2/report.json`).
    /// - Throws: ``Invalid`` saying which rule the name breaks.
    @discardableResult
    package static func validated(_ name: String, what: String) throws(Invalid) -> String {
        let rule = "must be a single file name (no '/', not '.' or '..', no leading '.', no control characters, at most \(maximumComponentBytes) bytes)"
        func fail(_ problem: String) -> Invalid { Invalid(what: what, name: name, reason: "\(problem): it \(rule)") }
        if name.isEmpty { throw fail("is empty") }
        if name == "." || name == ".." { throw fail("is a reference to a folder") }
        if name.contains("/") { throw fail("contains '/'") }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw fail("contains a control character")
        }
        if name.hasPrefix(".") { throw fail("starts with '.'") }
        if name.utf8.count > maximumComponentBytes { throw fail("is \(name.utf8.count) bytes long") }
        return name
    }

    /// `name` when it is a usable locale name: 1–35 ASCII letters, digits, `-` or `_` (BCP 47 tags
    /// such as `de`, `pt-BR`, `zh-Hans`, and Apple's `zh_TW`); anything else — `..`, `a/b`,
    /// markup, spaces — would become a folder name in the output.
    ///
    /// - Parameter what: what the name is, for the message (`--locales`, `locale key in de.xcstrings`).
    /// - Throws: ``Invalid`` saying what is allowed.
    @discardableResult
    package static func validatedLocale(_ name: String, what: String) throws(Invalid) -> String {
        let allowed = "use a BCP 47 tag such as de, pt-BR or zh-Hans: 1–\(maximumLocaleLength) ASCII letters, digits, '-' or '_'"
        guard !name.isEmpty else { throw Invalid(what: what, name: name, reason: "is empty; \(allowed)") }
        guard name.count <= maximumLocaleLength else {
            throw Invalid(what: what, name: name, reason: "is \(name.count) characters long, not a locale name; \(allowed)")
        }
        for scalar in name.unicodeScalars where !isLocaleCharacter(scalar) {
            let shown = scalar.value < 0x20 || scalar.value == 0x7F ? "a control character" : "'\(scalar)'"
            throw Invalid(what: what, name: name, reason: "contains \(shown), not a locale name; \(allowed)")
        }
        return name
    }

    /// Whether `name` passes ``validatedLocale(_:what:)``.
    package static func isLocaleName(_ name: String) -> Bool {
        (1...maximumLocaleLength).contains(name.count) && name.unicodeScalars.allSatisfy(isLocaleCharacter)
    }

    private static func isLocaleCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
        default: false
        }
    }
}
