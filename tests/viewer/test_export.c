/* test_export.c — compare mode and the PNG export, headless.
 *
 * Alignment and the difference line are checked as data; frames are drawn
 * off-screen, written through the exporter's PNG path, read back with libpng
 * and sampled where the compare layout says a feature is (pane title bands,
 * conflict badges, warp boxes), with colours asked from the theme by meaning.
 * Premises (warp 0 of v1 conflicts at s=4, v2 does not) are checked first so
 * a change in the core cannot make a pixel check pass vacuously.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <SDL.h>
#include "../check.h"
#include "pixels.h"
#include "png_read.h"
#include "viewer/window/app.h"
#include "viewer/window/key_script.h"
#include "viewer/scene/compare.h"
#include "viewer/draw/draw.h"
#include "viewer/export/export.h"
#include "viewer/draw/layout.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"

static char tmpdir[256];

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int open_model(app *a, int version, int compare)
{
    viewer_options o = { .version = version, .block_size = 256, .width = 1920, .height = 1080,
                         .compare = compare + 1 };
    char err[512];
    if (app_open(a, &o, NULL, 0, err, sizeof err) != 0) {
        fprintf(stderr, "app_open: %s\n", err);
        return -1;
    }
    return 0;
}

/* ---- data --------------------------------------------------------------------- */

static void test_align(void)
{
    app a;
    CHECK(open_model(&a, 1, 2) == 0, "v1 beside v2 opens");
    CHECK(a.comparing && a.nrows == a.sc.tr->nsteps, "v1/v2: one row per step (%d rows)", a.nrows);
    for (int r = 0; r < a.nrows; r++) {
        int s0 = a.rows[r].step[0], s1 = a.rows[r].step[1];
        CHECK(s0 >= 0 && s1 >= 0, "v1/v2 row %d has both steps", r);
        if (s0 >= 0 && s1 >= 0)
            CHECK(a.sc.tr->steps[s0].stride == a.sc2.tr->steps[s1].stride,
                  "row %d: same stride (%s beside %s)", r, a.sc.tr->steps[s0].label, a.sc2.tr->steps[s1].label);
    }
    app_close(&a);

    CHECK(open_model(&a, 6, 7) == 0, "v6 beside v7 opens");
    int only6 = 0, only7 = 0, last7 = -1, order_ok = 1;
    for (int r = 0; r < a.nrows; r++) {
        only6 += a.rows[r].step[1] < 0;
        only7 += a.rows[r].step[0] < 0;
        int s = a.rows[r].step[1];
        if (s >= 0) {
            if (s < last7 && a.rows[r].step[0] < 0)
                order_ok = 0;
            last7 = s;
        }
    }
    CHECK(only6 >= 3, "v6's s=128, 64, 32 have no v7 step (%d rows)", only6);
    CHECK(only7 >= 3, "v7's warp sums, reload and final shuffles have no v6 step (%d rows)", only7);
    CHECK(order_ok, "v7-only rows follow v7's own order");
    CHECK(a.rows[a.nrows - 1].step[0] == a.sc.tr->nsteps - 1 && a.rows[a.nrows - 1].step[1] == a.sc2.tr->nsteps - 1,
          "write beside write at the end");
    app_close(&a);
}

static int find_row(const app *a, const char *label0)
{
    for (int r = 0; r < a->nrows; r++)
        if (a->rows[r].step[0] >= 0 && !strcmp(a->sc.tr->steps[a->rows[r].step[0]].label, label0))
            return r;
    return -1;
}

static void test_difference(void)
{
    app a;
    char part[2][160], line[400];
    CHECK(open_model(&a, 1, 2) == 0, "v1 beside v2 opens");
    int r = find_row(&a, "s=4");
    CHECK(r >= 0, "v1 has s=4");
    compare_difference(a.sc.an, a.rows[r].step[0], a.sc2.an, a.rows[r].step[1], part, line, sizeof line);
    CHECK_CONTAINS(part[0], "v1: 8-way bank conflict in warp 0");
    CHECK_CONTAINS(part[1], "v2: conflict-free");
    app_close(&a);

    CHECK(open_model(&a, 0, 1) == 0, "v0 beside v1 opens");
    r = find_row(&a, "s=1");
    compare_difference(a.sc.an, a.rows[r].step[0], a.sc2.an, a.rows[r].step[1], part, line, sizeof line);
    CHECK_CONTAINS(line, "v0: ");
    CHECK_CONTAINS(part[0], "8 divergent warps");
    CHECK_CONTAINS(part[1], "4 full warps");
    app_close(&a);

    CHECK(open_model(&a, 6, 7) == 0, "v6 beside v7 opens");
    r = find_row(&a, "s=128");
    CHECK(r >= 0 && a.rows[r].step[1] < 0, "premise: v7 has no s=128");
    compare_difference(a.sc.an, a.rows[r].step[0], a.sc2.an, -1, part, line, sizeof line);
    CHECK_CONTAINS(part[1], "v7: no step with stride 128");
    app_close(&a);
}

