// The AVX2 + carry-less multiply row-start kernels (CRowScan.c): record starts of a CSV chunk,
// written in batches of absolute byte offsets into a caller buffer.
//
// Same contract as `RowIndexer.scanReference` (Sources/DataTableCSV/RowIndexer.swift): a record
// starts after an LF, a CRLF pair or a lone CR outside quotes; every quote byte toggles the
// in-quotes state; a CR that is the chunk's last byte stays pending in `previous_was_cr`.
//
// Call `crowscan_available()` first: the scan functions use AVX2, PCLMULQDQ, BMI1/2 and POPCNT
// and must not run on a CPU without them (and do nothing but trap off x86-64).
#ifndef CROWSCAN_H
#define CROWSCAN_H

#include <stddef.h>
#include <stdint.h>

#include "CRowScanFields.h"

/// The smallest buffer the scan functions accept, in offsets (64 starts of one block plus the
/// start of a terminator that ends the last block).
#define CROWSCAN_MIN_CAPACITY 65

/// The scanner state at a chunk boundary (`RowIndexerState`).
typedef struct {
    /// Inside a quoted field (an odd number of quote bytes so far): 0 or 1.
    uint8_t in_quotes;
    /// The previous chunk ended with a CR outside quotes whose start is still pending: 0 or 1.
    uint8_t previous_was_cr;
} crowscan_state;

/// 1 when this CPU runs the scan functions (x86-64 with AVX2, PCLMULQDQ, BMI1, BMI2, POPCNT), else 0.
int crowscan_available(void);

/// Scans `bytes[0..<length]` from `*state`, writing `base + i` for each record start `i` to `out`
/// in increasing order. Stops early, at a 64-byte block boundary, when fewer than
/// `CROWSCAN_MIN_CAPACITY` entries of `out` are left; the caller flushes `out` and calls again
/// with the rest of the chunk (`bytes + returned`, `base + returned`) and the same `state`.
/// Returns the bytes consumed (== `length` when done); `*count` = offsets written; `*state` =
/// the state at the stop.
/// `capacity` must be at least `CROWSCAN_MIN_CAPACITY`; `quote` must not be LF or CR.
size_t crowscan_starts(const uint8_t *bytes, size_t length, uint64_t base, uint8_t quote,
                       crowscan_state *state, uint64_t *out, size_t capacity, size_t *count);

/// The same scan under both hypotheses about the chunk's start in one pass
/// (`RowIndexer.scanBothQuoteStates`): starts from `*outside` go to `out0`, starts from
/// `*inside` to `out1`. The two states' `in_quotes` must differ. Stops at a block boundary when
/// either buffer has fewer than `CROWSCAN_MIN_CAPACITY` entries left.
size_t crowscan_starts_both(const uint8_t *bytes, size_t length, uint64_t base, uint8_t quote,
                            crowscan_state *outside, crowscan_state *inside,
                            uint64_t *out0, size_t capacity0, size_t *count0,
                            uint64_t *out1, size_t capacity1, size_t *count1);

/// The state `crowscan_count_fields` carries between consecutive chunks (`FieldCountState`).
typedef struct {
    /// Inside a quoted field at the chunk boundary: 0 or 1.
    uint8_t in_quotes;
    /// Delimiters outside quotes so far in the record that is still open.
    int64_t delimiters_in_record;
    /// The most delimiters of any record so far (the open one included).
    int64_t widest;
} crowscan_field_state;

/// Counts the delimiters outside quotes of each record of `bytes[0..<length]` and keeps the most
/// of any record in `state->widest` (`RowIndexer.countFields`: LF and CR both end a record).
void crowscan_count_fields(const uint8_t *bytes, size_t length, uint8_t quote, uint8_t delimiter,
                           crowscan_field_state *state);

#endif
