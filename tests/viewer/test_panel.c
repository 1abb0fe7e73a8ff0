/* test_panel.c — the "Real timed run" panel beside the replay, headless.
 *
 * The bundled results (assets/results/<device>.json and -sweep.json) are
 * found from the trace's device, drawn, and sampled where the panel's own
 * geometry (panel_results_geom, pure arithmetic on its scene) says the
 * current version's bar and sweep line are; missing and corrupt results are
 * checked to say so.
 * Premises (the run exists, its numbers are what the file says) come first,
 * so a change in the data cannot make a pixel check pass vacuously.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <SDL.h>
#include "../check.h"
#include "pixels.h"
#include "viewer/window/app.h"
#include "viewer/draw/draw.h"
#include "viewer/draw/layout.h"
#include "viewer/window/shown.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"
#include "core/results.h"
#include "core/versions.h"

#ifndef RV_TEST_ASSETS
#error "RV_TEST_ASSETS must name the source tree's assets folder"
#endif

#define W 1280
#define H 720

static viewer_canvas *canvas;
static char tmpdir[256];

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

/* Draws the app's frame; fills L and the panel geometry. */
static SDL_Surface *draw(app *a, viewer_frame *f, layout *L, panel_geom *g)
{
    *f = app_frame(a, W, H);
    draw_layout_for(f, L);
    panel_geom_of(f, L, g);
    if (viewer_canvas_draw(canvas, f) != 0)
        return NULL;
    return viewer_canvas_surface(canvas);
}

/* Pixels in r that are not the colour c. */
static int pixels_unlike(SDL_Surface *s, lrect r, rgba c)
{
    int n = 0;
    for (int y = r.y; y < r.y + r.h && y < s->h; y++)
        for (int x = r.x; x < r.x + r.w && x < s->w; x++)
            n += !same(pixel(s, x, y), c);
    return n;
}

static void test_slug(void)
{
    char s[64];
    assets_device_slug("NVIDIA H200", s, sizeof s);
    CHECK(!strcmp(s, "nvidia-h200"), "NVIDIA H200 -> %s", s);
    assets_device_slug("  NVIDIA H100 80GB HBM3 ", s, sizeof s);
    CHECK(!strcmp(s, "nvidia-h100-80gb-hbm3"), "runs and ends -> %s", s);
    assets_device_slug("Tesla T4 (PCIe)", s, sizeof s);
    CHECK(!strcmp(s, "tesla-t4-pcie"), "punctuation -> %s", s);
}

/* The bar and the sweep line of version v are drawn lit; others not. */
static void check_lit(app *a, int v, const char *what)
{
    viewer_frame f;
    layout L;
    panel_geom g;
    SDL_Surface *s = draw(a, &f, &L, &g);
    CHECK(s != NULL, "%s: frame drawn", what);
    if (!s)
        return;
    const theme *th = theme_get((theme_id)a->theme);
    const char *name = rv_version(v)->name;
    const rv_result_run *run = rv_results_find(a->results, name, a->sc.tr->n);
    CHECK(run && run->gbps > 0, "premise: %s has a run at the trace's N", name);
    CHECK(g.nbars == RV_NUM_VERSIONS + 1, "%s: a bar per version and CUB (%d)", what, g.nbars);
    if (!run || g.nbars == 0)
        return;
    lrect b = panel_bar_rect(&g, rv_version(v)->order, run->gbps); /* bars in teaching order */
    CHECK(b.w > 4 && b.x + b.w < g.x + g.w, "%s: bar inside the panel", what);
    int mid = b.y + b.h / 2;
    CHECK_PIXEL(s, b.x + 1, mid, th->accent, "start of the current bar");
    CHECK_PIXEL(s, b.x + b.w - 2, mid, th->accent, "end of the current bar");
    CHECK(!same(pixel(s, b.x + b.w + 2, mid), th->accent), "%s: the bar stops at %.0f GB/s", what, run->gbps);
    int other = v == 0 ? 1 : 0;
    const rv_result_run *o = rv_results_find(a->results, rv_version(other)->name, a->sc.tr->n);
    if (o) {
        lrect ob = panel_bar_rect(&g, other, o->gbps);
        CHECK_PIXEL(s, ob.x + 1, ob.y + ob.h / 2, th->idle, "another version's bar");
    }
    /* The sweep: every point of the current version in the accent colour. */
    CHECK(a->sweep && g.plot.w > 0, "%s: the sweep plot is drawn", what);
    if (!a->sweep || g.plot.w == 0)
        return;
    const uint64_t *sizes;
    int ns = rv_results_sizes(a->sweep, &sizes), lit = 0, pts = 0;
    for (int i = 0; i < ns; i++) {
        const rv_result_run *q = rv_results_find(a->sweep, name, sizes[i]);
        if (!q)
            continue;
        int x, y;
        panel_plot_point(&g, sizes[i], q->gbps, &x, &y);
        CHECK(lrect_contains(g.plot, x, y), "%s: point of N %llu inside the plot", what, (unsigned long long)sizes[i]);
        pts++;
        lit += same(pixel(s, x, y), th->accent);
    }
    CHECK(pts >= 10 && lit == pts, "%s: %d of %d sweep points of %s lit", what, lit, pts, name);
    /* Another version's largest-N point is not lit. */
    const rv_result_run *q = rv_results_find(a->sweep, rv_version(other)->name, sizes[ns - 1]);
    if (q) {
        int x, y;
        panel_plot_point(&g, sizes[ns - 1], q->gbps, &x, &y);
        CHECK(!same(pixel(s, x, y), th->accent), "%s: %s's line not lit", what, rv_version(other)->name);
    }
}

