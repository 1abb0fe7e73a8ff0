/* test_model.c — the CPU model: every version of the table has its own model
 * function; each version's traced block sums exactly the
 * elements that block owns, for every allowed block size and awkward N; v8's
 * last block sums the whole array, at any grid; v9's blocks each add their
 * sum to out[grid], and together the whole array; v10's rank 0 adds its
 * cluster's block sums in rank order, one partial per cluster. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "model/model.h"
#include "core/versions.h"

/* The elements block b of version v owns in a grid of `grid` blocks,
 * computed from the seeds' formulas (independently of the model's code).
 * Returns their double sum. */
static double owned_sum(int v, int B, uint64_t n, uint64_t grid, uint64_t b, rv_data d, uint64_t *count)
{
    double sum = 0.0;
    *count = 0;
    uint64_t n4 = n / 4;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t owner;
        if (rv_version_has(v, RV_VP_FILLS_GPU)) /* v8, v9, v10: float4 j is in tile j / (4 x B), dealt to block tile % grid; the tail to threads 0, 1, 2 */
            owner = i < 4 * n4 ? (i / 4) / (RV_FILL_UNROLL * (uint64_t)B) % grid : (i - 4 * n4) / (uint64_t)B;
        else if (v <= 2) owner = i / (uint64_t)B;
        else if (v <= 5 || v == 8) owner = i / (2 * (uint64_t)B);   /* 8 = v4s */
        else if (v == 6) owner = (i / (2 * (uint64_t)B)) % grid;      /* grid-stride */
        else owner = i / ((uint64_t)B * RV_ELEMS_PER_THREAD);
        if (owner == b) {
            sum += rv_data_value(d, i);
            (*count)++;
        }
    }
    return sum;
}

/* The traced block's own result: its last step's value (v8: its partial,
 * before the last block's final phase; v9: the sum it adds atomically; v10:
 * the sum it leaves for its cluster, before the cluster's step, the partial
 * and the ticket). */
static float block_result(const rv_trace *tr)
{
    int last = rv_model_last_block_step(tr->version, tr->block_size);
    int before = rv_version_cluster(tr->version) > 1 ? 4 : 2;
    const rv_event *e = rv_trace_event(tr, last < tr->nsteps ? last - before : tr->nsteps - 1, 0);
    return e->value;
}

static void test_sums(void)
{
    static const uint64_t ns[] = {1, 31, 1000, 100003};
    static const char *const datas[] = {"ones", "random:7", "mod10"};
    for (int v = 0; v < RV_NUM_VERSIONS; v++)
        for (int B = 32; B <= 1024; B *= 2) {
            if (rv_version_check_block(v, B)) continue;
            for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
                for (size_t d = 0; d < 3; d++) {
                    rv_config c = {v, B, ns[k], 0, {RV_DATA_ONES, 0}, 0};
                    char err[256];
                    rv_data_parse(datas[d], &c.data, err, sizeof err);
                    uint64_t grid = rv_version_grid(v, B, c.n), tile = RV_FILL_UNROLL * (uint64_t)B;
                    c.block = (uint32_t)(grid - 1);   /* the last block holds the tail */
                    if (rv_version_has(v, RV_VP_FILLS_GPU) && c.n >= 4) /* v8, v9: the block of the last tile, often a partial one */
                        c.block = (uint32_t)((((c.n / 4 + tile - 1) / tile) - 1) % grid);
                    rv_trace *tr = rv_model_run(&c, err, sizeof err);
                    CHECK(tr != NULL, "v%d B=%d n=%llu: %s", v, B, (unsigned long long)c.n, err);
                    if (!tr) continue;
                    uint64_t count;
                    double want = owned_sum(v, B, c.n, grid, c.block, c.data, &count);
                    double got = block_result(tr);
                    CHECK(fabs(got - want) <= 1e-5 * want + 1e-6,
                          "v%d B=%d n=%llu %s block %u: model %.9g, expected %.9g (%llu elements)", v, B,
                          (unsigned long long)c.n, datas[d], c.block, got, want, (unsigned long long)count);
                    rv_step plan[RV_MAX_STEPS];
                    CHECK(tr->nsteps == rv_model_plan(v, B, plan), "step count");
                    rv_trace_free(tr);
                }
        }
}

