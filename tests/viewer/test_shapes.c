/* test_shapes.c — a student's launch of any shape, in the viewer.
 *
 * Traces built from raw records made in memory (../own_shapes.h: one
 * thread, 48 threads, 16×16, 8×8×4), saved and opened as `reducevis view
 * FILE` opens them:
 *  - the header says the shape the picture cannot show: the partial warp
 *    whose missing lanes are not drawn, the block of rows drawn flat, which
 *    blockIdx was traced; the lane's tooltip gives its threadIdx; the colour
 *    key's full warp is "all its lanes" where a warp is partial;
 *  - drawn, the 48-thread block's warp 1 has 16 lanes: lane 15 is painted
 *    in its state's colour, and where lanes 16..31 would be there is only
 *    the pane (never the colour of a lane that does not execute), at the
 *    load where all 16 work and at the write where none does;
 *  - the "Real timed run" panel dates an own trace's timed run with the
 *    trace's date, not the bundled results file's, and says whose the
 *    versions' bars are;
 *  - predict mode's questions hold words at every step of every shape;
 *  - compare mode says the shape in the own trace's pane, both panes kept
 *    level, and two versions compared keep no line for it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <SDL.h>
#include "../check.h"
#include "../own_shapes.h"
#include "pixels.h"
#include "viewer/window/app.h"
#include "viewer/scene/scene.h"
#include "core/datadir.h"
#include "core/i18n.h"
#include "core/quiz.h"
#include "core/results.h"

#define W 1280
#define H 720

static const char *dirs[] = { RV_TEST_ASSETS };
static viewer_canvas *canvas;
static scene sc;   /* large: off the stack */

/* The trace of launch l, timed (0.011 ms), saved to path and opened. */
static int open_shape(app *a, const shapes_launch *l, const char *path)
{
    char err[600] = "";
    rv_trace *tr = shapes_trace(l, err, sizeof err);
    if (!tr || (tr->own_ms = 0.011, rv_trace_save(tr, path, err, sizeof err))) {
        fprintf(stderr, "%s: %s\n", path, err);
        rv_trace_free(tr);
        return -1;
    }
    rv_trace_free(tr);
    viewer_options o = { .file = path, .version = -1, .width = W, .height = H };
    if (app_open(a, &o, dirs, 1, err, sizeof err) != 0) {
        fprintf(stderr, "app_open %s: %s\n", path, err);
        app_close(a);
        return -1;
    }
    return 0;
}

/* Pixels of r in colour c. */
static int pixels_like(SDL_Surface *s, lrect r, rgba c)
{
    int n = 0;
    for (int y = r.y; y < r.y + r.h && y < s->h; y++)
        for (int x = r.x; x < r.x + r.w && x < s->w; x++)
            n += same(pixel(s, x, y), c);
    return n;
}

/* Step `step` of the 48-thread trace drawn: lane 47 (warp 1's last) in
 * colour `lane`, and nothing of a lane where lane 48 would be. */
static void check_partial_drawn(app *a, int step, rgba lane, const char *what)
{
    app_goto(a, step);
    viewer_frame f = app_frame(a, W, H);
    layout L;
    draw_layout_for(&f, &L);
    CHECK(viewer_canvas_draw(canvas, &f) == 0, "step %d drawn", step + 1);
    SDL_Surface *s = viewer_canvas_surface(canvas);
    const theme *th = theme_get(f.theme ? THEME_LIGHT : THEME_DARK);
    lrect have = layout_lane_rect(&L, 47), none = layout_lane_rect(&L, 48);
    int area = have.w * have.h;
    CHECK(!L.compact && have.y == none.y && none.x > have.x, "step %d: warp 1 drawn as a row of lanes", step + 1);
    CHECK(pixels_like(s, have, lane) > area / 2, "step %d: lane 15 of warp 1 is %s (%d of %d pixels)", step + 1, what,
          pixels_like(s, have, lane), area);
    CHECK(pixels_like(s, none, th->lane_off) == 0 && pixels_like(s, none, th->full) == 0,
          "step %d: where lane 16 of warp 1 would be, no lane is drawn (%d idle-lane pixels)", step + 1,
          pixels_like(s, none, th->lane_off));
    CHECK(pixels_like(s, none, th->panel) > area / 2, "step %d: ... only the pane (%d of %d pixels)", step + 1,
          pixels_like(s, none, th->panel), area);
}

