/* results_private.h — the timed results' insides, for the files that make
 * them up (results.c: the runs and what is derived from them;
 * results_table.c: the printed table; results_read.c: a results file read
 * back).  Nothing outside src/core/results*.c includes it. */
#ifndef RV_RESULTS_PRIVATE_H
#define RV_RESULTS_PRIVATE_H

#include "results.h"

#define RV_RESULTS_MAX_RUNS  10000   /* a sweep has 99; duplicates are sought pairwise */
#define RV_RESULTS_MAX_COUNT 1000000 /* --repeat and warm-up runs          */

struct rv_results {
    rv_results_meta meta;
    rv_result_run *runs;
    uint64_t *sizes; /* distinct N, ascending; never more than runs */
    int nruns, nsizes, cap;
};

/* How many GPUs a run used (1 for a single-GPU run). */
int rv_results_run_gpus(const rv_result_run *run);
/* The variant (rv_results_variant) named name, or -1. */
int rv_results_variant_index(const char *name);

#endif
