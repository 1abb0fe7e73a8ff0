/* panel_results.c — the real timed run of the version, beside the replay.
 *
 * The replay shows what one block does; this panel shows what the whole
 * reduction cost on a real GPU, read from `reducevis bench -o FILE.json`
 * (results.h), by default the bundled results of the trace's device.  Top to
 * bottom: the device and date; the current version's median time, bandwidth,
 * share of the theoretical peak and of a measured copy, speedup over v0, sum
 * check, N and block size; with a hardware cross-check (`reducevis verify`,
 * verify_words.h), the bank conflicts per block predicted and measured on the
 * device, the raw L1 counter and why it differs, or why there are none
 * (the bars then close up so the sweep keeps its room at 720p);
 * every version and CUB as a bar of GB/s with the
 * peak and the copy bandwidth as lines; with a sweep file, GB/s against N
 * (2^20 .. 2^30) for every version, the current one lit.
 *
 * Every position comes from panel_results_geom(), pure arithmetic that the
 * tests call too.  Nothing is invented: without results the panel says so
 * and why; a version the file does not have says "not in this results file".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "device_label.h"
#include "draw.h"
#include "verify_words.h"
#include "plot.h"
#include "../verify_record.h"
#include "../results.h"
#include "../versions.h"
#include "../i18n.h"
#include "shown.h"

#define CUB_ROW RV_NUM_VERSIONS        /* the bars: every version, then CUB */
#define MONO_EM 0.602                  /* DejaVu Sans Mono advance per px   */

/* ---- data ------------------------------------------------------------------ */

/* Bar row k is variant k: the versions in teaching order, then CUB. */
static const char *row_name(int k)
{
    const char *name = rv_results_variant(k);
    return name ? name : "?";
}

/* The bar row of version id v. */
static int row_of(int v)
{
    const rv_version_info *vi = rv_version(v);
    return vi ? vi->order : -1;
}

/* The run of bar row k at n, else at the file's main N. */
static const rv_result_run *find_row(const rv_results *r, int k, uint64_t n)
{
    if (!r)
        return NULL;
    const rv_result_run *run = rv_results_find(r, row_name(k), n);
    return run ? run : rv_results_find(r, row_name(k), 0);
}

/* The N the bars show: the current version's run, else the file's main N. */
static uint64_t bars_n(const viewer_frame *f)
{
    const rv_result_run *run = find_row(f->results, row_of(f->tr->version), f->tr->n);
    return run ? run->n : rv_results_info(f->results)->n;
}

/* A GPU trace whose device is not the results' device (by slug). */
static int other_device(const viewer_frame *f)
{
    if (f->tr->origin_kind != RV_ORIGIN_GPU || !f->results)
        return 0;
    char a[96], b[96];
    assets_device_slug(f->tr->origin, a, sizeof a);
    assets_device_slug(rv_results_device(f->results), b, sizeof b);
    return strcmp(a, b) != 0;
}

static int sweep_usable(const viewer_frame *f)
{
    const uint64_t *sizes;
    return f->sweep && rv_results_sizes(f->sweep, &sizes) >= 2;
}

int scene_panel_figure(const viewer_frame *f, int version, uint64_t n, char *buf, size_t len)
{
    const rv_result_run *run = find_row(f->results, row_of(version), n);
    if (run) {
        char nn[32], pct[48] = "", up[48] = "";
        plot_n_name(run->n, nn, sizeof nn);
        if (!isnan(run->pct_theoretical))
            snprintf(pct, sizeof pct, _(" \xC2\xB7 %.0f%% of peak"), run->pct_theoretical);
        if (!isnan(run->speedup_v0) && strcmp(run->version, row_name(0)))
            snprintf(up, sizeof up, " \xC2\xB7 %.1f\xC3\x97 %s", run->speedup_v0, row_name(0));
        char spread[64] = "";
        if (isfinite(run->q1_ms) && isfinite(run->q3_ms)) /* half the runs lie in q1 .. q3 */
            snprintf(spread, sizeof spread, " (%.3f\xE2\x80\x93%.3f)", run->q1_ms, run->q3_ms);
        snprintf(buf, len, _("timed run: %.3f ms%s \xC2\xB7 %.0f GB/s%s%s%s \xC2\xB7 N %s on %s"), run->median_ms, spread,
                 run->gbps, pct, up, run->correct ? "" : _(" \xC2\xB7 sum check FAILED"), nn,
                 rv_results_device(f->results));
        return 1;
    }
    if (f->results) {
        snprintf(buf, len, _("timed run: %s is not in this results file (%s)"), row_name(row_of(version)),
                 rv_results_device(f->results));
        return 0;
    }
    snprintf(buf, len, _("no timed run loaded"));
    return 0;
}

