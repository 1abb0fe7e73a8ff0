/* test_quiz.c — every question predict mode can ask, checked against the trace.
 *
 * For every version of the table, at block sizes 64, 256 and 1024 and with
 * the data patterns ones and random, the CPU model runs; every question of
 * every step is then answered here again, straight from the step's events
 * (who executes, what they read and write, the value they produce), by code
 * written apart from quiz.c, and the two answers must agree.  The checks
 * that a right answer is accepted and a wrong one refused, that the
 * questions are deterministic and fit their step (no conflict question
 * without shared memory), and that every kind of question and every kind of
 * step is covered somewhere, keep the test from passing on an empty quiz.
 * Atomics, which no version's trace marks, come from a student's kernel
 * made in memory (atomic_trace.h).
 */
#include <stdlib.h>
#include <string.h>

#include "core/analysis.h"
#include "atomic_trace.h"
#include "check.h"
#include "model/model.h"
#include "core/quiz.h"
#include "core/versions.h"

static const rv_event *ev(const rv_trace *tr, int s, int t) { return rv_trace_event(tr, s, t); }

static int lanes_of(const rv_trace *tr, int s, int w, uint32_t *mask)
{
    int n = 0;
    *mask = 0;
    for (int l = 0; l < 32 && w * 32 + l < tr->block_size; l++)
        if (ev(tr, s, w * 32 + l)->line) {
            *mask |= 1u << l;
            n++;
        }
    return n;
}

/* Distinct words per bank in one request, the worst over the warp's
 * requests: the k-th shared read of every executing lane, then the write. */
static int worst_degree(const rv_trace *tr, int s, int w, int *touches, uint32_t *worst_banks)
{
    int kmax = 0, worst = 0;
    *touches = 0;
    *worst_banks = 0;
    for (int l = 0; l < 32; l++) {
        const rv_event *e = ev(tr, s, w * 32 + l);
        if (!e->line) continue;
        int c = 0;
        const uint64_t *r = rv_event_reads(tr, e);
        for (uint32_t i = 0; i < e->nreads; i++) c += RV_ACC_SPACE(r[i]) == RV_SPACE_SMEM;
        if (c > kmax) kmax = c;
        *touches |= c > 0 || RV_ACC_SPACE(e->write) == RV_SPACE_SMEM;
    }
    for (int k = 0; k <= kmax; k++) {
        long long word[32];
        for (int l = 0; l < 32; l++) {
            const rv_event *e = ev(tr, s, w * 32 + l);
            word[l] = -1;
            if (!e->line) continue;
            if (k == kmax) {
                if (RV_ACC_SPACE(e->write) == RV_SPACE_SMEM) word[l] = (long long)RV_ACC_INDEX(e->write);
                continue;
            }
            const uint64_t *r = rv_event_reads(tr, e);
            for (uint32_t i = 0, seen = 0; i < e->nreads; i++)
                if (RV_ACC_SPACE(r[i]) == RV_SPACE_SMEM && seen++ == (uint32_t)k) word[l] = (long long)RV_ACC_INDEX(r[i]);
        }
        for (int b = 0; b < 32; b++) {
            int distinct = 0;
            for (int l = 0; l < 32; l++) {
                if (word[l] < 0 || word[l] % 32 != b) continue;
                int first = 1;
                for (int j = 0; j < l; j++) first &= word[j] != word[l];
                distinct += first;
            }
            if (distinct > worst) { worst = distinct; *worst_banks = 0; }
            if (distinct == worst && distinct > 0) *worst_banks |= 1u << b;
        }
    }
    return worst;
}

static int kinds_seen[QUIZ_KIND_COUNT];
static int phases_asked[RV_PHASE_COUNT];
static int tickets_asked, atomics_asked, questions_checked;
static int shuffle_kinds[2];   /* shuffle questions: [0] several lanes read, [1] one */

