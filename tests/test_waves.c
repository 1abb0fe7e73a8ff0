/* test_waves.c — a launch's waves (src/core/waves.h): recordings made here,
 * small enough to check by hand, each bad one refused with a message naming
 * what is wrong, the facts of good ones computed right, and the trace file's
 * section read back as written (a trace without one written as before). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/quiz_waves.h"
#include "core/trace.h"
#include "core/waves.h"
#include "model/model.h"
#include "model/trace_read.h"

/* A launch of `blocks` blocks (a row) on `sms` SMs, `bound` a SM at once
 * with all their warps, 32 at all (Hopper's limit). */
static rv_waves *launch(uint32_t blocks, uint32_t sms, uint32_t bound)
{
    rv_waves *w = rv_waves_new(blocks);
    w->launch = 1;
    w->grid_dim[0] = blocks;
    w->block_dim[0] = 256;
    w->sm_count = sms;
    w->bound = bound;
    w->sm_blocks = bound > 32 ? bound : 32;
    for (uint32_t i = 0; i < blocks; i++) w->blocks[i].block = i;
    return w;
}

/* Block i on `sm` from start to end, all its warps leaving at the end. */
static void put(rv_waves *w, uint32_t i, uint32_t sm, uint64_t start, uint64_t end)
{
    w->blocks[i].sm = sm, w->blocks[i].start = start, w->blocks[i].first_end = end, w->blocks[i].end = end;
}

/* The same, its first warp leaving at first_end. */
static void put4(rv_waves *w, uint32_t i, uint32_t sm, uint64_t start, uint64_t first_end, uint64_t end)
{
    put(w, i, sm, start, end);
    w->blocks[i].first_end = first_end;
}

static void expect_refused(const rv_waves *w, const char *part)
{
    char err[400] = "";
    CHECK(rv_waves_validate(w, err, sizeof err) == -1, "a bad recording was accepted (expected: %s)", part);
    CHECK_CONTAINS(err, part);
}

static void expect_valid(const rv_waves *w)
{
    char err[400] = "";
    CHECK(rv_waves_validate(w, err, sizeof err) == 0, "refused: %s", err);
}

/* Two SMs, one block at a time each: blocks 0 and 1 side by side from 0 to
 * 10, block 2 on SM 0 from 10 to 20 (a hand-over at 10, not two at once). */
static rv_waves *three(void)
{
    rv_waves *w = launch(3, 2, 1);
    put(w, 0, 0, 0, 10);
    put(w, 1, 1, 0, 10);
    put(w, 2, 0, 10, 20);
    return w;
}

static void test_facts_small(void)
{
    rv_waves *w = three();
    expect_valid(w);
    rv_waves_facts f;
    CHECK(rv_waves_facts_of(w, &f) == 0, "facts");
    CHECK(f.t0 == 0 && f.t1 == 20, "span %llu..%llu", (unsigned long long)f.t0, (unsigned long long)f.t1);
    CHECK(f.waves == 2, "SM 0 ran two blocks one at a time: 2 waves, got %u", f.waves);
    CHECK(f.waves_predicted == 2, "ceil(3 / (1 x 2)) = 2, got %u", f.waves_predicted);
    CHECK(f.most_at_once == 1 && f.most_on_sm == 2 && f.sms_used == 2, "at once %u, on one SM %u, SMs %u", f.most_at_once,
          f.most_on_sm, f.sms_used);
    /* SM 1 is done at 10: the tail is 10..20, where SM 0 alone works */
    CHECK(f.tail_start == 10, "tail from %llu", (unsigned long long)f.tail_start);
    CHECK(f.tail_idle > 0.499 && f.tail_idle < 0.501, "half the SM time of the tail idle, got %g", f.tail_idle);
    CHECK(f.idle > 0.249 && f.idle < 0.251, "30 of 40 SM-ns busy: a quarter idle, got %g", f.idle);
    uint32_t wave[3];
    CHECK(rv_waves_number(w, wave) == 0 && wave[0] == 0 && wave[1] == 0 && wave[2] == 1, "waves %u %u %u", wave[0], wave[1],
          wave[2]);
    rv_waves_free(w);
}

/* One wave: 8 blocks on 4 SMs of 2 at once, overlapping on each SM; SMs
 * that ran nothing are idle all along but start no tail. */
