import Synchronization

/// A dictionary behind a mutex, for small process-wide caches read from many threads.
package final class LockedDictionary<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage = Mutex<[Key: Value]>([:])

    package init() {}

    package subscript(key: Key) -> Value? {
        get { storage.withLock { $0[key] } }
        set { storage.withLock { $0[key] = newValue } }
    }

    /// The cached value, or `make()`'s result stored for next time (`make` runs outside the lock).
    package func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let found = self[key] { return found }
        let made = try make()
        return storage.withLock { dict in
            if let raced = dict[key] { return raced }
            dict[key] = made
            return made
        }
    }

    package var count: Int { storage.withLock { $0.count } }
}
