/* test_verify_words.c — the hardware cross-check in the viewer, headless.
 *
 * The recorded table (assets/results/nvidia-h200-verify.json) is found from
 * the trace's device; its per-block conflicts are worded for the right
 * column and for compare mode (v1 at block 256: predicted equals measured),
 * a block size verify did not profile says so, and v4's warp-phase steps
 * carry the red race band with racecheck's count (not its tree steps, not
 * v2's steps: pixels sampled where the layout puts the band).  A broken or
 * missing bundled file costs a note or nothing, never a crash.
 * Premises come first, so a change in the data cannot pass vacuously.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <SDL.h>
#include "../check.h"
#include "pixels.h"
#include "viewer/window/app.h"
#include "viewer/draw/draw.h"
#include "viewer/scene/verify_words.h"
#include "viewer/draw/layout.h"
#include "viewer/window/shown.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"
#include "core/verify_record.h"
#include "core/versions.h"

#ifndef RV_TEST_ASSETS
#error "RV_TEST_ASSETS must name the source tree's assets folder"
#endif

#define W 1280
#define H 720

static viewer_canvas *canvas;
static char tmpdir[256];

/* Pixels of colour c in r. */
static int pixels_like(SDL_Surface *s, lrect r, rgba c)
{
    int n = 0;
    for (int y = r.y; y < r.y + r.h && y < s->h; y++)
        for (int x = r.x; x < r.x + r.w && x < s->w; x++)
            n += same(pixel(s, x, y), c);
    return n;
}

static int pixels_unlike(SDL_Surface *s, lrect r, rgba c)
{
    return r.w * r.h - pixels_like(s, r, c);
}

static int open_app(app *a, const viewer_options *o, const char *dir)
{
    const char *dirs[1] = { dir };
    char err[600];
    if (app_open(a, o, dirs, dir ? 1 : 0, err, sizeof err) != 0) {
        fprintf(stderr, "app_open: %s\n", err);
        return -1;
    }
    return 0;
}

static SDL_Surface *draw(app *a, int w, int h, viewer_frame *f, layout *L)
{
    *f = app_frame(a, w, h);
    draw_layout_for(f, L);
    if (viewer_canvas_draw(canvas, f) != 0)
        return NULL;
    return viewer_canvas_surface(canvas);
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    if (fp) {
        fputs(text, fp);
        fclose(fp);
    }
}

/* ---- the recorded table, worded ------------------------------------------------ */

