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
#include "results_private.h"

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

int rv_results_variant_index(const char *name)
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
static double ratio(double a, double b) { return (isfinite(a) && isfinite(b) && b > 0.0) ? a / b : NAN; }

static const rv_result_run *find_variant(const rv_results *r, int k, uint64_t n)
{
    return (k >= 0 && k < RV_RESULTS_NVARIANTS) ? rv_results_find(r, rv_results_variant(k), n) : NULL;
}

/* GPUs a run used: 0 (a file or a bench from before `--gpus`) reads as 1. */
int rv_results_run_gpus(const rv_result_run *run) { return run->gpus > 1 ? run->gpus : 1; }

static void derive_run(const rv_results *r, rv_result_run *run)
{
    int k = rv_results_variant_index(run->version);
    const rv_result_run *v0 = find_variant(r, 0, run->n);
    const rv_result_run *prev = k >= 0 ? find_variant(r, previous_variant(k), run->n) : NULL;
    const rv_result_run *one = rv_results_find_gpus(r, run->version, run->n, 1, NULL);
    /* bytes / (ms * 1e-3 s) / 1e9 bytes per GB; across G GPUs the peak is G times one's */
    run->gbps = ratio((double)run->n * sizeof(float), run->median_ms * 1e6);
    run->pct_theoretical = 100.0 * ratio(run->gbps, r->meta.theoretical_gbps * rv_results_run_gpus(run));
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
        if (run->n == n && rv_results_run_gpus(run) == gpus && !strcmp(run->version, version) &&
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
        if (!run) continue;
        /* neighbours at the same size share it: "v4, v4s, v5 and v6 at 64; v8 and v9 at 512" */
        if (!same_block(r, k, k + 1))
            at += (size_t)snprintf(buf + at, len - at, _("%s at %d; "), run->version, run->block_size);
        else
            at += (size_t)snprintf(buf + at, len - at, "%s%s", run->version,
                                   same_block(r, k + 1, k + 2) ? ", " : _(" and "));
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
    if (isfinite(x))
        fprintf(f, "%.*g", digits, x);
    else
        fputs("null", f);
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
    if (run->block_size > 0)
        fprintf(f, "%d", run->block_size);
    else
        fputs("null", f);
    fputs(", \"median_ms\": ", f);
    put_number(f, run->median_ms, 10);
    fputs(", \"min_ms\": ", f);
    put_number(f, run->min_ms, 10);
    fputs(", \"q1_ms\": ", f);
    put_number(f, run->q1_ms, 10);
    fputs(", \"q3_ms\": ", f);
    put_number(f, run->q3_ms, 10);
    fputs(", \"max_ms\": ", f);
    put_number(f, run->max_ms, 10);
    fputs(", \"gbps\": ", f);
    put_number(f, run->gbps, 10);
    fputs(", \"pct_theoretical\": ", f);
    put_number(f, run->pct_theoretical, 10);
    fputs(", \"pct_copy\": ", f);
    put_number(f, run->pct_copy, 10);
    fputs(", \"measured_copy_gbps\": ", f);
    put_number(f, run->copy_gbps, 10);
    fputs(", \"speedup_v0\": ", f);
    put_number(f, run->speedup_v0, 10);
    fputs(", \"speedup_prev\": ", f);
    put_number(f, run->speedup_prev, 10);
    fputs(", \"gpu_sum\": ", f);
    put_number(f, run->gpu_sum, 9); /* a float: 9 digits are exact */
    fputs(", \"cpu_sum\": ", f);
    put_number(f, run->cpu_sum, 17); /* a double: 17 digits are exact */
    fprintf(f, ", \"correct\": %s", run->correct ? "true" : "false");
    fprintf(f, ", \"gpus\": %d", rv_results_run_gpus(run));
    if (multi) {
        fputs(", \"nccl\": ", f);
        if (run->nccl[0])
            rv_json_string(f, run->nccl);
        else
            fputs("null", f);
        fputs(", \"kernel_ms\": ", f);
        put_number(f, run->kernel_ms, 10);
        fputs(", \"nccl_ms\": ", f);
        put_number(f, run->nccl_ms, 10);
        fputs(", \"speedup_1gpu\": ", f);
        put_number(f, run->speedup_1gpu, 10);
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
    fprintf(
        f, "  \"options\": {\"n\": %llu, \"sweep\": %s, \"block_size\": %d, \"repeat\": %d, \"warmup\": %d, \"data\": ",
        (unsigned long long)m->n, m->sweep ? "true" : "false", m->block_size, m->repeat, m->warmup);
    rv_json_string(f, m->data);
    if (m->gpus > 0) fprintf(f, ", \"gpus\": %d", m->gpus);
    fprintf(f, ", \"cold\": %s, \"interleaved\": %s, \"held\": %s},\n", m->cold ? "true" : "false",
            m->interleaved ? "true" : "false", m->held ? "true" : "false");
    put_text(f, "timing",
             m->gpus > 0       ? RV_RESULTS_MULTI_TIMING
             : !m->interleaved ? RV_RESULTS_TIMING
             : m->cold         ? RV_RESULTS_TIMING_COLD
                               : RV_RESULTS_TIMING_TURNS);
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
