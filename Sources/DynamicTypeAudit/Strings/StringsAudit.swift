import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import TextStack

/// `dyntype strings`: every string of a set of String Catalogs, `.strings` and `.stringsdict`
/// files — every variant (plural forms, device forms), in each chosen locale — laid out as one
/// label at each category, to say which strings truncate or need more lines, and from which size.
/// It answers "which German strings truncate at AX3?" without a screen that lists every key.
///
/// Each string is laid out as a screen file's label is (same fonts, line breaking, placeholder
/// samples), once with unlimited lines to count the lines it needs; more than the label's line
/// limit is a `truncated` finding. The label's other checks (a word wider than the line, fallback
/// fonts, missing glyphs, text under the minimum size) are kept; a key without a translation in
/// the locale is a `missingTranslation` note.
package struct StringsAudit: Sendable {
    /// The label every string is laid out in.
    package struct Label: Hashable, Sendable {
        /// The text style.
        package var style: TextStyle = .body
        /// The label's width in points.
        package var width: Double
        /// The line limit (0: unlimited, nothing truncates).
        package var lines: Int = 1

        /// A label `width` points wide.
        package init(width: Double) { self.width = width }
    }

    /// One string in one locale: a key's variant and where the key is written.
    package struct Item: Hashable, Sendable {
        /// The key.
        package var key: String
        /// The variant (`plural:one`, `device:ipad`), nil for a plain string.
        package var variant: String?
        /// The locale.
        package var locale: String
        /// The text with placeholders filled with sample values.
        package var text: String
        /// The text came from the source language (no translation in the locale).
        package var isFallback: Bool
        /// The file and line declaring the key, when found.
        package var location: FindingLocation?

        /// The element findings name: the key, with its variant.
        package var element: String { variant.map { "\(key) (\($0))" } ?? key }
    }

    /// What one string does across the categories.
    package struct Row: Sendable {
        /// The string.
        package var item: Item
        /// The lines it needs at each category checked.
        package var linesNeeded: [ContentSizeCategory: Int]
        /// Its findings, category by category.
        package var findings: [Finding]
    }

    /// The strings files, in order of precedence (later files win).
    package var files: [String]
    /// The table read from them.
    package var table: StringTable
    /// The locales checked.
    package var locales: [String]
    /// The label.
    package var label: Label
    /// The categories.
    package var categories: [ContentSizeCategory]
    /// Profile and Bold Text (the device is the label's width).
    package var settings: AuditSettings

    /// The checks kept from a label's findings; a one-label screen's own checks (off screen,
    /// overlapping) say nothing about a string.
    static let keptKinds: Set<Finding.Kind> = [.wordWiderThanLine, .fallbackFont, .missingGlyph, .belowMinimumSize]

    /// An audit of `files`' strings in `locales` (empty: every locale the files have).
    ///
    /// - Throws: ``RunFailure``: a missing file (66), a malformed one (65), a locale the files
    ///   do not have or a label out of range (64).
    package init(
        files: [String], locales: [String], label: Label, categories: [ContentSizeCategory], settings: AuditSettings
    ) throws {
        self.files = files
        for path in files where !FileManager.default.fileExists(atPath: path) {
            throw RunFailure(.missingInput, "strings file '\(path)' does not exist")
        }
        do { table = try StringTable.load(files: files) } catch { throw RunFailure(.invalidInput, "\(error)") }
        let available = table.locales
        for locale in locales where !available.contains(LprojLocale.normalized(locale)) {
            throw RunFailure(.usage, "--locales: the strings have no locale '\(locale)'; they have \(available.joined(separator: ", "))")
        }
        self.locales = locales.isEmpty ? available : locales.map { LprojLocale.normalized($0) }
        guard label.width.isFinite, (20...2000).contains(label.width) else {
            throw RunFailure(.usage, "--width \(label.width): give a label width of 20…2000 pt")
        }
        guard (0...100).contains(label.lines) else {
            throw RunFailure(.usage, "--lines \(label.lines): give 0 (unlimited) to 100")
        }
        (self.label, self.categories, self.settings) = (label, categories, settings)
    }

    /// Every string in every locale, key by key.
    package var items: [Item] {
        let lines = StringKeyLines(files: files)
        let searched = Dictionary(uniqueKeysWithValues: locales.map { ($0, lines.searchOrder(locale: $0)) })
        return table.keys.flatMap { key in
            locales.flatMap { locale -> [Item] in
                let lookup = table.lookup(key, locale: locale)
                // A key only some locales have is shown as the key in the others (iOS does that).
                return lookup.variants.map { variant in
                    let plural = variant.variant?.split(separator: " ").last?.split(separator: ":").last.map(String.init)
                    return Item(
                        key: key, variant: variant.variant, locale: locale,
                        text: PlaceholderSamples.fill(variant.text, pluralCategory: plural), isFallback: lookup.isMissing,
                        location: StringKeyLines.location(of: key, in: searched[locale] ?? []))
                }
            }
        }
    }

    /// Lays every string out at every category (categories in parallel, `jobs` at a time).
    package func run(resolver: FontResolver, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [Row] {
        let items = self.items
        let results = LockedDictionary<ContentSizeCategory, Result<[(lines: Int, findings: [Finding])], any Error>>()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, jobs)
        for category in categories {
            queue.addOperation {
                results[category] = Result { try items.map { try self.measure($0, at: category, resolver: resolver) } }
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        var perCategory: [ContentSizeCategory: [(lines: Int, findings: [Finding])]] = [:]
        for category in categories { perCategory[category] = try results[category]?.get() ?? [] }
        return items.enumerated().map { index, item in
            var row = Row(item: item, linesNeeded: [:], findings: [])
            for category in categories {
                guard let measured = perCategory[category]?[index] else { continue }
                row.linesNeeded[category] = measured.lines
                row.findings += measured.findings
            }
            if item.isFallback, let first = categories.first {
                var note = Finding(
                    kind: .missingTranslation, severity: .info, element: item.element, category: first,
                    message: "no \(item.locale) translation: the source language's text is shown", locale: item.locale)
                note.view = item.key
                row.findings.insert(note, at: 0)
            }
            return row
        }
    }

    /// One string at one category: the lines it needs and its findings.
    func measure(_ item: Item, at category: ContentSizeCategory, resolver: FontResolver) throws -> (lines: Int, findings: [Finding]) {
        let spec = LabelSpec(id: "string", text: .literal(item.text), font: .style(label.style), lines: 0, lineBreak: .wordWrap)
        let screen = Screen(name: "Strings", width: label.width, padding: .zero, views: [.label(spec)])
        let laidOut = try ScreenDocument(screen: screen).layout(category: category, texts: LocalizedTexts(), settings: settings, resolver: resolver)
        let needed = max(1, laidOut.views.first?.text?.lines.count ?? 1)
        var findings = ReadabilityChecks.findings(in: laidOut, profile: settings.profile).filter { Self.keptKinds.contains($0.kind) }
        if label.lines > 0, needed > label.lines {
            findings.insert(
                Finding(
                    kind: .truncated, severity: .warning, element: item.element, category: category,
                    message: "\(Self.quoted(item.text)) needs \(needed) lines in \(PointFormat.string(label.width)) pt; the label has \(label.lines)"),
                at: 0)
        }
        return (
            needed,
            findings.map { finding in
                var finding = finding
                (finding.view, finding.element, finding.locale, finding.area) = (item.key, item.element, item.locale, nil)
                return finding
            }
        )
    }

    /// A string shortened for messages.
    static func quoted(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return "\"" + (flat.count > 40 ? flat.prefix(40) + "…" : flat) + "\""
    }
}
