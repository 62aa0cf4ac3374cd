/// One place where a line may end, as found by Unicode line breaking (UAX #14).
///
/// `offset` counts UTF-16 code units from the start of the text, the unit of `NSRange` and
/// `String.UTF16View`, so it can be used with attributed-string ranges directly. The line
/// ends *before* the code unit at `offset` (the break is between `offset - 1` and `offset`).
package struct LineBreakOpportunity: Sendable, Hashable, CustomStringConvertible {
    /// UTF-16 offset of the break: the first code unit of the next line. Never 0; the text's
    /// length for the final opportunity.
    package var offset: Int
    /// `true` for a mandatory break (after a newline, paragraph or line separator): the line
    /// must end here. `false` for a soft opportunity the layout may or may not take.
    package var isMandatory: Bool

    /// Creates an opportunity; mostly for tests and for callers that merge break sources.
    package init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }

    /// `"12"` for a soft break, `"12!"` for a mandatory one (compact, for test failure output).
    package var description: String { isMandatory ? "\(offset)!" : "\(offset)" }
}

/// Why ICU refused to create or run a line-break iterator.
package struct LineBreakError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, e.g. `"open line-break iterator for locale \"xx\""`.
    package var operation: String
    /// ICU's numeric `UErrorCode` (or -1 for a misuse detected by the C shim itself).
    package var icuErrorCode: Int32
    /// ICU's symbolic name for `icuErrorCode`, e.g. `"U_ILLEGAL_ARGUMENT_ERROR"`.
    package var icuErrorName: String

    /// Creates an error from an ICU status, looking up ICU's name for it.
    init(operation: String, icuErrorCode: Int32) {
        self.operation = operation
        self.icuErrorCode = icuErrorCode
        self.icuErrorName = icuErrorCode == -1
            ? "invalid use of the line-break shim"
            : ICULineBreakCalls.errorName(icuErrorCode)
    }

    /// Human-readable: the operation, ICU's error name and the ICU version in use.
    package var description: String {
        "cannot \(operation): \(icuErrorName) (ICU \(LineBreakIterator.icuVersion))"
    }
}