static void test_bad_configs(void)
{
    char err[256];
    rv_config c = rv_config_default();
    c.version = 4;
    c.block_size = 32;
    CHECK(rv_model_run(&c, err, sizeof err) == NULL, "v4 at block size 32 accepted");
    CHECK_CONTAINS(err, "at least 64");
    c = rv_config_default();
    c.n = 0;
    CHECK(rv_model_run(&c, err, sizeof err) == NULL, "N = 0 accepted");
    CHECK_CONTAINS(err, "N = 0");
    c = rv_config_default();
    c.block = 1u << 30;
    CHECK(rv_model_run(&c, err, sizeof err) == NULL, "a block beyond the grid accepted");
    CHECK_CONTAINS(err, "does not exist");
    c = rv_config_default();
    c.version = RV_NUM_VERSIONS;
    CHECK(rv_model_run(&c, err, sizeof err) == NULL, "version %d accepted", RV_NUM_VERSIONS);
    c = rv_config_default();
    c.version = RV_V8;
    c.n = 1000;
    c.grid = 2; /* 1000 elements are 250 float4s: one block of 256 threads covers them */
    CHECK(rv_model_run(&c, err, sizeof err) == NULL, "v8 with more blocks than float4s accepted");
    CHECK_CONTAINS(err, "at most 1");
    c.version = 7;
    c.grid = 5;
    CHECK(rv_model_run(&c, err, sizeof err) == NULL, "a grid for v7 accepted");
    CHECK_CONTAINS(err, "only a version whose grid fills the GPU can choose");
    c = rv_config_default();
    c.version = RV_V8;
    c.n = 1ull << 31;
    c.grid = 1;
    CHECK(rv_model_run(&c, err, sizeof err) == NULL, "v8 with 2^21 float4s per thread accepted");
    CHECK_CONTAINS(err, "a trace holds at most");
}

/* Version v at block size B over n elements of a data pattern, on a grid
 * (0: the version's own), tracing block 0. */
static rv_config config_of(int v, int B, uint64_t n, uint32_t grid, const char *data)
{
    char err[256];
    rv_config c = {v, B, n, 0, {RV_DATA_ONES, 0}, grid};
    rv_data_parse(data, &c.data, err, sizeof err);
    return c;
}

/* The whole array's sum in double precision, and the sum of |x| (for the
 * tolerance of a float sum). */
static double array_sum(const rv_config *c, double *abs_sum)
{
    double sum = 0.0;
    *abs_sum = 0.0;
    for (uint64_t i = 0; i < c->n; i++) {
        sum += rv_data_value(c->data, i);
        *abs_sum += fabs(rv_data_value(c->data, i));
    }
    return sum;
}

/* v8: whatever the grid, the result the last block writes is the whole
 * array's sum; the partials it gathers are those of every block, and the
 * traced block's partial is the one it publishes. */
