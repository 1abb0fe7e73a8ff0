/* results_table.c — the timed results as the table `reducevis bench`
 * prints: each version against the one it improves on and against CUB,
 * one block per N, and across GPUs (`bench --gpus`). */
#include "results.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "i18n.h"
#include "json.h"
#include "versions.h"
#include "results_private.h"

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
    if (m->held)
        fprintf(f, "%s",
                _("       each round queued while the GPU waited, then let go: the host's time to\n"
                  "       queue a run is in no run's events;\n"));
    if (m->interleaved)
        fprintf(f,
                _("       the versions take turns run by run (round r starts at the r-th), %s;\n"
                  "       median, minimum and quartiles (q1 .. q3) of the %d timed runs\n"),
                rv_results_cache_label(r), m->repeat);
    else
        fprintf(f,
                _("       median and minimum of the %d timed runs, each version timed in one block\n"
                  "       (an older file: no quartiles were kept)\n"),
                m->repeat);
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
    if (isfinite(x))
        snprintf(buf, sizeof buf, fmt, x);
    else
        snprintf(buf, sizeof buf, "-");
    fprintf(f, " %*s", width, buf);
}

static void print_row(FILE *f, const rv_result_run *run)
{
    char block[16];
    if (run->block_size > 0)
        snprintf(block, sizeof block, "%d", run->block_size);
    else
        snprintf(block, sizeof block, "own");
    fprintf(f, "  %-7s %5s", run->version, block);
    print_cell(f, run->median_ms, "%.4f", 10);
    print_cell(f, run->min_ms, "%.4f", 10);
    char spread[40] = "-";
    if (isfinite(run->q1_ms) && isfinite(run->q3_ms))
        snprintf(spread, sizeof spread, "%.4f..%.4f", run->q1_ms, run->q3_ms);
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
    if (strchr(name, '^'))
        fprintf(f, _("\nN = %s = %llu floats (%.1f MB), copy "), name, (unsigned long long)n, n * 4.0 / 1e6);
    else
        fprintf(f, _("\nN = %s floats (%.1f MB), copy "), name, n * 4.0 / 1e6);
    double copy = rv_results_copy_gbps(r, n);
    if (isfinite(copy))
        fprintf(f, "%.1f GB/s\n", copy);
    else
        fprintf(f, _("not measured\n"));
    /* Back-to-back runs then read the array from L2, not from memory. */
    if (n * sizeof(float) <= r->meta.l2_bytes)
        fprintf(f,
                _("  (the array fits in the %.0f MiB L2 cache: repeated runs read it from there, so GB/s may\n"
                  "   exceed the memory's peak)\n"),
                r->meta.l2_bytes / 1048576.0);
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
        if (rv_results_run_gpus(run) > 1) snprintf(across, sizeof across, _(" on %d GPUs"), rv_results_run_gpus(run));
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
    fprintf(f,
            _("\n%s against CUB, time of %s / time of CUB (below 1: %s is faster), medians and\n"
              "in brackets the spread (q1 of one over q3 of the other .. q3 over q1):\n "),
            version, version, version);
    for (int i = 0; i < r->nsizes; i++) {
        const rv_result_run *run = rv_results_find(r, version, r->sizes[i]),
                            *cub = rv_results_find(r, "cub", r->sizes[i]);
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
        fprintf(f, "%s",
                _("  (no spread: this file kept no quartiles, so each ratio above is one sample of a wide spread\n"
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
    fprintf(f,
            _("time:  the array split over G GPUs, each reducing its slice with one kernel, then NCCL\n"
              "       combining the G partial sums; CUDA events on every GPU, the slowest GPU per run,\n"
              "       median and minimum of the %d timed runs\n"
              "kernel: the slowest GPU's kernel; nccl: the NCCL step alone (the GPU that waited least)\n"
              "GB/s:  N x 4 bytes / median time, all GPUs together (1 GB = 1e9 bytes)\n"),
            m->repeat);
    if (isfinite(m->theoretical_gbps))
        fprintf(f, _("peak:  %.1f GB/s theoretical per GPU (%s); %% peak is of G x that\n"), m->theoretical_gbps,
                m->theoretical_source);
}

static void print_multi_row(FILE *f, const rv_result_run *run)
{
    fprintf(f, "  %-7s %4d %-9s %5d", run->version, rv_results_run_gpus(run), run->nccl[0] ? run->nccl : "-",
            run->block_size);
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
    if (failed)
        print_failures(r, f);
    else
        fprintf(f, "%s",
                _("every sum passes its check (integer data below 2^24: exactly; else within the rounding\n"
                  "bound of its addition tree, against the CPU's double sum)\n"));
}

/* ==== reading: tree -> rv_results ========================================= */
