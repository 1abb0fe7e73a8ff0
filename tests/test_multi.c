/* test_multi.c — the reduction across GPUs without a GPU: slicing N over G,
 * the limits of a slice, NCCL's environment, the unique id in hex and in a
 * file, and results files with "gpus" (written, read back, old ones as one
 * GPU, broken ones refused).
 *
 *   test_multi [DIR]    scratch files go to DIR (default: a temporary folder,
 *                       removed at the end)
 *   test_multi --check FILE [--min-speedup X]
 *                       checks a file `reducevis bench --gpus` wrote: it loads,
 *                       every sum is correct, the figures follow from the times,
 *                       every N has its runs; with X, the largest G at 2^31
 *                       must be at least X times as fast as one GPU
 *
 * The times in the results tests are synthetic inputs chosen so that the
 * figures can be worked out by hand; none of them is a measurement.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu/multi.h"
#include "core/results.h"
#include "core/trace.h"
#include "core/versions.h"
#include "scratch.h"

static int checks, failures;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        checks++;                                                                      \
        if (!(cond)) {                                                                 \
            failures++;                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
        }                                                                              \
    } while (0)

/* Equal to within what a results file keeps: it writes 10 significant
 * digits (results.c's put_number), so a ratio of two numbers read back, set
 * beside the ratio written, may be off by up to 1.5e-9 of itself (a bench on
 * the H200 was: cub's speedup_v0 at N = 2^27). */
static int same(double a, double b)
{
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
    return fabs(a - b) <= 1e-8 * fmax(fabs(a), fabs(b));
}

/* ==== slices ================================================================ */

/* The slices of n over g cover [0, n) in order, once, each but the last on
 * whole float4s, none larger than needed for balance. */
static void check_cover(uint64_t n, int gpus)
{
    uint64_t next = 0, smallest = UINT64_MAX, largest = 0;
    for (int g = 0; g < gpus; g++) {
        uint64_t first, count;
        rv_multi_slice(n, gpus, g, &first, &count);
        CHECK(first == next);
        if (g < gpus - 1) CHECK(first % 4 == 0 && count % 4 == 0);
        CHECK(first % 4 == 0); /* the kernel's float4 loads start aligned */
        next = first + count;
        if (count < smallest) smallest = count;
        if (count > largest) largest = count;
    }
    CHECK(next == n);
    CHECK(largest - smallest <= 4 + 3); /* one float4 of imbalance, plus the 0..3 left over */
}

static void test_slices(void)
{
    static const uint64_t sizes[] = {1, 3, 4, 5, 7, 8, 1000003, 1u << 20, 1ull << 31, 1ull << 32, (1ull << 32) + 5};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (int g = 1; g <= RV_MULTI_MAX_GPUS; g++) check_cover(sizes[i], g);
    uint64_t first, count;
    rv_multi_slice(1ull << 31, 2, 1, &first, &count);
    CHECK(first == 1ull << 30 && count == 1ull << 30);
    rv_multi_slice(10, 3, 0, &first, &count); /* 2 float4s over 3: 0, 4 (one), 4 .. 10 */
    CHECK(first == 0 && count == 0);
    rv_multi_slice(10, 3, 2, &first, &count);
    CHECK(first == 4 && count == 6);
    rv_multi_slice(1000003, 1, 0, &first, &count);
    CHECK(first == 0 && count == 1000003);
}

static void test_split_limits(void)
{
    char why[300];
    CHECK(rv_multi_check_split(1ull << 31, 1, why, sizeof why) == NULL);
    CHECK(rv_multi_check_split(1ull << 32, 2, why, sizeof why) == NULL);
    const char *bad = rv_multi_check_split(1ull << 32, 1, why, sizeof why);
    CHECK(bad && strstr(bad, "2^31") && strstr(bad, "GPU 0"));
    bad = rv_multi_check_split((1ull << 32) + 8, 2, why, sizeof why);
    CHECK(bad != NULL); /* 2^31 + 4 on each */
    bad = rv_multi_check_split(3, 2, why, sizeof why);
    CHECK(bad && strstr(bad, "too small"));
    CHECK(rv_multi_check_split(8, 2, why, sizeof why) == NULL);
}

