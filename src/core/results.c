/* results.c — bench results: building them, the figures derived from the
 * times, the JSON file (writer and a strict reader) and the table for people.
 *
 * The reader works in two stages, each bounds-checked and stopping at the
 * first problem with a message that says where it is: a small JSON parser
 * turns the file into a tree of jnodes ("line 12, column 5: expected ','"),
 * then the tree is mapped onto rv_results, checking that every key we need
 * is there with the right type ("runs[3]: \"median_ms\" is missing").
 * Keys we do not know are ignored, so a newer writer may add some.
 */
#include "results.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "json.h"
#include "trace.h" /* RV_MAX_N */
#include "versions.h"
#include "i18n.h"

#define RV_RESULTS_MAX_RUNS   10000       /* a sweep has 99; duplicates are sought pairwise */
#define RV_RESULTS_MAX_COUNT  1000000     /* --repeat and warm-up runs          */

struct rv_results {
    rv_results_meta meta;
    rv_result_run  *runs;
    uint64_t       *sizes;   /* distinct N, ascending; never more than runs */
    int             nruns, nsizes, cap;
};

/* The variants: the versions in their teaching order, then CUB, which is
 * compared with the version the table marks as its peer (RV_VP_CUB_PEER:
 * both one device-wide sum, the same bits on every run); each version is
 * compared with the one it improves on. */
const char *rv_results_variant(int k)
{
    if (k == RV_NUM_VERSIONS) return "cub";
    const rv_version_info *vi = rv_version_at(k);
    return vi ? vi->name : NULL;
}

static int variant_index(const char *name)
{
    for (int k = 0; k < RV_RESULTS_NVARIANTS; k++)
        if (!strcmp(name, rv_results_variant(k))) return k;
    return -1;
}

/* The variant that variant k is compared with, or -1. */
static int previous_variant(int k)
{
    if (k == RV_NUM_VERSIONS) {
        for (int v = 0; v < RV_NUM_VERSIONS; v++)
            if (rv_version_has(v, RV_VP_CUB_PEER)) return rv_version(v)->order;
        return -1;
    }
    const rv_version_info *vi = rv_version_at(k);
    int prev = vi ? rv_version_previous(vi->id) : -1;
    return prev >= 0 ? rv_version(prev)->order : -1;
}

/* ==== building ============================================================ */

rv_results *rv_results_new(const rv_results_meta *meta)
{
    rv_results *r = calloc(1, sizeof *r);
    if (r) r->meta = *meta;
    return r;
}

void rv_results_free(rv_results *r)
{
    if (!r) return;
    free(r->runs);
    free(r->sizes);
    free(r);
}

static int grow(rv_results *r)
{
    int cap = r->cap ? 2 * r->cap : 16;
    rv_result_run *runs = realloc(r->runs, (size_t)cap * sizeof *runs);
    if (!runs) return -1;
    r->runs = runs;
    uint64_t *sizes = realloc(r->sizes, (size_t)cap * sizeof *sizes);
    if (!sizes) return -1;
    r->sizes = sizes;
    r->cap = cap;
    return 0;
}

/* Inserts n into the ascending list of distinct sizes. */
static void note_size(rv_results *r, uint64_t n)
{
    int i = 0;
    while (i < r->nsizes && r->sizes[i] < n) i++;
    if (i < r->nsizes && r->sizes[i] == n) return;
    memmove(r->sizes + i + 1, r->sizes + i, (size_t)(r->nsizes - i) * sizeof *r->sizes);
    r->sizes[i] = n;
    r->nsizes++;
}

int rv_results_add(rv_results *r, const rv_result_run *run)
{
    if (r->nruns == r->cap && grow(r)) return -1;
    r->runs[r->nruns++] = *run;
    note_size(r, run->n);
    return 0;
}

/* ==== derived figures ===================================================== */

/* a / b, or NAN when either is unknown or b is not positive. */
static double ratio(double a, double b)
{
    return (isfinite(a) && isfinite(b) && b > 0.0) ? a / b : NAN;
}

static const rv_result_run *find_variant(const rv_results *r, int k, uint64_t n)
{
    return (k >= 0 && k < RV_RESULTS_NVARIANTS) ? rv_results_find(r, rv_results_variant(k), n) : NULL;
}

/* GPUs a run used: 0 (a file or a bench from before `--gpus`) reads as 1. */
static int run_gpus(const rv_result_run *run)
{
    return run->gpus > 1 ? run->gpus : 1;
}

