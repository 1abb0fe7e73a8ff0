/* test_results.c — the bench results module without a GPU: the derived
 * figures, the JSON writer and reader (a file written by rv_results_save must
 * load back field for field), and the reader's refusal of broken files.
 *
 *   test_results [DIR]          unit tests; scratch files go to DIR (default: a
 *                               temporary folder, removed at the end)
 *   test_results --check FILE   checks a file `reducevis bench` wrote on a GPU:
 *                               it loads, every sum is correct, every figure
 *                               agrees with the times it was derived from
 *
 * The numbers in the unit tests are synthetic inputs chosen so that the
 * expected figures can be worked out by hand; none of them is a measurement.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/results.h"
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

/* Equal to 1e-9 relative, or both unknown (NAN). */
/* Equal to within what a results file keeps: it writes 10 significant
 * digits (results.c's put_number), so a ratio of two numbers read back, set
 * beside the ratio written, may be off by up to 1.5e-9 of itself (a bench on
 * the H200 was: cub's speedup_v0 at N = 2^27). */
static int same(double a, double b)
{
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
    return fabs(a - b) <= 1e-8 * fmax(fabs(a), fabs(b));
}

static const char *variant_names[RV_RESULTS_NVARIANTS] = {"v0", "v1", "v2", "v3", "v4", "v4s", "v5", "v6", "v7", "v7cg", "v8", "v9", "v10", "cub"};

/* ==== synthetic results =================================================== */

/* Median times (ms) per variant: v0 0.5, v1 0.25, v2 0.2, ... chosen so that
 * speedups are round numbers. */
static const double synthetic_ms[RV_RESULTS_NVARIANTS] = {0.5, 0.25, 0.2, 0.1, 0.08, 0.064, 0.05, 0.04, 0.04, 0.04, 0.02, 0.016, 0.0125, 0.025};

static rv_results_meta synthetic_meta(double theoretical)
{
    rv_results_meta m;
    memset(&m, 0, sizeof m);
    snprintf(m.device, sizeof m.device, "synthetic \"test\" input \\ not a measurement\t\xc3\xa9");
    snprintf(m.compute_capability, sizeof m.compute_capability, "9.0");
    snprintf(m.driver_version, sizeof m.driver_version, "13.0");
    snprintf(m.runtime_version, sizeof m.runtime_version, "13.0");
    snprintf(m.date, sizeof m.date, "2000-01-02T03:04:05Z");
    m.l2_bytes = 50u << 20;
    m.n = 1u << 20;
    m.sweep = 1;
    m.block_size = 256;
    m.repeat = 20;
    m.warmup = 3;
    m.cold = 1;
    m.interleaved = 1;
    m.held = 1;
    snprintf(m.data, sizeof m.data, "random:1");
    m.theoretical_gbps = theoretical;
    snprintf(m.theoretical_source, sizeof m.theoretical_source, "test input");
    return m;
}

/* Two sizes: 2^20 (the main N) and 1000003, each with every variant;
 * v3 at 1000003 is marked as a failed sum. */
static rv_results *synthetic(double theoretical)
{
    rv_results_meta m = synthetic_meta(theoretical);
    rv_results *r = rv_results_new(&m);
    const uint64_t sizes[2] = {1000003, 1u << 20};
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < RV_RESULTS_NVARIANTS; k++) {
            rv_result_run run;
            memset(&run, 0, sizeof run);
            snprintf(run.version, sizeof run.version, "%s", variant_names[k]);
            run.n = sizes[s];
            run.block_size = k == RV_RESULTS_NVARIANTS - 1 ? 0 : (k >= 4 && k <= 6 ? 64 : 256);
            run.median_ms = synthetic_ms[k] * (s + 1);
            run.min_ms = run.median_ms * 0.9;
            /* quartiles and the slowest run at 2^20; 1000003 as an older file has none */
            run.q1_ms = s ? run.median_ms * 0.95 : NAN;
            run.q3_ms = s ? run.median_ms * 1.1 : NAN;
            run.max_ms = s ? run.median_ms * 1.5 : NAN;
            run.copy_gbps = 20.0;
            run.cpu_sum = 524288.123456789012;
            run.gpu_sum = (float)run.cpu_sum;
            run.correct = !(s == 0 && k == 3);
            CHECK(rv_results_add(r, &run) == 0);
        }
    rv_results_derive(r);
    return r;
}

