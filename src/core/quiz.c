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
#include "quiz_facts.h"
#include "access_words.h"
#include "lanes.h"

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

void quiz_format_lanes(uint32_t lanes, char *buf, size_t len)
{
    buf[0] = '\0';
    int n = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++) n += (lanes >> l) & 1;
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
        while (e + 1 < RV_WARP_SIZE && ((lanes >> (e + 1)) & 1)) e++;
        if (e >= l + 2)
            quiz_append(buf, len, "%s %d\xE2\x80\x93%d", first ? "" : ",", l, e);
        else if (e == l + 1)
            quiz_append(buf, len, "%s %d, %d", first ? "" : ",", l, e);
        else
            quiz_append(buf, len, "%s %d", first ? "" : ",", l);
        first = 0;
        l = e + 1;
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
    q->lanes = quiz_exec_mask(an, step, warp);
    const rv_warp_info *wi = rv_analysis_warp(an, step, warp);
    snprintf(q->text, sizeof q->text, _("Which lanes of warp %d execute this step?"), warp);
    snprintf(q->hint, sizeof q->hint, "%s",
             _("Click them in the warp's row (or type a lane number and Enter), then Enter with nothing typed."));
    quiz_format_lanes(q->lanes, q->answer, sizeof q->answer);
    int line = 0;
    for (int l = 0; l < RV_WARP_SIZE && !line; l++)
        if ((q->lanes >> l) & 1) line = quiz_event(an, step, warp * RV_WARP_SIZE + l)->line;
    int lanes = rv_warp_lanes(an->tr->block_size, warp);
    if (lanes < RV_WARP_SIZE && wi->state == RV_WARP_FULL) /* a partial warp: the block ends in it */
        snprintf(q->explain, sizeof q->explain,
                 _("All %d lanes of warp %d run line %d: a partial warp (the block ends in it), full, no lane waits."),
                 lanes, warp, line);
    else if (lanes < RV_WARP_SIZE)
        snprintf(q->explain, sizeof q->explain,
                 _("%d of the %d lanes of warp %d (a partial warp: the block ends in it) run line %d; the other %d "
                   "wait while they do, so the warp is divergent."),
                 wi->active_lanes, lanes, warp, line, lanes - wi->active_lanes);
    else if (wi->state == RV_WARP_FULL)
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
    snprintf(q->text, sizeof q->text, _("How many of the block's %d warps are divergent (some lanes run, some wait)?"),
             an->nwarps);
    snprintf(q->hint, sizeof q->hint, "%s", _("Type a number, then Enter."));
    snprintf(q->answer, sizeof q->answer, "%d", si->divergent_warps);
    int idle = an->nwarps - si->full_warps - si->divergent_warps;
    snprintf(q->explain, sizeof q->explain, _("%d full, %d divergent, %d idle of %d warps"), si->full_warps,
             si->divergent_warps, idle, an->nwarps);
    if (si->divergent_warps > 0) {
        quiz_append(q->explain, sizeof q->explain, "%s", _(" (divergent: "));
        int shown = 0;
        for (int w = 0; w < an->nwarps; w++) {
            if (rv_analysis_warp(an, step, w)->state != RV_WARP_DIVERGENT) continue;
            if (shown == 6) {
                quiz_append(q->explain, sizeof q->explain, ", \xE2\x80\xA6");
                break;
            }
            quiz_append(q->explain, sizeof q->explain, "%sw%d", shown++ ? ", " : "", w);
        }
        quiz_append(q->explain, sizeof q->explain, ")");
    }
    quiz_append(q->explain, sizeof q->explain, "%s",
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
        const rv_event *e = t < an->tr->block_size ? quiz_event(an, step, t) : NULL;
        if (!e || !e->line) continue;
        if (RV_ACC_WORDS(e->write) > 1) return 1;
        const uint64_t *r = rv_event_reads(an->tr, e);
        for (uint32_t i = 0; i < e->nreads; i++)
            if (RV_ACC_IS_SMEM(r[i]) && RV_ACC_WORDS(r[i]) > 1) return 1;
    }
    return 0;
}

