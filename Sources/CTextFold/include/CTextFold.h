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

/// The ICU version string ("72.1") written into `dst` (NUL-terminated); returns its length.
int32_t garden_icu_version(uint8_t *dst, int32_t capacity);

#endif
