/* sim.h — the block simulator the version models are written on.
 *
 * A version's model (one file each in this folder, found by the kernel file
 * its row names, models.c) is the sequence of steps its kernel takes, told
 * with these primitives.  Within a step every executing thread reads the
 * state as it was when the step began and its write lands when the step
 * ends: between barriers that is what the kernels guarantee, and in
 * warp-synchronous phases (volatile statements, shuffles) it is what a warp
 * in lockstep does, every lane loading before any lane stores.  Additions
 * happen in float, in the kernels' order, so values match the GPU's bit for
 * bit.
 *
 * The same model function makes the step plan: run without a trace (tr ==
 * NULL) the simulator only collects the steps it is told about.
 */
#ifndef RV_MODEL_SIM_H
#define RV_MODEL_SIM_H

#include <stdint.h>
#include "model.h"

typedef struct rv_sim {
    const rv_config *cfg;
    rv_trace *tr;  /* NULL: planning, nothing is recorded     */
    rv_step *plan; /* the steps met so far [RV_MAX_STEPS]     */
    int B, step, oom, overflow;
    int last_block;          /* first step of a last block's phase, -1: none */
    uint32_t grid;           /* the grid the run has                    */
    float *smem, *smem_next; /* shared memory: at step start, after it  */
    float *reg, *reg_next;   /* one register per thread                 */
    uint64_t reads[RV_MAX_READS];
    int nreads;
} rv_sim;

/* ---- steps and events ----------------------------------------------------- */

/* The next step begins: its phase, stride and label (fmt with one int). */
void sim_step(rv_sim *m, rv_phase phase, int stride, const char *fmt, int arg);
/* The step ends: this step's writes become the state the next one reads. */
void sim_end(rv_sim *m);

/* Reads, noted for the thread's next event. */
float sim_rd_smem(rv_sim *m, uint64_t word);
float sim_rd_reg(rv_sim *m, int t);
float sim_rd_lane(rv_sim *m, int t, int lane);
float sim_rd_global(rv_sim *m, uint64_t i); /* 0, and no read, past the end */
void sim_note(rv_sim *m, uint64_t access);  /* any other read (RV_ACC)      */

/* Marks the step begun with RV_STEP_* flags (a cluster's steps: after
 * cluster.sync(), other blocks' shared memory), in the plan and the trace. */
void sim_flags(rv_sim *m, uint32_t flags);

/* The steps from here on are those of the block that drew the last ticket
 * (a single pass whose last block sums the partials). */
void sim_last_block(rv_sim *m);

/* Thread t's event of this step: `value` written to `write`, at the kernel
 * line that carries `// rv:marker`. */
void sim_emit(rv_sim *m, int t, const char *marker, float value, uint64_t write);

#define SIM_S(w) RV_ACC(RV_SPACE_SMEM, (w))
#define SIM_R(t) RV_ACC(RV_SPACE_REG, (t))

/* ---- what several versions share -------------------------------------------- */

/* One element per thread into shared memory: sdata[tid] = in[base + tid]. */
void sim_load_one(rv_sim *m, uint64_t base);
/* Two elements per thread, blockDim apart, added while loading. */
void sim_load_two(rv_sim *m, uint64_t base);

/* RV_ELEMS_PER_THREAD elements per thread, blockDim apart, summed in its register. */
void sim_load_strided_to_reg(rv_sim *m);

/* Which thread works at stride s, and the word it adds into. */
typedef int (*sim_works_fn)(int t, int s, int B, int *dst);
int sim_works_sequential(int t, int s, int B, int *dst);
/* One tree level between barriers: sdata[dst] += sdata[dst + s]. */
void sim_tree_level(rv_sim *m, int s, const char *marker, sim_works_fn works);
/* v3's sequential tree from blockDim/2 down to stride `last` (exclusive). */
void sim_tree_sequential(rv_sim *m, int last, const char *marker_fmt);

/* The last warp's six volatile statements, all 32 lanes, markers warp32 .. warp1. */
void sim_warp_phase(rv_sim *m);

/* The block's sum by shuffles: each warp's, lane 0's into warpLevelSums
 * (warp_sums), the first warp reloads them (reload) and shuffles again;
 * `prefix` starts the step labels ("" or "last: "). */
void sim_block_sum(rv_sim *m, const char *prefix);

/* Thread 0 writes out[block]: from its register or from sdata[0]. */
void sim_write_reg(rv_sim *m);
void sim_write_smem(rv_sim *m);

/* ---- float4 tiles (versions that fill the GPU) ------------------------------- */

/* Thread tid of block b's sum of its float4 tiles and tail element, in the
 * kernel's order; with m the reads are noted (the traced block).  *marker
 * gets the marker of its last statement, NULL when it read nothing. */
float sim_tile_sum(const rv_config *cfg, uint32_t grid, uint64_t b, uint64_t tid, rv_sim *m, const char **marker);
/* The load step of such a version: every thread's tile sum into its register. */
void sim_tile_load(rv_sim *m);
/* Every block's sum without recording; NULL when memory runs out. */
float *sim_tile_partials(const rv_config *cfg, uint32_t grid);
/* A single-pass tile version's first pass (v8, v10): every block's sum,
 * then the traced block's tiles loaded and summed by shuffles, held to its
 * sum there.  The partials, or NULL with m->oom set. */
float *sim_tile_first_pass(rv_sim *m);
/* Its end in the last block: the gathered partials summed by shuffles, the
 * result written, the trace ended; the partials freed. */
void sim_tile_last_pass(rv_sim *m, float *partials);

#endif
