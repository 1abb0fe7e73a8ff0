/* verify_predict.h — what the trace analysis says Nsight Compute will count
 * in one whole first-pass launch of a shipped version: the model's trace of
 * a block, analysed, times the blocks that run it.  `reducevis verify` sets
 * it beside ncu's counters; tests hold it to recorded counters. */
#ifndef RV_VERIFY_PREDICT_H
#define RV_VERIFY_PREDICT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rv_prediction {
    double ld_wavefronts, st_wavefronts; /* shared memory, the whole launch      */
    double ld_inst, st_inst;             /* shared load and store instructions   */
    double dsmem_ld_inst;                /* loads of other blocks' shared memory */
    double lanes_per_inst;               /* over the traced statements: an estimate */
} rv_prediction;

/* Version v at block size B over n elements, on a first pass of `grid`
 * blocks (the grid the GPU runs: rv_gpu_grid).  0, or -1 with why. */
int rv_verify_predict(int v, int B, uint64_t n, uint32_t grid, rv_prediction *p, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
