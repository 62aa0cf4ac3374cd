internal import CICULineBreak

// Every call into ICU in the package is in this file, through the C facade `CICULineBreak`
// (Foundation's own ICU module clashes with the system ICU headers, so Swift never sees them).
// The owner of the iterator is ``LineBreakIterator``, which keeps the handle below.
//
// ICU status codes pass through as `Int32` `UErrorCode`s: 0 is success, negative values are
// warnings (success), positive values are failures, thrown as ``LineBreakError`` with ICU's name.

enum ICULineBreakCalls {
    /// The run-time ICU version, e.g. `"72.1"`.
    static var version: String { String(cString: dt_icu_version()) }

    /// ICU's symbolic name for a `UErrorCode`, e.g. `"U_ILLEGAL_ARGUMENT_ERROR"`.
    static func errorName(_ code: Int32) -> String { String(cString: dt_icu_error_name(code)) }
}

/// One ICU line-break iterator (`UBRK_LINE`), owned by ``LineBreakIterator``. Not thread-safe.
struct ICULineBreakerHandle {
    fileprivate let breaker: OpaquePointer

    /// Opens ICU's line-break rules for `locale` (an ICU locale ID; `""` = root rules); the caller
    /// owns the result and releases it with ``destroy()``.
    ///
    /// - Throws: ``LineBreakError`` with ICU's error name (e.g. missing ICU data).
    static func create(locale: String) throws(LineBreakError) -> ICULineBreakerHandle {
        var status: Int32 = 0
        guard let breaker = locale.withCString({ dt_linebreaker_create($0, &status) }) else {
            throw LineBreakError(operation: "open line-break iterator for locale \"\(locale)\"", icuErrorCode: status)
        }
        return ICULineBreakerHandle(breaker: breaker)
    }

    /// Releases the iterator.
    func destroy() { dt_linebreaker_destroy(breaker) }

    /// Points the iterator at `text` (not copied: it must outlive the iteration; call
    /// ``clearText()`` afterwards).
    func setText(_ text: UnsafeBufferPointer<UInt16>) throws(LineBreakError) {
        let status = dt_linebreaker_set_text(breaker, text.baseAddress, Int32(text.count))
        guard status <= 0 else { throw LineBreakError(operation: "set line-break text", icuErrorCode: status) }
    }

    /// Drops the iterator's pointer to the caller's text.
    func clearText() { dt_linebreaker_clear_text(breaker) }

    /// Writes the break opportunities after `from` into `offsets`/`mandatory` (as many as fit);
    /// returns how many were written (0 at the end of the text).
    func nextBreaks(
        from: Int32, offsets: UnsafeMutableBufferPointer<Int32>, mandatory: UnsafeMutableBufferPointer<UInt8>
    ) throws(LineBreakError) -> Int {
        let count = dt_linebreaker_next_breaks(
            breaker, from, offsets.baseAddress, mandatory.baseAddress, Int32(min(offsets.count, mandatory.count)))
        guard count >= 0 else { throw LineBreakError(operation: "iterate line breaks", icuErrorCode: -1) }
        return Int(count)
    }
}