/* ==== NCCL's environment and unique id ====================================== */

static void test_env(void)
{
    unsetenv("NCCL_NVLS_ENABLE");
    rv_multi_nccl_env();
    CHECK(getenv("NCCL_NVLS_ENABLE") && !strcmp(getenv("NCCL_NVLS_ENABLE"), "0"));
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    rv_multi_nccl_env();
    CHECK(!strcmp(getenv("NCCL_NVLS_ENABLE"), "0"));
    CHECK(rv_multi_nccl_name_ok("allreduce", 0) && rv_multi_nccl_name_ok("reduce", 0));
    CHECK(!rv_multi_nccl_name_ok("both", 0) && rv_multi_nccl_name_ok("both", 1));
    CHECK(!rv_multi_nccl_name_ok("broadcast", 1) && !rv_multi_nccl_name_ok(NULL, 1));
    /* the one place that names the single-pass version gives a single-pass one */
    CHECK(rv_multi_version() >= 0 && rv_version_has(rv_multi_version(), RV_VP_SINGLE_PASS));
}

static void test_id(void)
{
    unsigned char id[RV_MULTI_ID_BYTES], back[RV_MULTI_ID_BYTES];
    char hex[2 * RV_MULTI_ID_BYTES + 1], err[300], path[1024], bad[2 * RV_MULTI_ID_BYTES + 1];
    for (int i = 0; i < RV_MULTI_ID_BYTES; i++) id[i] = (unsigned char)(i * 37 + 11);
    rv_multi_id_to_hex(id, hex);
    CHECK(strlen(hex) == 2 * RV_MULTI_ID_BYTES);
    CHECK(rv_multi_id_from_hex(hex, back, err, sizeof err) == 0 && !memcmp(id, back, sizeof id));
    CHECK(rv_multi_id_from_hex("abc", back, err, sizeof err) == -1 && strstr(err, "hex digits"));
    memcpy(bad, hex, sizeof bad);
    bad[17] = 'x';
    CHECK(rv_multi_id_from_hex(bad, back, err, sizeof err) == -1 && strstr(err, "character 18"));

    /* through a file, whole; a missing file is waited for, then named */
    snprintf(path, sizeof path, "%s/test_multi.id", scratch_dir);
    remove(path);
    CHECK(rv_multi_id_write(path, id, err, sizeof err) == 0);
    memset(back, 0, sizeof back);
    CHECK(rv_multi_id_read(path, 1.0, back, err, sizeof err) == 0 && !memcmp(id, back, sizeof id));
    remove(path);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    CHECK(rv_multi_id_read(path, 0.3, back, err, sizeof err) == -1 && strstr(err, "did not appear within"));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    CHECK(t1.tv_sec - t0.tv_sec + (t1.tv_nsec - t0.tv_nsec) * 1e-9 >= 0.3);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs("not an id\n", f);
        fclose(f);
    }
    CHECK(rv_multi_id_read(path, 1.0, back, err, sizeof err) == -1 && strstr(err, path));
    remove(path);
    CHECK(rv_multi_id_write("/nonexistent-dir/x.id", id, err, sizeof err) == -1 && strstr(err, "cannot write"));
}

/* ==== results with "gpus" =================================================== */

