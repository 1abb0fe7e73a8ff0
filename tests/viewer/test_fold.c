/* test_fold.c — large blocks stay legible: warps of a kind share a row.
 *
 * At block 1024 on a 1920x1080 projector a row per warp would be a few
 * pixels high, with no label.  These checks draw such frames off-screen and
 * ask: are the rows folded and tall enough to label, does every warp land in
 * the row of its kind (by its lanes, from the trace), are the rows coloured
 * by state, do clicks land on the right warp, does the grid stay put from
 * step to step, is the warp predict mode asks about alone in its row (and in
 * a row, not the strip, even on a 720p projector), and are small blocks
 * left as they were?
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL.h>
#include "../check.h"
#include "pixels.h"
#include "viewer/window/app.h"
#include "viewer/draw/draw.h"
#include "viewer/draw/layout.h"
#include "core/predict.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"
#include "core/versions.h"

#define W 1920
#define H 1080

static viewer_canvas *canvas;

static int open_model(app *a, const char *version, int block)
{
    viewer_options o = { .version = rv_version_parse(version), .block_size = block, .width = W, .height = H };
    char err[512];
    if (app_open(a, &o, NULL, 0, err, sizeof err) != 0) {
        fprintf(stderr, "app_open: %s\n", err);
        return -1;
    }
    return 0;
}

static SDL_Surface *draw(app *a, layout *L)
{
    viewer_frame f = app_frame(a, W, H);
    draw_layout_for(&f, L);
    if (viewer_canvas_draw(canvas, &f) != 0)
        return NULL;
    return viewer_canvas_surface(canvas);
}

static uint32_t lanes_of(const rv_trace *tr, int s, int w)
{
    uint32_t m = 0;
    for (int l = 0; l < 32; l++)
        m |= (uint32_t)(rv_trace_event(tr, s, w * 32 + l)->line != 0) << l;
    return m;
}

static void test_block_1024_folds(void)
{
    app a;
    layout L;
    const theme *th = theme_get(THEME_DARK);
    CHECK(open_model(&a, "v1", 1024) == 0, "v1 at block 1024 opens");
    int smem_y = -1;
    for (int s = 0; s < a.sc.tr->nsteps; s++) {
        app_goto(&a, s);
        SDL_Surface *surf = draw(&a, &L);
        CHECK(surf && L.folded, "step %d: warps folded at 1920x1080", s);
        CHECK(L.lane_h >= L.fs_small * 1.2, "step %d: rows %d px, tall enough for a %d px label", s, L.lane_h,
              L.fs_small);
        if (smem_y < 0)
            smem_y = L.smem_y;
        CHECK(L.smem_y == smem_y, "step %d: shared memory stays at y %d (got %d)", s, smem_y, L.smem_y);
        /* Two warps share a row exactly when they run the same lanes (and
         * waste the same, and conflict alike): checked on the lanes. */
        for (int w = 1; w < 32; w++)
            for (int v = 0; v < w; v++)
                if (layout_warp_row(&L, w) == layout_warp_row(&L, v))
                    CHECK(lanes_of(a.sc.tr, s, w) == lanes_of(a.sc.tr, s, v), "step %d: w%d and w%d share a row but "
                          "not their lanes", s, w, v);
        /* Each row's label box has the colour of its warps' state. */
        for (int w = 0; w < 32 && surf; w++) {
            if (layout_row_warp(&L, layout_warp_row(&L, w)) != w)
                continue;
            const rv_warp_info *wi = rv_analysis_warp(a.sc.an, s, w);
            rgba want = wi->state == RV_WARP_FULL ? th->full : wi->state == RV_WARP_DIVERGENT ? th->divergent : th->idle;
            lrect lb = layout_warp_label(&L, w);
            CHECK_PIXEL(surf, lb.x + 1, lb.y + 1, want, "row label of a kind");
        }
    }
    /* s=1: warps 0-15 run all lanes, 16-31 none: two rows. */
    app_goto(&a, 1);
    draw(&a, &L);
    CHECK(L.fold.now == 2 && layout_warp_row(&L, 15) == 0 && layout_warp_row(&L, 16) == 1,
          "v1 s=1: two rows, w0-15 and w16-31 (%d rows)", L.fold.now);
    /* A click in a folded row lands on the first warp of its kind. */
    lrect r = layout_lane_rect(&L, 20 * 32 + 3);
    CHECK(layout_lane_at(&L, r.x + 1, r.y + 1) == 16 * 32 + 3, "a click on that row's lane 3 is thread 515");
    CHECK(layout_warp_at(&L, r.x + 1, r.y + 1) == 16, "and warp 16");
    /* Predict mode: the warp asked about has a row of its own. */
    key(&a, SDLK_a);
    app_goto(&a, 2);
    viewer_frame f = app_frame(&a, W, H);
    CHECK(predict_veiled(f.quiz) && f.quiz->q.warp >= 0, "premise: a question about a warp at step 2");
    if (predict_veiled(f.quiz) && f.quiz->q.warp >= 0) {
        draw(&a, &L);
        int qw = f.quiz->q.warp, alone = 1;
        for (int w = 0; w < 32; w++)
            alone &= w == qw || layout_warp_row(&L, w) != layout_warp_row(&L, qw);
        CHECK(L.folded && alone && L.fold.now == 2, "veiled: w%d alone, the others together (%d rows)", qw,
              L.fold.now);
    }
    app_close(&a);
}

