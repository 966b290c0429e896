// CTextFold: the few ICU services garden needs, behind a C API that uses only stdint types, so no ICU
// header reaches a Swift module (ICU's headers clash with the ICU that Foundation bundles).
#ifndef GARDEN_CTEXTFOLD_H
#define GARDEN_CTEXTFOLD_H
#include <stdint.h>

/// Folds UTF-8 text for matching: Unicode NFKD (which also maps full-width and compatibility forms),
/// drops non-spacing marks (accents), then applies full case folding; the result is UTF-8.
/// Returns the number of bytes written to `dst`, or -1 when the input is not valid UTF-8 or `dst`
/// (of `capacity` bytes) is too small. Output never exceeds 4 * length + 16 bytes.
int32_t garden_fold_utf8(const uint8_t *src, int32_t length, uint8_t *dst, int32_t capacity);

/// The number of minor-unit digits of an ISO 4217 currency (2 for BRL and USD, 0 for JPY, 3 for KWD),
/// from ICU's currency data (`ucurr_getDefaultFractionDigits`); -1 when ICU does not know the code.
/// `code` holds 3 ASCII letters.
int32_t garden_currency_fraction_digits(const uint8_t *code);

/// Formats an exact decimal amount (`decimal`: ASCII "-1234.56", `length` bytes) as money in `currency`
/// (3 ASCII letters) for the locale `locale` (NUL-terminated, "pt_BR", "en_US"): ICU's currency number
/// format (`unum_formatDecimal`, so no binary float is involved): "R$ 1.234,56" in pt_BR, "$1,234.56" for
/// USD in en_US; `whole` non-zero writes no fraction digits ("R$ 1.200"). The UTF-8 result goes to `dst`;
/// returns its length, or -1 on failure or when `dst` (of `capacity` bytes) is too small.
int32_t garden_format_currency(const uint8_t *decimal, int32_t length, const uint8_t *currency, const char *locale, int32_t whole,
                               uint8_t *dst, int32_t capacity);

/// The ICU version string ("72.1") written into `dst` (NUL-terminated); returns its length.
int32_t garden_icu_version(uint8_t *dst, int32_t capacity);

#endif
