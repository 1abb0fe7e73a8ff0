/* crosscheck.h — the hardware cross-check that `reducevis verify` recorded
 * (assets/results/<device>-verify.json): the trace analysis's predictions
 * beside Nsight Compute's counters, and compute-sanitizer racecheck's
 * verdicts, read back for the viewer. */
#ifndef RV_CROSSCHECK_H
#define RV_CROSSCHECK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rv_crosscheck_row {
    char     version[8];
    int      block_size;
    uint64_t grid;             /* blocks of the profiled first pass        */
    char     metric[96];       /* ncu metric, or a derived one's formula   */
    double   predicted;
    double   measured;         /* NaN where this ncu had no such counter   */
    char     note[400];        /* why they differ, or ""                   */
} rv_crosscheck_row;

typedef struct rv_crosscheck_race {
    char version[8];
    long hazards, errors, warnings;
    char summary[160];
} rv_crosscheck_race;

typedef struct rv_crosscheck {
    char                device[128];
    char                date[32];
    uint64_t            n;
    rv_crosscheck_row  *rows;
    int                 nrows;
    rv_crosscheck_race  races[8];
    int                 nraces;
} rv_crosscheck;

/* Reads a verify file; NULL with a message naming the problem. */
rv_crosscheck *rv_crosscheck_load(const char *path, char *err, size_t errlen);
rv_crosscheck *rv_crosscheck_parse(const char *text, size_t len, char *err, size_t errlen);
void rv_crosscheck_free(rv_crosscheck *cc);

/* The row of a version, block size and metric (ncu name), or NULL. */
const rv_crosscheck_row *rv_crosscheck_find(const rv_crosscheck *cc, const char *version, int block_size,
                                            const char *metric);

/* racecheck's verdict on a version, or NULL when it was not checked. */
const rv_crosscheck_race *rv_crosscheck_race_of(const rv_crosscheck *cc, const char *version);

/* The metric names the viewer shows (as verify writes them). */
#define RV_CC_LD_CONFLICTS_L1  "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
#define RV_CC_ST_CONFLICTS_L1  "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
#define RV_CC_LD_CONFLICTS_OWN "wavefronts - instructions, loads"
#define RV_CC_ST_CONFLICTS_OWN "wavefronts - instructions, stores"

#ifdef __cplusplus
}
#endif

#endif
