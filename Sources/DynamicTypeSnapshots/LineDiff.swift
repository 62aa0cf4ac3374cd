import Foundation

/// A unified diff of two texts, line by line (`diff -u` style, 3 lines of context), for text
/// snapshot failures.
///
/// ```swift
/// LineDiff.unified(old: "a\nb\nc\n", new: "a\nB\nc\n", oldName: "reference", newName: "actual")
/// // --- reference
/// // +++ actual
/// // @@ -1,3 +1,3 @@
/// //  a
/// // -b
/// // +B
/// //  c
/// ```
public enum LineDiff {
    enum Edit: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The unified diff, or nil when the texts are equal.
    public static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String? {
        guard old != new else { return nil }
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = script(a, b)
        var out = ["--- \(oldName)", "+++ \(newName)"]
        // Line numbers (0-based) before each edit.
        var positions: [(old: Int, new: Int)] = []
        var oldLine = 0, newLine = 0
        for edit in edits {
            positions.append((oldLine, newLine))
            switch edit {
            case .same: oldLine += 1; newLine += 1
            case .removed: oldLine += 1
            case .added: newLine += 1
            }
        }
        // Hunks: each change with `context` lines around it, overlapping ones merged.
        var hunks: [Range<Int>] = []
        for (index, edit) in edits.enumerated() {
            if case .same = edit { continue }
            let range = max(0, index - context)..<min(edits.count, index + context + 1)
            if let last = hunks.last, last.upperBound >= range.lowerBound {
                hunks[hunks.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                hunks.append(range)
            }
        }
        for hunk in hunks {
            let slice = edits[hunk]
            let oldCount = slice.filter { if case .added = $0 { false } else { true } }.count
            let newCount = slice.filter { if case .removed = $0 { false } else { true } }.count
            let first = positions[hunk.lowerBound]
            out.append("@@ -\(first.old + (oldCount == 0 ? 0 : 1)),\(oldCount) +\(first.new + (newCount == 0 ? 0 : 1)),\(newCount) @@")
            for edit in slice {
                switch edit {
                case .same(let line): out.append(" " + line)
                case .removed(let line): out.append("-" + line)
                case .added(let line): out.append("+" + line)
                }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The number of lines removed and added.
    public static func changeCount(old: String, new: String) -> (removed: Int, added: Int) {
        let edits = script(
            old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        var removed = 0, added = 0
        for edit in edits {
            if case .removed = edit { removed += 1 }
            if case .added = edit { added += 1 }
        }
        return (removed, added)
    }

    /// An edit script: common prefix and suffix kept, the middle by longest common subsequence
    /// (or replaced wholesale when it is too large to compare cheaply).
    static func script(_ a: [String], _ b: [String]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let midA = Array(a[prefix..<(a.count - suffix)]), midB = Array(b[prefix..<(b.count - suffix)])
        var edits = a[0..<prefix].map { Edit.same($0) }
        let n = midA.count, m = midB.count
        if n * m > 4_000_000 {
            edits += midA.map { .removed($0) } + midB.map { .added($0) }
        } else if n > 0 || m > 0 {
            // lcs[i][j] = LCS length of midA[i...] and midB[j...], in one flat array.
            var lcs = [Int32](repeating: 0, count: (n + 1) * (m + 1))
            let width = m + 1
            if n > 0 && m > 0 {
                for i in stride(from: n - 1, through: 0, by: -1) {
                    for j in stride(from: m - 1, through: 0, by: -1) {
                        lcs[i * width + j] =
                            midA[i] == midB[j]
                            ? lcs[(i + 1) * width + j + 1] + 1 : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
                    }
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, midA[i] == midB[j] {
                    edits.append(.same(midA[i]))
                    i += 1
                    j += 1
                } else if i < n, j == m || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1] {
                    edits.append(.removed(midA[i]))
                    i += 1
                } else {
                    edits.append(.added(midB[j]))
                    j += 1
                }
            }
        }
        edits += a[(a.count - suffix)...].map { Edit.same($0) }
        return edits
    }
}