static void test_bundled(void)
{
    app a;
    viewer_options o = { .version = 6, .width = W, .height = H, .device = "nvidia-h200" };
    if (open_app(&a, &o, RV_TEST_ASSETS) != 0) {
        CHECK(0, "v6 opens with the bundled assets");
        return;
    }
    CHECK(a.sc.tr->origin_kind == RV_ORIGIN_GPU && !strcmp(a.sc.tr->origin, "NVIDIA H200"),
          "premise: the bundled v6 trace is from the H200 (%s)", a.sc.tr->origin);
    CHECK(a.results && !strcmp(rv_results_device(a.results), "NVIDIA H200"), "bundled results of the H200 loaded (%s)",
          a.results_note);
    CHECK(a.sweep && rv_results_info(a.sweep)->sweep, "and its sweep");
    if (!a.results) {
        app_close(&a);
        return;
    }
    viewer_frame f = app_frame(&a, W, H);
    char buf[300];
    CHECK(scene_panel_figure(&f, 6, a.sc.tr->n, buf, sizeof buf) == 1, "v6 has a figure");
    CHECK_CONTAINS(buf, "NVIDIA H200");
    check_lit(&a, 6, "v6 dark 720p");
    /* D: the same version on the next recorded device, its own timed run,
     * the panel naming it; D again comes back */
    int step = a.step;
    key(&a, SDLK_d);
    CHECK(a.sc.tr->version == 6 && a.sc.tr->origin_kind == RV_ORIGIN_GPU && strcmp(a.sc.tr->origin, "NVIDIA H200"),
          "D shows v6 of another GPU (%s)", a.sc.tr->origin);
    CHECK(a.step == step, "at the same step (%d, was %d)", a.step, step);
    CHECK(a.results && !strcmp(rv_results_device(a.results), a.sc.tr->origin), "its own results (%s)", a.results_note);
    f = app_frame(&a, W, H);
    CHECK(scene_panel_figure(&f, 6, a.sc.tr->n, buf, sizeof buf) == 1, "v6 has a figure there");
    CHECK(strstr(buf, a.sc.tr->origin) && !strstr(buf, "H200"), "the panel names the device: %s", buf);
    CHECK_CONTAINS(a.toast, "device 1 of 2"); /* the devices by name: h100 before h200 */
    key(&a, SDLK_d);
    CHECK(!strcmp(a.sc.tr->origin, "NVIDIA H200") && !strcmp(rv_results_device(a.results), "NVIDIA H200"),
          "D again: back to the H200 (%s)", a.sc.tr->origin);
    f = app_frame(&a, W, H);
    /* ] follows the table: v7 is lit, v6 no longer. */
    key(&a, SDLK_RIGHTBRACKET);
    CHECK(a.sc.tr->version == 7, "] goes to the next version (v%d)", a.sc.tr->version);
    a.theme = THEME_LIGHT;
    check_lit(&a, 7, "v7 light 720p");
    key(&a, SDLK_0 + 3);
    CHECK(a.sc.tr->version == app_version_of_digit(3) && !strcmp(rv_version(a.sc.tr->version)->name, "v3"),
          "digit 3 selects the version named v3");
    check_lit(&a, a.sc.tr->version, "v3 light 720p");
    key(&a, SDLK_0 + 9);
    CHECK(a.sc.tr->version == RV_V9 && app_version_of_digit(9) == RV_V9, "digit 9 selects v9 (v%d)", a.sc.tr->version);
    /* Every version is reachable with [ and ], in teaching order. */
    while (a.sc.tr->version > 0)
        key(&a, SDLK_LEFTBRACKET);
    key(&a, SDLK_LEFTBRACKET);
    CHECK(a.sc.tr->version == 0 && a.toast[0], "[ at the first version stays and says so (%s)", a.toast);
    int seen = 1;
    for (int i = 1; i < RV_NUM_VERSIONS; i++) {
        int before = a.sc.tr->version;
        key(&a, SDLK_RIGHTBRACKET);
        seen += rv_version(a.sc.tr->version)->order == rv_version(before)->order + 1;
    }
    CHECK(seen == RV_NUM_VERSIONS, "] reaches all %d versions (%d)", RV_NUM_VERSIONS, seen);
    /* A version the file does not have (v9, newer than the bundled results)
     * says so.  Switching versions reloads the results: a fresh frame. */
    f = app_frame(&a, W, H);
    for (int v = 0; v < RV_NUM_VERSIONS; v++)
        if (!rv_results_find(a.results, rv_version(v)->name, 0)) {
            CHECK(scene_panel_figure(&f, v, a.sc.tr->n, buf, sizeof buf) == 0, "%s has no run", rv_version(v)->name);
            CHECK_CONTAINS(buf, "not in this results file");
        }
    app_close(&a);
}