/* ---- geometry ------------------------------------------------------------- */

static double fmax_known(double a, double b)
{
    return isnan(b) ? a : b > a ? b : a;
}

/* What the cross-check section shows for the frame: 0 nothing, 1 the
 * conflicts per block, 2 a sentence (not profiled, or the load problem). */
static int hw_kind(const viewer_frame *f)
{
    char buf[400];
    int k = verify_conflict_line(f->verify, f->verify_note, f->tr->version, f->tr->block_size, buf,
                                  sizeof buf);
    return k == 1 ? 1 : k == 0 ? 2 : 0;
}

void panel_results_geom(const viewer_frame *f, const layout *L, lrect area, panel_geom *g)
{
    memset(g, 0, sizeof *g);
    int m = L->margin, fs = L->fs_small;
    g->x = area.x + m;
    g->w = area.w - 2 * m;
    g->lh = (int)lround(fs * 1.35);
    int lh = g->lh;
    int y = area.y + m / 2 + (int)lround(L->fs_ui * 1.6);   /* under the title */
    int bottom = area.y + area.h - m / 2;
    /* The cross-check: a heading, then two rows of figures or nothing more,
     * then two lines of small print (how it was measured, or why not). */
    g->hw_kind = hw_kind(f);
    g->hw_fs = (int)lround(fs * 0.88);
    g->hw_lh = (int)lround(g->hw_fs * 1.22);
    int hw_h = g->hw_kind == 0 ? 0 : g->hw_kind == 1 ? 4 * lh + 3 * g->hw_lh : lh + 2 * g->hw_lh;
    if (!f->results && !f->sweep) {
        g->hw = (lrect){ g->x, bottom - hw_h, g->w, hw_h };
        g->status = (lrect){ g->x, y, g->w, bottom - y - (hw_h ? hw_h + m : 0) };
        return;
    }
    y += 2 * lh;                                          /* device; date, runs */
    if (f->tr->origin_kind != RV_ORIGIN_GPU || other_device(f))
        y += 2 * lh;                                      /* the replay is not that GPU */
    if (!f->results) {
        g->status = (lrect){ g->x, y, g->w, 2 * lh };
        y += g->status.h + m;
        g->hw = (lrect){ g->x, y, g->w, hw_h };
        y += hw_h ? hw_h + m : 0;
    } else {
        g->status = (lrect){ g->x, y, g->w, (int)lround(L->fs_title * 1.3) + 3 * lh };
        y += g->status.h + m / 2;
        g->hw = (lrect){ g->x, y, g->w, hw_h };
        y += hw_h ? hw_h + m : m / 2;

        /* Bars: names | bars up to the scale | values. */
        int name_chars = 3;
        for (int k = 0; k < RV_NUM_VERSIONS; k++)
            if ((int)strlen(row_name(k)) > name_chars)
                name_chars = (int)strlen(row_name(k));
        int name_w = (int)ceil((name_chars + 1) * MONO_EM * fs);
        int value_w = (int)ceil(6 * MONO_EM * fs);
        uint64_t n = bars_n(f);
        double scale = fmax_known(0, rv_results_theoretical_gbps(f->results));
        scale = fmax_known(scale, rv_results_copy_gbps(f->results, n));
        for (int k = 0; k <= CUB_ROW; k++) {
            const rv_result_run *q = find_row(f->results, k, n);
            if (q)
                scale = fmax_known(scale, q->gbps);
        }
        g->nbars = CUB_ROW + 1;
        /* With the cross-check above them the bars close up a little, and
         * closer still when the versions are many, so that the sweep plot
         * keeps its room (title, 3 lines of plot, x labels) at 720p. */
        g->bar_h = hw_h ? fs : lh;
        int sweep_room = sweep_usable(f) ? 6 * lh + m : 0;
        int fit = (bottom - y - lh - (lh + m) - sweep_room) / g->nbars;
        int least = (int)(fs * 0.8);
        if (fit < g->bar_h)
            g->bar_h = fit > least ? fit : least;
        y += lh;                                          /* "GB/s at N ..." */
        g->bars = (lrect){ g->x, y, g->w, g->nbars * g->bar_h };
        g->bar_x = g->x + name_w;
        g->bar_w = g->w - name_w - value_w;
        g->scale_gbps = scale > 0 ? scale : 1;
        y += g->bars.h + lh + m;                          /* the peak / copy key */
    }
    if (!sweep_usable(f))
        return;
    /* The sweep plot: a title row, y labels on the left, x labels below. */
    const uint64_t *sizes;
    int ns = rv_results_sizes(f->sweep, &sizes);
    y += lh;
    int ylab_w = (int)ceil(5 * MONO_EM * fs * 0.85);
    lrect plot = { g->x + ylab_w + m / 2, y + lh / 2, g->w - ylab_w - m / 2 - m / 2, bottom - lh - m / 2 - (y + lh / 2) };
    if (plot.h < 3 * lh || plot.w < 6 * lh)
        return;
    double top = fmax_known(0, rv_results_theoretical_gbps(f->sweep));
    for (int i = 0; i < rv_results_count(f->sweep); i++)
        top = fmax_known(top, rv_results_run(f->sweep, i)->gbps);
    top = top > 0 ? top * 1.04 : 1;
    double step = plot_nice_step(top, 5);
    g->plot = plot;
    g->plot_gbps = ceil(top / step) * step;
    g->lo = log2((double)sizes[0]);
    g->hi = log2((double)sizes[ns - 1]);
}