static void test_recorded(void)
{
    char path[600], err[300];
    snprintf(path, sizeof path, "%s/results/nvidia-h200-verify.json", RV_TEST_ASSETS);
    rv_verify_record *cc = rv_verify_load(path, err, sizeof err);
    CHECK(cc != NULL, "the bundled verify file loads: %s", err);
    if (!cc)
        return;
    int v1 = rv_version_parse("v1");
    verify_conflicts c;
    char blocks[64];
    CHECK(verify_conflicts_of(cc, "v1", 256, &c, blocks, sizeof blocks) == 1, "v1 at 256 was profiled");
    /* Per block: the recorded whole-grid values over the grid. */
    const rv_verify_row *ld = rv_verify_find(cc, "v1", 256, RV_VERIFY_LD_CONFLICTS_OWN);
    CHECK(ld && ld->grid > 0 && ld->predicted > 0, "premise: v1 at 256 has conflicting loads");
    if (ld)
        CHECK(fabs(c.pred_ld - ld->predicted / (double)ld->grid) < 1e-9, "per block = value / grid (%g)", c.pred_ld);
    CHECK(c.pred_ld > 0 && c.pred_ld == c.meas_ld && c.pred_st == c.meas_st,
          "v1 at 256: predicted %g · %g equals measured %g · %g", c.pred_ld, c.pred_st, c.meas_ld, c.meas_st);
    CHECK(c.l1_ld > c.meas_ld, "the raw L1 counter counts more (%g > %g)", c.l1_ld, c.meas_ld);
    CHECK_CONTAINS(c.l1_reason, "other traffic through the same banks");
    CHECK(!strncmp(c.l1_reason, "it ", 3), "the reason is said of the counter: %s", c.l1_reason);

    char line[600], want[160], a[32], b[32];
    CHECK(verify_conflict_line(cc, NULL, v1, 256, line, sizeof line) == 1, "v1 at 256 has figures");
    verify_count(c.pred_ld, a, sizeof a);
    verify_count(c.pred_st, b, sizeof b);
    snprintf(want, sizeof want, "predicted %s \xC2\xB7 %s", a, b);
    CHECK_CONTAINS(line, want);
    snprintf(want, sizeof want, "measured on NVIDIA H200 %s \xC2\xB7 %s", a, b);
    CHECK_CONTAINS(line, want);
    CHECK_CONTAINS(line, "L1 counter");

    /* A block size verify did not profile. */
    CHECK(verify_conflict_line(cc, NULL, v1, 64, line, sizeof line) == 0, "v1 at 64: no figures");
    CHECK_CONTAINS(line, "not profiled at block size 64");
    CHECK_CONTAINS(line, "128, 256, 512");
    /* No cross-check: nothing to say, unless a note says why. */
    CHECK(verify_conflict_line(NULL, "", v1, 256, line, sizeof line) == -1 && !line[0], "none: nothing");
    CHECK(verify_conflict_line(NULL, "bundled x does not load: cut short", v1, 256, line, sizeof line) == 0,
          "a note is a sentence");
    CHECK_CONTAINS(line, "cut short");

    /* Races: v4's warp phase names the hazard and racecheck's count. */
    const rv_verify_race *r4 = rv_verify_race_of(cc, "v4");
    CHECK(r4 && r4->hazards > 0, "premise: racecheck flagged v4");
    char t[300], d[300];
    int v4 = rv_version_parse("v4"), v4s = rv_version_parse("v4s"), v5 = rv_version_parse("v5");
    CHECK(verify_race_note(cc, v4, RV_PHASE_WARP, t, sizeof t, d, sizeof d) == VERIFY_RACE_HAZARD, "v4 warp: hazard");
    CHECK_CONTAINS(t, "lockstep");
    CHECK_CONTAINS(d, "racecheck on NVIDIA H200");
    CHECK_CONTAINS(d, "133,128 hazards");
    CHECK(verify_race_note(cc, v4, RV_PHASE_TREE, t, sizeof t, d, sizeof d) == VERIFY_RACE_NONE, "v4 tree: none");
    CHECK(verify_race_note(cc, v4s, RV_PHASE_WARP, t, sizeof t, d, sizeof d) == VERIFY_RACE_CLEAN, "v4s: clean");
    CHECK_CONTAINS(d, ": 0 hazards");
    CHECK(verify_race_note(cc, v5, RV_PHASE_WARP, t, sizeof t, d, sizeof d) == VERIFY_RACE_SAME_CODE, "v5: v4's code");
    CHECK_CONTAINS(t, "warp-synchronous code as v4");
    CHECK(verify_race_note(cc, rv_version_parse("v2"), RV_PHASE_TREE, t, sizeof t, d, sizeof d) == VERIFY_RACE_NONE,
          "v2: none");
    CHECK(verify_race_note(NULL, v4, RV_PHASE_WARP, t, sizeof t, d, sizeof d) == VERIFY_RACE_HAZARD,
          "without a recording the hazard is still named");
    CHECK_CONTAINS(d, "no racecheck recorded");
    rv_verify_free(cc);
}

/* ---- the frame ------------------------------------------------------------------ */