static void derive_run(const rv_results *r, rv_result_run *run)
{
    int k = variant_index(run->version);
    const rv_result_run *v0 = find_variant(r, 0, run->n);
    const rv_result_run *prev = k >= 0 ? find_variant(r, previous_variant(k), run->n) : NULL;
    const rv_result_run *one = rv_results_find_gpus(r, run->version, run->n, 1, NULL);
    /* bytes / (ms * 1e-3 s) / 1e9 bytes per GB; across G GPUs the peak is G times one's */
    run->gbps = ratio((double)run->n * sizeof(float), run->median_ms * 1e6);
    run->pct_theoretical = 100.0 * ratio(run->gbps, r->meta.theoretical_gbps * run_gpus(run));
    run->speedup_1gpu = one ? ratio(one->median_ms, run->median_ms) : NAN;
    run->pct_copy = 100.0 * ratio(run->gbps, run->copy_gbps);
    run->speedup_v0 = v0 ? ratio(v0->median_ms, run->median_ms) : NAN;
    run->speedup_prev = prev ? ratio(prev->median_ms, run->median_ms) : NAN;
}

void rv_results_derive(rv_results *r)
{
    for (int i = 0; i < r->nruns; i++) derive_run(r, &r->runs[i]);
    r->meta.measured_copy_gbps = rv_results_copy_gbps(r, 0);
}

/* ==== accessors =========================================================== */

const rv_result_run *rv_results_find(const rv_results *r, const char *version, uint64_t n)
{
    if (n == 0) n = r->meta.n;
    for (int i = 0; i < r->nruns; i++)
        if (r->runs[i].n == n && !strcmp(r->runs[i].version, version)) return &r->runs[i];
    return NULL;
}

const rv_result_run *rv_results_find_gpus(const rv_results *r, const char *version, uint64_t n, int gpus,
                                          const char *nccl)
{
    if (n == 0) n = r->meta.n;
    if (gpus < 1) gpus = 1;
    for (int i = 0; i < r->nruns; i++) {
        const rv_result_run *run = &r->runs[i];
        if (run->n == n && run_gpus(run) == gpus && !strcmp(run->version, version) &&
            (!nccl || !strcmp(run->nccl, nccl)))
            return run;
    }
    return NULL;
}

/* Variant k's run at the main N when its block size is not the one asked
 * for (and not CUB's own choice); else NULL. */
static const rv_result_run *other_block(const rv_results *r, int k)
{
    const char *name = rv_results_variant(k);
    const rv_result_run *run = name ? rv_results_find(r, name, 0) : NULL;
    return run && run->block_size > 0 && run->block_size != r->meta.block_size ? run : NULL;
}

/* Does variant k run at the same other block size as variant j? */
static int same_block(const rv_results *r, int j, int k)
{
    const rv_result_run *a = other_block(r, j), *b = other_block(r, k);
    return a && b && a->block_size == b->block_size;
}

void rv_results_block_note(const rv_results *r, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (int k = 0; k < RV_RESULTS_NVARIANTS && at < len; k++) {
        const rv_result_run *run = other_block(r, k);
        if (!run)
            continue;
        /* neighbours at the same size share it: "v4, v4s, v5 and v6 at 64; v8 and v9 at 512" */
        if (!same_block(r, k, k + 1))
            at += (size_t)snprintf(buf + at, len - at, _("%s at %d; "), run->version, run->block_size);
        else
            at += (size_t)snprintf(buf + at, len - at, "%s%s", run->version, same_block(r, k + 1, k + 2) ? ", " : _(" and "));
    }
    if (at < len) snprintf(buf + at, len - at, _("CUB picks its own"));
}

const char *rv_results_cache_label(const rv_results *r)
{
    return r->meta.cold ? _("cold L2 (flushed before every run)") : _("warm L2");
}

int rv_results_ratio(const rv_result_run *a, const rv_result_run *b, double *mid, double *lo, double *hi)
{
    *mid = ratio(a->median_ms, b->median_ms);
    *lo = ratio(a->q1_ms, b->q3_ms);
    *hi = ratio(a->q3_ms, b->q1_ms);
    if (isfinite(*lo) && isfinite(*hi)) return 0;
    *lo = *hi = NAN;
    return -1;
}

const rv_results_meta *rv_results_info(const rv_results *r) { return &r->meta; }
const char *rv_results_device(const rv_results *r) { return r->meta.device; }
const char *rv_results_date(const rv_results *r) { return r->meta.date; }
double rv_results_theoretical_gbps(const rv_results *r) { return r->meta.theoretical_gbps; }

double rv_results_copy_gbps(const rv_results *r, uint64_t n)
{
    if (n == 0) n = r->meta.n;
    for (int i = 0; i < r->nruns; i++)
        if (r->runs[i].n == n) return r->runs[i].copy_gbps;
    return NAN;
}

int rv_results_sizes(const rv_results *r, const uint64_t **sizes)
{
    *sizes = r->sizes;
    return r->nsizes;
}

int rv_results_count(const rv_results *r) { return r->nruns; }

const rv_result_run *rv_results_run(const rv_results *r, int i)
{
    return (i >= 0 && i < r->nruns) ? &r->runs[i] : NULL;
}