static void test_model_uses_only_device(void)
{
    app a;
    viewer_options o = { .version = 2, .block_size = 128, .width = W, .height = H, .device = "H200" };
    if (open_app(&a, &o, RV_TEST_ASSETS) != 0) {
        CHECK(0, "v2 at block 128 opens");
        return;
    }
    CHECK(a.sc.tr->origin_kind == RV_ORIGIN_MODEL, "premise: block 128 is the CPU model");
    CHECK(a.results != NULL, "a CPU-model trace shows the chosen device's timing (%s)", a.results_note);
    viewer_frame f = app_frame(&a, W, H);
    char buf[300];
    scene_panel_figure(&f, 2, a.sc.tr->n, buf, sizeof buf);
    CHECK_CONTAINS(buf, "on NVIDIA H200");
    app_close(&a);
    /* --device: a name that matches nothing, or more than one, is refused, naming the recorded ones */
    char err[600];
    const char *dirs[1] = { RV_TEST_ASSETS };
    viewer_options bad = { .version = 2, .width = W, .height = H, .device = "radeon" };
    CHECK(app_open(&a, &bad, dirs, 1, err, sizeof err) != 0, "an unknown device is refused");
    CHECK_CONTAINS(err, "nvidia-h200");
    bad.device = "nvidia";
    CHECK(app_open(&a, &bad, dirs, 1, err, sizeof err) != 0, "an ambiguous device is refused");
    CHECK_CONTAINS(err, "could be any of");
}

static void test_missing_and_corrupt(void)
{
    app a;
    viewer_frame f;
    layout L;
    panel_geom g;
    char buf[300];
    /* No assets at all: the panel says so, and draws no bars or plot. */
    viewer_options o = { .version = 1, .block_size = 256, .width = W, .height = H };
    CHECK(open_app(&a, &o, NULL) == 0 && !a.results && !a.sweep, "no assets: no results");
    SDL_Surface *s = draw(&a, &f, &L, &g);
    CHECK(s != NULL, "frame drawn");
    CHECK(scene_panel_figure(&f, 1, a.sc.tr->n, buf, sizeof buf) == 0, "no figure");
    CHECK_CONTAINS(buf, "no timed run loaded");
    CHECK(g.nbars == 0 && g.plot.w == 0, "no bars, no plot");
    const theme *th = theme_get(THEME_DARK);
    lrect line = { g.status.x, g.status.y, g.status.w, (int)(L.fs_ui * 1.3) };
    CHECK(s && pixels_unlike(s, line, th->panel) > 40, "the status line has text");
    lrect below = { g.status.x, g.status.y + g.status.h / 2, g.status.w, g.status.h / 2 - 2 };
    CHECK(s && pixels_unlike(s, below, th->panel) == 0, "nothing drawn in the lower half of the panel");
    app_close(&a);

    /* A bundled file that does not load: no error, the reason as a note. */
    char dir[400], path[600], trace[600];
    snprintf(dir, sizeof dir, "%s/assets", tmpdir);
    snprintf(path, sizeof path, "%s/results", dir);
    mkdir(dir, 0777);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/results/nvidia-h200.json", dir);
    FILE *fp = fopen(path, "w");
    if (fp) {
        fputs("{\"format\": \"reducevis-bench\", \"runs\": [", fp);
        fclose(fp);
    }
    snprintf(trace, sizeof trace, "%s/traces/nvidia-h200-v1-b256-ones.rvt", RV_TEST_ASSETS);
    viewer_options of = { .file = trace, .version = -1, .width = W, .height = H };
    CHECK(open_app(&a, &of, dir) == 0, "a corrupt bundled results file is not an error");
    CHECK(!a.results && strstr(a.results_note, "nvidia-h200.json") && strstr(a.results_note, "does not load"),
          "the note names the file and the problem: %s", a.results_note);
    s = draw(&a, &f, &L, &g);
    scene_panel_figure(&f, 1, a.sc.tr->n, buf, sizeof buf);
    CHECK_CONTAINS(buf, "no timed run loaded");
    app_close(&a);

    /* The same file given with --results: exit 2. */
    char *argv[] = { "view", "--results", path, "--shot", "/dev/null/x.png", NULL };
    CHECK(viewer_main(5, argv) == 2, "--results with a corrupt file exits 2");
    o.results[0] = path;
    CHECK(open_app(&a, &o, NULL) != 0, "app_open refuses a corrupt --results");
    app_close(&a);
}