static void test_v8_single_pass(void)
{
    static const struct { uint64_t n; int B; uint32_t grid; } runs[] = {
        {1, 32, 1}, {3, 64, 0}, {7, 256, 0}, {1000003, 256, 0}, {1000003, 256, 9}, {1000003, 1024, 101},
        {100003, 32, 0}, {100003, 128, 196}, {4096, 1024, 1}, {(1u << 20) + 2, 512, 0}};
    static const char *const datas[] = {"ones", "random:3", "index"};
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++)
        for (size_t d = 0; d < 3; d++) {
            char err[256];
            rv_config c = config_of(RV_V8, runs[k].B, runs[k].n, runs[k].grid, datas[d]);
            uint32_t grid = rv_config_grid(&c);
            c.block = grid / 2;
            rv_trace *tr = rv_model_run(&c, err, sizeof err);
            CHECK(tr != NULL, "v8 n=%llu B=%d grid=%u: %s", (unsigned long long)c.n, c.block_size, grid, err);
            if (!tr) continue;
            CHECK(tr->grid == grid, "v8 trace grid %u, expected %u", tr->grid, grid);
            double abs_sum, want = array_sum(&c, &abs_sum);
            const rv_event *res = rv_trace_event(tr, tr->nsteps - 1, 0);
            CHECK(res->line && RV_ACC_SPACE(res->write) == RV_SPACE_GOUT && RV_ACC_INDEX(res->write) == grid,
                  "v8: thread 0 writes the result after the %u partials", grid);
            CHECK(fabs(res->value - want) <= 1e-5 * abs_sum + 1e-6, "v8 n=%llu B=%d grid=%u %s: result %.9g, double sum %.9g",
                  (unsigned long long)c.n, c.block_size, grid, datas[d], (double)res->value, want);
            /* the gather reads every partial exactly once, thread t those t, t + B, ... */
            int gather = rv_model_last_block_step(RV_V8, c.block_size);
            uint64_t seen = 0;
            for (int t = 0; t < c.block_size; t++) {
                const rv_event *e = rv_trace_event(tr, gather, t);
                const uint64_t *r = rv_event_reads(tr, e);
                for (uint32_t j = 0; j < e->nreads; j++) {
                    CHECK(RV_ACC_SPACE(r[j]) == RV_SPACE_GOUT && RV_ACC_INDEX(r[j]) == (uint64_t)t + (uint64_t)j * (uint64_t)c.block_size,
                          "v8 gather: thread %d read %d", t, j);
                    seen++;
                }
            }
            CHECK(seen == grid, "v8 gather reads %llu partials of %u", (unsigned long long)seen, grid);
            rv_trace_free(tr);
        }
}

/* v9: v8's steps up to the block's sum, then one atomicAdd by thread 0 that
 * reads and writes out[grid] and records the sum it adds; no ticket, no last
 * block.  Every block's atomic add together makes the whole array's sum. */
