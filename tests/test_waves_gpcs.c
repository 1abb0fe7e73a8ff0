/* test_waves_gpcs.c — the GPU's GPCs in a waves recording (src/core/
 * waves_gpcs.c): a map as the probe makes it kept in the trace file's fifth
 * layout and read back byte for byte; a damaged map refused naming what is
 * wrong; a cluster of the run on two of the map's sets refused, and joined
 * where the recording is made; the picture's rows by GPC. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/trace.h"
#include "core/waves.h"
#include "model/model.h"
#include "model/trace_read.h"

/* Eight SMs in three sets as a probe numbers them (by their smallest SM):
 * {0, 1, 4, 5}, {2, 3}, {6, 7}; SM 6 never seen where unseen is set. */
static void map(rv_gpcs *g, int unseen)
{
    static const uint16_t set[8] = {0, 0, 1, 1, 0, 0, 2, 2};
    g->sm_count = 8, g->ngpcs = 3, g->largest = 4, g->clusters = 12;
    g->gpc = malloc(8 * sizeof *g->gpc);
    memcpy(g->gpc, set, sizeof set);
    if (unseen) g->gpc[6] = RV_GPC_NONE;
}

/* Clusters of 2 over a grid of 8 blocks on 8 SMs, one block an SM: cluster
 * c on SMs `on[c]` and `on[c] + 1`...: every cluster within one set. */
