import Synchronization

/// Keeps an observation of a ``ContentSizeHub`` alive; the observation ends when this token is
/// released or ``cancel()`` is called.
///
/// Tying the observation to a token's lifetime (rather than to a `removeObserver` call the owner
/// must remember) means an editor or table that goes away stops being called automatically. Keep
/// the token in a stored property of the observing object:
///
/// ```swift
/// final class NoteEditor {
///     private var sizeObservation: ContentSizeObservation?
///     init(hub: ContentSizeHub = .shared) {
///         sizeObservation = hub.observe { [weak self] change in self?.reflow(for: change.new) }
///     }
/// }
/// ```
///
/// A handler that captures its own token strongly keeps itself alive forever (the hub holds the
/// handler, the handler holds the token); capture the owner weakly instead.
public final class ContentSizeObservation: Sendable {
    /// The action that ends the observation; `nil` once it has run, which makes ``cancel()`` idempotent.
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    /// A token that runs `onCancel` exactly once, on the first ``cancel()`` or on release.
    ///
    /// `package` so that other layers (text storage, layout) can hand out the same token type for
    /// their own observations.
    package init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
        failures = nil
    }

    /// A token for an observer registered with ``ContentSizeHub/observe(_:phase:onError:)``.
    init(failures: ObservationFailures?, onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
        self.failures = failures
    }

    /// Errors of a ``ContentSizeObserver``; nil for closure observations.
    private let failures: ObservationFailures?

    /// The error the observer threw on the latest change, or nil when it handled it (always nil
    /// for a closure observation).
    public var lastError: (any Error)? { failures?.last }

    /// Ends the observation now.
    ///
    /// Safe to call more than once and from any thread, including from inside the observed handler.
    /// Once `cancel()` returns on a thread, the handler is not called again by a delivery on that
    /// thread; a delivery already running on another thread may still be inside the handler (or
    /// about to enter it) while `cancel()` returns, because the hub never holds its lock while
    /// calling handlers.
    public func cancel() {
        // Take the action out under the lock and run it outside, so a cancel that releases the last
        // reference to another token (whose deinit cancels in turn) never re-enters this lock.
        let action = onCancel.withLock { stored -> (@Sendable () -> Void)? in
            let action = stored
            stored = nil
            return action
        }
        action?()
    }

    /// Whether ``cancel()`` has been called. (The observation also ends, without this turning
    /// `true`, when the hub itself is released.)
    public var isCancelled: Bool { onCancel.withLock { $0 == nil } }

    deinit { cancel() }
}
