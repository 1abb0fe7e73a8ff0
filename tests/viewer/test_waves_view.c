/* test_waves_view.c — the viewer's W picture (docs/waves.md) on traces
 * recorded without a waves run: the recording of the same GPU and version
 * taken from the asset folders and named as a separate run on the picture,
 * the toast where the GPU has none of that version (naming those it has),
 * and a student's kernel beside the version to beat's recorded grid (the
 * class's K window, `view --beside-waves`).
 *
 * The asset folder is made for the test, from the bundled recordings: only
 * the mark version's waves recording of the H200 in it, so that recordings
 * added to assets/waves/ later change nothing here. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <SDL.h>
#include "../check.h"
#include "pixels.h"
#include "core/rules.h"
#include "core/versions.h"
#include "viewer/draw/draw.h"
#include "viewer/scene/scene_waves.h"
#include "viewer/window/app.h"
#include "viewer/window/viewer.h"

#define W 1280
#define H 720

static viewer_canvas *canvas;
static char assets[64]; /* the test's asset folder: waves/ with the mark version's H200 recording alone */
static char mark_file[128];

static int make_assets(void)
{
    char path[PATH_MAX], target[PATH_MAX];
    snprintf(assets, sizeof assets, "/tmp/rv-waves-view-XXXXXX");
    if (!mkdtemp(assets)) return -1;
    snprintf(path, sizeof path, "%s/waves", assets);
    mkdir(path, 0755);
    snprintf(mark_file, sizeof mark_file, "nvidia-h200-%s.rvt", rv_version_name(rv_rules_mark_version()));
    snprintf(target, sizeof target, "%s/waves/%s", RV_TEST_ASSETS, mark_file);
    snprintf(path, sizeof path, "%s/waves/%s", assets, mark_file);
    return symlink(target, path);
}

static void remove_assets(void)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/waves/%s", assets, mark_file);
    unlink(path);
    snprintf(path, sizeof path, "%s/waves", assets);
    rmdir(path);
    rmdir(assets);
}

/* An app on a bundled trace file (traces/NAME under the source's assets),
 * finding recordings in the test's asset folder; beside: --beside-waves's
 * version, or -1. */
static int open_file(app *a, const char *name, int beside)
{
    char file[PATH_MAX], err[600];
    snprintf(file, sizeof file, "%s/traces/%s", RV_TEST_ASSETS, name);
    viewer_options o;
    app_options_default(&o);
    o.file = file;
    o.width = W, o.height = H;
    o.beside_waves = beside + 1;
    const char *dirs[] = {assets};
    if (app_open(a, &o, dirs, 1, err, sizeof err) != 0) {
        fprintf(stderr, "app_open %s: %s\n", name, err);
        return -1;
    }
    return 0;
}

/* Pane p's picture as the frame gives it, made into its scene. */
static int pane_scene(const viewer_frame *f, int p, scene_waves *s)
{
    char err[300];
    const waves_source *src = &f->waves_src[p];
    scene_waves_in in = {.file = src->file, .name = src->name, .beside = src->beside};
    return src->tr ? scene_waves_build(src->tr, &in, s, err, sizeof err) : -1;
}

/* The bundled step trace of the mark version has no waves run; W takes the
 * H200's recording of that version, draws it beside the steps, and the
 * picture says it is a separate recording, by its file name. */
static void test_recording_stands_in(void)
{
    app a;
    char name[96];
    int v = rv_rules_mark_version();
    snprintf(name, sizeof name, "nvidia-h200-%s-b256-ones.rvt", rv_version_name(v));
    if (open_file(&a, name, -1) != 0) {
        CHECK(0, "opened %s", name);
        return;
    }
    CHECK(a.sc.tr->waves == NULL, "the premise: the step trace has no waves run of its own");
    key(&a, SDLK_w);
    viewer_frame f = app_frame(&a, W, H);
    CHECK(a.waves == VIEW_WAVES_BESIDE, "W shows the picture beside the steps (%d)", a.waves);
    CHECK(f.waves_src[0].tr != NULL && f.waves_src[0].file && !strcmp(f.waves_src[0].file, mark_file),
          "pane 0's grid is the recording %s (%s)", mark_file, f.waves_src[0].file ? f.waves_src[0].file : "none");
    CHECK(f.waves_src[0].tr && f.waves_src[0].tr->waves && f.waves_src[0].tr != a.sc.tr, "a trace of its own");
    CHECK(draw_steps_width(&f) < W, "the steps make room for the picture (%d of %d)", draw_steps_width(&f), W);
    CHECK(strstr(a.toast, mark_file) != NULL, "the toast names the recording: %s", a.toast);
    static scene_waves s;
    if (pane_scene(&f, 0, &s) == 0) {
        CHECK(s.separate && strstr(s.origin, mark_file) && strstr(s.origin, "not this trace's run") &&
                  strstr(s.origin, rv_version_name(v)) &&
                  strstr(s.origin, "NVIDIA H200"),
              "the picture says whose run it is: %s", s.origin);
        scene_waves_free(&s);
    } else
        CHECK(0, "the recording's picture is made");
    CHECK(viewer_canvas_draw(canvas, &f) == 0, "drawn");
    key(&a, SDLK_w);
    CHECK(a.waves == VIEW_WAVES_ALONE, "W again: alone");
    f = app_frame(&a, W, H);
    CHECK(f.waves_src[0].tr != NULL && viewer_canvas_draw(canvas, &f) == 0, "drawn alone");
    app_close(&a);
}

