import DynamicTypeCore
import Synchronization

/// A thread-safe list that handlers append to, for checking what a hub delivered and in what order.
final class ChangeHubLog<Entry: Sendable>: Sendable {
    private let entries = Mutex<[Entry]>([])

    func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }

    var all: [Entry] { entries.withLock { $0 } }

    var last: Entry? { entries.withLock { $0.last } }

    var count: Int { entries.withLock { $0.count } }
}

/// A thread-safe optional slot, for handing a token into a handler that was created before it.
final class ChangeHubSlot<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ value: Value? = nil) { self.value = Mutex(value) }

    var current: Value? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }

    /// Takes the value out, leaving `nil` (so the caller's copy may be the last reference).
    func take() -> Value? {
        value.withLock { stored -> Value? in
            let taken = stored
            stored = nil
            return taken
        }
    }
}

extension TextSizeSetting {
    /// Shorthand for test expectations.
    static func of(_ category: ContentSizeCategory, _ weight: LegibilityWeight = .regular) -> TextSizeSetting {
        TextSizeSetting(category: category, legibilityWeight: weight)
    }
}