/* C then D: the same version on the next recorded GPU beside this one, each
 * pane with its own device's timed run, never the first pane's. */
static void test_compare_devices(void)
{
    app a;
    viewer_options o = { .version = rv_version_parse("v8"), .width = W, .height = H, .device = "nvidia-h200" };
    if (open_app(&a, &o, RV_TEST_ASSETS) != 0) {
        CHECK(0, "v8 opens with the bundled assets");
        return;
    }
    key(&a, SDLK_c);
    key(&a, SDLK_d);
    CHECK(a.comparing && a.sc2.tr && a.sc2.tr->version == a.sc.tr->version, "C D compares v8 with v8");
    if (!a.comparing || !a.sc2.tr) {
        app_close(&a);
        return;
    }
    CHECK(strcmp(a.sc2.tr->origin, a.sc.tr->origin) != 0, "on another GPU (%s, %s)", a.sc.tr->origin, a.sc2.tr->origin);
    viewer_frame f = app_frame(&a, W, H);
    CHECK(f.other2 && f.results2 && !strcmp(rv_results_device(f.results2), a.sc2.tr->origin),
          "the second pane has its own GPU's results");
    CHECK(f.results && !strcmp(rv_results_device(f.results), "NVIDIA H200"), "the first keeps the H200's");
    char buf[300];
    viewer_frame g = f;
    g.tr = f.tr2;
    g.results = f.results2;
    CHECK(scene_panel_figure(&g, f.tr2->version, f.tr2->n, buf, sizeof buf) == 1, "v8 has a figure on the second GPU");
    CHECK(strstr(buf, a.sc2.tr->origin) != NULL, "and names it: %s", buf);
    CHECK_CONTAINS(a.toast, "with v8 on");
    /* a digit compares on the same GPU again: no second device's results */
    key(&a, SDLK_c);
    key(&a, SDLK_0 + 7);
    f = app_frame(&a, W, H);
    CHECK(a.comparing && !f.other2 && !a.results2, "v8 with v7 on one GPU");
    app_close(&a);
}

/* The user's recordings (`reducevis record`) are searched after the bundled
 * ones: each folder under $XDG_DATA_HOME/reducevis that holds traces/. */
static void test_user_recordings(void)
{
    char xdg[400], dir[600], bufs[ASSETS_MAX_DIRS][1024];
    const char *dirs[ASSETS_MAX_DIRS];
    snprintf(xdg, sizeof xdg, "%s/xdg", tmpdir);
    snprintf(dir, sizeof dir, "%s/reducevis/mygpu/traces", xdg);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s' '%s/reducevis/empty'", dir, xdg);
    CHECK(system(cmd) == 0, "made %s", dir);
    setenv("XDG_DATA_HOME", xdg, 1);
    int n = viewer_asset_dirs(bufs, dirs), mine = 0, empty = 0;
    unsetenv("XDG_DATA_HOME");
    for (int i = 0; i < n; i++) {
        mine += strstr(dirs[i], "/reducevis/mygpu") != NULL;
        empty += strstr(dirs[i], "/reducevis/empty") != NULL;
    }
    CHECK(mine == 1, "the user's recording is searched (%d folders)", n);
    CHECK(empty == 0, "a folder without traces/ is not a recording");
    CHECK(n >= 1 && !strstr(dirs[0], "/reducevis/"), "the bundled assets come first");
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/rv_test_panel_XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    char err[512];
    canvas = viewer_canvas_new(NULL, err, sizeof err);
    if (!canvas) {
        fprintf(stderr, "test_panel: %s\n", err);
        return 1;
    }
    test_slug();
    test_bundled();
    test_model_uses_only_device();
    test_missing_and_corrupt();
    test_user_recordings();
    test_compare_devices();
    viewer_canvas_free(canvas);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "test_panel: could not remove %s\n", tmpdir);
    return check_report();
}
