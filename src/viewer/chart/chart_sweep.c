/* chart_sweep.c — the sweep chart: GB/s against N for every version and CUB,
 * the device's theoretical bandwidth and a measured copy, as one slide.
 *
 * Layout: a title and a line of how the numbers were taken on top; the
 * plot on the left, the key on the right; a line of small print at the
 * foot.  Sizes scale with the picture from 1920x1080, so a chart made for a
 * 4K projector reads the same.  The axes, grid and lines are plot.c's, the
 * same code as the viewer's sweep plot; only the composition is here.
 *
 * Drawing order keeps what matters on top: the grid, the L2 boundary, the
 * copy line, the ordinary versions, then CUB and v8, then the peak line (a
 * reference, never hidden), then the crosses on failed sums.
 */
#include "chart_sweep.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "viewer/draw/draw.h"
#include "viewer/draw/theme.h"
#include "core/versions.h"
#include "core/i18n.h"

#define MONO_EM     0.602 /* DejaVu Sans Mono advance per pixel of size */
#define CHART_TICKS 10    /* gridlines: enough to read a value off a slide */

/* ---- data ------------------------------------------------------------------ */

/* The run of variant k at n, if it has a GB/s to plot. */
static const rv_result_run *run_at(const rv_results *s, int k, uint64_t n)
{
    const rv_result_run *q = rv_results_find(s, rv_results_variant(k), n);
    return q && !isnan(q->gbps) ? q : NULL;
}

static int has_any(const rv_results *s, int k)
{
    const uint64_t *sizes;
    int ns = rv_results_sizes(s, &sizes);
    for (int i = 0; i < ns; i++)
        if (run_at(s, k, sizes[i])) return 1;
    return 0;
}

/* A theoretical peak to draw: the device reported one. */
static int peak_known(const rv_results *s)
{
    double peak = rv_results_theoretical_gbps(s);
    return isfinite(peak) && peak > 0;
}

int chart_series_strong(int variant)
{
    const rv_version_info *vi = rv_version_at(variant);
    return variant == RV_NUM_VERSIONS || (vi && (vi->props & RV_VP_CUB_PEER));
}

int chart_sweep_check(const rv_results *s, char *why, size_t len)
{
    const uint64_t *sizes;
    int ns = rv_results_sizes(s, &sizes);
    const rv_results_meta *m = rv_results_info(s);
    char n[32];
    rv_results_n_name(ns ? sizes[0] : m->n, n, sizeof n);
    if (!m->sweep) {
        snprintf(why, len,
                 _("not a sweep; run `reducevis bench --sweep -o FILE.json` for one "
                   "(this file times N = %s only)"),
                 n);
        return -1;
    }
    if (ns < 2) {
        if (ns == 1)
            snprintf(why, len, _("a sweep with 1 size (N = %s); a chart needs at least 2"), n);
        else
            snprintf(why, len, _("a sweep with %d sizes; a chart needs at least 2"), ns);
        return -1;
    }
    for (int k = 0; k < RV_RESULTS_NVARIANTS; k++)
        if (has_any(s, k)) return 0;
    snprintf(why, len, _("no run in the sweep has a GB/s to plot"));
    return -1;
}

/* The GB/s at the top of the axes: everything drawn fits under it, rounded
 * up to a gridline. */
static double axes_top(const rv_results *s)
{
    double top = peak_known(s) ? rv_results_theoretical_gbps(s) : 0;
    const uint64_t *sizes;
    int ns = rv_results_sizes(s, &sizes);
    for (int i = 0; i < ns; i++) {
        double copy = rv_results_copy_gbps(s, sizes[i]);
        if (isfinite(copy)) top = fmax(top, copy);
        for (int k = 0; k < RV_RESULTS_NVARIANTS; k++) {
            const rv_result_run *q = run_at(s, k, sizes[i]);
            if (q && isfinite(q->gbps)) top = fmax(top, q->gbps);
        }
    }
    top = top > 0 && isfinite(top * 1.04) ? top * 1.04 : top > 0 ? top : 1;
    double step = plot_nice_step(top, CHART_TICKS);
    return ceil(top / step) * step;
}