static void test_facts_one_wave(void)
{
    rv_waves *w = launch(8, 4, 2);
    for (uint32_t i = 0; i < 8; i++) put(w, i, i % 4, i < 4 ? 0 : 2, i < 4 ? 100 : 98);
    expect_valid(w);
    rv_waves_facts f;
    rv_waves_facts_of(w, &f);
    CHECK(f.waves == 1 && f.waves_predicted == 1, "one wave, got %u (predicted %u)", f.waves, f.waves_predicted);
    CHECK(f.most_at_once == 2, "two at once, got %u", f.most_at_once);
    CHECK(f.tail_start == 100 && f.tail_idle == 0.0 && f.idle == 0.0, "no tail: from %llu, idle %g / %g",
          (unsigned long long)f.tail_start, f.tail_idle, f.idle);
    rv_waves_free(w);

    w = launch(2, 4, 2);   /* 2 blocks on a GPU of 4 SMs: two SMs never used */
    put(w, 0, 0, 0, 50);
    put(w, 1, 3, 0, 50);
    expect_valid(w);
    rv_waves_facts_of(w, &f);
    CHECK(f.tail_start == 50 && f.tail_idle == 0.0 && f.idle > 0.499 && f.idle < 0.501,
          "half the GPU idle all along, and no tail: from %llu, %g / %g", (unsigned long long)f.tail_start,
          f.tail_idle, f.idle);
    rv_waves_free(w);

    w = launch(3, 4, 2);   /* SM 0 runs on after SM 3 is done; SMs 1 and 2 never used */
    put(w, 0, 0, 0, 50);
    put(w, 1, 3, 0, 40);
    put(w, 2, 0, 50, 80);
    expect_valid(w);
    rv_waves_facts_of(w, &f);
    CHECK(f.tail_start == 40 && f.tail_idle > 0.749 && f.tail_idle < 0.751,
          "the tail from SM 3's end, three of four SMs idle in it: from %llu, %g", (unsigned long long)f.tail_start,
          f.tail_idle);
    rv_waves_free(w);
}

static void test_refused(void)
{
    rv_waves *w = three();
    w->blocks[2].block = 1;   /* block 1 twice, block 2 never */
    expect_refused(w, "block 1 is recorded twice");
    rv_waves_free(w);

    w = launch(3, 2, 1);
    put(w, 0, 0, 0, 10);
    put(w, 1, 1, 0, 10);
    w->nblocks = 2;
    expect_refused(w, "block 2 was never recorded");
    rv_waves_free(w);

    w = three();
    w->blocks[1].sm = 2;
    expect_refused(w, "block 1 ran on SM 2, but the GPU has 2 SMs");
    rv_waves_free(w);

    w = three();
    put(w, 2, 0, 9, 20);   /* starts before block 0's first warp leaves SM 0 */
    expect_refused(w, "SM 0 held 2 blocks with all their warps at once at 9 ns, more than the 1 its occupancy allows");
    rv_waves_free(w);

    w = three();
    put4(w, 1, 1, 2, 1, 10);   /* its first warp out before the block began */
    expect_refused(w, "block 1's first warp leaves at 1 ns, before the block starts at 2 ns");
    rv_waves_free(w);

    w = three();
    put4(w, 1, 1, 0, 11, 10);   /* its first warp out after its last */
    expect_refused(w, "block 1's first warp leaves at 11 ns, after its last warp at 10 ns");
    rv_waves_free(w);

    w = three();
    w->sm_blocks = 0;
    expect_refused(w, "an SM that holds 0 blocks at all, where the occupancy lets it hold 1");
    rv_waves_free(w);

    w = three();
    put(w, 1, 1, 10, 5);
    expect_refused(w, "block 1 ends at 5 ns, before it starts at 10 ns");
    rv_waves_free(w);

    w = three();
    w->blocks[0].block = 7;
    expect_refused(w, "block 7 is past the grid's 3 blocks");
    rv_waves_free(w);

    w = three();
    w->sm_count = 0;
    expect_refused(w, "a GPU of 0 SMs");
    rv_waves_free(w);

    w = three();
    w->bound = 0;
    expect_refused(w, "an occupancy of 0 blocks per SM");
    rv_waves_free(w);
}

/* An SM whose bound is its warps (8 blocks of 8 warps, v0's on an H200):
 * blocks 0..7 from 0, their first warps leaving at 100, their last at 200;
 * block 8 starts at 150, in the warps they gave back: 9 blocks on the SM,
 * 8 of them no longer whole.  Then the refusals: a ninth block while the 8
 * are whole, and more at all than the SM's limit of blocks. */
static rv_waves *warps_leave(void)
{
    rv_waves *w = launch(9, 1, 8);
    for (uint32_t i = 0; i < 8; i++) put4(w, i, 0, 0, 100, 200);
    put4(w, 8, 0, 150, 250, 300);
    return w;
}

