/* test_rules.c — the exercises' rules (src/core/rules.c) on own traces built
 * here, step by step, as src/own/records/build.c makes them from a GPU's records:
 * each rule holds on a kernel written the way its exercise asks, and breaks
 * where the trace shows what it forbids (a divergent warp with 32 threads or
 * more at work, a 2-way conflict, an unsynced step, a barrier tree down to
 * one, a wrong sum, a cut trace, no time, a slow time); and the mark
 * version's run is picked from results as `check` picks it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/analysis.h"
#include "check.h"
#include "core/exercises.h"
#include "model/model.h"
#include "core/results.h"
#include "core/rules.h"
#include "core/versions.h"

#define B 128                       /* threads per block of the traces built here */
#define SMEM(w) RV_ACC(RV_SPACE_SMEM, (w))
#define GIN(i)  RV_ACC(RV_SPACE_GIN, (i))

/* An own trace of nsteps empty steps over n elements in `grid` blocks. */
static rv_trace *own_trace(int nsteps, uint64_t n, uint32_t grid)
{
    rv_trace *tr = rv_trace_new(B, nsteps);
    tr->version = RV_VERSION_OWN;
    tr->n = n;
    tr->grid = grid;
    tr->origin_kind = RV_ORIGIN_GPU;
    snprintf(tr->origin, sizeof tr->origin, "NVIDIA H200");
    tr->own_name = strdup("start.cu");
    tr->own_source = strdup("__global__ void reduce() {}\n");
    tr->own_smem_words = B;
    tr->own_sum = (double)n;
    tr->own_ms = 0.035;
    return tr;
}

static void label(rv_trace *tr, int s, const char *text, rv_phase phase, int stride)
{
    snprintf(tr->steps[s].label, sizeof tr->steps[s].label, "%s", text);
    tr->steps[s].phase = phase;
    tr->steps[s].stride = stride;
}

/* Each thread loads `per_thread` elements a block apart into its word. */
static void load(rv_trace *tr, int s, int per_thread)
{
    for (int t = 0; t < B; t++) {
        uint64_t r[4];
        for (int k = 0; k < per_thread; k++) r[k] = GIN((uint64_t)t + (uint64_t)k * B);
        rv_trace_set(tr, s, t, 10, (float)per_thread, SMEM(t), r, per_thread);
    }
    label(tr, s, "load", RV_PHASE_LOAD, 0);
}

/* A tree level: thread t of `threads` adds word t * step + stride into word
 * t * step (sequential addressing: step 1; strided index: step 2 * stride). */
static void level(rv_trace *tr, int s, int threads, int step, int stride, rv_phase phase)
{
    for (int t = 0; t < threads; t++) {
        uint64_t w = (uint64_t)t * step, r[2] = {SMEM(w), SMEM(w + stride)};
        rv_trace_set(tr, s, t, 20, 2.0f, SMEM(w), r, 2);
    }
    char text[24];
    snprintf(text, sizeof text, phase == RV_PHASE_WARP ? "warp s=%d" : "s=%d", stride);
    label(tr, s, text, phase, stride);
}

static void write_out(rv_trace *tr, int s)
{
    uint64_t r = SMEM(0);
    rv_trace_set(tr, s, 0, 30, (float)B, RV_ACC(RV_SPACE_GOUT, 0), &r, 1);
    label(tr, s, "write", RV_PHASE_WRITE, 0);
}

/* Add during load, sequential addressing, a barrier after every level down
 * to one: what exercises 1 to 3 ask (and 4 does not). */
static rv_trace *sequential(int per_thread, uint32_t grid)
{
    int nsteps = 1 + 7 + 1; /* load, s = 64 .. 1, write */
    rv_trace *tr = own_trace(nsteps, (uint64_t)per_thread * B * grid, grid);
    load(tr, 0, per_thread);
    for (int s = 1, stride = B / 2; stride >= 1; s++, stride /= 2) level(tr, s, stride, 1, stride, RV_PHASE_TREE);
    write_out(tr, nsteps - 1);
    return tr;
}

typedef struct judged {
    rv_rules_result res;
    rv_analysis *an;
} judged;

