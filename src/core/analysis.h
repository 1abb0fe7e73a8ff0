/* analysis.h — what a trace means: warp states, bank conflicts, coalescing,
 * shared-memory and register contents at each step, wasted work, provenance.
 *
 * Pure functions of a trace: no SDL, no CUDA.  Everything is computed once by
 * rv_analyze() and then read by the viewer, the exporter and `inspect`.
 *
 * Definitions used throughout:
 *  - a warp is idle when none of its lanes executes in the step, full when all
 *    32 do, divergent otherwise; the last warp of a block that is no multiple
 *    of 32 is partial (rv_warp_lanes): its lanes past the block do not
 *    exist, and it is full when all the lanes it has execute;
 *  - a shared-memory request is the k-th shared-memory read (or the write) of
 *    each executing lane of a warp; its conflict degree is the largest number
 *    of distinct words that fall into one bank (word % 32).  The same word read
 *    by several lanes is a broadcast, not a conflict.  1 = conflict-free;
 *  - a global load request is the k-th global read of each executing lane
 *    (an input element or a partial, 4 bytes; a float4, 16); it costs one
 *    transaction per distinct 32-byte sector: a warp's float4s in a row
 *    touch 16 sectors, its floats 4;
 *  - a lane's work is wasted when it executes but the value it writes is never
 *    read (directly or through later useful work) before being overwritten;
 *    an atomic never is: it adds to what is there, and what it leaves is read;
 *  - an atomic request is a warp's atomic instruction (RV_EV_ATOMIC events of
 *    one step): the lanes that hit one word are served one after another, so
 *    it takes as many turns as the most lanes on one word (its serialisation);
 *    a compare-and-swap loop goes round once per attempt (rv_event.tries).
 */
#ifndef RV_ANALYSIS_H
#define RV_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>
#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RV_WARP_SIZE 32
#define RV_BANKS     32

typedef enum rv_warp_state { RV_WARP_IDLE = 0, RV_WARP_FULL = 1, RV_WARP_DIVERGENT = 2 } rv_warp_state;

typedef struct rv_warp_info {
    int warp;
    int active_lanes;
    rv_warp_state state;
    int max_conflict;                         /* worst shared-memory request; 0 = no shared access */
    int smem_requests;                        /* shared-memory requests issued (reads + writes)    */
    int smem_wavefronts;                      /* sum of their degrees: passes the hardware needs   */
    int smem_ld_requests, smem_ld_wavefronts; /* the same, reads alone   */
    int smem_st_requests, smem_st_wavefronts; /* the same, writes alone  */
    int smem_ld_lanes, smem_st_lanes;         /* lanes taking part, summed over requests */
    int gld_requests;                         /* global load requests                             */
    int gld_sectors;                          /* 32-byte sectors they touch, summed               */
    int wasted_lanes;
    /* atomics (RV_EV_ATOMIC): shared ones are their own requests and
       wavefronts (Nsight Compute's op_atom), global ones are counted apart */
    int smem_atom_requests, smem_atom_wavefronts;
    int gatom_requests; /* global atomic / reduction instructions           */
    int atom_lanes;     /* lanes that did an atomic                         */
    int atom_words;     /* distinct words they hit                          */
    int atom_same_word; /* most lanes on one word: the turns it takes       */
    int atom_tries;     /* attempts of every lane, summed (>= atom_lanes)   */
} rv_warp_info;

typedef struct rv_step_info {
    int active_threads;
    int wasted_threads;
    int line;         /* the line most executing threads ran; 0 if none  */
    int max_conflict; /* worst over warps                                */
    int full_warps, divergent_warps;
    int atom_lanes;     /* lanes that did an atomic in the step            */
    int atom_same_word; /* worst warp's most lanes on one word             */
    int atom_words;     /* distinct words all the step's atomics hit       */
    int atom_tries;     /* their attempts, summed                          */
} rv_step_info;

typedef struct rv_analysis {
    const rv_trace *tr;
    int nwarps;
    int smem_words;      /* block_size, or 32 for v7's per-warp partials    */
    rv_step_info *steps; /* [nsteps]                                        */
    rv_warp_info *warps; /* [nsteps * nwarps]                               */
    uint8_t *wasted;     /* [nsteps * block_size]: executed but unused      */
    uint8_t *conflict;   /* [nsteps * smem_words]: degree of the worst request touching the word, 0 = untouched */
    float *smem;         /* [(nsteps+1) * smem_words]: row k = before step k */
    uint8_t *smem_set;   /* same shape: word written at least once          */
    float *regs;         /* [(nsteps+1) * block_size]: thread registers      */
    uint8_t *regs_set;
    uint64_t *scratch; /* [block_size]: room the analysis works in        */
} rv_analysis;

/* Analyses tr (which must outlive the result). NULL + err on failure. */
rv_analysis *rv_analyze(const rv_trace *tr, char *err, size_t errlen);
void rv_analysis_free(rv_analysis *an);

static inline const rv_warp_info *rv_analysis_warp(const rv_analysis *an, int step, int warp)
{
    return &an->warps[(size_t)step * (size_t)an->nwarps + (size_t)warp];
}

/* Conflict degree of one request given the words its lanes touch
 * (words[l] < 0: lane l takes no part). Exposed for tests. */
int rv_bank_conflict_degree(const int64_t words[RV_WARP_SIZE]);

/* Which input elements the value at location acc (RV_ACC of SMEM or REG)
 * holds after step `step`, written compactly into buf, e.g.
 * "in[0..255] + in[256..511]". Returns the number of input elements. */
uint64_t rv_provenance(const rv_analysis *an, int step, uint64_t acc, char *buf, size_t len);

/* A launch's shared-memory requests and wavefronts, by kind, summed over
 * its steps and warps: what Nsight Compute counts for a one-block launch
 * (smsp__sass_inst_executed_op_shared_{ld,st,atom},
 * l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st,atom}). */
typedef struct rv_smem_totals {
    long ld_requests, ld_wavefronts;
    long st_requests, st_wavefronts;
    long atom_requests, atom_wavefronts;
    long gatom_requests;
} rv_smem_totals;
rv_smem_totals rv_analysis_totals(const rv_analysis *an);

/* Short names for the JSON/text output. */
const char *rv_warp_state_name(rv_warp_state s);
const char *rv_phase_name(rv_phase p);

/* A shared-memory request's conflict degree, and its wavefronts in *wavefronts:
 * `words` holds each lane's first word (-1: no access), `width` the words each
 * lane's access covers (1, 2 or 4).  See analysis.c. */
int rv_smem_request(const int64_t words[RV_WARP_SIZE], int width, int *wavefronts);

#ifdef __cplusplus
}
#endif

#endif