static void test_warps_leave(void)
{
    rv_waves *w = warps_leave();
    expect_valid(w);
    rv_waves_facts f;
    CHECK(rv_waves_facts_of(w, &f) == 0, "facts");
    CHECK(f.most_at_once == 8 && f.most_held == 9, "8 whole at once, 9 at all, got %u and %u", f.most_at_once, f.most_held);
    /* the waves go by the order of the starts, 8 to a wave */
    CHECK(f.waves == 2 && f.waves_predicted == 2, "2 waves, got %u (predicted %u)", f.waves, f.waves_predicted);
    /* idle and the tail by full spans: the SM busy from 0 to 300 */
    CHECK(f.t0 == 0 && f.t1 == 300 && f.idle == 0.0 && f.tail_start == 300, "span %llu..%llu, idle %g, tail from %llu",
          (unsigned long long)f.t0, (unsigned long long)f.t1, f.idle, (unsigned long long)f.tail_start);
    rv_waves_free(w);

    w = warps_leave();   /* block 8 starts at 100, as the first warps leave: a hand-over */
    put4(w, 8, 0, 100, 250, 300);
    expect_valid(w);
    rv_waves_free(w);

    w = warps_leave();   /* block 8 starts before any warp of the 8 has left */
    put4(w, 8, 0, 99, 250, 300);
    expect_refused(w, "SM 0 held 9 blocks with all their warps at once at 99 ns, more than the 8 its occupancy allows");
    rv_waves_free(w);

    w = warps_leave();   /* the 8 whole until 160: block 8 makes 9 whole from 150 */
    for (uint32_t i = 0; i < 8; i++) w->blocks[i].first_end = 160;
    expect_refused(w, "SM 0 held 9 blocks with all their warps at once at 150 ns");
    rv_waves_free(w);

    w = launch(3, 1, 1);   /* blocks 1 and 2's first warps leave in the tick they start, as block 0 ends */
    put(w, 0, 0, 0, 10);
    put4(w, 1, 0, 10, 10, 12);
    put4(w, 2, 0, 10, 10, 12);
    expect_valid(w);
    rv_waves_facts_of(w, &f);
    CHECK(f.most_at_once == 1 && f.most_held == 2, "1 whole at once, 2 at all, got %u and %u", f.most_at_once, f.most_held);
    rv_waves_free(w);

    w = warps_leave();   /* an SM that holds 8 blocks at all: the ninth is one too many */
    w->sm_blocks = 8;
    expect_refused(w, "SM 0 held 9 blocks at once at 150 ns, more than the 8 an SM can hold");
    rv_waves_free(w);
}

/* Clusters of 2 over a grid of 8: ranks by place, flagged, and no more
 * clusters at once than their bound. */
static rv_waves *clusters(void)
{
    rv_waves *w = launch(8, 8, 1);
    w->cluster_dim[0] = 2;
    w->cluster_bound = 2;
    for (uint32_t i = 0; i < 8; i++) {
        uint64_t t = i < 4 ? 0 : 100;   /* clusters 0 and 1 first, then 2 and 3 */
        put(w, i, i, t, t + 100);
        w->blocks[i].rank = i % 2;
        w->blocks[i].flags = RV_WAVE_CLUSTER;
    }
    return w;
}

static void test_clusters(void)
{
    rv_waves *w = clusters();
    expect_valid(w);
    rv_waves_facts f;
    rv_waves_facts_of(w, &f);
    CHECK(f.clusters == 4 && f.waves_predicted == 2, "4 clusters, 2 at once: 2 waves, got %u clusters, %u", f.clusters,
          f.waves_predicted);
    rv_waves_free(w);

    w = clusters();
    w->blocks[3].rank = 0;
    expect_refused(w, "block 3 ran as rank 0 of its cluster, where its place in the grid makes it rank 1");
    rv_waves_free(w);

    w = clusters();
    w->blocks[5].flags = 0;
    expect_refused(w, "block 5 ran outside any cluster in a launch of clusters");
    rv_waves_free(w);

    w = clusters();
    put(w, 4, 4, 50, 150);   /* cluster 2 begins while 0 and 1 run */
    expect_refused(w, "3 clusters ran at once at 50 ns, more than the 2 the GPU holds");
    rv_waves_free(w);

    w = clusters();
    w->cluster_bound = 0;
    expect_refused(w, "a cluster launch without the clusters' occupancy bound");
    rv_waves_free(w);
}

