/* test_gpu.c — on a GPU: every version's whole-array sum equals a double CPU
 * sum as sumcheck.h demands, exactly for integer data below 2^24 (v9's too, whose last bits may change from run
 * to run: its blocks add atomically in the order they arrive), and capture
 * equals the CPU model bit for bit (for v8 also the final phase of whichever
 * block drew the last ticket; for v9 the traced block up to its atomicAdd,
 * which records the sum it adds; both at the GPU's grid and at grids chosen
 * by hand; a version without trace macros is captured by gpu_trace_test.sh).
 * Without a GPU it says why and exits 77, which CTest reports as skipped. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "gpu/gpu.h"
#include "model/model.h"
#include "core/sumcheck.h"
#include "core/versions.h"

static double cpu_sum(uint64_t n, rv_data d)
{
    double s = 0.0;
    for (uint64_t i = 0; i < n; i++) s += rv_data_value(d, i);
    return s;
}

static void test_sums(void)
{
    static const uint64_t ns[] = {1, 31, 1000003, 1u << 25};
    /* random: within the rounding bound of the addition tree; ones and mod10
     * at 2^20 and index at 4099: integer sums below 2^24, so exactly */
    static const struct { const char *data; int only_at; } pats[] = {
        {"random:1", 0}, {"ones", 1u << 20}, {"mod10", 1u << 20}, {"index", 4099}};
    for (size_t p = 0; p < sizeof pats / sizeof pats[0]; p++) {
        rv_data data;
        char err[512];
        rv_data_parse(pats[p].data, &data, err, sizeof err);
        size_t count = pats[p].only_at ? 1 : sizeof ns / sizeof ns[0];
        for (size_t k = 0; k < count; k++) {
            uint64_t n = pats[p].only_at ? (uint64_t)pats[p].only_at : ns[k];
            double want = cpu_sum(n, data);
            for (int v = 0; v < RV_NUM_VERSIONS; v++)
                for (int B = 32; B <= 1024; B *= 2) {
                    if (rv_version_check_block(v, B) || !rv_gpu_runs_version(v, err, sizeof err)) continue;
                    double got = 0.0;
                    int rc = rv_gpu_sum(v, B, n, data, &got, err, sizeof err);
                    CHECK(rc == 0, "v%d B=%d N=%llu: %s", v, B, (unsigned long long)n, err);
                    rv_sum_verdict j = rv_sum_judge(data, n, (uint64_t)rv_gpu_grid(v, B, n) * B, got, want);
                    CHECK(j.ok, "v%d B=%d N=%llu %s: GPU %.9g, expected %.17g (%s %.3g)", v, B, (unsigned long long)n,
                          pats[p].data, got, j.expected, j.exact ? "exactly, off by" : "bound", j.exact ? got - j.expected : j.bound);
                }
        }
    }
}

/* The versions with trace macros; a kernel without them is captured through
 * the tracer in a child process (the executable's `capture`), which
 * gpu_trace_test.sh runs at the same sizes and data. */
static void test_capture_equals_model(void)
{
    static const int sizes[] = {64, 256, 1024};
    static const struct { uint64_t n; const char *data; int last_block; } runs[] = {
        {1u << 25, "ones", 0}, {1u << 25, "random:5", 0}, {1000003, "index", 1}};
    for (int v = 0; v < RV_NUM_VERSIONS; v++) {
        char why[256];
        if (!rv_gpu_runs_version(v, why, sizeof why)) {
            printf("SKIPPED: %s on this GPU: %s\n", rv_version_name(v), why);
            continue;
        }
        if (!rv_gpu_instrumented(v)) {
            printf("%s: no trace macros, captured unchanged: gpu_own_trace checks it\n", rv_version_name(v));
            continue;
        }
        for (size_t b = 0; b < 3; b++)
            for (size_t r = 0; r < 3; r++) {
                char err[512], msg[512];
                rv_config c = {v, sizes[b], runs[r].n, 0, {RV_DATA_ONES, 0}, 0};
                rv_data_parse(runs[r].data, &c.data, err, sizeof err);
                if (runs[r].last_block) c.block = rv_gpu_grid(v, c.block_size, c.n) - 1;
                rv_trace *gpu = rv_gpu_capture(&c, err, sizeof err);
                CHECK(gpu != NULL, "capture v%d B=%d: %s", v, c.block_size, err);
                if (gpu) c.grid = rv_version_has(v, RV_VP_FILLS_GPU) ? gpu->grid : 0; /* v8: the grid the GPU chose */
                rv_trace *cpu = rv_model_run(&c, err, sizeof err);
                if (gpu && cpu)
                    CHECK(rv_trace_compare(gpu, cpu, msg, sizeof msg) == 0, "v%d B=%d N=%llu %s block %u: %s", v,
                          c.block_size, (unsigned long long)c.n, runs[r].data, c.block, msg);
                rv_trace_free(gpu);
                rv_trace_free(cpu);
            }
    }
}

