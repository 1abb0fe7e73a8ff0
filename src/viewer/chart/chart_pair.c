/* chart_pair.c — two devices' sweeps on one slide (chart_pair.h).
 *
 * Layout as the single chart's: title and how it was timed on top, the plot
 * on the left, the key on the right, small print at the foot; sizes scale
 * from 1920x1080.  The plot's axes, grid and lines are plot.c's.
 */
#include "chart_pair.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "viewer/draw/draw.h"
#include "core/i18n.h"
#include "viewer/draw/theme.h"

#define PAIR_TICKS 10

/* The two lines of each device: CUB and the version the table makes its
 * peer (RV_VP_CUB_PEER). */
const char *chart_pair_series(int i)
{
    if (i == 1) return "cub";
    for (int k = 0; i == 0 && k < RV_NUM_VERSIONS; k++)
        if (rv_version_at(k)->props & RV_VP_CUB_PEER) return rv_version_at(k)->name;
    return NULL;
}

static int variant_of(const char *name)
{
    for (int k = 0; k < RV_RESULTS_NVARIANTS; k++)
        if (!strcmp(rv_results_variant(k), name)) return k;
    return 0;
}

static int scaled(double px, double k, int least)
{
    int v = (int)lround(px * k);
    return v > least ? v : least;
}

typedef struct pair_geom {
    int m, fs_title, fs_label, fs_small, t_strong, t_thin, dot, lh;
    lrect plot, key;
    int title_y, sub_y, note_y;
} pair_geom;

static void geom(const chart_pair_input *in, pair_geom *g)
{
    double k = fmin(in->w / 1920.0, in->h / 1080.0);
    g->m = scaled(44, k, 10);
    g->fs_title = scaled(44, k, 16);
    g->fs_label = scaled(26, k, 11);
    g->fs_small = scaled(20, k, 10);
    g->t_strong = scaled(6, k, 4);
    g->t_thin = scaled(3, k, 2);
    g->dot = scaled(15, k, 7) | 1;
    g->lh = (int)lround(g->fs_label * 1.55);
    g->title_y = (int)lround(g->m * 0.6);
    g->sub_y = g->title_y + (int)lround(g->fs_title * 1.3);
    int head = g->sub_y + (int)lround(g->fs_label * 1.5) + g->m / 2;
    g->note_y = in->h - g->m / 2 - (int)lround(g->fs_small * 1.35);
    int key_w = (int)lround(in->w * 0.32);
    g->key = (lrect){in->w - g->m - key_w, head, key_w, g->note_y - head};
    int ylab = (int)ceil(5 * 0.602 * g->fs_label);
    int px = g->m + ylab + g->fs_label / 2, py = head + (int)lround(g->fs_label * 1.6);
    int bottom = g->note_y - g->m / 2 - (int)lround(g->fs_label * 2.75) - g->fs_label / 3;
    g->plot = (lrect){px, py, g->key.x - g->m - px, bottom - py};
}

void chart_pair_axes(const chart_pair_input *in, plot_axes *ax)
{
    pair_geom g;
    geom(in, &g);
    double lo = INFINITY, hi = -INFINITY, top = 0;
    for (int d = 0; d < 2; d++) {
        const rv_results *s = in->s[d];
        const uint64_t *sizes;
        int ns = rv_results_sizes(s, &sizes);
        double peak = rv_results_theoretical_gbps(s);
        if (isfinite(peak)) top = fmax(top, peak);
        for (int i = 0; i < ns; i++) {
            lo = fmin(lo, log2((double)sizes[i]));
            hi = fmax(hi, log2((double)sizes[i]));
            double copy = rv_results_copy_gbps(s, sizes[i]);
            if (isfinite(copy)) top = fmax(top, copy);
            for (int k = 0; k < CHART_PAIR_SERIES; k++) {
                const rv_result_run *q = rv_results_find(s, chart_pair_series(k), sizes[i]);
                if (q && isfinite(q->gbps)) top = fmax(top, q->gbps);
            }
        }
    }
    top = top > 0 ? top * 1.04 : 1;
    double step = plot_nice_step(top, PAIR_TICKS);
    *ax = (plot_axes){g.plot, lo, hi > lo ? hi : lo + 1, ceil(top / step) * step};
}