/* ---- geometry --------------------------------------------------------------- */

static int scaled(double px, double k, int least)
{
    int v = (int)lround(px * k);
    return v > least ? v : least;
}

/* Sizes and strokes, from the picture's size (1920x1080 is 1). */
static void geom_sizes(chart_geom *g)
{
    double k = fmin(g->w / 1920.0, g->h / 1080.0);
    g->margin = scaled(44, k, 10);
    g->fs_title = scaled(44, k, 16);
    g->fs_label = scaled(26, k, 11);
    g->fs_small = scaled(20, k, 10);
    g->key_lh = (int)lround(g->fs_label * 1.55);
    g->line_t = scaled(3, k, 3);
    g->strong_t = scaled(6, k, 5);
    g->dot = scaled(11, k, 5) | 1;
    g->strong_dot = scaled(15, k, 7) | 1;
    g->ref_t = scaled(3, k, 2);
    g->dash = scaled(14, k, 5);
    g->tick = g->fs_label / 3;
}

static void geom_series(const rv_results *s, chart_geom *g)
{
    g->nseries = 0;
    for (int k = 0; k < RV_RESULTS_NVARIANTS; k++)
        if (has_any(s, k)) g->series[g->nseries++] = k;
    g->failed = 0;
    for (int i = 0; i < rv_results_count(s); i++) {
        const rv_result_run *q = rv_results_run(s, i);
        g->failed += !q->correct && !isnan(q->gbps);
    }
}

/* The pitch of the small print under a reference line's row. */
static int small_lh(const chart_geom *g) { return (int)lround(g->fs_small * 1.2); }

lrect chart_key_row(const chart_geom *g, int row)
{
    int y = g->key.y + (1 + row) * g->key_lh;
    /* The reference lines are set apart, each followed by its small print. */
    if (row >= g->nseries) y += g->key_lh / 2 + (row - g->nseries) * g->key_small * small_lh(g);
    return (lrect){g->key.x, y, g->key.w, g->key_lh};
}

/* The key's height, at its rows' pitch and small print now: whether it
 * ends above the foot's small print. */
static int key_fits(chart_geom *g)
{
    lrect last = chart_key_row(g, g->nseries + (g->failed ? CHART_KEY_FAILED : CHART_KEY_COPY));
    g->key.h = last.y + last.h + g->key_small * small_lh(g) - g->key.y;
    return g->key.y + g->key.h <= g->note_y - g->margin / 2;
}

