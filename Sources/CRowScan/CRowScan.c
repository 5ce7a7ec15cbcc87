// The row-start kernels in C: AVX2 compares and movemask for the byte classes, a carry-less
// multiply for the quote parity. Declared and specified in include/CRowScan.h.
//
// Technique (one 64-byte block at a time, one bit per byte; the same algebra as the Swift SWAR
// kernel, RowIndexer+SWAR.swift, which stays the fallback on CPUs without AVX2)
// 1. Class masks: two 32-byte loads, `vpcmpeqb` against the quote, LF and CR, `vpmovmskb` each:
//    three 64-bit masks in 6 compares and 6 movemasks (Swift has no movemask: its kernel packs
//    compare results with a bit-matrix transpose instead, most of its time).
// 2. Quote parity: the inclusive prefix XOR of the quote mask is one `pclmulqdq` by all ones;
//    XOR with the carried parity gives the in-quotes mask, whose top bit (sign-extended) is the
//    next block's parity.
// 3. Starts: lf = LF & ~inQ, cr = CR & ~inQ; starts = (lf << 1 | carryLF) | ((cr << 1 | carryCR) & ~LF),
//    carries = bit 63 of lf and cr. A CR ending the chunk stays pending (`previous_was_cr`).
// 4. Emission: popcount, then 4 unconditional `tzcnt`/`blsr` stores (a typical block holds 0-2
//    starts: no loop exit to mispredict), a loop only for denser blocks.
// The tail (< 64 bytes) is the same block over a zero-padded copy, its masks cut to its length.
// In the both-quote-states scan the other hypothesis's in-quotes mask is the complement: one
// classification and one parity for both start lists.
//
// Measured (clang of swift 6.3.1 at -O2, 2-core x86-64 VM, warm page cache, CPU time of one
// thread, best of 3-5; the 1.28 GB, 10M-row bench file in 4 MiB chunks;
// see docs/decisions/0071-row-index-kernel-in-c.md):
//     crowscan_starts, mapping populated (MAP_POPULATE)        0.16-0.17 s   7.4-8.0 GB/s
//     crowscan_starts_both, same                               0.18 s        6.9-7.3 GB/s
//     crowscan_starts over a fresh mapping (page faults)       0.26 s        4.8-5.0 GB/s
//       (MADV_POPULATE_READ per chunk: 4.6 GB/s; pread into a 64 KiB-4 MiB buffer: 3.7-4.0 GB/s)
//     crowscan_count_fields, mapping populated                 0.14-0.15 s   8.6-9.0 GB/s
//     the Swift SWAR kernel (RowIndexer+SWAR.swift)                          ~3.3 GB/s
//     wc -l (read + memchr), CPU time                          0.21-0.24 s   5.3-6.0 GB/s
// So a core indexes at about wc -l's speed once the page faults of the mapping are paid, and
// the two cores of the parallel index (IndexingPlan) finish ahead of it.

#include "CRowScan.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

#define CROWSCAN_TARGET __attribute__((target("avx2,pclmul,bmi,bmi2,popcnt")))

int crowscan_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("bmi")
        && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
}

/// The quote, LF and CR masks of one 64-byte block (bit i = byte i).
typedef struct {
    uint64_t quote, lf, cr;
} crowscan_masks;

CROWSCAN_TARGET static inline uint64_t crowscan_mask(__m256i lo, __m256i hi, __m256i byte) {
    uint32_t a = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, byte));
    uint32_t b = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, byte));
    return (uint64_t)a | ((uint64_t)b << 32);
}

CROWSCAN_TARGET static inline crowscan_masks crowscan_classify(const uint8_t *block, __m256i quote, __m256i lf,
                                                               __m256i cr) {
    __m256i lo = _mm256_loadu_si256((const __m256i *)block);
    __m256i hi = _mm256_loadu_si256((const __m256i *)(block + 32));
    crowscan_masks m = {crowscan_mask(lo, hi, quote), crowscan_mask(lo, hi, lf), crowscan_mask(lo, hi, cr)};
    return m;
}

