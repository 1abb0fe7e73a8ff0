/* test_chart.c — `reducevis chart`, the sweep chart, headless.
 *
 * The committed sweep is charted off-screen, written as PNG through the
 * exporter's writer and read back; the picture is then checked where the
 * chart's own geometry (chart_sweep_geom) says things are, with colours
 * asked from the theme by meaning:
 *   - the PNG has the size asked for, in its header and decoded;
 *   - the theoretical peak is one horizontal line across the plot at the
 *     height the gridlines found in the picture give its GB/s;
 *   - every variant's colour is drawn in the plot and in its key row; v8's
 *     and CUB's lines are thicker than the others;
 *   - a run whose sum was wrong gets a cross on its point; an unknown peak
 *     gets no line;
 *   - light and dark differ; files that are not sweeps are refused.
 * Premises (the file is a sweep of 11 sizes with a known peak, the colours
 * are distinct) are checked first, so a change in the data or the theme
 * cannot make a pixel check pass vacuously.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL.h>
#include "../check.h"
#include "pixels.h"
#include "png_read.h"
#include "viewer/chart/chart_pair.h"
#include "viewer/chart/chart_sweep.h"
#include "viewer/export/export.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"
#include "core/results.h"

#ifndef RV_TEST_ASSETS
#error "RV_TEST_ASSETS must name the source tree's assets folder"
#endif

#define SWEEP RV_TEST_ASSETS "/results/nvidia-h200-sweep.json"
#define MAIN RV_TEST_ASSETS "/results/nvidia-h200.json"
#define SWEEP2 RV_TEST_ASSETS "/results/nvidia-h100-80gb-hbm3-sweep.json"

static viewer_canvas *canvas;
static char tmpdir[256];

/* ---- helpers ---------------------------------------------------------------- */

/* Charts s at w x h in a theme into tmpdir/name, reads it back into im and
 * fills g.  0, or -1 (after a failed CHECK). */
static int chart_png(const rv_results *s, int w, int h, int th, const char *name, chart_geom *g, image *im)
{
    char path[400], err[600];
    chart_sweep_geom(s, w, h, g);
    chart_input in = { .s = s, .source = "test", .theme = th, .g = g };
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    int ok = viewer_canvas_paint(canvas, w, h, chart_sweep_paint, &in) == 0;
    CHECK(ok, "%s: painted", name);
    ok = ok && export_write_png(viewer_canvas_surface(canvas), path, err, sizeof err) == 0;
    CHECK(ok, "%s: written (%s)", name, err);
    int hw = 0, hh = 0;
    CHECK(ok && png_header_size(path, &hw, &hh) == 0 && hw == w && hh == h,
          "%s: the PNG header says %dx%d, asked for %dx%d", name, hw, hh, w, h);
    memset(im, 0, sizeof *im);
    ok = ok && png_load(path, im) == 0 && im->w == w && im->h == h;
    CHECK(ok, "%s: decodes at %dx%d", name, w, h);
    return ok ? 0 : -1;
}

/* Pixels of colour c in r. */
static int count(const image *im, lrect r, rgba c)
{
    int n = 0;
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++)
            n += x >= 0 && y >= 0 && x < im->w && y < im->h && same(px(im, x, y), c);
    return n;
}

/* Rows of the plot in which colour c covers at least `share` of the width:
 * the first y of each band of such rows into ys (and its height into hs);
 * returns how many bands. */
static int bands(const image *im, lrect p, rgba c, double share, int *ys, int *hs, int max)
{
    int n = 0, in = 0;
    for (int y = p.y; y < p.y + p.h; y++) {
        int hit = count(im, (lrect){ p.x, y, p.w, 1 }, c) >= share * p.w;
        if (hit && !in && n < max) {
            ys[n] = y;
            hs[n++] = 1;
        } else if (hit && in) {
            hs[n - 1]++;
        }
        in = hit;
    }
    return n;
}

/* The top right of the plot, where the note of an unknown peak goes. */
static lrect note_band(const chart_geom *g)
{
    lrect p = g->axes.area;
    return (lrect){ p.x + p.w * 7 / 10, p.y + 1, p.w * 3 / 10, 2 * g->fs_small };
}