/* ==== derived figures ===================================================== */

static void test_derive(void)
{
    rv_results *r = synthetic(1000.0);
    const rv_result_run *v0 = rv_results_find(r, "v0", 0), *v1 = rv_results_find(r, "v1", 1u << 20);
    const rv_result_run *v2 = rv_results_find(r, "v2", 0), *cub = rv_results_find(r, "cub", 0);
    CHECK(v0 && v1 && v2 && cub);
    if (!v0 || !v1 || !v2 || !cub) return;
    /* 2^20 floats = 4194304 bytes in 1 ms (v0's median at 2^20) = 4.194304 GB/s */
    CHECK(same(v0->gbps, 4.194304));
    CHECK(same(v0->pct_theoretical, 0.4194304));
    CHECK(same(v0->pct_copy, 20.97152));
    CHECK(same(v0->speedup_v0, 1.0));
    CHECK(isnan(v0->speedup_prev));                     /* nothing before v0 */
    CHECK(same(v1->speedup_v0, 2.0) && same(v1->speedup_prev, 2.0));
    CHECK(same(v2->speedup_v0, 2.5) && same(v2->speedup_prev, 1.25));
    CHECK(same(cub->speedup_v0, 20.0) && same(cub->speedup_prev, 0.8)); /* cub follows v8, not v9 */
    const rv_result_run *v8 = rv_results_find(r, "v8", 0), *v9 = rv_results_find(r, "v9", 0);
    CHECK(v8 && same(v8->speedup_v0, 25.0) && same(v8->speedup_prev, 2.0)); /* v8 follows v7 */
    CHECK(v9 && same(v9->speedup_v0, 31.25) && same(v9->speedup_prev, 1.25)); /* v9 follows v8 */
    const rv_result_run *v10 = rv_results_find(r, "v10", 0);
    CHECK(v10 && same(v10->speedup_v0, 40.0) && same(v10->speedup_prev, 1.6)); /* v10 follows v8 too */
    /* v4s is v4 corrected: compared with v4; v5 still builds on v4, not on v4s */
    const rv_result_run *v4s = rv_results_find(r, "v4s", 0), *v5 = rv_results_find(r, "v5", 0);
    CHECK(v4s && same(v4s->speedup_prev, 1.25));
    CHECK(v5 && same(v5->speedup_prev, 1.6));
    for (int k = 0; k < RV_RESULTS_NVARIANTS; k++) CHECK(!strcmp(rv_results_variant(k), variant_names[k]));
    /* speedups compare within one N only: 1000003 has its own v0 */
    const rv_result_run *odd = rv_results_find(r, "v1", 1000003);
    CHECK(odd && same(odd->speedup_v0, 2.0));
    CHECK(odd && same(odd->gbps, 1000003 * 4 / (0.25 * 1e6)));
    CHECK(same(rv_results_copy_gbps(r, 0), 20.0));
    CHECK(same(rv_results_info(r)->measured_copy_gbps, 20.0));
    CHECK(rv_results_failures(r) == 1);
    rv_results_free(r);

    /* An unknown peak stays unknown: no percentage is made up. */
    r = synthetic(NAN);
    v0 = rv_results_find(r, "v0", 0);
    CHECK(v0 && isnan(v0->pct_theoretical) && same(v0->pct_copy, 20.97152));
    rv_results_free(r);
}

static void test_lookup(void)
{
    rv_results *r = synthetic(1000.0);
    const uint64_t *sizes;
    CHECK(rv_results_sizes(r, &sizes) == 2 && sizes[0] == 1000003 && sizes[1] == (1u << 20));
    CHECK(rv_results_count(r) == 2 * RV_RESULTS_NVARIANTS);
    CHECK(rv_results_find(r, "v11", 0) == NULL);
    CHECK(rv_results_find(r, "v3", 12345) == NULL);
    CHECK(rv_results_find(r, "cub", 1000003) != NULL);
    CHECK(rv_results_run(r, -1) == NULL && rv_results_run(r, rv_results_count(r)) == NULL);
    CHECK(rv_results_find(r, "v0", 0) == rv_results_find(r, "v0", 1u << 20));
    char name[32];
    rv_results_n_name(1u << 25, name, sizeof name);
    CHECK(!strcmp(name, "2^25"));
    rv_results_n_name(1000003, name, sizeof name);
    CHECK(!strcmp(name, "1000003"));
    rv_results_n_name(1, name, sizeof name);
    CHECK(!strcmp(name, "2^0"));
    rv_results_free(r);
}

