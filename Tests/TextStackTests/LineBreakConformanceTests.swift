import Foundation
import Testing

@testable import TextStack

/// Runs Unicode's own UAX #14 test data through `LineBreakIterator`.
///
/// ICU deliberately tailors a few UAX #14 rules (no break between a hyphen and a following
/// letter after a break, as CSS wants; `IS × NU` for ".5"-style numbers), so even ICU itself
/// does not pass 100 % of LineBreakTest.txt; with ICU 72.1 and Unicode 15.0.0 data, ICU's
/// bare C API passes 7632 of 7654 cases. The threshold below allows for that, while any bug
/// in our wrapper (offsets, paging, surrogates) would fail thousands of cases.
@Suite("UAX #14 conformance (LineBreakTest.txt)")
struct LineBreakConformanceTests {
    /// Installed by Debian's `unicode-data` package (a CI dependency).
    static let testDataPath = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    /// One line of the test file: the text and where breaks are expected.
    struct Case {
        var lineNumber: Int
        var utf16: [UInt16]
        /// UTF-16 offsets where "÷" allows a break, excluding 0, including the end.
        var expected: [Int]
        var comment: String
    }

    /// Parses `× 0023 ÷ 0020 × ... ÷  # comment`: each mark says whether a break is
    /// allowed at the current position, i.e. before the next code point.
    static func parse(_ contents: String) -> [Case] {
        var cases: [Case] = []
        for (index, rawLine) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let parts = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let body = parts.first ?? ""
            let comment = parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : ""
            var utf16: [UInt16] = []
            var expected: [Int] = []
            var sawMark = false
            for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
                switch token {
                case "÷":
                    sawMark = true
                    if !utf16.isEmpty { expected.append(utf16.count) }
                case "×":
                    sawMark = true
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        // Surrogate code points cannot be put in a String; the file has none
                        // (it is generated from valid scalars), but do not crash if it does.
                        utf16.append(UInt16(truncatingIfNeeded: UInt32(token, radix: 16) ?? 0xFFFD))
                        continue
                    }
                    utf16.append(contentsOf: UTF16.encode(scalar)!)
                }
            }
            guard sawMark, !utf16.isEmpty else { continue }
            cases.append(Case(lineNumber: index + 1, utf16: utf16, expected: expected, comment: comment))
        }
        return cases
    }

    @Test("passes ≥ 99 % of Unicode's LineBreakTest.txt (ICU's own tailorings are the rest)")
    func conformance() throws {
        guard FileManager.default.fileExists(atPath: Self.testDataPath) else {
            Issue.record("""
                \(Self.testDataPath) is missing: install the Debian package unicode-data \
                (apt-get install unicode-data), which CI installs
                """)
            return
        }
        let contents = try String(contentsOfFile: Self.testDataPath, encoding: .utf8)
        let cases = Self.parse(contents)
        #expect(cases.count > 5000, "parsed only \(cases.count) cases from \(Self.testDataPath)")

        let iterator = try LineBreakIterator()
        var failures: [(Case, [Int])] = []
        for testCase in cases {
            let actual = try iterator.breaks(in: testCase.utf16).map(\.offset)
            if actual != testCase.expected { failures.append((testCase, actual)) }
        }
        let passed = cases.count - failures.count
        let passRate = cases.isEmpty ? 0 : Double(passed) / Double(cases.count)
        let version = contents.split(separator: "\n").first.map(String.init) ?? "?"
        print("""
            LineBreakTest (\(version)), ICU \(LineBreakIterator.icuVersion): \
            \(passed) / \(cases.count) passed (\(String(format: "%.4f", passRate * 100)) %), \
            \(failures.count) failed
            """)
        for (testCase, actual) in failures.prefix(8) {
            print("  line \(testCase.lineNumber): expected \(testCase.expected), got \(actual)  # \(testCase.comment)")
        }
        #expect(passRate >= 0.99, "only \(passed) / \(cases.count) LineBreakTest.txt cases passed")
    }

    @Test("the parser reads marks and supplementary code points as UTF-16")
    func parser() {
        let cases = Self.parse("× 0061 × 0020 ÷ 1F600 ÷\t#  a comment\n# only a comment\n\n× 000A ÷")
        #expect(cases.count == 2)
        #expect(cases.first?.utf16 == [0x61, 0x20, 0xD83D, 0xDE00])
        #expect(cases.first?.expected == [2, 4])
        #expect(cases.first?.comment == "a comment")
        #expect(cases.last?.expected == [1])
    }
}