void chart_sweep_geom(const rv_results *s, int w, int h, chart_geom *g)
{
    memset(g, 0, sizeof *g);
    g->w = w;
    g->h = h;
    geom_sizes(g);
    geom_series(s, g);
    int m = g->margin;
    g->title_y = (int)lround(m * 0.6);
    g->sub_y = g->title_y + (int)lround(g->fs_title * 1.3);
    int head_bottom = g->sub_y + (int)lround(g->fs_label * 1.5) + m / 2;

    /* Foot: small print; above it the axis title, the N labels, the ticks. */
    g->note_y = h - m / 2 - (int)lround(g->fs_small * 1.35);
    int plot_bottom = g->note_y - m / 2 - (int)lround(g->fs_label * 1.45) - (int)lround(g->fs_label * 1.3) - g->tick;

    /* The key takes a fixed share of the width; the y labels hold "10000". */
    int key_w = (int)lround(w * 0.30);
    g->key = (lrect){w - m - key_w, head_bottom, key_w, 0};
    /* Two lines of small print under each reference line, fewer where the
     * picture is too small to hold them above the foot; then, with none and
     * still too little room (14 versions at 640x360), the rows set closer,
     * down to 1.25 lines. */
    int closest = (int)lround(g->fs_label * 1.25);
    for (;;) {
        for (g->key_small = 2; g->key_small > 0 && !key_fits(g); g->key_small--) {}
        if (key_fits(g) || g->key_lh <= closest) break;
        g->key_lh--;
    }
    int ylab_w = (int)ceil(5 * MONO_EM * g->fs_label);
    int plot_x = m + ylab_w + g->fs_label / 2;
    int plot_y = head_bottom + (int)lround(g->fs_label * 1.6);
    g->axes.area = (lrect){plot_x, plot_y, g->key.x - m - plot_x, plot_bottom - plot_y};

    const uint64_t *sizes;
    int ns = rv_results_sizes(s, &sizes);
    assert(ns >= 2 && "chart_sweep_check() first");
    g->axes.lo = log2((double)sizes[0]);
    g->axes.hi = log2((double)sizes[ns - 1]);
    g->axes.top = axes_top(s);

    /* Name every power of two that has room: about three label widths. */
    double powers = g->axes.hi - g->axes.lo, per = powers > 0 ? g->axes.area.w / powers : g->axes.area.w;
    g->x_every = (int)ceil(3.0 * g->fs_label / (per > 1 ? per : 1));
    if (g->x_every < 1) g->x_every = 1;
}

/* ---- drawing helpers -------------------------------------------------------- */

typedef struct chart_ctx {
    SDL_Renderer *r;
    text_cache *tc;
    const theme *th;
    const rv_results *s;
    const chart_geom *g;
    const char *source;
} chart_ctx;

/* One stretch of a dashed line from (x0, y0) to (x1, y1); `phase` carries
 * the dash pattern over from the stretch before, so that a polyline looks
 * like one dashed line.  Returns the phase at its end. */
static double dashed_stretch(SDL_Renderer *r, double x0, double y0, double x1, double y1, int t, int dash, double phase,
                             rgba c)
{
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    for (double u = 0; u < len;) {
        double at = fmod(phase + u, 2.0 * dash);
        double v = fmin(len, u + (at < dash ? dash : 2.0 * dash) - at);
        if (at < dash)
            prim_band(r, (float)(x0 + dx * u / len), (float)(y0 + dy * u / len), (float)(x0 + dx * v / len),
                      (float)(y0 + dy * v / len), c, t);
        u = v;
    }
    return phase + len;
}

/* The name of a variant's lesson: a version's title, or what CUB is. */
static const char *series_title(int k)
{
    const char *name = rv_results_variant(k);
    if (!strcmp(name, "cub")) return "CUB DeviceReduce::Sum";
    const rv_version_info *vi = rv_version(rv_version_parse(name));
    return vi ? _(vi->title) : "";
}

static plot_line_style series_style(const chart_ctx *c, int k)
{
    int strong = chart_series_strong(k);
    return (plot_line_style){.c = theme_series(c->th, k),
                             .t = strong ? c->g->strong_t : c->g->line_t,
                             .dot = strong ? c->g->strong_dot : c->g->dot,
                             .solid = 1,
                             .bad = theme_series(c->th, k)};
}

/* The mark of a wrong sum: a ring and a cross, larger than any marker. */
static void wrong_mark(const chart_ctx *c, int x, int y)
{
    int rad = c->g->strong_dot, t = c->g->ref_t, a = rad * 6 / 10;
    rgba red = c->th->conflict[2];
    prim_disc(c->r, x, y, rad, red);
    prim_disc(c->r, x, y, rad - t, c->th->panel);
    prim_band(c->r, (float)(x - a), (float)(y - a), (float)(x + a), (float)(y + a), red, t);
    prim_band(c->r, (float)(x - a), (float)(y + a), (float)(x + a), (float)(y - a), red, t);
}