static void test_code_clean(void)
{
    char s[256];
    strcpy(s, "    RV_STEP(); cache[tid] += cache[tid + 32];        RV_REC(cache[tid], RV_S(tid), RV_S(tid + 32));");
    code_clean_line(s);
    CHECK(!strcmp(s, "    cache[tid] += cache[tid + 32];"), "RV_STEP/RV_REC hidden: '%s'", s);
    strcpy(s, "        if (idx < n) { sum += in[idx];               RV_REC(sum, RV_REG(), RV_G(idx)); }");
    code_clean_line(s);
    CHECK(!strcmp(s, "        if (idx < n) { sum += in[idx]; }"), "block kept: '%s'", s);
    strcpy(s, "__global__ void reduce_v1(const float *in, float *out, unsigned int n RV_TRACE_PARAM)");
    code_clean_line(s);
    CHECK(!strcmp(s, "__global__ void reduce_v1(const float *in, float *out, unsigned int n)"), "param hidden: '%s'", s);
    strcpy(s, "    RV_STEP();");
    CHECK(code_clean_line(s) == 1, "a line of instrumentation only is reported");
    strcpy(s, "    // RV_REC( in a comment stays");
    CHECK(code_clean_line(s) == 0 && strstr(s, "RV_REC"), "comments untouched");
    char stmt[200];
    rv_trace v4 = { .version = 4 };
    int line = rv_version_line(4, "warp32");
    CHECK(code_statement(&v4, line, stmt, sizeof stmt) == 0 && !strcmp(stmt, "cache[tid] += cache[tid + 32];"),
          "v4 line %d statement: '%s'", line, stmt);
}

static void test_steps_and_names(void)
{
    int a, b;
    char err[200], name[64];
    CHECK(export_parse_steps("all", 10, &a, &b, err, sizeof err) == 0 && a == 0 && b == 9, "all");
    CHECK(export_parse_steps("3", 10, &a, &b, err, sizeof err) == 0 && a == 2 && b == 2, "K");
    CHECK(export_parse_steps("2-5", 10, &a, &b, err, sizeof err) == 0 && a == 1 && b == 4, "A-B");
    CHECK(export_parse_steps("5-2", 10, &a, &b, err, sizeof err) != 0, "backwards");
    CHECK(export_parse_steps("0", 10, &a, &b, err, sizeof err) != 0, "steps count from 1");
    CHECK(export_parse_steps("3-11", 10, &a, &b, err, sizeof err) != 0 && strstr(err, "only 10 steps"), "%s", err);
    CHECK(export_parse_steps("x", 10, &a, &b, err, sizeof err) != 0, "junk");
    rv_trace t0 = {.version = 0}, t1 = {.version = 1}, t2 = {.version = 2};
    export_frame_name(&t1, NULL, 3, 10, name, sizeof name);
    CHECK(!strcmp(name, "v1-step03.png"), "%s", name);
    export_frame_name(&t1, &t2, 3, 15, name, sizeof name);
    CHECK(!strcmp(name, "v1-vs-v2-step03.png"), "%s", name);
    export_frame_name(&t0, NULL, 7, 120, name, sizeof name);
    CHECK(!strcmp(name, "v0-step007.png"), "names sort past 99 steps: %s", name);
    /* a student's trace: named after its file, which is no part of a path */
    char mine[] = "my_reduce.cu", hostile[] = "../my reduce \"q\"; $(x).cu", nameless[] = "";
    char src[] = "__global__ void reduce() {}";
    rv_trace own = {.version = RV_VERSION_OWN, .own_name = mine, .own_source = src};
    export_frame_name(&own, &t2, 3, 15, name, sizeof name);
    CHECK(!strcmp(name, "my_reduce-vs-v2-step03.png"), "%s", name);
    own.own_name = hostile;
    export_frame_name(&own, NULL, 3, 15, name, sizeof name);
    CHECK(!strchr(name, '/') && !strchr(name, ' ') && !strchr(name, '$') && !strchr(name, '"') && name[0] != '.',
          "a hostile file name, tamed: %s", name);
    own.own_name = nameless;
    export_frame_name(&own, NULL, 1, 5, name, sizeof name);
    CHECK(!strcmp(name, "own-step01.png"), "a file with no name: %s", name);
}

