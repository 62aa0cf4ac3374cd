import DynamicTypeCore
import FontSystem
import Foundation

/// The seeds' `SyntaxHighlightTextStorage`: a ``TextStorage`` that re-styles itself as it is
/// edited and when the text size changes.
///
/// `TextStorage` is final, so instead of subclassing (as the seeds subclass `NSTextStorage`) this
/// is a storage plus a ``SyntaxHighlighter`` installed as its ``TextStorage/editingProcessor`` —
/// the seed's `processEditing` override. Edit through ``storage`` (or the forwarding methods
/// here); attach layout managers to ``storage``.
///
/// ```swift
/// let note = try SyntaxHighlightTextStorage(string: "Call *Alice* now", resolver: .shared())
/// let token = hub.observe(note)                       // seed: UIContentSizeCategoryDidChangeNotification
/// note.replaceCharacters(in: NSRange(location: 16, length: 0), with: "!")  // restyles one paragraph
/// hub.setCategory(.accessibility3)                    // update(): every font re-resolved, one edit
/// ```
///
/// Not `Sendable`: one thread at a time, like ``TextStorage``.
public final class SyntaxHighlightTextStorage: ContentSizeObserver {
    /// The attributed text.
    public let storage: TextStorage
    /// The rules engine, also the storage's editing processor.
    package let highlighter: SyntaxHighlighter

    /// A highlighting storage holding `string`, fully styled (one edit transaction).
    ///
    /// - Parameters:
    ///   - resolver: where fonts come from (`FontResolver.shared()` for the system's fonts).
    ///   - profile: the type ramp (the body font is its `body` style).
    ///   - category, legibilityWeight: the text-size setting to style at.
    ///   - rules: the rules (the seeds' six by default).
    ///   - baseAttributes: attributes under the body font for all text.
    /// - Throws: `ProfileError` or `FontSystemError` if a font cannot be resolved.
    public init(
        string: String = "", resolver: FontResolver, profile: TypeRampProfile = .ios,
        category: ContentSizeCategory = .large, legibilityWeight: LegibilityWeight = .regular,
        rules: HighlightRuleSet = .seeds, baseAttributes: TextAttributes = .empty
    ) throws {
        highlighter = try SyntaxHighlighter(
            resolver: resolver, profile: profile, category: category, legibilityWeight: legibilityWeight, rules: rules,
            baseAttributes: baseAttributes)
        storage = TextStorage(string: string)
        storage.editingProcessor = highlighter
        restyleAll()
    }

    /// The current category.
    public var category: ContentSizeCategory { highlighter.category }
    /// The current Bold Text state.
    public var legibilityWeight: LegibilityWeight { highlighter.legibilityWeight }

    /// The seed's `update()`: re-resolves every font (body, bold, italic, script…) at `category`
    /// and `legibilityWeight`, then resets the whole text to the body font and reapplies every rule —
    /// in ONE edit transaction, so layout managers hear about it once.
    ///
    /// - Throws: `ProfileError` (category not in the profile) or `FontSystemError`; the text is
    ///   left as it was.
    public func update(category: ContentSizeCategory, legibilityWeight: LegibilityWeight) throws {
        try highlighter.setSetting(TextSizeSetting(category: category, legibilityWeight: legibilityWeight))
        restyleAll()
    }

    /// ``update(category:legibilityWeight:)`` from a setting.
    public func update(to setting: TextSizeSetting) throws {
        try update(category: setting.category, legibilityWeight: setting.legibilityWeight)
    }

    /// Restyles for the hub's new setting (``update(to:)``); register with
    /// `hub.observe(storage)`. A category the profile lacks throws and leaves the text as it was.
    public func contentSizeDidChange(_ change: ContentSizeChange) throws {
        try update(to: change.new)
    }

    private func restyleAll() {
        storage.beginEditing()
        highlighter.restyle(storage, paragraphsIn: NSRange(location: 0, length: storage.length))
        storage.endEditing()
    }

    // MARK: Forwarding to the storage

    /// The text (a copy).
    public var string: String { storage.string }
    /// Length in UTF-16 units.
    public var length: Int { storage.length }
    /// Replaces characters; the touched paragraphs are restyled.
    public func replaceCharacters(in range: NSRange, with string: String) {
        storage.replaceCharacters(in: range, with: string)
    }
    /// Appends text; its paragraph is restyled.
    public func append(_ string: String) { storage.append(string) }
    /// The attributes at `location` and their run.
    public func attributes(at location: Int, effectiveRange: inout NSRange) -> TextAttributes {
        storage.attributes(at: location, effectiveRange: &effectiveRange)
    }
    /// The attributes at `location`.
    public func attributes(at location: Int) -> TextAttributes { storage.attributes(at: location) }
    /// Opens an edit transaction on the storage.
    public func beginEditing() { storage.beginEditing() }
    /// Closes an edit transaction on the storage.
    public func endEditing() { storage.endEditing() }
    /// Adds a layout manager to the storage.
    public func addLayoutManager(_ layoutManager: any TextStorageLayoutObserver) {
        storage.addLayoutManager(layoutManager)
    }
}