static int ask_conflict(const rv_analysis *an, int step, int warp, quiz_question *q)
{
    const rv_warp_info *wi = rv_analysis_warp(an, step, warp);
    if (wi->smem_requests == 0 || warp_has_wide(an, step, warp)) return 0;
    worst_bank wb;
    quiz_find_worst_bank(an, step, warp, &wb);
    start(q, QUIZ_CONFLICT, step, warp, -1);
    q->number = wi->max_conflict;
    q->bank = wb.bank;
    snprintf(q->text, sizeof q->text,
             _("Warp %d accesses shared memory: how many ways does its worst request conflict "
               "(1 = conflict-free)?"),
             warp);
    snprintf(q->hint, sizeof q->hint, "%s", _("Type a number, then Enter."));
    snprintf(q->answer, sizeof q->answer, _("%d-way (bank %d)"), wi->max_conflict, wb.bank);
    char words[160] = "";
    for (int i = 0; i < wb.nwords && i < 6; i++)
        quiz_append(words, sizeof words, "%s%lld", i ? ", " : "", (long long)wb.words[i]);
    if (wb.nwords > 6) quiz_append(words, sizeof words, ", \xE2\x80\xA6");
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
    if (lane < 0 || t >= an->tr->block_size) return 0;
    const rv_event *e = quiz_event(an, step, t);
    if (RV_ACC_SPACE(e->write) != RV_SPACE_SMEM) return 0;
    int64_t word = (int64_t)RV_ACC_INDEX(e->write);
    start(q, QUIZ_WORD, step, warp, lane);
    q->pick = QUIZ_PICK_WORD;
    q->number = word;
    q->bank = (int)(word % RV_BANKS);
    snprintf(q->text, sizeof q->text, _("Thread %d (warp %d, lane %d) writes one shared-memory word. Which one?"), t,
             warp, lane);
    snprintf(q->hint, sizeof q->hint, "%s", _("Click the word, or type its number; then Enter."));
    snprintf(q->answer, sizeof q->answer, "smem[%lld]", (long long)word);
    char reads[200];
    quiz_describe_reads(an, step, t, reads, sizeof reads);
    snprintf(q->explain, sizeof q->explain, _("Thread %d %s and writes smem[%lld], in bank %lld %% 32 = %d."), t, reads,
             (long long)word, (long long)word, q->bank);
    return 1;
}

static int ask_value(const rv_analysis *an, int step, int warp, int lane, quiz_question *q)
{
    int t = warp * RV_WARP_SIZE + lane;
    if (lane < 0 || t >= an->tr->block_size) return 0;
    const rv_event *e = quiz_event(an, step, t);
    double v = e->value;
    /* Only whole numbers: typing 0.41275 on a projector teaches nothing.  A
     * value the tracer could not see (NaN) is never one; nor is a wide
     * store, of whose words the trace knows the first alone. */
    if (!e->line || isnan(v) || v != floor(v) || fabs(v) >= 16777216.0 || RV_ACC_WORDS(e->write) > 1) return 0;
    /* An atomic's value depends on the order the hardware served the lanes
     * in, which no student can know beforehand. */
    if (e->flags & RV_EV_ATOMIC) return 0;
    start(q, QUIZ_VALUE, step, warp, lane);
    q->number = (int64_t)v;
    char where[64], reads[200];
    rv_access_words(NULL, e->write, 0, where, sizeof where);
    switch (RV_ACC_SPACE(e->write)) {
    case RV_SPACE_SMEM:
        snprintf(q->text, sizeof q->text, _("Thread %d (warp %d, lane %d): what value will the word it writes hold?"),
                 t, warp, lane);
        break;
    case RV_SPACE_REG:
        snprintf(q->text, sizeof q->text,
                 _("Thread %d (warp %d, lane %d): what value will its register hold after this step?"), t, warp, lane);
        break;
    case RV_SPACE_TICKET:
        snprintf(q->text, sizeof q->text,
                 _("Thread %d takes a ticket for its block: what is the block's sum it has published?"), t);
        break;
    default: snprintf(q->text, sizeof q->text, _("Thread %d writes to %s: what value?"), t, where); break;
    }
    snprintf(q->hint, sizeof q->hint, "%s", _("Type a number, then Enter."));
    snprintf(q->answer, sizeof q->answer, "%lld", (long long)q->number);
    quiz_describe_reads(an, step, t, reads, sizeof reads);
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
    static const struct {
        rv_lane_pattern p;
        const char *moves, *stays;
    } shift[] = {
        {RV_LANES_DOWN,
         N_("__shfl_down_sync(mask, v, %d): lane %d reads lane %d + %d = %d, straight from that lane's "
            "register, without shared memory or a barrier."),
         N_("The lane it would read lies past lane 31, so __shfl_down_sync hands it its own value.")},
        {RV_LANES_UP,
         N_("__shfl_up_sync(mask, v, %d): lane %d reads lane %d \xE2\x88\x92 %d = %d, straight from that "
            "lane's register, without shared memory or a barrier."),
         N_("The lane it would read lies below lane 0, so __shfl_up_sync hands it its own value.")},
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
    if (lane < 0 || t >= an->tr->block_size) return 0; /* past a partial warp's last lane: no lane there */
    const rv_event *e = quiz_event(an, step, t);
    const uint64_t *r = rv_event_reads(an->tr, e);
    int src = -1, nsrc = 0;
    uint32_t srcs = 0;
    for (uint32_t i = 0; i < e->nreads; i++)
        if (RV_ACC_SPACE(r[i]) == RV_SPACE_LANE && RV_ACC_INDEX(r[i]) < RV_WARP_SIZE) {
            if (src < 0) src = (int)RV_ACC_INDEX(r[i]);
            srcs |= 1u << RV_ACC_INDEX(r[i]);
        }
    for (int l = 0; l < RV_WARP_SIZE; l++) nsrc += (srcs >> l) & 1;
    if (!e->line || nsrc == 0) return 0;
    start(q, QUIZ_SHUFFLE, step, warp, lane);
    if (nsrc > 1) {
        /* A library call recorded as one step (every lane reads many
         * lanes): which lane is not one answer, how many is. */
        char lanes[QUIZ_ANSWER_LEN];
        q->number = nsrc;
        quiz_format_lanes(srcs, lanes, sizeof lanes);
        snprintf(q->text, sizeof q->text,
                 _("Lane %d of warp %d adds up registers of its warp's lanes, without shared memory. "
                   "How many lanes' values does its result depend on?"),
                 lane, warp);
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
        if (!n) continue;
        if (shown == 4) {
            quiz_append(q->explain, sizeof q->explain, ", \xE2\x80\xA6");
            break;
        }
        quiz_append(q->explain, sizeof q->explain, _("%s%d in warp %d"), shown++ ? ", " : " (", n, w);
    }
    quiz_append(q->explain, sizeof q->explain, "%s", shown ? ")." : ".");
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
    if (warp < 0) return 0;
    const rv_warp_info *wi = rv_analysis_warp(an, step, warp);
    /* the word the most of them hit, for the explanation */
    uint64_t word = 0;
    int best = 0, shared = 1;
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        int t = warp * RV_WARP_SIZE + l, on = 0;
        const rv_event *e = t < an->tr->block_size ? quiz_event(an, step, t) : NULL;
        if (!e || !e->line || !(e->flags & RV_EV_ATOMIC)) continue;
        for (int k = 0; k < RV_WARP_SIZE && warp * RV_WARP_SIZE + k < an->tr->block_size; k++) {
            const rv_event *o = quiz_event(an, step, warp * RV_WARP_SIZE + k);
            on += o->line && (o->flags & RV_EV_ATOMIC) && o->write == e->write;
        }
        if (on > best) {
            best = on;
            word = e->write;
            shared = RV_ACC_IS_SMEM(e->write);
        }
    }
    char where[64];
    rv_access_words(NULL, word, 0, where, sizeof where);
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
        quiz_append(q->explain, sizeof q->explain,
                    _(" Their compare-and-swap loops tried %d times in all: every failed attempt goes round again."),
                    wi->atom_tries);
    return 1;
}

