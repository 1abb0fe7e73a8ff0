/* trace_run.h — `reducevis trace`'s work: a student's .cu file compiled, run
 * once under the tracer (one block of every launch recorded), run again
 * untouched and timed, and made into a trace. */
#ifndef RV_OWN_TRACE_RUN_H
#define RV_OWN_TRACE_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "core/data.h"
#include "core/rules.h"
#include "core/status.h"
#include "core/sumcheck.h"
#include "core/trace.h"
#include "core/versions.h"
#include "own/base/opts.h"
#include "own/records/reads.h"
#include "own/records/timed.h"

typedef struct rv_own_result {
    rv_trace *tr;                     /* NULL when it failed                        */
    rv_sum_verdict verdict;           /* the whole sum, judged as the bench judges  */
    double trace_s;                   /* compile + traced run + trace, seconds      */
    double traced_run_s, plain_run_s; /* the program alone, each way */
    double compile_s;                 /* nvcc (0: compiled by an earlier stage)     */
    double disasm_s;                  /* nvdisasm, beside the timed run             */
    int listed_in_build;              /* every listing came with the compile    */
    double convert_s;                 /* the trace made of the run's records        */
    double traced_ms;                 /* the whole reduction under the tracer (its
                                  first launch recording), CUDA events       */
    int asked_block;                  /* the block launch() was asked for (run.txt;
                                  0: a folder that does not say)             */
    /* every element read: the tracer's count (reads.txt); 0 none (an older
       tracer), 1 read, -1 a file that is not the count (why)                */
    int reads_state;
    rv_reads reads;
    char reads_why[256];
    /* every call checked: the timed run (timed.txt, or the judge's runner's
       judged.txt); 0 none (--no-time), 1 read (timed.checked 0: an older
       run, its times only), -1 a file that is not a timed run's (why),
       RV_OWN_NOT_REPLAYED the runner could not replay launch() (why),
       RV_OWN_CALL_FAULTED a kernel faulted in a judged call (why)          */
    int timed_state;
    rv_timed_run timed;
    char timed_why[512];
    int judged_set; /* the timed calls were the judge's runner's, */
    rv_data judged; /* ... on streams of this (run.txt)           */
    /* a waves run's cost (waves_cost.h): measured into the trace's
       waves, or why not ("" with no waves run)                            */
    char waves_cost_why[600];
} rv_own_result;
#define RV_OWN_NOT_REPLAYED (-2)
#define RV_OWN_CALL_FAULTED (-3)

/* What r's run said beside its trace, as the rules of the run take it
 * (rules.h): the count of the elements read, the timed calls.  timed_run: a
 * timed run was made (then results missing or not to be trusted fail
 * RV_RULE_CALLS, where without one it is not judged). */
void rv_own_result_facts(const rv_own_result *r, int timed_run, rv_rules_facts *f);

/* The build stage alone: the source copied into the folder dir (made if
 * need be) as student.cu beside the driver, compiled there with nvcc (in the
 * sandbox when o->sandbox), and dir/build.txt stamped with the source's hash.
 * No GPU or tracer needed.  0, or the exit status with the message (nvcc's
 * at the file's own lines) as rv_own_trace gives. */
int rv_own_compile(const rv_own_opts *o, const char *dir, char *err, size_t errlen);

/* The run stage alone, on what rv_own_compile left in dir (the same source,
 * or it is refused): traced run, machine code listing, timed run, trace;
 * nothing is compiled and the work stays in dir.  dir is untrusted: its
 * program runs only as o says (in the sandbox with o->sandbox), its stamp is
 * read as data, and whatever else this stage writes or shows is made anew. */
int rv_own_run_built(const rv_own_opts *o, const char *dir, rv_own_result *res, char *err, size_t errlen);

/* The waves run alone on what rv_own_run_built left in dir (checked as it
 * checks it): the program run once as a waves run, as the kept run ran it
 * (run.txt: N, data, block), then the judged calls again, untouched and
 * under the patch, for its cost; the waves kept in res->tr, given: the
 * trace check saved from that run (trace: its file's name), which must be
 * a student's kernel of the same source, N and data.  Nothing is traced
 * or judged again, so the trace is the verdict's own.  0, or the exit
 * status with the message. */
int rv_own_waves_built(const rv_own_opts *o, const char *dir, const char *trace, rv_own_result *res, char *err,
                       size_t errlen);

/* The timed run alone on what rv_own_compile left in dir (checked as
 * rv_own_run_built checks it): the input written, the program run once
 * untraced (its "time" mode), and the median of its times in *ms.  Needs a
 * GPU, but neither the tracer nor its library.  0, or the exit status with
 * the message. */
int rv_own_time_built(const rv_own_opts *o, const char *dir, double *ms, char *err, size_t errlen);

/* Both stages in turn, in a work folder of its own.  Returns 0, or the exit status (1: the file or an option is
 * wrong, 2: something is missing or the kernel failed) with a message in err
 * that names the problem (nvcc's messages about the student's file included). */
int rv_own_trace(const rv_own_opts *o, rv_own_result *res, char *err, size_t errlen);

/* rv_own_trace's status when the program ran but launch() started no kernel
 * on the GPU (a sum made on the host): RV_EXIT_NO_GPU_WORK (core/status.h),
 * nothing to trace, and a verdict. */

/* The shipped version to beat (o from rv_own_shipped) timed with its build
 * taken from the cache folder `cache` (made if need be), compiled there once
 * for its source, headers, nvcc and architecture, and copied into a work
 * folder of its own: its timed run alone (rv_own_time_built), the median in
 * *ms, and its results copied to o->keep_timed when that is set.  NULL, or a cache that cannot be made: compiled in the work folder
 * first.  0, or the exit status with the message.  src/own/trace/build_cache.c. */
int rv_own_time_cached(const rv_own_opts *o, const char *cache, double *ms, char *err, size_t errlen);

/* The cache given that build now, compiled if it holds none (no GPU
 * needed): 0, or the exit status with the message (2 where nvcc cannot be
 * found or the folder cannot be made). */
int rv_own_fill_cache(const rv_own_opts *o, const char *cache, char *err, size_t errlen);

/* `capture` of a version whose kernel carries no trace macros: its file
 * traced unchanged (as rv_own_shipped makes it), adopted as the version's GPU
 * trace (adopt.h).  NULL with the problem in err. */
struct rv_config;
rv_trace *rv_own_capture(const struct rv_config *cfg, char *err, size_t errlen);

/* The same trace again from a folder a run kept (--keep): its records,
 * machine code listing, results and run.txt, without a GPU or nvcc.  The
 * folder is untrusted: it is read as rv_own_trace reads its own work.
 * RV_EXIT_NO_GPU_WORK, with rv_own_trace's message, when the run it kept
 * started no kernel (its tracer listed allocations, and no launch). */
int rv_own_replay(const char *dir, rv_own_result *res, char *err, size_t errlen);

#endif