/// The masks of a tail shorter than 64 bytes: the same block over a zero-padded copy, the masks
/// cut to its length (the quote may be 0x00), so parities and carries come from its last byte.
CROWSCAN_TARGET static inline crowscan_masks crowscan_classify_tail(const uint8_t *bytes, size_t tail, __m256i quote,
                                                                    __m256i lf, __m256i cr) {
    uint64_t valid = ((uint64_t)1 << tail) - 1;
    uint8_t padded[64] = {0};
    memcpy(padded, bytes, tail);
    crowscan_masks m = crowscan_classify(padded, quote, lf, cr);
    m.quote &= valid;
    m.lf &= valid;
    m.cr &= valid;
    return m;
}

/// Inclusive prefix XOR (bit i = XOR of bits 0...i): a carry-less multiply by all ones.
CROWSCAN_TARGET static inline uint64_t crowscan_prefix_xor(uint64_t x) {
    __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)x), _mm_set1_epi8((char)0xFF), 0);
    return (uint64_t)_mm_cvtsi128_si64(product);
}

/// Writes `offset + i` for each set bit i of `starts` to `out` (room for 64 at least); returns
/// how many. Writes past the count (up to 8 or the count) are scratch the next block overwrites.
CROWSCAN_TARGET static inline size_t crowscan_emit(uint64_t *out, uint64_t offset, uint64_t starts) {
    size_t count = (size_t)_mm_popcnt_u64(starts);
    out[0] = offset + _tzcnt_u64(starts);
    starts = _blsr_u64(starts);
    out[1] = offset + _tzcnt_u64(starts);
    starts = _blsr_u64(starts);
    out[2] = offset + _tzcnt_u64(starts);
    starts = _blsr_u64(starts);
    out[3] = offset + _tzcnt_u64(starts);
    starts = _blsr_u64(starts);
    if (__builtin_expect(count > 4, 0)) {
        size_t k = 4;
        while (starts != 0) {
            out[k++] = offset + _tzcnt_u64(starts);
            starts = _blsr_u64(starts);
        }
    }
    return count;
}

CROWSCAN_TARGET size_t crowscan_starts(const uint8_t *bytes, size_t length, uint64_t base, uint8_t quote,
                                       crowscan_state *state, uint64_t *out, size_t capacity, size_t *count) {
    const __m256i quotes = _mm256_set1_epi8((char)quote);
    const __m256i lineFeeds = _mm256_set1_epi8(0x0A);
    const __m256i returns = _mm256_set1_epi8(0x0D);
    uint64_t parity = state->in_quotes ? ~(uint64_t)0 : 0;  // all ones inside quotes
    uint64_t carryLF = 0, carryCR = state->previous_was_cr ? 1 : 0;
    size_t n = 0, i = 0;
    for (; i + 64 <= length; i += 64) {
        if (capacity - n < CROWSCAN_MIN_CAPACITY) goto stop;
        crowscan_masks m = crowscan_classify(bytes + i, quotes, lineFeeds, returns);
        uint64_t inQuotes = crowscan_prefix_xor(m.quote) ^ parity;
        parity = (uint64_t)((int64_t)inQuotes >> 63);
        uint64_t lf = m.lf & ~inQuotes, cr = m.cr & ~inQuotes;
        uint64_t starts = (lf << 1 | carryLF) | ((cr << 1 | carryCR) & ~m.lf);
        carryLF = lf >> 63;
        carryCR = cr >> 63;
        n += crowscan_emit(out + n, base + i, starts);
    }
    if (i < length) {
        if (capacity - n < CROWSCAN_MIN_CAPACITY) goto stop;
        // The tail as a block (`crowscan_classify_tail`).
        size_t tail = length - i;
        uint64_t valid = ((uint64_t)1 << tail) - 1;
        crowscan_masks m = crowscan_classify_tail(bytes + i, tail, quotes, lineFeeds, returns);
        uint64_t inQuotes = crowscan_prefix_xor(m.quote) ^ parity;
        parity = (uint64_t)((int64_t)inQuotes >> 63);
        uint64_t lf = m.lf & ~inQuotes, cr = m.cr & ~inQuotes;
        uint64_t starts = ((lf << 1 | carryLF) | ((cr << 1 | carryCR) & ~m.lf)) & valid;
        carryLF = (lf >> (tail - 1)) & 1;
        carryCR = (cr >> (tail - 1)) & 1;
        n += crowscan_emit(out + n, base + i, starts);
        i = length;
    }
stop:
    // A terminating LF as the last byte before the stop: its start is the next byte.
    if (carryLF) out[n++] = base + i;
    state->in_quotes = parity != 0;
    state->previous_was_cr = (uint8_t)carryCR;
    *count = n;
    return i;
}

