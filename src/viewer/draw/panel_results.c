/* panel_results.c — the real timed run of the version, beside the replay.
 *
 * The replay shows what one block does; this panel shows what the whole
 * reduction cost on a real GPU.  Top to bottom: the device and date; the
 * current version's median time, bandwidth, share of the theoretical peak
 * and of a measured copy, speedup over v0, sum check; with a hardware
 * cross-check, the bank conflicts per block predicted and measured on the
 * device, the raw L1 counter and why it differs, or why there are none (the
 * bars then close up so the sweep keeps its room at 720p); every version
 * and CUB as a bar of GB/s with the peak and the copy bandwidth as lines;
 * with a sweep, GB/s against N for every version, the current one lit.
 *
 * What it says is the scene's (scene_panel.h): this file places and paints
 * it.  Every position comes from panel_results_geom(), pure arithmetic that
 * the tests call too.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "draw.h"
#include "plot.h"

#define MONO_EM 0.602 /* DejaVu Sans Mono advance per px   */

/* ---- geometry ------------------------------------------------------------- */

void panel_results_geom(const scene_panel *p, const layout *L, lrect area, panel_geom *g)
{
    memset(g, 0, sizeof *g);
    int m = L->margin, fs = L->fs_small;
    g->x = area.x + m;
    g->w = area.w - 2 * m;
    g->lh = (int)lround(fs * 1.35);
    int lh = g->lh;
    int y = area.y + m / 2 + (int)lround(L->fs_ui * 1.6); /* under the title */
    int bottom = area.y + area.h - m / 2;
    /* The cross-check: a heading, then two rows of figures or nothing more,
     * then two lines of small print (how it was measured, or why not). */
    g->hw_kind = p->hw.kind;
    g->hw_fs = (int)lround(fs * 0.88);
    g->hw_lh = (int)lround(g->hw_fs * 1.22);
    int hw_h = g->hw_kind == 0 ? 0 : g->hw_kind == 1 ? 4 * lh + 3 * g->hw_lh : lh + 2 * g->hw_lh;
    if (p->state == PANEL_NOTHING) {
        g->hw = (lrect){g->x, bottom - hw_h, g->w, hw_h};
        g->status = (lrect){g->x, y, g->w, bottom - y - (hw_h ? hw_h + m : 0)};
        return;
    }
    y += 2 * lh;                   /* device; date, runs */
    if (p->replay[0]) y += 2 * lh; /* the replay is not that GPU */
    if (p->state == PANEL_SWEEP_ONLY) {
        g->status = (lrect){g->x, y, g->w, 2 * lh};
        y += g->status.h + m;
        g->hw = (lrect){g->x, y, g->w, hw_h};
        y += hw_h ? hw_h + m : 0;
    } else {
        g->status = (lrect){g->x, y, g->w, (int)lround(L->fs_title * 1.3) + 3 * lh};
        y += g->status.h + m / 2;
        g->hw = (lrect){g->x, y, g->w, hw_h};
        y += hw_h ? hw_h + m : m / 2;

        /* Bars: names | bars up to the scale | values. */
        int name_w = (int)ceil((p->name_chars + 1) * MONO_EM * fs);
        int value_w = (int)ceil(6 * MONO_EM * fs);
        g->nbars = p->nbars;
        /* With the cross-check above them the bars close up a little, and
         * closer still when the versions are many, so that the sweep plot
         * keeps its room (title, 3 lines of plot, x labels) at 720p; with
         * fourteen rows (v10) the bars reach their least height there and
         * the plot makes do with two and a half lines (below). */
        g->bar_h = hw_h ? fs : lh;
        int sweep_room = p->npts >= 2 ? 6 * lh + m : 0;
        int fit = (bottom - y - lh - (lh + m) - sweep_room) / g->nbars;
        int least = (int)(fs * 0.8);
        if (fit < g->bar_h) g->bar_h = fit > least ? fit : least;
        y += lh; /* "GB/s at N ..." */
        g->bars = (lrect){g->x, y, g->w, g->nbars * g->bar_h};
        g->bar_x = g->x + name_w;
        g->bar_w = g->w - name_w - value_w;
        g->scale_gbps = p->scale;
        y += g->bars.h + lh + m; /* the peak / copy key */
    }
    if (p->npts < 2) return;
    /* The sweep plot: a title row, y labels on the left, x labels below. */
    y += lh;
    int ylab_w = (int)ceil(5 * MONO_EM * fs * 0.85);
    lrect plot = {g->x + ylab_w + m / 2, y + lh / 2, g->w - ylab_w - m / 2 - m / 2, bottom - lh - m / 2 - (y + lh / 2)};
    if (2 * plot.h < 5 * lh || plot.w < 6 * lh) /* at least two and a half lines */
        return;
    g->plot = plot;
    g->plot_gbps = p->axis_top;
    g->lo = p->lo;
    g->hi = p->hi;
}

