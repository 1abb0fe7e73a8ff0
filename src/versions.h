/* versions.h — the reduction versions v0..v9: names, lessons, limits, grids.
 *
 * One table, read by every other module: the CLI lists it, the model and the
 * GPU driver size their grids from it, the viewer prints its lessons.
 * Numbering follows the seed document 002 (v0 baseline ... v7 shuffle); other
 * seeds number the same ideas one higher (their "reduce 1" is our v0).
 */
#ifndef RV_VERSIONS_H
#define RV_VERSIONS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* v0..v7 as in the seeds; then versions beyond them (v4s: v4 corrected;
 * v8: 128-bit loads, a grid sized to the GPU, a single pass; v9: v8 ending
 * in one atomicAdd per block instead of its last block). */
#define RV_NUM_VERSIONS 11
#define RV_V8 9                /* v8's id: its grid is a choice, not a formula */
#define RV_V9 10               /* v9's id: v8's grid and tiles, an atomic ending */

/* v8's (and v9's) default grid, used without a GPU: the blocks an H100 or H200 keeps
 * resident at once (132 SMs x 2048 threads), capped by the float4s of N. */
#define RV_V8_DEFAULT_SMS         132
#define RV_V8_THREADS_PER_SM      2048

/* v8's and v9's rows of float4s per tile (UNROLL in their kernels;
 * the fidelity tests fail if the two ever differ). */
#define RV_V8_UNROLL              4

typedef struct rv_version_info {
    int         id;            /* index in the table (v0..v7 are 0..7)        */
    const char *name;          /* "v1"                                        */
    const char *title;         /* "strided index"                             */
    const char *file;          /* "v1_strided_index.cu"                       */
    const char *summary;       /* one line for `reducevis versions`           */
    const char *changed;       /* what changed from the previous version      */
    int         min_block;     /* smallest block size the code allows         */
    int         elems_per_thread; /* elements each thread reads from global   */
    int         tuned_block;   /* block size `bench` times it at unless one is
                                  given (0: the bench's default, 256)          */
} rv_version_info;

/* The entry for version v, or NULL when v is out of range. */
const rv_version_info *rv_version(int v);

/* Version v's name ("v4s"), or "v?" when out of range. */
const char *rv_version_name(int v);

/* Words of shared memory the version's trace can touch at a block size. */
int rv_version_smem_words(int v, int block_size);

/* Every version's name, comma-separated ("v0, v1, ..., v4s"), for messages. */
const char *rv_version_list(void);

/* Parses a version name ("v3", "3", "v4s"); returns its id or -1. */
int rv_version_parse(const char *s);

/* Blocks in the first pass over n elements: the version's formula, or for
 * v8 and v9 their default grid (see rv_version_grid_max for what else they
 * accept). */
uint64_t rv_version_grid(int v, int block_size, uint64_t n);

/* The largest grid version v may run over n elements: for v8 and v9 one
 * float4 per thread, ceil(n / (4 x block size)); for the others their one grid. */
uint64_t rv_version_grid_max(int v, int block_size, uint64_t n);

/* 1 when version v's grid is a free choice from 1 to rv_version_grid_max
 * (v8, v9: sized to the GPU, reading tiles of float4s dealt in turn), 0 when
 * it must equal rv_version_grid. */
int rv_version_grid_free(int v);

/* 1 when version v reduces the whole array in one launch (v8, v9): `out`
 * holds grid slots for partials and the result after them, at out[grid]. */
int rv_version_single_pass(int v);

/* NULL if the block size is allowed for version v, else why not (static text). */
const char *rv_version_check_block(int v, int block_size);

/* The kernel source of version v, embedded at build time (NUL-terminated). */
const char *rv_version_source(int v);

/* FNV-1a 64 hash of that source: traces carry it to show which code made them. */
uint64_t rv_version_source_hash(int v);

#ifdef __cplusplus
}
#endif

#endif