/* Every question of step s, answered again from the events. */
static void check_step(const rv_analysis *an, int s, const char *what)
{
    const rv_trace *tr = an->tr;
    quiz_question qs[QUIZ_MAX_PER_STEP], again[QUIZ_MAX_PER_STEP], pick;
    int n = quiz_questions(an, s, qs, QUIZ_MAX_PER_STEP);
    int active = 0;
    for (int t = 0; t < tr->block_size; t++) active += ev(tr, s, t)->line != 0;
    CHECK((n > 0) == (active > 0), "%s step %d: %d questions, %d threads execute", what, s, n, active);
    CHECK(quiz_questions(an, s, again, QUIZ_MAX_PER_STEP) == n && !memcmp(qs, again, sizeof qs[0] * (size_t)n),
          "%s step %d: the same questions twice", what, s);
    CHECK(quiz_pick_question(an, s, &pick) == (n > 0), "%s step %d: a question is picked iff there are some", what, s);
    int picked_in_list = 0;
    for (int i = 0; i < n; i++) picked_in_list |= !memcmp(&qs[i], &pick, sizeof pick);
    CHECK(n == 0 || picked_in_list, "%s step %d: the picked question is one of the step's", what, s);
    if (n > 0) {
        phases_asked[tr->steps[s].phase]++;
        for (int t = 0; t < tr->block_size; t++) {
            const rv_event *e = ev(tr, s, t);
            if (!e->line) continue;
            tickets_asked += RV_ACC_SPACE(e->write) == RV_SPACE_TICKET;
            const uint64_t *r = rv_event_reads(tr, e);
            for (uint32_t i = 0; i < e->nreads; i++)
                atomics_asked += RV_ACC_SPACE(e->write) == RV_SPACE_GOUT && r[i] == e->write;
        }
    }
    for (int i = 0; i < n; i++) {
        const quiz_question *q = &qs[i];
        kinds_seen[q->kind]++;
        questions_checked++;
        CHECK(q->step == s && q->text[0] && q->answer[0] && q->explain[0] && q->hint[0],
              "%s step %d %s: step, text, answer, explanation and hint", what, s, quiz_kind_name(q->kind));
        int w = q->warp, t = w * 32 + q->lane;
        switch (q->kind) {
        case QUIZ_LANES: {
            uint32_t m;
            int k = lanes_of(tr, s, w, &m);
            CHECK(q->type == QUIZ_LANE_SET && q->lanes == m && k > 0, "%s step %d: lanes of warp %d %08x, want %08x",
                  what, s, w, q->lanes, m);
            CHECK(quiz_check_lanes(q, m) && !quiz_check_lanes(q, m ^ 1u) && !quiz_check_number(q, m),
                  "%s step %d: the right lanes accepted, one lane off refused", what, s);
            break;
        }
        case QUIZ_DIVERGENT: {
            int div = 0;
            for (int ww = 0; ww < an->nwarps; ww++) {
                uint32_t m;
                int k = lanes_of(tr, s, ww, &m);
                div += k > 0 && k < 32;
            }
            CHECK(q->number == div, "%s step %d: %lld divergent warps, want %d", what, s, (long long)q->number, div);
            break;
        }
        case QUIZ_CONFLICT: {
            int touches;
            uint32_t banks;
            int deg = worst_degree(tr, s, w, &touches, &banks);
            CHECK(touches, "%s step %d: a conflict question for warp %d, which touches shared memory", what, s, w);
            CHECK(q->number == deg, "%s step %d warp %d: %lld-way, want %d-way", what, s, w, (long long)q->number, deg);
            CHECK(q->bank >= 0 && q->bank < 32 && ((banks >> q->bank) & 1), "%s step %d: bank %d is a worst bank (%08x)",
                  what, s, q->bank, banks);
            break;
        }
        case QUIZ_WORD: {
            const rv_event *e = ev(tr, s, t);
            CHECK(e->line && RV_ACC_SPACE(e->write) == RV_SPACE_SMEM && (long long)RV_ACC_INDEX(e->write) == q->number,
                  "%s step %d: thread %d writes smem[%lld]", what, s, t, (long long)q->number);
            CHECK(q->pick == QUIZ_PICK_WORD && q->bank == (int)(q->number % 32), "%s step %d: word's bank", what, s);
            CHECK(quiz_check_number(q, (int64_t)RV_ACC_INDEX(e->write)) && !quiz_check_number(q, q->number + 1),
                  "%s step %d: the word accepted, its neighbour refused", what, s);
            break;
        }
        case QUIZ_VALUE: {
            const rv_event *e = ev(tr, s, t);
            CHECK(e->line && (double)e->value == (double)q->number, "%s step %d: thread %d's value %g, asked %lld",
                  what, s, t, e->value, (long long)q->number);
            CHECK(!(e->flags & RV_EV_ATOMIC), "%s step %d: no value asked of an atomic (its order is the hardware's)",
                  what, s);
            break;
        }
        case QUIZ_ATOMIC: {
            /* the turns: the most lanes of one warp on one word, the warp asked the worst */
            int most[32] = { 0 }, worst = 0;
            for (int ww = 0; ww < an->nwarps && ww < 32; ww++)
                for (int l = 0; l < 32 && ww * 32 + l < tr->block_size; l++) {
                    const rv_event *e = ev(tr, s, ww * 32 + l);
                    int on = 0;
                    if (!e->line || !(e->flags & RV_EV_ATOMIC)) continue;
                    for (int k = 0; k < 32 && ww * 32 + k < tr->block_size; k++) {
                        const rv_event *o = ev(tr, s, ww * 32 + k);
                        on += o->line && (o->flags & RV_EV_ATOMIC) && o->write == e->write;
                    }
                    most[ww] = on > most[ww] ? on : most[ww];
                    worst = on > worst ? on : worst;
                }
            CHECK(w >= 0 && q->number == most[w] && most[w] == worst, "%s step %d: warp %d's atomic takes %lld turns, "
                  "want %d (the worst warp's %d)", what, s, w, (long long)q->number, w >= 0 ? most[w] : -1, worst);
            int64_t lo, hi;
            quiz_answer_range(an, q, &lo, &hi);
            CHECK(lo == 1 && hi == 32, "%s step %d: turns are 1 .. 32", what, s);
            break;
        }
        case QUIZ_SHUFFLE: {
            /* One lane read: which one.  Several (a library call recorded
             * as one step): how many distinct lanes. */
            const rv_event *e = ev(tr, s, t);
            const uint64_t *r = rv_event_reads(tr, e);
            int src = -1, distinct = 0;
            uint32_t seen = 0;
            for (uint32_t k = 0; k < e->nreads; k++)
                if (RV_ACC_SPACE(r[k]) == RV_SPACE_LANE) {
                    if (src < 0) src = (int)RV_ACC_INDEX(r[k]);
                    distinct += !((seen >> RV_ACC_INDEX(r[k])) & 1);
                    seen |= 1u << RV_ACC_INDEX(r[k]);
                }
            if (distinct == 1) {
                CHECK(e->line && src == q->number, "%s step %d: lane %d reads lane %d, asked %lld", what, s, q->lane,
                      src, (long long)q->number);
                CHECK(q->pick == QUIZ_PICK_LANE, "%s step %d: a shuffle's lane is picked by clicking a lane", what, s);
            } else {
                CHECK(e->line && distinct > 1 && distinct == q->number, "%s step %d: lane %d reads %d lanes, asked %lld",
                      what, s, q->lane, distinct, (long long)q->number);
                CHECK(q->pick == QUIZ_PICK_NONE, "%s step %d: a count is typed, not clicked", what, s);
            }
            shuffle_kinds[distinct == 1]++;
            break;
        }
        case QUIZ_WASTED: {
            int wasted = 0;
            for (int tt = 0; tt < tr->block_size; tt++)
                wasted += ev(tr, s, tt)->line && an->wasted[(size_t)s * tr->block_size + tt];
            CHECK(q->number == wasted, "%s step %d: %lld wasted, want %d", what, s, (long long)q->number, wasted);
            break;
        }
        default:
            CHECK(0, "%s step %d: unknown kind %d", what, s, q->kind);
        }
        if (q->type == QUIZ_NUMBER)
            CHECK(quiz_check_number(q, q->number) && !quiz_check_number(q, q->number + 1)
                  && !quiz_check_lanes(q, (uint32_t)q->number),
                  "%s step %d %s: the right number accepted, another refused", what, s, quiz_kind_name(q->kind));
    }
    /* Questions fit the step: a shuffle question where a lane reads a lane. */
    int any_lane_read = 0;
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = ev(tr, s, t);
        const uint64_t *r = rv_event_reads(tr, e);
        for (uint32_t k = 0; k < e->nreads; k++) any_lane_read |= e->line && RV_ACC_SPACE(r[k]) == RV_SPACE_LANE;
    }
    int shfl = 0;
    for (int i = 0; i < n; i++) shfl |= qs[i].kind == QUIZ_SHUFFLE;
    CHECK(shfl == any_lane_read, "%s step %d: a shuffle question iff a lane reads another (%d, %d)", what, s, shfl,
          any_lane_read);
    if (n > 0 && pick.kind != QUIZ_SHUFFLE)
        CHECK(!any_lane_read, "%s step %d: a shuffle step asks about the shuffle", what, s);
}