int rv_results_failures(const rv_results *r)
{
    int failed = 0;
    for (int i = 0; i < r->nruns; i++) failed += !r->runs[i].correct;
    return failed;
}

void rv_results_n_name(uint64_t n, char *buf, size_t len)
{
    if (n && !(n & (n - 1))) {
        int k = 0;
        while ((1ull << k) != n) k++;
        snprintf(buf, len, "2^%d", k);
    } else {
        snprintf(buf, len, "%llu", (unsigned long long)n);
    }
}

/* ==== writing the JSON ==================================================== */

/* A number with `digits` significant digits, or null when it is unknown. */
static void put_number(FILE *f, double x, int digits)
{
    if (isfinite(x)) fprintf(f, "%.*g", digits, x);
    else fputs("null", f);
}

static void put_text(FILE *f, const char *key, const char *value)
{
    fprintf(f, "  \"%s\": ", key);
    rv_json_string(f, value);
    fputs(",\n", f);
}

/* multi: a bench across GPUs, whose runs also carry the NCCL step. */
static void write_run(FILE *f, const rv_result_run *run, int multi)
{
    fputs("    {\"version\": ", f);
    rv_json_string(f, run->version);
    fprintf(f, ", \"n\": %llu, \"block_size\": ", (unsigned long long)run->n);
    if (run->block_size > 0) fprintf(f, "%d", run->block_size);
    else fputs("null", f);
    fputs(", \"median_ms\": ", f);          put_number(f, run->median_ms, 10);
    fputs(", \"min_ms\": ", f);             put_number(f, run->min_ms, 10);
    fputs(", \"q1_ms\": ", f);              put_number(f, run->q1_ms, 10);
    fputs(", \"q3_ms\": ", f);              put_number(f, run->q3_ms, 10);
    fputs(", \"max_ms\": ", f);             put_number(f, run->max_ms, 10);
    fputs(", \"gbps\": ", f);               put_number(f, run->gbps, 10);
    fputs(", \"pct_theoretical\": ", f);    put_number(f, run->pct_theoretical, 10);
    fputs(", \"pct_copy\": ", f);           put_number(f, run->pct_copy, 10);
    fputs(", \"measured_copy_gbps\": ", f); put_number(f, run->copy_gbps, 10);
    fputs(", \"speedup_v0\": ", f);         put_number(f, run->speedup_v0, 10);
    fputs(", \"speedup_prev\": ", f);       put_number(f, run->speedup_prev, 10);
    fputs(", \"gpu_sum\": ", f);            put_number(f, run->gpu_sum, 9);   /* a float: 9 digits are exact */
    fputs(", \"cpu_sum\": ", f);            put_number(f, run->cpu_sum, 17);  /* a double: 17 digits are exact */
    fprintf(f, ", \"correct\": %s", run->correct ? "true" : "false");
    fprintf(f, ", \"gpus\": %d", run_gpus(run));
    if (multi) {
        fputs(", \"nccl\": ", f);
        if (run->nccl[0]) rv_json_string(f, run->nccl);
        else fputs("null", f);
        fputs(", \"kernel_ms\": ", f);    put_number(f, run->kernel_ms, 10);
        fputs(", \"nccl_ms\": ", f);      put_number(f, run->nccl_ms, 10);
        fputs(", \"speedup_1gpu\": ", f); put_number(f, run->speedup_1gpu, 10);
    }
    fputs("}", f);
}

void rv_results_write(const rv_results *r, FILE *f)
{
    const rv_results_meta *m = &r->meta;
    fputs("{\n", f);
    put_text(f, "format", RV_RESULTS_FORMAT);
    fprintf(f, "  \"format_version\": %d,\n", RV_RESULTS_VERSION);
    put_text(f, "device", m->device);
    put_text(f, "compute_capability", m->compute_capability);
    put_text(f, "driver_version", m->driver_version);
    put_text(f, "runtime_version", m->runtime_version);
    put_text(f, "date", m->date);
    fprintf(f, "  \"l2_cache_bytes\": %llu,\n", (unsigned long long)m->l2_bytes);
    fprintf(f, "  \"options\": {\"n\": %llu, \"sweep\": %s, \"block_size\": %d, \"repeat\": %d, \"warmup\": %d, \"data\": ",
            (unsigned long long)m->n, m->sweep ? "true" : "false", m->block_size, m->repeat, m->warmup);
    rv_json_string(f, m->data);
    if (m->gpus > 0) fprintf(f, ", \"gpus\": %d", m->gpus);
    fprintf(f, ", \"cold\": %s, \"interleaved\": %s},\n", m->cold ? "true" : "false", m->interleaved ? "true" : "false");
    put_text(f, "timing", m->gpus > 0 ? RV_RESULTS_MULTI_TIMING
                          : !m->interleaved ? RV_RESULTS_TIMING : m->cold ? RV_RESULTS_TIMING_COLD : RV_RESULTS_TIMING_TURNS);
    put_text(f, "copy", m->gpus > 0 ? "not measured by bench --gpus" : RV_RESULTS_COPY);
    fputs("  \"theoretical_gbps\": ", f);
    put_number(f, m->theoretical_gbps, 10);
    fputs(",\n", f);
    put_text(f, "theoretical_source", m->theoretical_source);
    fputs("  \"measured_copy_gbps\": ", f);
    put_number(f, m->measured_copy_gbps, 10);
    fputs(",\n  \"runs\": [", f);
    for (int i = 0; i < r->nruns; i++) {
        fputs(i ? ",\n" : "\n", f);
        write_run(f, &r->runs[i], m->gpus > 0);
    }
    fputs("\n  ]\n}\n", f);
}