lrect panel_bar_rect(const panel_geom *g, int row, double gbps)
{
    int w = (int)lround(g->bar_w * (gbps > 0 ? gbps : 0) / g->scale_gbps);
    int pad = g->bar_h / 6 > 1 ? g->bar_h / 6 : 1;
    return (lrect){ g->bar_x, g->bars.y + row * g->bar_h + pad, w > 1 ? w : 1, g->bar_h - 2 * pad };
}

/* The sweep plot's axes as plot.h maps them. */
static plot_axes panel_axes(const panel_geom *g)
{
    return (plot_axes){ .area = g->plot, .lo = g->lo, .hi = g->hi, .top = g->plot_gbps };
}

void panel_plot_point(const panel_geom *g, uint64_t n, double gbps, int *x, int *y)
{
    plot_axes ax = panel_axes(g);
    plot_point(&ax, n, gbps, x, y);
}

/* ---- drawing -------------------------------------------------------------- */

/* Draws segments of text one after another; returns the x after them. */
static int text_run(const draw_ctx *d, int x, int y, int right, font_face face, int px, rgba c, const char *s)
{
    if (x >= right)
        return x;
    return x + text_draw_fit(d->tc, face, px, x, y, right - x, c, s);
}

static void draw_figures(const draw_ctx *d, const panel_geom *g, const rv_result_run *run)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const viewer_frame *f = d->f;
    int x = g->x, y = g->status.y, right = g->x + g->w, fs = L->fs_small, lh = g->lh;
    char buf[200];
    if (!run) {
        snprintf(buf, sizeof buf, _("%s: not in this results file"), row_name(row_of(f->tr->version)));
        y += lh * prim_wrapped(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, g->w, 2, (int)(L->fs_ui * 1.3),
                               th->text_strong, buf);
        prim_wrapped(d->tc, FACE_SANS, fs, x, y + lh / 3, g->w, 3, lh, th->text_dim,
                     _("the bars below show the versions it has"));
        return;
    }
    /* "0.046 ms  2929 GB/s": the time large, the bandwidth beside it. */
    snprintf(buf, sizeof buf, "%.3f ms", run->median_ms);
    int tx = x + text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_title, x, y, g->w, th->accent, buf);
    snprintf(buf, sizeof buf, "%.0f GB/s", run->gbps);
    int bw = text_width(d->tc, FACE_SANS_BOLD, L->fs_ui, buf);
    if (tx + L->fs_ui + bw <= right)
        text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, right - bw, y + (L->fs_title - L->fs_ui) * 3 / 4,
                  th->text_strong, buf);
    y += (int)lround(L->fs_title * 1.3);

    /* Shares of the peak and of a copy; "—" where the file does not know. */
    char peak[48], copy[48];
    snprintf(peak, sizeof peak, "%s", _("peak unknown"));
    snprintf(copy, sizeof copy, "%s", _("copy not measured"));
    if (!isnan(run->pct_theoretical))
        snprintf(peak, sizeof peak, _("%.0f%% of peak"), run->pct_theoretical);
    if (!isnan(run->pct_copy))
        snprintf(copy, sizeof copy, _("%.0f%% of copy"), run->pct_copy);
    snprintf(buf, sizeof buf, "%s \xC2\xB7 %s", peak, copy);
    text_draw_fit(d->tc, FACE_SANS, fs, x, y, g->w, th->text, buf);
    y += lh;

    /* Speedup over the baseline (the first of the teaching order), then the
     * sum check, honest either way. */
    if (!strcmp(run->version, row_name(0)))
        snprintf(buf, sizeof buf, "%s", _("the baseline"));
    else if (!isnan(run->speedup_v0))
        snprintf(buf, sizeof buf, _("%.1f\xC3\x97 faster than %s"), run->speedup_v0, row_name(0));
    else
        snprintf(buf, sizeof buf, _("%s not timed"), row_name(0));
    int sx = text_run(d, x, y, right, FACE_SANS, fs, th->text, buf);
    sx = text_run(d, sx, y, right, FACE_SANS, fs, th->text_dim, " \xC2\xB7 ");
    if (run->correct)
        text_run(d, sx, y, right, FACE_SANS_BOLD, fs, th->full, _("sum ok"));
    else
        text_run(d, sx, y, right, FACE_SANS_BOLD, fs, th->conflict[2], _("sum check FAILED"));
    y += lh;

    text_draw_fit(d->tc, FACE_SANS, fs, x, y, g->w, th->text_dim, _("time: whole reduction, all passes"));
}

