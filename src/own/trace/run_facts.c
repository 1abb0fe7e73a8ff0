/* run_facts.c — what a run said beside its trace (the tracer's count of the
 * elements read, the timed run's checked calls) as the rules of the run
 * take it (core/rules.h): rv_own_result_facts of trace_run.h, kept in the
 * library so that the tests judge with the very mapping check uses. */
#include <string.h>

#include "own/trace/trace_run.h"

void rv_own_result_facts(const rv_own_result *r, int timed_run, rv_rules_facts *f)
{
    memset(f, 0, sizeof *f);
    f->reads = r->reads_state == 1 ? RV_FACT_KNOWN : r->reads_state ? RV_FACT_DAMAGED : RV_FACT_UNKNOWN;
    f->n = r->reads.n, f->read = r->reads.read, f->unread = r->reads.unread;
    f->more_than_once = r->reads.more_than_once, f->most = r->reads.most, f->first_unread = r->reads.first_unread;
    if (r->timed_state == 1 && r->timed.checked) {
        f->calls = RV_FACT_KNOWN;
        f->ncalls = r->timed.ncalls, f->nwrong = r->timed.nwrong, f->first_wrong = r->timed.first_wrong;
    } else if (timed_run || r->timed_state == RV_OWN_NOT_REPLAYED ||
               r->timed_state ==
                   RV_OWN_CALL_FAULTED) { /* this driver checks every call: none checked is not to be trusted */
        f->calls = RV_FACT_DAMAGED;
    }
    f->first_wrong = f->calls == RV_FACT_KNOWN ? f->first_wrong : -1;
}
