/* check_words.c — `reducevis check`'s words: one line per rule, with the
 * numbers behind its verdict (check_words.h).  The rules themselves are
 * src/core/rules.c's; what a line says comes from the rule's result and,
 * for the rules of the run (every call, every element), from the run. */
#include "check_words.h"

#include <inttypes.h>
#include <stdio.h>

#include "core/i18n.h"
#include "core/versions.h"

void check_group_digits(uint64_t v, char *buf, size_t len)
{
    char digits[32];
    snprintf(digits, sizeof digits, "%" PRIu64, v);
    size_t nd = 0, o = 0;
    while (digits[nd]) nd++;
    for (size_t i = 0; i < nd && o + 2 < len; i++) {
        buf[o++] = digits[i];
        if ((nd - 1 - i) % 3 == 0 && i + 1 < nd) buf[o++] = ',';
    }
    if (len) buf[o < len ? o : len - 1] = 0;
}

/* Every call of the timed run summed right. */
static void say_calls(const rv_rule_result *r, const check_context *cx)
{
    const rv_timed_run *t = cx->timed;
    if (!r->judged) {
        printf(_("calls: not judged: %s"), cx->calls_why);
    } else if (cx->calls_not_replayed) {
        printf(_("calls: not replayed: %s"), cx->calls_why);
    } else if (cx->calls_faulted) {
        printf(_("calls: %s"), cx->calls_why);
    } else if (r->got < 0 || !t) {
        printf(_("calls: the timed run's results cannot be trusted: %s"), cx->calls_why);
    } else if (r->ok) {
        printf(_("calls: every one of the %d calls (%d warm-ups, %d timed) summed its own input right"), t->ncalls,
               t->nwarm, t->ntimed);
    } else {
        char call[256];
        rv_timed_describe(t, (int)r->index, call, sizeof call);
        printf(_("calls: %s (%lld of the %d calls wrong, each on an input of its own)"), call, r->got, t->ncalls);
    }
}

void check_say_reads(uint64_t n, uint64_t read, long long first_unread, uint64_t more, uint64_t most)
{
    char r[32], all[32], at[32], extra[32];
    check_group_digits(read, r, sizeof r);
    check_group_digits(n, all, sizeof all);
    check_group_digits(first_unread > 0 ? (uint64_t)first_unread : 0, at, sizeof at);
    check_group_digits(more, extra, sizeof extra);
    if (first_unread < 0 && more > 0)
        printf(_("reads: every one of the %s input elements is read, %s of them more than once (up to %llu times)"),
               all, extra, (unsigned long long)most);
    else if (first_unread < 0)
        printf(_("reads: every one of the %s input elements is read"), all);
    else if (more > 0)
        printf(_("reads: reads %s of %s input elements; element %s is never read (%s are read more than once)"), r, all,
               at, extra);
    else
        printf(_("reads: reads %s of %s input elements; element %s is never read"), r, all, at);
}

/* Every input element read by the traced run. */
static void say_reads(const rv_rule_result *r, const check_context *cx)
{
    if (!r->judged)
        printf(_("reads: not judged: %s"), cx->reads_why);
    else if (r->got < 0)
        printf(_("reads: the tracer's count of the reads (reads.txt) cannot be trusted: %s"), cx->reads_why);
    else
        check_say_reads((uint64_t)r->limit, (uint64_t)r->got, r->ok ? -1 : r->index,
                        r->extra > 0 ? (uint64_t)r->extra : 0, (uint64_t)r->count);
}

/* "step 3" or "steps 3 to 5". */
static void steps_text(int first, int last, char *buf, size_t len)
{
    if (first == last)
        snprintf(buf, len, _("step %d"), first);
    else
        snprintf(buf, len, _("steps %d to %d"), first, last);
}

/* No step reads what another lane wrote unsynced (exercise 4). */
static void say_synced(const rv_rule_result *r, const char *label)
{
    if (r->ok)
        printf(_("synced: none of the %d steps reads shared memory that another lane wrote without a "
                 "__syncwarp() or barrier between"),
               r->looked);
    else
        printf(ngettext("synced: step %d (%s, line %d) reads shared memory another lane wrote with no "
                        "__syncwarp() or barrier between: right only while the warp runs in lockstep, which "
                        "Volta and later do not promise (%d step like it)",
                        "synced: step %d (%s, line %d) reads shared memory another lane wrote with no "
                        "__syncwarp() or barrier between: right only while the warp runs in lockstep, which "
                        "Volta and later do not promise (%d steps like it)",
                        (unsigned long)r->count),
               r->step, label, r->line, r->count);
}

/* The last 32 -> 1 without a block barrier (exercise 4). */
static void say_warp_tail(const rv_rule_result *r, const char *label)
{
    if (r->step < 0)
        printf(r->ok ? _("warp tail: %lld steps and no tree level with a barrier: the last 32 -> 1 runs without "
                         "a block barrier")
                     : ngettext("warp tail: %lld step and no tree level with a barrier, fewer than the last "
                                "32 -> 1 takes",
                                "warp tail: %lld steps and no tree level with a barrier, fewer than the last "
                                "32 -> 1 takes",
                                (unsigned long)r->got),
               r->got);
    else if (r->ok)
        printf(_("warp tail: %lld steps after the last tree level (step %d, %s, line %d): the last 32 -> 1 runs "
                 "without a block barrier"),
               r->got, r->step, label, r->line);
    else
        printf(ngettext("warp tail: only %lld step after the last tree level (step %d, %s, line %d): the last "
                        "32 -> 1 goes through __syncthreads(); at least %lld steps without a barrier (shared "
                        "stores, __syncwarp() or shuffles) are needed",
                        "warp tail: only %lld steps after the last tree level (step %d, %s, line %d): the last "
                        "32 -> 1 goes through __syncthreads(); at least %lld steps without a barrier (shared "
                        "stores, __syncwarp() or shuffles) are needed",
                        (unsigned long)r->got),
               r->got, r->step, label, r->line, r->limit);
}

