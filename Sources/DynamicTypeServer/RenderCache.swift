import Foundation

/// A bounded cache of rendered PNGs and findings, least recently used first out. Keys carry the
/// catalog's generation, so an edited file never serves an old render; the bound is in bytes.
final class RenderCache: @unchecked Sendable {
    struct Entry {
        var png: Data
        var findingsJSON: Data
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    private var bytes = 0
    /// The most bytes of PNG kept.
    let capacity: Int
    /// Renders served from the cache / made.
    private(set) var hits = 0
    private(set) var misses = 0

    init(capacity: Int = 128 << 20) { self.capacity = capacity }

    func value(_ key: String) -> Entry? {
        lock.withLock {
            guard let entry = entries[key] else {
                misses += 1
                return nil
            }
            hits += 1
            if let index = order.firstIndex(of: key) { order.remove(at: index) }
            order.append(key)
            return entry
        }
    }

    func store(_ key: String, _ entry: Entry) {
        lock.withLock {
            if let old = entries[key] {
                bytes -= old.png.count
                order.removeAll { $0 == key }
            }
            entries[key] = entry
            order.append(key)
            bytes += entry.png.count
            while bytes > capacity, order.count > 1 {
                let evicted = order.removeFirst()
                bytes -= entries.removeValue(forKey: evicted)?.png.count ?? 0
            }
        }
    }

    /// Entries and bytes held.
    var usage: (entries: Int, bytes: Int) { lock.withLock { (entries.count, bytes) } }
}