lrect panel_bar_rect(const panel_geom *g, int row, double gbps)
{
    int w = (int)lround(g->bar_w * (gbps > 0 ? gbps : 0) / g->scale_gbps);
    int pad = g->bar_h / 6 > 1 ? g->bar_h / 6 : 1;
    return (lrect){g->bar_x, g->bars.y + row * g->bar_h + pad, w > 1 ? w : 1, g->bar_h - 2 * pad};
}

/* The sweep plot's axes as plot.h maps them. */
static plot_axes panel_axes(const panel_geom *g)
{
    return (plot_axes){.area = g->plot, .lo = g->lo, .hi = g->hi, .top = g->plot_gbps};
}

void panel_plot_point(const panel_geom *g, uint64_t n, double gbps, int *x, int *y)
{
    plot_axes ax = panel_axes(g);
    plot_point(&ax, n, gbps, x, y);
}

/* ---- drawing -------------------------------------------------------------- */

/* The theme's colour of a tone. */
static rgba tone(const theme *th, panel_tone t)
{
    switch (t) {
    case PANEL_DIM: return th->text_dim;
    case PANEL_STRONG: return th->text_strong;
    case PANEL_ACCENT: return th->accent;
    case PANEL_GOOD: return th->full;
    case PANEL_CAUTION: return th->divergent;
    case PANEL_DIFFERS: return th->conflict[1];
    case PANEL_BAD: return th->conflict[2];
    case PANEL_TEXT: break;
    }
    return th->text;
}

/* Draws segments of text one after another; returns the x after them. */
static int text_run(const draw_ctx *d, int x, int y, int right, font_face face, int px, rgba c, const char *s)
{
    if (x >= right) return x;
    return x + text_draw_fit(d->tc, face, px, x, y, right - x, c, s);
}

static void draw_figures(const draw_ctx *d, const panel_geom *g)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_panel *p = &d->sc->panel;
    int x = g->x, y = g->status.y, right = g->x + g->w, fs = L->fs_small, lh = g->lh;
    if (!p->timed) {
        y += lh * prim_wrapped(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, g->w, 2, (int)(L->fs_ui * 1.3), th->text_strong,
                               p->missing);
        prim_wrapped(d->tc, FACE_SANS, fs, x, y + lh / 3, g->w, 3, lh, th->text_dim, p->missing_hint);
        return;
    }
    /* "0.046 ms  2929 GB/s": the time large, the bandwidth beside it. */
    int tx = x + text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_title, x, y, g->w, th->accent, p->time);
    int bw = text_width(d->tc, FACE_SANS_BOLD, L->fs_ui, p->rate);
    if (tx + L->fs_ui + bw <= right)
        text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, right - bw, y + (L->fs_title - L->fs_ui) * 3 / 4, th->text_strong,
                  p->rate);
    y += (int)lround(L->fs_title * 1.3);
    text_draw_fit(d->tc, FACE_SANS, fs, x, y, g->w, th->text, p->shares);
    y += lh;
    int sx = text_run(d, x, y, right, FACE_SANS, fs, th->text, p->speedup);
    sx = text_run(d, sx, y, right, FACE_SANS, fs, th->text_dim, " \xC2\xB7 ");
    text_run(d, sx, y, right, FACE_SANS_BOLD, fs, tone(th, p->sum_tone), p->sum);
    y += lh;
    text_draw_fit(d->tc, FACE_SANS, fs, x, y, g->w, th->text_dim, p->scope);
}

