/* test_analysis.c — warp states, bank conflicts, coalescing, wasted work,
 * contents and provenance, against facts derived by hand from the kernels. */
#include <stdlib.h>
#include <string.h>

#include "core/access_words.h"
#include "core/analysis.h"
#include "check.h"
#include "model/model.h"
#include "core/versions.h"

typedef struct run { rv_trace *tr; rv_analysis *an; } run;

static run make(int v, int B, const char *data)
{
    rv_config c = rv_config_default();
    c.version = v;
    c.block_size = B;
    char err[256];
    rv_data_parse(data, &c.data, err, sizeof err);
    run r;
    r.tr = rv_model_run(&c, err, sizeof err);
    r.an = rv_analyze(r.tr, err, sizeof err);
    return r;
}

static void done(run r) { rv_analysis_free(r.an); rv_trace_free(r.tr); }

static int step_of(const rv_trace *tr, const char *label)
{
    for (int s = 0; s < tr->nsteps; s++)
        if (!strcmp(tr->steps[s].label, label)) return s;
    return -1;
}

static void test_degree_rule(void)
{
    int64_t w[32];
    for (int l = 0; l < 32; l++) w[l] = l;
    CHECK(rv_bank_conflict_degree(w) == 1, "consecutive words are conflict-free");
    for (int l = 0; l < 32; l++) w[l] = 7;
    CHECK(rv_bank_conflict_degree(w) == 1, "one word read by all lanes is a broadcast");
    for (int l = 0; l < 32; l++) w[l] = 32 * l;
    CHECK(rv_bank_conflict_degree(w) == 32, "stride 32 is 32-way");
    for (int l = 0; l < 32; l++) w[l] = l < 4 ? 64 * l : -1;
    CHECK(rv_bank_conflict_degree(w) == 4, "idle lanes do not count");
    for (int l = 0; l < 32; l++) w[l] = -1;
    CHECK(rv_bank_conflict_degree(w) == 0, "no access, degree 0");
}

static void test_v0_divergence(void)
{
    run r = make(0, 256, "ones");
    int s1 = step_of(r.tr, "s=1");
    for (int w = 0; w < 8; w++) {
        const rv_warp_info *wi = rv_analysis_warp(r.an, s1, w);
        CHECK(wi->state == RV_WARP_DIVERGENT && wi->active_lanes == 16, "v0 s=1 warp %d: %d lanes", w, wi->active_lanes);
    }
    int s16 = step_of(r.tr, "s=16");
    CHECK(rv_analysis_warp(r.an, s16, 0)->active_lanes == 1, "v0 s=16: one lane per warp");
    CHECK(rv_analysis_warp(r.an, 0, 3)->state == RV_WARP_FULL, "v0 load: full warps");
    /* after the last tree step word 0 holds the block's 256 ones */
    int last = step_of(r.tr, "s=128");
    CHECK(r.an->smem[(size_t)(last + 1) * r.an->smem_words] == 256.0f, "v0 final sum");
    done(r);
}

static void test_v1_conflicts(void)
{
    /* index = 2*s*tid: lanes' words 2s apart; degree = lanes per bank, capped
     * by the lanes that still work (B = 256: 128/s threads) */
    static const struct { const char *step; int degree; rv_warp_state state; } want[] = {
        {"s=1", 2, RV_WARP_FULL}, {"s=2", 4, RV_WARP_FULL}, {"s=4", 8, RV_WARP_FULL},
        {"s=8", 8, RV_WARP_DIVERGENT}, {"s=16", 8, RV_WARP_DIVERGENT}, {"s=32", 4, RV_WARP_DIVERGENT},
        {"s=64", 2, RV_WARP_DIVERGENT}, {"s=128", 1, RV_WARP_DIVERGENT},
    };
    run r = make(1, 256, "ones");
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        int s = step_of(r.tr, want[k].step);
        const rv_warp_info *wi = rv_analysis_warp(r.an, s, 0);
        CHECK(wi->max_conflict == want[k].degree, "v1 %s: %d-way, expected %d-way", want[k].step, wi->max_conflict, want[k].degree);
        CHECK(wi->state == want[k].state, "v1 %s: state %s", want[k].step, rv_warp_state_name(wi->state));
        CHECK(wi->smem_requests == 3, "v1 %s: two reads and a write", want[k].step);
    }
    /* loads and stores apart: two 2-way reads and one 2-way write per warp at s=1 */
    const rv_warp_info *w0 = rv_analysis_warp(r.an, step_of(r.tr, "s=1"), 0);
    CHECK(w0->smem_ld_requests == 2 && w0->smem_ld_wavefronts == 4 && w0->smem_ld_lanes == 64,
          "v1 s=1 loads: %d requests, %d wavefronts, %d lanes", w0->smem_ld_requests, w0->smem_ld_wavefronts, w0->smem_ld_lanes);
    CHECK(w0->smem_st_requests == 1 && w0->smem_st_wavefronts == 2 && w0->smem_st_lanes == 32,
          "v1 s=1 store: %d requests, %d wavefronts, %d lanes", w0->smem_st_requests, w0->smem_st_wavefronts, w0->smem_st_lanes);
    /* the conflicting words are marked: word 0 and word 32 share bank 0 at s=1 */
    int s1 = step_of(r.tr, "s=1");
    CHECK(r.an->conflict[(size_t)s1 * r.an->smem_words + 32] == 2, "v1 s=1: word 32 marked 2-way");
    done(r);
}