/* facts: what the run said beside the trace (NULL: nothing, a recorded trace) */
static judged judge_with(const rv_trace *tr, int exercise, double mark_ms, const rv_rules_facts *facts)
{
    judged j;
    char err[256];
    j.an = rv_analyze(tr, err, sizeof err);
    CHECK(j.an != NULL, "analysis: %s", err);
    memset(&j.res, 0, sizeof j.res);
    if (j.an) rv_rules_judge(tr, j.an, rv_exercise_get(exercise), mark_ms, facts, &j.res);
    return j;
}

static judged judge(const rv_trace *tr, int exercise, double mark_ms)
{
    return judge_with(tr, exercise, mark_ms, NULL);
}

static const rv_rule_result *rule(const judged *j, rv_rule r)
{
    for (int i = 0; i < j->res.nrules; i++)
        if (j->res.rules[i].rule == r) return &j->res.rules[i];
    return NULL;
}

/* Whether rule r was judged and held. */
static int holds(const judged *j, rv_rule r)
{
    const rv_rule_result *x = rule(j, r);
    return x && x->ok;
}

static int broken(const judged *j, rv_rule r)
{
    const rv_rule_result *x = rule(j, r);
    return x && !x->ok;
}

static void done(judged j) { rv_analysis_free(j.an); }

static void test_table(void)
{
    CHECK(rv_exercise_get(0) == NULL && rv_exercise_get(RV_NUM_EXERCISES + 1) == NULL, "exercises are 1..%d",
          RV_NUM_EXERCISES);
    for (int k = 1; k <= RV_NUM_EXERCISES; k++) {
        const rv_exercise *ex = rv_exercise_get(k);
        CHECK(ex && ex->number == k, "exercise %d numbered", k);
        unsigned every = RV_RULE_BIT(RV_RULE_OWN) | RV_RULE_BIT(RV_RULE_SUM) | RV_RULE_BIT(RV_RULE_WHOLE) |
                         RV_RULE_BIT(RV_RULE_CALLS) | RV_RULE_BIT(RV_RULE_READS);
        CHECK(ex && (ex->rules & every) == every, "exercise %d has the rules every exercise has", k);
        CHECK(ex && ex->dir && ex->dir[0] == '0' + k, "exercise %d's folder starts with its number", k);
    }
    CHECK(rv_rules_mark_version() == RV_V8, "exercise 5 is measured against v8 (the row marked RV_VP_MARK)");
}

static void test_sequential_passes_1_to_3(void)
{
    rv_trace *tr = sequential(2, 64);
    for (int k = 1; k <= 3; k++) {
        judged j = judge(tr, k, 0);
        CHECK(j.res.pass, "add during load with sequential addressing passes exercise %d", k);
        done(j);
    }
    /* its tail (16, 8, ... threads in warp 0) is divergent, but fewer than 32 threads work there */
    judged j = judge(tr, 1, 0);
    CHECK(j.an->steps[3].divergent_warps == 1 && j.an->steps[3].active_threads == 16, "s=16 diverges with 16 threads");
    CHECK(rule(&j, RV_RULE_CONVERGED)->looked == 3, "the load, s=64 and s=32 have 32 threads or more: %d",
          rule(&j, RV_RULE_CONVERGED)->looked);
    done(j);
    j = judge(tr, 4, 0);
    CHECK(!j.res.pass && broken(&j, RV_RULE_WARP_TAIL) && holds(&j, RV_RULE_SYNCED),
          "a barrier tree down to one fails exercise 4 on its tail alone");
    CHECK(rule(&j, RV_RULE_WARP_TAIL)->got == 1 && rule(&j, RV_RULE_WARP_TAIL)->step == 7,
          "one step (the write) after the last tree level, step 7: %lld after %d", rule(&j, RV_RULE_WARP_TAIL)->got,
          rule(&j, RV_RULE_WARP_TAIL)->step);
    done(j);
    rv_trace_free(tr);
}

