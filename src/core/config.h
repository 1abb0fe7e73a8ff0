/* config.h — what to run: a version, a block size, N, the block to trace,
 * the data and the grid, as every command takes them (args.h) and the model
 * and a GPU capture run them. */
#ifndef RV_CONFIG_H
#define RV_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "core/data.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What to run: the same options for `simulate` and `capture`. */
typedef struct rv_config {
    int version;    /* an id of the version table              */
    int block_size; /* power of two, version's minimum .. 1024 */
    uint64_t n;     /* elements, 1 .. RV_MAX_N                 */
    uint32_t block; /* the block to trace, < grid              */
    rv_data data;
    uint32_t grid; /* blocks; 0 = the version's grid. Only the
                              grid of a version that fills the GPU is a
                              choice (1 .. rv_version_grid_max): capture
                              fills the GPU, the model takes this */
} rv_config;

/* The grid cfg runs: cfg->grid, or the version's default when it is 0. */
uint32_t rv_config_grid(const rv_config *cfg);

/* The defaults of the seeds: v0, block 256, N = 2^25, block 0, ones. */
rv_config rv_config_default(void);

/* Returns 0, or -1 with a message naming the bad option. */
int rv_config_check(const rv_config *cfg, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