/* A copy of s with changes: `wrong` (a variant, at N = n) marked as a
 * failed sum; the theoretical peak unknown when `no_peak`. */
static rv_results *altered(const rv_results *s, const char *wrong, uint64_t n, int no_peak)
{
    rv_results_meta m = *rv_results_info(s);
    if (no_peak)
        m.theoretical_gbps = NAN;
    rv_results *r = rv_results_new(&m);
    for (int i = 0; r && i < rv_results_count(s); i++) {
        rv_result_run run = *rv_results_run(s, i);
        if (wrong && !strcmp(run.version, wrong) && run.n == n)
            run.correct = 0;
        rv_results_add(r, &run);
    }
    return r;
}

/* ---- tests ------------------------------------------------------------------ */

static void test_check(const rv_results *s)
{
    char why[300];
    CHECK(chart_sweep_check(s, why, sizeof why) == 0, "the bundled sweep can be charted: %s", why);
    rv_results *one = rv_results_load(MAIN, why, sizeof why);
    CHECK(one != NULL, "the bundled run at one N loads: %s", why);
    if (one) {
        CHECK(chart_sweep_check(one, why, sizeof why) != 0, "a run at one N is refused");
        CHECK_CONTAINS(why, "not a sweep; run `reducevis bench --sweep");
        rv_results_free(one);
    }
    /* A sweep that holds a single size. */
    rv_results *r = rv_results_new(rv_results_info(s));
    if (r) {
        rv_results_add(r, rv_results_run(s, 0));
        CHECK(chart_sweep_check(r, why, sizeof why) != 0, "a sweep of one size is refused");
        CHECK_CONTAINS(why, "a chart needs at least 2");
        rv_results_free(r);
    }
}

/* The variants the sweep has, which the chart draws. */
static int variants_in(const rv_results *s)
{
    int n = 0;
    for (int k = 0; k < RV_RESULTS_NVARIANTS; k++)
        n += rv_results_find(s, rv_results_variant(k), 0) != NULL;
    return n;
}

static void test_premises(const rv_results *s, const theme *th)
{
    const uint64_t *sizes;
    CHECK(rv_results_info(s)->sweep && rv_results_sizes(s, &sizes) == 11, "the bundled sweep has 11 sizes");
    CHECK(isfinite(rv_results_theoretical_gbps(s)), "its theoretical peak is known");
    for (int k = 0; k < RV_RESULTS_NVARIANTS; k++) {
        CHECK(rv_results_find(s, rv_results_variant(k), 0) != NULL, "%s is in the sweep", rv_results_variant(k));
        rgba c = theme_series(th, k);
        CHECK(!same(c, th->bg) && !same(c, th->panel) && !same(c, th->panel_edge) && !same(c, th->text)
                  && !same(c, th->text_dim) && !same(c, th->text_strong) && !same(c, th->conflict[2]),
              "%s's colour is none of the chart's other colours", rv_results_variant(k));
        for (int j = 0; j < k; j++)
            CHECK(!same(c, theme_series(th, j)), "%s and %s differ in colour", rv_results_variant(j),
                  rv_results_variant(k));
    }
}

static void test_geometry(const rv_results *s)
{
    static const int sizes[][2] = { { 1920, 1080 }, { 1280, 720 }, { 640, 360 }, { 3840, 2160 } };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        chart_geom g;
        int w = sizes[i][0], h = sizes[i][1];
        chart_sweep_geom(s, w, h, &g);
        lrect p = g.axes.area;
        CHECK(g.nseries == variants_in(s), "%dx%d: every variant in the sweep is a series (%d)", w, h, g.nseries);
        CHECK(p.w > w / 3 && p.h > h / 3, "%dx%d: the plot takes room (%dx%d)", w, h, p.w, p.h);
        CHECK(p.x + p.w <= g.key.x && g.key.x + g.key.w <= w, "%dx%d: the key is right of the plot", w, h);
        CHECK(g.key.y + g.key.h <= g.note_y, "%dx%d: the key ends above the small print", w, h);
        CHECK(g.strong_t > g.line_t, "%dx%d: v8 and CUB thicker", w, h);
        const uint64_t *ns;
        int n = rv_results_sizes(s, &ns), inside = 0, pts = 0;
        for (int j = 0; j < rv_results_count(s); j++) {
            const rv_result_run *q = rv_results_run(s, j);
            int x, y;
            plot_point(&g.axes, q->n, q->gbps, &x, &y);
            inside += lrect_contains(p, x, y);
            pts++;
        }
        CHECK(inside == pts, "%dx%d: %d of %d points inside the plot", w, h, inside, pts);
        int x0, x1, y;
        plot_point(&g.axes, ns[0], 0, &x0, &y);
        plot_point(&g.axes, ns[n - 1], 0, &x1, &y);
        CHECK(x0 == p.x && x1 == p.x + p.w - 1 && y == p.y + p.h - 1, "%dx%d: N spans the axes, 0 GB/s at the foot",
              w, h);
    }
}