static void test_race_band(void)
{
    app a;
    viewer_options o = { .version = rv_version_parse("v4"), .width = W, .height = H };
    if (open_app(&a, &o, RV_TEST_ASSETS) != 0) {
        CHECK(0, "v4 opens with the bundled assets");
        return;
    }
    CHECK(a.cc != NULL && !a.cc_note[0], "the bundled cross-check of the H200 is loaded (%s)", a.cc_note);
    int warp = -1, tree = -1;
    for (int s = 0; s < a.sc.tr->nsteps; s++) {
        if (a.sc.tr->steps[s].phase == RV_PHASE_WARP && warp < 0)
            warp = s;
        if (a.sc.tr->steps[s].phase == RV_PHASE_TREE && tree < 0)
            tree = s;
    }
    CHECK(warp >= 0 && tree >= 0, "premise: v4 has tree and warp steps");
    for (int th_id = 0; th_id < THEME_COUNT && warp >= 0 && tree >= 0; th_id++) {
        const theme *th = theme_get((theme_id)th_id);
        a.theme = th_id;
        viewer_frame f;
        layout L;
        app_goto(&a, warp);
        SDL_Surface *s = draw(&a, W, H, &f, &L);
        CHECK(s && L.warn.h > 0 && L.warn.y >= L.banner.y && L.warn.y + L.warn.h <= L.banner.y + L.banner.h,
              "%s: the band sits in the step banner", th->name);
        if (!s)
            continue;
        int red = pixels_like(s, L.warn, th->hazard);
        CHECK(red > L.warn.w * L.warn.h / 2, "%s: v4's warp step carries the red band (%d px)", th->name, red);
        lrect text = { L.warn.x + L.warn.w / 8, L.warn.y + 2, L.warn.w / 2, L.warn.h - 4 };
        CHECK(pixels_unlike(s, text, th->hazard) > 200, "%s: with words on it", th->name);
        app_goto(&a, tree);
        s = draw(&a, W, H, &f, &L);
        CHECK(s && pixels_like(s, L.warn, th->hazard) == 0, "%s: not on v4's tree step", th->name);
    }
    /* 1920x1080 too, and compare mode: the v4 pane's band. */
    {
        viewer_frame f;
        layout L;
        app_goto(&a, warp);
        SDL_Surface *s = draw(&a, 1920, 1080, &f, &L);
        CHECK(s && pixels_like(s, L.warn, theme_get((theme_id)a.theme)->hazard) > L.warn.w * L.warn.h / 2,
              "1080p: the band");
    }
    char msg[300];
    CHECK(app_compare(&a, rv_version_parse("v2"), msg, sizeof msg) == 0, "compare v4 with v2: %s", msg);
    if (a.comparing) {
        app_goto(&a, 0);
        while (a.row < a.nrows - 1 && (a.rows[a.row].step[0] < 0
                                       || a.sc.tr->steps[a.rows[a.row].step[0]].phase != RV_PHASE_WARP))
            app_goto(&a, a.row + 1);
        viewer_frame f = app_frame(&a, W, H);
        static layout_cmp C;
        draw_compare_layout(&f, &C);
        CHECK(viewer_canvas_draw(canvas, &f) == 0, "compare frame drawn");
        SDL_Surface *s = viewer_canvas_surface(canvas);
        const theme *th = theme_get((theme_id)a.theme);
        CHECK(f.step >= 0 && a.sc.tr->steps[f.step].phase == RV_PHASE_WARP, "premise: a v4 warp row");
        CHECK(C.pane[0].warn.h > 0 && pixels_like(s, C.pane[0].warn, th->hazard) > C.pane[0].warn.w * C.pane[0].warn.h / 2,
              "compare: v4's pane has the band");
        CHECK(pixels_like(s, C.pane[1].warn, th->hazard) == 0, "compare: v2's pane has none");
        CHECK(C.checkline[0].h > 0 && pixels_unlike(s, C.checkline[0], th->bg) > 50, "compare: v4's cross-check line");
        CHECK(C.checkline[1].h > 0 && pixels_unlike(s, C.checkline[1], th->bg) > 50, "compare: v2's cross-check line");
    }
    app_close(&a);

    /* v2: no band on any step, and no room kept for one. */
    viewer_options o2 = { .version = rv_version_parse("v2"), .width = W, .height = H };
    if (open_app(&a, &o2, RV_TEST_ASSETS) != 0) {
        CHECK(0, "v2 opens");
        return;
    }
    const theme *th = theme_get(THEME_DARK);
    int red = 0;
    for (int st = 0; st < a.sc.tr->nsteps; st++) {
        viewer_frame f;
        layout L;
        app_goto(&a, st);
        SDL_Surface *s = draw(&a, W, H, &f, &L);
        CHECK(s && L.warn.h == 0, "v2 step %d: no band", st);
        if (s)
            red += pixels_like(s, L.banner, th->hazard);
    }
    CHECK(red == 0, "v2: nothing red in the banner (%d px)", red);
    app_close(&a);
}

static void test_panel_line(void)
{
    app a;
    viewer_options o = { .version = rv_version_parse("v1"), .width = W, .height = H };
    if (open_app(&a, &o, RV_TEST_ASSETS) != 0) {
        CHECK(0, "v1 opens");
        return;
    }
    CHECK(a.sc.tr->block_size == 256 && a.cc, "premise: v1 at block 256 with the H200 cross-check");
    for (int sz = 0; sz < 2; sz++) {
        int w = sz ? 1920 : W, h = sz ? 1080 : H;
        viewer_frame f;
        layout L;
        SDL_Surface *s = draw(&a, w, h, &f, &L);
        panel_geom g;
        panel_geom_of(&f, &L, &g);
        CHECK(g.hw_kind == 1 && g.hw.h > 0, "%dx%d: the cross-check has its place", w, h);
        CHECK(g.hw.y >= g.status.y + g.status.h && g.hw.y + g.hw.h <= g.bars.y, "%dx%d: between figures and bars", w, h);
        CHECK(g.plot.w > 0, "%dx%d: the sweep plot keeps its room", w, h);
        const theme *th = theme_get(THEME_DARK);
        /* The measured row: green figures (they equal the prediction). */
        lrect meas = { g.hw.x + g.hw.w / 2, g.hw.y + 2 * g.lh, g.hw.w / 2, g.lh };
        CHECK(s && pixels_like(s, meas, th->full) > 20, "%dx%d: measured figures in green", w, h);
        lrect rows = { g.hw.x, g.hw.y, g.hw.w, g.hw.h };
        CHECK(s && pixels_unlike(s, rows, th->panel) > 600, "%dx%d: the section has text", w, h);
    }
    /* Block 64 (CPU model): "not profiled", no figures. */
    app_close(&a);
    viewer_options o64 = { .version = rv_version_parse("v1"), .block_size = 64, .width = W, .height = H };
    if (open_app(&a, &o64, RV_TEST_ASSETS) == 0) {
        viewer_frame f;
        layout L;
        SDL_Surface *s = draw(&a, W, H, &f, &L);
        panel_geom g;
        panel_geom_of(&f, &L, &g);
        CHECK(s && a.cc && g.hw_kind == 2, "block 64 (model): the cross-check is a sentence (%d)", g.hw_kind);
        char line[400];
        verify_conflict_line(f.verify, f.verify_note, 1, 64, line, sizeof line);
        CHECK_CONTAINS(line, "not profiled at block size 64");
    }
    app_close(&a);
}

