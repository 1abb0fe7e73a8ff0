/* test_model.c — the CPU model: each version's traced block sums exactly the
 * elements that block owns, for every allowed block size and awkward N. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "model.h"
#include "versions.h"

/* The elements block b of version v owns, computed from the seeds' formulas
 * (independently of the model's code). Returns their double sum. */
static double owned_sum(int v, int B, uint64_t n, uint64_t b, rv_data d, uint64_t *count)
{
    double sum = 0.0;
    *count = 0;
    uint64_t grid = rv_version_grid(v, B, n);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t owner;
        if (v <= 2) owner = i / (uint64_t)B;
        else if (v <= 5 || v == 8) owner = i / (2 * (uint64_t)B);   /* v8 = v4s */
        else if (v == 6) owner = (i / (2 * (uint64_t)B)) % grid;      /* grid-stride */
        else owner = i / ((uint64_t)B * RV_ELEMS_PER_THREAD);
        if (owner == b) {
            sum += rv_data_value(d, i);
            (*count)++;
        }
    }
    return sum;
}

static float block_result(const rv_trace *tr)
{
    const rv_event *e = rv_trace_event(tr, tr->nsteps - 1, 0);
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
                    rv_config c = {v, B, ns[k], 0, {RV_DATA_ONES, 0}};
                    char err[256];
                    rv_data_parse(datas[d], &c.data, err, sizeof err);
                    uint64_t grid = rv_version_grid(v, B, c.n);
                    c.block = (uint32_t)(grid - 1);   /* the last block holds the tail */
                    rv_trace *tr = rv_model_run(&c, err, sizeof err);
                    CHECK(tr != NULL, "v%d B=%d n=%llu: %s", v, B, (unsigned long long)c.n, err);
                    if (!tr) continue;
                    uint64_t count;
                    double want = owned_sum(v, B, c.n, c.block, c.data, &count);
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
    c.version = 9;
    CHECK(rv_model_run(&c, err, sizeof err) == NULL, "version 9 accepted");
}

static void test_lines(void)
{
    /* every traced statement's line points at that statement */
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
            CHECK(p && strstr(p, "RV_REC") && strstr(p, "RV_REC") < strchr(p, '\n'),
                  "v%d step %d: line %d is not a traced statement", v, s, e->line);
        }
        rv_trace_free(tr);
    }
}

int main(void)
{
    test_sums();
    test_bad_configs();
    test_lines();
    return check_report();
}