/* A version with no recording for its GPU: W stays off and the toast says
 * so, naming the versions that GPU has and how to record the rest; another
 * GPU with none at all is told how to make them. */
static void test_no_recording(void)
{
    app a;
    const rv_version_info *vi = rv_version_at(1); /* any version but the mark one */
    if (vi->id == rv_rules_mark_version()) vi = rv_version_at(2);
    char name[96], want[64];
    snprintf(name, sizeof name, "nvidia-h200-%s-b256-ones.rvt", vi->name);
    if (open_file(&a, name, -1) == 0) {
        key(&a, SDLK_w);
        snprintf(want, sizeof want, "recorded for it: %s.", rv_version_name(rv_rules_mark_version()));
        CHECK(a.waves == VIEW_WAVES_OFF, "no picture to show: W stays off");
        CHECK(strstr(a.toast, "no waves recording of") && strstr(a.toast, vi->name) && strstr(a.toast, want) &&
                  strstr(a.toast, "reducevis record"),
              "the toast names the version, what is recorded and how to record: %s", a.toast);
        app_close(&a);
    }
    snprintf(name, sizeof name, "nvidia-h100-80gb-hbm3-%s-b256-ones.rvt", rv_version_name(rv_rules_mark_version()));
    if (open_file(&a, name, -1) == 0) {
        key(&a, SDLK_w);
        CHECK(a.waves == VIEW_WAVES_OFF && strstr(a.toast, "any version") && strstr(a.toast, "H100") &&
                  strstr(a.toast, "reducevis record"),
              "another GPU's trace is never shown the H200's grid: %s", a.toast);
        app_close(&a);
    }
}

/* The class's K window: a student's kernel (its trace without a waves run,
 * as a class started without --waves makes) beside the version to beat's
 * recorded grid of the same GPU; none for another GPU, and the picture says
 * so in its place. */
static void test_beside_mark(void)
{
    app a;
    int v = rv_rules_mark_version();
    if (open_file(&a, "own/nvidia-h200-my_reduce-b256.rvt", v) == 0) {
        key(&a, SDLK_w);
        viewer_frame f = app_frame(&a, W, H);
        CHECK(a.waves == VIEW_WAVES_ALONE, "W: the two grids side by side (%d)", a.waves);
        CHECK(!f.waves_src[0].tr && f.waves_src[1].tr && f.waves_src[1].beside && f.waves_src[1].file &&
                  !strcmp(f.waves_src[1].file, mark_file),
              "the kernel's grid (none recorded) beside %s", f.waves_src[1].file ? f.waves_src[1].file : "nothing");
        static scene_waves s;
        if (pane_scene(&f, 1, &s) == 0) {
            CHECK(s.separate && strstr(s.origin, mark_file) && strstr(s.origin, "not this kernel's run") &&
                  strstr(s.origin, rv_version_name(v)),
                  "the right picture is the version to beat's recording: %s / %s", s.title, s.origin);
            scene_waves_free(&s);
        } else
            CHECK(0, "the recording's picture is made");
        SDL_Surface *sf = viewer_canvas_draw(canvas, &f) == 0 ? viewer_canvas_surface(canvas) : NULL;
        CHECK(sf != NULL, "drawn");
        if (sf) { /* down the middle of the right half, the grid's cells: neither background nor empty panel */
            const theme *th = theme_get((theme_id)f.theme);
            int cells = 0, n = 0;
            for (int y = H / 2; y < H * 3 / 4; y += 4, n++) {
                rgba c = pixel(sf, W * 3 / 4, y);
                cells += !same(c, th->bg) && !same(c, th->panel);
            }
            CHECK(cells > n / 2, "the recorded grid is drawn on the right (%d of %d)", cells, n);
        }
        app_close(&a);
    }
    if (open_file(&a, "own/nvidia-h100-80gb-hbm3-my_reduce-b256.rvt", v) == 0) {
        key(&a, SDLK_w);
        viewer_frame f = app_frame(&a, W, H);
        CHECK(a.waves == VIEW_WAVES_ALONE && !f.waves_src[1].tr && f.waves_src[1].why &&
                  strstr(f.waves_src[1].why, "H100"),
              "no recording for the H100: the right pane says so: %s",
              f.waves_src[1].why ? f.waves_src[1].why : "nothing");
        CHECK(viewer_canvas_draw(canvas, &f) == 0, "drawn");
        app_close(&a);
    }
}

int main(void)
{
    char err[512];
    canvas = viewer_canvas_new(NULL, err, sizeof err);
    if (!canvas) {
        fprintf(stderr, "test_waves_view: %s\n", err);
        return 1;
    }
    if (make_assets() != 0) {
        fprintf(stderr, "test_waves_view: cannot make the asset folder %s\n", assets);
        return 1;
    }
    test_recording_stands_in();
    test_no_recording();
    test_beside_mark();
    remove_assets();
    viewer_canvas_free(canvas);
    return check_report();
}
