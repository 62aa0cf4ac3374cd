/// Finds the nearest valid spelling for a mistyped name, for "did you mean …?" hints.
package enum ClosestMatch {
    /// The candidate with the smallest edit distance to `input`, if that distance is small
    /// relative to the input's length (at most a third of it, and at least 2 edits allowed).
    package static func find(_ input: String, among candidates: [String]) -> String? {
        let needle = Array(input.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(needle, Array(candidate.lowercased()))
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(2, needle.count / 3)
        return best.distance <= allowed ? best.name : nil
    }

    /// Levenshtein distance with two rolling rows.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