static void draw_bars(const draw_ctx *d, const panel_geom *g, const rv_result_run *run)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const rv_results *r = d->f->results;
    int fs = L->fs_small, lh = g->lh, right = g->x + g->w;
    char buf[96], nn[32];
    uint64_t n = bars_n(d->f);
    plot_n_name(n, nn, sizeof nn);
    const rv_result_run *cur_run = find_row(r, row_of(d->f->tr->version), n);
    if (cur_run && cur_run->block_size > 0)
        snprintf(buf, sizeof buf, _("GB/s at N %s, block %d"), nn, cur_run->block_size);
    else
        snprintf(buf, sizeof buf, _("GB/s at N %s, all versions"), nn);
    text_draw_fit(d->tc, FACE_SANS_BOLD, fs, g->x, g->bars.y - lh, g->w, th->text_strong, buf);
    int cur = row_of(d->f->tr->version);
    int ty = (g->bar_h - text_line_height(d->tc, FACE_MONO, fs)) / 2;
    for (int k = 0; k < g->nbars; k++) {
        const rv_result_run *q = find_row(r, k, n);
        int lit = k == cur && q;
        int y = g->bars.y + k * g->bar_h;
        rgba name_c = k == cur ? th->accent : th->text;
        text_draw(d->tc, k == cur ? FACE_MONO_BOLD : FACE_MONO, fs, g->x, y + ty, name_c, row_name(k));
        if (!q) {
            text_draw(d->tc, FACE_SANS, fs, g->bar_x + 2, y + ty, th->text_dim, _("not in this file"));
            continue;
        }
        if (lit)
            prim_fill(d->r, (lrect){ g->bar_x, y, g->bar_w, g->bar_h }, prim_alpha(th->accent, 40));
        prim_fill(d->r, panel_bar_rect(g, k, q->gbps), lit ? th->accent : th->idle);
        snprintf(buf, sizeof buf, "%.0f%s", q->gbps, q->correct ? "" : "!");
        font_face face = lit ? FACE_MONO_BOLD : FACE_MONO;
        int vw = text_width(d->tc, face, fs, buf);
        text_draw(d->tc, face, fs, right - vw, y + ty, q->correct ? (lit ? th->accent : th->text) : th->conflict[2], buf);
    }
    /* The copy bandwidth (solid) and the theoretical peak (dashed). */
    double peak = rv_results_theoretical_gbps(r), copy = rv_results_copy_gbps(r, n);
    int y0 = g->bars.y - 2, len = g->bars.h + 4, t = fs >= 16 ? 3 : 2;
    rgba copy_c = th->divergent, peak_c = th->text_strong;
    if (!isnan(copy) && copy > 0)
        prim_fill(d->r, (lrect){ g->bar_x + (int)lround(g->bar_w * copy / g->scale_gbps) - t / 2, y0, t, len }, copy_c);
    if (!isnan(peak) && peak > 0)
        plot_dashed(d->r, g->bar_x + (int)lround(g->bar_w * peak / g->scale_gbps), y0, len, 1, t, fs / 3, peak_c);
    /* Their key under the bars. */
    int ky = g->bars.y + g->bars.h + 2, kx = g->bar_x, sw = fs;
    int kty = ky + (lh - text_line_height(d->tc, FACE_SANS, fs)) / 2;
    if (!isnan(copy) && copy > 0) {
        prim_fill(d->r, (lrect){ kx, ky + lh / 2 - t / 2, sw, t }, copy_c);
        snprintf(buf, sizeof buf, _("copy %.0f"), copy);
        kx = text_run(d, kx + sw + 3, kty, right, FACE_SANS, fs, th->text, buf) + fs;
    }
    if (!isnan(peak) && peak > 0) {
        plot_dashed(d->r, kx, ky + lh / 2, sw, 0, t, fs / 4 > 2 ? fs / 4 : 2, peak_c);
        snprintf(buf, sizeof buf, _("peak %.0f"), peak);
        text_run(d, kx + sw + 3, kty, right, FACE_SANS, fs, th->text, buf);
    }
    (void)run;
}