/* The peak: one line, at the height the picture's own gridlines give it. */
static void check_peak(const rv_results *s, const chart_geom *g, const image *im, const theme *th)
{
    lrect p = g->axes.area;
    int gy[16], gh[16], ay[4], ah[4], py[4], ph[4];
    int ngrid = bands(im, p, th->panel_edge, 0.6, gy, gh, 16);
    int naxis = bands(im, p, th->text_dim, 0.6, ay, ah, 4);
    CHECK(ngrid >= 3 && naxis == 1, "gridlines found (%d) and one 0 GB/s axis (%d)", ngrid, naxis);
    if (ngrid < 3 || naxis != 1)
        return;
    /* Gridlines are evenly spaced up from the axis; the top one is g->axes.top. */
    double pitch = (double)(ay[0] - gy[0]) / ngrid;
    for (int i = 0; i < ngrid; i++)
        CHECK(fabs(ay[0] - pitch * (ngrid - i) - gy[i]) <= 1.0, "gridline %d evenly spaced (y %d)", i, gy[i]);
    double peak = rv_results_theoretical_gbps(s), want = ay[0] - peak / (g->axes.top / ngrid) * pitch;
    int npeak = bands(im, p, th->text_strong, 0.95, py, ph, 4);
    CHECK(npeak == 1, "one horizontal line of the peak's colour across the plot (found %d)", npeak);
    if (npeak == 1) {
        double mid = py[0] + (ph[0] - 1) / 2.0;
        CHECK(fabs(mid - want) <= 1.5, "the peak line is at y %.1f where %.0f GB/s is (y %.1f)", mid, peak, want);
        CHECK(ph[0] == g->ref_t, "the peak line is %d pixels thick (%d)", g->ref_t, ph[0]);
    }
}

/* The y of variant k's line half way between sizes i and i + 1 (the
 * segments are straight in pixels), or -1 when it has no run there. */
static double mid_y(const rv_results *s, const chart_geom *g, int k, int i)
{
    const uint64_t *ns;
    rv_results_sizes(s, &ns);
    const rv_result_run *a = rv_results_find(s, rv_results_variant(k), ns[i]);
    const rv_result_run *b = rv_results_find(s, rv_results_variant(k), ns[i + 1]);
    if (!a || !b) return -1;
    int xa, ya, xb, yb;
    plot_point(&g->axes, a->n, a->gbps, &xa, &ya);
    plot_point(&g->axes, b->n, b->gbps, &xb, &yb);
    return (ya + yb) / 2.0;
}

/* Whether variant j's line is drawn after variant k's (and may cover it):
 * the strong lines last, otherwise in variant order. */
static int drawn_after(int j, int k)
{
    int sj = chart_series_strong(j), sk = chart_series_strong(k);
    return sj != sk ? sj > sk : j > k;
}

/* The x half way between the two sizes where variant k's line lies farthest
 * (in y) from every line drawn over it. */
