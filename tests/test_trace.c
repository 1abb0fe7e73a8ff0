/* test_trace.c — the .rvt format: round trip, and every kind of bad file is
 * refused with a message naming the problem (never a crash). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "model/model.h"
#include "model/trace_read.h"
#include "core/trace.h"
#include "core/versions.h"

static rv_trace *model(int v, int b, uint64_t n)
{
    rv_config c = rv_config_default();
    c.version = v;
    c.block_size = b;
    c.n = n;
    char err[256];
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    if (!tr) fprintf(stderr, "model: %s\n", err);
    return tr;
}

static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }

/* Parses buf and expects an error mentioning `part`. */
static void expect_refused(const uint8_t *buf, size_t len, const char *part)
{
    char err[512] = "";
    rv_trace *tr = rv_trace_parse(buf, len, err, sizeof err);
    CHECK(tr == NULL, "a bad trace was accepted (expected: %s)", part);
    rv_trace_free(tr);
    CHECK_CONTAINS(err, part);
}

static void test_round_trip(void)
{
    for (int v = 0; v < RV_NUM_VERSIONS; v++) {
        rv_trace *tr = model(v, 64, 5000);
        size_t len;
        uint8_t *buf = rv_trace_serialize(tr, &len);
        char err[512], msg[512];
        rv_trace *back = rv_trace_parse(buf, len, err, sizeof err);
        CHECK(back != NULL, "v%d: %s", v, err);
        if (back) CHECK(rv_trace_compare(tr, back, msg, sizeof msg) == 0, "v%d: %s", v, msg);
        if (back) CHECK(strcmp(back->origin, "CPU model") == 0, "origin %s", back->origin);
        rv_trace_free(back);
        free(buf);
        rv_trace_free(tr);
    }
}

static void test_bad_files(void)
{
    rv_trace *tr = model(1, 64, 1000);
    size_t len;
    uint8_t *good = rv_trace_serialize(tr, &len);
    uint8_t *buf = malloc(len + 8);

    /* every truncation point is refused cleanly */
    int truncations_refused = 1;
    for (size_t cut = 0; cut < len; cut += (cut < 400 ? 1 : 97)) {
        char err[512];
        rv_trace *t = rv_trace_parse(good, cut, err, sizeof err);
        if (t) truncations_refused = 0;
        rv_trace_free(t);
    }
    CHECK(truncations_refused, "a truncated trace was accepted");
    expect_refused(good, len - 3, "truncated");
    expect_refused(good, 100, "truncated");

    memcpy(buf, good, len);
    memcpy(buf, "NOTATRCE", 8);
    expect_refused(buf, len, "not a reducevis trace");

    memcpy(buf, good, len);
    put32(buf + 8, 99);                      /* format version */
    expect_refused(buf, len, "format version 99");

    memcpy(buf, good, len);
    put32(buf + 12, 13);                     /* kernel version */
    expect_refused(buf, len, "unknown kernel version 13");

    memcpy(buf, good, len);
    put32(buf + 16, 100000);                 /* block size */
    expect_refused(buf, len, "block size");

    memcpy(buf, good, len);
    put32(buf + 16, 48);
    expect_refused(buf, len, "power of two");

    memcpy(buf, good, len);
    put32(buf + 52, 4000000000u);            /* steps */
    expect_refused(buf, len, "steps");

    memcpy(buf, good, len);
    put32(buf + 20, 77);                     /* traced block beyond the grid of 16 */
    expect_refused(buf, len, "outside the grid");

    memcpy(buf, good, len);
    memcpy(buf + len, "junk", 4);
    expect_refused(buf, len + 4, "unexpected bytes");

    /* an access index beyond shared memory: the first event's write */
    memcpy(buf, good, len);
    size_t first_event = 160 + 32 * (size_t)tr->nsteps;
    put32(buf + first_event + 8, 5000);      /* low half of the write word */
    expect_refused(buf, len, "outside shared memory");

    char err[512];
    CHECK(rv_trace_load("/nonexistent/x.rvt", err, sizeof err) == NULL, "missing file accepted");
    CHECK_CONTAINS(err, "/nonexistent/x.rvt");
    free(buf);
    free(good);
    rv_trace_free(tr);
}

/* v8's float4 reads: inside the array, from a multiple of 4; its grid: any
 * from 1 to one float4 per thread; its result after the partials. */
