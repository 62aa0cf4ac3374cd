/// Expands `%#@name@` references (String Catalog substitutions and `.stringsdict` variables) into
/// one variant per plural case, so each case's text is measured on its own.
enum SubstitutionExpander {
    /// One case of a substitution: its category and its text with the argument's placeholder in
    /// place (`%lld items`).
    struct Case: Sendable {
        /// `one`, `other`, … (or a device or width for `.stringsdict` rules).
        var category: String
        /// The text that replaces the reference.
        var text: String
    }

    /// At most this many variants per key: three substitutions of six cases already give 216,
    /// and more only repeat the same lengths.
    static let variantLimit = 256

    /// Every combination of the cases of the substitutions `variants` reference, named
    /// `name:category` after any variant the text already had (`device:ipad items:few`).
    /// References to unknown names stay as they are (``PlaceholderSamples`` fills them).
    static func expand(_ variants: [LocalizedVariant], substitutions: [String: [Case]]) -> [LocalizedVariant] {
        guard !substitutions.isEmpty else { return variants }
        var result = variants
        // A case may reference another substitution (nesting); each pass expands one name per
        // variant, and a name already expanded in a variant is never expanded again in it, so
        // self-references cannot loop.
        for _ in 0..<substitutions.count {
            var next: [LocalizedVariant] = []
            var changed = false
            for variant in result {
                let expanded = Set(variantNames(variant.variant))
                guard let name = references(in: variant.text).first(where: { substitutions[$0] != nil && !expanded.contains($0) }),
                    let cases = substitutions[name]
                else {
                    next.append(variant)
                    continue
                }
                changed = true
                for item in cases {
                    let text = replacing(name, in: variant.text, with: item.text)
                    let label = "\(name):\(item.category)"
                    next.append(LocalizedVariant(text: text, variant: variant.variant.map { "\($0) \(label)" } ?? label))
                }
            }
            if next.count > variantLimit || !changed { break }
            result = next
        }
        return result
    }

    /// The names referenced as `%#@name@` or `%2$#@name@`, in order of appearance.
    static func references(in text: String) -> [String] {
        scan(text).compactMap { if case .reference(let name, _) = $0 { name } else { nil } }
    }

    /// `text` with every reference to `name` replaced by `replacement`.
    static func replacing(_ name: String, in text: String, with replacement: String) -> String {
        scan(text).map { piece in
            switch piece {
            case .text(let text): text
            case .reference(let found, let raw): found == name ? replacement : raw
            }
        }.joined()
    }

    private enum Piece {
        case text(String)
        case reference(name: String, raw: String)
    }

    private static func variantNames(_ variant: String?) -> [String] {
        guard let variant else { return [] }
        return variant.split(separator: " ").compactMap { $0.split(separator: ":").first.map(String.init) }
    }

    /// Splits text into literal runs and references; `%%` is a literal percent sign, so
    /// `%%#@x@` is no reference.
    private static func scan(_ text: String) -> [Piece] {
        let scalars = Array(text.unicodeScalars)
        var pieces: [Piece] = []
        var literal = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                literal.append(scalars[index])
                index += 1
                continue
            }
            if index + 1 < scalars.count, scalars[index + 1] == "%" {
                literal.append(contentsOf: scalars[index...index + 1])
                index += 2
                continue
            }
            var cursor = index + 1
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { cursor += 1 }
            if cursor > index + 1 {
                // Digits must be a position (`%2$#@x@`) for this to be a reference.
                guard cursor < scalars.count, scalars[cursor] == "$" else {
                    literal.append(scalars[index])
                    index += 1
                    continue
                }
                cursor += 1
            }
            guard cursor + 1 < scalars.count, scalars[cursor] == "#", scalars[cursor + 1] == "@",
                let close = scalars[(cursor + 2)...].firstIndex(of: "@"), close > cursor + 2
            else {
                literal.append(scalars[index])
                index += 1
                continue
            }
            if !literal.isEmpty {
                pieces.append(.text(String(literal)))
                literal = String.UnicodeScalarView()
            }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: scalars[(cursor + 2)..<close])
            var raw = String.UnicodeScalarView()
            raw.append(contentsOf: scalars[index...close])
            pieces.append(.reference(name: String(name), raw: String(raw)))
            index = close + 1
        }
        if !literal.isEmpty { pieces.append(.text(String(literal))) }
        return pieces
    }
}