static rv_waves *clustered(void)
{
    static const uint32_t sm_of[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    rv_waves *w = rv_waves_new(8);
    w->launch = 1;
    w->grid_dim[0] = 8, w->grid_dim[1] = w->grid_dim[2] = 1;
    w->block_dim[0] = 256, w->block_dim[1] = w->block_dim[2] = 1;
    w->cluster_dim[0] = 2, w->cluster_dim[1] = w->cluster_dim[2] = 1;
    w->sm_count = 8, w->bound = 1, w->sm_blocks = 32, w->cluster_bound = 4;
    for (uint32_t i = 0; i < 8; i++)
        w->blocks[i] = (rv_wave_block){i, sm_of[i], 100, 200, 200, i % 2, RV_WAVE_CLUSTER};
    map(&w->gpcs, 0);
    return w;
}

static void expect_refused(const rv_waves *w, const char *part)
{
    char err[400] = "";
    CHECK(rv_waves_validate(w, err, sizeof err) == -1, "a bad map was accepted (expected: %s)", part);
    CHECK_CONTAINS(err, part);
}

static void test_checked(void)
{
    char err[400] = "";
    rv_waves *w = clustered();
    CHECK(rv_waves_validate(w, err, sizeof err) == 0, "a true map refused: %s", err);
    rv_waves_free(w);

    w = clustered(); /* numbered out of order: set 1 before set 0's first SM */
    w->gpcs.gpc[0] = w->gpcs.gpc[1] = w->gpcs.gpc[4] = w->gpcs.gpc[5] = 1;
    w->gpcs.gpc[2] = w->gpcs.gpc[3] = 0;
    expect_refused(w, "its sets are not numbered 0 to 2 in the order of their first SM");
    rv_waves_free(w);

    w = clustered(); /* a set said and never used */
    w->gpcs.ngpcs = 4;
    expect_refused(w, "its sets are not numbered 0 to 3");
    rv_waves_free(w);

    w = clustered(); /* a set numbered past the count */
    w->gpcs.gpc[7] = 5;
    expect_refused(w, "not numbered");
    rv_waves_free(w);

    w = clustered(); /* a map of another GPU */
    w->gpcs.sm_count = 7;
    expect_refused(w, "the GPCs' map has 3 sets of 7 SMs for a GPU of 8 SMs");
    rv_waves_free(w);

    w = clustered(); /* cluster 2 (blocks 4, 5) moved to SMs 5 and 6: two sets */
    w->blocks[5].sm = 6, w->blocks[6].sm = 5;
    expect_refused(w, "launch 1's cluster 2 ran on SMs of two GPCs of the map (block 5 on SM 6)");
    rv_waves_free(w);
}

static void test_joined(void)
{
    char err[400] = "";
    rv_waves *w = clustered();
    w->blocks[5].sm = 6, w->blocks[6].sm = 5; /* as above: the probe missed that {0,1,4,5} and {6,7} are one GPC */
    CHECK(rv_gpcs_join(&w->gpcs, w) == 0, "join: out of memory");
    CHECK(w->gpcs.ngpcs == 2, "two sets left, got %u", w->gpcs.ngpcs);
    static const uint16_t want[8] = {0, 0, 1, 1, 0, 0, 0, 0};
    CHECK(memcmp(w->gpcs.gpc, want, sizeof want) == 0, "sets after the join: %u %u %u %u %u %u %u %u", w->gpcs.gpc[0],
          w->gpcs.gpc[1], w->gpcs.gpc[2], w->gpcs.gpc[3], w->gpcs.gpc[4], w->gpcs.gpc[5], w->gpcs.gpc[6],
          w->gpcs.gpc[7]);
    CHECK(rv_waves_validate(w, err, sizeof err) == 0, "joined, then refused: %s", err);
    char words[200];
    CHECK(rv_gpcs_words(&w->gpcs, words, sizeof words) == 0, "words");
    CHECK_CONTAINS(words, "1 × 2 SMs, 1 × 6 SMs");
    rv_waves_free(w);
}

static void test_rows(void)
{
    rv_waves *w = clustered();
    uint32_t sm[8], group[8], n = 0;
    rv_waves_rows(w, sm, group, &n);
    static const uint32_t want_sm[8] = {0, 1, 4, 5, 2, 3, 6, 7}, want_group[8] = {0, 0, 0, 0, 1, 1, 2, 2};
    CHECK(n == 3 && memcmp(sm, want_sm, sizeof sm) == 0 && memcmp(group, want_group, sizeof group) == 0,
          "rows by GPC: %u groups, rows %u %u %u %u %u %u %u %u", n, sm[0], sm[1], sm[2], sm[3], sm[4], sm[5], sm[6],
          sm[7]);
    free(w->gpcs.gpc); /* an SM never seen: last, a group of its own */
    map(&w->gpcs, 1);
    rv_waves_rows(w, sm, group, &n);
    CHECK(n == 4 && sm[7] == 6 && group[7] == 3 && sm[6] == 7 && group[6] == 2, "the unseen SM last: %u groups, %u/%u", n,
          sm[7], group[7]);
    free(w->gpcs.gpc); /* no map: the SMs in order, one group */
    w->gpcs.gpc = NULL;
    rv_waves_rows(w, sm, group, &n);
    CHECK(n == 1 && sm[3] == 3 && group[7] == 0, "no map: %u groups", n);
    rv_waves_free(w);
}

static void test_file(void)
{
    char err[400] = "";
    rv_config c = rv_config_default();
    c.version = 0, c.block_size = 64, c.n = 1024;
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    CHECK(tr != NULL, "model: %s", err);
    if (!tr) return;
    size_t plain_len, len, len4;
    uint8_t *plain = rv_trace_serialize(tr, &plain_len);
    tr->waves = clustered();
    rv_waves *second = clustered();
    second->launch = 2;
    free(second->gpcs.gpc); /* only the first launch's map is written */
    second->gpcs.gpc = NULL;
    tr->waves->next = second;
    uint8_t *buf = rv_trace_serialize(tr, &len);
    CHECK(memcmp(buf + plain_len, RV_WAVES_SECTION_MAGIC5, 8) == 0, "a map: the fifth layout");
    rv_trace *back = rv_trace_parse(buf, len, err, sizeof err);
    CHECK(back && back->waves && back->waves->next, "read back: %s", err);
    if (back && back->waves && back->waves->next) {
        const rv_gpcs *g = &back->waves->gpcs, *g2 = &back->waves->next->gpcs;
        CHECK(g->gpc && g->ngpcs == 3 && g->largest == 4 && g->clusters == 12 && g->gpc[4] == 0 && g->gpc[7] == 2,
              "the map read back");
        CHECK(g2->gpc && g2->ngpcs == 3 && memcmp(g->gpc, g2->gpc, 16) == 0, "every launch gets the map");
        size_t again_len;
        uint8_t *again = rv_trace_serialize(back, &again_len);
        CHECK(again_len == len && memcmp(again, buf, len) == 0, "written again byte for byte");
        free(again);
    }
    rv_trace_free(back);
    /* cut inside the map, and a map of 7 SMs for a GPU of 8 */
    back = rv_trace_parse(buf, len - 3, err, sizeof err);
    CHECK(back == NULL, "a cut map was accepted");
    CHECK_CONTAINS(err, "the waves section's GPCs' map is cut short");
    rv_trace_free(back);
    buf[len - 16 - 16] = 7; /* the map's SM count */
    back = rv_trace_parse(buf, len, err, sizeof err);
    CHECK(back == NULL, "a map of another GPU was accepted");
    CHECK_CONTAINS(err, "the GPCs' map has 3 sets of 7 SMs for a GPU of 8 SMs");
    rv_trace_free(back);
    free(buf);
    /* without a map: the fourth layout, as before */
    free(tr->waves->gpcs.gpc);
    tr->waves->gpcs.gpc = NULL;
    buf = rv_trace_serialize(tr, &len4);
    CHECK(memcmp(buf + plain_len, RV_WAVES_SECTION_MAGIC4, 8) == 0 && len4 == len - 16 - 16,
          "no map: the fourth layout, 32 bytes shorter (%zu, %zu)", len4, len);
    free(buf);
    free(plain);
    rv_trace_free(tr);
}

int main(void)
{
    test_checked();
    test_joined();
    test_rows();
    test_file();
    return check_report();
}