static void test_v8_accesses(void)
{
    char err[512];
    rv_config c = rv_config_default();
    c.version = RV_V8;
    c.block_size = 64;
    c.n = 1002;                  /* 250 float4s and a tail of 2 */
    c.grid = 2;
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    CHECK(tr != NULL, "%s", err);
    if (!tr) return;
    CHECK(rv_trace_validate(tr, err, sizeof err) == 0, "%s", err);
    rv_event *e = rv_trace_event(tr, 0, 0); /* thread 0 of the load: the rows of the one (partial)
                                               tile, float4s 0, 64, 128, 192, then the tail */
    CHECK(e->nreads == 5, "thread 0 reads %u", e->nreads);
    uint64_t *r = tr->reads + e->reads, keep = r[0];
    CHECK(keep == RV_ACC(RV_SPACE_GIN4, 0), "first read is the float4 at 0");
    r[0] = RV_ACC(RV_SPACE_GIN4, 1000); /* elements 1000..1003 of 1002 */
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0, "a float4 past the end accepted");
    CHECK_CONTAINS(err, "runs past the array");
    r[0] = RV_ACC(RV_SPACE_GIN4, 6);
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0, "a misaligned float4 accepted");
    CHECK_CONTAINS(err, "not a multiple of 4");
    r[0] = RV_ACC(RV_SPACE_GIN4, 996); /* the last whole float4 */
    CHECK(rv_trace_validate(tr, err, sizeof err) == 0, "the last float4 refused: %s", err);
    r[0] = keep;
    CHECK(r[1] == RV_ACC(RV_SPACE_GIN4, 4 * 64), "the second row of the tile is 64 float4s on");
    CHECK(r[4] == RV_ACC(RV_SPACE_GIN, 1000), "the tail element 1000 is a scalar read");

    /* the result lands after the partials: out[grid]; out[grid + 1] does not exist */
    rv_event *w = rv_trace_event(tr, tr->nsteps - 1, 0);
    CHECK(w->write == RV_ACC(RV_SPACE_GOUT, 2), "result at out[2]");
    w->write = RV_ACC(RV_SPACE_GOUT, 3);
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0, "out[grid + 1] accepted");
    w->write = RV_ACC(RV_SPACE_GOUT, 2);

    /* grids: 1 .. ceil(1002 / 256) = 4 */
    tr->grid = 5;
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0, "a grid of 5 accepted");
    CHECK_CONTAINS(err, "1 .. 4");
    tr->grid = 0;
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0, "a grid of 0 accepted");
    tr->grid = 2;
    CHECK(rv_trace_validate(tr, err, sizeof err) == 0, "%s", err);
    rv_trace_free(tr);
}

/* v9: its atomicAdd reads and writes out[grid], which exists (the result
 * after the partial slots, as in v8); out[grid + 1] does not. */
static void test_v9_result(void)
{
    char err[512];
    rv_config c = rv_config_default();
    c.version = RV_V9;
    c.block_size = 64;
    c.n = 1002;
    c.grid = 2;
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    CHECK(tr != NULL, "%s", err);
    if (!tr) return;
    CHECK(rv_trace_validate(tr, err, sizeof err) == 0, "%s", err);
    rv_event *w = rv_trace_event(tr, tr->nsteps - 1, 0);
    uint64_t *r = tr->reads + w->reads;
    CHECK(w->write == RV_ACC(RV_SPACE_GOUT, 2) && w->nreads == 2 && r[1] == RV_ACC(RV_SPACE_GOUT, 2),
          "v9 reads and writes out[2]");
    r[1] = RV_ACC(RV_SPACE_GOUT, 3);
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0, "a read of out[grid + 1] accepted");
    r[1] = RV_ACC(RV_SPACE_GOUT, 2);
    w->write = RV_ACC(RV_SPACE_GOUT, 3);
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0, "a write to out[grid + 1] accepted");
    rv_trace_free(tr);
}

/* v10: its cluster is its row's (a trace stores none), its steps' flags its
 * plan's; a grid that is not whole clusters, or flags the plan has not, are
 * refused. */
static void test_v10_cluster(void)
{
    char err[512];
    rv_config c = rv_config_default();
    c.version = RV_V10;
    c.block_size = 64;
    c.n = 100000;
    c.grid = 8;
    c.block = 6;
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    CHECK(tr != NULL, "%s", err);
    if (!tr) return;
    uint32_t dim[3], blocks;
    CHECK(rv_trace_clustered(tr, dim, &blocks) && blocks == 4 && dim[0] == 4 && dim[1] == 1,
          "v10's trace is of clusters of 4");
    CHECK(rv_trace_cluster_rank(tr) == 2, "block 6 is rank 2 of its cluster");
    int flagged = 0;
    for (int s = 0; s < tr->nsteps; s++) flagged += tr->steps[s].flags != 0;
    CHECK(flagged == 2, "v10: the cluster's step and the one after its second cluster.sync() are flagged");
    tr->grid = 6;
    tr->traced_block = 5;
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0, "v10 on 6 blocks accepted");
    CHECK_CONTAINS(err, "not whole clusters");
    tr->grid = 8;
    tr->steps[0].flags = RV_STEP_DSMEM;
    CHECK(rv_trace_validate(tr, err, sizeof err) != 0, "a flag v10's plan has not accepted");
    rv_trace_free(tr);
    tr = model(RV_V8, 64, 5000);
    CHECK(tr && !rv_trace_clustered(tr, dim, &blocks) && blocks == 1, "v8 has no cluster");
    rv_trace_free(tr);
}

/* The ranks a DSMEM step names, for its sentence and verify's count. */
static void test_dsmem_ranks(void)
{
    rv_step st = {0};
    char ranks[4][8];
    snprintf(st.label, sizeof st.label, "dsmem 1 2 13");
    CHECK(rv_step_dsmem_ranks(&st, ranks, 4) == 0, "a step without the flag names none");
    st.flags = RV_STEP_DSMEM;
    CHECK(rv_step_dsmem_ranks(&st, ranks, 4) == 3 && !strcmp(ranks[2], "13"), "ranks 1, 2 and 13");
    CHECK(rv_step_dsmem_ranks(&st, ranks, 2) == 2, "no more than asked for");
    snprintf(st.label, sizeof st.label, "dsmem ?");
    CHECK(rv_step_dsmem_ranks(&st, ranks, 4) == 1 && !strcmp(ranks[0], "?"), "a rank not known");
}

int main(void)
{
    test_dsmem_ranks();
    test_round_trip();
    test_bad_files();
    test_v8_accesses();
    test_v9_result();
    test_v10_cluster();
    return check_report();
}