/* Text right-aligned to x. */
static void text_right(const chart_ctx *c, font_face f, int px, int x, int y, rgba col, const char *s)
{
    text_draw(c->tc, f, px, x - text_width(c->tc, f, px, s), y, col, s);
}

/* ---- the parts -------------------------------------------------------------- */

static void draw_title(const chart_ctx *c)
{
    const chart_geom *g = c->g;
    const rv_results_meta *m = rv_results_info(c->s);
    char buf[600], others[160];
    snprintf(buf, sizeof buf, _("%s: how fast each reduction sums N floats"), m->device);
    text_draw_fit(c->tc, FACE_SANS_BOLD, g->fs_title, g->margin, g->title_y, g->w - 2 * g->margin, c->th->text_strong,
                  buf);
    rv_results_block_note(c->s, others, sizeof others);
    if (m->interleaved)
        snprintf(buf, sizeof buf,
                 _("timed %.10s \xC2\xB7 block size %d (%s) \xC2\xB7 data %s \xC2\xB7 "
                   "median of %d (bars: q1 .. q3), versions in turn, %s"),
                 m->date, m->block_size, others, m->data, m->repeat, rv_results_cache_label(c->s));
    else
        snprintf(buf, sizeof buf,
                 _("timed %.10s \xC2\xB7 block size %d (%s) \xC2\xB7 data %s \xC2\xB7 "
                   "median of %d runs after %d warm-up \xC2\xB7 every pass (no spread kept)"),
                 m->date, m->block_size, others, m->data, m->repeat, m->warmup);
    text_draw_fit(c->tc, FACE_SANS, g->fs_label, g->margin, g->sub_y, g->w - 2 * g->margin, c->th->text, buf);
}

static void draw_axes(const chart_ctx *c)
{
    const chart_geom *g = c->g;
    const theme *th = c->th;
    lrect p = g->axes.area;
    prim_fill(c->r, p, th->panel);
    plot_grid_style gs = {.face = FACE_SANS,
                          .px = g->fs_label,
                          .gap = g->fs_label / 2,
                          .tick = g->tick,
                          .x_every = g->x_every,
                          .ticks = CHART_TICKS,
                          .grid = th->panel_edge,
                          .axis = th->text_dim,
                          .label = th->text};
    plot_grid(c->r, c->tc, &g->axes, &gs);
    text_draw(c->tc, FACE_SANS_BOLD, g->fs_label, g->margin, p.y - (int)lround(g->fs_label * 1.75), th->text_strong,
              _("GB/s"));
    const char *xt = _("N, floats summed (log scale: each step doubles N)");
    int xw = text_width(c->tc, FACE_SANS_BOLD, g->fs_label, xt);
    text_draw(c->tc, FACE_SANS_BOLD, g->fs_label, p.x + (p.w - xw) / 2,
              p.y + p.h + g->tick + (int)lround(g->fs_label * 1.3), th->text_strong, xt);
}

/* Left of the dashed line the whole array fits in L2, so back-to-back runs
 * read it from the cache: the reason small N can beat the copy. */
static void draw_l2(const chart_ctx *c)
{
    const chart_geom *g = c->g;
    const rv_results_meta *m = rv_results_info(c->s);
    double l2n = m->l2_bytes >= 4 ? log2((double)(m->l2_bytes / 4)) : 0;
    if (!(l2n > g->axes.lo && l2n < g->axes.hi)) return;
    int x, y;
    plot_point(&g->axes, m->l2_bytes / 4, 0, &x, &y);
    lrect p = g->axes.area;
    plot_dashed(c->r, x, p.y, p.h, 1, 1, g->dash / 2, c->th->text_dim);
    char buf[96];
    snprintf(buf, sizeof buf, _("\xE2\x86\x90 fits in the %.0f MiB L2 cache"), m->l2_bytes / 1048576.0);
    text_right(c, FACE_SANS, g->fs_small, x - g->fs_small / 2, p.y + g->fs_small / 3, c->th->text_dim, buf);
}

