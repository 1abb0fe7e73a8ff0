/* waves_cost.c — what the waves run's patch costs the whole reduction
 * (waves_cost.h): the judge's runner under the patch set against the judged
 * calls, or the student's program timed twice, and the medians kept with
 * every launch the patch recorded. */
#include "own/trace/waves_cost.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/i18n.h"
#include "core/waves.h"
#include "own/run/judged_run.h"
#include "own/turns/gpu_turn.h"

/* The medians kept with every launch the patch recorded: each is a whole
 * reduction's, the same in every launch of the run. */
static void keep(rv_trace *trace, double plain_ms, double patched_ms, int calls)
{
    for (rv_trace *tr = trace; tr; tr = tr->next)
        for (rv_waves *w = tr->waves; w; w = w->next)
            if (w->how == RV_WAVES_BY_PATCH)
                w->repeats = (uint32_t)calls, w->plain_ns = (uint64_t)llround(plain_ms * 1e6),
                w->waves_ns = (uint64_t)llround(patched_ms * 1e6);
}

/* The check's way: the untraced time the judged calls' median (the same
 * runner, recording, data streams and queue, the GPU alone), the patched
 * one the runner's again under the patch, both checked as
 * rv_own_waves_cost checks its two.  0, or 2 with why. */
static int by_runner(const rv_own_opts *o, const char *work, const rv_own_tools *t, const rv_timed_spot *spot,
                     const rv_own_result *res, double *plain_ms, double *patched_ms, int *calls, char *err,
                     size_t errlen)
{
    int plain_calls = 0;
    if (res->timed_state != 1)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s",
                       _("the judged calls gave no times to set the patched ones against"));
    if (rv_own_cost_calls(&res->timed, _("the judged calls"), plain_ms, &plain_calls, err, errlen)) return 2;
    char *text = NULL, why[400];
    int rc = rv_own_judge_calls_patched(o, work, rv_own_timed_data(o), t, &text, err, errlen);
    rv_timed_run *run = rc ? NULL : malloc(sizeof *run);
    if (!rc && !run) rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s", _("out of memory"));
    /* read and judged as the judged calls' results are (judged_facts) */
    if (!rc &&
        rv_timed_parse_spot(text, rv_own_timed_data(o), o->n, (uint64_t)o->block_size, spot, run, why, sizeof why))
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the judged calls under the patch: %s"), why);
    if (!rc) rc = rv_own_cost_calls(run, _("the judged calls under the patch"), patched_ms, calls, err, errlen);
    if (!rc && plain_calls != *calls)
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("its two timed runs made %d and %d timed calls"), plain_calls,
                     *calls);
    free(run);
    free(text);
    return rc;
}

void rv_own_waves_cost_keep(const rv_own_opts *o, const char *work, const rv_own_tools *t, const rv_timed_spot *spot,
                            rv_own_result *res)
{
    char *why = res->waves_cost_why;
    size_t len = sizeof res->waves_cost_why;
    double plain_ms, patched_ms;
    int calls, rc;
    if (o->judge && o->time_it)
        rc = by_runner(o, work, t, spot, res, &plain_ms, &patched_ms, &calls, why, len);
    else if (rv_turn_have_gate()) /* no judged calls to set it against (check --no-time) */
        rc = rv_fail(why, len, RV_EXIT_RUNTIME, "%s",
                     _("not on a class's shared GPU: its timed runs would hold the GPU alone with the student's "
                       "own program"));
    else
        rc = rv_own_waves_cost(o, work, t, &plain_ms, &patched_ms, &calls, why, len);
    if (!rc) keep(res->tr, plain_ms, patched_ms, calls);
}