/* ---- frames ------------------------------------------------------------------- */

static void test_compare_png(void)
{
    app a;
    CHECK(open_model(&a, 1, 2) == 0, "v1 beside v2 opens");
    int r = find_row(&a, "s=4");
    app_goto(&a, r);
    int s0 = a.rows[r].step[0], s1 = a.rows[r].step[1];
    CHECK(rv_analysis_warp(a.sc.an, s0, 0)->max_conflict == 8, "premise: v1 warp 0 8-way at s=4");
    CHECK(rv_analysis_warp(a.sc2.an, s1, 0)->max_conflict < 2, "premise: v2 warp 0 conflict-free at s=4");
    a.theme = THEME_LIGHT;
    viewer_frame f = app_frame(&a, 1920, 1080);
    char err[512], path[512];
    snprintf(path, sizeof path, "%s/cmp.png", tmpdir);
    SDL_Surface *s = viewer_render_to_surface(&f, NULL, err, sizeof err);
    CHECK(s != NULL, "compare frame drawn (%s)", err);
    if (!s)
        return;
    CHECK(export_write_png(s, path, err, sizeof err) == 0, "PNG written: %s", err);
    SDL_FreeSurface(s);
    image im = { 0 };
    CHECK(png_load(path, &im) == 0, "the PNG decodes");
    if (!im.rgb)
        return;
    CHECK(im.w == 1920 && im.h == 1080, "PNG is 1920x1080, got %dx%d", im.w, im.h);
    static layout_cmp C;
    draw_compare_layout(&f, &C);
    const theme *th = theme_get(THEME_LIGHT);
    CHECK(!same(th->accent, th->accent2), "premise: the panes' colours differ");
    CHECK_PX(&im, C.title[0].x + 2, C.title[0].y + 2, th->accent, "v1 pane title band");
    CHECK_PX(&im, C.title[1].x + 2, C.title[1].y + 2, th->accent2, "v2 pane title band");
    lrect b0 = layout_warp_badge(&C.pane[0], 0), b1 = layout_warp_badge(&C.pane[1], 0);
    CHECK_PX(&im, b0.x + 1, b0.y + 1, theme_conflict(th, 8), "8-way badge of warp 0 in the v1 pane");
    CHECK(!same(px(&im, b1.x + 1, b1.y + 1), theme_conflict(th, 8)), "no conflict badge in the v2 pane");
    /* v1 s=4: warp 0 full; v2 s=4: warp 0 divergent (4 lanes). */
    lrect w0 = layout_warp_label(&C.pane[0], 0), w1 = layout_warp_label(&C.pane[1], 0);
    CHECK_PX(&im, w0.x + 2, w0.y + w0.h - 2, th->full, "v1 warp 0 full");
    CHECK_PX(&im, w1.x + 2, w1.y + w1.h - 2, th->divergent, "v2 warp 0 divergent");
    lrect cur0 = layout_compare_cell(&C, r, 0), cur1 = layout_compare_cell(&C, r, 1);
    CHECK_PX(&im, cur0.x + 2, cur0.y + 2, th->accent, "current row lit in v1's timeline row");
    CHECK_PX(&im, cur1.x + 2, cur1.y + 2, th->accent2, "current row lit in v2's timeline row");
    free(im.rgb);
    app_close(&a);
}

