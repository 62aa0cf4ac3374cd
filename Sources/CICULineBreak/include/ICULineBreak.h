/*
 * ICULineBreak.h — a C-only facade over ICU's UAX #14 line-break iterator.
 *
 * Why this exists: Foundation on Linux ships its own (renamed) ICU module, and it clashes
 * with the system ICU headers (<unicode/...>) when Swift imports both. So this header exposes
 * only plain C types (stdint) and an opaque handle; every ICU include stays in
 * ICULineBreak.c, and Swift never sees an ICU type.
 *
 * Conventions:
 *  - Error codes are ICU UErrorCode values passed through as int32_t: 0 (U_ZERO_ERROR) is
 *    success, negative values are ICU warnings (treated as success), positive values are
 *    failures. dt_icu_error_name() turns one into ICU's symbolic name.
 *  - Offsets are UTF-16 code-unit offsets into the text given to dt_linebreaker_set_text(),
 *    the same unit as NSRange / String.UTF16View.
 *  - A DTLineBreaker is not thread-safe: use one per thread (ICU's UBreakIterator has
 *    mutable iteration state). Distinct handles may be used concurrently.
 */
#ifndef DT_ICU_LINE_BREAK_H
#define DT_ICU_LINE_BREAK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque owner of one ICU line-break iterator (UBRK_LINE). */
typedef struct DTLineBreaker DTLineBreaker;

/**
 * Opens a line-break iterator for `locale` (an ICU locale ID such as "", "en_US" or
 * "ja@lb=strict"; NULL means ICU's default locale, "" the root locale, which is
 * deterministic and what callers should normally use).
 * Returns NULL on failure and stores the UErrorCode in *errorCode (if errorCode is not NULL);
 * on success *errorCode is 0 or an ICU warning (e.g. fallback to the root rules).
 * The caller owns the result and must release it with dt_linebreaker_destroy().
 */
DTLineBreaker *dt_linebreaker_create(const char *locale, int32_t *errorCode);

/** Releases the iterator. NULL is accepted and ignored. */
void dt_linebreaker_destroy(DTLineBreaker *breaker);

/**
 * Points the iterator at `length` UTF-16 code units starting at `utf16` and rewinds it to
 * offset 0. The text is NOT copied: it must stay alive and unchanged until the iteration is
 * finished (call dt_linebreaker_clear_text() afterwards so no dangling pointer is kept).
 * `utf16` may be NULL only when `length` is 0. Returns a UErrorCode (0 = ok).
 */
int32_t dt_linebreaker_set_text(DTLineBreaker *breaker, const uint16_t *utf16, int32_t length);

/** Points the iterator at an empty static text, dropping any reference to caller memory. */
void dt_linebreaker_clear_text(DTLineBreaker *breaker);

/**
 * Writes the break opportunities strictly after `from`, in increasing order, up to
 * `capacity` of them: offsets[i] is a UTF-16 offset (never 0; the text length is always the
 * last one for a non-empty text) and mandatory[i] is 1 for a mandatory (hard) break — the
 * rule status lies in [UBRK_LINE_HARD, UBRK_LINE_HARD_LIMIT), e.g. after a newline — or 0
 * for a soft opportunity.
 * Returns the number written (0 once `from` >= the text length, or for an empty text), or
 * -1 on a usage error (NULL handle, no text set, negative/out-of-range `from`, NULL buffers
 * with a positive capacity). To page through a long text, call again with `from` set to the
 * last offset returned; consecutive pages are O(1) to resume.
 */
int32_t dt_linebreaker_next_breaks(DTLineBreaker *breaker, int32_t from,
                                   int32_t *offsets, uint8_t *mandatory, int32_t capacity);

/** The run-time ICU version, formatted like "72.1". Static storage; never NULL. */
const char *dt_icu_version(void);

/** ICU's symbolic name for a UErrorCode, e.g. "U_ILLEGAL_ARGUMENT_ERROR". Static storage. */
const char *dt_icu_error_name(int32_t errorCode);

#ifdef __cplusplus
}
#endif

#endif /* DT_ICU_LINE_BREAK_H */