static void test_every_version(void)
{
    static const int blocks[] = { 64, 256, 1024 };
    static const char *const data[] = { "ones", "random:1" };
    for (int v = 0; v < RV_NUM_VERSIONS; v++) {
        const rv_version_info *vi = rv_version(v);
        CHECK(vi != NULL, "version %d in the table", v);
        for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
            if (rv_version_check_block(v, blocks[b]))
                continue;
            for (size_t d = 0; d < 2; d++) {
                rv_config c = rv_config_default();
                char err[256], what[64];
                c.version = v;
                c.block_size = blocks[b];
                rv_data_parse(data[d], &c.data, err, sizeof err);
                snprintf(what, sizeof what, "%s b%d %s", vi->name, blocks[b], data[d]);
                rv_trace *tr = rv_model_run(&c, err, sizeof err);
                CHECK(tr != NULL, "%s: model runs (%s)", what, tr ? "" : err);
                rv_analysis *an = tr ? rv_analyze(tr, err, sizeof err) : NULL;
                CHECK(!tr || an, "%s: analysed", what);
                for (int s = 0; an && s < tr->nsteps; s++)
                    check_step(an, s, what);
                rv_analysis_free(an);
                rv_trace_free(tr);
            }
        }
    }
    /* A student's kernel with atomics (no version has RV_EV_ATOMIC events):
     * one word for the whole block, then a compare-and-swap loop on four. */
    char err[256];
    rv_trace *tr = atomic_trace();
    rv_analysis *an = tr ? rv_analyze(tr, err, sizeof err) : NULL;
    CHECK(an != NULL, "the atomic trace is analysed");
    if (an) {
        atomic_trace_fill(an);
        for (int s = 0; s < tr->nsteps; s++)
            check_step(an, s, "atomics.cu");
        quiz_question q;
        CHECK(quiz_pick_question(an, 1, &q) && q.kind == QUIZ_ATOMIC && q.number == 32,
              "atomics.cu: the atomic step asks its turns: 32 (%s %lld)", quiz_kind_name(q.kind), (long long)q.number);
        CHECK(strstr(q.explain, "one after another") && strstr(q.answer, "32 turns"), "and says why: %s", q.explain);
        CHECK(quiz_pick_question(an, 2, &q) && q.kind == QUIZ_ATOMIC && q.number == 8 &&
                  strstr(q.explain, "tried 96 times"),
              "the compare-and-swap step: 8 turns, 96 tries in the warp (%lld: %s)", (long long)q.number, q.explain);
    }
    rv_analysis_free(an);
    rv_trace_free(tr);
    for (int k = 0; k < QUIZ_KIND_COUNT; k++)
        CHECK(kinds_seen[k] > 0, "some step asks a %s question", quiz_kind_name(k));
    for (int p = 0; p < RV_PHASE_COUNT; p++)
        CHECK(phases_asked[p] > 0, "some %s step asks questions", rv_phase_name((rv_phase)p));
    CHECK(shuffle_kinds[1] > 0, "some shuffle question asks which lane (%d)", shuffle_kinds[1]);
    CHECK(tickets_asked > 0 && atomics_asked > 0, "a ticket step and an atomic add step ask questions (%d, %d)",
          tickets_asked, atomics_asked);
    printf("checked %d questions\n", questions_checked);
}

