import Foundation

/// Attributed text that tells its layout managers about every edit (TextKit `NSTextStorage`).
///
/// - **Ranges** are `NSRange`s in UTF-16 code units, exactly like `NSString`: "é" (precomposed)
///   is 1 unit, "👍🏽" 4. Out-of-bounds ranges are programmer errors and trap, as `NSString` raises.
/// - **Text** is kept as UTF-16 code units in one contiguous buffer. ``length`` is O(1),
///   ``withUTF16(_:)`` lends the buffer to layout without copying, ``string`` and
///   ``substring(with:)`` build a `String` (a copy; O(n)). Unpaired surrogates are stored as
///   given and read as U+FFFD in `String`s.
/// - **Attributes** are run-length encoded (binary-search lookup, adjacent equal runs merged,
///   edits O(runs) at worst); see ``attributes(at:effectiveRange:)``.
/// - **Edits** follow `NSTextStorage`: each primitive brackets itself in
///   ``beginEditing()``/``endEditing()`` and reports ``edited(_:range:changeInLength:)``;
///   transactions nest and coalesce; the outermost ``endEditing()`` (or an edit outside any
///   transaction) runs processEditing: the ``editingProcessor``, then will-process hooks, then
///   did-process hooks, then every layout manager (``TextStorageLayoutObserver``), once.
///
/// ## Threads
/// Like `NSTextStorage`, a storage is used by one thread at a time (it is not `Sendable`): the
/// thread that owns the editor. Hooks and layout managers run synchronously on that thread.
///
/// ## Why not `NSMutableString`
/// On Linux, swift-corelibs-foundation backs `NSMutableString` with a native (UTF-8) Swift
/// `String`, not UTF-16: after every mutation of a non-ASCII 1 MB string the first UTF-16 access
/// (even `length`) costs ≈ 7 ms (measured) while the index is rebuilt, which alone is more than
/// restyling a paragraph. `NSRegularExpression` takes a `String` on Linux and copies the searched
/// range to UTF-16 anyway, so the highlighter hands it just the paragraphs it restyles.
///
/// ```swift
/// let storage = TextStorage(string: "Hello world")
/// storage.beginEditing()
/// storage.replaceCharacters(in: NSRange(location: 0, length: 5), with: "Howdy")
/// storage.addAttributes(TextAttributes(foregroundColor: .red), range: NSRange(location: 6, length: 5))
/// storage.endEditing()   // one processEditing, one layout-manager callback
/// ```
public final class TextStorage {
    /// The text, UTF-16.
    var units: [UInt16] = []
    /// Attribute runs over `units`.
    var runs = AttributeRuns()
    /// Interned attribute values referenced by `runs`.
    var table = AttributeTable()
    /// Compact the table when it reaches this many values.
    private var compactionThreshold = 256

    // MARK: Edit state (see TextStorage+Editing.swift)

    var editingDepth = 0
    var mask: EditMask = []
    var accumulatedRange = NSRange(location: NSNotFound, length: 0)
    var accumulatedDelta = 0
    var processing = false
    var notifyingLayout = false
    var willObservers: [ProcessObserver] = []
    var didObservers: [ProcessObserver] = []
    var nextObserverID = 0
    var layoutObservers: [WeakLayoutObserver] = []
    /// How many times processEditing has run (one per transaction).
    public internal(set) var processedEditCount = 0

    /// Runs first in processEditing (see ``TextStorageEditingProcessor``); held strongly.
    package var editingProcessor: (any TextStorageEditingProcessor)?

    // MARK: Creating

    /// An empty storage.
    public init() {}

    /// A storage holding `string` with `attributes` on all of it.
    public init(string: String, attributes: TextAttributes = .empty) {
        units = Array(string.utf16)
        runs.replace(NSRange(location: 0, length: 0), with: [RunPiece(length: units.count, id: table.id(for: attributes))])
    }

    /// A storage holding `text`.
    public convenience init(_ text: AttributedText) {
        self.init()
        units = Array(text.string.utf16)
        runs.replace(NSRange(location: 0, length: 0), with: pieces(for: text))
    }

    // MARK: Text

    /// Length in UTF-16 code units (O(1)).
    public var length: Int { units.count }

    /// The text as a `String`. A copy, built on every call (O(n)); prefer ``substring(with:)``
    /// or ``withUTF16(_:)`` for parts of long texts.
    public var string: String { String(decoding: units, as: UTF16.self) }