static void draw_bars(const draw_ctx *d, const panel_geom *g)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_panel *p = &d->sc->panel;
    int fs = L->fs_small, lh = g->lh, right = g->x + g->w;
    text_draw_fit(d->tc, FACE_SANS_BOLD, fs, g->x, g->bars.y - lh, g->w, th->text_strong, p->bars_title);
    int ty = (g->bar_h - text_line_height(d->tc, FACE_MONO, fs)) / 2;
    for (int k = 0; k < g->nbars; k++) {
        const panel_bar *b = &p->bar[k];
        int cur = k == p->current, lit = cur && b->timed;
        int y = g->bars.y + k * g->bar_h;
        text_draw(d->tc, cur ? FACE_MONO_BOLD : FACE_MONO, fs, g->x, y + ty, cur ? th->accent : th->text, b->name);
        if (!b->timed) {
            text_draw(d->tc, FACE_SANS, fs, g->bar_x + 2, y + ty, th->text_dim, b->absent ? b->absent : p->absent);
            continue;
        }
        if (lit) prim_fill(d->r, (lrect){g->bar_x, y, g->bar_w, g->bar_h}, prim_alpha(th->accent, 40));
        prim_fill(d->r, panel_bar_rect(g, k, b->gbps), lit ? th->accent : th->idle);
        font_face face = lit ? FACE_MONO_BOLD : FACE_MONO;
        int vw = text_width(d->tc, face, fs, b->value);
        text_draw(d->tc, face, fs, right - vw, y + ty, tone(th, b->value_tone), b->value);
    }
    /* The copy bandwidth (solid) and the theoretical peak (dashed). */
    int y0 = g->bars.y - 2, len = g->bars.h + 4, t = fs >= 16 ? 3 : 2;
    rgba copy_c = th->divergent, peak_c = th->text_strong;
    if (p->copy > 0)
        prim_fill(d->r, (lrect){g->bar_x + (int)lround(g->bar_w * p->copy / g->scale_gbps) - t / 2, y0, t, len},
                  copy_c);
    if (p->peak > 0)
        plot_dashed(d->r, g->bar_x + (int)lround(g->bar_w * p->peak / g->scale_gbps), y0, len, 1, t, fs / 3, peak_c);
    /* Their key under the bars. */
    int ky = g->bars.y + g->bars.h + 2, kx = g->bar_x, sw = fs;
    int kty = ky + (lh - text_line_height(d->tc, FACE_SANS, fs)) / 2;
    if (p->copy > 0) {
        prim_fill(d->r, (lrect){kx, ky + lh / 2 - t / 2, sw, t}, copy_c);
        kx = text_run(d, kx + sw + 3, kty, right, FACE_SANS, fs, th->text, p->copy_key) + fs;
    }
    if (p->peak > 0) {
        plot_dashed(d->r, kx, ky + lh / 2, sw, 0, t, fs / 4 > 2 ? fs / 4 : 2, peak_c);
        text_run(d, kx + sw + 3, kty, right, FACE_SANS, fs, th->text, p->peak_key);
    }
}

