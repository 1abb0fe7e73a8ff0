/* quiz.c — questions from a step of a trace, each with its one right answer.
 *
 * Every answer is read off the step's events (who executes, what they read
 * and write, the value they produce) or its analysis (warp states, conflict
 * degrees, wasted lanes), so a question can never disagree with the frame
 * that follows it.  Nothing here knows which version it looks at: a shuffle
 * question exists because a lane reads another lane, a conflict question
 * because a warp touches shared memory.  An own trace (a student's kernel
 * traced unchanged) holds values the tracer could not see (registers, what
 * a shuffle moved): no question has such a value for its answer, and no
 * explanation quotes one; a shuffle is explained by the rule its recorded
 * lanes follow (down, up, xor, a broadcast), not by the code's text.
 */
#include "quiz.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "json.h"

const char *quiz_kind_name(quiz_kind k)
{
    static const char *const names[QUIZ_KIND_COUNT] = {
        "lanes", "divergent", "conflict", "word", "value", "shuffle", "wasted", "atomic",
    };
    return (unsigned)k < QUIZ_KIND_COUNT ? names[k] : "?";
}

/* Appends printf-style text to buf (cut where it does not fit). */
static void append(char *buf, size_t len, const char *fmt, ...)
{
    size_t o = strlen(buf);
    if (o + 1 >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + o, len - o, fmt, ap);
    va_end(ap);
}

void quiz_format_lanes(uint32_t lanes, char *buf, size_t len)
{
    buf[0] = '\0';
    int n = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++)
        n += (lanes >> l) & 1;
    if (n == 0) {
        snprintf(buf, len, "%s", _("no lane"));
        return;
    }
    if (n == RV_WARP_SIZE) {
        snprintf(buf, len, "%s", _("all 32 lanes"));
        return;
    }
    snprintf(buf, len, "%s", n == 1 ? _("lane") : _("lanes"));
    int first = 1;
    for (int l = 0; l < RV_WARP_SIZE;) {
        if (!((lanes >> l) & 1)) {
            l++;
            continue;
        }
        int e = l;
        while (e + 1 < RV_WARP_SIZE && ((lanes >> (e + 1)) & 1))
            e++;
        if (e >= l + 2)
            append(buf, len, "%s %d\xE2\x80\x93%d", first ? "" : ",", l, e);
        else if (e == l + 1)
            append(buf, len, "%s %d, %d", first ? "" : ",", l, e);
        else
            append(buf, len, "%s %d", first ? "" : ",", l);
        first = 0;
        l = e + 1;
    }
}

/* ---- the step's facts ------------------------------------------------------- */

static const rv_event *event(const rv_analysis *an, int step, int t)
{
    return rv_trace_event(an->tr, step, t);
}

static uint32_t exec_mask(const rv_analysis *an, int step, int warp)
{
    uint32_t m = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        int t = warp * RV_WARP_SIZE + l;
        if (t < an->tr->block_size && event(an, step, t)->line)
            m |= 1u << l;
    }
    return m;
}

int quiz_chosen_warp(const rv_analysis *an, int step)
{
    int best = -1, best_deg = 1, divergent = -1, first = -1;
    for (int w = 0; w < an->nwarps; w++) {
        const rv_warp_info *wi = rv_analysis_warp(an, step, w);
        if (wi->active_lanes == 0)
            continue;
        if (first < 0)
            first = w;
        if (divergent < 0 && wi->state == RV_WARP_DIVERGENT)
            divergent = w;
        if (wi->max_conflict > best_deg) {
            best = w;
            best_deg = wi->max_conflict;
        }
    }
    return best >= 0 ? best : divergent >= 0 ? divergent : first;
}

int quiz_chosen_lane(const rv_analysis *an, int step, int warp)
{
    if (warp < 0)
        return -1;
    uint32_t m = exec_mask(an, step, warp);
    int n = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++)
        n += (m >> l) & 1;
    if (n == 0)
        return -1;
    /* The middle one: lane 0 is often a special case (it holds the sum). */
    for (int l = 0, k = 0; l < RV_WARP_SIZE; l++)
        if (((m >> l) & 1) && k++ == n / 2)
            return l;
    return -1;
}