/* The sets' sizes in words: "2 2 2". */
static void sets_said(const rv_waves *w, char *out, size_t len)
{
    uint32_t size[16], n = 99;
    out[0] = '\0';
    CHECK(w->sm_count <= 16 && rv_waves_cluster_sets(w, size, &n) == 0, "cluster sets: out of memory");
    for (uint32_t k = 0; k < n && k < 16; k++)
        snprintf(out + strlen(out), len - strlen(out), "%s%u", k ? " " : "", size[k]);
}

/* Where clusters ran: the SMs that shared a cluster joined into sets, in
 * order of their smallest SM; an SM that ran none in none. */
static void test_cluster_sets(void)
{
    char said[64];
    rv_waves *w = clusters();   /* cluster k on SMs 2k and 2k + 1 */
    sets_said(w, said, sizeof said);
    CHECK(!strcmp(said, "2 2 2 2"), "four clusters on four pairs of SMs: sets %s", said);
    put(w, 4, 1, 100, 200);     /* cluster 2 on SMs 1 and 5: joins 0, 1 and 5; SM 4 runs none */
    sets_said(w, said, sizeof said);
    CHECK(!strcmp(said, "3 2 2"), "a cluster across two pairs joins them, an idle SM in none: sets %s", said);
    rv_waves_free(w);
    w = three();                /* no clusters: each SM that ran a block a set of its own */
    sets_said(w, said, sizeof said);
    CHECK(!strcmp(said, "1 1"), "no clusters: sets %s", said);
    rv_waves_free(w);
}

/* One block of one thread on a GPU of one SM that holds one block: every
 * count 1, each to be said in the singular. */
static rv_waves *one_block(void)
{
    rv_waves *w = launch(1, 1, 1);
    w->block_dim[0] = 1;
    w->sm_blocks = 1;
    put(w, 0, 0, 0, 10);
    return w;
}

/* One cluster of 2 blocks, the GPU holding one cluster at once. */
static rv_waves *one_cluster(void)
{
    rv_waves *w = launch(2, 2, 1);
    w->cluster_dim[0] = 2;
    w->cluster_bound = 1;
    for (uint32_t i = 0; i < 2; i++) {
        put(w, i, i, 0, 100);
        w->blocks[i].rank = i;
        w->blocks[i].flags = RV_WAVE_CLUSTER;
    }
    return w;
}

/* A small trace of v0 from the model, to carry a waves section. */
static rv_trace *small_trace(void)
{
    rv_config c = rv_config_default();
    c.version = 0, c.block_size = 64, c.n = 1024;
    char err[400] = "";
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    CHECK(tr != NULL, "model: %s", err);
    return tr;
}

/* v0's 2^17 blocks, 132 SMs, 8 at once, times in ns. */
static rv_waves *many(void)
{
    const uint32_t n = 1u << 17, sms = 132, bound = 8;
    rv_waves *w = launch(n, sms, bound);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t wave = i / (sms * bound), t = wave * 100 + (i % 7); /* a little skew, as a real run has */
        put(w, i, i % sms, t, t + 90);
    }
    return w;
}

/* The trace file: a trace without waves is written as it was; with them,
 * the same bytes and a section after (the fourth layout), read back equal;
 * a bad section is refused with the waves' own message. */