/* A first pass at a grid chosen by hand, tracing one block. */
typedef struct grid_run { uint64_t n; int B; uint32_t grid, block; const char *data; } grid_run;

/* Each run captured on the GPU and run on the model: they must match bit
 * for bit. */
static void compare_runs(int v, const grid_run *runs, size_t nruns)
{
    for (size_t r = 0; r < nruns; r++) {
        char err[512], msg[512];
        rv_config c = {v, runs[r].B, runs[r].n, runs[r].block, {RV_DATA_ONES, 0}, runs[r].grid};
        rv_data_parse(runs[r].data, &c.data, err, sizeof err);
        rv_trace *gpu = rv_gpu_capture(&c, err, sizeof err);
        CHECK(gpu != NULL, "capture %s B=%d N=%llu grid %u: %s", rv_version_name(v), c.block_size, (unsigned long long)c.n,
              c.grid, err);
        rv_trace *cpu = rv_model_run(&c, err, sizeof err);
        CHECK(cpu != NULL, "model %s: %s", rv_version_name(v), err);
        if (gpu && cpu)
            CHECK(rv_trace_compare(gpu, cpu, msg, sizeof msg) == 0, "%s B=%d N=%llu grid %u block %u: %s", rv_version_name(v),
                  c.block_size, (unsigned long long)c.n, c.grid, c.block, msg);
        rv_trace_free(gpu);
        rv_trace_free(cpu);
    }
}

/* v8 and v9 at grids chosen by hand: one block (v8's is its own last
 * block), a few, an odd number; v8's final phase and v9's atomic step must
 * match the model's. */
static void test_chosen_grids(int v)
{
    static const grid_run runs[] = {
        {4099, 256, 1, 0, "random:2"}, {1000003, 256, 9, 8, "random:2"}, {1000003, 1024, 37, 5, "index"},
        {1u << 20, 64, 4096, 4000, "mod10"}, {5, 64, 1, 0, "ones"}, {(1u << 22) + 3, 128, 8191, 0, "random:9"}};
    compare_runs(v, runs, sizeof runs / sizeof runs[0]);
}

/* v10 at grids of whole clusters, tracing a block of every rank: the
 * cluster's sum that rank 0 reads from the other blocks' shared memory, and
 * the steps the other ranks sit out, must match the model's bit for bit. */
static void test_cluster_grids(int v)
{
    static const grid_run runs[] = {
        {4099, 256, 4, 0, "random:2"}, {1000003, 256, 12, 9, "random:2"}, {1000003, 1024, 36, 6, "index"},
        {1u << 20, 64, 4096, 4003, "mod10"}, {5, 64, 4, 2, "ones"}, {(1u << 22) + 3, 128, 8188, 0, "random:9"}};
    char why[256];
    if (!rv_gpu_runs_version(v, why, sizeof why)) {
        printf("SKIPPED: %s on this GPU: %s\n", rv_version_name(v), why);
        return;
    }
    compare_runs(v, runs, sizeof runs / sizeof runs[0]);
}

int main(void)
{
    char why[256];
    if (!rv_gpu_available(why, sizeof why)) {
        printf("SKIPPED: GPU tests need a CUDA GPU: %s\n", why);
        return 77;
    }
    test_sums();
    test_capture_equals_model();
    test_chosen_grids(RV_V8);
    test_chosen_grids(RV_V9);
    test_cluster_grids(RV_V10);
    return check_report();
}