/* One rule's line, after its verdict. */
void check_say_rule(const rv_trace *tr, const rv_rule_result *r, const check_context *cx)
{
    const char *label = r->step >= 0 && r->step < tr->nsteps ? tr->steps[r->step].label : "";
    const char *mark_from = cx->mark_from, *mark_why = cx->mark_why;
    switch (r->rule) {
    case RV_RULE_OWN:
        if (r->ok)
            printf(_("own trace: traced unchanged from %s on %s"), tr->own_name, tr->origin);
        else
            printf(_("own trace: this is a trace of %s (%s, from %s), not of a kernel traced from a file: "
                     "give check your .cu file, or a trace `reducevis trace` wrote"),
                   rv_version_name(tr->version), _(rv_version(tr->version)->title), tr->origin);
        break;
    case RV_RULE_SUM:
        if (r->ok)
            printf(_("sum: %.9g, right"), tr->own_sum);
        else
            printf(_("sum: %.9g is wrong (it failed the sum check when it was traced)"), tr->own_sum);
        break;
    case RV_RULE_CALLS: say_calls(r, cx); break;
    case RV_RULE_READS: say_reads(r, cx); break;
    case RV_RULE_WHOLE:
        if (r->ok && rv_trace_count_launches(tr) > 1)
            printf(_("whole: %d steps in %d launches, nothing cut"), r->looked, rv_trace_count_launches(tr));
        else if (r->ok)
            printf(_("whole: %d steps, nothing cut"), tr->nsteps);
        else {
            const rv_trace *t = tr;
            while (t->next && (int)t->launch != r->step) t = t->next;
            printf(_("whole: launch %u was cut: %s, so the rest was not seen"), t->launch,
                   t->own_cut ? t->own_cut : _("the kernel did more than a trace holds"));
        }
        break;
    case RV_RULE_CONVERGED:
        if (r->ok)
            printf(_("converged: no divergent warp in the %d steps where 32 or more threads work"), r->looked);
        else
            printf(_("converged: step %d (%s, line %d), %d threads working: warp %d diverges, %lld of its 32 lanes "
                     "work (a divergent warp in %d of the %d steps where 32 or more threads work)"),
                   r->step, label, r->line, r->threads, r->warp, r->got, r->count, r->looked);
        break;
    case RV_RULE_CONFLICT_FREE:
        if (r->ok)
            printf(_("conflict-free: every shared-memory request of the %d steps that use shared memory is "
                     "1-way"),
                   r->looked);
        else
            printf(_("conflict-free: step %d (%s, line %d): warp %d makes a %lld-way bank conflict (conflicts in "
                     "%d of the %d steps that use shared memory)"),
                   r->step, label, r->line, r->warp, r->got, r->count, r->looked);
        break;
    case RV_RULE_TWO_PER_THREAD: {
        char where[64];
        steps_text(r->step, r->last_step, where, sizeof where);
        if (r->step < 0)
            printf(_("two a thread: no step reads the input (in[])"));
        else if (r->ok)
            printf(_("two a thread: each of the %d threads of the load (%s) reads at least 2 input elements "
                     "(fewest: %lld)"),
                   r->looked, where, r->got);
        else
            printf(ngettext("two a thread: thread %d reads %lld input element in the load (%s, line %d); 2 are "
                            "needed (%d of its %d threads read fewer)",
                            "two a thread: thread %d reads %lld input elements in the load (%s, line %d); 2 are "
                            "needed (%d of its %d threads read fewer)",
                            (unsigned long)r->got),
                   r->thread, r->got, where, r->line, r->count, r->looked);
        break;
    }
    case RV_RULE_HALF_GRID:
        if (r->ok)
            printf(_("half the blocks: a grid of %lld blocks, within ceil(N / (2 x %d)) = %lld"), r->got,
                   tr->block_size, r->limit);
        else
            printf(_("half the blocks: a grid of %lld blocks, more than ceil(N / (2 x %d)) = %lld"), r->got,
                   tr->block_size, r->limit);
        break;
    case RV_RULE_SYNCED: say_synced(r, label); break;
    case RV_RULE_WARP_TAIL: say_warp_tail(r, label); break;
    case RV_RULE_TIMED:
        if (r->ok && cx->timed && cx->timed->checked)
            printf(_("timed: %.4f ms for the whole reduction, without the tracer (the median of its %d timed calls, "
                     "each checked)"),
                   r->ms, cx->timed->ntimed);
        else if (r->ok)
            printf(_("timed: %.4f ms for the whole reduction, without the tracer"), r->ms);
        else if (cx->calls_not_replayed)
            printf(_("timed: no time: the judged calls could not be replayed"));
        else if (cx->calls_faulted)
            printf(_("timed: no time: a kernel faulted in the judged calls"));
        else
            printf(_("timed: no time (the trace was made with --no-time), so the speed cannot be judged"));
        break;
    case RV_RULE_FAST:
        if (r->mark_ms <= 0)
            printf(_("fast: %s"), mark_why);
        else if (r->ms <= 0)
            printf(_("fast: no time to hold against %s"), mark_from);
        else
            printf(_("fast: %.4f ms against %.4f ms (%s): %.0f%% of its speed; %.0f%% needs %.4f ms or less"), r->ms,
                   r->mark_ms, mark_from, 100.0 * r->mark_ms / r->ms, 100.0 * r->mark_ms / r->bound_ms, r->bound_ms);
        break;
    case RV_RULE_COUNT: break;
    }
    printf("\n");
}