/* The measured device-to-device copy at every N, dashed, named at its end. */
static void draw_copy(const chart_ctx *c)
{
    const chart_geom *g = c->g;
    const uint64_t *sizes;
    int ns = rv_results_sizes(c->s, &sizes), have = 0, x0 = 0, y0 = 0;
    double phase = 0, last = NAN;
    for (int i = 0; i < ns; i++) {
        double copy = rv_results_copy_gbps(c->s, sizes[i]);
        if (!isfinite(copy)) {
            have = 0;
            continue;
        }
        int x, y;
        plot_point(&g->axes, sizes[i], copy, &x, &y);
        if (have) phase = dashed_stretch(c->r, x0, y0, x, y, g->ref_t, g->dash, phase, c->th->text_dim);
        x0 = x;
        y0 = y;
        have = 1;
        last = copy;
    }
    if (isnan(last)) return;
    char buf[96];
    snprintf(buf, sizeof buf, _("copy %.0f"), last);
    text_right(c, FACE_SANS, g->fs_small, x0 - g->fs_small / 2, y0 + g->ref_t + 2, c->th->text_dim, buf);
}

static void draw_series(const chart_ctx *c)
{
    const chart_geom *g = c->g;
    lrect p = g->axes.area;
    int pad = g->strong_dot;
    prim_clip(c->r, &(lrect){p.x - pad, p.y - pad, p.w + 2 * pad, p.h + 2 * pad});
    for (int pass = 0; pass < 2; pass++) /* v8 and CUB last, on top */
        for (int i = 0; i < g->nseries; i++) {
            int k = g->series[i];
            if (chart_series_strong(k) == pass) {
                plot_line_style st = series_style(c, k);
                /* the spread (q1 .. q3 of the runs) as a bar under each marker, wider than the line */
                plot_spread(c->r, &g->axes, c->s, rv_results_variant(k), st.c, st.dot * 2 / 3);
                plot_line(c->r, &g->axes, c->s, rv_results_variant(k), &st);
            }
        }
    prim_clip(c->r, NULL);
}

/* The theoretical peak across the whole plot, named with its value; or,
 * when the device did not report it, a note and no line. */
static void draw_peak(const chart_ctx *c)
{
    const chart_geom *g = c->g;
    lrect p = g->axes.area;
    double peak = rv_results_theoretical_gbps(c->s);
    char buf[96];
    if (!peak_known(c->s)) {
        text_right(c, FACE_SANS_BOLD, g->fs_small, p.x + p.w - g->fs_small / 2, p.y + g->fs_small / 3, c->th->text_dim,
                   _("theoretical peak unknown: no line drawn"));
        return;
    }
    int x, y;
    plot_point(&g->axes, 1, peak, &x, &y);
    prim_fill(c->r, (lrect){p.x, y - (g->ref_t - 1) / 2, p.w, g->ref_t}, c->th->text_strong);
    snprintf(buf, sizeof buf, _("theoretical peak %.0f GB/s"), peak);
    text_right(c, FACE_SANS_BOLD, g->fs_small, p.x + p.w - g->fs_small / 2,
               y - g->ref_t - (int)lround(g->fs_small * 1.25), c->th->text_strong, buf);
}

static void draw_failures(const chart_ctx *c)
{
    for (int i = 0; i < rv_results_count(c->s); i++) {
        const rv_result_run *q = rv_results_run(c->s, i);
        if (q->correct || isnan(q->gbps)) continue;
        int x, y;
        plot_point(&c->g->axes, q->n, q->gbps, &x, &y);
        wrong_mark(c, x, y);
    }
}

/* ---- the key ---------------------------------------------------------------- */