    /// The text in `range` as a `String` (a copy).
    public func substring(with range: NSRange) -> String {
        checkRange(range)
        return units.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[range.location..<range.location + range.length]), as: UTF16.self)
        }
    }

    /// The UTF-16 code units in `range` (a copy).
    public func utf16Characters(in range: NSRange) -> [UInt16] {
        checkRange(range)
        return Array(units[range.location..<range.location + range.length])
    }

    /// The UTF-16 code unit at `index`.
    public func character(at index: Int) -> UInt16 {
        precondition(index >= 0 && index < units.count, "index \(index) out of bounds 0..<\(units.count)")
        return units[index]
    }

    /// Lends the whole text as UTF-16 to `body` without copying. The buffer is valid only inside
    /// `body`, which must not edit the storage.
    public func withUTF16<Result>(_ body: (UnsafeBufferPointer<UInt16>) throws -> Result) rethrows -> Result {
        try units.withUnsafeBufferPointer(body)
    }

    /// Lends the UTF-16 in `range` to `body` without copying (offset 0 of the buffer is
    /// `range.location`).
    public func withUTF16<Result>(
        in range: NSRange, _ body: (UnsafeBufferPointer<UInt16>) throws -> Result
    ) rethrows -> Result {
        checkRange(range)
        return try units.withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[range.location..<range.location + range.length]))
        }
    }

    // MARK: Reading attributes

    /// The attributes of the character at `location`.
    ///
    /// - Precondition: `0 ≤ location < length` (as `NSAttributedString`, which raises).
    public func attributes(at location: Int) -> TextAttributes {
        table[runs.id(at: location)]
    }

    /// The attributes at `location`, and in `effectiveRange` the whole run that shares them.
    ///
    /// Runs are always coalesced, so the effective range is also the longest effective range
    /// (TextKit's `attributes(at:longestEffectiveRange:in:)`).
    public func attributes(at location: Int, effectiveRange: inout NSRange) -> TextAttributes {
        let index = runs.index(containing: location)
        effectiveRange = runs.range(of: index)
        return table[runs.ids[index]]
    }

    /// The run containing `location`.
    public func attributeRun(at location: Int) -> AttributeRun {
        let index = runs.index(containing: location)
        return AttributeRun(range: runs.range(of: index), attributes: table[runs.ids[index]])
    }

    /// Number of attribute runs (adjacent equal runs are always merged).
    public var attributeRunCount: Int { runs.count }

    /// The attribute runs intersecting `range` (all runs when `nil`), clipped to it, in order.
    public func attributeRuns(in range: NSRange? = nil) -> [AttributeRun] {
        var result: [AttributeRun] = []
        enumerateAttributeRuns(in: range) { run, _ in result.append(run) }
        return result
    }

    /// Calls `body` for each attribute run intersecting `range` (all when `nil`), clipped to it;
    /// set the `Bool` to `true` to stop. `body` must not edit the storage.
    public func enumerateAttributeRuns(in range: NSRange? = nil, _ body: (AttributeRun, inout Bool) -> Void) {
        let range = range ?? NSRange(location: 0, length: length)
        checkRange(range)
        guard range.length > 0 else { return }
        var index = runs.index(containing: range.location)
        let end = range.location + range.length
        var position = range.location
        var stop = false
        while position < end && !stop {
            let runEnd = min(runs.end(of: index), end)
            body(AttributeRun(range: NSRange(location: position, length: runEnd - position), attributes: table[runs.ids[index]]), &stop)
            position = runEnd
            index += 1
        }
    }

    /// The text and attributes in `range` as a value.
    public func attributedSubstring(from range: NSRange) -> AttributedText {
        checkRange(range)
        let runs = attributeRuns(in: range).map { AttributedText.Run(length: $0.range.length, attributes: $0.attributes) }
        return AttributedText(string: substring(with: range), runs: runs)
    }

    /// The whole content as a value.
    public var attributedText: AttributedText { attributedSubstring(from: NSRange(location: 0, length: length)) }

    // MARK: Changing characters

    /// Replaces the characters in `range` by `string` (TextKit `replaceCharacters(in:with:)`).
    ///
    /// As in `NSMutableAttributedString`, the new characters take the attributes of the first
    /// replaced character, or when `range` is empty of the character before it (of the first
    /// character when inserting at 0; none in an empty storage). Reports `.characters`.
    public func replaceCharacters(in range: NSRange, with string: String) {
        checkRange(range)
        let newUnits = Array(string.utf16)
        let inherited = inheritedID(for: range)
        beginEditing()
        units.replaceSubrange(range.location..<range.location + range.length, with: newUnits)
        runs.replace(range, with: newUnits.isEmpty ? [] : [RunPiece(length: newUnits.count, id: inherited)])
        edited(.characters, range: range, changeInLength: newUnits.count - range.length)
        endEditing()
    }

    /// Replaces the characters in `range` by `text` with its own attributes. Reports
    /// `[.characters, .attributes]`.
    public func replaceCharacters(in range: NSRange, with text: AttributedText) {
        checkRange(range)
        let newUnits = Array(text.string.utf16)
        let newPieces = pieces(for: text)
        beginEditing()
        units.replaceSubrange(range.location..<range.location + range.length, with: newUnits)
        runs.replace(range, with: newPieces)
        edited([.characters, .attributes], range: range, changeInLength: newUnits.count - range.length)
        endEditing()
    }

    /// Inserts `string` at `location`; it takes the attributes of the character before (see
    /// `replaceCharacters(in:with:)`).
    public func insert(_ string: String, at location: Int) {
        replaceCharacters(in: NSRange(location: location, length: 0), with: string)
    }

    /// Deletes the characters in `range`.
    public func deleteCharacters(in range: NSRange) {
        replaceCharacters(in: range, with: "")
    }

    /// Appends `string`, which takes the attributes of the last character.
    public func append(_ string: String) {
        replaceCharacters(in: NSRange(location: length, length: 0), with: string)
    }

    /// Appends `text` with its attributes (TextKit `append(_:)`).
    public func append(_ text: AttributedText) {
        replaceCharacters(in: NSRange(location: length, length: 0), with: text)
    }

    /// Replaces the whole content (TextKit `setAttributedString(_:)`).
    public func setAttributedText(_ text: AttributedText) {
        replaceCharacters(in: NSRange(location: 0, length: length), with: text)
    }

    // MARK: Changing attributes

    /// Sets exactly `attributes` on `range`, replacing whatever was there. Reports `.attributes`;
    /// an empty range changes nothing and reports nothing.
    public func setAttributes(_ attributes: TextAttributes, range: NSRange) {
        checkRange(range)
        guard range.length > 0 else { return }
        replaceAttributeRuns(in: range, with: [RunPiece(length: range.length, id: table.id(for: attributes))])
    }

    /// Merges `attributes` into every run in `range`: fields set in `attributes` win
    /// (``TextAttributes/merging(_:)``), the others are kept.
    public func addAttributes(_ attributes: TextAttributes, range: NSRange) {
        transformAttributes(in: range) { $0.merging(attributes) }
    }

    /// Clears the field `key` in `range` (TextKit `removeAttribute(_:range:)`).
    public func removeAttribute(_ key: AttributeKey, range: NSRange) {
        transformAttributes(in: range) { $0.removing(key) }
    }

    /// Rewrites every run in `range` through `transform` (one edit).
    public func transformAttributes(in range: NSRange, _ transform: (TextAttributes) -> TextAttributes) {
        checkRange(range)
        guard range.length > 0 else { return }
        var memo: [Int32: Int32] = [:]
        let newPieces = runs.pieces(in: range).map { piece -> RunPiece in
            if let known = memo[piece.id] { return RunPiece(length: piece.length, id: known) }
            let id = table.id(for: transform(table[piece.id]))
            memo[piece.id] = id
            return RunPiece(length: piece.length, id: id)
        }
        replaceAttributeRuns(in: range, with: newPieces)
    }

    /// Replaces the runs in `range` by `pieces` (lengths must add up to `range.length`) in one
    /// `.attributes` edit; nothing is reported when the runs are unchanged.
    func replaceAttributeRuns(in range: NSRange, with newPieces: [RunPiece]) {
        precondition(newPieces.reduce(0) { $0 + $1.length } == range.length, "run lengths must cover the range")
        guard range.length > 0 else { return }
        if runs.pieces(in: range) == coalesced(newPieces) { return }
        beginEditing()
        runs.replace(range, with: newPieces)
        edited(.attributes, range: range, changeInLength: 0)
        endEditing()
    }

    // MARK: Helpers

    /// Traps unless `range` lies within the text.
    func checkRange(_ range: NSRange, file: StaticString = #file, line: UInt = #line) {
        precondition(
            range.location != NSNotFound && range.location >= 0 && range.length >= 0
                && range.location + range.length <= units.count,
            "range \(range) out of bounds for length \(units.count)", file: file, line: line)
    }

    /// The attributes new characters replacing `range` inherit.
    private func inheritedID(for range: NSRange) -> Int32 {
        if range.length > 0 { return runs.id(at: range.location) }
        if range.location > 0 { return runs.id(at: range.location - 1) }
        if !units.isEmpty { return runs.id(at: 0) }
        return table.id(for: .empty)
    }

    private func pieces(for text: AttributedText) -> [RunPiece] {
        text.runs.map { RunPiece(length: $0.length, id: table.id(for: $0.attributes)) }
    }

    private func coalesced(_ pieces: [RunPiece]) -> [RunPiece] {
        var result: [RunPiece] = []
        for piece in pieces where piece.length > 0 {
            if let last = result.last, last.id == piece.id {
                result[result.count - 1].length += piece.length
            } else {
                result.append(piece)
            }
        }
        return result
    }

    /// Drops attribute values no run uses once the table has doubled since the last compaction
    /// (a category switch makes a new set of font attributes every time). Amortised O(1) per value.
    func compactAttributeTableIfNeeded() {
        guard table.count >= compactionThreshold else { return }
        let remap = table.compact(liveIDs: Set(runs.ids))
        runs.remapIDs(remap)
        compactionThreshold = max(256, table.count * 2)
    }

    /// Number of distinct attribute values held (for tests of the table's compaction).
    var attributeTableCount: Int { table.count }

    /// Whether the run structure's invariants hold (tests).
    var runsAreValid: Bool { runs.isValid && runs.length == units.count }
}