static void draw_sweep(const draw_ctx *d, const panel_geom *g)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const rv_results *s = d->f->sweep;
    lrect p = g->plot;
    int fs = L->fs_small, lh = g->lh, lfs = (int)lround(fs * 0.85), cur = row_of(d->f->tr->version);
    char buf[96], a[32], b[32];
    const uint64_t *sizes;
    int ns = rv_results_sizes(s, &sizes);
    plot_n_name(sizes[0], a, sizeof a);
    plot_n_name(sizes[ns - 1], b, sizeof b);
    snprintf(buf, sizeof buf, _("GB/s vs N, %s \xE2\x80\xA6 %s"), a, b);
    int tw = text_draw_fit(d->tc, FACE_SANS_BOLD, fs, g->x, p.y - lh / 2 - lh, g->w, th->text_strong, buf);
    const rv_result_run *here = find_row(s, cur, 0);
    if (here && g->x + tw + fs + text_width(d->tc, FACE_SANS_BOLD, fs, row_name(cur)) <= g->x + g->w) {
        int nw = text_width(d->tc, FACE_SANS_BOLD, fs, row_name(cur));
        text_draw(d->tc, FACE_SANS_BOLD, fs, g->x + g->w - nw, p.y - lh / 2 - lh, th->accent, row_name(cur));
    }

    /* Grid and axes: labels in small print, N named at its ends and middle. */
    plot_axes ax = panel_axes(g);
    int lty = text_line_height(d->tc, FACE_MONO, lfs);
    plot_grid_style gs = { .face = FACE_MONO, .px = lfs, .gap = L->margin / 2, .tick = lh / 4, .x_every = 0,
                           .grid = th->panel_edge, .axis = th->text_dim, .label = th->text_dim };
    plot_grid(d->r, d->tc, &ax, &gs);

    /* Where the array stops fitting in L2: smaller N is read from the cache. */
    const rv_results_meta *meta = rv_results_info(s);
    double l2n = meta->l2_bytes > 0 ? log2((double)meta->l2_bytes / 4) : 0;
    if (l2n > g->lo && l2n < g->hi) {
        int x, y;
        plot_point(&ax, meta->l2_bytes / 4, 0, &x, &y);
        plot_dashed(d->r, x, p.y, p.h, 1, 1, fs / 4 > 2 ? fs / 4 : 2, th->text_dim);
        text_draw(d->tc, FACE_SANS, lfs, x + 3, p.y + 1, th->text_dim, "L2");
    }

    /* The peak, dashed and named. */
    double peak = rv_results_theoretical_gbps(s);
    int t = fs >= 16 ? 3 : 2;
    if (!isnan(peak) && peak > 0) {
        int x, y;
        plot_point(&ax, sizes[0], peak, &x, &y);
        plot_dashed(d->r, p.x, y, p.w, 0, t / 2 > 0 ? t / 2 : 1, fs / 3, th->text_strong);
        snprintf(buf, sizeof buf, _("peak %.0f"), peak);
        int w = text_width(d->tc, FACE_SANS, lfs, buf);
        text_draw(d->tc, FACE_SANS, lfs, p.x + p.w - w, y - lty - 1, th->text_strong, buf);
    }

    /* Every other version thin and grey, CUB darker, the current one lit. */
    prim_clip(d->r, &(lrect){ p.x, p.y - t, p.w + t, p.h + 2 * t });
    for (int k = 0; k < CUB_ROW; k++)
        if (k != cur)
            plot_line(d->r, &ax, s, row_name(k), &(plot_line_style){ .c = th->text_dim, .t = 1 });
    plot_line(d->r, &ax, s, row_name(CUB_ROW), &(plot_line_style){ .c = th->text, .t = t - 1 > 0 ? t - 1 : 1 });
    if (cur < CUB_ROW)
        plot_spread(d->r, &ax, s, row_name(cur), th->accent, t + 3); /* q1 .. q3 of its runs */
    if (cur < CUB_ROW)
        plot_line(d->r, &ax, s, row_name(cur),
                  &(plot_line_style){ .c = th->accent, .t = t + 1, .dot = t + 3, .bad = th->conflict[2] });
    prim_clip(d->r, NULL);
    int x, y;
    if (plot_last_point(&ax, s, row_name(CUB_ROW), &x, &y)) {
        int cx, cy, w = text_width(d->tc, FACE_SANS, lfs, "cub");
        int near = plot_last_point(&ax, s, row_name(cur), &cx, &cy) && cur < CUB_ROW && abs(cy - y) < lty;
        if (!near)
            text_draw(d->tc, FACE_SANS, lfs, x - w - 3, y + 2, th->text, "cub");
    }
}