int rv_results_save(const rv_results *r, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, _("cannot write %s: %s"), path, strerror(errno));
        return -1;
    }
    rv_results_write(r, f);
    int bad = ferror(f);
    if (fclose(f) || bad) {
        snprintf(err, errlen, _("writing %s failed (disk full?)"), path);
        return -1;
    }
    return 0;
}

/* ==== the table =========================================================== */

static void print_header(const rv_results *r, FILE *f)
{
    const rv_results_meta *m = &r->meta;
    fprintf(f, _("reducevis bench on %s (compute capability %s), driver %s, runtime %s, %s\n"), m->device,
            m->compute_capability, m->driver_version, m->runtime_version, m->date);
    char others[160];
    rv_results_block_note(r, others, sizeof others);
    fprintf(f, _("data %s, block size %d (%s)"), m->data, m->block_size, others);
    fprintf(f, _(", %d warm-up runs, then %d timed runs per figure\n"), m->warmup, m->repeat);
    fprintf(f, "%s", _("time:  the whole reduction down to one number (every pass), CUDA events;\n"));
    if (m->interleaved)
        fprintf(f, _("       the versions take turns run by run (round r starts at the r-th), %s;\n"
                     "       median, minimum and quartiles (q1 .. q3) of the %d timed runs\n"),
                rv_results_cache_label(r), m->repeat);
    else
        fprintf(f, _("       median and minimum of the %d timed runs, each version timed in one block\n"
                     "       (an older file: no quartiles were kept)\n"), m->repeat);
    fprintf(f, "%s", _("GB/s:  N x 4 bytes / median time (1 GB = 1e9 bytes)\n"));
    if (isfinite(m->theoretical_gbps))
        fprintf(f, _("peak:  %.1f GB/s theoretical (%s)\n"), m->theoretical_gbps, m->theoretical_source);
    else
        fprintf(f, _("peak:  unknown (%s), so %% peak is not shown\n"), m->theoretical_source);
    fprintf(f, _("copy:  device-to-device cudaMemcpy of the N floats, read + write bytes, median of %d\n"), m->repeat);
}

static void print_cell(FILE *f, double x, const char *fmt, int width)
{
    char buf[32];
    if (isfinite(x)) snprintf(buf, sizeof buf, fmt, x);
    else snprintf(buf, sizeof buf, "-");
    fprintf(f, " %*s", width, buf);
}

static void print_row(FILE *f, const rv_result_run *run)
{
    char block[16];
    if (run->block_size > 0) snprintf(block, sizeof block, "%d", run->block_size);
    else snprintf(block, sizeof block, "own");
    fprintf(f, "  %-7s %5s", run->version, block);
    print_cell(f, run->median_ms, "%.4f", 10);
    print_cell(f, run->min_ms, "%.4f", 10);
    char spread[40] = "-";
    if (isfinite(run->q1_ms) && isfinite(run->q3_ms)) snprintf(spread, sizeof spread, "%.4f..%.4f", run->q1_ms, run->q3_ms);
    fprintf(f, " %15s", spread);
    print_cell(f, run->gbps, "%.1f", 9);
    print_cell(f, run->pct_theoretical, "%.1f%%", 7);
    print_cell(f, run->pct_copy, "%.1f%%", 7);
    print_cell(f, run->speedup_v0, "%.2fx", 8);
    print_cell(f, run->speedup_prev, "%.2fx", 8);
    fprintf(f, "  %s\n", run->correct ? "ok" : "FAILED");
}

