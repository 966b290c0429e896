// zlib from the system (zlib1g-dev), for reading the deflate entries of the Receita Federal zips.
// inflateInit2 is a macro: a static inline wrapper makes it callable from Swift.
#ifndef GARDEN_CZLIB_SHIM_H
#define GARDEN_CZLIB_SHIM_H
#include <zlib.h>

/// Raw deflate (no zlib header), as stored inside zip entries.
static inline int garden_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -MAX_WBITS);
}

/// Raw deflate with a given window and memory level (the ledger's packed text, GardenStore.LedgerText).
static inline int garden_deflate_init_raw(z_streamp stream, int level, int windowBits, int memLevel) {
    return deflateInit2(stream, level, Z_DEFLATED, -windowBits, memLevel, Z_DEFAULT_STRATEGY);
}

/// Raw inflate with a given window.
static inline int garden_inflate_init_raw_bits(z_streamp stream, int windowBits) {
    return inflateInit2(stream, -windowBits);
}
#endif
