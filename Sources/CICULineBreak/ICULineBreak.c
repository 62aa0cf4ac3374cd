/*
 * ICULineBreak.c — implementation of the C-only ICU line-break facade (see the header for
 * why ICU is hidden from Swift). Including the ICU headers here also applies ICU's symbol
 * renaming (ubrk_open -> ubrk_open_72), so this file links against whatever libicuuc the
 * system has.
 */
#include "ICULineBreak.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

struct DTLineBreaker {
    UBreakIterator *iterator;
    /* Length of the current text in UTF-16 code units; -1 while no text is set. */
    int32_t length;
};

/* ICU wants a non-NULL UChar pointer for an empty text; one shared, immutable buffer. */
static const UChar kEmptyText[1] = {0};

DTLineBreaker *dt_linebreaker_create(const char *locale, int32_t *errorCode) {
    UErrorCode status = U_ZERO_ERROR;
    DTLineBreaker *breaker = (DTLineBreaker *)calloc(1, sizeof(DTLineBreaker));
    if (breaker == NULL) {
        if (errorCode != NULL) *errorCode = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    breaker->iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
    if (U_FAILURE(status) || breaker->iterator == NULL) {
        if (breaker->iterator != NULL) ubrk_close(breaker->iterator);
        free(breaker);
        if (errorCode != NULL) {
            *errorCode = U_FAILURE(status) ? (int32_t)status : (int32_t)U_INTERNAL_PROGRAM_ERROR;
        }
        return NULL;
    }
    breaker->length = -1;
    if (errorCode != NULL) *errorCode = (int32_t)status;
    return breaker;
}

void dt_linebreaker_destroy(DTLineBreaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    free(breaker);
}

int32_t dt_linebreaker_set_text(DTLineBreaker *breaker, const uint16_t *utf16, int32_t length) {
    if (breaker == NULL || length < 0 || (utf16 == NULL && length != 0)) {
        return (int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    }
    /* UChar is char16_t (a 16-bit unsigned type); uint16_t has the same representation. */
    const UChar *text = (length == 0) ? kEmptyText : (const UChar *)utf16;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, text, length, &status);
    if (U_FAILURE(status)) {
        breaker->length = -1;
        return (int32_t)status;
    }
    breaker->length = length;
    return (int32_t)U_ZERO_ERROR;
}

void dt_linebreaker_clear_text(DTLineBreaker *breaker) {
    if (breaker == NULL) return;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, kEmptyText, 0, &status);
    /* Setting an empty static text cannot meaningfully fail; either way no text is "set". */
    breaker->length = -1;
}

int32_t dt_linebreaker_next_breaks(DTLineBreaker *breaker, int32_t from,
                                   int32_t *offsets, uint8_t *mandatory, int32_t capacity) {
    if (breaker == NULL || breaker->length < 0 || from < 0 || from > breaker->length ||
        capacity < 0 || (capacity > 0 && (offsets == NULL || mandatory == NULL))) {
        return -1;
    }
    if (capacity == 0 || from >= breaker->length) return 0;

    UBreakIterator *bi = breaker->iterator;
    /*
     * Paging resumes where the previous page stopped: the iterator's current position is
     * then `from`, and ubrk_next() continues in O(1). Any other `from` needs a seek.
     */
    int32_t position = (ubrk_current(bi) == from) ? ubrk_next(bi) : ubrk_following(bi, from);
    int32_t count = 0;
    while (position != UBRK_DONE) {
        int32_t status = ubrk_getRuleStatus(bi);
        offsets[count] = position;
        mandatory[count] = (status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count += 1;
        /* Stop without advancing, so the next page resumes exactly here. */
        if (count == capacity) break;
        position = ubrk_next(bi);
    }
    return count;
}

static char gVersionString[U_MAX_VERSION_STRING_LENGTH];
static pthread_once_t gVersionOnce = PTHREAD_ONCE_INIT;

static void dt_format_version(void) {
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, gVersionString);
}

const char *dt_icu_version(void) {
    /* Formatted once; pthread_once makes concurrent first calls safe. */
    pthread_once(&gVersionOnce, dt_format_version);
    return gVersionString;
}

const char *dt_icu_error_name(int32_t errorCode) {
    return u_errorName((UErrorCode)errorCode);
}