/* The heading's note of block sizes: neighbours at the same size together. */
static void test_block_note(void)
{
    char buf[160];
    rv_results *r = synthetic(NAN);
    rv_results_block_note(r, buf, sizeof buf);
    CHECK(!strcmp(buf, "v4, v4s and v5 at 64; CUB picks its own"));
    for (int tuned = 1; tuned <= 2; tuned++) {   /* v8 and v9 at 512; then v9 alone */
        rv_results *q = rv_results_new(rv_results_info(r));
        for (int i = 0; i < rv_results_count(r); i++) {
            rv_result_run run = *rv_results_run(r, i);
            if (!strcmp(run.version, "v9") || (tuned == 1 && !strcmp(run.version, "v8"))) run.block_size = 512;
            CHECK(rv_results_add(q, &run) == 0);
        }
        rv_results_block_note(q, buf, sizeof buf);
        CHECK(!strcmp(buf, tuned == 1 ? "v4, v4s and v5 at 64; v8 and v9 at 512; CUB picks its own"
                                      : "v4, v4s and v5 at 64; v9 at 512; CUB picks its own"));
        rv_results_free(q);
    }
    rv_results_free(r);
}

/* ==== files =============================================================== */

static const char *scratch_path(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/%s", scratch_dir, name);
    return path;
}

