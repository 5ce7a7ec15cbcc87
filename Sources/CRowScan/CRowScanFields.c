// Field N of each record of a run of records, 64 bytes a step (AVX2 compares and movemask): the
// quotes of a step give which of its bytes are inside quotes (the prefix XOR of the quote bits:
// every quote toggles), the delimiters outside quotes before its first LF or CR outside quotes
// are counted (POPCNT), so a record's fields before N cost a step per 64 bytes whatever their
// number or quoting (`crowscan_step_masks`, every walk's step). A field that ends in its
// record's first 64 bytes is found from them alone (while that path keeps finding them: see
// `crowscan_fields`), and the record 32 ahead is prefetched. See CRowScanFields.h.

#include "CRowScanFields.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define CROWSCAN_FIELDS_TARGET __attribute__((target("avx2,pclmul,bmi,bmi2,popcnt")))

/// Bit i set when an odd number of bits 0...i of `x` are set: one carry-less multiply by all
/// ones (as the row indexer's quote parity).
CROWSCAN_FIELDS_TARGET static inline uint64_t crowscan_prefix_xor(uint64_t x) {
    __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)x), _mm_set1_epi8((char)0xFF), 0);
    return (uint64_t)_mm_cvtsi128_si64(product);
}

CROWSCAN_FIELDS_TARGET static inline uint64_t crowscan_fields_mask(__m256i lo, __m256i hi, __m256i byte) {
    uint32_t a = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, byte));
    uint32_t b = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, byte));
    return (uint64_t)a | ((uint64_t)b << 32);
}

/// The masks of the 64 bytes at `at`, `inside` all ones when they start inside quotes: the
/// bytes inside quotes (an opening quote counts as inside, a closing one as outside), and the
/// delimiters and LF/CR outside them. One step of every walk below.
CROWSCAN_FIELDS_TARGET static inline void crowscan_step_masks(const uint8_t *at, __m256i d, __m256i q, __m256i lf,
                                                              __m256i cr, uint64_t inside, uint64_t *quoted,
                                                              uint64_t *delimiters, uint64_t *stops) {
    __m256i lo = _mm256_loadu_si256((const __m256i *)at), hi = _mm256_loadu_si256((const __m256i *)(at + 32));
    uint64_t in = crowscan_prefix_xor(crowscan_fields_mask(lo, hi, q)) ^ inside;
    *quoted = in;
    *delimiters = crowscan_fields_mask(lo, hi, d) & ~in;
    *stops = (crowscan_fields_mask(lo, hi, lf) | crowscan_fields_mask(lo, hi, cr)) & ~in;
}

/// Field `column` of `bytes[start..<end]`, or `*field_start` unresolved when the record ends
/// before the field or a step would read past `readable`.
CROWSCAN_FIELDS_TARGET static inline void crowscan_field(const uint8_t *bytes, uint64_t readable, uint64_t start,
                                                         uint64_t end, size_t column, __m256i d, __m256i q,
                                                         __m256i lf, __m256i cr, int64_t *field_start,
                                                         int64_t *field_end) {
    uint64_t p = start, inside = 0;
    size_t left = column;
    int64_t found = column == 0 ? (int64_t)start : -1;
    while (p + 64 <= readable) {
        uint64_t quoted, delimiters, stops;
        crowscan_step_masks(bytes + p, d, q, lf, cr, inside, &quoted, &delimiters, &stops);
        inside = (uint64_t)((int64_t)quoted >> 63);
        // The record's end stops the walk like a terminator.
        if (end - p < 64) stops |= 1ull << (end - p);
        unsigned stop = stops ? (unsigned)__builtin_ctzll(stops) : 64;
        if (stop < 64) delimiters &= (1ull << stop) - 1;
        if (found < 0) {
            unsigned n = (unsigned)__builtin_popcountll(delimiters);
            if (n < left) {
                if (stop < 64) break;
                left -= n;
                p += 64;
                continue;
            }
            for (size_t k = 1; k < left; k++) delimiters &= delimiters - 1;
            unsigned at = (unsigned)__builtin_ctzll(delimiters);
            found = (int64_t)(p + at + 1);
            delimiters &= delimiters - 1;
        }
        if (delimiters) {
            *field_start = found;
            *field_end = (int64_t)(p + (unsigned)__builtin_ctzll(delimiters));
            return;
        }
        if (stop < 64) {
            *field_start = found;
            *field_end = (int64_t)(p + stop);
            return;
        }
        p += 64;
    }
    *field_start = CROWSCAN_FIELD_UNRESOLVED;
    *field_end = 0;
}

/// `crowscan_near_field` for a field that ends in the record's first 64 bytes (two loads, not
/// four): 1 when it wrote the field, 0 when the field does not end there.
CROWSCAN_FIELDS_TARGET static inline int crowscan_near_field64(const uint8_t *bytes, uint64_t start, uint64_t end,
                                                              size_t column, __m256i d, __m256i q, __m256i lf,
                                                              __m256i cr, int64_t *field_start, int64_t *field_end) {
    uint64_t quoted, delimiters, stops;
    crowscan_step_masks(bytes + start, d, q, lf, cr, 0, &quoted, &delimiters, &stops);
    // The record's end stops the walk like a terminator.
    uint64_t length = end - start;
    stops |= length < 64 ? 1ull << (length & 63) : 0;
    uint64_t stop = stops ? _tzcnt_u64(stops) : 64;
    delimiters = _bzhi_u64(delimiters, (unsigned)stop);
    uint64_t n = (uint64_t)_mm_popcnt_u64(delimiters);
    if (!(n > column || (stop < 64 && n == column))) return 0;
    uint64_t before = column == 0 ? (uint64_t)-1 : _tzcnt_u64(_pdep_u64(1ull << ((column - 1) & 63), delimiters));
    uint64_t after = n > column ? _tzcnt_u64(_pdep_u64(1ull << (column & 63), delimiters)) : stop;
    *field_start = (int64_t)(start + before + 1);
    *field_end = (int64_t)(start + after);
    return 1;
}