static rv_results *synthetic_multi(void)
{
    rv_results_meta m;
    memset(&m, 0, sizeof m);
    snprintf(m.device, sizeof m.device, "synthetic test input, not a measurement");
    snprintf(m.compute_capability, sizeof m.compute_capability, "9.0");
    snprintf(m.driver_version, sizeof m.driver_version, "13.0");
    snprintf(m.runtime_version, sizeof m.runtime_version, "13.0");
    snprintf(m.date, sizeof m.date, "2000-01-02T03:04:05Z");
    m.n = 1ull << 32;
    m.sweep = 1;
    m.gpus = 2;
    m.block_size = 512;
    m.repeat = 20;
    m.warmup = 3;
    snprintf(m.data, sizeof m.data, "random:1");
    m.theoretical_gbps = 1000.0;
    m.measured_copy_gbps = NAN;
    snprintf(m.theoretical_source, sizeof m.theoretical_source, "test input");
    rv_results *r = rv_results_new(&m);
    /* 2^31 on 1 GPU: 8 ms; on 2: 4 ms + 0.02 ms; 2^32 on 2 only */
    struct { uint64_t n; int gpus; const char *nccl; double ms, kernel, step; } rows[] = {
        {1ull << 31, 1, "", 8.0, 8.0, NAN},
        {1ull << 31, 2, "allreduce", 4.02, 4.0, 0.02},
        {1ull << 31, 2, "reduce", 4.01, 4.0, 0.01},
        {1ull << 32, 2, "allreduce", 8.0, 7.98, 0.02},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        rv_result_run run;
        memset(&run, 0, sizeof run);
        snprintf(run.version, sizeof run.version, "v8");
        snprintf(run.nccl, sizeof run.nccl, "%s", rows[i].nccl);
        run.n = rows[i].n;
        run.gpus = rows[i].gpus;
        run.block_size = 512;
        run.median_ms = rows[i].ms;
        run.min_ms = rows[i].ms;
        run.kernel_ms = rows[i].kernel;
        run.nccl_ms = rows[i].step;
        run.copy_gbps = NAN;
        run.cpu_sum = 1e9;
        run.gpu_sum = 1e9;
        run.correct = 1;
        CHECK(rv_results_add(r, &run) == 0);
    }
    rv_results_derive(r);
    return r;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

static rv_results *parse(const char *text, char *err, size_t errlen)
{
    return rv_results_parse(text, strlen(text), "test.json", err, errlen);
}

static void test_results_gpus(void)
{
    char path[1024], err[600];
    rv_results *r = synthetic_multi();
    const rv_result_run *one = rv_results_find_gpus(r, "v8", 1ull << 31, 1, NULL);
    const rv_result_run *two = rv_results_find_gpus(r, "v8", 1ull << 31, 2, "allreduce");
    const rv_result_run *red = rv_results_find_gpus(r, "v8", 1ull << 31, 2, "reduce");
    CHECK(one && two && red && two != red);
    if (!one || !two || !red) return;
    CHECK(same(two->speedup_1gpu, 8.0 / 4.02) && same(one->speedup_1gpu, 1.0));
    /* 2^31 floats = 8589934592 bytes in 4.02 ms; peak of two GPUs = 2000 GB/s */
    CHECK(same(two->gbps, 8589934592.0 / 4.02e6));
    CHECK(same(two->pct_theoretical, 100.0 * two->gbps / 2000.0));
    CHECK(rv_results_find_gpus(r, "v8", 1ull << 32, 1, NULL) == NULL); /* no slice of 2^32 on one GPU */
    CHECK(isnan(rv_results_find_gpus(r, "v8", 1ull << 32, 2, NULL)->speedup_1gpu));

    /* round trip */
    snprintf(path, sizeof path, "%s/test_multi.json", scratch_dir);
    CHECK(rv_results_save(r, path, err, sizeof err) == 0);
    rv_results *back = rv_results_load(path, err, sizeof err);
    CHECK(back != NULL);
    if (!back) {
        fprintf(stderr, "%s\n", err);
        rv_results_free(r);
        return;
    }
    CHECK(rv_results_info(back)->gpus == 2 && rv_results_count(back) == 4);
    for (int i = 0; i < rv_results_count(r); i++) {
        const rv_result_run *a = rv_results_run(r, i), *b = rv_results_run(back, i);
        CHECK(a->n == b->n && a->gpus == b->gpus && !strcmp(a->nccl, b->nccl));
        CHECK(same(a->kernel_ms, b->kernel_ms) && same(a->nccl_ms, b->nccl_ms) && same(a->median_ms, b->median_ms));
        CHECK(same(a->speedup_1gpu, b->speedup_1gpu));
    }
    char *text = slurp(path);
    CHECK(text && strstr(text, "\"gpus\": 2") && strstr(text, "\"nccl\": \"reduce\"") && strstr(text, "\"nccl_ms\": null"));
    /* the table names the GPUs, the collective and the speed-up */
    FILE *t = tmpfile();
    if (t) {
        char table[8192] = "";
        rv_results_print_table(back, t);
        rewind(t);
        size_t n = fread(table, 1, sizeof table - 1, t);
        table[n] = 0;
        fclose(t);
        CHECK(strstr(table, "bench --gpus 2") && strstr(table, "allreduce") && strstr(table, "1.99x"));
        CHECK(strstr(table, "nccl ms") && strstr(table, "0.0200"));
    }
    rv_results_free(back);

    /* broken: a run on two GPUs with no collective, an unknown collective, a
     * duplicate, an N whose slice is too large for one GPU */
    if (text) {
        static char edited[1 << 16];
        struct { const char *from, *to, *want; } cases[] = {
            {"\"nccl\": \"reduce\"", "\"nccl\": null", "names no \"nccl\""},
            {"\"nccl\": \"reduce\"", "\"nccl\": \"broadcast\"", "unknown NCCL collective"},
            {"\"nccl\": \"reduce\"", "\"nccl\": \"allreduce\"", "a second run of v8"},
            {"\"gpus\": 2, \"nccl\": \"allreduce\", \"kernel_ms\": 7.98", "\"gpus\": 1, \"nccl\": \"allreduce\", \"kernel_ms\": 7.98", "\"n\""},
            {"\"gpus\": 2, \"nccl\": \"reduce\"", "\"gpus\": 65, \"nccl\": \"reduce\"", "\"gpus\""},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            const char *at = strstr(text, cases[i].from);
            CHECK(at != NULL);
            if (!at) continue;
            snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - text), text, cases[i].to, at + strlen(cases[i].from));
            rv_results *bad = parse(edited, err, sizeof err);
            CHECK(bad == NULL && strstr(err, cases[i].want));
            if (bad || !strstr(err, cases[i].want)) fprintf(stderr, "  case %zu: %s\n", i, bad ? "loaded" : err);
            rv_results_free(bad);
        }
    }
    rv_results_free(r);
    remove(path);
}