static int isolated_column(const rv_results *s, const chart_geom *g, int k)
{
    const uint64_t *ns;
    int nsizes = rv_results_sizes(s, &ns), best_i = 0;
    double best = -1;
    for (int i = 0; i + 1 < nsizes; i++) {
        double y = mid_y(s, g, k, i), gap = 1e9;
        for (int j = 0; j < RV_RESULTS_NVARIANTS && y >= 0; j++) {
            double o = mid_y(s, g, j, i);
            if (j != k && drawn_after(j, k) && o >= 0 && fabs(o - y) < gap) gap = fabs(o - y);
        }
        if (y >= 0 && gap > best) best = gap, best_i = i;
    }
    CHECK(best >= 2 * g->strong_t, "%s's line is clear of the lines over it somewhere (%.0f px at best)",
          rv_results_variant(k), best);
    int xa, xb, y;
    plot_point(&g->axes, ns[best_i], 0, &xa, &y);
    plot_point(&g->axes, ns[best_i + 1], 0, &xb, &y);
    return (xa + xb) / 2;
}

/* Every variant drawn in the plot and in the key; v8 and CUB thicker. */
static void check_series(const rv_results *s, const chart_geom *g, const image *im, const theme *th)
{
    lrect p = g->axes.area;
    for (int i = 0; i < g->nseries; i++) {
        int k = g->series[i];
        const char *name = rv_results_variant(k);
        int n = count(im, p, theme_series(th, k));
        CHECK(n >= 40, "%s's colour drawn in the plot (%d pixels)", name, n);
        lrect row = chart_key_row(g, i);
        CHECK_PX(im, row.x + g->fs_label, row.y + row.h / 2, theme_series(th, k), "the key's swatch");
    }
    /* Thickness: in the column half way between two sizes where CUB's line
     * lies farthest from every line drawn over it, and v0's likewise. */
    lrect col = { isolated_column(s, g, RV_RESULTS_NVARIANTS - 1), p.y, 1, p.h };
    int thick = count(im, col, theme_series(th, RV_RESULTS_NVARIANTS - 1));
    col.x = isolated_column(s, g, 0);
    int thin = count(im, col, theme_series(th, 0));
    CHECK(thin >= g->line_t && thick >= g->strong_t && thick > thin, "CUB's line (%d px) thicker than v0's (%d px)",
          thick, thin);
}

static void test_bundled(const rv_results *s)
{
    const theme *th = theme_get(THEME_LIGHT);
    chart_geom g;
    image im;
    if (chart_png(s, 1920, 1080, THEME_LIGHT, "light.png", &g, &im) != 0)
        return;
    CHECK_PX(&im, 1, 1, th->bg, "the light background");
    CHECK_PX(&im, g.axes.area.x + 4, g.axes.area.y + 4, th->panel, "the plot's ground");
    CHECK(g.failed == 0, "premise: no sum failed in the bundled sweep");
    CHECK(count(&im, g.axes.area, th->conflict[2]) == 0, "no cross where every sum was right");
    check_peak(s, &g, &im, th);
    check_series(s, &g, &im, th);
    free(im.rgb);

    /* Dark: another background, the same picture. */
    const theme *dk = theme_get(THEME_DARK);
    CHECK(!same(th->bg, dk->bg), "premise: the themes' backgrounds differ");
    if (chart_png(s, 1280, 720, THEME_DARK, "dark.png", &g, &im) != 0)
        return;
    CHECK_PX(&im, 1, 1, dk->bg, "the dark background");
    CHECK(!same(px(&im, 1, 1), th->bg), "dark is not light");
    check_peak(s, &g, &im, dk);
    check_series(s, &g, &im, dk);
    free(im.rgb);
}

/* A wrong sum gets a cross on its point, the key says so; an unknown
 * peak gets no line. */
