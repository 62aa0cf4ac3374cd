import Synchronization

/// A view that follows the text size: the list, an editor, a text storage — anything that
/// rebuilds itself when the user picks another content-size category (UIKit's
/// `traitCollectionDidChange(_:)` / `UIContentSizeCategoryDidChangeNotification` observers).
///
/// Register it with ``ContentSizeHub/observe(_:phase:onError:)``. That is the one way views
/// observe the hub: the hub holds the observer weakly, so neither the hub nor the token keeps a
/// view alive, and what the view throws reaches the caller (the token's ``ContentSizeObservation/lastError``
/// and the `onError` handler) instead of being swallowed.
///
/// ```swift
/// final class Caption: ContentSizeObserver {
///     var font: ResolvedFont
///     func contentSizeDidChange(_ change: ContentSizeChange) throws {
///         font = try resolver.resolve(FontDescriptor.preferred(for: .caption1, category: change.new.category, profile: .ios))
///     }
/// }
/// let token = hub.observe(caption)   // keep the token as long as the caption observes
/// ```
public protocol ContentSizeObserver: AnyObject {
    /// Rebuilds the view for `change.new`. Runs on the thread that changed the hub; a thrown
    /// error is reported to the observation's owner and the next change is still delivered.
    func contentSizeDidChange(_ change: ContentSizeChange) throws
}

extension ContentSizeHub {
    /// Calls `observer.contentSizeDidChange(_:)` on every change in `phase` while the returned token
    /// lives and the observer exists. The observer is held weakly.
    ///
    /// - Parameters:
    ///   - observer: the view; confine it to the thread that changes this hub (as UIKit posts on
    ///     the main thread).
    ///   - phase: `.didChange` (default) or `.willChange`.
    ///   - onError: called with each error the observer throws and the change it failed on (also
    ///     kept in the token's ``ContentSizeObservation/lastError``).
    /// - Returns: the token; discarding it ends the observation.
    public func observe(
        _ observer: some ContentSizeObserver, phase: ContentSizeChangePhase = .didChange,
        onError: (@Sendable (any Error, ContentSizeChange) -> Void)? = nil
    ) -> ContentSizeObservation {
        let target = WeakObserver(observer)
        let failures = ObservationFailures()
        let handler: @Sendable (ContentSizeChange) -> Void = { change in
            guard let observer = target.value else { return }
            do {
                try observer.contentSizeDidChange(change)
                failures.record(nil)
            } catch {
                failures.record(error)
                onError?(error, change)
            }
        }
        return addObserver(phase, handler: handler, onHubEnd: nil, failures: failures)
    }
}

/// The latest error of one observation, shared by the hub's handler and the token.
final class ObservationFailures: Sendable {
    private let latest = Mutex<(any Error)?>(nil)

    func record(_ error: (any Error)?) { latest.withLock { $0 = error } }
    var last: (any Error)? { latest.withLock { $0 } }
}

/// A weak reference a `@Sendable` handler can carry. The observer is only ever called on the thread
/// that changes the hub, which the observer's owner confines it to (documented on
/// ``ContentSizeHub/observe(_:phase:onError:)``).
private final class WeakObserver<Observer: ContentSizeObserver>: @unchecked Sendable {
    weak var value: Observer?
    init(_ value: Observer) { self.value = value }
}