int quiz_questions(const rv_analysis *an, int step, quiz_question *out, int max)
{
    if (!an || step < 0 || step >= an->tr->nsteps || max <= 0) return 0;
    int warp = quiz_chosen_warp(an, step);
    if (warp < 0) return 0; /* nothing executes: nothing to predict */
    int lane = quiz_chosen_lane(an, step, warp);
    /* The shuffle question asks about a lane that reads another lane (past
     * lane 31 a lane keeps its own value, which teaches less): the middle
     * one of those, else the chosen lane. */
    int shfl_lane = lane, movers[RV_WARP_SIZE], nmovers = 0;
    quiz_question tmp;
    for (int l = 0; l < RV_WARP_SIZE && warp * RV_WARP_SIZE + l < an->tr->block_size; l++)
        if (ask_shuffle(an, step, warp, l, &tmp) && tmp.number != l) movers[nmovers++] = l;
    if (nmovers)
        shfl_lane = movers[nmovers / 2];
    else
        for (int l = 0; l < rv_warp_lanes(an->tr->block_size, warp) && !ask_shuffle(an, step, warp, shfl_lane, &tmp);
             l++)
            shfl_lane = l;
    int n = 0;
    quiz_question q;
    ask_lanes(an, step, warp, &q);
    out[n++] = q;
    if (n < max) {
        ask_divergent(an, step, &q);
        out[n++] = q;
    }
    if (n < max && ask_conflict(an, step, warp, &q)) out[n++] = q;
    if (n < max && ask_word(an, step, warp, lane, &q)) out[n++] = q;
    if (n < max && ask_value(an, step, warp, lane, &q)) out[n++] = q;
    if (n < max && ask_shuffle(an, step, warp, shfl_lane, &q)) out[n++] = q;
    if (n < max) {
        ask_wasted(an, step, &q);
        out[n++] = q;
    }
    if (n < max && ask_atomic(an, step, &q)) out[n++] = q;
    return n;
}

static const quiz_question *find(const quiz_question *qs, int n, quiz_kind k)
{
    for (int i = 0; i < n; i++)
        if (qs[i].kind == k) return &qs[i];
    return NULL;
}

int quiz_pick_question(const rv_analysis *an, int step, quiz_question *q)
{
    quiz_question qs[QUIZ_MAX_PER_STEP];
    int n = quiz_questions(an, step, qs, QUIZ_MAX_PER_STEP);
    if (n == 0) return 0;
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