static void test_v9_atomic(void)
{
    static const struct { uint64_t n; int B; uint32_t grid; } runs[] = {
        {1, 32, 1}, {7, 64, 0}, {1000003, 256, 9}, {100003, 32, 50}, {4096, 1024, 1}, {(1u << 18) + 2, 512, 37}};
    static const char *const datas[] = {"ones", "random:3", "index"};
    rv_step p8[RV_MAX_STEPS], p9[RV_MAX_STEPS];
    for (int B = 32; B <= 1024; B *= 2) {
        int n8 = rv_model_plan(RV_V8, B, p8), n9 = rv_model_plan(RV_V9, B, p9);
        int ticket = rv_model_last_block_step(RV_V8, B) - 1;  /* v8's ticket step */
        CHECK(n9 == ticket && n9 < n8, "v9 B=%d: %d steps, v8's up to its partial and one more (%d)", B, n9, ticket);
        for (int s = 0; s + 1 < n9; s++)
            CHECK(!strcmp(p8[s].label, p9[s].label) && p8[s].phase == p9[s].phase, "v9 B=%d step %d is v8's", B, s);
        CHECK(!strcmp(p9[n9 - 1].label, "atomicAdd") && p9[n9 - 1].phase == RV_PHASE_WRITE, "v9 ends with its atomicAdd");
        CHECK(rv_model_last_block_step(RV_V9, B) == n9, "v9 has no last block");
    }
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++)
        for (size_t d = 0; d < 3; d++) {
            char err[256];
            rv_config c = config_of(RV_V9, runs[k].B, runs[k].n, runs[k].grid, datas[d]);
            uint32_t grid = rv_config_grid(&c);
            double abs_sum, want = array_sum(&c, &abs_sum), total = 0.0;
            for (c.block = 0; c.block < grid; c.block++) {
                rv_trace *tr = rv_model_run(&c, err, sizeof err);
                CHECK(tr != NULL, "v9 n=%llu B=%d grid=%u block %u: %s", (unsigned long long)c.n, c.block_size, grid, c.block, err);
                if (!tr) continue;
                int last = tr->nsteps - 1;
                for (int t = 1; t < c.block_size; t++)
                    CHECK(!rv_trace_event(tr, last, t)->line, "v9: only thread 0 adds (thread %d does too)", t);
                const rv_event *e = rv_trace_event(tr, last, 0);
                const uint64_t *r = rv_event_reads(tr, e);
                uint64_t result = RV_ACC(RV_SPACE_GOUT, grid);
                CHECK(e->line && e->write == result && e->nreads == 2 && r[0] == RV_ACC(RV_SPACE_REG, 0) && r[1] == result,
                      "v9: thread 0 reads its sum and out[%u], and writes out[%u]", grid, grid);
                uint64_t count;
                double own = owned_sum(RV_V9, c.block_size, c.n, grid, c.block, c.data, &count);
                CHECK(fabs(e->value - own) <= 1e-5 * own + 1e-6, "v9 n=%llu B=%d block %u adds %.9g, owns %.9g",
                      (unsigned long long)c.n, c.block_size, c.block, (double)e->value, own);
                CHECK(e->value == rv_trace_event(tr, last - 1, 0)->value, "v9 adds thread 0's block sum");
                total += e->value;
                rv_trace_free(tr);
            }
            CHECK(fabs(total - want) <= 1e-5 * abs_sum + 1e-6, "v9 n=%llu B=%d grid=%u %s: the adds make %.9g, double sum %.9g",
                  (unsigned long long)c.n, c.block_size, grid, datas[d], total, want);
        }
}

/* The step of trace tr labelled `label`, or -1. */
static int step_named(const rv_trace *tr, const char *label)
{
    for (int s = 0; s < tr->nsteps; s++)
        if (!strcmp(tr->steps[s].label, label)) return s;
    return -1;
}

/* v10 at B = 32 over 4096 mod10 elements on 8 blocks, checked by hand:
 * a tile is 4 x 32 float4s = 512 elements and 1024 float4s make 8 tiles, so
 * block b sums elements [512b, 512b + 512) and cluster c (blocks 4c .. 4c + 3)
 * elements [2048c, 2048c + 2048).  Integer data: every order gives the
 * same sum, so the expected values come from the formulas alone. */