/* Label on the left, value on the right of one row; returns nothing. */
static void hw_row(const draw_ctx *d, const panel_geom *g, int y, rgba lc, const char *label, font_face vf, rgba vc,
                   const char *value)
{
    int fs = d->L->fs_small, vw = text_width(d->tc, vf, fs, value);
    text_draw(d->tc, vf, fs, g->x + g->w - vw, y, vc, value);
    text_draw_fit(d->tc, FACE_SANS, fs, g->x, y, g->w - vw - fs / 2, lc, label);
}

/* Bank conflicts per block, predicted by the trace analysis and measured
 * on the device by Nsight Compute (`reducevis verify`), with the raw L1
 * counter and why it differs; or why there are none to show. */
static void draw_verify(const draw_ctx *d, const panel_geom *g)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const viewer_frame *f = d->f;
    const rv_verify_record *cc = f->verify;
    int x = g->x, y = g->hw.y, w = g->w, fs = L->fs_small, lh = g->lh;
    char buf[600], a[64], b[64];
    if (g->hw_kind == 0 || g->hw.h <= 0)
        return;
    prim_fill(d->r, (lrect){ x, y - L->margin / 4 - 1, w, 1 }, th->panel_edge);
    const rv_version_info *vi = rv_version(f->tr->version);
    verify_conflicts c;
    char blocks[64] = "";
    int have = cc && vi && verify_conflicts_of(cc, vi->name, f->tr->block_size, &c, blocks, sizeof blocks);
    int hx = x + text_draw_fit(d->tc, FACE_SANS_BOLD, fs, x, y, w, th->text_strong,
                               cc ? _("Bank conflicts per block") : _("Hardware cross-check"));
    if (!have) {
        if (cc && blocks[0])
            snprintf(buf, sizeof buf, _("not profiled at block size %d (verify on %s used %s)"), f->tr->block_size,
                     cc->device, blocks);
        else if (cc)
            snprintf(buf, sizeof buf, _("%s was not profiled on %s"), vi ? vi->name : _("this version"), cc->device);
        else
            snprintf(buf, sizeof buf, "%s", f->verify_note ? f->verify_note : "");
        prim_wrapped(d->tc, FACE_SANS, g->hw_fs, x, y + lh, w, 2, g->hw_lh, th->text_dim, buf);
        return;
    }
    (void)hx;
    y += lh;
    verify_count(c.pred_ld, a, sizeof a);
    verify_count(c.pred_st, b, sizeof b);
    snprintf(buf, sizeof buf, "%s \xC2\xB7 %s", a, b);
    hw_row(d, g, y, th->text, _("predicted (loads \xC2\xB7 stores)"), FACE_SANS_BOLD, th->text_strong, buf);
    y += lh;
    /* Measured: green with a tick where it equals the prediction. */
    int agree = c.pred_ld == c.meas_ld && c.pred_st == c.meas_st;
    char label[200];
    verify_count(c.meas_ld, a, sizeof a);
    verify_count(c.meas_st, b, sizeof b);
    char dev[64];
    snprintf(label, sizeof label, _("measured on %s"), device_label(cc->device, dev, sizeof dev));
    snprintf(buf, sizeof buf, "%s%s \xC2\xB7 %s", agree ? "\xE2\x9C\x93 " : "", a, b);
    if (agree && text_width(d->tc, FACE_SANS, fs, label) + fs / 2 + text_width(d->tc, FACE_SANS_BOLD, fs, buf) > w)
        snprintf(buf, sizeof buf, "%s \xC2\xB7 %s", a, b);   /* the colour says it alone */
    hw_row(d, g, y, th->text, label, FACE_SANS_BOLD, agree ? th->full : th->conflict[1], buf);
    y += lh;
    /* The raw L1 counter, dim: it is not the instructions' own doing. */
    char l1a[32], l1b[32];
    snprintf(l1a, sizeof l1a, "%.1f", c.l1_ld);
    snprintf(l1b, sizeof l1b, "%.1f", c.l1_st);
    snprintf(buf, sizeof buf, "%s \xC2\xB7 %s", isnan(c.l1_ld) ? "\xE2\x80\x94" : l1a, isnan(c.l1_st) ? "\xE2\x80\x94" : l1b);
    hw_row(d, g, y, th->text_dim, _("L1 counter"), FACE_SANS, th->text_dim, buf);
    y += lh;
    /* Small print: what "measured" is, and why the L1 counter differs. */
    size_t o = (size_t)snprintf(buf, sizeof buf, _("measured: instructions' own wavefronts (Nsight Compute)%s%s"),
                                c.own_note[0] ? ", " : "", c.own_note[0] ? _(c.own_note) : "");
    if (c.l1_reason[0]) {
        /* A translated reason is whole; the English one drops its "it ". */
        const char *why = _(c.l1_reason);
        if (why == c.l1_reason && !strncmp(why, "it ", 3))
            why += 3;
        snprintf(buf + o, sizeof buf - o, _("; L1 %s"), why);
    }
    prim_wrapped(d->tc, FACE_SANS, g->hw_fs, x, y, w, 3, g->hw_lh, th->text_dim, buf);
}

