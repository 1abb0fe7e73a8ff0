/* judged_run.h — the calls a check judges (3 warm-ups, 20 timed), made by
 * the judge's runner (rvjudge, src/tracer/judge.cu) and never by the
 * student's host code.
 *
 * The traced run recorded what launch() queued (WORK/queued.txt, with the
 * modules it loaded: src/tracer/queued.h).  The runner loads those modules
 * and replays the recording, one call at a time, on inputs it makes from
 * the data this side hands it over a line when each call starts (stream c
 * of want, which no command line, environment or file holds), sums each
 * call's reference from that data after the call, and gives its results
 * back over the same line: nothing the student's program left behind can
 * read the data ahead or rewrite the results.  The runner runs in the
 * sandbox when o->sandbox, under the run's time limit, with its turns on a
 * class's GPU as the timed run's (gpu_turn.h). */
#ifndef RV_OWN_JUDGED_RUN_H
#define RV_OWN_JUDGED_RUN_H

#include <stddef.h>

#include "core/data.h"
#include "core/status.h"
#include "own/base/opts.h"
#include "own/run/unreplayable.h" /* the runner's key in words */

/* rv_own_judge_calls' status when the recording holds what the runner
 * cannot replay without the student's host code (why in err):
 * RV_EXIT_UNREPLAYABLE (core/status.h), a verdict, not a failure. */
/* ... kept in WORK/judged.txt as this, then the runner's key and its
 * arguments (tab-separated; host-between's frames read as the student's
 * line: unreplayable.h), for --replay. */
#define RV_OWN_UNREPLAYABLE_LINE "not replayed: "
/* rv_own_judge_calls' status when a kernel faulted in a judged call,
 * RV_EXIT_FAULTED (what, in err): a verdict too, the student's kernel's
 * doing; kept in WORK/judged.txt as this, then the runner's "fault" key
 * and arguments. */
#define RV_OWN_FAULTED_LINE      "faulted: "

/* The runner on WORK's recording, its calls' data streams 1.. of want.
 * *results: the results' text (timed.h's format; the caller frees it),
 * also copied to WORK/judged.txt for --keep and --replay; *seconds: the
 * runner's wall time less its waits for the GPU.  0; RV_EXIT_UNREPLAYABLE;
 * RV_EXIT_FAULTED; * or 2 with what went wrong (the runner missing, a kernel that failed or
 * hung). */
int rv_own_judge_calls(const rv_own_opts *o, const char *work, rv_data want, char **results, double *seconds, char *err,
                       size_t errlen);

/* The runner again on WORK's recording once the judged calls are over, the
 * waves run's patch injected (rv_own_patched_env, t's tracer): the check's
 * calls (the same streams of want, the same hardware queue, the GPU alone
 * for the timed ones) timed under the patch, for what the patch costs
 * (src/own/trace/waves_cost.h).  The tool's files and the runner's log go
 * to WORK/waves-cost/, made anew; WORK/judged.txt is left as the judged
 * calls wrote it, and nothing here reaches the verdict.  *results as
 * rv_own_judge_calls's.  0, or 2 with why (what the runner could not replay
 * or a fault too: it replayed the recording before, so here either is a
 * failure). */
struct rv_own_tools;
int rv_own_judge_calls_patched(const rv_own_opts *o, const char *work, rv_data want, const struct rv_own_tools *t,
                               char **results, char *err, size_t errlen);

#endif