/* Device d's line style for variant k: the first solid, the second thin. */
static plot_line_style style(const theme *th, const pair_geom *g, int d, int k)
{
    rgba c = theme_series(th, variant_of(chart_pair_series(k)));
    return (plot_line_style){.c = c,
                             .t = d == 0 ? g->t_strong : g->t_thin,
                             .dot = d == 0 ? g->dot : g->dot * 3 / 4,
                             .solid = d == 0,
                             .bad = th->conflict[2]};
}

static void draw_key(SDL_Renderer *r, text_cache *tc, const theme *th, const chart_pair_input *in, const pair_geom *g)
{
    int y = g->key.y, sw = 2 * g->fs_label, fs = g->fs_label;
    char buf[400], nn[32];
    for (int d = 0; d < 2; d++) {
        const rv_results *s = in->s[d];
        const uint64_t *sizes;
        int ns = rv_results_sizes(s, &sizes);
        uint64_t last = sizes[ns - 1];
        plot_n_name(last, nn, sizeof nn);
        text_draw_fit(tc, FACE_SANS_BOLD, fs, g->key.x, y, g->key.w, th->text_strong, rv_results_device(s));
        y += g->lh;
        for (int k = 0; k < CHART_PAIR_SERIES; k++) {
            plot_line_style st = style(th, g, d, k);
            int cy = y + g->lh / 2;
            if (st.solid)
                prim_band(r, (float)g->key.x, (float)cy, (float)(g->key.x + sw), (float)cy, st.c, st.t);
            else
                prim_line(r, (float)g->key.x, (float)cy, (float)(g->key.x + sw), (float)cy, st.c, st.t);
            if (st.solid)
                prim_disc(r, g->key.x + sw / 2, cy, st.dot / 2, st.c);
            else
                prim_fill(r, (lrect){g->key.x + sw / 2 - st.dot / 2, cy - st.dot / 2, st.dot, st.dot}, st.c);
            const rv_result_run *q = rv_results_find(s, chart_pair_series(k), last);
            if (q && isfinite(q->gbps) && isfinite(q->pct_theoretical))
                snprintf(buf, sizeof buf, _("%s: %.0f GB/s at %s, %.1f%% of peak"), chart_pair_series(k), q->gbps, nn,
                         q->pct_theoretical);
            else if (q && isfinite(q->gbps))
                snprintf(buf, sizeof buf, _("%s: %.0f GB/s at %s"), chart_pair_series(k), q->gbps, nn);
            else
                snprintf(buf, sizeof buf, _("%s: not in this file"), chart_pair_series(k));
            text_draw_fit(tc, FACE_SANS, fs, g->key.x + sw + fs / 2,
                          y + (g->lh - text_line_height(tc, FACE_SANS, fs)) / 2, g->key.w - sw - fs / 2, th->text, buf);
            y += g->lh;
        }
        double peak = rv_results_theoretical_gbps(s);
        if (isfinite(peak))
            snprintf(buf, sizeof buf, _("peak %.0f GB/s (%s line), L2 %.0f MiB"), peak, d == 0 ? _("solid") : _("thin"),
                     rv_results_info(s)->l2_bytes / 1048576.0);
        else
            snprintf(buf, sizeof buf, _("peak unknown, L2 %.0f MiB"), rv_results_info(s)->l2_bytes / 1048576.0);
        text_draw_fit(tc, FACE_SANS, g->fs_small, g->key.x + sw + fs / 2, y, g->key.w - sw - fs / 2, th->text_dim, buf);
        y += g->lh + g->lh / 2;
    }
    text_draw_fit(tc, FACE_SANS, g->fs_small, g->key.x, y, g->key.w, th->text_dim,
                  _("bars: q1 .. q3 of the timed runs, where the file kept them"));
}