static void test_broken_and_missing(void)
{
    char dir[400], path[600], trace[600];
    snprintf(dir, sizeof dir, "%s/assets", tmpdir);
    snprintf(path, sizeof path, "%s/results", dir);
    mkdir(dir, 0777);
    mkdir(path, 0777);
    snprintf(trace, sizeof trace, "%s/traces/nvidia-h200-v4-b256-ones.rvt", RV_TEST_ASSETS);
    viewer_options o = { .file = trace, .version = -1, .width = W, .height = H };
    app a;

    /* Missing: nothing said, no room taken, the hazard still named. */
    CHECK(open_app(&a, &o, dir) == 0, "no verify file: opens");
    CHECK(!a.cc && !a.cc_note[0], "no verify file: nothing loaded, nothing to say (%s)", a.cc_note);
    viewer_frame f;
    layout L;
    panel_geom g;
    int warp = -1;
    for (int s = 0; s < a.sc.tr->nsteps && warp < 0; s++)
        if (a.sc.tr->steps[s].phase == RV_PHASE_WARP)
            warp = s;
    app_goto(&a, warp);
    SDL_Surface *s = draw(&a, W, H, &f, &L);
    panel_geom_of(&f, &L, &g);
    CHECK(s && g.hw_kind == 0 && g.hw.h == 0, "no verify file: no section");
    CHECK(s && pixels_like(s, L.warn, theme_get(THEME_DARK)->hazard) > 0, "no verify file: the band still warns");
    app_close(&a);

    /* Broken: a note with the reason, drawn, never a crash. */
    static const char *const broken[] = {
        "{\"format\": \"reducevis-verify\", \"rows\": [",
        ("{\"format\": \"reducevis-verify\", \"format_version\": 1, \"device\": \"NVIDIA H200\", \"date\": \"x\","
         " \"n\": 1, \"rows\": [{\"version\": \"v1\"}], \"racecheck\": []}"),
        "not json at all",
        "",
    };
    snprintf(path, sizeof path, "%s/results/nvidia-h200-verify.json", dir);
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        write_file(path, broken[i]);
        CHECK(open_app(&a, &o, dir) == 0, "broken verify file %zu: opens", i);
        CHECK(!a.cc && strstr(a.cc_note, "nvidia-h200-verify.json") && strstr(a.cc_note, "does not load"),
              "broken %zu: the note names the file and the problem: %s", i, a.cc_note);
        for (int st = 0; st < a.sc.tr->nsteps; st++) {
            app_goto(&a, st);
            s = draw(&a, W, H, &f, &L);
            CHECK(s != NULL, "broken %zu: step %d drawn", i, st);
        }
        panel_geom_of(&f, &L, &g);
        CHECK(g.hw_kind == 2 && g.hw.h > 0, "broken %zu: a small note in the panel", i);
        char msg[300];
        CHECK(app_compare(&a, 2, msg, sizeof msg) == 0, "broken %zu: compare works", i);
        s = draw(&a, W, H, &f, &L);
        CHECK(s != NULL, "broken %zu: compare frame drawn", i);
        app_close(&a);
    }
    remove(path);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/rv_test_verify_words_XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    char err[512];
    canvas = viewer_canvas_new(NULL, err, sizeof err);
    if (!canvas) {
        fprintf(stderr, "test_verify_words: %s\n", err);
        return 1;
    }
    test_recorded();
    test_race_band();
    test_panel_line();
    test_broken_and_missing();
    viewer_canvas_free(canvas);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "test_verify_words: could not remove %s\n", tmpdir);
    return check_report();
}
