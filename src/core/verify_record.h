/* verify_record.h — the hardware cross-check that `reducevis verify` recorded
 * (assets/results/<device>-verify.json): the trace analysis's predictions
 * beside Nsight Compute's counters, and compute-sanitizer racecheck's
 * verdicts, read back for the viewer. */
#ifndef RV_VERIFY_RECORD_H
#define RV_VERIFY_RECORD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rv_verify_row {
    char version[8];
    int block_size;
    uint64_t grid;   /* blocks of the profiled first pass        */
    char metric[96]; /* ncu metric, or a derived one's formula   */
    double predicted;
    double measured; /* NaN where this ncu had no such counter   */
    char note[400];  /* why they differ, or ""                   */
} rv_verify_row;

typedef struct rv_verify_race {
    char version[8];
    long hazards, errors, warnings;
    char summary[160];
} rv_verify_race;

typedef struct rv_verify_record {
    char device[128];
    char date[32];
    uint64_t n;
    rv_verify_row *rows;
    int nrows;
    rv_verify_race races[8];
    int nraces;
} rv_verify_record;

/* Reads a verify file; NULL with a message naming the problem. */
rv_verify_record *rv_verify_load(const char *path, char *err, size_t errlen);
rv_verify_record *rv_verify_parse(const char *text, size_t len, char *err, size_t errlen);
void rv_verify_free(rv_verify_record *cc);

/* The row of a version, block size and metric (ncu name), or NULL. */
const rv_verify_row *rv_verify_find(const rv_verify_record *cc, const char *version, int block_size,
                                    const char *metric);

/* racecheck's verdict on a version, or NULL when it was not checked. */
const rv_verify_race *rv_verify_race_of(const rv_verify_record *cc, const char *version);

/* The metric names the viewer shows (as verify writes them). */
#define RV_VERIFY_LD_CONFLICTS_L1  "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
#define RV_VERIFY_ST_CONFLICTS_L1  "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
#define RV_VERIFY_LD_CONFLICTS_OWN "wavefronts - instructions, loads"
#define RV_VERIFY_ST_CONFLICTS_OWN "wavefronts - instructions, stores"

#ifdef __cplusplus
}
#endif

#endif