static void test_export_main(void)
{
    char out[300], file[400];
    snprintf(out, sizeof out, "%s/frames/deeper", tmpdir);
    char *argv[] = { "export", "--version", "v0", "--block-size", "256", "--steps", "3-4", "--size", "800x600",
                     "--theme", "dark", "-o", out, NULL };
    CHECK(export_main(13, argv) == 0, "export v0 steps 3-4 succeeds");
    snprintf(file, sizeof file, "%s/v0-step04.png", out);
    image im = { 0 };
    CHECK(file_exists(file), "%s written", file);
    snprintf(file, sizeof file, "%s/v0-step02.png", out);
    CHECK(!file_exists(file), "step 2 not written");
    snprintf(file, sizeof file, "%s/v0-step04.png", out);
    if (png_load(file, &im) == 0) {
        CHECK(im.w == 800 && im.h == 600, "requested size 800x600, got %dx%d", im.w, im.h);
        /* v0 step 4 is s=4: warp 0 divergent. */
        app a;
        CHECK(open_model(&a, 0, -1) == 0, "v0 opens");
        app_goto(&a, 3);
        CHECK(rv_analysis_warp(a.sc.an, 3, 0)->state == RV_WARP_DIVERGENT, "premise: v0 s=4 warp 0 divergent");
        viewer_frame f = app_frame(&a, 800, 600);
        layout L;
        draw_layout_for(&f, &L);
        lrect wb = L.compact ? layout_warp_box(&L, 0) : layout_warp_label(&L, 0);
        CHECK_PX(&im, wb.x + 1, wb.y + wb.h - 2, theme_get(THEME_DARK)->divergent, "exported v0 warp 0 divergent");
        CHECK_PX(&im, 1, 1, theme_get(THEME_DARK)->bg, "dark theme background");
        app_close(&a);
        free(im.rgb);
    }
    char *cmp[] = { "export", "--version", "1", "--compare", "2", "--steps", "4", "--size", "1280x720", "-o", out, NULL };
    CHECK(export_main(11, cmp) == 0, "compare export succeeds");
    snprintf(file, sizeof file, "%s/v1-vs-v2-step04.png", out);
    CHECK(file_exists(file), "%s written", file);
    if (png_load(file, &im) == 0) {
        CHECK(im.w == 1280 && im.h == 720, "compare at 1280x720, got %dx%d", im.w, im.h);
        CHECK_PX(&im, 1, 1, theme_get(THEME_LIGHT)->bg, "light theme by default");
        free(im.rgb);
    }
    char *bad_steps[] = { "export", "--version", "1", "--steps", "4-99", "-o", out, NULL };
    CHECK(export_main(7, bad_steps) == 1, "a range past the last step is a usage error");
    char *bad_theme[] = { "export", "--version", "1", "--theme", "sepia", "-o", out, NULL };
    CHECK(export_main(7, bad_theme) == 1, "an unknown theme is a usage error");
    char *no_dir[] = { "export", "--version", "1", "-o", "/proc/rv-no/such", NULL };
    CHECK(export_main(5, no_dir) == 2, "an output folder that cannot be made is a runtime error");
}

static void test_save_key(void)
{
    app a;
    CHECK(open_model(&a, 7, -1) == 0, "v7 opens");
    char err[512], path[600], path2[600];
    CHECK(app_run_keys(&a, "right,e", err, sizeof err) == 0, "keys run");
    CHECK(a.save_requested, "E asks for a save");
    viewer_frame f = app_frame(&a, 640, 360);
    CHECK(export_save_frame(&f, NULL, tmpdir, path, sizeof path, err, sizeof err) == 0, "saved: %s", err);
    CHECK(strstr(path, "v7-step02.png") != NULL, "named like the export: %s", path);
    CHECK(export_save_frame(&f, NULL, tmpdir, path2, sizeof path2, err, sizeof err) == 0, "saved again");
    CHECK(strstr(path2, "v7-step02-2.png") != NULL, "a second save does not overwrite: %s", path2);
    image im = { 0 };
    CHECK(png_load(path, &im) == 0 && im.w == 640 && im.h == 360, "saved frame decodes at the window size");
    free(im.rgb);
    f.waves = VIEW_WAVES_ALONE; /* W twice: the grid alone, no step's picture */
    CHECK(export_save_frame(&f, NULL, tmpdir, path, sizeof path, err, sizeof err) == 0, "the grid saved: %s", err);
    CHECK(strstr(path, "v7-waves.png") != NULL, "the grid alone named as export names it: %s", path);
    app_close(&a);
}

static void test_compare_keys(void)
{
    app a;
    CHECK(open_model(&a, 3, -1) == 0, "v3 opens");
    char err[256];
    app_run_keys(&a, "right,right,right,c,4", err, sizeof err);
    CHECK(a.comparing && a.sc2.tr && a.sc2.tr->version == 4, "C then 4 compares with v4");
    CHECK(a.rows[a.row].step[0] == 3, "the position is kept (row %d, step %d)", a.row, a.rows[a.row].step[0]);
    app_run_keys(&a, "right", err, sizeof err);
    CHECK(a.rows[a.row].step[0] == 4 && a.rows[a.row].step[1] >= 0, "Right steps both panes");
    app_run_keys(&a, "c,c", err, sizeof err);
    CHECK(!a.comparing && a.step == 4, "C C ends compare at the same step (%d)", a.step);
    app_close(&a);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/rv_test_export_XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    test_align();
    test_difference();
    test_code_clean();
    test_steps_and_names();
    test_compare_png();
    test_export_main();
    test_save_key();
    test_compare_keys();
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "test_export: could not remove %s\n", tmpdir);
    return check_report();
}