static void test_v2_conflict_free(void)
{
    run r = make(2, 512, "random:3");
    for (int s = 0; s < r.tr->nsteps; s++)
        CHECK(r.an->steps[s].max_conflict <= 1, "v2 step %d is %d-way", s, r.an->steps[s].max_conflict);
    done(r);
}

static void test_coalescing(void)
{
    run r = make(3, 256, "ones");
    const rv_warp_info *wi = rv_analysis_warp(r.an, 0, 2);
    CHECK(wi->gld_requests == 2 && wi->gld_sectors == 8, "v3 load: 2 requests of 4 sectors, got %d / %d",
          wi->gld_requests, wi->gld_sectors);
    done(r);
}

static void test_wasted(void)
{
    run r = make(4, 256, "ones");
    CHECK(r.an->steps[step_of(r.tr, "warp s=32")].wasted_threads == 0, "v4 warp s=32: all 32 lanes useful");
    CHECK(r.an->steps[step_of(r.tr, "warp s=16")].wasted_threads == 16, "v4 warp s=16: lanes 16..31 wasted");
    CHECK(r.an->steps[step_of(r.tr, "warp s=1")].wasted_threads == 31, "v4 warp s=1: all but lane 0 wasted");
    CHECK(r.an->steps[0].wasted_threads == 0, "v4 load: nothing wasted");
    done(r);
    r = make(7, 256, "ones");
    CHECK(r.an->steps[step_of(r.tr, "shfl 16")].wasted_threads == 128, "v7 shfl 16: half of every warp wasted");
    done(r);
}

static void test_contents_and_provenance(void)
{
    char buf[256];
    run r = make(3, 256, "index");
    uint64_t k = rv_provenance(r.an, 0, RV_ACC(RV_SPACE_SMEM, 5), buf, sizeof buf);
    CHECK(k == 2, "v3: word 5 after the load sums 2 elements, got %llu", (unsigned long long)k);
    CHECK_CONTAINS(buf, "in[5] + in[261]");
    CHECK(r.an->smem[(size_t)1 * r.an->smem_words + 5] == 266.0f, "v3: word 5 = 5 + 261");
    int last = step_of(r.tr, "s=1");
    k = rv_provenance(r.an, last, RV_ACC(RV_SPACE_SMEM, 0), buf, sizeof buf);
    CHECK(k == 512, "v3: the block's sum covers 512 elements, got %llu", (unsigned long long)k);
    CHECK_CONTAINS(buf, "in[0..511]");
    done(r);

    r = make(7, 64, "ones");
    int s = step_of(r.tr, "shfl 16");
    CHECK(r.an->regs[(size_t)(s + 1) * 64 + 0] == 64.0f, "v7: lane 0 after shfl 16 holds 2 x 32 ones");
    k = rv_provenance(r.an, s, RV_ACC(RV_SPACE_REG, 31), buf, sizeof buf);
    CHECK_CONTAINS(buf, "more than once");   /* lane 31 added its own value again */
    k = rv_provenance(r.an, 0, RV_ACC(RV_SPACE_SMEM, 20), buf, sizeof buf); /* never written */
    CHECK(k == 0, "an untouched word sums nothing, got %llu", (unsigned long long)k);
    CHECK_CONTAINS(buf, "no input elements");
    done(r);
}

/* v8: a warp's float4 request touches 16 sectors (512 bytes); the ticket is
 * useful work; a thread's load sums 4 elements per float4. */