CROWSCAN_TARGET size_t crowscan_starts_both(const uint8_t *bytes, size_t length, uint64_t base, uint8_t quote,
                                            crowscan_state *outside, crowscan_state *inside,
                                            uint64_t *out0, size_t capacity0, size_t *count0,
                                            uint64_t *out1, size_t capacity1, size_t *count1) {
    const __m256i quotes = _mm256_set1_epi8((char)quote);
    const __m256i lineFeeds = _mm256_set1_epi8(0x0A);
    const __m256i returns = _mm256_set1_epi8(0x0D);
    // The in-quotes parity of the `outside` hypothesis; `inside`'s is its complement.
    uint64_t parity = outside->in_quotes ? ~(uint64_t)0 : 0;
    uint64_t carryLF0 = 0, carryLF1 = 0;
    uint64_t carryCR0 = outside->previous_was_cr ? 1 : 0, carryCR1 = inside->previous_was_cr ? 1 : 0;
    size_t n0 = 0, n1 = 0, i = 0;
    for (; i + 64 <= length; i += 64) {
        if (capacity0 - n0 < CROWSCAN_MIN_CAPACITY || capacity1 - n1 < CROWSCAN_MIN_CAPACITY) goto stop;
        crowscan_masks m = crowscan_classify(bytes + i, quotes, lineFeeds, returns);
        uint64_t inQuotes = crowscan_prefix_xor(m.quote) ^ parity;
        parity = (uint64_t)((int64_t)inQuotes >> 63);
        uint64_t lf0 = m.lf & ~inQuotes, lf1 = m.lf & inQuotes;
        uint64_t cr0 = m.cr & ~inQuotes, cr1 = m.cr & inQuotes;
        uint64_t starts0 = (lf0 << 1 | carryLF0) | ((cr0 << 1 | carryCR0) & ~m.lf);
        uint64_t starts1 = (lf1 << 1 | carryLF1) | ((cr1 << 1 | carryCR1) & ~m.lf);
        carryLF0 = lf0 >> 63;
        carryCR0 = cr0 >> 63;
        carryLF1 = lf1 >> 63;
        carryCR1 = cr1 >> 63;
        n0 += crowscan_emit(out0 + n0, base + i, starts0);
        // The inside list only holds the newlines inside quoted fields: mostly empty blocks.
        if (starts1 != 0) n1 += crowscan_emit(out1 + n1, base + i, starts1);
    }
    if (i < length) {
        if (capacity0 - n0 < CROWSCAN_MIN_CAPACITY || capacity1 - n1 < CROWSCAN_MIN_CAPACITY) goto stop;
        size_t tail = length - i;
        uint64_t valid = ((uint64_t)1 << tail) - 1;
        crowscan_masks m = crowscan_classify_tail(bytes + i, tail, quotes, lineFeeds, returns);
        uint64_t inQuotes = crowscan_prefix_xor(m.quote) ^ parity;
        parity = (uint64_t)((int64_t)inQuotes >> 63);
        uint64_t lf0 = m.lf & ~inQuotes, lf1 = m.lf & inQuotes;
        uint64_t cr0 = m.cr & ~inQuotes, cr1 = m.cr & inQuotes;
        uint64_t starts0 = ((lf0 << 1 | carryLF0) | ((cr0 << 1 | carryCR0) & ~m.lf)) & valid;
        uint64_t starts1 = ((lf1 << 1 | carryLF1) | ((cr1 << 1 | carryCR1) & ~m.lf)) & valid;
        carryLF0 = (lf0 >> (tail - 1)) & 1;
        carryCR0 = (cr0 >> (tail - 1)) & 1;
        carryLF1 = (lf1 >> (tail - 1)) & 1;
        carryCR1 = (cr1 >> (tail - 1)) & 1;
        n0 += crowscan_emit(out0 + n0, base + i, starts0);
        n1 += crowscan_emit(out1 + n1, base + i, starts1);
        i = length;
    }
stop:
    if (carryLF0) out0[n0++] = base + i;
    if (carryLF1) out1[n1++] = base + i;
    outside->in_quotes = parity != 0;
    outside->previous_was_cr = (uint8_t)carryCR0;
    inside->in_quotes = parity == 0;
    inside->previous_was_cr = (uint8_t)carryCR1;
    *count0 = n0;
    *count1 = n1;
    return i;
}