static void test_divergent_warp_fails_1(void)
{
    rv_trace *tr = sequential(1, 128);
    /* step 1 interleaved: every other thread of every warp (64 threads) works */
    memset(rv_trace_event(tr, 1, 0), 0, (size_t)B * sizeof(rv_event));
    for (int t = 0; t < B; t += 2) {
        uint64_t r[2] = {SMEM(t), SMEM(t + 1)};
        rv_trace_set(tr, 1, t, 21, 2.0f, SMEM(t), r, 2);
    }
    judged j = judge(tr, 1, 0);
    const rv_rule_result *c = rule(&j, RV_RULE_CONVERGED);
    CHECK(!j.res.pass && c && !c->ok, "a divergent warp with 64 threads at work fails exercise 1");
    CHECK(c && c->step == 1 && c->warp == 0 && c->got == 16 && c->threads == 64 && c->line == 21 && c->count == 1,
          "step 1, warp 0, 16 of 32 lanes, 64 threads, line 21, one step: step %d warp %d lanes %lld threads %d line %d "
          "count %d", c ? c->step : -9, c ? c->warp : -9, c ? c->got : -9, c ? c->threads : -9, c ? c->line : -9,
          c ? c->count : -9);
    done(j);
    /* 31 threads in one warp are below a warp's worth: not judged */
    memset(rv_trace_event(tr, 1, 0), 0, (size_t)B * sizeof(rv_event));
    for (int t = 0; t < 31; t++) {
        uint64_t r[2] = {SMEM(t), SMEM(t + 64)};
        rv_trace_set(tr, 1, t, 21, 2.0f, SMEM(t), r, 2);
    }
    j = judge(tr, 1, 0);
    CHECK(holds(&j, RV_RULE_CONVERGED), "a divergent warp of 31 working threads is allowed");
    done(j);
    rv_trace_free(tr);
}

static void test_conflict_fails_2(void)
{
    rv_trace *tr = sequential(2, 64);
    /* s=32 with strided index: thread t adds word 2t + 1 into word 2t, words 2 apart: 2-way */
    memset(rv_trace_event(tr, 2, 0), 0, (size_t)B * sizeof(rv_event));
    level(tr, 2, 32, 2, 1, RV_PHASE_TREE);
    judged j = judge(tr, 2, 0);
    const rv_rule_result *c = rule(&j, RV_RULE_CONFLICT_FREE);
    CHECK(!j.res.pass && c && !c->ok, "a 2-way conflict fails exercise 2");
    CHECK(c && c->step == 2 && c->warp == 0 && c->got == 2 && c->line == 20,
          "step 2, warp 0, 2-way, line 20: step %d warp %d %lld-way line %d", c ? c->step : -9, c ? c->warp : -9,
          c ? c->got : -9, c ? c->line : -9);
    CHECK(holds(&j, RV_RULE_CONVERGED), "the conflict is no divergence");
    done(j);
    j = judge(tr, 1, 0);
    CHECK(j.res.pass, "exercise 1 does not ask for conflict-free requests");
    done(j);
    j = judge(tr, 3, 0);
    CHECK(broken(&j, RV_RULE_CONFLICT_FREE), "exercise 3 keeps exercise 2's rule");
    done(j);
    rv_trace_free(tr);
}

static void test_load_fails_3(void)
{
    rv_trace *tr = sequential(1, 64);
    judged j = judge(tr, 3, 0);
    const rv_rule_result *two = rule(&j, RV_RULE_TWO_PER_THREAD), *grid = rule(&j, RV_RULE_HALF_GRID);
    CHECK(two && !two->ok && two->got == 1 && two->thread == 0 && two->count == B && two->looked == B,
          "one element a thread fails: thread %d reads %lld, %d of %d", two ? two->thread : -9, two ? two->got : -9,
          two ? two->count : -9, two ? two->looked : -9);
    CHECK(grid && !grid->ok && grid->got == 64 && grid->limit == 32, "a block for every 128 elements: %lld > %lld",
          grid ? grid->got : -9, grid ? grid->limit : -9);
    done(j);
    rv_trace_free(tr);
}