static void print_size(const rv_results *r, uint64_t n, FILE *f)
{
    char name[32];
    rv_results_n_name(n, name, sizeof name);
    if (strchr(name, '^')) fprintf(f, _("\nN = %s = %llu floats (%.1f MB), copy "), name, (unsigned long long)n, n * 4.0 / 1e6);
    else fprintf(f, _("\nN = %s floats (%.1f MB), copy "), name, n * 4.0 / 1e6);
    double copy = rv_results_copy_gbps(r, n);
    if (isfinite(copy)) fprintf(f, "%.1f GB/s\n", copy);
    else fprintf(f, _("not measured\n"));
    /* Back-to-back runs then read the array from L2, not from memory. */
    if (n * sizeof(float) <= r->meta.l2_bytes)
        fprintf(f, _("  (the array fits in the %.0f MiB L2 cache: repeated runs read it from there, so GB/s may\n"
                     "   exceed the memory's peak)\n"), r->meta.l2_bytes / 1048576.0);
    char vs_base[16];
    snprintf(vs_base, sizeof vs_base, "vs %s", rv_results_variant(0)); /* the baseline: first in teaching order */
    fprintf(f, "  %-7s %5s %10s %10s %15s %9s %7s %7s %8s %8s  %s\n", "version", "block", "median ms", "min ms",
            "q1..q3 ms", "GB/s", "% peak", "% copy", vs_base, "vs prev", "sum check");
    for (int i = 0; i < r->nruns; i++)
        if (r->runs[i].n == n) print_row(f, &r->runs[i]);
}

static void print_failures(const rv_results *r, FILE *f)
{
    for (int i = 0; i < r->nruns; i++) {
        const rv_result_run *run = &r->runs[i];
        if (run->correct) continue;
        char name[32];
        rv_results_n_name(run->n, name, sizeof name);
        char across[32] = "";
        if (run_gpus(run) > 1) snprintf(across, sizeof across, _(" on %d GPUs"), run_gpus(run));
        fprintf(f, _("FAILED: %s%s at N = %s summed the array to %.9g on the GPU, but the CPU (double) gets %.17g\n"),
                run->version, across, name, run->gpu_sum, run->cpu_sum);
    }
}

/* One version against CUB over a sweep: its time as a fraction of CUB's at
 * every N, and how near it comes to the memory's peak at the largest N. */
static void print_against_cub(const rv_results *r, const char *version, FILE *f)
{
    const rv_result_run *last = NULL;
    char name[32];
    int spread = 1;
    fprintf(f, _("\n%s against CUB, time of %s / time of CUB (below 1: %s is faster), medians and\n"
                 "in brackets the spread (q1 of one over q3 of the other .. q3 over q1):\n "), version, version, version);
    for (int i = 0; i < r->nsizes; i++) {
        const rv_result_run *run = rv_results_find(r, version, r->sizes[i]), *cub = rv_results_find(r, "cub", r->sizes[i]);
        double mid, lo, hi;
        if (!run || !cub) continue;
        rv_results_n_name(r->sizes[i], name, sizeof name);
        if (rv_results_ratio(run, cub, &mid, &lo, &hi) == 0)
            fprintf(f, " %s %.3f [%.3f..%.3f]", name, mid, lo, hi);
        else
            fprintf(f, " %s %.3f", name, mid), spread = 0;
        last = run;
    }
    fprintf(f, "\n");
    if (!spread)
        fprintf(f, "%s", _("  (no spread: this file kept no quartiles, so each ratio above is one sample of a wide spread\n"
                         "   at small N; record again to see it)\n"));
    if (last && isfinite(last->pct_theoretical)) {
        rv_results_n_name(last->n, name, sizeof name);
        fprintf(f, _("%s at N = %s: %.1f GB/s, %.1f%% of the theoretical peak\n"), version, name, last->gbps,
                last->pct_theoretical);
    }
}

/* A sweep's last word: the single-pass versions against CUB. */
static void print_single_pass_vs_cub(const rv_results *r, FILE *f)
{
    if (r->nsizes < 2) return;
    for (int k = 0; k < RV_NUM_VERSIONS; k++) {
        const rv_version_info *vi = rv_version_at(k);
        if ((vi->props & RV_VP_SINGLE_PASS) && rv_results_find(r, vi->name, 0)) print_against_cub(r, vi->name, f);
    }
}

/* ---- across GPUs (`bench --gpus`) ---- */

static void print_multi_header(const rv_results *r, FILE *f)
{
    const rv_results_meta *m = &r->meta;
    fprintf(f, _("reducevis bench --gpus %d on %s (compute capability %s), driver %s, runtime %s, %s\n"), m->gpus,
            m->device, m->compute_capability, m->driver_version, m->runtime_version, m->date);
    fprintf(f, _("data %s, %d warm-up runs, then %d timed runs per figure\n"), m->data, m->warmup, m->repeat);
    fprintf(f, _("time:  the array split over G GPUs, each reducing its slice with one kernel, then NCCL\n"
                 "       combining the G partial sums; CUDA events on every GPU, the slowest GPU per run,\n"
                 "       median and minimum of the %d timed runs\n"
                 "kernel: the slowest GPU's kernel; nccl: the NCCL step alone (the GPU that waited least)\n"
                 "GB/s:  N x 4 bytes / median time, all GPUs together (1 GB = 1e9 bytes)\n"), m->repeat);
    if (isfinite(m->theoretical_gbps))
        fprintf(f, _("peak:  %.1f GB/s theoretical per GPU (%s); %% peak is of G x that\n"), m->theoretical_gbps,
                m->theoretical_source);
}

