/* data.h — the input data patterns: ones, index, mod10, random:SEED,
 * signed:SEED.
 *
 * Each element is a pure function of its index, so the CPU model can compute
 * exactly the elements one block reads without building the whole array, and
 * the GPU host code fills the array with the very same numbers.  signed is
 * the judge's data (`reducevis check`): its sum is near 0 and spreads as
 * sqrt(N/3), so a kernel cannot guess it, while a float sum of it in any
 * order rounds far less than that spread (sumcheck.h).  src/tracer/driver.cu
 * makes random and signed on the GPU with the same formula; keep them equal.
 */
#ifndef RV_DATA_H
#define RV_DATA_H

/* The patterns' names as the shell completion offers them (opts.h). */
#define RV_DATA_WORDS "ones index mod10 random random: signed signed:"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rv_data_kind {
    RV_DATA_ONES = 0,
    RV_DATA_INDEX = 1,
    RV_DATA_MOD10 = 2,
    RV_DATA_RANDOM = 3,
    RV_DATA_SIGNED = 4, /* random stretched to [-1, 1): 2 x random - 1  */
    RV_DATA_KIND_COUNT
} rv_data_kind;

typedef struct rv_data {
    rv_data_kind kind;
    uint64_t seed; /* random and signed only */
} rv_data;

/* Parses "ones", "index", "mod10", "random", "random:SEED", "signed" or
 * "signed:SEED".
 * Returns 0, or -1 with a message in err. */
int rv_data_parse(const char *s, rv_data *out, char *err, size_t errlen);

/* Writes the pattern's name ("random:42") into buf. */
void rv_data_name(rv_data d, char *buf, size_t len);

/* Element i of the pattern. */
float rv_data_value(rv_data d, uint64_t i);

/* Fills dst[0..count) with elements first..first+count. */
void rv_data_fill(rv_data d, float *dst, uint64_t first, uint64_t count);

/* 1 when the pattern has a seed (random, signed). */
int rv_data_seeded(rv_data d);

/* Stream k of d: the same pattern with a seed mixed from d's seed and k, so
 * that every call of a run gets inputs of its own that follow from the one
 * seed a check prints (a pattern without a seed is itself).  The driver
 * (src/tracer/driver.cu, derive()) computes the same. */
rv_data rv_data_derive(rv_data d, uint64_t k);

/* A seed nobody can predict, from the kernel's random source (getrandom,
 * else /dev/urandom; never the clock).  0, or -1 when neither answered. */
int rv_data_fresh_seed(uint64_t *seed);

#ifdef __cplusplus
}
#endif

#endif