static void test_grid_and_float4_3(void)
{
    /* two elements a thread, but a block for every 128 elements: twice the blocks allowed */
    rv_trace *tr = sequential(2, 64);
    tr->grid = 128;
    judged j = judge(tr, 3, 0);
    const rv_rule_result *grid = rule(&j, RV_RULE_HALF_GRID);
    CHECK(grid && !grid->ok && grid->got == 128 && grid->limit == 64, "grid %lld > ceil(n / 2B) = %lld",
          grid ? grid->got : -9, grid ? grid->limit : -9);
    done(j);
    /* a float4 is four elements; a load spread over two steps counts whole */
    memset(rv_trace_event(tr, 0, 0), 0, (size_t)B * sizeof(rv_event));
    for (int t = 0; t < B; t++) {
        uint64_t r = RV_ACC(RV_SPACE_GIN4, 4 * (uint64_t)t);
        rv_trace_set(tr, 0, t, 10, 4.0f, SMEM(t), &r, 1);
    }
    tr->grid = 64;
    j = judge(tr, 3, 0);
    CHECK(holds(&j, RV_RULE_TWO_PER_THREAD) && rule(&j, RV_RULE_TWO_PER_THREAD)->got == 4, "a float4 is 4 elements");
    done(j);
    rv_trace_free(tr);
}

/* The unrolled last warp: a tree down to s = 64 with barriers, then the six
 * statements of warp 0 in one barrier interval, then the write. */
static rv_trace *unrolled(int unsynced)
{
    int nsteps = 1 + 1 + 6 + 1;
    rv_trace *tr = own_trace(nsteps, 2 * B * 64, 64);
    load(tr, 0, 2);
    level(tr, 1, 64, 1, 64, RV_PHASE_TREE);
    for (int s = 2, stride = 32; stride >= 1; s++, stride /= 2) {
        level(tr, s, 32, 1, stride, RV_PHASE_WARP);
        if (unsynced && stride < 32) tr->steps[s].flags |= RV_STEP_UNSYNCED;
    }
    write_out(tr, nsteps - 1);
    return tr;
}

static void test_last_warp_4(void)
{
    rv_trace *tr = unrolled(1);
    judged j = judge(tr, 4, 0);
    const rv_rule_result *sy = rule(&j, RV_RULE_SYNCED), *tail = rule(&j, RV_RULE_WARP_TAIL);
    CHECK(!j.res.pass && sy && !sy->ok && sy->step == 3 && sy->count == 5 && sy->line == 20,
          "the unsynced steps fail exercise 4: first step %d, %d of them, line %d", sy ? sy->step : -9,
          sy ? sy->count : -9, sy ? sy->line : -9);
    CHECK(tail && tail->ok && tail->got == 7 && tail->step == 1, "7 steps after the tree level of step 1: %lld after %d",
          tail ? tail->got : -9, tail ? tail->step : -9);
    done(j);
    rv_trace_free(tr);
    tr = unrolled(0);
    j = judge(tr, 4, 0);
    CHECK(j.res.pass, "the same warp with nothing unsynced passes exercise 4");
    done(j);
    /* one more barrier level at the end leaves no warp-synchronous tail */
    tr->steps[7].phase = RV_PHASE_TREE;
    j = judge(tr, 4, 0);
    CHECK(broken(&j, RV_RULE_WARP_TAIL) && rule(&j, RV_RULE_WARP_TAIL)->got == 1, "a barrier at s = 1 breaks the tail");
    done(j);
    /* four steps after the last tree level are too few for 32 -> 1 */
    tr->steps[7].phase = RV_PHASE_WARP;
    tr->steps[4].phase = RV_PHASE_TREE;
    j = judge(tr, 4, 0);
    CHECK(broken(&j, RV_RULE_WARP_TAIL) && rule(&j, RV_RULE_WARP_TAIL)->got == 4, "4 steps: %lld",
          rule(&j, RV_RULE_WARP_TAIL) ? rule(&j, RV_RULE_WARP_TAIL)->got : -9);
    tr->steps[4].phase = RV_PHASE_WARP;
    done(j);
    rv_trace_free(tr);
}

static void test_wrong_sum_and_cut_fail_all(void)
{
    rv_trace *tr = sequential(2, 64);
    for (unsigned flag = RV_OWN_SUM_WRONG; flag <= RV_OWN_CUT; flag <<= 1) {
        tr->own_flags = flag;
        rv_rule r = flag == RV_OWN_SUM_WRONG ? RV_RULE_SUM : RV_RULE_WHOLE;
        for (int k = 1; k <= RV_NUM_EXERCISES; k++) {
            judged j = judge(tr, k, 0.0343);
            CHECK(!j.res.pass && broken(&j, r), "%s fails exercise %d", r == RV_RULE_SUM ? "a wrong sum" : "a cut trace", k);
            done(j);
        }
    }
    rv_trace_free(tr);
}

