import Foundation

extension TextStorage {
    /// What an edit changed (TextKit `NSTextStorage.EditActions`).
    public struct EditMask: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// The option bits.
        public let rawValue: UInt
        /// A mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Attributes changed (`NSTextStorageEditedAttributes`, 1).
        public static let attributes = EditMask(rawValue: 1 << 0)
        /// Characters changed (`NSTextStorageEditedCharacters`, 2).
        public static let characters = EditMask(rawValue: 1 << 1)

        public var description: String {
            var parts: [String] = []
            if contains(.characters) { parts.append("characters") }
            if contains(.attributes) { parts.append("attributes") }
            return "[" + parts.joined(separator: ", ") + "]"
        }
    }

    /// A transaction's accumulated edit, as processEditing hands it to hooks.
    public struct Edit: Hashable, Sendable, CustomStringConvertible {
        /// What changed.
        public var mask: EditMask
        /// The changed range in the current (post-edit) text.
        public var range: NSRange
        /// The total change in length.
        public var changeInLength: Int

        /// An edit value.
        public init(mask: EditMask, range: NSRange, changeInLength: Int) {
            self.mask = mask
            self.range = range
            self.changeInLength = changeInLength
        }

        public var description: String {
            "\(mask) \(range.location)..<\(range.location + range.length) Δ\(changeInLength)"
        }
    }

    /// A will/did-process handler.
    struct ProcessObserver {
        let id: Int
        let handler: (TextStorage, Edit) -> Void
    }

    // MARK: Transactions

    /// Starts (or nests) an edit transaction: edits are accumulated and processed once, at the
    /// outermost ``endEditing()``.
    public func beginEditing() {
        editingDepth += 1
    }

    /// Ends a transaction; the outermost one runs processEditing if anything was edited.
    ///
    /// - Precondition: balanced with ``beginEditing()``.
    public func endEditing() {
        precondition(editingDepth > 0, "TextStorage.endEditing() without a matching beginEditing()")
        editingDepth -= 1
        if editingDepth == 0 { processEditingIfNeeded() }
    }

    /// Whether a transaction is open.
    public var isEditing: Bool { editingDepth > 0 }

    /// Whether processEditing is running its processor and will/did hooks (edits made now fold
    /// into the edit being processed).
    public var isProcessingEditing: Bool { processing }

    /// What the current transaction changed so far (empty when nothing is pending).
    public var editedMask: EditMask { mask }

    /// The range changed so far, in current (post-edit) coordinates: the union of every edit of
    /// the transaction, each earlier one moved by the length changes after it.
    /// `NSRange(location: NSNotFound, length: 0)` when nothing is pending.
    public var editedRange: NSRange { accumulatedRange }

    /// The total change in length of the current transaction.
    public var changeInLength: Int { accumulatedDelta }

    /// The pending edit as a value.
    public var pendingEdit: Edit { Edit(mask: mask, range: accumulatedRange, changeInLength: accumulatedDelta) }

    /// Records an edit the storage has already applied (TextKit `edited(_:range:changeInLength:)`).
    ///
    /// `range` is the range that was replaced, in the text as it was just before this edit
    /// (= after the previous edits of the transaction); `delta` is how much longer the text got.
    /// The accumulated ``editedRange`` maps through this edit — parts after it move by `delta`,
    /// parts inside it collapse onto it — and then grows to cover `range.location ..< range.max + delta`.
    /// Outside a transaction (and outside processEditing) the edit is processed at once.
    ///
    /// - Precondition: `delta == 0` unless `mask` contains `.characters`; the range lies in the old text.
    public func edited(_ editMask: EditMask, range: NSRange, changeInLength delta: Int) {
        precondition(delta == 0 || editMask.contains(.characters), "only character edits change the length")
        precondition(range.location >= 0 && range.length >= 0 && range.length + delta >= 0
                     && range.location + range.length + delta <= units.count,
                     "edited range \(range) (Δ\(delta)) does not fit the text (length \(units.count))")
        guard !editMask.isEmpty else { return }
        let newRange = NSRange(location: range.location, length: range.length + delta)
        if mask.isEmpty {
            accumulatedRange = newRange
        } else {
            let oldStart = range.location, oldEnd = range.location + range.length
            func map(_ position: Int, isEnd: Bool) -> Int {
                if position <= oldStart { return position }
                if position >= oldEnd { return position + delta }
                return isEnd ? newRange.location + newRange.length : oldStart
            }
            let start = map(accumulatedRange.location, isEnd: false)
            let end = map(accumulatedRange.location + accumulatedRange.length, isEnd: true)
            let unionStart = min(start, newRange.location)
            let unionEnd = max(end, newRange.location + newRange.length)
            accumulatedRange = NSRange(location: unionStart, length: unionEnd - unionStart)
        }
        accumulatedDelta += delta
        mask.formUnion(editMask)
        if editingDepth == 0 { processEditingIfNeeded() }
    }

    // MARK: Processing

    private func processEditingIfNeeded() {
        guard !processing, !notifyingLayout, !mask.isEmpty else { return }
        processEditing()
    }

    /// The editing processor, will hooks, did hooks, then layout managers; repeated (not
    /// recursed) if a layout manager edited the storage.
    private func processEditing() {
        repeat {
            processing = true
            editingProcessor?.processEditing(in: self, edit: pendingEdit)
            for observer in willObservers where isLive(observer.id, in: willObservers) {
                observer.handler(self, pendingEdit)
            }
            for observer in didObservers where isLive(observer.id, in: didObservers) {
                observer.handler(self, pendingEdit)
            }
            processing = false
            let edit = pendingEdit
            let invalidated = invalidationRange(forEditedRange: edit.range)
            mask = []
            accumulatedRange = NSRange(location: NSNotFound, length: 0)
            accumulatedDelta = 0
            processedEditCount += 1
            compactAttributeTableIfNeeded()

            notifyingLayout = true
            layoutObservers.removeAll { $0.observer == nil }
            for entry in layoutObservers {
                entry.observer?.textStorage(
                    self, processedEdit: edit.mask, range: edit.range, changeInLength: edit.changeInLength,
                    invalidatedRange: invalidated)
            }
            notifyingLayout = false
        } while !mask.isEmpty && editingDepth == 0
    }

    private func isLive(_ id: Int, in observers: [ProcessObserver]) -> Bool {
        observers.contains { $0.id == id }
    }

    // MARK: Hooks

    /// Calls `handler` at the start of every processEditing, after the ``editingProcessor``
    /// (TextKit's `textStorage(_:willProcessEditing:range:changeInLength:)` delegate call).
    /// The handler may change attributes and characters; its edits fold into the current edit.
    ///
    /// - Returns: the token that keeps the observation alive.
    public func observeWillProcessEditing(_ handler: @escaping (TextStorage, Edit) -> Void) -> TextStorageObservation {
        addProcessObserver(handler, did: false)
    }

    /// Calls `handler` after the will-process hooks, before layout managers hear about the edit
    /// (TextKit's `textStorage(_:didProcessEditing:range:changeInLength:)`). Attribute changes
    /// made here still fold into the current edit.
    ///
    /// - Returns: the token that keeps the observation alive.
    public func observeDidProcessEditing(_ handler: @escaping (TextStorage, Edit) -> Void) -> TextStorageObservation {
        addProcessObserver(handler, did: true)
    }

    private func addProcessObserver(_ handler: @escaping (TextStorage, Edit) -> Void, did: Bool) -> TextStorageObservation {
        nextObserverID += 1
        let observer = ProcessObserver(id: nextObserverID, handler: handler)
        if did { didObservers.append(observer) } else { willObservers.append(observer) }
        let id = observer.id
        return TextStorageObservation { [weak self] in
            self?.willObservers.removeAll { $0.id == id }
            self?.didObservers.removeAll { $0.id == id }
        }
    }

    // MARK: Layout managers

    /// Adds a layout manager, held weakly, told about every processed edit after those added
    /// before it. Adding one twice has no effect.
    public func addLayoutManager(_ layoutManager: any TextStorageLayoutObserver) {
        guard !layoutObservers.contains(where: { $0.observer === layoutManager }) else { return }
        layoutObservers.append(WeakLayoutObserver(observer: layoutManager))
    }

    /// Removes a layout manager.
    public func removeLayoutManager(_ layoutManager: any TextStorageLayoutObserver) {
        layoutObservers.removeAll { $0.observer == nil || $0.observer === layoutManager }
    }

    /// The live layout managers, in order.
    public var layoutManagers: [any TextStorageLayoutObserver] { layoutObservers.compactMap(\.observer) }
}