static void print_multi_row(FILE *f, const rv_result_run *run)
{
    fprintf(f, "  %-7s %4d %-9s %5d", run->version, run_gpus(run), run->nccl[0] ? run->nccl : "-", run->block_size);
    print_cell(f, run->median_ms, "%.4f", 10);
    print_cell(f, run->min_ms, "%.4f", 10);
    print_cell(f, run->kernel_ms, "%.4f", 10);
    print_cell(f, run->nccl_ms, "%.4f", 9);
    print_cell(f, run->gbps, "%.1f", 9);
    print_cell(f, run->pct_theoretical, "%.1f%%", 7);
    print_cell(f, run->speedup_1gpu, "%.2fx", 8);
    fprintf(f, "  %s\n", run->correct ? "ok" : "FAILED");
}

static void print_multi_size(const rv_results *r, uint64_t n, FILE *f)
{
    char name[32];
    rv_results_n_name(n, name, sizeof name);
    fprintf(f, _("\nN = %s = %llu floats (%.1f GB)\n"), name, (unsigned long long)n, n * 4.0 / 1e9);
    fprintf(f, "  %-7s %4s %-9s %5s %10s %10s %10s %9s %9s %7s %8s  %s\n", "version", "gpus", "nccl", "block",
            "median ms", "min ms", "kernel ms", "nccl ms", "GB/s", "% peak", "vs 1 GPU", "sum check");
    for (int i = 0; i < r->nruns; i++)
        if (r->runs[i].n == n) print_multi_row(f, &r->runs[i]);
}

void rv_results_print_table(const rv_results *r, FILE *f)
{
    if (r->meta.gpus > 0) {
        print_multi_header(r, f);
        for (int i = 0; i < r->nsizes; i++) print_multi_size(r, r->sizes[i], f);
    } else {
        print_header(r, f);
        for (int i = 0; i < r->nsizes; i++) print_size(r, r->sizes[i], f);
        print_single_pass_vs_cub(r, f);
    }
    int failed = rv_results_failures(r);
    fprintf(f, "\n");
    if (failed) print_failures(r, f);
    else fprintf(f, "%s", _("every sum passes its check (integer data below 2^24: exactly; else within the rounding\n"
                            "bound of its addition tree, against the CPU's double sum)\n"));
}

/* ==== reading: tree -> rv_results ========================================= */

/* A non-negative number (a time). */
static int read_time(const rv_json_place *at, const rv_json *obj, const char *key, double *dst)
{
    if (rv_json_number(at, obj, key, 0, dst)) return -1;
    if (*dst < 0) return rv_json_fail_at(at, NULL, "\"%s\" is negative", key);
    return 0;
}

/* "YYYY-MM-DDTHH:MM:SSZ" */
static int is_iso_date(const char *s)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    for (size_t i = 0; i < sizeof shape; i++) {
        if (shape[i] == 'd' ? (s[i] < '0' || s[i] > '9') : s[i] != shape[i]) return 0;
    }
    return 1;
}

static int read_format(const rv_json_place *at, const rv_json *root)
{
    const rv_json *n;
    if (root->type != RV_JSON_OBJECT) return rv_json_fail_at(at, NULL, "this is not a reducevis bench results file (it holds %s, not an object)", rv_json_type_name(root->type));
    if (rv_json_need(at, root, "format", RV_JSON_STRING, 0, &n)) return rv_json_fail_at(at, NULL, "this is not a reducevis bench results file (no \"format\": \"%s\")", RV_RESULTS_FORMAT);
    if (strcmp(n->text, RV_RESULTS_FORMAT)) return rv_json_fail_at(at, n, "this is not a reducevis bench results file (\"format\" is \"%.60s\")", n->text);
    int version;
    if (rv_json_int(at, root, "format_version", 1, 1000000, &version)) return -1;
    if (version != RV_RESULTS_VERSION)
        return rv_json_fail_at(at, NULL, "format_version %d is not supported (this reducevis reads version %d)", version, RV_RESULTS_VERSION);
    return 0;
}

/* Is key a member of obj?  (Keys a newer writer added are optional.) */
static int has_key(const rv_json *obj, const char *key)
{
    for (int i = 0; i < obj->nkids; i++)
        if (!strcmp(obj->kids[i].key, key)) return 1;
    return 0;
}

/* A time kept only by newer writers: NAN when absent or null. */
static int read_optional_time(const rv_json_place *at, const rv_json *obj, const char *key, double *dst)
{
    *dst = NAN;
    if (!has_key(obj, key)) return 0;
    if (rv_json_number(at, obj, key, 1, dst)) return -1;
    if (*dst < 0) return rv_json_fail_at(at, NULL, "\"%s\" is negative", key);
    return 0;
}