static void check_48(void)
{
    app a;
    char path[128];
    snprintf(path, sizeof path, "/tmp/rv_test_shapes48_%d.rvt", (int)getpid());
    if (open_shape(&a, &(shapes_launch){.block = {48, 1, 1}, .grid = {4, 1, 1}}, path) != 0) {
        CHECK(0, "the 48-thread trace opens");
        unlink(path);
        return;
    }
    viewer_frame f = app_frame(&a, W, H);
    scene_build(&sc, &f);
    CHECK(!strcmp(sc.frame.header.shape, "block of 48 threads: warp 1 is partial, 16 of 32 lanes: lanes 16\xE2\x80\x93"
                                         "31 do not exist and are not drawn"),
          "the header says the partial warp: \"%s\"", sc.frame.header.shape);
    CHECK(sc.frame.full_key && !strcmp(sc.frame.full_key, "full warp (all its lanes)"), "the key: %s",
          sc.frame.full_key ? sc.frame.full_key : "(none)");
    CHECK(sc.block[0].nwarps == 2 && sc.block[0].warp[1].tone == BLOCK_TONE_FULL,
          "warp 1's 16 lanes all load: a full warp, not a divergent one");
    /* (c) the timed run is the student's own: its date, not the bundle's */
    const scene_panel *p = &sc.panel;
    char bundled[16];
    snprintf(bundled, sizeof bundled, "%.10s", a.results ? rv_results_date(a.results) : "");
    CHECK(a.results && strcmp(bundled, "2026-11-24") != 0, "premise: the bundled results are of another date (%s)", bundled);
    CHECK(!strncmp(p->date, "2026-11-24", 10) && !strstr(p->date, bundled),
          "the panel dates the own run with the trace's date: \"%s\" (bundled: %s)", p->date, bundled);
    CHECK_CONTAINS(p->date, "your kernel");
    CHECK_CONTAINS(p->device, SHAPES_DEVICE);
    CHECK(strstr(p->replay, "versions' bars") && strstr(p->replay, bundled), "the bars are the bundle's, said: \"%s\"",
          p->replay);
    check_partial_drawn(&a, 0, theme_get(f.theme ? THEME_LIGHT : THEME_DARK)->full, "a working lane");
    check_partial_drawn(&a, 1, theme_get(f.theme ? THEME_LIGHT : THEME_DARK)->lane_off, "a lane not executing");
    app_close(&a);
    unlink(path);
}

/* Compare mode says the shape too, in the own trace's pane: a line under
 * its cross-check, kept in both panes so that their grids line up, drawn
 * (the same frame goes into export --compare's PNGs and GIF); two versions
 * compared keep no such line. */
static void check_compare(void)
{
    char path[128], err[600] = "";
    snprintf(path, sizeof path, "/tmp/rv_test_shapes_cmp_%d.rvt", (int)getpid());
    rv_trace *tr = shapes_trace(&(shapes_launch){.block = {48, 1, 1}, .grid = {4, 1, 1}}, err, sizeof err);
    if (!tr || rv_trace_save(tr, path, err, sizeof err)) {
        CHECK(0, "the 48-thread trace saved: %s", err);
        rv_trace_free(tr);
        return;
    }
    rv_trace_free(tr);
    app a;
    viewer_options o = { .file = path, .version = -1, .width = W, .height = H, .compare = rv_version_parse("v1") + 1 };
    if (app_open(&a, &o, dirs, 1, err, sizeof err) != 0) {
        CHECK(0, "compare opens: %s", err);
        app_close(&a);
        unlink(path);
        return;
    }
    viewer_frame f = app_frame(&a, W, H);
    scene_build(&sc, &f);
    CHECK(sc.compare && !strcmp(sc.cmp.pane[0].shape, "block of 48 threads: warp 1 is partial, 16 of 32 lanes: lanes "
                                                      "16\xE2\x80\x93" "31 do not exist and are not drawn"),
          "compare: the own pane says the partial warp: \"%s\"", sc.cmp.pane[0].shape);
    CHECK(!sc.cmp.pane[1].shape[0], "compare: v1's pane has no shape to say");
    layout_cmp C;
    draw_compare_layout(&f, &C);
    CHECK(C.shapeline[0].h > 0 && C.shapeline[1].h == C.shapeline[0].h && C.codeline[0].y == C.codeline[1].y,
          "compare: a line for the shape in both panes, the grids level");
    CHECK(viewer_canvas_draw(canvas, &f) == 0, "compare drawn");
    SDL_Surface *s = viewer_canvas_surface(canvas);
    const theme *th = theme_get(f.theme ? THEME_LIGHT : THEME_DARK);
    lrect r0 = C.shapeline[0], r1 = C.shapeline[1];
    CHECK(r0.w * r0.h - pixels_like(s, r0, th->bg) > 50, "compare: the shape is drawn in the own pane");
    CHECK(r1.w * r1.h - pixels_like(s, r1, th->bg) == 0, "compare: v1's line is empty");
    app_close(&a);
    unlink(path);

    viewer_options v = { .version = rv_version_parse("v1"), .width = W, .height = H, .compare = rv_version_parse("v2") + 1 };
    if (app_open(&a, &v, dirs, 1, err, sizeof err) == 0) {
        f = app_frame(&a, W, H);
        draw_compare_layout(&f, &C);
        CHECK(C.shapeline[0].h == 0 && C.shapeline[1].h == 0, "v1 against v2: no shape line");
    } else {
        CHECK(0, "v1 against v2 opens: %s", err);
    }
    app_close(&a);
}

