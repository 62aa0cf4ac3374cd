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
/// let token = note.observe(hub: hub)                  // seed: UIContentSizeCategoryDidChangeNotification
/// note.replaceCharacters(in: NSRange(location: 16, length: 0), with: "!")  // restyles one paragraph
/// hub.setCategory(.accessibility3)                    // update(): every font re-resolved, one edit
/// ```
///
/// Not `Sendable`: one thread at a time, like ``TextStorage``.
public final class SyntaxHighlightTextStorage {
    /// The attributed text.
    public let storage: TextStorage
    /// The rules engine, also the storage's editing processor.
    public let highlighter: SyntaxHighlighter
    /// The error of the last update the change hub triggered, if it failed (the hub cannot take errors).
    public private(set) var lastUpdateError: (any Error)?

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

    /// Calls ``update(to:)`` after every change `hub` posts (its did-change phase), until the token
    /// is released. A failed update is kept in ``lastUpdateError``.
    ///
    /// The hub calls observers on the thread that changed the setting; since the storage is
    /// single-threaded, change the hub from the thread that owns this storage (as UIKit posts its
    /// notification on the main thread). The token does not keep the storage alive.
    public func observe(hub: ContentSizeHub) -> ContentSizeObservation {
        let box = WeakReference(self)
        return hub.observe(.didChange) { change in
            box.value?.hubChanged(change)
        }
    }

    private func hubChanged(_ change: ContentSizeChange) {
        do {
            try update(to: change.new)
            lastUpdateError = nil
        } catch {
            lastUpdateError = error
        }
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

/// A weak reference the change hub's `@Sendable` handler can hold. The storage is not `Sendable`;
/// the hub's contract (handlers run on the thread that changed the setting) plus the rule that the
/// owner's thread changes it make this safe in practice — it is documented on `observe(hub:)`.
private final class WeakReference<Value: AnyObject>: @unchecked Sendable {
    weak var value: Value?
    init(_ value: Value) { self.value = value }
}