/* A flag kept only by newer writers: 0 when absent. */
static int read_optional_bool(const rv_json_place *at, const rv_json *obj, const char *key, int *dst)
{
    *dst = 0;
    return has_key(obj, key) ? rv_json_bool(at, obj, key, dst) : 0;
}

static int read_options(const rv_json_place *top, const rv_json *root, rv_results_meta *m)
{
    const rv_json *o;
    if (rv_json_need(top, root, "options", RV_JSON_OBJECT, 0, &o)) return -1;
    rv_json_place at = {"options: ", top->err, top->errlen};
    /* "gpus" first: across G GPUs N may reach G x 2^31 */
    if (has_key(o, "gpus") && rv_json_int(&at, o, "gpus", 1, RV_RESULTS_MAX_GPUS, &m->gpus)) return -1;
    if (rv_json_whole(&at, o, "n", 1, (uint64_t)RV_MAX_N * (m->gpus > 1 ? m->gpus : 1), &m->n) ||
        rv_json_bool(&at, o, "sweep", &m->sweep) ||
        rv_json_int(&at, o, "block_size", 1, 1024, &m->block_size) ||
        rv_json_int(&at, o, "repeat", 1, RV_RESULTS_MAX_COUNT, &m->repeat) ||
        rv_json_int(&at, o, "warmup", 0, RV_RESULTS_MAX_COUNT, &m->warmup) ||
        rv_json_text(&at, o, "data", m->data, sizeof m->data) || read_optional_bool(&at, o, "cold", &m->cold) ||
        read_optional_bool(&at, o, "interleaved", &m->interleaved))
        return -1;
    return 0;
}

static int read_meta(const rv_json_place *at, const rv_json *root, rv_results_meta *m)
{
    char timing[128];
    if (read_format(at, root) || rv_json_text(at, root, "device", m->device, sizeof m->device) ||
        rv_json_text(at, root, "compute_capability", m->compute_capability, sizeof m->compute_capability) ||
        rv_json_text(at, root, "driver_version", m->driver_version, sizeof m->driver_version) ||
        rv_json_text(at, root, "runtime_version", m->runtime_version, sizeof m->runtime_version) ||
        rv_json_text(at, root, "date", m->date, sizeof m->date) ||
        rv_json_whole(at, root, "l2_cache_bytes", 0, UINT64_C(1) << 40, &m->l2_bytes) || read_options(at, root, m) ||
        rv_json_text(at, root, "timing", timing, sizeof timing) ||
        rv_json_number(at, root, "theoretical_gbps", 1, &m->theoretical_gbps) ||
        rv_json_text(at, root, "theoretical_source", m->theoretical_source, sizeof m->theoretical_source) ||
        rv_json_number(at, root, "measured_copy_gbps", 1, &m->measured_copy_gbps))
        return -1;
    if (!is_iso_date(m->date)) return rv_json_fail_at(at, NULL, "\"date\" should look like 2025-01-31T12:34:56Z, not \"%s\"", m->date);
    return 0;
}

/* A run across GPUs: the collective and the times of its two steps (optional keys). */
static int read_multi(const rv_json_place *at, const rv_json *o, rv_result_run *run)
{
    const rv_json *nccl = NULL;
    if (has_key(o, "nccl") && rv_json_need(at, o, "nccl", RV_JSON_STRING, 1, &nccl)) return -1;
    if (nccl) {
        if (strcmp(nccl->text, "allreduce") && strcmp(nccl->text, "reduce"))
            return rv_json_fail_at(at, nccl, "unknown NCCL collective \"%.40s\" (expected allreduce or reduce)", nccl->text);
        snprintf(run->nccl, sizeof run->nccl, "%s", nccl->text);
    }
    if (run->gpus > 1 && !nccl) return rv_json_fail_at(at, NULL, "a run on %d GPUs names no \"nccl\" collective", run->gpus);
    if ((has_key(o, "kernel_ms") && rv_json_number(at, o, "kernel_ms", 1, &run->kernel_ms)) ||
        (has_key(o, "nccl_ms") && rv_json_number(at, o, "nccl_ms", 1, &run->nccl_ms)) ||
        (has_key(o, "speedup_1gpu") && rv_json_number(at, o, "speedup_1gpu", 1, &run->speedup_1gpu)))
        return -1;
    if (run->kernel_ms < 0 || run->nccl_ms < 0) return rv_json_fail_at(at, NULL, "a step's time is negative");
    return 0;
}

