/* rules.c — the rules of the exercises, each a function of the trace and its
 * analysis that says whether it holds and, with numbers, why.
 *
 * What the rules can see is what an own trace records (src/own/records/build.c): a
 * step per barrier interval, and inside an interval one per shared-memory
 * store, __syncwarp() or shuffle; the analysis's warp states and conflict
 * degrees per step; the own section's sum, cut and time.  A barrier interval
 * is not stored, but a tree level is recognisable: a step that writes shared
 * memory and is its interval's only step (phase RV_PHASE_TREE), which is
 * what each level of a loop with __syncthreads() makes.
 */
#include "rules.h"

#include <string.h>

#include "exercises.h"
#include "versions.h"

static rv_rule_result blank(rv_rule rule)
{
    return (rv_rule_result){.rule = rule,
                            .ok = 1,
                            .step = -1,
                            .warp = -1,
                            .thread = -1,
                            .line = -1,
                            .last_step = -1,
                            .threads = -1,
                            .got = -1,
                            .limit = -1,
                            .index = -1,
                            .extra = -1,
                            .judged = 1};
}

/* The line warp w ran at step s: its first working lane's. */
static int warp_line(const rv_trace *tr, int s, int w)
{
    for (int t = w * RV_WARP_SIZE; t < (w + 1) * RV_WARP_SIZE && t < tr->block_size; t++)
        if (rv_trace_event(tr, s, t)->line) return rv_trace_event(tr, s, t)->line;
    return 0;
}

/* No warp diverges in a step where a warp's worth of threads or more work:
 * below that, a divergent warp is all the work there is. */
static void converged(const rv_trace *tr, const rv_analysis *an, rv_rule_result *r)
{
    r->count = r->looked = 0;
    r->limit = RV_WARP_SIZE;
    for (int s = 0; s < tr->nsteps; s++) {
        if (an->steps[s].active_threads < RV_WARP_SIZE) continue;
        r->looked++;
        if (!an->steps[s].divergent_warps) continue;
        if (r->count++) continue;
        r->step = s;
        r->threads = an->steps[s].active_threads;
        for (int w = 0; w < an->nwarps && r->warp < 0; w++) {
            const rv_warp_info *wi = rv_analysis_warp(an, s, w);
            if (wi->state != RV_WARP_DIVERGENT) continue;
            r->warp = w;
            r->got = wi->active_lanes;
            r->line = warp_line(tr, s, w);
        }
    }
    r->ok = r->count == 0;
}

/* Nothing of any launch was cut: every launch of the run traced, each
 * within what a trace holds (its cut says what it was beyond, in numbers). */
static void whole(const rv_trace *tr, rv_rule_result *r)
{
    r->looked = 0;
    for (const rv_trace *t = tr; t; t = t->next) {
        r->looked += t->nsteps;
        if ((t->own_flags & RV_OWN_CUT) && r->ok) {
            r->ok = 0;
            r->step = (int)t->launch;
        }
    }
}

/* Every shared-memory request of every step is served in one pass. */
static void conflict_free(const rv_trace *tr, const rv_analysis *an, rv_rule_result *r)
{
    r->count = r->looked = 0;
    r->limit = 1;
    for (int s = 0; s < tr->nsteps; s++) {
        if (an->steps[s].max_conflict == 0) continue; /* no shared access */
        r->looked++;
        if (an->steps[s].max_conflict <= 1) continue;
        if (r->count++) continue;
        r->step = s;
        r->threads = an->steps[s].active_threads;
        for (int w = 0; w < an->nwarps; w++) {
            const rv_warp_info *wi = rv_analysis_warp(an, s, w);
            if (wi->max_conflict > r->got) {
                r->got = wi->max_conflict;
                r->warp = w;
            }
        }
        r->line = warp_line(tr, s, r->warp);
    }
    r->ok = r->count == 0;
}

