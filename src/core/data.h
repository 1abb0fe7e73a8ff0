/* data.h — the input data patterns: ones, index, mod10, random:SEED.
 *
 * Each element is a pure function of its index, so the CPU model can compute
 * exactly the elements one block reads without building the whole array, and
 * the GPU host code fills the array with the very same numbers.
 */
#ifndef RV_DATA_H
#define RV_DATA_H

/* The patterns' names as the shell completion offers them (opts.h). */
#define RV_DATA_WORDS "ones index mod10 random random:"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rv_data_kind {
    RV_DATA_ONES = 0, RV_DATA_INDEX = 1, RV_DATA_MOD10 = 2, RV_DATA_RANDOM = 3,
    RV_DATA_KIND_COUNT
} rv_data_kind;

typedef struct rv_data {
    rv_data_kind kind;
    uint64_t     seed;         /* random only */
} rv_data;

/* Parses "ones", "index", "mod10", "random" or "random:SEED".
 * Returns 0, or -1 with a message in err. */
int rv_data_parse(const char *s, rv_data *out, char *err, size_t errlen);

/* Writes the pattern's name ("random:42") into buf. */
void rv_data_name(rv_data d, char *buf, size_t len);

/* Element i of the pattern. */
float rv_data_value(rv_data d, uint64_t i);

/* Fills dst[0..count) with elements first..first+count. */
void rv_data_fill(rv_data d, float *dst, uint64_t first, uint64_t count);

#ifdef __cplusplus
}
#endif

#endif
