/// The simulated keyboard: `show(height:)` and `hide()` post will/did events to every observer in
/// registration order, as UIKit posts its keyboard notifications. Observers are held weakly (a
/// view that goes away stops hearing); an observer that throws is reported in the delivery and the
/// others still hear. One thread uses a hub, as UIKit delivers these on the main thread.
public final class KeyboardHub {
    /// One observer's handling of one event.
    public struct Delivery: Hashable, Sendable {
        /// The observer's index in registration order.
        public var observer: Int
        /// The event.
        public var event: KeyboardEvent
        /// What the observer threw, if anything.
        public var error: String?
    }

    private struct Entry {
        weak var observer: (any KeyboardObserver)?
    }

    private var entries: [Entry] = []
    /// The keyboard's current height (0 when hidden).
    public private(set) var height: Double = 0

    /// A hub with the keyboard hidden.
    public init() {}

    /// Registers `observer` (held weakly).
    public func observe(_ observer: any KeyboardObserver) {
        entries.append(Entry(observer: observer))
    }

    /// Shows the keyboard at `height` points: willShow, then didShow, to every observer.
    @discardableResult
    public func show(height: Double) -> [Delivery] {
        precondition(height >= 0 && height.isFinite, "a keyboard height is 0 or more points")
        self.height = height
        return post(.willShow, height: height) + post(.didShow, height: height)
    }

    /// Hides the keyboard: willHide, then didHide.
    @discardableResult
    public func hide() -> [Delivery] {
        height = 0
        return post(.willHide, height: 0) + post(.didHide, height: 0)
    }

    private func post(_ phase: KeyboardEvent.Phase, height: Double) -> [Delivery] {
        let event = KeyboardEvent(phase: phase, height: height)
        var deliveries: [Delivery] = []
        for (index, entry) in entries.enumerated() {
            guard let observer = entry.observer else { continue }
            var failure: String?
            do { try observer.keyboardDidChange(event) } catch { failure = "\(error)" }
            deliveries.append(Delivery(observer: index, event: event, error: failure))
        }
        return deliveries
    }
}