static void test_v8(void)
{
    char buf[256];
    run r = make(RV_V8, 256, "index");
    int load = step_of(r.tr, "load float4");
    CHECK(load == 0, "v8 starts with its float4 load");
    const rv_warp_info *wi = rv_analysis_warp(r.an, load, 1);
    CHECK(wi->gld_requests >= 31 && wi->gld_sectors == 16 * wi->gld_requests,
          "v8 load, warp 1: %d requests, %d sectors (16 each expected)", wi->gld_requests, wi->gld_sectors);
    int ticket = step_of(r.tr, "ticket");
    CHECK(r.an->steps[ticket].active_threads == 1 && r.an->steps[ticket].wasted_threads == 0, "v8 ticket: thread 0, not wasted");
    CHECK(r.an->steps[step_of(r.tr, "write partial")].wasted_threads == 0, "v8 partial is used");
    CHECK(r.an->steps[r.tr->nsteps - 1].wasted_threads == 0, "v8 result is used");
    /* thread 5's float4s: 5, 5 + B, ... (rows of block 0's tiles), each 4 elements, 4 * (5 + jB) .. + 3 */
    const rv_event *e = rv_trace_event(r.tr, load, 5);
    uint64_t k = rv_provenance(r.an, load, RV_ACC(RV_SPACE_REG, 5), buf, sizeof buf);
    CHECK(k == 4u * e->nreads, "v8 thread 5 sums %llu elements, %u float4s read", (unsigned long long)k, e->nreads);
    CHECK_CONTAINS(buf, "in[20..23]");
    /* the gather: lane l of a full warp reads out[l]: 4 sectors */
    int gather = step_of(r.tr, "last: gather");
    wi = rv_analysis_warp(r.an, gather, 0);
    CHECK(wi->gld_requests >= 1 && wi->gld_sectors == 4 * wi->gld_requests, "v8 gather: %d requests, %d sectors",
          wi->gld_requests, wi->gld_sectors);
    done(r);
}

/* v9: v8's load; its atomicAdd is one thread's useful work, adding the sum of
 * every element block 0's tiles hold (N = 2^25, 1056 blocks of 256: tiles
 * 0, 1056, ... 7392 of the 8192, each 1024 float4s). */
static void test_v9(void)
{
    char buf[256];
    run r = make(RV_V9, 256, "ones");
    CHECK(step_of(r.tr, "load float4") == 0 && step_of(r.tr, "ticket") < 0, "v9: v8's load, no ticket");
    int add = step_of(r.tr, "atomicAdd");
    CHECK(add == r.tr->nsteps - 1, "v9 ends with its atomicAdd (step %d of %d)", add, r.tr->nsteps);
    CHECK(r.an->steps[add].active_threads == 1 && r.an->steps[add].wasted_threads == 0, "v9 atomicAdd: thread 0, not wasted");
    uint64_t k = rv_provenance(r.an, add - 1, RV_ACC(RV_SPACE_REG, 0), buf, sizeof buf);
    CHECK(k == 8 * 1024 * 4, "v9 block 0 adds %llu elements (%s)", (unsigned long long)k, buf);
    CHECK(rv_trace_event(r.tr, add, 0)->value == (float)k, "v9 adds its block's sum of ones");
    done(r);
}

/* An access in words: the question's (the place alone) and the hover
 * text's (how the hardware made it too), one wording for both. */
static void test_access_words(void)
{
    char q[200], tip[200];
    rv_access_words(NULL, RV_ACC(RV_SPACE_GIN4, 40), 0, q, sizeof q);
    rv_access_words(NULL, RV_ACC(RV_SPACE_GIN4, 40), 1, tip, sizeof tip);
    CHECK(!strcmp(q, "in[40..43]") && !strcmp(tip, "in[40..43] (one 128-bit load)"), "float4: '%s', '%s'", q, tip);
    rv_access_words(NULL, RV_ACC(RV_SPACE_TICKET, 0), 0, q, sizeof q);
    rv_access_words(NULL, RV_ACC(RV_SPACE_TICKET, 0), 1, tip, sizeof tip);
    CHECK(!strcmp(q, "the ticket counter") && !strcmp(tip, "the ticket counter (atomic fetch_add)"),
          "ticket: '%s', '%s'", q, tip);
    rv_access_words(NULL, RV_ACC(RV_SPACE_SMEM8, 4), 0, q, sizeof q);
    CHECK(!strcmp(q, "smem[4], smem[5] (one 8-byte access: the compiler merged two)"), "8 bytes: '%s'", q);
    rv_access_words(NULL, RV_ACC(RV_SPACE_SMEM, 12), 1, q, sizeof q);
    CHECK(!strcmp(q, "smem[12]"), "shared: '%s'", q);
    rv_access_words(NULL, RV_ACC(RV_SPACE_LANE, 5), 0, q, sizeof q);
    CHECK(!strcmp(q, "lane 5's register"), "lane: '%s'", q);
    rv_access_words(NULL, RV_ACC(RV_SPACE_GOWN, 7), 1, q, sizeof q);
    CHECK(!strcmp(q, "its own global word 7"), "own word without a trace's buffers: '%s'", q);
}

int main(void)
{
    test_access_words();
    test_degree_rule();
    test_v0_divergence();
    test_v1_conflicts();
    test_v2_conflict_free();
    test_coalescing();
    test_wasted();
    test_contents_and_provenance();
    test_v8();
    test_v9();
    return check_report();
}
