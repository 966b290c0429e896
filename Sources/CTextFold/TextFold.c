// ICU wrappers for garden (see include/CTextFold.h). Only this file includes ICU headers.
#include "CTextFold.h"
#include <unicode/uchar.h>
#include <unicode/ucurr.h>
#include <unicode/unorm2.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>
#include <stdlib.h>
#include <string.h>

enum { STACK_UNITS = 512 };

int32_t garden_fold_utf8(const uint8_t *src, int32_t length, uint8_t *dst, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&status);
    if (U_FAILURE(status)) return -1;

    UChar stackA[STACK_UNITS], stackB[STACK_UNITS];
    UChar *a = stackA, *b = stackB;
    int32_t cap = STACK_UNITS;
    int32_t needed = length * 4 + 16;
    if (needed > STACK_UNITS) {
        cap = needed;
        a = (UChar *)malloc(sizeof(UChar) * (size_t)cap);
        b = (UChar *)malloc(sizeof(UChar) * (size_t)cap);
        if (!a || !b) { free(a); free(b); return -1; }
    }
    int32_t result = -1;
    int32_t n = 0;
    u_strFromUTF8(a, cap, &n, (const char *)src, length, &status);
    if (U_FAILURE(status)) goto done;
    n = unorm2_normalize(nfkd, a, n, b, cap, &status);
    if (U_FAILURE(status)) goto done;
    // Drop non-spacing marks (accents) left by the decomposition.
    int32_t kept = 0;
    for (int32_t i = 0; i < n;) {
        UChar32 c;
        int32_t start = i;
        U16_NEXT(b, i, n, c);
        if (u_charType(c) == U_NON_SPACING_MARK) continue;
        for (int32_t k = start; k < i; k++) a[kept++] = b[k];
    }
    n = u_strFoldCase(b, cap, a, kept, U_FOLD_CASE_DEFAULT, &status);
    if (U_FAILURE(status)) goto done;
    int32_t written = 0;
    u_strToUTF8((char *)dst, capacity, &written, b, n, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING && written > capacity) goto done;
    result = written;
done:
    if (a != stackA) { free(a); free(b); }
    return result;
}

int32_t garden_currency_fraction_digits(const uint8_t *code) {
    UChar iso[4] = {code[0], code[1], code[2], 0};
    UErrorCode status = U_ZERO_ERROR;
    // ICU answers 2 for codes it does not know; check it knows the code first.
    if (!ucurr_isAvailable(iso, (UDate)-1.0e30, (UDate)1.0e30, &status) || U_FAILURE(status)) return -1;
    status = U_ZERO_ERROR;
    int32_t digits = ucurr_getDefaultFractionDigits(iso, &status);
    return U_FAILURE(status) ? -1 : digits;
}

int32_t garden_icu_version(uint8_t *dst, int32_t capacity) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    int32_t len = (int32_t)strlen(text);
    if (len >= capacity) return -1;
    memcpy(dst, text, (size_t)len + 1);
    return len;
}

int32_t garden_format_currency(const uint8_t *decimal, int32_t length, const uint8_t *currency, const char *locale, int32_t whole,
                               uint8_t *dst, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_CURRENCY, NULL, 0, locale, NULL, &status);
    if (U_FAILURE(status)) return -1;
    UChar code[4];
    for (int i = 0; i < 3; i++) code[i] = (UChar)currency[i];
    code[3] = 0;
    unum_setTextAttribute(format, UNUM_CURRENCY_CODE, code, 3, &status);
    if (whole) {
        unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, 0);
        unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, 0);
    }
    UChar text[128];
    int32_t units = U_SUCCESS(status) ? unum_formatDecimal(format, (const char *)decimal, length, text, 128, NULL, &status) : 0;
    unum_close(format);
    if (U_FAILURE(status) || units > 128) return -1;
    int32_t written = 0;
    u_strToUTF8((char *)dst, capacity, &written, text, units, &status);
    if (U_FAILURE(status) || written > capacity) return -1;
    return written;
}