/* On a 720p projector block 1024 falls back to the strip of warp boxes,
 * but a class cannot click lanes in a strip: predict mode keeps rows. */
static void test_predict_keeps_rows_at_720p(void)
{
    app a;
    layout L;
    viewer_options o = { .version = rv_version_parse("v0"), .block_size = 1024, .width = 1280, .height = 720 };
    char err[512];
    CHECK(app_open(&a, &o, NULL, 0, err, sizeof err) == 0, "v0 at block 1024 opens: %s", err);
    app_goto(&a, 1);
    viewer_frame f = app_frame(&a, 1280, 720);
    draw_layout_for(&f, &L);
    CHECK(L.compact, "premise: block 1024 at 1280x720 is drawn as a strip");
    key(&a, SDLK_a);
    f = app_frame(&a, 1280, 720);
    draw_layout_for(&f, &L);
    CHECK(predict_veiled(f.quiz) && f.quiz->q.type == QUIZ_LANE_SET, "premise: a lanes question at v0 s=1");
    CHECK(!L.compact && L.folded, "predict mode: rows (folded), not the strip");
    lrect r = layout_lane_rect(&L, f.quiz->q.warp * 32 + 3);
    CHECK(layout_lane_at(&L, r.x + 1, r.y + 1) == f.quiz->q.warp * 32 + 3, "the asked warp's lane 3 can be clicked");
    app_close(&a);
}

static void test_small_blocks_unchanged(void)
{
    app a;
    layout L;
    CHECK(open_model(&a, "v0", 256) == 0, "v0 at block 256 opens");
    draw(&a, &L);
    CHECK(!L.folded && !L.compact && L.lane_rows == 8, "block 256: a row per warp (%d rows)", L.lane_rows);
    app_close(&a);
}

static void test_compare_folds(void)
{
    app a;
    char msg[300];
    CHECK(open_model(&a, "v1", 1024) == 0, "v1 at block 1024 opens");
    CHECK(app_compare(&a, rv_version_parse("v2"), msg, sizeof msg) == 0, "compare with v2: %s", msg);
    app_goto(&a, 2);
    viewer_frame f = app_frame(&a, W, H);
    layout_cmp C;
    draw_compare_layout(&f, &C);
    CHECK(C.pane[0].folded && C.pane[1].folded, "both compare panes fold their warps");
    CHECK(viewer_canvas_draw(canvas, &f) == 0, "the compare frame draws");
    app_close(&a);
}

int main(void)
{
    char err[512];
    canvas = viewer_canvas_new(NULL, err, sizeof err);
    if (!canvas) {
        fprintf(stderr, "test_fold: %s\n", err);
        return 1;
    }
    test_block_1024_folds();
    test_predict_keeps_rows_at_720p();
    test_small_blocks_unchanged();
    test_compare_folds();
    viewer_canvas_free(canvas);
    return check_report();
}