/* Input elements an event reads (a float4 is four). */
static int input_elements(const rv_trace *tr, const rv_event *e)
{
    const uint64_t *rd = rv_event_reads(tr, e);
    int n = 0;
    for (uint32_t k = 0; k < e->nreads; k++)
        n += RV_ACC_SPACE(rd[k]) == RV_SPACE_GIN ? 1 : RV_ACC_SPACE(rd[k]) == RV_SPACE_GIN4 ? 4 : 0;
    return n;
}

static int step_reads_input(const rv_trace *tr, int s)
{
    for (int t = 0; t < tr->block_size; t++)
        if (rv_trace_event(tr, s, t)->line && input_elements(tr, rv_trace_event(tr, s, t))) return 1;
    return 0;
}

/* Each thread adds while it loads: the load is the first step that reads
 * the input and the steps right after it that read it too (a thread may
 * store between its loads); every thread working there reads two input
 * elements or more in it. */
static void two_per_thread(const rv_trace *tr, rv_rule_result *r)
{
    int first = 0;
    while (first < tr->nsteps && !step_reads_input(tr, first)) first++;
    r->limit = 2;
    r->count = r->looked = 0;
    if (first == tr->nsteps) { /* nothing read the input: no load to judge */
        r->ok = 0;
        return;
    }
    int last = first;
    while (last + 1 < tr->nsteps && step_reads_input(tr, last + 1)) last++;
    r->step = first;
    r->last_step = last;
    for (int t = 0; t < tr->block_size; t++) {
        int works = 0, got = 0, line = 0;
        for (int s = first; s <= last; s++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            if (!e->line) continue;
            if (!works) line = e->line;
            works = 1;
            got += input_elements(tr, e);
        }
        if (!works) continue;
        r->looked++;
        r->count += got < r->limit;
        if (r->got < 0 || got < r->got) { /* the thread that reads fewest */
            r->got = got;
            r->thread = t;
            r->line = line;
        }
    }
    r->ok = r->count == 0;
}

/* Half the blocks: each covers twice its threads' worth of the input. */
static void half_grid(const rv_trace *tr, rv_rule_result *r)
{
    uint64_t per_block = 2 * (uint64_t)tr->block_size;
    r->got = tr->grid;
    r->limit = (long long)((tr->n + per_block - 1) / per_block);
    r->ok = r->got <= r->limit;
}

/* No lane reads what another wrote with nothing ordering the two. */
static void synced(const rv_trace *tr, const rv_analysis *an, rv_rule_result *r)
{
    r->count = 0;
    r->looked = tr->nsteps;
    for (int s = 0; s < tr->nsteps; s++) {
        if (!(tr->steps[s].flags & RV_STEP_UNSYNCED) || r->count++) continue;
        r->step = s;
        r->line = an->steps[s].line;
        r->threads = an->steps[s].active_threads;
    }
    r->ok = r->count == 0;
}

/* The last 32 -> 1 without a block barrier: after the last tree level (a
 * shared store alone in its barrier interval) come at least five steps.  A
 * loop with __syncthreads() down to s = 1 leaves one (the write); a warp
 * tail of shared stores or shuffles leaves one per store, __syncwarp() and
 * shuffle.  (After a shuffle the tracer names no step a tree level: a kernel
 * that shuffles has done its 32 -> 1 in registers.) */
static void warp_tail(const rv_trace *tr, const rv_analysis *an, rv_rule_result *r)
{
    int last_tree = -1;
    for (int s = 0; s < tr->nsteps; s++)
        if (tr->steps[s].phase == RV_PHASE_TREE) last_tree = s;
    r->step = last_tree;
    r->line = last_tree >= 0 ? an->steps[last_tree].line : -1;
    r->got = tr->nsteps - 1 - last_tree;
    r->limit = RV_WARP_TAIL_STEPS;
    r->ok = r->got >= r->limit;
}

static void timed(const rv_trace *tr, rv_rule_result *r)
{
    r->ms = tr->own_ms;
    r->ok = tr->own_ms > 0;
}

static void fast(const rv_trace *tr, const rv_exercise *ex, double mark_ms, rv_rule_result *r)
{
    r->ms = tr->own_ms;
    r->mark_ms = mark_ms;
    r->bound_ms = mark_ms > 0 && ex->speed_share > 0 ? mark_ms / ex->speed_share : 0;
    r->ok = r->bound_ms > 0 && r->ms > 0 && r->ms <= r->bound_ms;
}