/* The sizes at which variant k's sum was wrong, as "2²⁵, 2²⁶"; 0 if none. */
static int failed_sizes(const rv_results *s, int k, char *buf, size_t len)
{
    const uint64_t *sizes;
    int ns = rv_results_sizes(s, &sizes), n = 0;
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < ns && o < len; i++) {
        const rv_result_run *q = run_at(s, k, sizes[i]);
        if (!q || q->correct) continue;
        char nn[32];
        plot_n_name(sizes[i], nn, sizeof nn);
        o += (size_t)snprintf(buf + o, len - o, "%s%s", n++ ? ", " : "", nn);
    }
    return n;
}

/* A short stretch of line with a marker on it, as the series is drawn. */
static void key_swatch(const chart_ctx *c, lrect row, int sw, const plot_line_style *st)
{
    int cy = row.y + row.h / 2;
    prim_band(c->r, (float)row.x, (float)cy, (float)(row.x + sw), (float)cy, st->c, st->t);
    prim_disc(c->r, row.x + sw / 2, cy, st->dot / 2, st->c);
}

/* The longest variant name, in characters: the key's name column. */
static int name_chars(void)
{
    int most = 3;
    for (int k = 0; k < RV_RESULTS_NVARIANTS; k++)
        if ((int)strlen(rv_results_variant(k)) > most) most = (int)strlen(rv_results_variant(k));
    return most;
}

static void key_series(const chart_ctx *c, int i, int sw, uint64_t last_n)
{
    const chart_geom *g = c->g;
    const theme *th = c->th;
    int k = g->series[i], fs = g->fs_label;
    lrect row = chart_key_row(g, i);
    int ty = row.y + (row.h - text_line_height(c->tc, FACE_SANS, fs)) / 2;
    plot_line_style st = series_style(c, k);
    key_swatch(c, row, sw, &st);
    font_face nf = chart_series_strong(k) ? FACE_MONO_BOLD : FACE_MONO;
    int x = row.x + sw + fs / 2;
    text_draw(c->tc, nf, fs, x, ty, th->text_strong, rv_results_variant(k));
    x += (int)ceil((name_chars() + 1) * MONO_EM * fs);
    /* The value at the largest N, then the lesson, or where the sum was wrong. */
    char val[32] = "\xE2\x80\x94", wrong[200];
    const rv_result_run *q = run_at(c->s, k, last_n);
    if (q) snprintf(val, sizeof val, "%.0f", q->gbps);
    int vw = text_width(c->tc, nf, fs, val);
    text_draw(c->tc, nf, fs, row.x + row.w - vw, ty, q && !q->correct ? th->conflict[2] : th->text, val);
    int room = row.x + row.w - vw - fs / 2 - x;
    if (failed_sizes(c->s, k, wrong, sizeof wrong)) {
        char buf[240];
        snprintf(buf, sizeof buf, _("sum wrong at %s"), wrong);
        text_draw_fit(c->tc, FACE_SANS_BOLD, fs, x, ty, room, th->conflict[2], buf);
    } else {
        text_draw_fit(c->tc, FACE_SANS, fs, x, ty, room, th->text, series_title(k));
    }
}

/* A reference line's row: its swatch, its name, and a line of small print. */
static void key_reference(const chart_ctx *c, int which, int sw, const char *name, const char *small)
{
    const chart_geom *g = c->g;
    const theme *th = c->th;
    lrect row = chart_key_row(g, g->nseries + which);
    int cy = row.y + row.h / 2, fs = g->fs_label;
    int ty = row.y + (row.h - text_line_height(c->tc, FACE_SANS, fs)) / 2;
    if (which == CHART_KEY_PEAK && peak_known(c->s))
        prim_fill(c->r, (lrect){row.x, cy - (g->ref_t - 1) / 2, sw, g->ref_t}, th->text_strong);
    else if (which == CHART_KEY_COPY)
        dashed_stretch(c->r, row.x, cy, row.x + sw, cy, g->ref_t, g->dash, 0, th->text_dim);
    else if (which == CHART_KEY_FAILED)
        wrong_mark(c, row.x + sw / 2, cy);
    int x = row.x + sw + fs / 2;
    text_draw_fit(c->tc, FACE_SANS, fs, x, ty, row.x + row.w - x, th->text, name);
    if (small && small[0] && g->key_small > 0)
        prim_wrapped(c->tc, FACE_SANS, g->fs_small, x, row.y + row.h - g->fs_small / 6, row.x + row.w - x, g->key_small,
                     small_lh(g), th->text_dim, small);
}

