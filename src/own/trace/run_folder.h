/* run_folder.h — a traced run's folder read back into a trace: the records
 * of each launch, their listings, run.txt (what was run), the tracer's
 * counts and the timed run's calls (run_folder.c).  trace_run.c runs the
 * programs that fill the folder; this reads what they left, with or
 * without a GPU (--replay). */
#ifndef RV_OWN_RUN_FOLDER_H
#define RV_OWN_RUN_FOLDER_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "core/data.h"
#include "core/trace.h"
#include "own/records/timed.h"
#include "own/trace/trace_run.h"

/* What a run was, kept in WORK/run.txt so that its records can be made into
 * the same trace again without a GPU (--replay). */
typedef struct rv_run_info {
    char file[256], device[RV_ORIGIN_LEN], date[RV_DATE_LEN];
    uint64_t n;
    rv_data data;
    int block_size;   /* what launch() was asked for; 0 in an older folder */
    int judged_set;   /* the judged calls were the judge's runner's ...      */
    rv_data judged;   /* ... on streams of this (judged.txt); written once
                         they are over, never before the program runs      */
    int gpu_launches; /* the traced code launches kernels from the GPU (dynamic
                         parallelism): launches the host's callbacks never see */
} rv_run_info;

/* WORK/run.txt written anew: 0, or -1. */
int rv_run_info_write(const char *work, const rv_run_info *ri);

/* WORK/run.txt read back into *ri, as data (a line that is not what it
 * should be is left unsaid): 0, or 1 with why where it does not say the
 * file, device, date, N and data. */
int rv_run_info_read(const char *work, rv_run_info *ri, char *err, size_t errlen);

/* The raw files of a traced run, in launch order: raw-1.rvraw ... as
 * launches.txt lists them traced, or the one raw.rvraw of a folder kept
 * before every launch was traced; at most `most`.  *launches: the launches
 * the run made. */
int rv_run_raw_files(const char *work, char files[][PATH_MAX + 32], int most, uint32_t *launches);

/* The records at path could not be read (why): none written (the tool did
 * not run), or damaged.  2, with the message. */
int rv_run_raw_failed(const char *path, const char *why, char *err, size_t errlen);

/* The records of a traced run (and the times of a timed one, when there
 * are) in WORK made into res->tr, a launch after another: everything after
 * the GPU.  sums (the input's sum and sum of magnitudes) and spot (the
 * timed call to sum again) where the trace made them ahead, else NULL:
 * made here.  0, or the exit status with why. */
int rv_run_convert(const char *work, const rv_run_info *ri, const char *source, const double *sums,
                   const rv_timed_spot *spot, rv_own_result *res, char *err, size_t errlen);

#endif
