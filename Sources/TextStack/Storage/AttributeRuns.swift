import Foundation

/// A piece of a run list: `length` UTF-16 units with the attributes `id` (an index into an
/// ``AttributeTable``).
struct RunPiece: Hashable {
    var length: Int
    var id: Int32
}

/// Attribute values interned to small ids, so that runs store 4 bytes instead of a
/// several-hundred-byte struct and "same attributes?" is an integer comparison.
///
/// Ids are stable until ``compact(liveIDs:)``, which the storage runs only between edits.
struct AttributeTable {
    private(set) var values: [TextAttributes] = []
    private var ids: [TextAttributes: Int32] = [:]

    var count: Int { values.count }

    /// The id of `attributes`, adding them if new.
    mutating func id(for attributes: TextAttributes) -> Int32 {
        if let id = ids[attributes] { return id }
        let id = Int32(values.count)
        values.append(attributes)
        ids[attributes] = id
        return id
    }

    subscript(id: Int32) -> TextAttributes { values[Int(id)] }

    /// Drops every value whose id is not in `liveIDs`; returns old id → new id (-1 for dropped).
    mutating func compact(liveIDs: Set<Int32>) -> [Int32] {
        var remap = [Int32](repeating: -1, count: values.count)
        var kept: [TextAttributes] = []
        var keptIDs: [TextAttributes: Int32] = [:]
        for (old, value) in values.enumerated() where liveIDs.contains(Int32(old)) {
            remap[old] = Int32(kept.count)
            keptIDs[value] = Int32(kept.count)
            kept.append(value)
        }
        values = kept
        ids = keptIDs
        return remap
    }
}

/// Run-length attribute storage over `length` UTF-16 units: parallel arrays of run starts and
/// attribute ids, sorted by start, with no two adjacent runs sharing an id (coalesced).
///
/// Lookup is a binary search, O(log runs). An edit rebuilds only the few runs around it and
/// shifts the starts after it: O(runs) in the worst case, a tight loop over `Int`s, with no
/// per-character storage anywhere.
///
/// Invariants (checked by ``isValid``): `starts.count == ids.count`; empty iff `length == 0`;
/// `starts[0] == 0`; starts strictly increase and stay below `length`; `ids[i] != ids[i + 1]`.
struct AttributeRuns {
    private(set) var starts: [Int] = []
    private(set) var ids: [Int32] = []
    private(set) var length = 0

    /// Number of runs.
    var count: Int { starts.count }

    /// End (exclusive) of run `index`.
    func end(of index: Int) -> Int { index + 1 < starts.count ? starts[index + 1] : length }

    /// The range of run `index`.
    func range(of index: Int) -> NSRange {
        NSRange(location: starts[index], length: end(of: index) - starts[index])
    }