/* A file from before `--gpus` (no "gpus" anywhere) loads as one GPU. */
static void test_old_file(void)
{
    static const char old[] =
        "{\"format\": \"reducevis-bench\", \"format_version\": 1, \"device\": \"old\", \"compute_capability\": \"9.0\","
        " \"driver_version\": \"13.0\", \"runtime_version\": \"13.0\", \"date\": \"2000-01-02T03:04:05Z\","
        " \"l2_cache_bytes\": 0, \"options\": {\"n\": 1024, \"sweep\": false, \"block_size\": 256, \"repeat\": 1,"
        " \"warmup\": 0, \"data\": \"ones\"}, \"timing\": \"t\", \"copy\": \"c\", \"theoretical_gbps\": null,"
        " \"theoretical_source\": \"s\", \"measured_copy_gbps\": null, \"runs\": [{\"version\": \"v8\", \"n\": 1024,"
        " \"block_size\": 512, \"median_ms\": 1, \"min_ms\": 1, \"gbps\": null, \"pct_theoretical\": null,"
        " \"pct_copy\": null, \"measured_copy_gbps\": null, \"speedup_v0\": null, \"speedup_prev\": null,"
        " \"gpu_sum\": 1024, \"cpu_sum\": 1024, \"correct\": true}]}";
    char err[400];
    rv_results *r = parse(old, err, sizeof err);
    CHECK(r != NULL);
    if (!r) {
        fprintf(stderr, "%s\n", err);
        return;
    }
    CHECK(rv_results_info(r)->gpus == 0);
    const rv_result_run *run = rv_results_run(r, 0);
    CHECK(run->gpus == 1 && run->nccl[0] == 0 && isnan(run->nccl_ms));
    CHECK(rv_results_find_gpus(r, "v8", 1024, 1, NULL) == run && rv_results_find_gpus(r, "v8", 1024, 0, "") == run);
    CHECK(rv_results_find_gpus(r, "v8", 1024, 2, NULL) == NULL);
    rv_results_free(r);
}