static void draw_key(const chart_ctx *c)
{
    const chart_geom *g = c->g;
    const rv_results *s = c->s;
    const theme *th = c->th;
    const uint64_t *sizes;
    int ns = rv_results_sizes(s, &sizes), sw = 2 * g->fs_label, fs = g->fs_label;
    uint64_t last_n = sizes[ns - 1];
    char buf[300], nn[32];
    plot_n_name(last_n, nn, sizeof nn);
    snprintf(buf, sizeof buf, _("GB/s at N = %s"), nn);
    int ty = g->key.y + (g->key_lh - text_line_height(c->tc, FACE_SANS, fs)) / 2;
    text_draw(c->tc, FACE_SANS_BOLD, fs, g->key.x, ty, th->text_strong, _("version"));
    text_right(c, FACE_SANS_BOLD, fs, g->key.x + g->key.w, ty, th->text_strong, buf);
    for (int i = 0; i < g->nseries; i++) key_series(c, i, sw, last_n);

    const rv_results_meta *m = rv_results_info(s);
    if (peak_known(s))
        snprintf(buf, sizeof buf, _("theoretical peak %.0f GB/s"), m->theoretical_gbps);
    else
        snprintf(buf, sizeof buf, _("theoretical peak unknown"));
    key_reference(c, CHART_KEY_PEAK, sw, buf, m->theoretical_source);
    double copy = rv_results_copy_gbps(s, last_n);
    if (isfinite(copy))
        snprintf(buf, sizeof buf, _("copy, measured: %.0f GB/s at %s"), copy, nn);
    else
        snprintf(buf, sizeof buf, _("copy not measured at %s"), nn);
    key_reference(c, CHART_KEY_COPY, sw, buf, _("device-to-device cudaMemcpy, read + write bytes"));
    if (g->failed) {
        snprintf(buf, sizeof buf, ngettext("sum check failed (%d run)", "sum check failed (%d runs)", g->failed),
                 g->failed);
        key_reference(c, CHART_KEY_FAILED, sw, buf, _("the GPU's sum differs from the CPU's (double)"));
    }
}

static void draw_notes(const chart_ctx *c)
{
    const chart_geom *g = c->g;
    const rv_results_meta *m = rv_results_info(c->s);
    char buf[1200];
    snprintf(buf, sizeof buf,
             _("GB/s = N \xC3\x97 4 bytes / median time.  From %s (reducevis bench --sweep), compute capability %s, "
               "CUDA runtime %s, driver %s."),
             c->source && c->source[0] ? c->source : _("the results file"), m->compute_capability, m->runtime_version,
             m->driver_version);
    text_draw_fit(c->tc, FACE_SANS, g->fs_small, g->margin, g->note_y, g->w - 2 * g->margin, c->th->text_dim, buf);
}

void chart_sweep_paint(SDL_Renderer *r, text_cache *tc, const void *arg)
{
    const chart_input *in = arg;
    chart_ctx c = {r, tc, theme_get(in->theme), in->s, in->g, in->source};
    prim_fill(r, (lrect){0, 0, in->g->w, in->g->h}, c.th->bg);
    draw_title(&c);
    draw_axes(&c);
    draw_l2(&c);
    draw_copy(&c);
    draw_series(&c);
    draw_peak(&c);
    draw_failures(&c);
    draw_key(&c);
    draw_notes(&c);
}