static void draw_sweep(const draw_ctx *d, const panel_geom *g)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_panel *p = &d->sc->panel;
    lrect a = g->plot;
    int fs = L->fs_small, lh = g->lh, lfs = (int)lround(fs * 0.85), cur = p->current, cub = p->cub;
    int tw = text_draw_fit(d->tc, FACE_SANS_BOLD, fs, g->x, a.y - lh / 2 - lh, g->w, th->text_strong, p->plot_title);
    if (p->plot_name[0] && g->x + tw + fs + text_width(d->tc, FACE_SANS_BOLD, fs, p->plot_name) <= g->x + g->w) {
        int nw = text_width(d->tc, FACE_SANS_BOLD, fs, p->plot_name);
        text_draw(d->tc, FACE_SANS_BOLD, fs, g->x + g->w - nw, a.y - lh / 2 - lh, th->accent, p->plot_name);
    }

    /* Grid and axes: labels in small print, N named at its ends and middle. */
    plot_axes ax = panel_axes(g);
    int lty = text_line_height(d->tc, FACE_MONO, lfs);
    plot_grid_style gs = {.face = FACE_MONO,
                          .px = lfs,
                          .gap = L->margin / 2,
                          .tick = lh / 4,
                          .x_every = 0,
                          .grid = th->panel_edge,
                          .axis = th->text_dim,
                          .label = th->text_dim};
    plot_grid(d->r, d->tc, &ax, &gs);

    /* Where the array stops fitting in L2: smaller N is read from the cache. */
    if (p->l2_n) {
        int x, y;
        plot_point(&ax, p->l2_n, 0, &x, &y);
        plot_dashed(d->r, x, a.y, a.h, 1, 1, fs / 4 > 2 ? fs / 4 : 2, th->text_dim);
        text_draw(d->tc, FACE_SANS, lfs, x + 3, a.y + 1, th->text_dim, "L2");
    }

    /* The peak, dashed and named. */
    int t = fs >= 16 ? 3 : 2;
    if (p->plot_peak > 0) {
        int x, y;
        plot_point(&ax, p->line[0][0].n, p->plot_peak, &x, &y);
        plot_dashed(d->r, a.x, y, a.w, 0, t / 2 > 0 ? t / 2 : 1, fs / 3, th->text_strong);
        int w = text_width(d->tc, FACE_SANS, lfs, p->plot_peak_key);
        text_draw(d->tc, FACE_SANS, lfs, a.x + a.w - w, y - lty - 1, th->text_strong, p->plot_peak_key);
    }

    /* Every other version thin and grey, CUB darker, the current one lit. */
    prim_clip(d->r, &(lrect){a.x, a.y - t, a.w + t, a.h + 2 * t});
    for (int k = 0; k < cub; k++)
        if (k != cur) plot_line_pts(d->r, &ax, p->line[k], p->npts, &(plot_line_style){.c = th->text_dim, .t = 1});
    plot_line_pts(d->r, &ax, p->line[cub], p->npts, &(plot_line_style){.c = th->text, .t = t - 1 > 0 ? t - 1 : 1});
    int lit = cur >= 0 && cur < cub;
    if (lit) {
        plot_spread_pts(d->r, &ax, p->line[cur], p->npts, th->accent, t + 3); /* q1 .. q3 of its runs */
        plot_line_pts(d->r, &ax, p->line[cur], p->npts,
                      &(plot_line_style){.c = th->accent, .t = t + 1, .dot = t + 3, .bad = th->conflict[2]});
    }
    prim_clip(d->r, NULL);
    int x, y;
    if (plot_last_pts(&ax, p->line[cub], p->npts, &x, &y)) {
        int cx, cy, w = text_width(d->tc, FACE_SANS, lfs, p->bar[cub].name);
        int near = lit && plot_last_pts(&ax, p->line[cur], p->npts, &cx, &cy) && abs(cy - y) < lty;
        if (!near) text_draw(d->tc, FACE_SANS, lfs, x - w - 3, y + 2, th->text, p->bar[cub].name);
    }
}

/* Label on the left, value on the right of one row. */
static void hw_row(const draw_ctx *d, const panel_geom *g, int y, rgba lc, const char *label, font_face vf, rgba vc,
                   const char *value)
{
    int fs = d->L->fs_small, vw = text_width(d->tc, vf, fs, value);
    text_draw(d->tc, vf, fs, g->x + g->w - vw, y, vc, value);
    text_draw_fit(d->tc, FACE_SANS, fs, g->x, y, g->w - vw - fs / 2, lc, label);
}