    /// The run containing `position` (`0 ≤ position < length`): the last run starting at or before it.
    func index(containing position: Int) -> Int {
        precondition(position >= 0 && position < length, "position \(position) out of bounds 0..<\(length)")
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The id at `position`.
    func id(at position: Int) -> Int32 { ids[index(containing: position)] }

    /// The runs covering `range`, clipped to it, in order.
    func pieces(in range: NSRange) -> [RunPiece] {
        guard range.length > 0 else { return [] }
        var result: [RunPiece] = []
        var index = self.index(containing: range.location)
        var position = range.location
        let end = range.location + range.length
        while position < end {
            let runEnd = min(self.end(of: index), end)
            result.append(RunPiece(length: runEnd - position, id: ids[index]))
            position = runEnd
            index += 1
        }
        return result
    }

    /// Replaces the units in `range` (in current coordinates) by `pieces` (which may have another
    /// total length): the general splice behind text replacement and attribute changes. Runs
    /// after the range move by the length difference; neighbours with equal ids are merged.
    mutating func replace(_ range: NSRange, with pieces: [RunPiece]) {
        precondition(range.location >= 0 && range.length >= 0 && range.location + range.length <= length,
                     "range \(range) out of bounds 0..<\(length)")
        let rangeEnd = range.location + range.length
        let newLength = pieces.reduce(0) { $0 + $1.length }
        let delta = newLength - range.length
        let count = starts.count

        // Runs [low, high) are rewritten: the one holding range.location (or count when
        // appending) through the one holding rangeEnd, plus one neighbour each side to coalesce.
        let first = range.location < length ? index(containing: range.location) : count
        let last = rangeEnd < length ? index(containing: rangeEnd) : count  // holds the first unit after the range
        let low = max(first - 1, 0)
        let high = min(last + 2, count)

        var windowStarts: [Int] = []
        var windowIDs: [Int32] = []
        windowStarts.reserveCapacity(high - low + pieces.count)
        windowIDs.reserveCapacity(high - low + pieces.count)
        func push(_ start: Int, _ id: Int32) {
            if let lastID = windowIDs.last, lastID == id { return }
            windowStarts.append(start)
            windowIDs.append(id)
        }
        if low < first { push(starts[low], ids[low]) }  // the run before, unchanged
        if first < count && starts[first] < range.location { push(starts[first], ids[first]) }  // head of the first run
        var cursor = range.location
        for piece in pieces where piece.length > 0 {
            push(cursor, piece.id)
            cursor += piece.length
        }
        if last < count {
            push(rangeEnd + delta, ids[last])  // tail of the run holding rangeEnd
            if last + 1 < high { push(starts[last + 1] + delta, ids[last + 1]) }  // the run after
        }
        starts.replaceSubrange(low..<high, with: windowStarts)
        ids.replaceSubrange(low..<high, with: windowIDs)
        let shiftFrom = low + windowStarts.count
        if delta != 0 && shiftFrom < starts.count {
            starts.withUnsafeMutableBufferPointer { buffer in
                for index in shiftFrom..<buffer.count { buffer[index] += delta }
            }
        }
        length += delta
    }

    /// Maps every id through `remap` (after ``AttributeTable/compact(liveIDs:)``).
    mutating func remapIDs(_ remap: [Int32]) {
        ids.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = remap[Int(buffer[index])] }
        }
    }

    /// Whether the invariants hold (for tests and debug checks).
    var isValid: Bool {
        guard starts.count == ids.count else { return false }
        if length == 0 { return starts.isEmpty }
        guard starts.first == 0 else { return false }
        for index in 1..<max(starts.count, 1) where index < starts.count {
            if starts[index] <= starts[index - 1] || ids[index] == ids[index - 1] { return false }
        }
        return starts.last! < length
    }
}

/// Builds a new run list for a range from an old one by applying, in order, transformations to
/// sub-ranges whose starts never decrease: one pass, O(runs + operations), however many
/// operations there are. An operation may begin inside the previous one's range (the seed's
/// "reset the character after the match" followed by a match starting at that character); the
/// builder steps back over the little it already wrote.
struct RunRewriter {
    private var source: [RunPiece]
    private var sourceIndex = 0
    /// Pieces stepped back over, to be read again before `source` (last = next).
    private var pushedBack: [RunPiece] = []
    private(set) var output: [RunPiece] = []
    private var written = 0

    init(_ pieces: [RunPiece]) {
        source = pieces
        output.reserveCapacity(pieces.count)
    }

    private mutating func takeNext() -> RunPiece? {
        if let piece = pushedBack.popLast() { return piece }
        guard sourceIndex < source.count else { return nil }
        defer { sourceIndex += 1 }
        return source[sourceIndex]
    }

    private mutating func put(_ piece: RunPiece) {
        guard piece.length > 0 else { return }
        if let last = output.last, last.id == piece.id {
            output[output.count - 1].length += piece.length
        } else {
            output.append(piece)
        }
        written += piece.length
    }

    /// Copies source pieces unchanged up to `position`, or steps back to it.
    private mutating func seek(to position: Int) {
        while written > position {
            var last = output.removeLast()
            let lastStart = written - last.length
            if lastStart >= position {
                pushedBack.append(last)
                written = lastStart
            } else {
                let keep = position - lastStart
                pushedBack.append(RunPiece(length: last.length - keep, id: last.id))
                last.length = keep
                output.append(last)
                written = position
            }
        }
        while written < position, var piece = takeNext() {
            let room = position - written
            if piece.length > room {
                pushedBack.append(RunPiece(length: piece.length - room, id: piece.id))
                piece.length = room
            }
            put(piece)
        }
    }

    /// Applies `transform` to the ids in `start ..< start + length` (relative to the list).
    mutating func transform(start: Int, length: Int, _ transform: (Int32) -> Int32) {
        guard length > 0 else { return }
        seek(to: start)
        var remaining = length
        while remaining > 0, var piece = takeNext() {
            if piece.length > remaining {
                pushedBack.append(RunPiece(length: piece.length - remaining, id: piece.id))
                piece.length = remaining
            }
            remaining -= piece.length
            put(RunPiece(length: piece.length, id: transform(piece.id)))
        }
    }

    /// The finished list: everything not yet written is copied unchanged.
    mutating func finish() -> [RunPiece] {
        while let piece = takeNext() { put(piece) }
        return output
    }
}