/* Every input element read by the traced run (the tracer's count): an
 * element never read fails, one read twice is only said. */
static void reads(const rv_rules_facts *f, rv_rule_result *r)
{
    r->judged = f && f->reads != RV_FACT_UNKNOWN;
    if (!r->judged) return;
    r->ok = f->reads == RV_FACT_KNOWN && f->unread == 0;
    if (f->reads != RV_FACT_KNOWN) return; /* a count not to be trusted: got stays -1 */
    r->got = (long long)f->read;
    r->limit = (long long)f->n;
    r->index = f->first_unread;
    r->extra = (long long)f->more_than_once;
    r->count = f->most > 0x7fffffff ? 0x7fffffff : (int)f->most;
}

/* Every call of the timed run summed right, each on an input of its own. */
static void calls(const rv_rules_facts *f, rv_rule_result *r)
{
    r->judged = f && f->calls != RV_FACT_UNKNOWN;
    if (!r->judged) return;
    r->ok = f->calls == RV_FACT_KNOWN && f->nwrong == 0;
    if (f->calls != RV_FACT_KNOWN) return;
    r->got = f->nwrong;
    r->limit = f->ncalls;
    r->looked = f->ncalls;
    r->index = f->first_wrong;
}

void rv_rules_judge(const rv_trace *tr, const rv_analysis *an, const rv_exercise *ex, double mark_ms,
                    const rv_rules_facts *facts, rv_rules_result *res)
{
    memset(res, 0, sizeof *res);
    int own = tr->version == RV_VERSION_OWN;
    for (int k = 0; k < RV_RULE_COUNT; k++) {
        if (!(ex->rules & RV_RULE_BIT(k)) || (!own && k != RV_RULE_OWN)) continue;
        rv_rule_result *r = &res->rules[res->nrules++];
        *r = blank((rv_rule)k);
        switch ((rv_rule)k) {
        case RV_RULE_OWN: r->ok = own; break;
        case RV_RULE_SUM: r->ok = !(tr->own_flags & RV_OWN_SUM_WRONG); break;
        case RV_RULE_CALLS: calls(facts, r); break;
        case RV_RULE_READS: reads(facts, r); break;
        case RV_RULE_WHOLE: whole(tr, r); break;
        case RV_RULE_CONVERGED: converged(tr, an, r); break;
        case RV_RULE_CONFLICT_FREE: conflict_free(tr, an, r); break;
        case RV_RULE_TWO_PER_THREAD: two_per_thread(tr, r); break;
        case RV_RULE_HALF_GRID: half_grid(tr, r); break;
        case RV_RULE_SYNCED: synced(tr, an, r); break;
        case RV_RULE_WARP_TAIL: warp_tail(tr, an, r); break;
        case RV_RULE_TIMED: timed(tr, r); break;
        case RV_RULE_FAST: fast(tr, ex, mark_ms, r); break;
        case RV_RULE_COUNT: break;
        }
    }
    res->pass = res->nrules > 0;
    for (int i = 0; i < res->nrules; i++) {
        res->pass &= res->rules[i].ok;
        res->unjudged += !res->rules[i].judged;
    }
}

int rv_rules_mark_version(void)
{
    for (int k = 0; k < RV_NUM_VERSIONS; k++)
        if (rv_version_at(k)->props & RV_VP_MARK) return rv_version_at(k)->id;
    return -1;
}

const rv_result_run *rv_rules_mark_run(const rv_results *r, uint64_t n, int block_size)
{
    const char *name = rv_version_name(rv_rules_mark_version());
    const rv_result_run *found = NULL;
    for (int i = 0; i < rv_results_count(r); i++) {
        const rv_result_run *run = rv_results_run(r, i);
        if (strcmp(run->version, name) || run->n != n || run->gpus > 1) continue;
        if (!found || (run->block_size == block_size && found->block_size != block_size)) found = run;
    }
    return found;
}