/// One block of `crowscan_count_fields`: `valid` cuts the masks of a padded tail.
CROWSCAN_TARGET static inline void crowscan_count_block(const uint8_t *block, uint64_t valid, __m256i quotes,
                                                        __m256i lineFeeds, __m256i returns, __m256i delimiters,
                                                        uint64_t *parity, int64_t *open, int64_t *widest) {
    __m256i lo = _mm256_loadu_si256((const __m256i *)block);
    __m256i hi = _mm256_loadu_si256((const __m256i *)(block + 32));
    uint64_t quoted = crowscan_prefix_xor(crowscan_mask(lo, hi, quotes) & valid) ^ *parity;
    *parity = (uint64_t)((int64_t)quoted >> 63);
    uint64_t terminators = (crowscan_mask(lo, hi, lineFeeds) | crowscan_mask(lo, hi, returns)) & valid & ~quoted;
    uint64_t fields = crowscan_mask(lo, hi, delimiters) & valid & ~quoted;
    while (terminators != 0) {
        uint64_t below = _blsmsk_u64(terminators) & ~terminators;  // the bits before the first terminator
        int64_t count = *open + (int64_t)_mm_popcnt_u64(fields & below);
        if (count > *widest) *widest = count;
        *open = 0;
        fields &= ~below;
        terminators = _blsr_u64(terminators);
    }
    *open += (int64_t)_mm_popcnt_u64(fields);
}

CROWSCAN_TARGET void crowscan_count_fields(const uint8_t *bytes, size_t length, uint8_t quote, uint8_t delimiter,
                                           crowscan_field_state *state) {
    const __m256i quotes = _mm256_set1_epi8((char)quote);
    const __m256i lineFeeds = _mm256_set1_epi8(0x0A);
    const __m256i returns = _mm256_set1_epi8(0x0D);
    const __m256i delimiters = _mm256_set1_epi8((char)delimiter);
    uint64_t parity = state->in_quotes ? ~(uint64_t)0 : 0;
    int64_t open = state->delimiters_in_record, widest = state->widest;
    size_t i = 0;
    for (; i + 64 <= length; i += 64) {
        crowscan_count_block(bytes + i, ~(uint64_t)0, quotes, lineFeeds, returns, delimiters, &parity, &open, &widest);
    }
    if (i < length) {
        uint8_t padded[64] = {0};
        memcpy(padded, bytes + i, length - i);
        crowscan_count_block(padded, ((uint64_t)1 << (length - i)) - 1, quotes, lineFeeds, returns, delimiters, &parity,
                             &open, &widest);
    }
    state->in_quotes = parity != 0;
    state->delimiters_in_record = open;
    state->widest = open > widest ? open : widest;
}

#else

// Not x86-64: `crowscan_available()` is 0 and the Swift kernels run instead; the scans are
// never called.
int crowscan_available(void) { return 0; }

size_t crowscan_starts(const uint8_t *bytes, size_t length, uint64_t base, uint8_t quote, crowscan_state *state,
                       uint64_t *out, size_t capacity, size_t *count) {
    (void)bytes; (void)length; (void)base; (void)quote; (void)state; (void)out; (void)capacity; (void)count;
    __builtin_trap();
}

size_t crowscan_starts_both(const uint8_t *bytes, size_t length, uint64_t base, uint8_t quote,
                            crowscan_state *outside, crowscan_state *inside,
                            uint64_t *out0, size_t capacity0, size_t *count0,
                            uint64_t *out1, size_t capacity1, size_t *count1) {
    (void)bytes; (void)length; (void)base; (void)quote; (void)outside; (void)inside;
    (void)out0; (void)capacity0; (void)count0; (void)out1; (void)capacity1; (void)count1;
    __builtin_trap();
}

void crowscan_count_fields(const uint8_t *bytes, size_t length, uint8_t quote, uint8_t delimiter,
                           crowscan_field_state *state) {
    (void)bytes; (void)length; (void)quote; (void)delimiter; (void)state;
    __builtin_trap();
}

#endif
