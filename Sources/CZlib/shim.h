// zlib from the system (zlib1g-dev), for reading the deflate entries of the Receita Federal zips.
// inflateInit2 is a macro: a static inline wrapper makes it callable from Swift.
#ifndef GARDEN_CZLIB_SHIM_H
#define GARDEN_CZLIB_SHIM_H
#include <zlib.h>

/// Raw deflate (no zlib header), as stored inside zip entries.
static inline int garden_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -MAX_WBITS);
}
#endif