static void test_file(void)
{
    char err[400] = "";
    rv_trace *tr = small_trace();
    if (!tr) return;
    size_t plain_len, len;
    uint8_t *plain = rv_trace_serialize(tr, &plain_len);
    tr->waves = three();
    tr->waves->blocks[2].first_end = 15;
    tr->waves->next = clusters();
    tr->waves->next->launch = 2;
    uint8_t *buf = rv_trace_serialize(tr, &len);
    CHECK(len > plain_len && memcmp(buf, plain, plain_len) == 0, "the run's bytes unchanged before the section");
    CHECK(memcmp(buf + plain_len, RV_WAVES_SECTION_MAGIC4, 8) == 0, "the section follows the run, packed");
    rv_trace *back = rv_trace_parse(buf, len, err, sizeof err);
    CHECK(back && back->waves && back->waves->next && !back->waves->next->next, "read back: %s", err);
    if (back && back->waves && back->waves->next) {
        const rv_waves *a = back->waves, *b = back->waves->next;
        CHECK(a->nblocks == 3 && a->blocks[2].start == 10 && a->blocks[2].first_end == 15 && a->blocks[2].end == 20 &&
                  a->sm_count == 2 && a->bound == 1 && a->sm_blocks == 32,
              "first launch's waves");
        CHECK(b->launch == 2 && b->cluster_dim[0] == 2 && b->cluster_bound == 2 && b->blocks[5].rank == 1 &&
                  b->blocks[5].flags == RV_WAVE_CLUSTER,
              "second launch's clusters");
        size_t again_len;
        uint8_t *again = rv_trace_serialize(back, &again_len);
        CHECK(again_len == len && memcmp(again, buf, len) == 0, "written again byte for byte");
        free(again);
    }
    rv_trace_free(back);
    back = rv_trace_parse(buf, plain_len + 40, err, sizeof err);
    CHECK(back == NULL, "a cut section was accepted");
    CHECK_CONTAINS(err, "cut short");
    rv_trace_free(back);
    free(buf);
    /* the writer does not judge, the reader does: SM 9 of 2 */
    tr->waves->blocks[1].sm = 9;
    buf = rv_trace_serialize(tr, &len);
    back = rv_trace_parse(buf, len, err, sizeof err);
    CHECK(back == NULL, "a section with an SM past the GPU's was accepted");
    CHECK_CONTAINS(err, "the waves run: waves of launch 1: block 1 ran on SM 9");
    rv_trace_free(back);
    free(buf);
    free(plain);
    rv_trace_free(tr);
}

static void put_le(uint8_t **p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) *(*p)++ = (uint8_t)(v >> (8 * i));
}

/* w's section in the second or third layout (docs/trace-format.md), as
 * earlier writers wrote it, by hand: 40 bytes a block.  Freed by the caller. */
static uint8_t *old_layout(const rv_waves *w, int layout, size_t *len)
{
    uint8_t *buf = malloc(12 + 88 + (size_t)w->nblocks * 40), *p = buf;
    memcpy(p, layout == 3 ? RV_WAVES_SECTION_MAGIC3 : RV_WAVES_SECTION_MAGIC, 8), p += 8;
    put_le(&p, 1, 4);
    put_le(&p, w->launch, 4);
    for (int k = 0; k < 3; k++) put_le(&p, w->grid_dim[k], 4);
    for (int k = 0; k < 3; k++) put_le(&p, w->block_dim[k], 4);
    for (int k = 0; k < 3; k++) put_le(&p, w->cluster_dim[k], 4);
    put_le(&p, w->sm_count, 4), put_le(&p, w->bound, 4), put_le(&p, w->sm_blocks, 4);
    put_le(&p, w->cluster_bound, 4), put_le(&p, w->smem, 4), put_le(&p, w->nblocks, 4);
    if (layout == 3) {
        put_le(&p, w->how, 4), put_le(&p, w->repeats, 4);
        put_le(&p, w->plain_ns, 8), put_le(&p, w->waves_ns, 8);
    }
    for (uint32_t i = 0; i < w->nblocks; i++) {
        const rv_wave_block *r = &w->blocks[i];
        put_le(&p, r->block, 4), put_le(&p, r->sm, 4);
        put_le(&p, r->start, 8), put_le(&p, r->first_end, 8), put_le(&p, r->end, 8);
        put_le(&p, r->rank, 4), put_le(&p, r->flags, 4);
    }
    *len = (size_t)(p - buf);
    return buf;
}

static int same_blocks(const rv_waves *a, const rv_waves *b)
{
    if (a->nblocks != b->nblocks) return 0;
    for (uint32_t i = 0; i < a->nblocks; i++)
        if (memcmp(&a->blocks[i], &b->blocks[i], sizeof a->blocks[i])) return 0;
    return 1;
}

/* The layouts written before (RVTWAVE2: 40 bytes a block; RVTWAVE3: how a
 * launch was recorded and its overhead too) read as they were; the way and
 * the overhead kept in the fourth; a half-measured overhead or an unknown
 * way of recording refused. */