/* A few answers known from the lesson, so the quiz is not only self-consistent. */
static void test_known_answers(void)
{
    rv_config c = rv_config_default();
    char err[256];
    c.version = rv_version_parse("v1");
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    rv_analysis *an = rv_analyze(tr, err, sizeof err);
    int s1 = -1;
    for (int s = 0; s < tr->nsteps; s++)
        if (!strcmp(tr->steps[s].label, "s=1")) s1 = s;
    quiz_question q;
    CHECK(s1 >= 0 && quiz_pick_question(an, s1, &q), "v1 s=1 has a question");
    CHECK(q.kind == QUIZ_CONFLICT && q.number == 2 && q.warp == 0,
          "v1 s=1 asks warp 0's conflict: 2-way (got %s %lld, warp %d)", quiz_kind_name(q.kind), (long long)q.number,
          q.warp);
    rv_analysis_free(an);
    rv_trace_free(tr);

    c.version = rv_version_parse("v0");
    tr = rv_model_run(&c, err, sizeof err);
    an = rv_analyze(tr, err, sizeof err);
    int s4 = -1;
    for (int s = 0; s < tr->nsteps; s++)
        if (!strcmp(tr->steps[s].label, "s=4")) s4 = s;
    CHECK(s4 >= 0 && quiz_pick_question(an, s4, &q), "v0 s=4 has a question");
    CHECK(q.kind == QUIZ_LANES && q.lanes == 0x01010101u, "v0 s=4 asks warp 0's lanes: 0, 8, 16, 24 (%s %08x)",
          quiz_kind_name(q.kind), q.lanes);
    CHECK(strstr(q.answer, "0, 8, 16, 24") != NULL, "answer in words: %s", q.answer);
    rv_analysis_free(an);
    rv_trace_free(tr);

    char buf[128];
    quiz_format_lanes(0x0000ffffu, buf, sizeof buf);
    CHECK(!strcmp(buf, "lanes 0\xE2\x80\x93" "15"), "lanes 0-15: %s", buf);
    quiz_format_lanes(0, buf, sizeof buf);
    CHECK(!strcmp(buf, "no lane"), "no lane: %s", buf);
    quiz_format_lanes(0x5u, buf, sizeof buf);
    CHECK(!strcmp(buf, "lanes 0, 2"), "lanes 0, 2: %s", buf);
}

int main(void)
{
    test_known_answers();
    test_every_version();
    return check_report();
}
