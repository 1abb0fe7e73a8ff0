/* panel_results.c — the real timed run of the version, beside the replay.
 *
 * The replay shows what one block does; this panel shows what the whole
 * reduction cost on a real GPU, read from `reducevis bench -o FILE.json`
 * (results.h): the device, this version's median time, bandwidth and share of
 * the peak, and every version as a bar of GB/s.  Nothing is invented: without
 * a results file the panel says so and how to make one.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "../versions.h"
#ifdef RV_HAVE_RESULTS
#include "../results.h"
#endif

#ifdef RV_HAVE_RESULTS
/* The run of version v at the trace's N, else at the file's main N. */
static const rv_result_run *find_run(const rv_results *r, int v, uint64_t n)
{
    const rv_version_info *vi = rv_version(v);
    if (!r || !vi)
        return NULL;
    const rv_result_run *run = rv_results_find(r, vi->name, n);
    return run ? run : rv_results_find(r, vi->name, 0);
}
#endif

int panel_results_figure(const viewer_frame *f, int version, uint64_t n, char *buf, size_t len)
{
#ifdef RV_HAVE_RESULTS
    const rv_result_run *run = find_run(f->results, version, n);
    if (run) {
        char nn[32], pct[48] = "";
        rv_results_n_name(run->n, nn, sizeof nn);
        if (!isnan(run->pct_theoretical))
            snprintf(pct, sizeof pct, " \xC2\xB7 %.0f%% of peak", run->pct_theoretical);
        snprintf(buf, len, "timed run: %.3f ms \xC2\xB7 %.0f GB/s%s \xC2\xB7 N %s on %s", run->median_ms,
                 run->gbps, pct, nn, rv_results_device(f->results));
        return 1;
    }
    if (f->results) {
        snprintf(buf, len, "timed run: none for this version in the results file");
        return 0;
    }
#else
    (void)version;
    (void)n;
#endif
    snprintf(buf, len, "no timed run loaded%s", f->results_path ? " (this build cannot read results)" : "");
    return 0;
}

#ifdef RV_HAVE_RESULTS
static void draw_loaded(const draw_ctx *d, lrect area, int x, int y, int w)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const rv_results *r = d->f->results;
    int lh = (int)(L->fs_small * 1.35);
    char buf[320], nn[32];
    snprintf(buf, sizeof buf, "%s", rv_results_device(r));
    y += lh * prim_wrapped(d->tc, FACE_SANS_BOLD, L->fs_small, x, y, w, 2, lh, th->full, buf);
    snprintf(buf, sizeof buf, "%.10s", rv_results_date(r));
    text_draw_fit(d->tc, FACE_SANS, L->fs_small, x, y, w, th->text_dim, buf);
    y += lh + L->margin / 2;
    const rv_result_run *run = find_run(r, d->f->tr->version, d->f->tr->n);
    if (!run) {
        y += lh * prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y, w, 3, lh, th->text,
                               "this version was not timed in the results file");
    } else {
        rv_results_n_name(run->n, nn, sizeof nn);
        snprintf(buf, sizeof buf, "%.3f ms", run->median_ms);
        text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_title, x, y, w, th->accent, buf);
        y += (int)(L->fs_title * 1.3);
        snprintf(buf, sizeof buf, "%.0f GB/s \xC2\xB7 N %s", run->gbps, nn);
        text_draw_fit(d->tc, FACE_SANS, L->fs_ui, x, y, w, th->text_strong, buf);
        y += (int)(L->fs_ui * 1.4);
        if (!isnan(run->pct_theoretical)) {
            snprintf(buf, sizeof buf, "%.0f%% of the theoretical peak", run->pct_theoretical);
            text_draw_fit(d->tc, FACE_SANS, L->fs_small, x, y, w, th->text, buf);
            y += lh;
        }
        if (!isnan(run->pct_copy)) {
            snprintf(buf, sizeof buf, "%.0f%% of a device copy", run->pct_copy);
            text_draw_fit(d->tc, FACE_SANS, L->fs_small, x, y, w, th->text, buf);
            y += lh;
        }
        if (!isnan(run->speedup_v0) && d->f->tr->version > 0) {
            snprintf(buf, sizeof buf, "%.1f\xC3\x97 faster than v0", run->speedup_v0);
            text_draw_fit(d->tc, FACE_SANS, L->fs_small, x, y, w, th->text, buf);
            y += lh;
        }
        if (!run->correct) {
            text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_small, x, y, w, th->conflict[2], "sum check FAILED");
            y += lh;
        }
    }
    /* Bars: GB/s of every variant at the same N, this version lit. */
    static const char *const names[RV_RESULTS_NVARIANTS] = { "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "cub" };
    uint64_t n = run ? run->n : 0;
    double best = 0;
    for (int k = 0; k < RV_RESULTS_NVARIANTS; k++) {
        const rv_result_run *q = rv_results_find(r, names[k], n);
        if (q && q->gbps > best)
            best = q->gbps;
    }
    int bar_h = (int)(L->fs_small * 1.25);
    int label_w = text_width(d->tc, FACE_MONO, L->fs_small, "cub ");
    y += L->margin / 2;
    if (best <= 0)
        return;
    text_draw_fit(d->tc, FACE_SANS, L->fs_small, x, y, w, th->text_dim, "GB/s, all versions:");
    y += lh;
    for (int k = 0; k < RV_RESULTS_NVARIANTS && y + bar_h <= area.y + area.h - L->margin / 2; k++) {
        const rv_result_run *q = rv_results_find(r, names[k], n);
        if (!q)
            continue;
        int cur = run && !strcmp(q->version, run->version);
        text_draw(d->tc, cur ? FACE_MONO_BOLD : FACE_MONO, L->fs_small, x, y, cur ? th->accent : th->text_dim, names[k]);
        int bw = (int)((w - label_w) * (q->gbps / best));
        prim_fill(d->r, (lrect){ x + label_w, y + 2, bw > 1 ? bw : 1, bar_h - 4 }, cur ? th->accent : th->idle);
        snprintf(buf, sizeof buf, "%.0f", q->gbps);
        text_draw(d->tc, FACE_SANS, L->fs_small * 9 / 10, x + label_w + 3, y + 2, theme_text_on(th, cur ? th->accent : th->idle), buf);
        y += bar_h;
    }
}
#endif

void panel_results_draw(const draw_ctx *d, lrect area)
{
    const layout *L = d->L;
    const theme *th = d->th;
    int m = L->margin;
    prim_fill(d->r, area, th->panel);
    prim_stroke(d->r, area, th->panel_edge, 1);
    int x = area.x + m, y = area.y + m / 2, w = area.w - 2 * m;
    int lh = (int)(L->fs_small * 1.35);
    text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, w, th->text_strong, "Real timed run");
    y += (int)(L->fs_ui * 1.8);
#ifdef RV_HAVE_RESULTS
    if (d->f->results) {
        draw_loaded(d, area, x, y, w);
        return;
    }
#endif
    if (d->f->results_path && d->f->results_path[0]) {
        char buf[600];
        snprintf(buf, sizeof buf, "results file: %s", d->f->results_path);
        y += lh * prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y, w, 3, lh, th->text, buf);
        prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y + lh / 2, w, 3, lh, th->text_dim,
                     "(this build does not read timed results)");
        return;
    }
    y += lh * prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y, w, 2, lh, th->text,
                           "no timed run loaded");
    prim_wrapped(d->tc, FACE_MONO, L->fs_small, x, y + lh / 3, w, 3, lh, th->text_dim,
                 "(reducevis bench -o FILE.json)");
}
