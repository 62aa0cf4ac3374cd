import Foundation

/// The line diff of text snapshot failures — the one format the testing library and
/// `dyntype snapshot verify` print, and the `.diff` file both write.
///
/// It is swift-snapshot-testing's `Diffing<String>.lines` format, byte for byte (a test compares
/// the two on random texts): hunks headed `@@ −old,count +new,count @@` with 4 lines of context,
/// context lines indented with a figure space (U+2007), removed lines marked `−` (U+2212, minus
/// sign), added lines `+`, and `¬` after a line that ends in a space. swift-snapshot-testing
/// keeps its diff internal and links XCTest, which the CLI must not, so the algorithm is ported
/// here.
///
/// ```swift
/// LineDiff.patch(old: "a\nb\nc\n", new: "a\nB\nc\n")
/// // @@ −1,4 +1,4 @@
/// //  a
/// // −b
/// // +B
/// //  c
/// //  (the empty last line)
/// ```
package enum LineDiff {
    /// The diff of `old` (the reference) and `new`, or nil when they are equal.
    package static func patch(old: String, new: String) -> String? {
        guard old != new else { return nil }
        let hunks = chunk(
            diff(
                old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
        return hunks.flatMap { [$0.patchMark] + $0.lines }.joined(separator: "\n")
    }

    /// A text mismatch for ``ReferenceCheck``: the patch as the message and as the `.diff` file.
    package static func mismatch(old: String, new: String) -> ReferenceCheck.Mismatch? {
        patch(old: old, new: new).map { ReferenceCheck.Mismatch(message: $0, artifacts: [("diff", Data($0.utf8))]) }
    }

    // MARK: swift-snapshot-testing's algorithm (Sources/SnapshotTesting/Diff.swift, 1.19)

    static let minus = "\u{2212}"
    static let plus = "+"
    static let figureSpace = "\u{2007}"

    struct Difference {
        enum Which { case first, second, both }
        var elements: [String]
        var which: Which
    }

    /// A longest-common-run split, recursively on both sides (not a minimal edit script: the
    /// same choices swift-snapshot-testing makes, so the hunks are the same).
    static func diff(_ first: [String], _ second: [String]) -> [Difference] {
        var indicesOf: [String: [Int]] = [:]
        for (index, element) in first.enumerated() { indicesOf[element, default: []].append(index) }
        var overlap: [Int: Int] = [:]
        var bestFirst = 0, bestSecond = 0, bestLength = 0
        for (secondIndex, element) in second.enumerated() {
            var newOverlap: [Int: Int] = [:]
            var innerFirst = bestFirst, innerSecond = bestSecond, innerLength = bestLength
            for firstIndex in indicesOf[element] ?? [] {
                let length = (overlap[firstIndex - 1] ?? 0) + 1
                newOverlap[firstIndex] = length
                // Compared with the best before this element, as the original does.
                if length > bestLength {
                    innerFirst = firstIndex - length + 1
                    innerSecond = secondIndex - length + 1
                    innerLength = length
                }
            }
            overlap = newOverlap
            bestFirst = innerFirst
            bestSecond = innerSecond
            bestLength = innerLength
        }
        guard bestLength > 0 else {
            return (first.isEmpty ? [] : [Difference(elements: first, which: .first)])
                + (second.isEmpty ? [] : [Difference(elements: second, which: .second)])
        }
        return diff(Array(first[..<bestFirst]), Array(second[..<bestSecond]))
            + [Difference(elements: Array(first[bestFirst..<(bestFirst + bestLength)]), which: .both)]
            + diff(Array(first[(bestFirst + bestLength)...]), Array(second[(bestSecond + bestLength)...]))
    }

    struct Hunk {
        var firstIndex = 0
        var firstLength = 0
        var secondIndex = 0
        var secondLength = 0
        var lines: [String] = []

        var patchMark: String {
            "@@ \(LineDiff.minus)\(firstIndex + 1),\(firstLength) \(LineDiff.plus)\(secondIndex + 1),\(secondLength) @@"
        }

        static func + (lhs: Hunk, rhs: Hunk) -> Hunk {
            Hunk(
                firstIndex: lhs.firstIndex + rhs.firstIndex, firstLength: lhs.firstLength + rhs.firstLength,
                secondIndex: lhs.secondIndex + rhs.secondIndex, secondLength: lhs.secondLength + rhs.secondLength,
                lines: lhs.lines + rhs.lines)
        }

        var changed: Bool { lines.contains { $0.hasPrefix(LineDiff.minus) || $0.hasPrefix(LineDiff.plus) } }
    }

    static func chunk(_ differences: [Difference], context: Int = 4) -> [Hunk] {
        func marked(_ prefix: String) -> (String) -> String {
            { prefix + $0 + ($0.hasSuffix(" ") ? "¬" : "") }
        }
        var current = Hunk()
        var hunks: [Hunk] = []
        for difference in differences {
            let length = difference.elements.count
            switch difference.which {
            case .both where length > context * 2:
                let hunk = current + Hunk(
                    firstLength: context, secondLength: context,
                    lines: difference.elements.prefix(context).map(marked(figureSpace)))
                if hunk.changed { hunks.append(hunk) }
                current = Hunk(
                    firstIndex: current.firstIndex + current.firstLength + length - context, firstLength: context,
                    secondIndex: current.secondIndex + current.secondLength + length - context, secondLength: context,
                    lines: difference.elements.suffix(context).map(marked(figureSpace)))
            case .both where current.lines.isEmpty:
                let lines = difference.elements.suffix(context).map(marked(figureSpace))
                current = current + Hunk(
                    firstIndex: length - lines.count, firstLength: lines.count, secondIndex: length - lines.count,
                    secondLength: lines.count, lines: lines)
            case .both:
                current = current + Hunk(
                    firstLength: length, secondLength: length, lines: difference.elements.map(marked(figureSpace)))
            case .first:
                current = current + Hunk(firstLength: length, lines: difference.elements.map(marked(minus)))
            case .second:
                current = current + Hunk(secondLength: length, lines: difference.elements.map(marked(plus)))
            }
        }
        if current.changed { hunks.append(current) }
        return hunks
    }
}
