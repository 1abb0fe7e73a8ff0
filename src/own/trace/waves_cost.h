/* waves_cost.h — what the waves run's patch costs a student's whole
 * reduction, measured once its waves are in the trace and kept with every
 * launch the patch recorded (repeats, plain_ns, waves_ns: core/waves.h),
 * or why not.  Measured the way the run's timed calls were made:
 *
 *   - a check's calls are the judge's runner's (judged_run.h): the runner
 *     runs again on the same recording under the patch, and the untraced
 *     time is the judged calls' own median.  On a class's GPU this is the
 *     only way: a timed run holds the GPU alone, which there only the
 *     runner may, never the student's own host program.  Outside a class
 *     it is the same, so that a check's cost is set against the very time
 *     it judged, by the same runner on the same queue;
 *   - `trace` times the student's program itself: rv_own_waves_cost, two
 *     timed runs of the program in a row (its own timed run kept CUDA's
 *     queues, which the patched run does not).
 *
 * Nothing here reaches the verdict or the judged times: it runs after them,
 * and a cost that cannot be measured leaves the waves as they are.  The
 * recording is read again as the judged calls read it; the student's waves
 * run, between the two, could rewrite it, which can change only this
 * figure on their own page (the runner trusts nothing in a recording, and
 * every sum is checked), never a verdict. */
#ifndef RV_OWN_WAVES_COST_H
#define RV_OWN_WAVES_COST_H

#include "own/base/opts.h"
#include "own/records/timed.h"
#include "own/run/program_run.h"
#include "own/trace/trace_run.h"

/* The cost measured and kept in res->tr's launches recorded by the patch,
 * or why not in res->waves_cost_why.  res: the run so far (res->timed, the
 * judged calls' as read, with o->judge); spot: the judged calls' spot call,
 * whose reference the patched calls' is checked against too (NULL: one
 * drawn now). */
void rv_own_waves_cost_keep(const rv_own_opts *o, const char *work, const rv_own_tools *t, const rv_timed_spot *spot,
                            rv_own_result *res);

#endif