/// The offset of the `k`-th (from 1) set bit of the 128-bit mask `low | high << 64` whose low
/// word has `low_count` set bits; 128 and up when there is none. No branch.
CROWSCAN_FIELDS_TARGET static inline uint64_t crowscan_select(uint64_t low, uint64_t high, uint64_t low_count, uint64_t k) {
    uint64_t in_low = _tzcnt_u64(_pdep_u64(1ull << ((k - 1) & 63), low));
    uint64_t in_high = 64 + _tzcnt_u64(_pdep_u64(1ull << ((k - 1 - low_count) & 63), high));
    uint64_t beyond = 128 + k;
    uint64_t at = k <= low_count ? in_low : in_high;
    return k - 1 - low_count >= 64 && k > low_count ? beyond : at;
}

/// `crowscan_field` for a field that ends in the record's first 128 bytes, without a branch
/// on the bytes: 1 when it wrote the field, 0 when the field is not there (or the record
/// ends before it): then the step loop reads the record.
CROWSCAN_FIELDS_TARGET static inline int crowscan_near_field(const uint8_t *bytes, uint64_t start, uint64_t end,
                                                            size_t column, __m256i d, __m256i q, __m256i lf,
                                                            __m256i cr, int64_t *field_start, int64_t *field_end) {
    uint64_t quoted0, d0, s0, quoted1, d1, s1;
    crowscan_step_masks(bytes + start, d, q, lf, cr, 0, &quoted0, &d0, &s0);
    crowscan_step_masks(bytes + start + 64, d, q, lf, cr, (uint64_t)((int64_t)quoted0 >> 63), &quoted1, &d1, &s1);
    // The record's end stops the walk like a terminator.
    uint64_t length = end - start;
    s0 |= length < 64 ? 1ull << (length & 63) : 0;
    s1 |= length - 64 < 64 ? 1ull << (length & 63) : 0;
    uint64_t stop = s0 ? _tzcnt_u64(s0) : 64 + _tzcnt_u64(s1);
    d0 = _bzhi_u64(d0, (unsigned)stop);
    d1 = stop > 64 ? _bzhi_u64(d1, (unsigned)(stop - 64)) : 0;
    uint64_t n0 = (uint64_t)_mm_popcnt_u64(d0), total = n0 + (uint64_t)_mm_popcnt_u64(d1);
    // Ends: the column-th delimiter (before the field) and the next one or the stop.
    uint64_t before = column == 0 ? (uint64_t)-1 : crowscan_select(d0, d1, n0, column);
    uint64_t after = total > column ? crowscan_select(d0, d1, n0, column + 1) : stop;
    if (total < column || after >= 128) return 0;
    *field_start = (int64_t)(start + before + 1);
    *field_end = (int64_t)(start + after);
    return 1;
}

CROWSCAN_FIELDS_TARGET void crowscan_fields(const uint8_t *bytes, uint64_t readable, uint64_t base,
                                            const uint32_t *starts, size_t count, uint64_t last_end, size_t column,
                                            uint8_t delimiter, uint8_t quote, int64_t *field_starts,
                                            int64_t *field_ends) {
    const __m256i d = _mm256_set1_epi8((char)delimiter), q = _mm256_set1_epi8((char)quote);
    const __m256i lf = _mm256_set1_epi8('\n'), cr = _mm256_set1_epi8('\r');
    // The 64-byte path is taken while it finds the field: the first 64 records tell (a field
    // past byte 64 in some records and not others would make its branch a coin toss), and it
    // stops for the rest of the run at one miss in 16 records.
    size_t tried = 0, missed = 0;
    for (size_t i = 0; i < count; i++) {
        if (i + 32 < count) { __builtin_prefetch(bytes + base + starts[i + 32]); __builtin_prefetch(bytes + base + starts[i + 32] + 64); }
        uint64_t start = base + starts[i];
        uint64_t end = i + 1 < count ? base + starts[i + 1] : last_end;
        if (column < 126 && start + 128 <= readable) {
            if (missed * 16 <= tried || tried < 64) {
                tried++;
                if (crowscan_near_field64(bytes, start, end, column, d, q, lf, cr, field_starts + i, field_ends + i))
                    continue;
                missed++;
            }
            if (crowscan_near_field(bytes, start, end, column, d, q, lf, cr, field_starts + i, field_ends + i))
                continue;
        }
        crowscan_field(bytes, readable, start, end, column, d, q, lf, cr, field_starts + i, field_ends + i);
    }
}

#else

void crowscan_fields(const uint8_t *bytes, uint64_t readable, uint64_t base, const uint32_t *starts, size_t count,
                     uint64_t last_end, size_t column, uint8_t delimiter, uint8_t quote, int64_t *field_starts,
                     int64_t *field_ends) {
    __builtin_trap();
}

#endif