void chart_pair_paint(SDL_Renderer *r, text_cache *tc, const void *arg)
{
    const chart_pair_input *in = arg;
    const theme *th = theme_get(in->theme);
    pair_geom g;
    geom(in, &g);
    plot_axes ax;
    chart_pair_axes(in, &ax);
    char buf[800];
    prim_fill(r, (lrect){0, 0, in->w, in->h}, th->bg);
    snprintf(buf, sizeof buf, _("%s and %s: %s and CUB"), rv_results_device(in->s[0]), rv_results_device(in->s[1]),
             chart_pair_series(0));
    text_draw_fit(tc, FACE_SANS_BOLD, g.fs_title, g.m, g.title_y, in->w - 2 * g.m, th->text_strong, buf);
    const rv_results_meta *a = rv_results_info(in->s[0]), *b = rv_results_info(in->s[1]);
    snprintf(buf, sizeof buf,
             _("median of %d and of %d runs \xC2\xB7 %s, %s \xC2\xB7 data %s, %s \xC2\xB7 "
               "the whole reduction, every pass"),
             a->repeat, b->repeat, rv_results_cache_label(in->s[0]), rv_results_cache_label(in->s[1]), a->data,
             b->data);
    text_draw_fit(tc, FACE_SANS, g.fs_label, g.m, g.sub_y, in->w - 2 * g.m, th->text, buf);

    prim_fill(r, g.plot, th->panel);
    plot_grid_style gs = {.face = FACE_SANS,
                          .px = g.fs_label,
                          .gap = g.fs_label / 2,
                          .tick = g.fs_label / 3,
                          .x_every = 1,
                          .ticks = PAIR_TICKS,
                          .grid = th->panel_edge,
                          .axis = th->text_dim,
                          .label = th->text};
    plot_grid(r, tc, &ax, &gs);
    text_draw(tc, FACE_SANS_BOLD, g.fs_label, g.m, g.plot.y - (int)lround(g.fs_label * 1.75), th->text_strong, "GB/s");
    const char *xt = _("N, floats summed (log scale: each step doubles N)");
    int xw = text_width(tc, FACE_SANS_BOLD, g.fs_label, xt);
    text_draw(tc, FACE_SANS_BOLD, g.fs_label, g.plot.x + (g.plot.w - xw) / 2,
              g.plot.y + g.plot.h + g.fs_label / 3 + (int)lround(g.fs_label * 1.3), th->text_strong, xt);

    /* each device's peak: solid for the first, thin for the second */
    for (int d = 0; d < 2; d++) {
        double peak = rv_results_theoretical_gbps(in->s[d]);
        if (!isfinite(peak)) continue;
        int x, y, t = d == 0 ? g.t_thin : 1;
        plot_point(&ax, 1, peak, &x, &y);
        prim_fill(r, (lrect){g.plot.x, y - t / 2, g.plot.w, t}, th->text_strong);
        char pk[160];
        snprintf(pk, sizeof pk, _("%s peak %.0f"), rv_results_device(in->s[d]), peak);
        int w = text_width(tc, FACE_SANS, g.fs_small, pk);
        text_draw(tc, FACE_SANS, g.fs_small, g.plot.x + g.plot.w - w - g.fs_small / 2,
                  y - t - (int)lround(g.fs_small * 1.25), th->text_strong, pk);
    }
    prim_clip(r, &(lrect){g.plot.x - g.dot, g.plot.y - g.dot, g.plot.w + 2 * g.dot, g.plot.h + 2 * g.dot});
    for (int d = 1; d >= 0; d--)
        for (int k = 0; k < CHART_PAIR_SERIES; k++) {
            plot_line_style st = style(th, &g, d, k);
            plot_spread(r, &ax, in->s[d], chart_pair_series(k), st.c, st.dot * 2 / 3);
            plot_line(r, &ax, in->s[d], chart_pair_series(k), &st);
        }
    prim_clip(r, NULL);
    draw_key(r, tc, th, in, &g);
    snprintf(buf, sizeof buf, _("GB/s = N \xC3\x97 4 bytes / median time.  From %s and %s (reducevis bench --sweep)."),
             in->source[0], in->source[1]);
    text_draw_fit(tc, FACE_SANS, g.fs_small, g.m, g.note_y, in->w - 2 * g.m, th->text_dim, buf);
}
