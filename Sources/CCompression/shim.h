// The decompression libraries Debian ships (zlib1g-dev, libbz2-dev, liblzma-dev, libzstd-dev),
// for opening .gz, .bz2, .xz and .zst input directly. Their init functions are macros or take
// macro constants that Swift cannot import; the inline functions below wrap them.
#ifndef DTABLE_CCOMPRESSION_SHIM_H
#define DTABLE_CCOMPRESSION_SHIM_H

#include <stdint.h>
#include <zlib.h>
#include <bzlib.h>
#include <lzma.h>
#include <zstd.h>

/// inflateInit2 for gzip members only (window 15, +16: a gzip header and trailer).
static inline int dt_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

/// An xz decoder that reads concatenated .xz streams as one (like xz -d), no memory limit.
static inline lzma_ret dt_lzma_init_xz(lzma_stream *stream) {
    return lzma_stream_decoder(stream, UINT64_MAX, LZMA_CONCATENATED);
}

#endif