static void test_file_layouts(void)
{
    char err[400] = "";
    size_t len, used;
    rv_waves *w = clusters();
    uint8_t *buf = old_layout(w, 2, &len);
    rv_waves *back = rv_waves_parse(buf, len, &used, err, sizeof err);
    CHECK(back && used == len && same_blocks(back, w) && back->cluster_bound == 2, "RVTWAVE2 read back: %s", err);
    rv_waves_free(back);
    free(buf);
    w->how = RV_WAVES_BY_STAMPS;
    w->repeats = 20, w->plain_ns = 40000, w->waves_ns = 41000;
    buf = old_layout(w, 3, &len);
    back = rv_waves_parse(buf, len, &used, err, sizeof err);
    CHECK(back && used == len && same_blocks(back, w) && back->how == RV_WAVES_BY_STAMPS && back->waves_ns == 41000,
          "RVTWAVE3 read back: %s", err);
    rv_waves_free(back);
    back = rv_waves_parse(buf, len - 1, &used, err, sizeof err);
    CHECK(back == NULL, "a cut RVTWAVE3 was accepted");
    CHECK_CONTAINS(err, "cut short");
    rv_waves_free(back);
    free(buf);

    buf = NULL, len = 0;
    CHECK(rv_waves_serialize(w, &buf, &len) == 0, "written");
    back = rv_waves_parse(buf, len, &used, err, sizeof err);
    CHECK(back && back->how == RV_WAVES_BY_STAMPS && back->repeats == 20 && back->plain_ns == 40000 &&
              back->waves_ns == 41000 && same_blocks(back, w),
          "the way and the overhead read back: %s", err);
    CHECK(back && rv_waves_overhead(back) > 1.0249 && rv_waves_overhead(back) < 1.0251, "overhead");
    rv_waves_free(back);
    size_t how = 12 + 64;
    buf[how] = 7;
    back = rv_waves_parse(buf, len, &used, err, sizeof err);
    CHECK(back == NULL, "an unknown way of recording was accepted");
    CHECK_CONTAINS(err, "recorded in an unknown way (7)");
    rv_waves_free(back);
    buf[how] = RV_WAVES_BY_STAMPS;
    memset(buf + how + 8, 0, 8); /* the untraced time gone, the waves run's kept */
    back = rv_waves_parse(buf, len, &used, err, sizeof err);
    CHECK(back == NULL, "a half-measured overhead was accepted");
    CHECK_CONTAINS(err, "half measured");
    rv_waves_free(back);
    free(buf);
    CHECK(rv_waves_overhead(w) > 1.0, "overhead of the unsaved one");
    w->plain_ns = 0;
    CHECK(rv_waves_overhead(w) == 0.0, "an unmeasured overhead is 0");
    rv_waves_free(w);
}

/* The packed blocks: any order, any times (a step of 32 ns found and used,
 * one odd time making it 1), read back equal and in some 7 bytes a block
 * where the first layouts took 40; damage of every kind refused. */
static void test_file_packed(void)
{
    char err[400] = "";
    size_t len = 0, used;
    uint8_t *buf = NULL;
    rv_waves *w = many(); /* 2^17 blocks, times of 1 ns apart */
    for (uint32_t i = 0; i < w->nblocks; i++) { /* times in steps of 32 ns, late in the clock's range */
        rv_wave_block *r = &w->blocks[i];
        r->start = (r->start << 5) + 0xfffff00000000000ull, r->first_end = r->start + 32 * 80;
        r->end = r->start + 32 * 90;
    }
    rv_wave_block t = w->blocks[5]; /* blocks out of order */
    w->blocks[5] = w->blocks[70000], w->blocks[70000] = t;
    CHECK(rv_waves_serialize(w, &buf, &len) == 0, "written");
    CHECK(len < 12 + 104 + (size_t)w->nblocks * 8, "2^17 blocks in %zu bytes (%.1f a block)", len,
          (double)len / w->nblocks);
    rv_waves *back = rv_waves_parse(buf, len, &used, err, sizeof err);
    CHECK(back && used == len && same_blocks(back, w), "2^17 blocks read back equal: %s", err);
    rv_waves_free(back);
    free(buf);
    w->blocks[3].end += 1; /* one odd time: the step is 1 ns, every time still kept */
    buf = NULL, len = 0;
    CHECK(rv_waves_serialize(w, &buf, &len) == 0, "written");
    back = rv_waves_parse(buf, len, &used, err, sizeof err);
    CHECK(back && used == len && same_blocks(back, w), "an odd time read back: %s", err);
    rv_waves_free(back);
    free(buf);
    rv_waves_free(w);

    w = three();
    buf = NULL, len = 0;
    rv_waves_serialize(w, &buf, &len);
    const size_t tick = 12 + 96, packed = 12 + 100, blocks = 12 + 104; /* block 0: its number, then its SM */
    const char *damage[] = {"no step",
                            "fewer bytes than one a field",
                            "the last field cut",
                            "a byte left over",
                            "an SM past 32 bits",
                            "an integer past 64 bits"};
    uint8_t *bad = malloc(len + 16);
    for (int k = 0; k < 6; k++) {
        memcpy(bad, buf, len);
        size_t bad_len = len;
        uint32_t n = (uint32_t)(len - blocks);
        if (k == 0) memset(bad + tick, 0, 4);
        if (k == 1) n = 3 * 7 - 1;
        if (k == 2) n -= 1;
        if (k == 3) bad[bad_len++] = 0, n++;
        if (k == 4) { /* block 0's SM as 2^32: five bytes where it took one */
            static const uint8_t sm[5] = {0x80, 0x80, 0x80, 0x80, 0x10};
            memmove(bad + blocks + 1 + 5, buf + blocks + 2, len - blocks - 2);
            memcpy(bad + blocks + 1, sm, 5);
            bad_len = len + 4, n += 4;
        }
        if (k == 5) { /* block 0's number as eleven bytes */
            memmove(bad + blocks + 11, buf + blocks + 1, len - blocks - 1);
            memset(bad + blocks, 0xff, 10);
            bad[blocks + 10] = 0x01;
            bad_len = len + 10, n += 10;
        }
        if (k) memcpy(bad + packed, &n, 4); /* little-endian, as the file is */
        back = rv_waves_parse(bad, bad_len, &used, err, sizeof err);
        CHECK(back == NULL, "damaged blocks accepted: %s", damage[k]);
        CHECK_CONTAINS(err, "launch 1 has its blocks damaged");
        rv_waves_free(back);
    }
    free(bad);
    free(buf);
    rv_waves_free(w);
}