static void test_altered(const rv_results *s)
{
    const theme *th = theme_get(THEME_LIGHT);
    const uint64_t *ns;
    rv_results_sizes(s, &ns);
    rv_results *r = altered(s, "v3", ns[5], 1);
    CHECK(r != NULL, "altered copy made");
    if (!r)
        return;
    chart_geom g;
    image im;
    if (chart_png(r, 1920, 1080, THEME_LIGHT, "altered.png", &g, &im) == 0) {
        CHECK(g.failed == 1, "one failed sum counted (%d)", g.failed);
        int x, y;
        plot_point(&g.axes, ns[5], rv_results_find(r, "v3", ns[5])->gbps, &x, &y);
        CHECK_PX(&im, x, y, th->conflict[2], "the cross on v3 at 2^25");
        CHECK_PX(&im, x + g.strong_dot - 1, y, th->conflict[2], "the ring round it");
        CHECK_PX(&im, x + g.strong_dot - g.ref_t - 2, y, th->panel, "the ring is a ring");
        lrect key = chart_key_row(&g, g.nseries + CHART_KEY_FAILED);
        CHECK(count(&im, key, th->conflict[2]) > 20, "the key explains the cross");
        int py[4], ph[4];
        CHECK(bands(&im, g.axes.area, th->text_strong, 0.95, py, ph, 4) == 0, "an unknown peak draws no line");
        CHECK(count(&im, note_band(&g), th->text_dim) > 50, "a note where the peak's label would be");
        free(im.rgb);
    }
    /* The same point unaltered: no cross; the peak known: no note. */
    chart_geom g0;
    if (chart_png(s, 1920, 1080, THEME_LIGHT, "plain.png", &g0, &im) == 0) {
        int x, y;
        plot_point(&g0.axes, ns[5], rv_results_find(s, "v3", ns[5])->gbps, &x, &y);
        CHECK(!same(px(&im, x, y), th->conflict[2]), "no cross on a right sum");
        CHECK(count(&im, note_band(&g0), th->text_dim) == 0, "no note when the peak is known");
        free(im.rgb);
    }
    rv_results_free(r);
}

/* A sweep that has every variant, as the next GPU recording will: the bundled
 * one with a v9 added (synthetic: v8's runs at 1.25 times the time, only so
 * that its line lies apart; not a measurement).  Twelve series fit the key at
 * every size, and each is drawn in its own colour. */
static void test_with_v9(const rv_results *s)
{
    if (rv_results_find(s, "v9", 0))
        return; /* the bundled sweep has it already: test_geometry covered it */
    rv_results *r = rv_results_new(rv_results_info(s));
    CHECK(r != NULL, "a copy made");
    if (!r)
        return;
    for (int i = 0; i < rv_results_count(s); i++) {
        rv_result_run q = *rv_results_run(s, i);
        rv_results_add(r, &q);
        if (!strcmp(q.version, "v8")) {
            snprintf(q.version, sizeof q.version, "v9");
            q.median_ms *= 1.25;
            q.min_ms *= 1.25;
            rv_results_add(r, &q);
        }
    }
    rv_results_derive(r);
    CHECK(variants_in(r) == RV_RESULTS_NVARIANTS, "every variant in the altered sweep (%d)", variants_in(r));
    test_geometry(r);
    chart_geom g;
    image im;
    if (chart_png(r, 1280, 720, THEME_DARK, "with-v9.png", &g, &im) == 0) {
        check_series(r, &g, &im, theme_get(THEME_DARK));
        free(im.rgb);
    }
    rv_results_free(r);
}

/* The command, called as the CLI calls it. */
/* Two GPUs on one chart: v8 and CUB of each drawn where the shared axes put
 * their last points; the spread bars of the file that kept quartiles. */