/* Where an access points, in words: "smem[12]", "in[40..43]", "lane 5's register". */
static void describe(uint64_t acc, char *buf, size_t len)
{
    unsigned long long ix = (unsigned long long)RV_ACC_INDEX(acc);
    switch (RV_ACC_SPACE(acc)) {
    case RV_SPACE_SMEM:   snprintf(buf, len, "smem[%llu]", ix); break;
    case RV_SPACE_SMEM8:
    case RV_SPACE_SMEM16: rv_wide_access_words(acc, buf, len); break;
    case RV_SPACE_GIN:    snprintf(buf, len, "in[%llu]", ix); break;
    case RV_SPACE_GIN4:   snprintf(buf, len, "in[%llu..%llu]", ix, ix + 3); break;
    case RV_SPACE_GOUT:   snprintf(buf, len, "out[%llu]", ix); break;
    case RV_SPACE_LANE:   snprintf(buf, len, _("lane %llu's register"), ix); break;
    case RV_SPACE_REG:    snprintf(buf, len, "%s", _("its register")); break;
    case RV_SPACE_TICKET: snprintf(buf, len, "%s", _("the ticket counter")); break;
    case RV_SPACE_GOWN:   snprintf(buf, len, _("its own global word %llu"), ix); break;
    default:              snprintf(buf, len, "-"); break;
    }
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
    case RV_SPACE_GIN:
        *v = rv_data_value(tr->data, ix);
        return 1;
    case RV_SPACE_GIN4:
        *v = 0;
        for (uint64_t j = 0; j < 4; j++)
            *v += rv_data_value(tr->data, ix + j);
        return 1;
    default:
        return 0;
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
static void describe_reads(const rv_analysis *an, int step, int t, char *buf, size_t len)
{
    const rv_event *e = event(an, step, t);
    const uint64_t *r = rv_event_reads(an->tr, e);
    buf[0] = '\0';
    if (e->nreads == 0) {
        snprintf(buf, len, "%s", _("reads nothing"));
        return;
    }
    if (e->nreads > 4) {
        snprintf(buf, len, _("adds up its %d reads (%s of them from global memory)"), e->nreads,
                 RV_ACC_SPACE(r[0]) == RV_SPACE_GIN || RV_ACC_SPACE(r[0]) == RV_SPACE_GIN4 ? _("all")
                                                                                           : _("some"));
        return;
    }
    snprintf(buf, len, "%s", _("reads"));
    for (uint32_t i = 0; i < e->nreads; i++) {
        char what[64], val[32];
        double v;
        describe(r[i], what, sizeof what);
        append(buf, len, "%s %s", i == 0 ? "" : i + 1 == e->nreads ? _(" and") : ",", what);
        if (value_before(an, step, t, r[i], &v)) {
            format_number(v, val, sizeof val);
            append(buf, len, " (%s)", val);
        }
    }
}

/* The shared-memory requests of a warp as analysis.c counts them: the k-th
 * shared read of each executing lane, then the write.  Finds the worst
 * request, its worst bank (the lowest of equals) and that bank's words. */
typedef struct worst_bank { int degree, bank, nwords; int64_t words[RV_WARP_SIZE]; } worst_bank;

static int64_t nth_smem_read(const rv_analysis *an, const rv_event *e, int k)
{
    const uint64_t *r = rv_event_reads(an->tr, e);
    for (uint32_t i = 0; i < e->nreads; i++)
        if (RV_ACC_SPACE(r[i]) == RV_SPACE_SMEM && k-- == 0)
            return (int64_t)RV_ACC_INDEX(r[i]);
    return -1;
}

static void find_worst_bank(const rv_analysis *an, int step, int warp, worst_bank *wb)
{
    memset(wb, 0, sizeof *wb);
    wb->bank = -1;
    const rv_event *ev[RV_WARP_SIZE];
    int max_reads = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        int t = warp * RV_WARP_SIZE + l;
        ev[l] = t < an->tr->block_size ? event(an, step, t) : NULL;
        if (ev[l] && !ev[l]->line)
            ev[l] = NULL;
        for (int k = 0; ev[l] && nth_smem_read(an, ev[l], k) >= 0; k++)
            if (k + 1 > max_reads)
                max_reads = k + 1;
    }
    for (int k = 0; k <= max_reads; k++) {
        int64_t words[RV_WARP_SIZE];
        for (int l = 0; l < RV_WARP_SIZE; l++) {
            words[l] = -1;
            if (!ev[l])
                continue;
            if (k < max_reads)
                words[l] = nth_smem_read(an, ev[l], k);
            else if (RV_ACC_SPACE(ev[l]->write) == RV_SPACE_SMEM)
                words[l] = (int64_t)RV_ACC_INDEX(ev[l]->write);
        }
        for (int b = 0; b < RV_BANKS; b++) {
            int64_t seen[RV_WARP_SIZE];
            int n = 0;
            for (int l = 0; l < RV_WARP_SIZE; l++) {
                if (words[l] < 0 || words[l] % RV_BANKS != b)
                    continue;
                int dup = 0;
                for (int j = 0; j < n; j++)
                    dup |= seen[j] == words[l];
                if (!dup)
                    seen[n++] = words[l];
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

/* ---- the questions ------------------------------------------------------------ */

static quiz_question *start(quiz_question *q, quiz_kind kind, int step, int warp, int lane)
{
    memset(q, 0, sizeof *q);
    q->kind = kind;
    q->type = QUIZ_NUMBER;
    q->step = step;
    q->warp = warp;
    q->lane = lane;
    q->bank = -1;
    return q;
}

static void ask_lanes(const rv_analysis *an, int step, int warp, quiz_question *q)
{
    start(q, QUIZ_LANES, step, warp, -1);
    q->type = QUIZ_LANE_SET;
    q->lanes = exec_mask(an, step, warp);
    const rv_warp_info *wi = rv_analysis_warp(an, step, warp);
    snprintf(q->text, sizeof q->text, _("Which lanes of warp %d execute this step?"), warp);
    snprintf(q->hint, sizeof q->hint, "%s",
             _("Click them in the warp's row (or type a lane number and Enter), then Enter with nothing typed."));
    quiz_format_lanes(q->lanes, q->answer, sizeof q->answer);
    int line = 0;
    for (int l = 0; l < RV_WARP_SIZE && !line; l++)
        if ((q->lanes >> l) & 1)
            line = event(an, step, warp * RV_WARP_SIZE + l)->line;
    if (wi->state == RV_WARP_FULL)
        snprintf(q->explain, sizeof q->explain,
                 _("All 32 lanes of warp %d run line %d: the warp is full, no lane waits."), warp, line);
    else
        snprintf(q->explain, sizeof q->explain,
                 _("%d of 32 lanes of warp %d run line %d; the other %d wait while they do, "
                   "so the warp is divergent and pays for 32 lanes."),
                 wi->active_lanes, warp, line, RV_WARP_SIZE - wi->active_lanes);
}

static void ask_divergent(const rv_analysis *an, int step, quiz_question *q)
{
    const rv_step_info *si = &an->steps[step];
    start(q, QUIZ_DIVERGENT, step, -1, -1);
    q->number = si->divergent_warps;
    snprintf(q->text, sizeof q->text,
             _("How many of the block's %d warps are divergent (some lanes run, some wait)?"), an->nwarps);
    snprintf(q->hint, sizeof q->hint, "%s", _("Type a number, then Enter."));
    snprintf(q->answer, sizeof q->answer, "%d", si->divergent_warps);
    int idle = an->nwarps - si->full_warps - si->divergent_warps;
    snprintf(q->explain, sizeof q->explain, _("%d full, %d divergent, %d idle of %d warps"), si->full_warps,
             si->divergent_warps, idle, an->nwarps);
    if (si->divergent_warps > 0) {
        append(q->explain, sizeof q->explain, "%s", _(" (divergent: "));
        int shown = 0;
        for (int w = 0; w < an->nwarps; w++) {
            if (rv_analysis_warp(an, step, w)->state != RV_WARP_DIVERGENT)
                continue;
            if (shown == 6) {
                append(q->explain, sizeof q->explain, ", \xE2\x80\xA6");
                break;
            }
            append(q->explain, sizeof q->explain, "%sw%d", shown++ ? ", " : "", w);
        }
        append(q->explain, sizeof q->explain, ")");
    }
    append(q->explain, sizeof q->explain, "%s",
           si->divergent_warps ? _(": a divergent warp costs as much as a full one.")
                               : _(": no warp is split, none pays for lanes that wait."));
}

/* Whether a lane of the warp makes an 8- or 16-byte shared access at the
 * step (own traces: the compiler merged words): served in phases of lanes,
 * its degree is no count of words in one bank, so it is not asked. */
static int warp_has_wide(const rv_analysis *an, int step, int warp)
{
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        int t = warp * RV_WARP_SIZE + l;
        const rv_event *e = t < an->tr->block_size ? event(an, step, t) : NULL;
        if (!e || !e->line)
            continue;
        if (RV_ACC_WORDS(e->write) > 1)
            return 1;
        const uint64_t *r = rv_event_reads(an->tr, e);
        for (uint32_t i = 0; i < e->nreads; i++)
            if (RV_ACC_IS_SMEM(r[i]) && RV_ACC_WORDS(r[i]) > 1)
                return 1;
    }
    return 0;
}

static int ask_conflict(const rv_analysis *an, int step, int warp, quiz_question *q)
{
    const rv_warp_info *wi = rv_analysis_warp(an, step, warp);
    if (wi->smem_requests == 0 || warp_has_wide(an, step, warp))
        return 0;
    worst_bank wb;
    find_worst_bank(an, step, warp, &wb);
    start(q, QUIZ_CONFLICT, step, warp, -1);
    q->number = wi->max_conflict;
    q->bank = wb.bank;
    snprintf(q->text, sizeof q->text,
             _("Warp %d accesses shared memory: how many ways does its worst request conflict "
               "(1 = conflict-free)?"), warp);
    snprintf(q->hint, sizeof q->hint, "%s", _("Type a number, then Enter."));
    snprintf(q->answer, sizeof q->answer, _("%d-way (bank %d)"), wi->max_conflict, wb.bank);
    char words[160] = "";
    for (int i = 0; i < wb.nwords && i < 6; i++)
        append(words, sizeof words, "%s%lld", i ? ", " : "", (long long)wb.words[i]);
    if (wb.nwords > 6)
        append(words, sizeof words, ", \xE2\x80\xA6");
    if (wi->max_conflict >= 2)
        snprintf(q->explain, sizeof q->explain,
                 _("In one request, %d different words fall into bank %d (words %s; bank = word %% 32): "
                   "the bank serves one word per pass, so the request takes %d passes."),
                 wb.nwords, wb.bank, words, wi->max_conflict);
    else
        snprintf(q->explain, sizeof q->explain, "%s",
                 _("No bank gets two different words in one request (lanes reading the same word share "
                   "it): every request is served in one pass."));
    return 1;
}

static int ask_word(const rv_analysis *an, int step, int warp, int lane, quiz_question *q)
{
    int t = warp * RV_WARP_SIZE + lane;
    const rv_event *e = event(an, step, t);
    if (RV_ACC_SPACE(e->write) != RV_SPACE_SMEM)
        return 0;
    int64_t word = (int64_t)RV_ACC_INDEX(e->write);
    start(q, QUIZ_WORD, step, warp, lane);
    q->pick = QUIZ_PICK_WORD;
    q->number = word;
    q->bank = (int)(word % RV_BANKS);
    snprintf(q->text, sizeof q->text,
             _("Thread %d (warp %d, lane %d) writes one shared-memory word. Which one?"), t, warp, lane);
    snprintf(q->hint, sizeof q->hint, "%s", _("Click the word, or type its number; then Enter."));
    snprintf(q->answer, sizeof q->answer, "smem[%lld]", (long long)word);
    char reads[200];
    describe_reads(an, step, t, reads, sizeof reads);
    snprintf(q->explain, sizeof q->explain, _("Thread %d %s and writes smem[%lld], in bank %lld %% 32 = %d."), t,
             reads, (long long)word, (long long)word, q->bank);
    return 1;
}

static int ask_value(const rv_analysis *an, int step, int warp, int lane, quiz_question *q)
{
    int t = warp * RV_WARP_SIZE + lane;
    const rv_event *e = event(an, step, t);
    double v = e->value;
    /* Only whole numbers: typing 0.41275 on a projector teaches nothing.  A
     * value the tracer could not see (NaN) is never one; nor is a wide
     * store, of whose words the trace knows the first alone. */
    if (!e->line || isnan(v) || v != floor(v) || fabs(v) >= 16777216.0 || RV_ACC_WORDS(e->write) > 1)
        return 0;
    /* An atomic's value depends on the order the hardware served the lanes
     * in, which no student can know beforehand. */
    if (e->flags & RV_EV_ATOMIC)
        return 0;
    start(q, QUIZ_VALUE, step, warp, lane);
    q->number = (int64_t)v;
    char where[64], reads[200];
    describe(e->write, where, sizeof where);
    switch (RV_ACC_SPACE(e->write)) {
    case RV_SPACE_SMEM:
        snprintf(q->text, sizeof q->text,
                 _("Thread %d (warp %d, lane %d): what value will the word it writes hold?"), t, warp, lane);
        break;
    case RV_SPACE_REG:
        snprintf(q->text, sizeof q->text,
                 _("Thread %d (warp %d, lane %d): what value will its register hold after this step?"), t,
                 warp, lane);
        break;
    case RV_SPACE_TICKET:
        snprintf(q->text, sizeof q->text,
                 _("Thread %d takes a ticket for its block: what is the block's sum it has published?"), t);
        break;
    default:
        snprintf(q->text, sizeof q->text, _("Thread %d writes to %s: what value?"), t, where);
        break;
    }
    snprintf(q->hint, sizeof q->hint, "%s", _("Type a number, then Enter."));
    snprintf(q->answer, sizeof q->answer, "%lld", (long long)q->number);
    describe_reads(an, step, t, reads, sizeof reads);
    if (RV_ACC_SPACE(e->write) == RV_SPACE_TICKET)
        snprintf(q->explain, sizeof q->explain,
                 _("Thread %d has written its block's sum, %lld, to global memory and now draws a ticket "
                   "from the counter: the ticket's number depends on which blocks finished first, the sum "
                   "does not."),
                 t, (long long)q->number);
    else
        snprintf(q->explain, sizeof q->explain, _("Thread %d %s: its result, %lld, goes to %s."), t, reads,
                 (long long)q->number, where);
    return 1;
}

/* Why lane reads src, by the rule the step's recorded lanes follow. */
static void explain_shuffle(const rv_analysis *an, int step, int lane, int src, char *buf, size_t len)
{
    /* down and up: the lane d away, or past the warp's end its own value */
    static const struct { rv_lane_pattern p; const char *moves, *stays; } shift[] = {
        { RV_LANES_DOWN,
          N_("__shfl_down_sync(mask, v, %d): lane %d reads lane %d + %d = %d, straight from that lane's "
             "register, without shared memory or a barrier."),
          N_("The lane it would read lies past lane 31, so __shfl_down_sync hands it its own value.") },
        { RV_LANES_UP,
          N_("__shfl_up_sync(mask, v, %d): lane %d reads lane %d \xE2\x88\x92 %d = %d, straight from that "
             "lane's register, without shared memory or a barrier."),
          N_("The lane it would read lies below lane 0, so __shfl_up_sync hands it its own value.") },
    };
    int d;
    rv_lane_pattern p = rv_step_lanes(an->tr, step, &d);
    for (size_t k = 0; k < sizeof shift / sizeof shift[0]; k++)
        if (shift[k].p == p) {
            if (src != lane)
                snprintf(buf, len, _(shift[k].moves), d, lane, lane, d, src);
            else
                snprintf(buf, len, "%s", _(shift[k].stays));
            return;
        }
    if (p == RV_LANES_XOR)
        snprintf(buf, len,
                 _("__shfl_xor_sync(mask, v, %d): lane %d reads lane %d ^ %d = %d, straight from that lane's "
                   "register, without shared memory or a barrier; a butterfly: lane %d reads lane %d too."),
                 d, lane, lane, d, src, src, lane);
    else if (p == RV_LANES_IDX)
        snprintf(buf, len,
                 _("__shfl_sync(mask, v, %d): every lane reads lane %d's register, a broadcast, without shared "
                   "memory or a barrier."),
                 d, d);
    else
        snprintf(buf, len,
                 _("Lane %d reads lane %d's register, as the trace recorded it: the lanes of this step follow no "
                   "single shuffle rule."),
                 lane, src);
}

static int ask_shuffle(const rv_analysis *an, int step, int warp, int lane, quiz_question *q)
{
    int t = warp * RV_WARP_SIZE + lane;
    const rv_event *e = event(an, step, t);
    const uint64_t *r = rv_event_reads(an->tr, e);
    int src = -1, nsrc = 0;
    uint32_t srcs = 0;
    for (uint32_t i = 0; i < e->nreads; i++)
        if (RV_ACC_SPACE(r[i]) == RV_SPACE_LANE && RV_ACC_INDEX(r[i]) < RV_WARP_SIZE) {
            if (src < 0)
                src = (int)RV_ACC_INDEX(r[i]);
            srcs |= 1u << RV_ACC_INDEX(r[i]);
        }
    for (int l = 0; l < RV_WARP_SIZE; l++)
        nsrc += (srcs >> l) & 1;
    if (!e->line || nsrc == 0)
        return 0;
    start(q, QUIZ_SHUFFLE, step, warp, lane);
    if (nsrc > 1) {
        /* A library call recorded as one step (every lane reads many
         * lanes): which lane is not one answer, how many is. */
        char lanes[QUIZ_ANSWER_LEN];
        q->number = nsrc;
        quiz_format_lanes(srcs, lanes, sizeof lanes);
        snprintf(q->text, sizeof q->text,
                 _("Lane %d of warp %d adds up registers of its warp's lanes, without shared memory. "
                   "How many lanes' values does its result depend on?"), lane, warp);
        snprintf(q->hint, sizeof q->hint, "%s", _("Type a number, then Enter."));
        snprintf(q->answer, sizeof q->answer, _("%d (%s)"), nsrc, lanes);
        snprintf(q->explain, sizeof q->explain,
                 _("Lane %d reads the registers of %s, as the trace records the call: its result is the sum "
                   "of %d values, exchanged between registers without shared memory or a barrier."),
                 lane, lanes, nsrc);
        return 1;
    }
    q->pick = QUIZ_PICK_LANE;
    q->number = src;
    snprintf(q->text, sizeof q->text,
             _("A warp shuffle: lane %d of warp %d reads another lane's register. Which lane?"), lane, warp);
    snprintf(q->hint, sizeof q->hint, "%s", _("Click the lane in the warp's row, or type its number; then Enter."));
    snprintf(q->answer, sizeof q->answer, _("lane %d"), src);
    explain_shuffle(an, step, lane, src, q->explain, sizeof q->explain);
    return 1;
}

static void ask_wasted(const rv_analysis *an, int step, quiz_question *q)
{
    const rv_step_info *si = &an->steps[step];
    start(q, QUIZ_WASTED, step, -1, -1);
    q->number = si->wasted_threads;
    snprintf(q->text, sizeof q->text,
             _("%d threads execute this step. How many of them compute a result that nothing ever reads?"),
             si->active_threads);
    snprintf(q->hint, sizeof q->hint, "%s", _("Type a number, then Enter."));
    snprintf(q->answer, sizeof q->answer, "%d", si->wasted_threads);
    if (si->wasted_threads == 0) {
        snprintf(q->explain, sizeof q->explain, "%s",
                 _("None: every result is read by a later step or leaves the block in global memory."));
        return;
    }
    snprintf(q->explain, sizeof q->explain,
             _("%d lanes run and write, but no later step reads what they wrote before it is overwritten "
               "or the block ends: they work for nothing"),
             si->wasted_threads);
    int shown = 0;
    for (int w = 0; w < an->nwarps; w++) {
        int n = rv_analysis_warp(an, step, w)->wasted_lanes;
        if (!n)
            continue;
        if (shown == 4) {
            append(q->explain, sizeof q->explain, ", \xE2\x80\xA6");
            break;
        }
        append(q->explain, sizeof q->explain, _("%s%d in warp %d"), shown++ ? ", " : " (", n, w);
    }
    append(q->explain, sizeof q->explain, "%s", shown ? ")." : ".");
}

/* The warp whose atomic takes the most turns (the analysis's
 * atom_same_word: its most lanes on one word, served one after another):
 * how many?  None where no lane does an atomic. */
static int ask_atomic(const rv_analysis *an, int step, quiz_question *q)
{
    int warp = -1, most = 0;
    for (int w = 0; w < an->nwarps; w++) {
        const rv_warp_info *wi = rv_analysis_warp(an, step, w);
        if (wi->atom_same_word > most) {
            most = wi->atom_same_word;
            warp = w;
        }
    }
    if (warp < 0)
        return 0;
    const rv_warp_info *wi = rv_analysis_warp(an, step, warp);
    /* the word the most of them hit, for the explanation */
    uint64_t word = 0;
    int best = 0, shared = 1;
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        int t = warp * RV_WARP_SIZE + l, on = 0;
        const rv_event *e = t < an->tr->block_size ? event(an, step, t) : NULL;
        if (!e || !e->line || !(e->flags & RV_EV_ATOMIC))
            continue;
        for (int k = 0; k < RV_WARP_SIZE && warp * RV_WARP_SIZE + k < an->tr->block_size; k++) {
            const rv_event *o = event(an, step, warp * RV_WARP_SIZE + k);
            on += o->line && (o->flags & RV_EV_ATOMIC) && o->write == e->write;
        }
        if (on > best) {
            best = on;
            word = e->write;
            shared = RV_ACC_IS_SMEM(e->write);
        }
    }
    char where[64];
    describe(word, where, sizeof where);
    start(q, QUIZ_ATOMIC, step, warp, -1);
    q->number = most;
    snprintf(q->text, sizeof q->text,
             shared ? _("%d lanes of warp %d do an atomic on shared memory. How many turns does the warp's atomic "
                        "take?")
                    : _("%d lanes of warp %d do an atomic on global memory. How many turns does the warp's atomic "
                        "take?"),
             wi->atom_lanes, warp);
    snprintf(q->hint, sizeof q->hint, "%s", _("Type a number, then Enter."));
    snprintf(q->answer, sizeof q->answer, ngettext("%d turn", "%d turns", most), most);
    if (most > 1)
        snprintf(q->explain, sizeof q->explain,
                 _("%d of its lanes hit the same word, %s: the hardware serves the lanes of one word one after "
                   "another, so the atomic takes %d turns (lanes on different words would go together)."),
                 most, where, most);
    else
        snprintf(q->explain, sizeof q->explain, "%s",
                 _("Each lane hits a word of its own: no lane waits for another, one turn."));
    if (wi->atom_tries > wi->atom_lanes)
        append(q->explain, sizeof q->explain,
               _(" Their compare-and-swap loops tried %d times in all: every failed attempt goes round again."),
               wi->atom_tries);
    return 1;
}

int quiz_questions(const rv_analysis *an, int step, quiz_question *out, int max)
{
    if (!an || step < 0 || step >= an->tr->nsteps || max <= 0)
        return 0;
    int warp = quiz_chosen_warp(an, step);
    if (warp < 0)
        return 0;   /* nothing executes: nothing to predict */
    int lane = quiz_chosen_lane(an, step, warp);
    /* The shuffle question asks about a lane that reads another lane (past
     * lane 31 a lane keeps its own value, which teaches less): the middle
     * one of those, else the chosen lane. */
    int shfl_lane = lane, movers[RV_WARP_SIZE], nmovers = 0;
    quiz_question tmp;
    for (int l = 0; l < RV_WARP_SIZE && warp * RV_WARP_SIZE + l < an->tr->block_size; l++)
        if (ask_shuffle(an, step, warp, l, &tmp) && tmp.number != l)
            movers[nmovers++] = l;
    if (nmovers)
        shfl_lane = movers[nmovers / 2];
    else
        for (int l = 0; l < RV_WARP_SIZE && !ask_shuffle(an, step, warp, shfl_lane, &tmp); l++)
            shfl_lane = l;
    int n = 0;
    quiz_question q;
    ask_lanes(an, step, warp, &q);
    out[n++] = q;
    if (n < max) { ask_divergent(an, step, &q); out[n++] = q; }
    if (n < max && ask_conflict(an, step, warp, &q)) out[n++] = q;
    if (n < max && ask_word(an, step, warp, lane, &q)) out[n++] = q;
    if (n < max && ask_value(an, step, warp, lane, &q)) out[n++] = q;
    if (n < max && ask_shuffle(an, step, warp, shfl_lane, &q)) out[n++] = q;
    if (n < max) { ask_wasted(an, step, &q); out[n++] = q; }
    if (n < max && ask_atomic(an, step, &q)) out[n++] = q;
    return n;
}

static const quiz_question *find(const quiz_question *qs, int n, quiz_kind k)
{
    for (int i = 0; i < n; i++)
        if (qs[i].kind == k)
            return &qs[i];
    return NULL;
}

int quiz_pick_question(const rv_analysis *an, int step, quiz_question *q)
{
    quiz_question qs[QUIZ_MAX_PER_STEP];
    int n = quiz_questions(an, step, qs, QUIZ_MAX_PER_STEP);
    if (n == 0)
        return 0;
    const quiz_question *c, *lanes = find(qs, n, QUIZ_LANES);
    rv_phase ph = (rv_phase)an->tr->steps[step].phase;
    int divergent = lanes && rv_analysis_warp(an, step, lanes->warp)->state == RV_WARP_DIVERGENT;
    /* What the step teaches, most telling first: atomics that take turns. */
    if ((c = find(qs, n, QUIZ_ATOMIC)) && c->number > 1)
        ;
    else if ((c = find(qs, n, QUIZ_SHUFFLE)))
        ;
    else if ((c = find(qs, n, QUIZ_CONFLICT)) && c->number >= 2)
        ;
    else if (divergent && lanes->lanes != 1u)
        c = lanes;
    else if ((c = find(qs, n, QUIZ_WASTED)) && c->number > 0)
        ;
    else if ((ph == RV_PHASE_LOAD || ph == RV_PHASE_WRITE || ph == RV_PHASE_STORE) && (c = find(qs, n, QUIZ_VALUE)))
        ;
    else if ((c = find(qs, n, QUIZ_DIVERGENT)) && c->number > 0)
        ;
    else if ((c = find(qs, n, QUIZ_WORD)))
        ;
    else if ((c = find(qs, n, QUIZ_CONFLICT)))
        ;
    else
        c = lanes;
    *q = *c;
    return 1;
}

void quiz_write_json(FILE *f, const quiz_question *q)
{
    fprintf(f, "{\"kind\": \"%s\", \"step\": %d, \"warp\": %d, \"lane\": %d, \"bank\": %d, ",
            quiz_kind_name(q->kind), q->step + 1, q->warp, q->lane, q->bank);
    if (q->type == QUIZ_LANE_SET) {
        fprintf(f, "\"lanes\": [");
        for (int l = 0, n = 0; l < RV_WARP_SIZE; l++)
            if ((q->lanes >> l) & 1)
                fprintf(f, "%s%d", n++ ? ", " : "", l);
        fprintf(f, "], ");
    } else {
        fprintf(f, "\"number\": %lld, ", (long long)q->number);
    }
    fprintf(f, "\"pick\": \"%s\", \"text\": ", q->pick == QUIZ_PICK_LANE ? "lane" : q->pick == QUIZ_PICK_WORD ? "word" : "none");
    rv_json_string(f, q->text);
    fprintf(f, ", \"hint\": ");
    rv_json_string(f, q->hint);
    fprintf(f, ", \"answer\": ");
    rv_json_string(f, q->answer);
    fprintf(f, ", \"explain\": ");
    rv_json_string(f, q->explain);
    fprintf(f, "}");
}

int quiz_check_number(const quiz_question *q, int64_t answer)
{
    return q->type == QUIZ_NUMBER && answer == q->number;
}

int quiz_check_lanes(const quiz_question *q, uint32_t lanes)
{
    return q->type == QUIZ_LANE_SET && lanes == q->lanes;
}

void quiz_answer_range(const rv_analysis *an, const quiz_question *q, int64_t *lo, int64_t *hi)
{
    *lo = 0;
    switch (q->kind) {
    case QUIZ_DIVERGENT: *hi = an->nwarps; break;
    case QUIZ_CONFLICT:  *lo = 1; *hi = RV_WARP_SIZE; break;
    case QUIZ_WORD:      *hi = an->smem_words - 1; break;
    case QUIZ_SHUFFLE:   *hi = RV_WARP_SIZE - 1; break;
    case QUIZ_WASTED:    *hi = an->tr->block_size; break;
    case QUIZ_ATOMIC:    *lo = 1; *hi = RV_WARP_SIZE; break;
    case QUIZ_LANES:     *hi = RV_WARP_SIZE - 1; break;   /* each lane of the set */
    default:             *lo = -QUIZ_VALUE_MAX; *hi = QUIZ_VALUE_MAX; break;
    }
}

/* A whole number of at most 16 digits, an optional '-' before them: *v.
 * Returns the characters read (0: none). */
static int read_whole(const char *s, int64_t *v)
{
    int i = s[0] == '-', digits = 0;
    int64_t x = 0;
    for (; s[i] >= '0' && s[i] <= '9' && digits < 16; i++, digits++)
        x = x * 10 + (s[i] - '0');
    if (!digits || (s[i] >= '0' && s[i] <= '9'))
        return 0;
    *v = s[0] == '-' ? -x : x;
    return i;
}

int quiz_parse_answer(const rv_analysis *an, const quiz_question *q, const char *text, int64_t *number,
                      uint32_t *lanes, char *why, size_t whylen)
{
    int64_t lo, hi, v;
    quiz_answer_range(an, q, &lo, &hi);
    *number = 0;
    *lanes = 0;
    if (q->type == QUIZ_NUMBER) {
        int n = read_whole(text, &v);
        if (!n || text[n]) {
            snprintf(why, whylen, _("expected a whole number"));
            return -1;
        }
        if (v < lo || v > hi) {
            snprintf(why, whylen, _("expected a number from %lld to %lld"), (long long)lo, (long long)hi);
            return -1;
        }
        *number = v;
        return 0;
    }
    /* a lane set: "" (no lane) or lane numbers separated by commas */
    for (const char *p = text; *p;) {
        int n = read_whole(p, &v);
        if (!n || v < lo || v > hi || (p[n] && p[n] != ',') || (p[n] == ',' && !p[n + 1])) {
            snprintf(why, whylen, _("expected lane numbers 0..31 separated by commas"));
            return -1;
        }
        *lanes |= 1u << v;
        p += n + (p[n] == ',');
    }
    return 0;
}

int quiz_check_answer(const quiz_question *q, int64_t number, uint32_t lanes)
{
    return q->type == QUIZ_LANE_SET ? quiz_check_lanes(q, lanes) : quiz_check_number(q, number);
}

void quiz_format_answer(const quiz_question *q, int64_t number, uint32_t lanes, char *buf, size_t len)
{
    if (q->type == QUIZ_LANE_SET)
        quiz_format_lanes(lanes, buf, len);
    else if (q->pick == QUIZ_PICK_WORD)
        snprintf(buf, len, "smem[%lld]", (long long)number);
    else if (q->pick == QUIZ_PICK_LANE)
        snprintf(buf, len, _("lane %lld"), (long long)number);
    else
        snprintf(buf, len, "%lld", (long long)number);
}