/* ==== --check: a file written on GPUs ====================================== */

static int complain(const rv_result_run *run, const char *what)
{
    char name[32];
    rv_results_n_name(run->n, name, sizeof name);
    fprintf(stderr, "%s on %d GPU(s) %s at N = %s: %s\n", run->version, run->gpus, run->nccl, name, what);
    return 1;
}

static int check_file(const char *path, double min_speedup)
{
    char err[600], why[300];
    rv_results *r = rv_results_load(path, err, sizeof err);
    if (!r) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    const rv_results_meta *m = rv_results_info(r);
    const uint64_t *sizes;
    int nsizes = rv_results_sizes(r, &sizes), problems = 0, G = m->gpus;
    if (G < 1) {
        fprintf(stderr, "%s: not a bench across GPUs (no options.gpus)\n", path);
        rv_results_free(r);
        return 1;
    }
    for (int i = 0; i < rv_results_count(r); i++) {
        const rv_result_run *run = rv_results_run(r, i);
        if (!run->correct) problems += complain(run, "its sum did not match the CPU's");
        if (!(run->median_ms > 0 && run->min_ms > 0 && run->min_ms <= run->median_ms))
            problems += complain(run, "times are not 0 < min <= median");
        if (!(run->kernel_ms > 0 && run->kernel_ms <= run->median_ms * 1.0001))
            problems += complain(run, "the kernel's time is not within the whole");
        if (run->gpus > 1 && !(run->nccl_ms > 0)) problems += complain(run, "no time for the NCCL step");
        if (run->gpus == 1 && !isnan(run->nccl_ms)) problems += complain(run, "an NCCL step on one GPU");
        if (!same(run->gbps, run->n * 4.0 / (run->median_ms * 1e6))) problems += complain(run, "gbps does not follow");
        const rv_result_run *one = rv_results_find_gpus(r, run->version, run->n, 1, NULL);
        if (one && !same(run->speedup_1gpu, one->median_ms / run->median_ms))
            problems += complain(run, "speedup_1gpu does not follow");
    }
    for (int s = 0; s < nsizes; s++)
        for (int g = 1; g <= G; g++) {
            int fits = rv_multi_check_split(sizes[s], g, why, sizeof why) == NULL;
            if (fits != (rv_results_find_gpus(r, "v8", sizes[s], g, NULL) != NULL)) {
                fprintf(stderr, "%s: N = %llu on %d GPU(s): %s\n", path, (unsigned long long)sizes[s], g,
                        fits ? "missing" : "present, but its slices do not fit the kernel");
                problems++;
            }
        }
    const rv_result_run *at31 = rv_results_find_gpus(r, "v8", 1ull << 31, G, "allreduce");
    if (at31) printf("%s: at N = 2^31, %d GPUs (allreduce) are %.3fx one GPU\n", path, G, at31->speedup_1gpu);
    if (min_speedup > 0 && (!at31 || !(at31->speedup_1gpu >= min_speedup))) {
        fprintf(stderr, "%s: the speed-up at 2^31 is below %.2f\n", path, min_speedup);
        problems++;
    }
    printf("%s: %s x %d, %d runs: %s\n", path, m->device, G, rv_results_count(r),
           problems ? "PROBLEMS" : "consistent, every sum correct");
    rv_results_free(r);
    return problems ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && !strcmp(argv[1], "--check")) {
        double min_speedup = argc == 5 && !strcmp(argv[3], "--min-speedup") ? atof(argv[4]) : 0.0;
        return check_file(argv[2], min_speedup);
    }
    if (!scratch_open(argc > 1 ? argv[1] : NULL, "test_multi")) return 1;
    test_slices();
    test_split_limits();
    test_env();
    test_id();
    test_results_gpus();
    test_old_file();
    scratch_close();
    printf("test_multi: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