static void test_v10_cluster(void)
{
    char err[256];
    double cluster[2] = {0, 0};
    for (int i = 0; i < 4096; i++) cluster[i / 2048] += i % 10;  /* 9200 each: 204 whole decades and 0..7 */
    for (uint32_t b = 0; b < 8; b++) {
        rv_config c = config_of(RV_V10, 32, 4096, 8, "mod10");
        c.block = b;
        rv_trace *tr = rv_model_run(&c, err, sizeof err);
        CHECK(tr != NULL, "v10 block %u: %s", b, err);
        if (!tr) continue;
        int sum = step_named(tr, "block sum"), dsmem = step_named(tr, "dsmem 1 2 3");
        int publish = step_named(tr, "write partial"), gather = step_named(tr, "last: gather");
        CHECK(sum >= 0 && dsmem == sum + 1 && publish == dsmem + 1 && gather > publish, "v10 steps in order");
        if (sum < 0 || dsmem < 0 || publish < 0 || gather < 0) { rv_trace_free(tr); continue; }
        double own = 0;
        for (int i = 512 * (int)b; i < 512 * ((int)b + 1); i++) own += i % 10;
        const rv_event *e = rv_trace_event(tr, sum, 0);
        CHECK(e->line && e->value == own && e->write == RV_ACC(RV_SPACE_SMEM, 0),
              "v10 block %u leaves its sum %.9g in warpLevelSums[0] (%.9g)", b, (double)e->value, own);
        CHECK(tr->steps[dsmem].flags == (RV_STEP_CLUSTER_SYNC | RV_STEP_DSMEM) &&
              tr->steps[publish].flags == RV_STEP_CLUSTER_SYNC && tr->steps[sum].flags == 0,
              "v10: the cluster's steps say cluster.sync() and distributed shared memory");
        CHECK(rv_trace_cluster_rank(tr) == b % 4, "v10 block %u is rank %u", b, rv_trace_cluster_rank(tr));
        e = rv_trace_event(tr, dsmem, 0);
        if (b % 4 == 0) {
            CHECK(e->line && e->value == cluster[b / 4] && e->nreads == 1 && rv_event_reads(tr, e)[0] == RV_ACC(RV_SPACE_REG, 0),
                  "v10 rank 0 of cluster %u sums %.9g (%.9g) from its register and the others' shared memory", b / 4,
                  (double)e->value, cluster[b / 4]);
            e = rv_trace_event(tr, publish, 0);
            CHECK(e->line && e->value == cluster[b / 4] && e->write == RV_ACC(RV_SPACE_GOUT, b / 4),
                  "v10 rank 0 publishes out[%u] = the cluster's partial", b / 4);
        }
        for (int t = 0; t < 32; t++) /* the other ranks have left; only thread 0 of rank 0 works */
            for (int s = dsmem; s < gather; s++)
                CHECK(!rv_trace_event(tr, s, t)->line || (b % 4 == 0 && t == 0),
                      "v10 block %u thread %d step %d executes", b, t, s);
        /* the last block gathers two partials, one per cluster, and writes the whole sum */
        CHECK(rv_trace_event(tr, gather, 0)->value == cluster[0] && rv_trace_event(tr, gather, 1)->value == cluster[1] &&
              rv_trace_event(tr, gather, 2)->nreads == 0, "v10 gathers one partial per cluster");
        CHECK(rv_trace_event(tr, tr->nsteps - 1, 0)->value == cluster[0] + cluster[1], "v10 result");
        rv_trace_free(tr);
    }

    /* Random data: rank 0's value is its cluster's four block sums added in
     * rank order, in float, bit for bit: the sums the traces of blocks 4 .. 7
     * leave in shared memory. */
    float sums[4] = {0};
    for (uint32_t r = 0; r < 4; r++) {
        rv_config c = config_of(RV_V10, 64, 100003, 8, "random:7");
        c.block = 4 + r;
        rv_trace *tr = rv_model_run(&c, err, sizeof err);
        CHECK(tr != NULL, "v10 random block %u: %s", c.block, err);
        if (!tr) return;
        sums[r] = rv_trace_event(tr, step_named(tr, "block sum"), 0)->value;
        rv_trace_free(tr);
    }
    rv_config c = config_of(RV_V10, 64, 100003, 8, "random:7");
    c.block = 4;
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    CHECK(tr != NULL, "v10 random: %s", err);
    if (!tr) return;
    float want = ((sums[0] + sums[1]) + sums[2]) + sums[3];
    float got = rv_trace_event(tr, step_named(tr, "dsmem 1 2 3"), 0)->value;
    CHECK(rv_value_bits(got) == rv_value_bits(want), "v10 cluster 1's sum %.9g, rank order gives %.9g", (double)got, (double)want);
    rv_trace_free(tr);
}