/* The whole file into a new buffer (NULL if unreadable). */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)size + 1);
    if (buf && fread(buf, 1, (size_t)size, f) == (size_t)size) {
        buf[size] = '\0';
        *len = (size_t)size;
    } else {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

static void same_runs(const rv_result_run *a, const rv_result_run *b)
{
    CHECK(!strcmp(a->version, b->version));
    CHECK(a->n == b->n && a->block_size == b->block_size && a->correct == b->correct);
    CHECK(same(a->median_ms, b->median_ms) && same(a->min_ms, b->min_ms) && same(a->copy_gbps, b->copy_gbps));
    CHECK(same(a->q1_ms, b->q1_ms) && same(a->q3_ms, b->q3_ms) && same(a->max_ms, b->max_ms));
    CHECK(same(a->gbps, b->gbps) && same(a->pct_theoretical, b->pct_theoretical) && same(a->pct_copy, b->pct_copy));
    CHECK(same(a->speedup_v0, b->speedup_v0) && same(a->speedup_prev, b->speedup_prev));
    CHECK(a->gpu_sum == b->gpu_sum); /* a float written with 9 digits: exact */
    CHECK(a->cpu_sum == b->cpu_sum); /* a double written with 17 digits: exact */
}

static void same_meta(const rv_results_meta *a, const rv_results_meta *b)
{
    CHECK(!strcmp(a->device, b->device) && !strcmp(a->compute_capability, b->compute_capability));
    CHECK(!strcmp(a->driver_version, b->driver_version) && !strcmp(a->runtime_version, b->runtime_version));
    CHECK(!strcmp(a->date, b->date) && !strcmp(a->data, b->data));
    CHECK(a->n == b->n && a->sweep == b->sweep && a->block_size == b->block_size);
    CHECK(a->repeat == b->repeat && a->warmup == b->warmup && a->l2_bytes == b->l2_bytes);
    CHECK(a->cold == b->cold && a->interleaved == b->interleaved && a->held == b->held);
    CHECK(same(a->theoretical_gbps, b->theoretical_gbps) && same(a->measured_copy_gbps, b->measured_copy_gbps));
    CHECK(!strcmp(a->theoretical_source, b->theoretical_source));
}

static void round_trip(double theoretical)
{
    char err[512];
    const char *path = scratch_path("test_results_round_trip.json");
    rv_results *w = synthetic(theoretical), *r;
    CHECK(rv_results_save(w, path, err, sizeof err) == 0);
    r = rv_results_load(path, err, sizeof err);
    if (!r) fprintf(stderr, "load failed: %s\n", err);
    CHECK(r != NULL);
    if (r) {
        same_meta(rv_results_info(w), rv_results_info(r));
        CHECK(rv_results_count(r) == rv_results_count(w));
        for (int i = 0; i < rv_results_count(w) && i < rv_results_count(r); i++)
            same_runs(rv_results_run(w, i), rv_results_run(r, i));
        CHECK(!strcmp(rv_results_device(r), rv_results_device(w)));
        CHECK(!strcmp(rv_results_date(r), "2000-01-02T03:04:05Z"));
        CHECK(same(rv_results_theoretical_gbps(r), theoretical));
        CHECK(rv_results_failures(r) == 1);
        const uint64_t *sizes;
        CHECK(rv_results_sizes(r, &sizes) == 2 && sizes[0] == 1000003);
    }
    rv_results_free(w);
    rv_results_free(r);
}

static void test_round_trip(void)
{
    round_trip(3352.32);
    round_trip(NAN); /* an unknown peak is written as null and read back unknown */
    char err[512];
    size_t len = 0;
    rv_results *w = synthetic(NAN);
    CHECK(rv_results_save(w, scratch_path("test_results_null.json"), err, sizeof err) == 0);
    char *text = slurp(scratch_path("test_results_null.json"), &len);
    CHECK(text && strstr(text, "\"theoretical_gbps\": null"));
    CHECK(text && strstr(text, "\"timing\": \"" RV_RESULTS_TIMING_COLD "\""));
    CHECK(text && strstr(text, "\"correct\": false"));
    free(text);
    rv_results_free(w);
    CHECK(rv_results_save(w = synthetic(1.0), "/nonexistent-dir/x.json", err, sizeof err) == -1);
    CHECK(strstr(err, "/nonexistent-dir/x.json") != NULL);
    rv_results_free(w);
}

/* A file written before v9 existed (as the bundled ones were) loads, simply
 * without v9; everything else is derived as before; but `--check`, which
 * judges a file the current bench wrote, requires v9. */
static int check_file(const char *path);

static void test_older_file(void)
{
    char err[512];
    const char *path = scratch_path("test_results_no_v9.json");
    rv_results *full = synthetic(1000.0), *old = rv_results_new(rv_results_info(full)), *r;
    for (int i = 0; i < rv_results_count(full); i++)
        if (strcmp(rv_results_run(full, i)->version, "v9")) CHECK(rv_results_add(old, rv_results_run(full, i)) == 0);
    rv_results_derive(old);
    CHECK(rv_results_save(old, path, err, sizeof err) == 0);
    r = rv_results_load(path, err, sizeof err);
    CHECK(r != NULL);
    if (r) {
        CHECK(rv_results_count(r) == 2 * (RV_RESULTS_NVARIANTS - 1));
        CHECK(rv_results_find(r, "v9", 0) == NULL && rv_results_find(r, "v8", 0) != NULL);
        const rv_result_run *cub = rv_results_find(r, "cub", 0);
        CHECK(cub && same(cub->speedup_prev, 0.8)); /* still against v8 */
    }
    fprintf(stderr, "(a --check complaint about v9 is expected here)\n");
    CHECK(check_file(path) == 1);
    rv_results_free(r);
    rv_results_free(old);
    rv_results_free(full);
}

static char *valid_text(size_t *len);

/* A file written before quartiles and the cache mode were kept loads, with
 * its spread unknown (NAN), warm and not interleaved; a ratio has no spread. */
static void test_no_spread_file(void)
{
    char err[512];
    size_t len = 0;
    char *text = valid_text(&len);
    CHECK(text != NULL);
    if (!text) return;
    /* strip every quartile and maximum, and the two options */
    const char *keys[] = {", \"q1_ms\": ", ", \"q3_ms\": ", ", \"max_ms\": "};
    for (size_t k = 0; k < 3; k++)
        for (char *p; (p = strstr(text, keys[k]));) {
            char *end = strchr(p + 2, ',');
            memmove(p, end, strlen(end) + 1);
        }
    char *opt = strstr(text, ", \"cold\": ");
    CHECK(opt != NULL);
    if (opt) memmove(opt, strchr(opt, '}'), strlen(strchr(opt, '}')) + 1);
    CHECK(strstr(text, "q1_ms") == NULL && strstr(text, "interleaved") == NULL);
    rv_results *r = rv_results_parse(text, strlen(text), "old.json", err, sizeof err);
    if (!r) fprintf(stderr, "old file: %s\n", err);
    CHECK(r != NULL);
    if (r) {
        const rv_result_run *v8 = rv_results_find(r, "v8", 0), *cub = rv_results_find(r, "cub", 0);
        CHECK(v8 && cub && isnan(v8->q1_ms) && isnan(v8->q3_ms) && isnan(v8->max_ms) && v8->median_ms > 0);
        CHECK(!rv_results_info(r)->cold && !rv_results_info(r)->interleaved && !rv_results_info(r)->held);
        CHECK(!strcmp(rv_results_cache_label(r), "warm L2"));
        double mid, lo, hi;
        if (v8 && cub) {
            CHECK(rv_results_ratio(v8, cub, &mid, &lo, &hi) == -1 && isnan(lo) && isnan(hi));
            CHECK(same(mid, v8->median_ms / cub->median_ms));
        }
    }
    rv_results_free(r);
    free(text);
}

/* The spread of a ratio: q1 over the other's q3 .. q3 over q1, around the medians. */
static void test_ratio_spread(void)
{
    rv_results *r = synthetic(1000.0);
    const rv_result_run *v8 = rv_results_find(r, "v8", 0), *cub = rv_results_find(r, "cub", 0);
    double mid, lo, hi;
    CHECK(v8 && cub);
    if (v8 && cub) {
        CHECK(rv_results_ratio(v8, cub, &mid, &lo, &hi) == 0);
        CHECK(same(mid, 0.8) && same(lo, 0.8 * 0.95 / 1.1) && same(hi, 0.8 * 1.1 / 0.95));
        CHECK(lo < mid && mid < hi);
    }
    CHECK(!strcmp(rv_results_cache_label(r), "cold L2 (flushed before every run)"));
    rv_results_free(r);
}

/* ==== broken files ======================================================== */

/* A valid file's text (from the writer), for the mutations below. */
static char *valid_text(size_t *len)
{
    char err[512];
    const char *path = scratch_path("test_results_valid.json");
    rv_results *w = synthetic(1000.0);
    CHECK(rv_results_save(w, path, err, sizeof err) == 0);
    rv_results_free(w);
    return slurp(path, len);
}

/* Parses text; expects a refusal whose message contains `want`. */
static void expect_error(const char *text, size_t len, const char *want, int line)
{
    char err[512] = "";
    rv_results *r = rv_results_parse(text, len, "t.json", err, sizeof err);
    int ok = r == NULL && strncmp(err, "t.json: ", 8) == 0 && strstr(err, want) != NULL;
    checks++;
    if (!ok) {
        failures++;
        fprintf(stderr, "%s:%d: expected an error with \"%s\", got %s\n", __FILE__, line, want, r ? "success" : err);
    }
    rv_results_free(r);
}
#define EXPECT_ERROR(text, want) expect_error((text), strlen(text), (want), __LINE__)

/* The valid text with the first `from` replaced by `to`, expecting `want`. */
static void mutate(const char *valid, const char *from, const char *to, const char *want, int line)
{
    const char *at = strstr(valid, from);
    if (!at) {
        failures++;
        fprintf(stderr, "%s:%d: the test is wrong: \"%s\" is not in the valid file\n", __FILE__, line, from);
        return;
    }
    size_t head = (size_t)(at - valid), len = strlen(valid) - strlen(from) + strlen(to);
    char *text = malloc(len + 1);
    memcpy(text, valid, head);
    memcpy(text + head, to, strlen(to));
    strcpy(text + head + strlen(to), at + strlen(from));
    expect_error(text, len, want, line);
    free(text);
}
#define MUTATE(from, to, want) mutate(valid, (from), (to), (want), __LINE__)

static void test_wrong_shape(void)
{
    size_t len = 0;
    char *valid = valid_text(&len);
    CHECK(valid != NULL);
    if (!valid) return;
    MUTATE("\"median_ms\": 0.5,", "\"median_ms\": \"fast\",", "runs[0]: \"median_ms\" should be a number, not a string");
    MUTATE("\"median_ms\": 0.5,", "", "runs[0]: \"median_ms\" is missing");
    MUTATE("\"median_ms\": 0.5,", "\"median_ms\": -0.5,", "\"median_ms\" is negative");
    MUTATE("\"device\":", "\"devise\":", "\"device\" is missing");
    MUTATE("\"format\": \"reducevis-bench\"", "\"format\": \"something else\"", "not a reducevis bench results file");
    MUTATE("\"format_version\": 1", "\"format_version\": 2", "format_version 2 is not supported");
    MUTATE("\"version\": \"v3\"", "\"version\": \"v11\"", "runs[3]: unknown version \"v11\"");
    MUTATE("\"n\": 1000003", "\"n\": 1000003.5", "\"n\" should be a whole number");
    MUTATE("\"n\": 1000003", "\"n\": 0", "\"n\" should be a whole number from 1");
    MUTATE("\"correct\": true", "\"correct\": 1", "\"correct\" should be true or false, not a number");
    MUTATE("\"date\": \"2000-01-02T03:04:05Z\"", "\"date\": \"yesterday\"", "\"date\" should look like");
    MUTATE("\"runs\": [", "\"runs\": {}, \"more_runs\": [", "\"runs\" should be an array, not an object");
    MUTATE("\"version\": \"v1\"", "\"version\": \"v0\"", "a second run of v0 at N = 1000003");
    MUTATE("\"sweep\": true", "\"sweep\": null", "options: \"sweep\" should be true or false, not null");
    MUTATE("{\n", "[\n", "expected");                                  /* now unbalanced */
    MUTATE("\"device\": \"", "\"device\": \"\\x", "unknown escape '\\x'");
    MUTATE("\"device\": \"", "\"device\": \"\\ud800", "UTF-16");
    MUTATE("\"device\": \"", "\"device\": \"\t", "a control character (code 9)");
    MUTATE("\"device\": \"", "\"device\": \"\\u0000", "\\u0000 is not allowed");
    /* bytes that are not UTF-8: a stray byte, an overlong '/', a surrogate encoded */
    MUTATE("\"device\": \"", "\"device\": \"\xff", "a byte (0xFF) that is not UTF-8");
    MUTATE("\"device\": \"", "\"device\": \"\xc0\xaf", "a byte (0xC0) that is not UTF-8");
    MUTATE("\"device\": \"", "\"device\": \"\xed\xa0\x80", "a byte (0xED) that is not UTF-8");
    MUTATE("\"repeat\": 20", "\"repeat\": 020", "expected ',' or '}'");
    MUTATE("\"repeat\": 20", "\"repeat\": 20.", "digits must follow '.'");
    MUTATE("\"repeat\": 20", "\"repeat\": 2e", "digits must follow the exponent");
    MUTATE("\"repeat\": 20", "\"repeat\": 1e999", "out of range");
    MUTATE("\"repeat\": 20", "\"repeat\": -", "a number needs digits");
    MUTATE("\"repeat\": 20", "\"repeat\": 20, \"repeat\": 20", "the key \"repeat\" appears twice");
    MUTATE("\"repeat\": 20", "\"repeat\": tru", "unexpected text");
    MUTATE("\"repeat\": 20,", "\"repeat\": 20,,", "expected a key in double quotes");
    MUTATE("\"runs\": [", "\"runs\": [,", "unexpected ','");
    MUTATE("\"runs\": [", "\"runs\": [\x01", "unexpected byte 0x01");
    free(valid);
}

static void test_broken_text(void)
{
    static const char nul[] = "{\"a\": \0}";
    EXPECT_ERROR("", "the file is empty");
    EXPECT_ERROR("  \n ", "the file is empty");
    EXPECT_ERROR("[1, 2]", "it holds an array, not an object");
    EXPECT_ERROR("{}", "no \"format\"");
    EXPECT_ERROR("{} {}", "line 1, column 4: more text after the end");
    EXPECT_ERROR("{\"a\":\n  1 2}", "line 2, column 5: expected ',' or '}' in the object that starts at line 1, column 1");
    expect_error(nul, sizeof nul - 1, "unexpected byte 0x00", __LINE__);
    /* Deep nesting is refused before it can exhaust the stack. */
    char deep[2001];
    memset(deep, '[', 1000);
    memset(deep + 1000, ']', 1000);
    deep[2000] = '\0';
    EXPECT_ERROR(deep, "nested more than");
    /* So are objects with more keys than any results file has. */
    static char wide[20000];
    size_t at = (size_t)snprintf(wide, sizeof wide, "{");
    for (int i = 0; i <= 1000; i++) at += (size_t)snprintf(wide + at, sizeof wide - at, "%s\"%d\": 0", i ? ", " : "", i);
    snprintf(wide + at, sizeof wide - at, "}");
    EXPECT_ERROR(wide, "more than 1000 keys in one object");
    char err[512];
    CHECK(rv_results_load(scratch_path("does-not-exist.json"), err, sizeof err) == NULL);
    CHECK(strstr(err, "does-not-exist.json: cannot open it") != NULL);
}

/* Every proper prefix of a valid file is a truncated file, and must say so. */
static void test_truncated(void)
{
    size_t len = 0;
    char *valid = valid_text(&len);
    CHECK(valid != NULL);
    if (!valid) return;
    while (len > 0 && (valid[len - 1] == '\n' || valid[len - 1] == ' ')) len--;
    int wrong = 0;
    for (size_t cut = 1; cut < len; cut++) {
        char err[512] = "";
        rv_results *r = rv_results_parse(valid, cut, "t.json", err, sizeof err);
        if (r || !strstr(err, "truncated")) {
            if (wrong++ < 5) fprintf(stderr, "prefix of %zu bytes: %s\n", cut, r ? "loaded" : err);
        }
        rv_results_free(r);
    }
    CHECK(wrong == 0);
    free(valid);
}

/* Single-byte damage anywhere: the reader must never crash or read out of
 * bounds (run under AddressSanitizer to see that), and what it accepts must
 * still be a whole, sane set of results. */
static void test_damage(void)
{
    static const char bytes[] = "{}[]\",:0-\\x \0\n";
    size_t len = 0;
    char *valid = valid_text(&len);
    CHECK(valid != NULL);
    if (!valid) return;
    char *text = malloc(len + 1);
    int insane = 0;
    for (size_t at = 0; at < len; at++)
        for (size_t b = 0; b < sizeof bytes - 1; b++) {
            char err[512];
            memcpy(text, valid, len + 1);
            text[at] = bytes[b];
            rv_results *r = rv_results_parse(text, len, "t.json", err, sizeof err);
            if (r) insane += rv_results_count(r) > 2 * RV_RESULTS_NVARIANTS || rv_results_info(r)->n == 0;
            rv_results_free(r);
        }
    CHECK(insane == 0);
    free(text);
    free(valid);
}

/* ==== the table =========================================================== */

static void test_table(void)
{
    const char *path = scratch_path("test_results_table.txt");
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    rv_results *r = synthetic(NAN);
    rv_results_print_table(r, f);
    fclose(f);
    size_t len = 0;
    char *text = slurp(path, &len);
    CHECK(text != NULL);
    if (text) {
        CHECK(strstr(text, "whole reduction") != NULL);
        CHECK(strstr(text, "CUDA events") != NULL);
        CHECK(strstr(text, "queued while the GPU waited") != NULL); /* held: said; an older file is not */
        CHECK(strstr(text, "peak:  unknown (test input)") != NULL);
        CHECK(strstr(text, "N = 2^20 = 1048576 floats") != NULL && strstr(text, "N = 1000003 floats") != NULL);
        CHECK(strstr(text, "FAILED: v3 at N = 1000003") != NULL);
        CHECK(strstr(text, "fits in the 50 MiB L2 cache") != NULL);
        CHECK(strstr(text, "cold L2 (flushed before every run)") != NULL);
        CHECK(strstr(text, "0.0380..0.0440") != NULL); /* v8's q1..q3 at 2^20 */
        int failed_rows = 0;
        for (const char *p = text; (p = strstr(p, "  FAILED\n")); p++) failed_rows++;
        CHECK(failed_rows == 1);
    }
    free(text);
    rv_results_free(r);
}

/* ==== --check: a file written on a GPU ==================================== */

/* Complains about one run and counts it. */
static int bad(const rv_result_run *run, const char *what)
{
    char name[32];
    rv_results_n_name(run->n, name, sizeof name);
    fprintf(stderr, "%s at N = %s: %s\n", run->version, name, what);
    return 1;
}

static int check_run(const rv_results *r, const rv_result_run *run)
{
    const rv_results_meta *m = rv_results_info(r);
    const rv_result_run *v0 = rv_results_find(r, "v0", run->n);
    int problems = 0;
    if (!run->correct) problems += bad(run, "its sum did not match the CPU's");
    if (!(run->median_ms > 0 && run->min_ms > 0 && run->min_ms <= run->median_ms))
        problems += bad(run, "times are not 0 < min <= median");
    /* a file from this bench keeps the spread: min <= q1 <= median <= q3 <= max */
    if (m->interleaved && !(run->min_ms <= run->q1_ms + 1e-12 && run->q1_ms <= run->median_ms + 1e-12 &&
                            run->median_ms <= run->q3_ms + 1e-12 && run->q3_ms <= run->max_ms + 1e-12))
        problems += bad(run, "its spread is not min <= q1 <= median <= q3 <= max");
    if (!same(run->gbps, run->n * 4.0 / (run->median_ms * 1e6))) problems += bad(run, "gbps does not follow from the median");
    if (!(run->copy_gbps > 0)) problems += bad(run, "no copy bandwidth");
    if (!same(run->pct_copy, 100 * run->gbps / run->copy_gbps)) problems += bad(run, "pct_copy does not follow");
    if (!same(run->pct_theoretical, 100 * run->gbps / m->theoretical_gbps)) problems += bad(run, "pct_theoretical does not follow");
    if (!v0 || !same(run->speedup_v0, v0->median_ms / run->median_ms)) problems += bad(run, "speedup_v0 does not follow");
    /* the size asked for; 64 for v4..v6 below it; or a version's tuned size (v8 without --block-size) */
    const rv_version_info *vi = rv_version(rv_version_parse(run->version));
    int tuned = vi && vi->tuned_block && run->block_size == vi->tuned_block;
    if (run->block_size && run->block_size != m->block_size && !(run->block_size == 64 && m->block_size < 64) && !tuned)
        problems += bad(run, "ran at a block size that was not asked for");
    return problems;
}

static int check_file(const char *path)
{
    char err[512];
    rv_results *r = rv_results_load(path, err, sizeof err);
    if (!r) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    const rv_results_meta *m = rv_results_info(r);
    const uint64_t *sizes;
    int nsizes = rv_results_sizes(r, &sizes), problems = 0;
    int want_sizes = m->sweep ? 11 : 1;
    if (nsizes != want_sizes || sizes[nsizes - 1] != m->n || (m->sweep && sizes[0] != (1u << 20))) {
        fprintf(stderr, "%s: expected %d sizes ending at the main N\n", path, want_sizes);
        problems++;
    }
    if (rv_results_count(r) != nsizes * RV_RESULTS_NVARIANTS) {
        fprintf(stderr, "%s: expected every version and cub at every N\n", path);
        problems++;
    }
    for (int s = 0; s < nsizes; s++)
        for (int k = 0; k < RV_RESULTS_NVARIANTS; k++)
            if (!rv_results_find(r, variant_names[k], sizes[s])) {
                fprintf(stderr, "%s: no %s at N = %llu\n", path, variant_names[k], (unsigned long long)sizes[s]);
                problems++;
            }
    for (int i = 0; i < rv_results_count(r); i++) problems += check_run(r, rv_results_run(r, i));
    if (isnan(m->theoretical_gbps)) printf("%s: theoretical bandwidth unknown: %s\n", path, m->theoretical_source);
    printf("%s: %s, %d runs, copy %.1f GB/s, peak %.1f GB/s: %s\n", path, m->device, rv_results_count(r),
           m->measured_copy_gbps, m->theoretical_gbps, problems ? "PROBLEMS" : "consistent, every sum correct");
    rv_results_free(r);
    return problems ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--check")) return check_file(argv[2]);
    if (!scratch_open(argc == 2 ? argv[1] : NULL, "test_results")) return 1;
    test_derive();
    test_lookup();
    test_block_note();
    test_round_trip();
    test_older_file();
    test_no_spread_file();
    test_ratio_spread();
    test_wrong_shape();
    test_broken_text();
    test_truncated();
    test_damage();
    test_table();
    scratch_close();
    printf("test_results: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
