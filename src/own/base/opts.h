/* opts.h — what a trace of a student's file is asked for (the file, the
 * launch and block to record, the data, the sandbox, the timed run), at the
 * bottom of own/'s wings: every wing above base/ reads it, and none needs
 * the pipeline (trace/trace_run.h) for it. */
#ifndef RV_OWN_OPTS_H
#define RV_OWN_OPTS_H

#include <stdint.h>

#include "core/data.h"

typedef struct rv_own_opts {
    const char *file; /* the student's .cu file                         */
    int block_size;   /* threads per block its launch is asked for       */
    uint64_t n;
    uint32_t block;  /* the block to record, of every launch traced    */
    uint32_t launch; /* the one launch to trace (1-based), 0 = every one */
    rv_data data;
    double timeout_s;          /* each run of the program, at most               */
    int time_it;               /* also the timed run                             */
    const char *keep;          /* NULL, or a folder to keep the work in (raw
                              records, cubin, disassembly, logs)             */
    const char *text;          /* NULL, or the source itself (then `file` only
                              names it): a shipped kernel with a launch()    */
    const char *extra_include; /* NULL, or the shipped kernels' folder, which
                                  nvcc then searches (with ../src)           */
    int sandbox;               /* compile and run only inside the sandbox
                              (sandbox.h); refused where none can be made    */
    uint64_t timed_stream;     /* the timed run's inputs: stream 1 + this of data
                              (program_run.h): 0 a student's, 1 the version
                              to beat's in the same check                   */
    const char *keep_timed;    /* NULL, or where rv_own_time_cached copies the
                              timed run's results (timed.txt): a check's
                              kept folder, for `check --replay`             */
    /* NULL, or what the caller runs on a thread of its own once the timed
       run has ended, beside the listing of the machine code and the making
       of the trace (check: the version to beat's timed run, which then has
       the GPU to itself); joined before the run stage returns            */
    void (*beside)(void *arg);
    void *beside_arg;
    const char *build_cache; /* the build cache, where the driver's object
                                is kept (compile.c); NULL: the default one
                                (rv_own_default_cache)                      */
    const int *stop_compile; /* NULL, or the compile is stopped once non-zero
                                 (a trace that found no GPU meanwhile)      */
    int judge;               /* the timed calls are the judge's runner's, from
                              what the traced run recorded (judged_run.h),
                              not the program's own (check; trace times the
                              program itself)                               */
    rv_data judged;          /* with judge: the data the judged calls' streams
                              come from, drawn apart from `data` (which the
                              student's program sees) and never shown to it */
    int waves;               /* also a waves run (src/tracer/waves.h): which SM
                              ran each block of each traced launch, and when,
                              kept in the trace (rv_trace.waves)             */
} rv_own_opts;

#endif
