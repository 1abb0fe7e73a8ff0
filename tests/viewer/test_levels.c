/* test_levels.c — `reducevis levels`, the whole reduction lanes to GPUs,
 * headless.  Synthetic results (inputs chosen so that the figures can be
 * worked out by hand, not measurements) are painted off-screen, and the
 * picture is checked where levels_geom_for says things are:
 *   - the time bars are to scale: one GPU's, then G GPUs' as kernel then
 *     NCCL step, each in its colour (asked from the theme by meaning);
 *   - a step too short to see still gets 2 pixels, in the NCCL colour;
 *   - the committed two-GPU file is painted, its bars in the same ratio as
 *     its times;
 *   - levels_pick refuses a one-GPU bench and an N the file lacks, and picks
 *     2^31 by default.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL.h>
#include "../check.h"
#include "pixels.h"
#include "viewer/chart/levels.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"

#ifndef RV_TEST_ASSETS
#error "RV_TEST_ASSETS must name the source tree's assets folder"
#endif

static viewer_canvas *canvas;

static rv_results *synthetic(double one_ms, double kernel_ms, double nccl_ms)
{
    rv_results_meta m;
    memset(&m, 0, sizeof m);
    snprintf(m.device, sizeof m.device, "synthetic test input");
    snprintf(m.date, sizeof m.date, "2000-01-02T03:04:05Z");
    snprintf(m.data, sizeof m.data, "ones");
    m.n = 1ull << 31;
    m.gpus = 2;
    m.repeat = 20;
    m.theoretical_gbps = NAN;
    rv_results *r = rv_results_new(&m);
    rv_result_run a, b;
    memset(&a, 0, sizeof a);
    snprintf(a.version, sizeof a.version, "v8");
    a.n = 1ull << 31;
    a.block_size = 512;
    a.gpus = 1;
    a.median_ms = a.min_ms = a.kernel_ms = one_ms;
    a.nccl_ms = NAN;
    a.correct = 1;
    b = a;
    b.gpus = 2;
    snprintf(b.nccl, sizeof b.nccl, "allreduce");
    b.kernel_ms = kernel_ms;
    b.nccl_ms = nccl_ms;
    b.median_ms = b.min_ms = kernel_ms + nccl_ms;
    rv_results_add(r, &a);
    rv_results_add(r, &b);
    rv_results_derive(r);
    return r;
}

/* Paints in at w x h; the surface, or NULL after a failed CHECK. */
static SDL_Surface *paint(levels_input *in, levels_geom *g, int w, int h, int theme)
{
    levels_geom_for(in, w, h, g);
    in->g = g;
    in->theme = theme;
    in->source = "test";
    int ok = viewer_canvas_paint(canvas, w, h, levels_paint, in) == 0;
    CHECK(ok, "painted %dx%d", w, h);
    return ok ? viewer_canvas_surface(canvas) : NULL;
}