/// Finds Unicode line-break opportunities (UAX #14) with the system ICU.
///
/// Owns one ICU `UBreakIterator`. Creating one loads ICU's rule data, which is comparatively
/// costly, so keep an iterator for a whole layout pass and call `breaks(in:)`
/// for each paragraph or text.
///
/// Thread safety: **not `Sendable`.** ICU's iterator has mutable position state, so an
/// instance must be used by one thread (or one task / actor) at a time; create one per
/// layout pass or per thread. Separate instances are independent and may run concurrently.
///
/// All offsets are UTF-16 code-unit offsets, like `NSRange`. Package API: the layout manager
/// breaks lines with it; tests check it against Unicode's `LineBreakTest.txt`.
package final class LineBreakIterator {
    /// The ICU handle. Never shared: the class is the sole owner and `deinit` frees it. (The ICU
    /// calls are in `C/ICULineBreakCalls.swift`.)
    private let handle: ICULineBreakerHandle

    /// The ICU locale ID the rules were opened for (`""` = root rules).
    package let locale: String

    /// How many opportunities one call into C fetches. Large enough that the per-call cost
    /// is negligible, small enough to live on the stack.
    private static let pageSize = 1024

    /// Opens ICU's line-break rules for `locale`.
    ///
    /// - Parameter locale: an ICU locale ID. The default `""` selects the root rules, which are
    ///   deterministic (independent of `LANG`) and right for most text; `"ja"` or
    ///   `"ja@lb=strict"` / `"@lb=loose"` tailor CJK line-breaking strictness.
    /// - Throws: ``LineBreakError`` carrying ICU's error name (e.g. missing ICU data).
    package init(locale: String = "") throws {
        let handle = try ICULineBreakerHandle.create(locale: locale)
        self.handle = handle
        self.locale = locale
    }

    deinit {
        handle.destroy()
    }

    /// The version of the ICU library actually loaded at run time, e.g. `"72.1"`.
    /// Worth recording next to test results: UAX #14 behaviour changes between ICU versions.
    package static var icuVersion: String { ICULineBreakCalls.version }

    /// The line-break opportunities of UTF-16 `text`, in increasing offset order.
    ///
    /// Offsets exclude 0 and include `text.count` (the end of a non-empty text is always a
    /// break); an empty text has none.
    /// - Throws: ``LineBreakError`` if ICU rejects the text (e.g. longer than `Int32.max`).
    package func breaks(in text: [UInt16]) throws -> [LineBreakOpportunity] {
        try text.withUnsafeBufferPointer { try breaks(in: $0) }
    }

    /// The line-break opportunities of UTF-16 `text` that a paragraph with `strategy` uses:
    /// the plain UAX #14 ones of `breaks(in:)`, less the soft breaks the strategy suppresses.
    ///
    /// With ``LineBreakStrategy/hangulWordPriority`` a soft break between two letters or digits of
    /// which one is Hangul is dropped (``LineBreakStrategy/splitsHangulWord(_:at:)``); text without
    /// Hangul — Chinese, Japanese, Latin — keeps every break. Mandatory breaks always stay.
    /// - Throws: ``LineBreakError`` if ICU rejects the text.
    package func breaks(in text: [UInt16], strategy: LineBreakStrategy) throws -> [LineBreakOpportunity] {
        let all = try breaks(in: text)
        guard strategy.contains(.hangulWordPriority), text.contains(where: LineBreakStrategy.isHangul) else { return all }
        return all.filter { $0.isMandatory || !LineBreakStrategy.splitsHangulWord(text, at: $0.offset) }
    }

    /// The line-break opportunities of `text`; offsets are UTF-16 offsets into
    /// `text.utf16` (as `NSRange` would count them), not `Character` or byte indices.
    ///
    /// Swift strings are stored as UTF-8, so this makes one UTF-16 copy; callers that already
    /// hold UTF-16 should use `breaks(in:)`.
    package func breaks(in text: String) throws -> [LineBreakOpportunity] {
        let utf16 = Array(text.utf16)
        return try breaks(in: utf16)
    }

    /// The line-break opportunities of UTF-16 code units in `text` (no copy is made; the
    /// buffer only needs to stay valid for the duration of the call).
    package func breaks(in text: UnsafeBufferPointer<UInt16>) throws -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = []
        // Words average ~5–6 UTF-16 units plus a space in Latin text; CJK gives more breaks
        // but grows geometrically from there. Reserving avoids most reallocations.
        result.reserveCapacity(text.count / 6 + 1)
        try forEachBreak(in: text) { result.append($0) }
        return result
    }

    /// Calls `body` for each line-break opportunity of `text` in order, without building an
    /// array (for layout loops that consume breaks as they go).
    package func forEachBreak(
        in text: UnsafeBufferPointer<UInt16>, _ body: (LineBreakOpportunity) throws -> Void
    ) throws {
        guard text.count <= Int(Int32.max) else {
            throw LineBreakError(
                operation: "break a text of \(text.count) UTF-16 units (ICU's limit is Int32.max)",
                icuErrorCode: 1 /* U_ILLEGAL_ARGUMENT_ERROR */)
        }
        let length = Int32(text.count)
        try handle.setText(text)
        // ICU keeps a pointer into `text`; drop it on every exit so the iterator never
        // refers to memory the caller may free.
        defer { handle.clearText() }
        if length == 0 { return }

        let pageSize = Self.pageSize
        try withUnsafeTemporaryAllocation(of: Int32.self, capacity: pageSize) { offsets in
            try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: pageSize) { flags in
                var from: Int32 = 0
                while from < length {
                    let count = try handle.nextBreaks(from: from, offsets: offsets, mandatory: flags)
                    if count == 0 { break }
                    for index in 0..<count {
                        try body(LineBreakOpportunity(
                            offset: Int(offsets[index]), isMandatory: flags[index] != 0))
                    }
                    from = offsets[count - 1]
                }
            }
        }
    }
}

/// An iterator holds ICU's mutable position state and a pointer to the caller's text while
/// it runs: it must never cross threads unsynchronised.
@available(*, unavailable)
extension LineBreakIterator: Sendable {}
