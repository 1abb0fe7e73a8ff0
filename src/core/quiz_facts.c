/* quiz_facts.c — what a step does, in the words and numbers the questions
 * are made of (quiz_facts.h): who executes, what a lane read, the value a
 * word held, a warp's worst bank. */
#include "quiz_facts.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "access_words.h"
#include "i18n.h"

void quiz_append(char *buf, size_t len, const char *fmt, ...)
{
    size_t o = strlen(buf);
    if (o + 1 >= len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + o, len - o, fmt, ap);
    va_end(ap);
}

/* ---- the step's facts ------------------------------------------------------- */

const rv_event *quiz_event(const rv_analysis *an, int step, int t) { return rv_trace_event(an->tr, step, t); }

uint32_t quiz_exec_mask(const rv_analysis *an, int step, int warp)
{
    uint32_t m = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        int t = warp * RV_WARP_SIZE + l;
        if (t < an->tr->block_size && quiz_event(an, step, t)->line) m |= 1u << l;
    }
    return m;
}

int quiz_chosen_warp(const rv_analysis *an, int step)
{
    int best = -1, best_deg = 1, divergent = -1, first = -1;
    for (int w = 0; w < an->nwarps; w++) {
        const rv_warp_info *wi = rv_analysis_warp(an, step, w);
        if (wi->active_lanes == 0) continue;
        if (first < 0) first = w;
        if (divergent < 0 && wi->state == RV_WARP_DIVERGENT) divergent = w;
        if (wi->max_conflict > best_deg) {
            best = w;
            best_deg = wi->max_conflict;
        }
    }
    return best >= 0 ? best : divergent >= 0 ? divergent : first;
}

int quiz_chosen_lane(const rv_analysis *an, int step, int warp)
{
    if (warp < 0) return -1;
    uint32_t m = quiz_exec_mask(an, step, warp);
    int n = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++) n += (m >> l) & 1;
    if (n == 0) return -1;
    /* The middle one: lane 0 is often a special case (it holds the sum). */
    for (int l = 0, k = 0; l < RV_WARP_SIZE; l++)
        if (((m >> l) & 1) && k++ == n / 2) return l;
    return -1;
}

/* The value an access held before step `step`, when the trace knows it. */
static int value_seen(const rv_analysis *an, int step, int t, uint64_t acc, double *v);

static int value_before(const rv_analysis *an, int step, int t, uint64_t acc, double *v)
{
    /* a register the tracer could not see is no value to quote */
    return value_seen(an, step, t, acc, v) && !isnan(*v);
}

static int value_seen(const rv_analysis *an, int step, int t, uint64_t acc, double *v)
{
    const rv_trace *tr = an->tr;
    uint64_t ix = RV_ACC_INDEX(acc);
    size_t B = (size_t)tr->block_size, W = (size_t)an->smem_words;
    switch (RV_ACC_SPACE(acc)) {
    case RV_SPACE_SMEM:
        if (ix >= W || !an->smem_set[(size_t)step * W + ix]) return 0;
        *v = an->smem[(size_t)step * W + ix];
        return 1;
    case RV_SPACE_REG:
        if (ix >= B || !an->regs_set[(size_t)step * B + ix]) return 0;
        *v = an->regs[(size_t)step * B + ix];
        return 1;
    case RV_SPACE_LANE: {
        size_t src = (size_t)(t & ~(RV_WARP_SIZE - 1)) + ix;
        if (src >= B || !an->regs_set[(size_t)step * B + src]) return 0;
        *v = an->regs[(size_t)step * B + src];
        return 1;
    }
    case RV_SPACE_GIN: *v = rv_data_value(tr->data, ix); return 1;
    case RV_SPACE_GIN4:
        *v = 0;
        for (uint64_t j = 0; j < 4; j++) *v += rv_data_value(tr->data, ix + j);
        return 1;
    default: return 0;
    }
}

static void format_number(double v, char *buf, size_t len)
{
    if (v == floor(v) && fabs(v) < 1e15)
        snprintf(buf, len, "%.0f", v);
    else
        snprintf(buf, len, "%.4g", v);
}

/* "reads smem[3] (2) and smem[19] (2)" — at most four reads, values where known. */
void quiz_describe_reads(const rv_analysis *an, int step, int t, char *buf, size_t len)
{
    const rv_event *e = quiz_event(an, step, t);
    const uint64_t *r = rv_event_reads(an->tr, e);
    buf[0] = '\0';
    if (e->nreads == 0) {
        snprintf(buf, len, "%s", _("reads nothing"));
        return;
    }
    if (e->nreads > 4) {
        snprintf(buf, len, _("adds up its %d reads (%s of them from global memory)"), e->nreads,
                 RV_ACC_SPACE(r[0]) == RV_SPACE_GIN || RV_ACC_SPACE(r[0]) == RV_SPACE_GIN4 ? _("all") : _("some"));
        return;
    }
    snprintf(buf, len, "%s", _("reads"));
    for (uint32_t i = 0; i < e->nreads; i++) {
        char what[64], val[32];
        double v;
        rv_access_words(NULL, r[i], 0, what, sizeof what);
        quiz_append(buf, len, "%s %s", i == 0 ? "" : i + 1 == e->nreads ? _(" and") : ",", what);
        if (value_before(an, step, t, r[i], &v)) {
            format_number(v, val, sizeof val);
            quiz_append(buf, len, " (%s)", val);
        }
    }
}

static int64_t nth_smem_read(const rv_analysis *an, const rv_event *e, int k)
{
    const uint64_t *r = rv_event_reads(an->tr, e);
    for (uint32_t i = 0; i < e->nreads; i++)
        if (RV_ACC_SPACE(r[i]) == RV_SPACE_SMEM && k-- == 0) return (int64_t)RV_ACC_INDEX(r[i]);
    return -1;
}

void quiz_find_worst_bank(const rv_analysis *an, int step, int warp, worst_bank *wb)
{
    memset(wb, 0, sizeof *wb);
    wb->bank = -1;
    const rv_event *ev[RV_WARP_SIZE];
    int max_reads = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        int t = warp * RV_WARP_SIZE + l;
        ev[l] = t < an->tr->block_size ? quiz_event(an, step, t) : NULL;
        if (ev[l] && !ev[l]->line) ev[l] = NULL;
        for (int k = 0; ev[l] && nth_smem_read(an, ev[l], k) >= 0; k++)
            if (k + 1 > max_reads) max_reads = k + 1;
    }
    for (int k = 0; k <= max_reads; k++) {
        int64_t words[RV_WARP_SIZE];
        for (int l = 0; l < RV_WARP_SIZE; l++) {
            words[l] = -1;
            if (!ev[l]) continue;
            if (k < max_reads)
                words[l] = nth_smem_read(an, ev[l], k);
            else if (RV_ACC_SPACE(ev[l]->write) == RV_SPACE_SMEM)
                words[l] = (int64_t)RV_ACC_INDEX(ev[l]->write);
        }
        for (int b = 0; b < RV_BANKS; b++) {
            int64_t seen[RV_WARP_SIZE];
            int n = 0;
            for (int l = 0; l < RV_WARP_SIZE; l++) {
                if (words[l] < 0 || words[l] % RV_BANKS != b) continue;
                int dup = 0;
                for (int j = 0; j < n; j++) dup |= seen[j] == words[l];
                if (!dup) seen[n++] = words[l];
            }
            if (n > wb->degree) {
                wb->degree = n;
                wb->bank = b;
                wb->nwords = n;
                memcpy(wb->words, seen, sizeof(int64_t) * (size_t)n);
            }
        }
    }
}