static void test_time_5(void)
{
    rv_trace *tr = sequential(2, 64);
    double mark = 0.0343; /* v8's median on the H200 at 2^25 */
    tr->own_ms = 0.0380;  /* 90.3 % of its speed */
    judged j = judge(tr, 5, mark);
    const rv_rule_result *f = rule(&j, RV_RULE_FAST);
    CHECK(j.res.pass && f && fabs(f->bound_ms - mark / 0.9) < 1e-12, "0.0380 ms passes against 0.0343 / 0.9 = %.5f",
          f ? f->bound_ms : -9);
    done(j);
    tr->own_ms = 0.0382;  /* 89.8 % */
    j = judge(tr, 5, mark);
    CHECK(!j.res.pass && broken(&j, RV_RULE_FAST) && holds(&j, RV_RULE_TIMED), "0.0382 ms is too slow");
    done(j);
    tr->own_ms = 0;
    j = judge(tr, 5, mark);
    CHECK(broken(&j, RV_RULE_TIMED) && broken(&j, RV_RULE_FAST), "no time fails exercise 5");
    done(j);
    tr->own_ms = 0.02;
    j = judge(tr, 5, 0);
    CHECK(broken(&j, RV_RULE_FAST) && holds(&j, RV_RULE_TIMED), "without the mark's time exercise 5 fails");
    done(j);
    j = judge(tr, 1, 0);
    CHECK(!rule(&j, RV_RULE_FAST) && !rule(&j, RV_RULE_TIMED), "exercise 1 does not time");
    done(j);
    rv_trace_free(tr);
}

/* The rules of the run: every element read (an element never read fails,
 * elements read twice are only said), every timed call right; with nothing
 * known (a recorded trace, an older tracer) neither is judged, and the
 * verdict says so rather than passing them. */
static void test_run_rules(void)
{
    rv_trace *tr = sequential(2, 64);
    uint64_t n = tr->n;
    judged j = judge(tr, 1, 0);
    CHECK(j.res.pass && j.res.unjudged == 2 && !rule(&j, RV_RULE_READS)->judged && !rule(&j, RV_RULE_CALLS)->judged,
          "nothing known: reads and calls not judged (%d unjudged), the rest passes", j.res.unjudged);
    done(j);
    rv_rules_facts f = {.reads = RV_FACT_KNOWN, .n = n, .read = n, .first_unread = -1, .most = 1,
                        .calls = RV_FACT_KNOWN, .ncalls = 23, .first_wrong = -1};
    j = judge_with(tr, 1, 0, &f);
    CHECK(j.res.pass && !j.res.unjudged && rule(&j, RV_RULE_READS)->got == (long long)n &&
          rule(&j, RV_RULE_CALLS)->limit == 23, "every element read, every call right: passes, all judged");
    done(j);
    f.read = 0, f.unread = n, f.first_unread = 0, f.most = 0;
    j = judge_with(tr, 2, 0, &f);
    const rv_rule_result *r = rule(&j, RV_RULE_READS);
    CHECK(!j.res.pass && r && !r->ok && r->got == 0 && r->limit == (long long)n && r->index == 0,
          "nothing read fails: %lld of %lld, first unread %lld", r ? r->got : -9, r ? r->limit : -9,
          r ? r->index : -9);
    done(j);
    f.read = n, f.unread = 0, f.first_unread = -1, f.more_than_once = 128, f.most = 2;
    j = judge_with(tr, 3, 0, &f);
    r = rule(&j, RV_RULE_READS);
    CHECK(j.res.pass && r && r->ok && r->extra == 128 && r->count == 2, "128 elements read twice: said, not failed");
    done(j);
    f.reads = RV_FACT_DAMAGED;
    j = judge_with(tr, 1, 0, &f);
    CHECK(broken(&j, RV_RULE_READS) && rule(&j, RV_RULE_READS)->got == -1, "a count not to be trusted fails");
    done(j);
    f.reads = RV_FACT_KNOWN;
    f.nwrong = 2, f.first_wrong = 7;
    for (int k = 1; k <= RV_NUM_EXERCISES; k++) {
        j = judge_with(tr, k, 0.0343, &f);
        r = rule(&j, RV_RULE_CALLS);
        CHECK(!j.res.pass && r && !r->ok && r->got == 2 && r->index == 7, "two wrong calls fail exercise %d", k);
        done(j);
    }
    f.nwrong = 0, f.first_wrong = -1, f.calls = RV_FACT_DAMAGED;
    j = judge_with(tr, 4, 0, &f);
    CHECK(broken(&j, RV_RULE_CALLS), "timed results not to be trusted fail");
    done(j);
    rv_trace_free(tr);
}

