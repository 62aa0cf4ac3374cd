import Foundation

/// What a layout manager implements to hear about a ``TextStorage``'s edits (TextKit's
/// `NSLayoutManager.processEditing(for:edited:range:changeInLength:invalidatedRange:)`).
///
/// Register with ``TextStorage/addLayoutManager(_:)``; the storage holds observers weakly and
/// calls them in the order they were added, once per processed edit transaction, after the
/// editing processor and the will/did-process hooks have run (so the attributes they fixed are in
/// place). The storage's edit state (``TextStorage/editedRange`` …) has already been reset when
/// this is called.
///
/// Editing the storage from this callback is allowed but starts a new transaction, processed
/// (and reported to every observer again) after all observers have heard about this one.
public protocol TextStorageLayoutObserver: AnyObject {
    /// Called once per processed edit, after will/did-process hooks. `range` is the edited range in the new text, `changeInLength` the length delta, `invalidatedRange` the range whose layout must be redone (edited range extended to whole paragraphs).
    func textStorage(_ storage: TextStorage, processedEdit mask: TextStorage.EditMask, range: NSRange, changeInLength: Int, invalidatedRange: NSRange)
}

/// Runs first in ``TextStorage``'s processEditing, before the will-process hooks: the place for
/// attribute fixing such as syntax highlighting (the seeds override `processEditing` in an
/// `NSTextStorage` subclass for this; ``TextStorage`` is final, so the override is this object).
///
/// Attribute and character changes it makes fold into the edit being processed — they extend
/// ``TextStorage/editedRange`` and never start another processEditing.
///
/// The storage holds its processor strongly; the processor must not hold the storage strongly.
package protocol TextStorageEditingProcessor: AnyObject {
    /// Fixes up the storage for `edit` (the transaction's accumulated mask, range and length change).
    func processEditing(in storage: TextStorage, edit: TextStorage.Edit)
}

/// Keeps a will/did-process observation of a ``TextStorage`` alive; the observation ends when
/// the token is released or ``cancel()`` is called. Like the storage, not `Sendable`.
public final class TextStorageObservation {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }

    /// Ends the observation now; safe to call more than once, also from inside the handler.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool { onCancel == nil }

    deinit { cancel() }
}

/// A weak reference to a layout observer.
struct WeakLayoutObserver {
    weak var observer: (any TextStorageLayoutObserver)?
}