/* The hardware cross-check: the conflicts per block, or why none. */
static void draw_verify(const draw_ctx *d, const panel_geom *g)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const panel_verify *h = &d->sc->panel.hw;
    int x = g->x, y = g->hw.y, w = g->w, fs = L->fs_small, lh = g->lh;
    if (g->hw_kind == 0 || g->hw.h <= 0) return;
    prim_fill(d->r, (lrect){x, y - L->margin / 4 - 1, w, 1}, th->panel_edge);
    text_draw_fit(d->tc, FACE_SANS_BOLD, fs, x, y, w, th->text_strong, h->heading);
    if (h->kind == 2) {
        prim_wrapped(d->tc, FACE_SANS, g->hw_fs, x, y + lh, w, 2, g->hw_lh, th->text_dim, h->sentence);
        return;
    }
    y += lh;
    hw_row(d, g, y, th->text, h->pred_label, FACE_SANS_BOLD, th->text_strong, h->pred);
    y += lh;
    /* The measured value, the longest that fits beside its label. */
    int label_w = text_width(d->tc, FACE_SANS, fs, h->meas_label) + fs / 2, i = 0;
    while (i + 1 < h->nmeas && label_w + text_width(d->tc, FACE_SANS_BOLD, fs, h->meas[i]) > w) i++;
    hw_row(d, g, y, th->text, h->meas_label, FACE_SANS_BOLD, tone(th, h->meas_tone), h->meas[i]);
    y += lh;
    hw_row(d, g, y, th->text_dim, h->l1_label, FACE_SANS, th->text_dim, h->l1);
    y += lh;
    prim_wrapped(d->tc, FACE_SANS, g->hw_fs, x, y, w, 3, g->hw_lh, th->text_dim, h->small);
}

void panel_results_draw(const draw_ctx *d, lrect area)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_panel *p = &d->sc->panel;
    int m = L->margin, fs = L->fs_small;
    prim_fill(d->r, area, th->panel);
    prim_stroke(d->r, area, th->panel_edge, 1);
    panel_geom g;
    panel_results_geom(p, L, area, &g);
    int x = g.x, w = g.w, lh = g.lh;
    text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_ui, x, area.y + m / 2, w, th->text_strong, p->title);
    if (p->state == PANEL_NOTHING) {
        int y = g.status.y;
        text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, w, th->text, p->nothing);
        y += (int)lround(L->fs_ui * 1.5);
        if (p->why[0]) y += lh * prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, 6, lh, th->text_dim, p->why);
        prim_wrapped(d->tc, FACE_MONO, fs, x, y + lh / 3, w, 3, lh, th->text_dim, p->hint);
        draw_verify(d, &g);
        return;
    }

    /* Where and when it was timed; what the replay is, when not that GPU. */
    int y = area.y + m / 2 + (int)lround(L->fs_ui * 1.6);
    text_draw_fit(d->tc, FACE_SANS_BOLD, fs, x, y, w, th->full, p->device);
    y += lh;
    text_draw_fit(d->tc, FACE_SANS, fs, x, y, w, th->text, p->date);
    y += lh;
    if (p->replay[0]) prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, 2, lh, th->divergent, p->replay);

    if (p->state == PANEL_TIMED) {
        draw_figures(d, &g);
        draw_bars(d, &g);
    } else {
        prim_wrapped(d->tc, FACE_SANS, fs, x, g.status.y, w, 2, lh, th->text_dim, p->sweep_only);
    }
    draw_verify(d, &g);
    if (g.plot.w > 0)
        draw_sweep(d, &g);
    else if (p->why[0])
        prim_wrapped(d->tc, FACE_SANS, fs, x, area.y + area.h - m / 2 - 3 * lh, w, 3, lh, th->text_dim, p->why);
}
