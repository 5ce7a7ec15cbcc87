// The AVX2 field-finding kernel (CRowScanFields.c): where field N of each record of a run of
// records starts and ends, for the raw field batches of a mapped CSV file
// (`CSVFileDataSource.withRawFieldBatches`).
//
// Same rule as `CSVFieldCursor` (Sources/DataTableKit/CSV/CSVFieldCursor.swift): every quote byte
// toggles whether the bytes after it are inside quotes, a delimiter outside quotes ends a field,
// a CR or LF outside quotes ends the record. A record that ends before the field, or whose walk
// would read past the readable bytes, is left to the caller (`CROWSCAN_FIELD_UNRESOLVED`), which
// reads it with the cursor.
#ifndef CROWSCAN_FIELDS_H
#define CROWSCAN_FIELDS_H

#include <stddef.h>
#include <stdint.h>

/// The start written for a record the kernel leaves to the caller.
#define CROWSCAN_FIELD_UNRESOLVED (-1)

/// For each record `i < count` of a run: the record is `bytes[base + starts[i] ..< base + next]`,
/// `next` being `starts[i + 1]` (or `last_end` for the last one). Writes the absolute offsets
/// (from `bytes`) of field `column` of it to `field_starts[i]` and `field_ends[i]`, quotes
/// included, or `CROWSCAN_FIELD_UNRESOLVED` to `field_starts[i]` (see above). Reads only
/// `bytes[0..<readable]`. `delimiter` and `quote` must differ and be neither LF nor CR.
/// Call `crowscan_available()` first (AVX2, BMI1 and POPCNT).
void crowscan_fields(const uint8_t *bytes, uint64_t readable, uint64_t base, const uint32_t *starts, size_t count,
                     uint64_t last_end, size_t column, uint8_t delimiter, uint8_t quote, int64_t *field_starts,
                     int64_t *field_ends);

#endif