void panel_results_draw(const draw_ctx *d, lrect area)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const viewer_frame *f = d->f;
    int m = L->margin, fs = L->fs_small;
    prim_fill(d->r, area, th->panel);
    prim_stroke(d->r, area, th->panel_edge, 1);
    panel_geom g;
    panel_results_geom(f, L, area, &g);
    int x = g.x, w = g.w, lh = g.lh;
    text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_ui, x, area.y + m / 2, w, th->text_strong, _("Real timed run"));
    char buf[600];
    const rv_results *r = f->results ? f->results : f->sweep;
    if (!r) {
        int y = g.status.y;
        text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, w, th->text, _("no timed run loaded"));
        y += (int)lround(L->fs_ui * 1.5);
        if (f->results_note && f->results_note[0])
            y += lh * prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, 6, lh, th->text_dim, f->results_note);
        prim_wrapped(d->tc, FACE_MONO, fs, x, y + lh / 3, w, 3, lh, th->text_dim,
                     _("(reducevis bench -o FILE.json, then --results FILE.json)"));
        draw_verify(d, &g);
        return;
    }

    /* Where and when it was timed; what the replay is, when not that GPU. */
    int y = area.y + m / 2 + (int)lround(L->fs_ui * 1.6);
    char dev[64];
    snprintf(buf, sizeof buf, _("timed on %s"), device_label(rv_results_device(r), dev, sizeof dev));
    text_draw_fit(d->tc, FACE_SANS_BOLD, fs, x, y, w, th->full, buf);
    y += lh;
    snprintf(buf, sizeof buf, _("%.10s \xC2\xB7 median of %d runs"), rv_results_date(r), rv_results_info(r)->repeat);
    text_draw_fit(d->tc, FACE_SANS, fs, x, y, w, th->text, buf);
    y += lh;
    if (f->tr->origin_kind != RV_ORIGIN_GPU)
        prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, 2, lh, th->divergent,
                     _("the replay is the CPU model; the timing is real"));
    else if (other_device(f)) {
        snprintf(buf, sizeof buf, _("the replay was recorded on %s"), f->tr->origin);
        prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, 2, lh, th->divergent, buf);
    }

    if (f->results) {
        const rv_result_run *run = find_row(f->results, row_of(f->tr->version), f->tr->n);
        draw_figures(d, &g, run);
        draw_bars(d, &g, run);
    } else {
        prim_wrapped(d->tc, FACE_SANS, fs, x, g.status.y, w, 2, lh, th->text_dim,
                     _("only a sweep was given: figures and bars need a run at one N"));
    }
    draw_verify(d, &g);
    if (g.plot.w > 0)
        draw_sweep(d, &g);
    else if (f->results_note && f->results_note[0])
        prim_wrapped(d->tc, FACE_SANS, fs, x, area.y + area.h - m / 2 - 3 * lh, w, 3, lh, th->text_dim,
                     f->results_note);
}