static void test_pair(const rv_results *a)
{
    char err[600], path[400];
    rv_results *b = rv_results_load(SWEEP2, err, sizeof err);
    CHECK(b != NULL, "the H100 sweep loads: %s", err);
    if (!b)
        return;
    const theme *th = theme_get(THEME_LIGHT);
    chart_pair_input in = { { b, a }, { "h100", "h200" }, THEME_LIGHT, 1920, 1080 };
    plot_axes ax;
    chart_pair_axes(&in, &ax);
    CHECK(ax.top >= rv_results_theoretical_gbps(a) && ax.top >= rv_results_theoretical_gbps(b),
          "the axes hold both peaks (top %.0f)", ax.top);
    snprintf(path, sizeof path, "%s/pair.png", tmpdir);
    CHECK(viewer_canvas_paint(canvas, 1920, 1080, chart_pair_paint, &in) == 0, "pair painted");
    CHECK(export_write_png(viewer_canvas_surface(canvas), path, err, sizeof err) == 0, "pair written: %s", err);
    image im;
    memset(&im, 0, sizeof im);
    if (png_load(path, &im) != 0) {
        CHECK(0, "pair decodes");
        rv_results_free(b);
        return;
    }
    for (int d = 0; d < 2; d++)
        for (int k = 0; k < CHART_PAIR_SERIES; k++) {
            const char *name = chart_pair_series(k);
            int x, y, kv = 0;
            for (int j = 0; j < RV_RESULTS_NVARIANTS; j++)
                if (!strcmp(rv_results_variant(j), name))
                    kv = j;
            CHECK(plot_last_point(&ax, in.s[d], name, &x, &y), "%s has a last point", name);
            lrect around = { x - 6, y - 6, 13, 13 };
            CHECK(count(&im, around, theme_series(th, kv)) > 0, "%s of %s drawn at its last point (%d, %d)", name,
                  rv_results_device(in.s[d]), x, y);
        }
    /* the H100's v8 at 2^21 kept a spread wider than its marker: a bar */
    const rv_result_run *q = rv_results_find(b, "v8", 1u << 21);
    CHECK(q && q->q1_ms < q->q3_ms, "premise: the H100 sweep kept v8's quartiles at 2^21");
    if (q) {
        int x, y_lo, y_hi, kv = 0;
        for (int j = 0; j < RV_RESULTS_NVARIANTS; j++)
            if (!strcmp(rv_results_variant(j), "v8"))
                kv = j;
        plot_point(&ax, q->n, q->n * 4.0 / (q->q3_ms * 1e6), &x, &y_lo);
        plot_point(&ax, q->n, q->n * 4.0 / (q->q1_ms * 1e6), &x, &y_hi);
        CHECK(y_lo - y_hi > 20, "premise: the bar is taller than a marker (%d px)", y_lo - y_hi);
        CHECK(count(&im, (lrect){ x - 1, y_hi + 1, 3, 2 }, theme_series(th, kv)) > 0 &&
              count(&im, (lrect){ x - 1, y_lo - 2, 3, 2 }, theme_series(th, kv)) > 0,
              "v8's q1 .. q3 bar at 2^21 spans %d .. %d", y_hi, y_lo);
    }
    free(im.rgb);
    rv_results_free(b);
    /* the command: two files, a third refused */
    char out[400];
    snprintf(out, sizeof out, "%s/pair-cmd.png", tmpdir);
    char *argv[] = { "chart", SWEEP2, SWEEP, "--size", "1280x720", "-o", out, NULL };
    CHECK(chart_main(7, argv) == 0, "chart A B succeeds");
    char *three[] = { "chart", SWEEP2, SWEEP, SWEEP, "-o", out, NULL };
    CHECK(chart_main(6, three) == 1, "a third file is a usage error");
}

static void test_main(void)
{
    char out[400];
    snprintf(out, sizeof out, "%s/cmd.png", tmpdir);
    char *argv[] = { "chart", SWEEP, "--size", "800x600", "--theme", "dark", "-o", out, NULL };
    CHECK(chart_main(8, argv) == 0, "chart SWEEP --size 800x600 --theme dark succeeds");
    int w = 0, h = 0;
    CHECK(png_header_size(out, &w, &h) == 0 && w == 800 && h == 600, "800x600 written, header says %dx%d", w, h);
    char *not_sweep[] = { "chart", MAIN, "-o", out, NULL };
    CHECK(chart_main(4, not_sweep) == 2, "a run at one N is a runtime error");
    char *bad_size[] = { "chart", SWEEP, "--size", "100x100", "-o", out, NULL };
    CHECK(chart_main(6, bad_size) == 1, "a size below 640x360 is a usage error");
    char *no_out[] = { "chart", SWEEP, NULL };
    CHECK(chart_main(2, no_out) == 1, "no -o is a usage error");
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/rv_test_chart_XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    char err[600];
    rv_results *s = rv_results_load(SWEEP, err, sizeof err);
    canvas = viewer_canvas_new(NULL, err, sizeof err);
    CHECK(s && canvas, "the sweep and the fonts load: %s", err);
    if (s && canvas) {
        test_premises(s, theme_get(THEME_LIGHT));
        test_premises(s, theme_get(THEME_DARK));
        test_check(s);
        test_geometry(s);
        test_bundled(s);
        test_altered(s);
        test_with_v9(s);
        test_main();
        test_pair(s);
    }
    viewer_canvas_free(canvas);
    rv_results_free(s);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "test_chart: could not remove %s\n", tmpdir);
    return check_report();
}