static void test_not_own(void)
{
    rv_config c = rv_config_default();
    c.version = 0;
    char err[256];
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    judged j = judge(tr, 1, 0);
    CHECK(!j.res.pass && j.res.nrules == 1 && broken(&j, RV_RULE_OWN), "a model trace is judged by the own rule alone");
    done(j);
    rv_trace_free(tr);
}

static void test_mark_run(void)
{
    rv_results_meta meta = {.n = 1u << 25, .block_size = 256, .repeat = 20};
    snprintf(meta.device, sizeof meta.device, "NVIDIA H200");
    rv_results *r = rv_results_new(&meta);
    const char *mark = rv_version_name(rv_rules_mark_version()), *other = rv_version_name(RV_V9);
    struct { const char *v; uint64_t n; int block, gpus; double ms; } runs[] = {
        {other, 1u << 25, 256, 0, 0.01},  {mark, 1u << 24, 256, 0, 0.02}, {mark, 1u << 25, 512, 0, 0.0343},
        {mark, 1u << 25, 256, 2, 0.02},   {mark, 1u << 25, 256, 0, 0.036},
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        rv_result_run run = {.n = runs[i].n, .block_size = runs[i].block, .gpus = runs[i].gpus, .median_ms = runs[i].ms};
        snprintf(run.version, sizeof run.version, "%s", runs[i].v);
        rv_results_add(r, &run);
    }
    const rv_result_run *at256 = rv_rules_mark_run(r, 1u << 25, 256), *at1024 = rv_rules_mark_run(r, 1u << 25, 1024);
    CHECK(at256 && at256->median_ms == 0.036, "the same N and block size, one GPU");
    CHECK(at1024 && at1024->median_ms == 0.0343, "another block size: the first at that N on one GPU");
    CHECK(rv_rules_mark_run(r, 1u << 20, 256) == NULL, "none at another N");
    rv_results_free(r);
}

/* test_rules DIR: also writes traces for the command's test (check_cli_test.sh):
 * add-during-load.rvt (N = 2^25: passes exercises 1 to 3 and, timed at
 * 0.035 ms on an H200, 5; fails 4), unsynced.rvt (fails 4) and a100.rvt (an unknown GPU). */
static int write_traces(const char *dir)
{
    char path[1024], err[256];
    rv_trace *tr[3] = {sequential(2, 64), unrolled(1), sequential(2, 64)};
    for (int i = 0; i < 3; i++) { /* at the bench's N, where the bundled results have v8 */
        tr[i]->n = 1u << 25;
        tr[i]->grid = (uint32_t)(tr[i]->n / (2 * B));
        tr[i]->own_sum = (double)tr[i]->n;
    }
    snprintf(tr[2]->origin, sizeof tr[2]->origin, "NVIDIA A100-SXM4-80GB");
    const char *names[3] = {"add-during-load.rvt", "unsynced.rvt", "a100.rvt"};
    int rc = 0;
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (rv_trace_save(tr[i], path, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            rc = 1;
        }
        rv_trace_free(tr[i]);
    }
    return rc;
}

int main(int argc, char **argv)
{
    if (argc > 1) return write_traces(argv[1]);
    test_table();
    test_sequential_passes_1_to_3();
    test_divergent_warp_fails_1();
    test_conflict_fails_2();
    test_load_fails_3();
    test_grid_and_float4_3();
    test_last_warp_4();
    test_wrong_sum_and_cut_fail_all();
    test_time_5();
    test_run_rules();
    test_not_own();
    test_mark_run();
    return check_report();
}