/* v10's grid is whole clusters: the default, the largest, and a chosen one. */
static void test_v10_grid(void)
{
    char err[256];
    for (int B = 32; B <= 1024; B *= 2)
        for (uint64_t n = 1; n <= (1ull << 26); n = n * 7 + 3) {
            CHECK(rv_version_grid(RV_V10, B, n) % 4 == 0 && rv_version_grid(RV_V10, B, n) >= 4,
                  "v10 B=%d n=%llu: default grid %llu", B, (unsigned long long)n, (unsigned long long)rv_version_grid(RV_V10, B, n));
            CHECK(rv_version_grid_max(RV_V10, B, n) % 4 == 0, "v10 largest grid is whole clusters");
        }
    CHECK(rv_version_grid_max(RV_V10, 256, 1000) == 4, "v10 over one block's float4s still runs a cluster");
    rv_config c = config_of(RV_V10, 256, 1 << 20, 6, "ones");
    CHECK(rv_model_run(&c, err, sizeof err) == NULL, "v10 on 6 blocks accepted");
    CHECK_CONTAINS(err, "not whole clusters");
    CHECK(rv_version_cluster(RV_V8) == 1 && rv_version_cluster(RV_V10) == 4, "only v10 launches clusters");
    CHECK(rv_version_check_cc(RV_V10, 90) == NULL && rv_version_check_cc(RV_V10, 89) != NULL &&
          rv_version_check_cc(RV_V8, 75) == NULL, "v10 needs compute capability 9.0");
}

static void test_lines(void)
{
    /* every step's line is a statement's (code ending in ';' before its
       `// rv:` marker), not a comment or a brace: the line the hardware's
       line table gives a kernel without trace macros */
    for (int v = 0; v < RV_NUM_VERSIONS; v++) {
        rv_config c = rv_config_default();
        c.version = v;
        char err[256];
        rv_trace *tr = rv_model_run(&c, err, sizeof err);
        const char *src = rv_version_source(v);
        for (int s = 0; s < tr->nsteps; s++) {
            const rv_event *e = rv_trace_event(tr, s, 0);
            if (!e->line) continue;
            const char *p = src;
            for (int l = 1; l < e->line && p; l++) p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL;
            const char *eol = p ? strchr(p, '\n') : NULL, *mark = p ? strstr(p, "// rv:") : NULL;
            const char *semi = p ? strchr(p, ';') : NULL;
            CHECK(mark && eol && mark < eol && semi && semi < mark && strncmp(p + strspn(p, " "), "//", 2) != 0,
                  "v%d step %d: line %d is not a marked statement", v, s, e->line);
        }
        rv_trace_free(tr);
    }
}

/* Every row of the version table has its model function (models.c finds it
 * by the kernel file the row names), each its own: a version added without
 * its model, or its line there misspelt or copied from another's, fails
 * here.  A student's kernel and an unknown id have none, and no plan. */
static void test_every_version_modelled(void)
{
    rv_model_fn seen[RV_NUM_VERSIONS] = {0};
    for (int k = 0; k < RV_NUM_VERSIONS; k++) {
        const rv_version_info *info = rv_version_at(k);
        rv_model_fn run = info ? rv_model_for(info->id) : NULL;
        CHECK(run != NULL, "%s (%s) has no model function in src/model/models.c", info ? info->name : "?",
              info ? info->file : "?");
        for (int j = 0; j < k; j++) CHECK(seen[j] != run, "%s has the model of the version %d places before it",
                                           info ? info->name : "?", k - j);
        seen[k] = run;
    }
    rv_step steps[RV_MAX_STEPS];
    CHECK(rv_model_for(RV_VERSION_OWN) == NULL, "a student's kernel has a model");
    CHECK(rv_model_for(-1) == NULL && rv_model_for(RV_NUM_VERSIONS) == NULL, "an unknown id has a model");
    CHECK(rv_model_plan(RV_VERSION_OWN, 256, steps) == 0, "a student's kernel has a plan of the model's");
}

int main(void)
{
    test_every_version_modelled();
    test_sums();
    test_bad_configs();
    test_v8_single_pass();
    test_v9_atomic();
    test_v10_cluster();
    test_v10_grid();
    test_lines();
    return check_report();
}