static void test_cells(void)
{
    rv_waves *w = three();
    rv_waves_cell c[4];
    CHECK(rv_waves_cells(w, 2, c) == 0, "cells");
    CHECK(c[0].fill == 1.0f && c[0].wave == 0 && c[1].fill == 1.0f && c[1].wave == 1,
          "SM 0: wave 0 then wave 1, full (%g %u, %g %u)", c[0].fill, c[0].wave, c[1].fill, c[1].wave);
    CHECK(c[2].fill == 1.0f && c[2].wave == 0 && c[3].fill == 0.0f && c[3].wave == RV_WAVES_NO_WAVE,
          "SM 1: full, then idle in the tail (%g %u, %g %u)", c[2].fill, c[2].wave, c[3].fill, c[3].wave);
    rv_waves_free(w);
    /* one SM of bound 2: one block all the cell, another half of it */
    w = launch(2, 1, 2);
    put(w, 0, 0, 0, 10);
    put(w, 1, 0, 0, 20);
    CHECK(rv_waves_cells(w, 1, c) == 0 && c[0].fill > 0.749f && c[0].fill < 0.751f && c[0].wave == 0,
          "one SM, bound 2: 30 of 40 block-ns, three quarters full (%g)", c[0].fill);
    rv_waves_free(w);
}

/* w's question (w freed): its hint and answer hold these, its reveal one wave. */
static void expect_question(rv_waves *w, const char *hint, const char *answer)
{
    waves_question q;
    expect_valid(w);
    CHECK(waves_question_of(w, &q) == 0, "the question of %s", hint);
    CHECK_CONTAINS(q.hint, hint);
    CHECK_CONTAINS(q.answer, answer);
    CHECK_CONTAINS(q.explain, "took 1 wave on");
    rv_waves_free(w);
}

/* The lesson's question, "how many waves will this grid take on this GPU?":
 * its right answer is the waves the occupancy predicts from the recording's
 * own numbers, its reveal the waves the run took, and where the busiest SM
 * took more, it says why. */
static void test_question(void)
{
    rv_waves *w = three();
    waves_question q;
    rv_waves_facts f;
    CHECK(waves_question_of(w, &q) == 0 && rv_waves_facts_of(w, &f) == 0, "question");
    CHECK(q.number == f.waves_predicted && q.number == 2 && q.observed == f.waves, "answer %u (predicted %u)", q.number,
          f.waves_predicted);
    CHECK(strstr(q.text, "How many waves") != NULL, "the question: %s", q.text);
    CHECK(strstr(q.hint, "3 blocks; 2 SMs, each holding 1 block at once") != NULL, "the hint's numbers: %s", q.hint);
    CHECK(strstr(q.answer, "2 waves: 3 blocks over 2 SMs") != NULL, "the answer: %s", q.answer);
    CHECK(strstr(q.explain, "took 2 waves") && !strstr(q.explain, "More than"), "the reveal: %s", q.explain);
    rv_waves_free(w);
    /* 4 blocks, 2 SMs of 2 at once: one wave predicted, but SM 0 took three */
    w = launch(4, 2, 2);
    put(w, 0, 0, 0, 10);
    put(w, 1, 0, 0, 10);
    put(w, 2, 0, 10, 20);
    put(w, 3, 1, 0, 10);
    expect_valid(w);
    CHECK(waves_question_of(w, &q) == 0 && q.number == 1 && q.observed == 2, "one predicted, two taken: %u, %u",
          q.number, q.observed);
    CHECK(strstr(q.explain, "More than predicted") != NULL, "the reveal says why: %s", q.explain);
    rv_waves_free(w);
    w = clusters();
    CHECK(waves_question_of(w, &q) == 0 && rv_waves_facts_of(w, &f) == 0 && q.number == f.waves_predicted &&
              strstr(q.hint, "clusters of 2 blocks"),
          "clusters: %u (%s)", q.number, q.hint);
    rv_waves_free(w);
    /* a count of 1 in the singular, each by its own number */
    expect_question(one_block(), "1 block; 1 SM, each holding 1 block at once",
                    "1 wave: 1 block over 1 SM × 1 at once");
    expect_question(one_cluster(), "1 cluster of 2 blocks; the GPU holds 1 cluster at once",
                    "1 wave: 1 cluster, 1 at once");
}

