/* check_replay.c — `reducevis check --replay DIR` (check_replay.h): the
 * run a check kept made into its trace again (trace_run.c's rv_own_replay,
 * the records, counts, reads and timed calls read as the check read them)
 * and the version to beat's timed calls, which the check copied beside
 * them, judged again for its time.  cmd_check.c then judges the trace as it
 * judges a run made now. */
#include "check_replay.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/args.h"
#include "core/i18n.h"
#include "core/rules.h"
#include "core/versions.h"
#include "own/run/program_run.h"
#include "own/records/timed.h"

/* The version to beat's median time from dir's copy of its timed run, held
 * to what the check held it to (rv_own_time_built): its calls on stream 2 of
 * the run's data (of the judged data, where the judge's runner made them),
 * every sum right; and checked, since a replay trusts no
 * older file's bare times.  0 with why in why. */
static double mark_median(const char *dir, const rv_own_result *res, int block, char *why, size_t whylen)
{
    const rv_trace *tr = res->tr;
    rv_own_opts mark = {.data = tr->data,
                        .n = tr->n,
                        .block_size = block,
                        .timed_stream = 1,
                        .judge = res->judged_set,
                        .judged = res->judged};
    char path[PATH_MAX], inner[512], call[256];
    snprintf(path, sizeof path, "%s/%s", dir, CHECK_MARK_TIMED);
    rv_timed_run *run = malloc(sizeof *run);
    if (!run) return snprintf(why, whylen, "%s", _("out of memory")), 0;
    double ms = 0;
    int rc = rv_timed_load_file(path, rv_own_timed_data(&mark), tr->n, (uint64_t)block, run, inner, sizeof inner);
    if (rc == 1) {
        snprintf(why, whylen, _("the folder holds no timed run of it (%s)"), path);
    } else if (rc) {
        snprintf(why, whylen, _("the timed run's results cannot be trusted: %s"), inner);
    } else if (!run->checked) {
        snprintf(why, whylen, _("%s holds times alone, no checked call"), path);
    } else if (run->nwrong) {
        rv_timed_describe(run, run->first_wrong, call, sizeof call);
        snprintf(why, whylen, _("its sum was wrong in the timed run: %s"), call);
    } else {
        ms = run->median_ms;
    }
    free(run);
    return ms;
}

rv_trace *check_replay(const char *dir, int want_mark, rv_own_result *res, double *mark_ms, char *mark_from,
                       size_t fromlen, int *rc, const char **reason)
{
    char err[8192];
    *rc = RV_EXIT_RUNTIME;
    *reason = "load";
    printf(_("replayed from %s, without a GPU: the run as its check kept it\n"), dir);
    int failed = rv_own_replay(dir, res, err, sizeof err);
    if (failed == RV_EXIT_NO_GPU_WORK) { /* as the check said it: the first rule of all broken */
        printf(_("  FAIL   gpu: %s\n"), err);
        *rc = 1;
        *reason = "run";
        return NULL;
    }
    if (failed) {
        rv_cmd_error("check", err);
        return NULL;
    }
    /* as the check did: the version to beat only beside a timed kernel */
    if (res->tr->own_ms > 0) {
        const rv_version_info *vi = rv_version(rv_rules_mark_version());
        int block = res->asked_block > 0 ? res->asked_block : res->tr->block_size;
        *mark_ms = mark_median(dir, res, block, err, sizeof err);
        if (*mark_ms > 0)
            snprintf(mark_from, fromlen, _("%s timed in this run on this GPU, block %d"), vi->name, block);
        else if (want_mark) {
            char msg[sizeof err + 200];
            snprintf(msg, sizeof msg,
                     _("the run kept holds no time of the version to beat to trust (%s); its recorded time "
                       "stands in"),
                     err);
            rv_cmd_error("check", msg);
        }
    }
    return res->tr;
}