/* The header's words, the lane's tooltip and predict mode for a shape. */
static void check_words(const shapes_launch *l, const char *name, const char *shape, int tip_thread, const char *tip)
{
    app a;
    char path[128];
    snprintf(path, sizeof path, "/tmp/rv_test_shapes_%s_%d.rvt", name, (int)getpid());
    if (open_shape(&a, l, path) != 0) {
        CHECK(0, "%s opens", name);
        unlink(path);
        return;
    }
    viewer_frame f = app_frame(&a, W, H);
    scene_build(&sc, &f);
    CHECK(strstr(sc.frame.header.shape, shape) != NULL, "%s: the header says \"%s\": \"%s\"", name, shape,
          sc.frame.header.shape);
    if (tip) {
        char lines[SCENE_TIP_LINES][SCENE_TIP_LEN];
        int n = scene_tip_text(&f, SCENE_TIP_LANE, tip_thread, lines);
        CHECK(n > 0 && strstr(lines[0], tip), "%s: thread %d's tooltip says \"%s\": \"%s\"", name, tip_thread, tip,
              n > 0 ? lines[0] : "");
    }
    for (int s = 0; s < a.sc.tr->nsteps; s++) {
        quiz_question q;
        if (quiz_pick_question(a.sc.an, s, &q))
            CHECK(q.text[0] && q.answer[0] && q.explain[0], "%s step %d: the question has words", name, s + 1);
    }
    app_key(&a, SDLK_a, 0);   /* predict mode, through every step */
    for (int s = 0; s < 3 * a.sc.tr->nsteps; s++) {
        app_key(&a, SDLK_RIGHT, 0);
        viewer_frame g = app_frame(&a, W, H);
        g.quiz = app_predict_frame(&a);
        scene_build(&sc, &g);
        CHECK(viewer_canvas_draw(canvas, &g) == 0, "%s: predict mode drawn", name);
    }
    app_close(&a);
    unlink(path);
}

int main(void)
{
    char locale[1024], err[512];
    rv_locale_dir(locale, sizeof locale);
    i18n_init("en", locale, NULL, 0);
    canvas = viewer_canvas_new(NULL, err, sizeof err);
    if (!canvas) {
        fprintf(stderr, "test_shapes: %s\n", err);
        return 1;
    }
    check_48();
    check_compare();
    check_words(&(shapes_launch){.block = {1, 1, 1}, .grid = {1, 1, 1}}, "one", "block of 1 thread: warp 0 is partial, 1 of 32 lanes", -1,
                NULL);
    check_words(&(shapes_launch){.block = {16, 16, 1}, .grid = {2, 2, 1}}, "16x16",
                "block 16\xC3\x97" "16 (256 threads, numbered x fastest): drawn flat", 17,
                "thread 17 = threadIdx (1, 1, 0)");
    check_words(&(shapes_launch){.block = {8, 8, 4}, .grid = {3, 1, 1}}, "8x8x4",
                "block 8\xC3\x97" "8\xC3\x97" "4 (256 threads, numbered x fastest): drawn flat", 200,
                "thread 200 = threadIdx (0, 1, 3)");
    check_words(&(shapes_launch){.block = {16, 16, 1}, .grid = {2, 2, 1}}, "16x16 grid", "grid 2\xC3\x97" "2: the traced block is blockIdx (0, 0, 0)",
                -1, NULL);
    viewer_canvas_free(canvas);
    return check_report();
}