/* v0's grid at 2^25 elements on an H200: 2^17 blocks over 132 SMs, 8 at
 * once, 125 waves (the last of 128 blocks): the picture must read as well
 * as one wave's. */
/* With a folder: waves.rvt there (v0's model trace and two launches'
 * waves), waves-bad.rvt (an SM past the GPU's), waves-stamped.rvt,
 * waves-patch-cost.rvt (the patch's cost measured),
 * waves-one.rvt (one block, one cluster), waves-many.rvt (v0's 2^17
 * blocks) and waves-clusters.rvt (a launch of clusters alone), for
 * waves_cli_test.sh. */
static int write_files(const char *dir)
{
    rv_config c = rv_config_default();
    c.version = 0, c.block_size = 64, c.n = 1024;
    char err[400] = "", path[4096];
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    if (!tr) { fprintf(stderr, "model: %s\n", err); return 1; }
    tr->waves = three();
    tr->waves->next = clusters();
    tr->waves->next->launch = 2;
    snprintf(path, sizeof path, "%s/waves.rvt", dir);
    int rc = rv_trace_save(tr, path, err, sizeof err);
    tr->waves->blocks[1].sm = 9;
    snprintf(path, sizeof path, "%s/waves-bad.rvt", dir);
    /* written as it is: the writer does not judge, the reader does */
    rc |= rv_trace_save(tr, path, err, sizeof err);
    /* the first launch stamped in the kernel, its overhead measured */
    tr->waves->blocks[1].sm = 1;
    tr->waves->how = RV_WAVES_BY_STAMPS;
    tr->waves->repeats = 20, tr->waves->plain_ns = 40000, tr->waves->waves_ns = 41000;
    snprintf(path, sizeof path, "%s/waves-stamped.rvt", dir);
    rc |= rv_trace_save(tr, path, err, sizeof err);
    /* recorded by the patch, its cost measured on whole reductions */
    tr->waves->how = RV_WAVES_BY_PATCH;
    tr->waves->waves_ns = 52000;
    snprintf(path, sizeof path, "%s/waves-patch-cost.rvt", dir);
    rc |= rv_trace_save(tr, path, err, sizeof err);
    rv_waves_free(tr->waves);
    /* every count 1 somewhere: one block, then one cluster */
    tr->waves = one_block();
    tr->waves->next = one_cluster();
    tr->waves->next->launch = 2;
    snprintf(path, sizeof path, "%s/waves-one.rvt", dir);
    rc |= rv_trace_save(tr, path, err, sizeof err);
    rv_waves_free(tr->waves);
    tr->waves = many();
    snprintf(path, sizeof path, "%s/waves-many.rvt", dir);
    rc |= rv_trace_save(tr, path, err, sizeof err);
    rv_waves_free(tr->waves);
    tr->waves = clusters(); /* a launch of clusters first: the page says where they ran */
    snprintf(path, sizeof path, "%s/waves-clusters.rvt", dir);
    rc |= rv_trace_save(tr, path, err, sizeof err);
    if (rc) fprintf(stderr, "%s\n", err);
    rv_trace_free(tr);
    return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc > 1) return write_files(argv[1]);
    test_facts_small();
    test_facts_one_wave();
    test_refused();
    test_warps_leave();
    test_clusters();
    test_cluster_sets();
    test_cells();
    test_question();
    test_file();
    test_file_layouts();
    test_file_packed();
    return check_report();
}