static int read_run(const rv_json_place *at, const rv_json *o, rv_result_run *run)
{
    const rv_json *block;
    uint64_t block_size = 0;
    memset(run, 0, sizeof *run);
    if (o->type != RV_JSON_OBJECT) return rv_json_fail_at(at, o, "a run should be an object, not %s", rv_json_type_name(o->type));
    if (rv_json_text(at, o, "version", run->version, sizeof run->version)) return -1;
    if (variant_index(run->version) < 0)
        return rv_json_fail_at(at, NULL, "unknown version \"%s\" (expected one of %s, or cub)", run->version,
                               rv_version_list());
    if (rv_json_need(at, o, "block_size", RV_JSON_NUMBER, 1, &block) ||
        (block && rv_json_whole(at, o, "block_size", 1, 1024, &block_size)))
        return -1;
    run->block_size = (int)block_size;
    run->gpus = 1; /* a file from before `--gpus`: one GPU */
    run->kernel_ms = run->nccl_ms = run->speedup_1gpu = NAN;
    if (has_key(o, "gpus") && rv_json_int(at, o, "gpus", 1, RV_RESULTS_MAX_GPUS, &run->gpus)) return -1;
    if (read_multi(at, o, run)) return -1;
    /* each GPU's slice is at most 2^31 (the kernels' unsigned n) */
    if (rv_json_whole(at, o, "n", 1, (uint64_t)RV_MAX_N * run->gpus, &run->n) || read_time(at, o, "median_ms", &run->median_ms) ||
        read_time(at, o, "min_ms", &run->min_ms) || read_optional_time(at, o, "q1_ms", &run->q1_ms) ||
        read_optional_time(at, o, "q3_ms", &run->q3_ms) || read_optional_time(at, o, "max_ms", &run->max_ms) ||
        rv_json_number(at, o, "gbps", 1, &run->gbps) ||
        rv_json_number(at, o, "pct_theoretical", 1, &run->pct_theoretical) ||
        rv_json_number(at, o, "pct_copy", 1, &run->pct_copy) ||
        rv_json_number(at, o, "measured_copy_gbps", 1, &run->copy_gbps) ||
        rv_json_number(at, o, "speedup_v0", 1, &run->speedup_v0) ||
        rv_json_number(at, o, "speedup_prev", 1, &run->speedup_prev) ||
        rv_json_number(at, o, "gpu_sum", 1, &run->gpu_sum) || rv_json_number(at, o, "cpu_sum", 1, &run->cpu_sum) ||
        rv_json_bool(at, o, "correct", &run->correct))
        return -1;
    return 0;
}

static int read_runs(const rv_json_place *top, const rv_json *root, rv_results *r)
{
    const rv_json *runs;
    if (rv_json_need(top, root, "runs", RV_JSON_ARRAY, 0, &runs)) return -1;
    if (runs->nkids > RV_RESULTS_MAX_RUNS) return rv_json_fail_at(top, runs, "more than %d runs", RV_RESULTS_MAX_RUNS);
    for (int i = 0; i < runs->nkids; i++) {
        char where[32];
        snprintf(where, sizeof where, "runs[%d]: ", i);
        rv_json_place at = {where, top->err, top->errlen};
        rv_result_run run;
        if (read_run(&at, &runs->kids[i], &run)) return -1;
        if (rv_results_find_gpus(r, run.version, run.n, run.gpus, run.nccl)) {
            char name[32];
            rv_results_n_name(run.n, name, sizeof name);
            return rv_json_fail_at(&at, &runs->kids[i], "a second run of %s at N = %s on %d GPU%s", run.version, name,
                                   run.gpus, run.gpus > 1 ? "s" : "");
        }
        if (rv_results_add(r, &run)) return rv_json_fail_at(&at, NULL, "out of memory");
    }
    return 0;
}


/* The tree onto a new rv_results; NULL with the reason in why. */
static rv_results *from_tree(const rv_json *root, char *why, size_t whylen)
{
    rv_json_place top = {"", why, whylen};
    rv_results_meta meta;
    rv_results *r;
    memset(&meta, 0, sizeof meta);
    if (read_meta(&top, root, &meta)) return NULL;
    if (!(r = rv_results_new(&meta))) {
        snprintf(why, whylen, _("out of memory"));
        return NULL;
    }
    if (read_runs(&top, root, r)) {
        rv_results_free(r);
        return NULL;
    }
    return r;
}

rv_results *rv_results_parse(const char *text, size_t len, const char *name, char *err, size_t errlen)
{
    char why[400] = "";
    rv_json root;
    rv_results *r = NULL;
    memset(&root, 0, sizeof root);
    if (!rv_json_parse(text, len, &root, why, sizeof why)) r = from_tree(&root, why, sizeof why);
    rv_json_free(&root);
    if (!r) snprintf(err, errlen, "%s: %s", name, why);
    return r;
}

rv_results *rv_results_load(const char *path, char *err, size_t errlen)
{
    char why[400] = "";
    size_t len = 0;
    char *text = rv_json_read_file(path, &len, why, sizeof why);
    rv_results *r = NULL;
    if (text) r = rv_results_parse(text, len, path, err, errlen);
    else snprintf(err, errlen, "%s: %s", path, why);
    free(text);
    return r;
}
