/* bulk.h — a bulk copy by the Tensor Memory Accelerator (a raw RV_RAW_BULK
 * record) laid over the block's threads as pieces the builder draws like
 * cp.async's: see bulk.c for how, and what the pieces' values are. */
#ifndef RV_OWN_BULK_H
#define RV_OWN_BULK_H

#include <stddef.h>

#include "core/data.h"
#include "own/records/raw_file.h"

/* Where the driver's input lies and what it holds: the values a piece shows
 * when it copies from there. */
typedef struct rv_bulk_input {
    uint64_t in_addr, in_n;
    rv_data data;
} rv_bulk_input;

/* The records of raw with each bulk copy replaced by its pieces, in *out
 * (out->rec malloc'd; out->h is raw's with the new count).  Returns 1 when
 * raw has a bulk copy and *out was made, 0 when it has none (out untouched),
 * -1 when out of memory.  *cut_words: the words of the largest copy that
 * found no thread (a copy of more than 4 words a thread), 0 when none. */
int rv_own_bulk_expand(const rv_raw *raw, const rv_bulk_input *in, rv_raw *out, uint64_t *cut_words);

#endif