static void test_bars(void)
{
    char err[300];
    levels_input in;
    levels_geom g;
    const theme *th = theme_get(THEME_LIGHT);
    rv_results *r = synthetic(2.0, 0.9, 0.1); /* 2 GPUs: 1.0 ms = half of one GPU's 2.0 */
    CHECK(levels_pick(r, 0, "allreduce", &in, err, sizeof err) == 0, "pick: %s", err);
    SDL_Surface *s = paint(&in, &g, 1920, 1080, THEME_LIGHT);
    if (s) {
        CHECK(g.bar_one.w > 500, "one GPU's bar is long (%d)", g.bar_one.w);
        CHECK(abs(g.bar_kernel.w - (int)lround(g.bar_one.w * 0.45)) <= 1, "kernel bar %d of %d", g.bar_kernel.w, g.bar_one.w);
        CHECK(abs(g.bar_nccl.w - (int)lround(g.bar_one.w * 0.05)) <= 1, "NCCL bar %d of %d", g.bar_nccl.w, g.bar_one.w);
        CHECK(g.bar_nccl.x == g.bar_kernel.x + g.bar_kernel.w, "the NCCL step follows the kernel");
        CHECK_PIXEL(s, g.bar_one.x + g.bar_one.w / 2, g.bar_one.y + g.bar_one.h / 2, th->full, "one GPU's bar");
        CHECK_PIXEL(s, g.bar_kernel.x + g.bar_kernel.w / 2, g.bar_kernel.y + g.bar_kernel.h / 2, th->full, "kernel bar");
        CHECK_PIXEL(s, g.bar_nccl.x + g.bar_nccl.w / 2, g.bar_nccl.y + g.bar_nccl.h / 2, th->divergent, "NCCL bar");
        CHECK_PIXEL(s, g.bar_one.x + g.bar_one.w + 2, g.bar_one.y + 2, th->bg, "past the end of one GPU's bar");
        /* each row is drawn on a pane */
        for (int i = 0; i < LEVELS_COUNT; i++)
            CHECK_PIXEL(s, g.rows[i].x + g.rows[i].w - 4, g.rows[i].y + g.rows[i].h - 4, th->panel, "a row's pane");
    }
    rv_results_free(r);

    /* a step of 0.1% of the time still shows: 2 pixels in the NCCL colour */
    r = synthetic(2.0, 0.999, 0.001);
    CHECK(levels_pick(r, 1ull << 31, "allreduce", &in, err, sizeof err) == 0, "pick: %s", err);
    s = paint(&in, &g, 1920, 1080, THEME_DARK);
    if (s) {
        CHECK(g.bar_nccl.w == 2, "a tiny step is 2 px wide, not %d", g.bar_nccl.w);
        CHECK_PIXEL(s, g.bar_nccl.x, g.bar_nccl.y + g.bar_nccl.h / 2, theme_get(THEME_DARK)->divergent, "tiny NCCL bar");
    }
    /* no reduce run in this file */
    CHECK(levels_pick(r, 0, "reduce", &in, err, sizeof err) == -1 && strstr(err, "reduce"), "reduce refused: %s", err);
    CHECK(levels_pick(r, 1ull << 20, "allreduce", &in, err, sizeof err) == -1 && strstr(err, "2^20"), "2^20: %s", err);
    rv_results_free(r);
}

static void test_committed(void)
{
    char err[600];
    levels_input in;
    levels_geom g;
    rv_results *r = rv_results_load(RV_TEST_ASSETS "/results/nvidia-h200-x2-gpus.json", err, sizeof err);
    CHECK(r != NULL, "the committed file loads: %s", err);
    if (!r) return;
    CHECK(levels_pick(r, 0, "allreduce", &in, err, sizeof err) == 0, "pick: %s", err);
    CHECK(in.many && in.many->n == (1ull << 31) && in.many->gpus == 2 && in.one, "2^31 on 2 GPUs by default");
    SDL_Surface *s = paint(&in, &g, 1280, 720, THEME_LIGHT);
    if (s && in.one && in.many) {
        double want = g.bar_one.w * in.many->kernel_ms / in.one->median_ms;
        CHECK(fabs(g.bar_kernel.w - want) <= 1.0, "kernel bar %d px, want %.1f", g.bar_kernel.w, want);
        CHECK_PIXEL(s, g.bar_kernel.x + 3, g.bar_kernel.y + 3, theme_get(THEME_LIGHT)->full, "kernel bar");
    }
    rv_results_free(r);
    /* a one-GPU bench is not a bench across GPUs */
    r = rv_results_load(RV_TEST_ASSETS "/results/nvidia-h200.json", err, sizeof err);
    CHECK(r != NULL, "the one-GPU file loads: %s", err);
    if (r) {
        CHECK(levels_pick(r, 0, "allreduce", &in, err, sizeof err) == -1 && strstr(err, "not a bench across GPUs"),
              "one-GPU file refused: %s", err);
        rv_results_free(r);
    }
}

int main(void)
{
    char err[400];
    canvas = viewer_canvas_new(NULL, err, sizeof err);
    if (!canvas) {
        fprintf(stderr, "no canvas: %s\n", err);
        return 1;
    }
    test_bars();
    test_committed();
    viewer_canvas_free(canvas);
    return check_report();
}
