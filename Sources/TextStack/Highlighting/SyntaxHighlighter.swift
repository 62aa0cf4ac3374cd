import DynamicTypeCore
import FontSystem
import Foundation

/// Restyles a ``TextStorage`` from highlight rules: the engine behind
/// ``SyntaxHighlightTextStorage`` (seed 001's `applyStylesToRange` / `performReplacementsForRange`).
///
/// Installed as a storage's ``TextStorage/editingProcessor``, it restyles after every edit that
/// changed characters — only the paragraphs the edit touched
/// (``TextStorage/invalidationRange(forEditedRange:)``), as the seed extends the edited range to
/// whole lines. Restyling a range:
///
/// 1. **Resets** it to the base attributes: ``baseAttributes`` plus the preferred body font. This
///    goes beyond the seed on purpose: the seed only adds attributes, so deleting a `*` left the
///    text bold; here styling is a function of the text, and the highlighter owns the attributes
///    of the text it styles.
/// 2. **Applies every rule in order**, paragraph by paragraph: each match's capture group gets the
///    rule's style, then — as the seed does — the character right after the group is reset to the
///    body font, when `groupEnd + 1 < length` (the Swift seed's condition, off-by-one included) and
///    that character is inside the restyled range (so a restyle never writes outside its paragraphs).
/// 3. Commits the new runs in **one** `.attributes` edit (folded into the edit being processed).
///
/// ## Choices and deviations from the seed
/// - Rules run per paragraph: a match never crosses a paragraph end. The seed's patterns contain
///   `\s`, which matches `\n`, so during typing (line-range searches) `*a\nb*` is not bold but the
///   seed's whole-text `update()` would make it bold; here both paths give the same result (not
///   bold), so the styling never depends on edit history. For the same reason an ALLCAPS word at
///   the very start of a paragraph is not red: `\s([A-Z]{2,})\s` needs a white-space character in
///   front, and the previous paragraph's `\n` is outside the search.
/// - Font traits compose: `*bold _italic_*` makes "_italic_" bold italic (the seed replaced the
///   font, so it was italic only). The seed's reset after the italic match still makes the closing
///   `*` regular, exactly as in the seed.
/// - Attribute-only edits (including this highlighter's own, and ``SyntaxHighlightTextStorage/update(category:legibilityWeight:)``,
///   which restyles everything itself) do not trigger a restyle.
///
/// ## Performance
/// Patterns are compiled once. A restyle copies only its own range into the `String` that
/// `NSRegularExpression` searches and passes each paragraph as the search `range:`, so typing
/// never scans the whole text. Each rule rewrites the range's runs in one linear pass, however
/// many matches there are. Fonts are resolved once per (setting, descriptor) and cached per
/// content-size category and Bold Text state.
///
/// The seed's italic pattern `(_\w+(\s\w+)*_)` backtracks quadratically: `_` is itself a word
/// character, so in a long run of words and single spaces with no closing `_` (`_a _a _a …`) every
/// `_` scans to the end of the run — 100 KB of it takes ICU ≈ 90 s. Paragraphs of at least
/// ``MatchBudget/threshold`` units are therefore searched with a time budget (ICU's progress
/// callback): a rule that overruns it stops for that paragraph, keeping the matches found so far,
/// and leaves a ``Diagnostic``. The other five seed patterns are linear (their delimiters are not
/// word characters).
package final class SyntaxHighlighter: TextStorageEditingProcessor {
    /// How long one rule may search one long paragraph.
    public struct MatchBudget: Hashable, Sendable {
        /// Paragraphs shorter than this (UTF-16 units) are searched without a budget (worst case
        /// of the seed patterns: a few milliseconds).
        public var threshold: Int
        /// Fixed allowance per rule and paragraph.
        public var base: Duration
        /// Additional allowance per 1,000 UTF-16 units of the paragraph (linear patterns need
        /// ≈ 0.06 ms per 1,000 units).
        public var perThousandUnits: Duration

        /// A budget.
        public init(threshold: Int = 1024, base: Duration = .milliseconds(20), perThousandUnits: Duration = .milliseconds(1)) {
            self.threshold = threshold
            self.base = base
            self.perThousandUnits = perThousandUnits
        }

        /// 20 ms + 1 ms per 1,000 units, for paragraphs of 1,024 units or more.
        public static let standard = MatchBudget()
        /// No budget: every rule runs to completion however long it takes.
        public static let unlimited = MatchBudget(threshold: .max)

        func limit(forLength length: Int) -> Duration {
            base + perThousandUnits * (Double(length) / 1000)
        }
    }

    /// Something that went wrong while restyling; the styling went on without it.
    public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
        /// What happened.
        public enum Kind: Hashable, Sendable {
            /// A rule overran its ``MatchBudget`` in a paragraph and was stopped there.
            case matchBudgetExceeded(rule: String, budget: Duration)
            /// A rule's font could not be resolved; the body font was used.
            case fontUnavailable(font: String, reason: String)
        }

        /// What happened.
        public let kind: Kind
        /// The paragraph concerned.
        public let paragraphRange: NSRange

        public var description: String {
            let place = "paragraph \(paragraphRange.location)..<\(paragraphRange.location + paragraphRange.length)"
            switch kind {
            case .matchBudgetExceeded(let rule, let budget):
                return "\(place): rule '\(rule)' overran its match budget (\(budget)) and was stopped; "
                    + "later matches in this paragraph are not styled (the pattern backtracks on this text)"
            case .fontUnavailable(let font, let reason):
                return "\(place): font \(font) unavailable (\(reason)); the body font was used"
            }
        }
    }

    /// What one restyle did.
    public struct RestyleReport: Hashable, Sendable {
        /// The range restyled (whole paragraphs).
        public var range: NSRange
        /// Number of paragraphs in ``range``.
        public var paragraphCount: Int
        /// Matches per rule, in rule order.
        public var matchesPerRule: [Int]
        /// Rules stopped by the match budget in some paragraph.
        public var stoppedRules: [String]

        /// All matches.
        public var totalMatches: Int { matchesPerRule.reduce(0, +) }
    }

    /// The resolver fonts come from.
    public let resolver: FontResolver
    /// The type ramp.
    public let profile: TypeRampProfile
    /// The rules, in order.
    public let rules: HighlightRuleSet
    /// Attributes under the body font for all styled text (e.g. a letterpress effect or a colour);
    /// takes effect at the next restyle.
    public var baseAttributes: TextAttributes
    /// Time budget for long paragraphs.
    public var matchBudget: MatchBudget = .standard
    /// Whether edits trigger restyling.
    public var isEnabled = true

    /// The category fonts are resolved at.
    public var category: ContentSizeCategory { setting.category }
    /// The Bold Text state fonts are resolved with.
    public var legibilityWeight: LegibilityWeight { setting.legibilityWeight }

    /// The last restyle's report.
    public private(set) var lastRestyle: RestyleReport?
    /// Number of restyles so far.
    public private(set) var restyleCount = 0
    /// Recent diagnostics, oldest first (the last 100 are kept).
    public private(set) var diagnostics: [Diagnostic] = []

    private let compiledRules: [(rule: HighlightRule, regex: NSRegularExpression)]
    private var setting: TextSizeSetting
    private var fonts: FontTable
    private var fontTables: [TextSizeSetting: FontTable] = [:]

    /// Fonts for one setting: the preferred body font and every derived font met so far.
    private struct FontTable {
        let bodyDescriptor: FontDescriptor
        let bodyFont: ResolvedFont
        var resolved: [FontDescriptor: ResolvedFont]
    }

    /// A highlighter resolving fonts at `category` with `legibilityWeight`.
    ///
    /// - Throws: `ProfileError` when the profile lacks body or the category, `FontSystemError` when
    ///   the body font or a rule's font cannot be resolved.
    public init(
        resolver: FontResolver, profile: TypeRampProfile = .ios, category: ContentSizeCategory = .large,
        legibilityWeight: LegibilityWeight = .regular, rules: HighlightRuleSet = .seeds,
        baseAttributes: TextAttributes = .empty
    ) throws {
        self.resolver = resolver
        self.profile = profile
        self.rules = rules
        self.baseAttributes = baseAttributes
        self.compiledRules = rules.compiled()
        self.setting = TextSizeSetting(category: category, legibilityWeight: legibilityWeight)
        self.fonts = try Self.makeFontTable(
            setting: setting, resolver: resolver, profile: profile, rules: rules)
    }

    // MARK: Fonts

    /// The preferred body descriptor at the current setting.
    public var bodyDescriptor: FontDescriptor { fonts.bodyDescriptor }
    /// The preferred body font at the current setting.
    public var bodyFont: ResolvedFont { fonts.bodyFont }

    /// The font a rule's style gives plain body text at the current setting (e.g. the seed's
    /// `boldFont`, `scriptFont`); `nil` if the rule does not change the font.
    public func font(for rule: HighlightRule) -> ResolvedFont? {
        guard rule.style.changesFont else { return nil }
        return try? resolve(Self.compose(rule.style, onto: fonts.bodyDescriptor))
    }

    /// Switches fonts to another category / Bold Text state (does not restyle; see
    /// ``SyntaxHighlightTextStorage/update(category:legibilityWeight:)``). Font tables are cached,
    /// so switching back is free.
    public func setSetting(_ newSetting: TextSizeSetting) throws {
        guard newSetting != setting else { return }
        let table = try fontTables[newSetting]
            ?? Self.makeFontTable(setting: newSetting, resolver: resolver, profile: profile, rules: rules)
        fontTables[setting] = fonts
        fonts = table
        setting = newSetting
    }

    private static func makeFontTable(
        setting: TextSizeSetting, resolver: FontResolver, profile: TypeRampProfile, rules: HighlightRuleSet
    ) throws -> FontTable {
        let body = try FontDescriptor.preferred(
            for: .body, category: setting.category, legibilityWeight: setting.legibilityWeight, profile: profile)
        var table = FontTable(bodyDescriptor: body, bodyFont: try resolver.resolve(body), resolved: [:])
        table.resolved[body] = table.bodyFont
        // The seed creates its fonts up front (createHighlightPatterns); resolving them here makes
        // a missing font an error of update(), not a silent fallback mid-restyle.
        for rule in rules.rules where rule.style.changesFont {
            let descriptor = compose(rule.style, onto: body)
            table.resolved[descriptor] = try resolver.resolve(descriptor)
        }
        return table
    }

    private func resolve(_ descriptor: FontDescriptor) throws -> ResolvedFont {
        if let known = fonts.resolved[descriptor] { return known }
        let font = try resolver.resolve(descriptor)
        fonts.resolved[descriptor] = font
        return font
    }

    /// `descriptor` with the style's traits added and its family.
    static func compose(_ style: HighlightStyle, onto descriptor: FontDescriptor) -> FontDescriptor {
        var result = descriptor
        if !style.traits.isEmpty { result = result.withSymbolicTraits(result.symbolicTraits.union(style.traits)) }
        if let family = style.family { result = result.withFamily(family) }
        return result
    }

    // MARK: Processing edits

    /// Restyles the paragraphs an edit touched, if it changed characters.
    public func processEditing(in storage: TextStorage, edit: TextStorage.Edit) {
        guard isEnabled, edit.mask.contains(.characters) else { return }
        restyle(storage, paragraphsIn: storage.invalidationRange(forEditedRange: edit.range))
    }

    /// Restyles the whole paragraphs holding `range`: reset to the base attributes, then every
    /// rule (see the type's discussion). One `.attributes` edit, or none if nothing changed.
    @discardableResult
    public func restyle(_ storage: TextStorage, paragraphsIn range: NSRange) -> RestyleReport {
        let whole = storage.paragraphRange(for: range)
        let paragraphs = storage.paragraphRanges(in: whole)
        var report = RestyleReport(
            range: whole, paragraphCount: paragraphs.count, matchesPerRule: Array(repeating: 0, count: compiledRules.count),
            stoppedRules: [])
        restyleCount += 1
        defer { lastRestyle = report }
        guard whole.length > 0 else { return report }

        let text = storage.substring(with: whole)
        let storageLength = storage.length
        var base = baseAttributes
        base.font = fonts.bodyDescriptor
        base.resolvedFont = fonts.bodyFont
        let baseID = storage.table.id(for: base)
        var pieces = [RunPiece(length: whole.length, id: baseID)]

        struct MemoKey: Hashable {
            let id: Int32
            let operation: Int
        }
        var memo: [MemoKey: Int32] = [:]
        let resetOperation = -1

        for (ruleIndex, compiled) in compiledRules.enumerated() {
            var rewriter = RunRewriter(pieces)
            let group = compiled.rule.group
            var paragraphForDiagnostics = NSRange(location: whole.location, length: 0)
            func transformed(_ id: Int32, _ operation: Int) -> Int32 {
                let key = MemoKey(id: id, operation: operation)
                if let known = memo[key] { return known }
                let attributes = storage.table[id]
                let result = operation == resetOperation
                    ? resetFont(attributes)
                    : apply(compiledRules[operation].rule.style, to: attributes, paragraph: paragraphForDiagnostics)
                let newID = storage.table.id(for: result)
                memo[key] = newID
                return newID
            }
            for paragraph in paragraphs {
                paragraphForDiagnostics = paragraph
                let local = NSRange(location: paragraph.location - whole.location, length: paragraph.length)
                let completed = enumerateMatches(of: compiled.regex, in: text, range: local) { result in
                    let styled = result.range(at: group)
                    guard styled.location != NSNotFound, styled.length > 0 else { return }
                    report.matchesPerRule[ruleIndex] += 1
                    rewriter.transform(start: styled.location, length: styled.length) { transformed($0, ruleIndex) }
                    // The seed: `if maxRange + 1 < self.length { addAttributes(normalAttrs, NSMakeRange(maxRange, 1)) }`.
                    let after = styled.location + styled.length
                    if whole.location + after + 1 < storageLength && after < whole.length {
                        rewriter.transform(start: after, length: 1) { transformed($0, resetOperation) }
                    }
                }
                if !completed {
                    if !report.stoppedRules.contains(compiled.rule.name) { report.stoppedRules.append(compiled.rule.name) }
                    record(Diagnostic(
                        kind: .matchBudgetExceeded(rule: compiled.rule.name, budget: matchBudget.limit(forLength: paragraph.length)),
                        paragraphRange: paragraph))
                }
            }
            pieces = rewriter.finish()
        }
        storage.replaceAttributeRuns(in: whole, with: pieces)
        return report
    }

    /// Runs `regex` over `range` of `text`, calling `body` per match; `false` if the match budget
    /// stopped it.
    private func enumerateMatches(
        of regex: NSRegularExpression, in text: String, range: NSRange, _ body: (NSTextCheckingResult) -> Void
    ) -> Bool {
        // swift-corelibs-foundation declares the block escaping, though it is only called during
        // the enumeration.
        withoutActuallyEscaping(body) { body in
            guard range.length >= matchBudget.threshold else {
                regex.enumerateMatches(in: text, options: [], range: range) { result, _, _ in
                    if let result { body(result) }
                }
                return true
            }
            // Long paragraph: ICU calls back at every new start position, where the clock is checked.
            let clock = ContinuousClock()
            let deadline = clock.now + matchBudget.limit(forLength: range.length)
            var stopped = false
            regex.enumerateMatches(in: text, options: [.reportProgress], range: range) { result, _, stop in
                if let result { body(result) }
                if clock.now > deadline {
                    stopped = true
                    stop.pointee = true
                }
            }
            return !stopped
        }
    }

    /// The attributes with the body font (the seed's `normalAttrs`).
    private func resetFont(_ attributes: TextAttributes) -> TextAttributes {
        var result = attributes
        result.font = fonts.bodyDescriptor
        result.resolvedFont = fonts.bodyFont
        return result
    }

    /// The attributes with a rule's style applied.
    private func apply(_ style: HighlightStyle, to attributes: TextAttributes, paragraph: NSRange) -> TextAttributes {
        var result = attributes
        if style.changesFont {
            let descriptor = Self.compose(style, onto: attributes.font ?? fonts.bodyDescriptor)
            result.font = descriptor
            do {
                result.resolvedFont = try resolve(descriptor)
            } catch {
                result.resolvedFont = fonts.bodyFont
                record(Diagnostic(kind: .fontUnavailable(font: descriptor.description, reason: "\(error)"), paragraphRange: paragraph))
            }
        }
        if let value = style.foregroundColor { result.foregroundColor = value }
        if let value = style.backgroundColor { result.backgroundColor = value }
        if let value = style.strikethrough { result.strikethrough = value }
        if let value = style.underline { result.underline = value }
        if let value = style.textEffect { result.textEffect = value }
        if let value = style.kerning { result.kerning = value }
        if let value = style.baselineOffset { result.baselineOffset = value }
        return result
    }

    private func record(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        if diagnostics.count > 100 { diagnostics.removeFirst(diagnostics.count - 100) }
    }
}
