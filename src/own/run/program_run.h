/* program_run.h — a compiled program run in its work folder: what running
 * needs (the tracer, the Compute Sanitizer library, a GPU), its input written
 * anew, one run traced or timed (in the sandbox when asked, under a time
 * limit), what a failed run said (timed.h reads the timed run's results).  trace_run.c's
 * run stage shares it with its timed run alone (rv_own_time_built: the
 * version to beat's time, build_cache.c). */
#ifndef RV_OWN_PROGRAM_RUN_H
#define RV_OWN_PROGRAM_RUN_H

#include <limits.h>
#include <stdio.h>

#include "own/base/proc.h"
#include "own/base/files.h"
#include "own/base/opts.h"
#include "own/records/timed.h"
#include "own/sandbox/run_cmd.h"
#include "own/sandbox/sandbox.h"
/* The CUDA context of a traced, recorded or memcheck run, and of the judge's
 * runner (judged_run.c), has one hardware queue: making the queues is what
 * the machine does one process at a time, and one queue makes a context
 * twice as fast under a class's load (tests/gpu/contexts.sh).  The judged
 * calls take the queues the traced run had, so that a race between streams
 * the traced run cannot show cannot show in them either, and the version
 * to beat's calls the same (docs/exercises.md, "The judge").  `trace`'s
 * own timed run of the whole program keeps CUDA's default. */
#define RV_OWN_ONE_QUEUE "CUDA_DEVICE_MAX_CONNECTIONS=1"

/* What a traced run needs besides a build. */
typedef struct rv_own_tools {
    char lib[PATH_MAX + 32], patches[PATH_MAX + 32], sanitizer[PATH_MAX + 32];
    char waves[PATH_MAX + 32]; /* the waves run's patches (src/tracer/waves.h) */
} rv_own_tools;

/* A GPU to run on (every run needs one): 0, or 2 with the message. */
int rv_own_need_gpu(const rv_own_opts *o, char *err, size_t errlen);

/* The tracer and the Compute Sanitizer library: 0, or 2 with the message
 * naming what is missing (the GPU is looked for beside other work:
 * trace_run.c). */
int rv_own_find_tracer(rv_own_tools *t, char *err, size_t errlen);

/* Whatever an earlier run left in WORK as results removed. */
void rv_own_clear_results(const char *work);

/* The sum of the traced run's input (o's data, N floats, which the driver
 * makes on the GPU) in sums[0], and of its magnitudes in sums[1]: the
 * reference the GPU's sum is judged by.  A tenth of a second of CPU and
 * more at N = 2^25, so a check does it beside its compile or its traced
 * run. */
void rv_own_input_sums(const rv_own_opts *o, double sums[2]);

/* The stream of o's data the timed run's calls take their inputs from: stream
 * 1 + o->timed_stream (rv_data_derive) of o->data, or of o->judged where the
 * judge's runner makes the calls (o->judge), so that the traced run, the
 * timed calls and the version to beat's (timed_stream 1) all differ. */
rv_data rv_own_timed_data(const rv_own_opts *o);

/* Runs WORK/program once: traced on o's data, with the tracer of t
 * injected (WORK/traced.txt and the records), or timed when t is NULL, each
 * call on an input the driver makes from rv_own_timed_data(o) (WORK/timed.txt,
 * timed.h).  *seconds: the program's wall time.  0, or 2 with what it said (a
 * time limit hit, a signal, a failure; a traced run's bad memory access with
 * memcheck's word on where: rv_own_where_it_failed). */
int rv_own_run_program(const rv_own_opts *o, const char *work, const rv_own_tools *t, double *seconds, char *err,
                       size_t errlen);

/* Runs WORK/program once in its "record" mode under the tracer, nothing
 * patched: launch()'s whole reduction on ones made on the GPU, what it
 * queued recorded in WORK/queued.txt with the modules it loaded (the version
 * to beat's recording for the judge's runner).  0, or 2 with why. */
int rv_own_record_program(const rv_own_opts *o, const char *work, const rv_own_tools *t, char *err, size_t errlen);

/* Runs WORK/program once as a waves run (src/tracer/waves.h): traced on
 * o's data as rv_own_run_program's traced run, with nothing but block
 * entry and exit patched, into WORK/waves/ (made anew): each armed launch's
 * waves-K.rvwaves.  0, or 2 with why (what the tool said among it). */
int rv_own_waves_program(const rv_own_opts *o, const char *work, const rv_own_tools *t, char *err, size_t errlen);

/* What the waves run's patch costs the kernel: WORK/program's timed calls
 * run twice in a row, as the student's own timed run runs them (3 warm-ups
 * and 20 timed whole reductions, each on the GPU alone where it is shared,
 * held where the recording allows), once untraced and once under the
 * waves run's patch (every launch stamped, none read back), both on one
 * hardware queue, into WORK/waves-cost/ (made anew).  *plain_ms and
 * *patched_ms: the medians of their timed calls; *calls: how many.  0, or
 * 2 with why (the trace is good without it: its picture says its cost was
 * not measured). */
int rv_own_waves_cost(const rv_own_opts *o, const char *work, const rv_own_tools *t, double *plain_ms,
                      double *patched_ms, int *calls, char *err, size_t errlen);

/* What injects the tracer into a run: its environment (NULL-ended), and the
 * files the sandbox shows the run (the tracer, its patches, the sanitizer's
 * folder; NULL-ended). */
typedef struct rv_own_tracer_env {
    char inj[PATH_MAX + 64], out[PATH_MAX + 32], pat[PATH_MAX + 64], blk[48], launch[48], san[PATH_MAX + 64],
        ld[2 * PATH_MAX + 64], san_dir[PATH_MAX + 32];
    char *env[12];
    const char *show[4];
} rv_own_tracer_env;

/* The waves run's patch as rv_own_waves_cost injects it into its patched
 * timed run (every launch stamped, none read back, the tool asking no turn
 * of its own; one hardware queue), the tool's files into the folder out:
 * for the judge's runner, whose timed calls a check's cost sets against the
 * judged calls' (judged_run.h).  No turn's fd is named: the runner names
 * its own line. */
void rv_own_patched_env(const rv_own_opts *o, const char *out, const rv_own_tools *t, rv_own_tracer_env *e);

/* A timed run's calls as the cost takes them (what names them in err): the
 * median of its timed calls in *ms and how many in *calls, every sum right.
 * 0, or 2 with why. */
int rv_own_cost_calls(const rv_timed_run *run, const char *what, double *ms, int *calls, char *err, size_t errlen);

/* What the tracer's tool wrote to DIR/tool-error.txt when it could not do
 * its work (src/tracer/tool.c), or NULL when it wrote nothing; the caller
 * frees it. */
char *rv_own_tool_error(const char *dir);
/* Whether the tool could not do its work because the GPU had no memory for
 * its own buffers (DIR/tool-gpu-memory.txt): on a class's shared GPU, the
 * machine's doing (another program holds its memory), not the student's. */
int rv_own_tool_short_of_gpu_memory(const char *dir);

/* After a failed run: compute-sanitizer's memcheck says where an access went
 * wrong (file, line, thread, block), appended to err, when it is installed. */
void rv_own_where_it_failed(const rv_own_opts *o, const char *work, char *err, size_t errlen);

#endif
