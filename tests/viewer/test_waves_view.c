/* test_waves_view.c — the viewer's W picture (docs/waves.md) on traces
 * recorded without a waves run: the recording of the same GPU and version
 * taken from the asset folders and named as a separate run on the picture,
 * the toast where the GPU has none of that version (naming those it has),
 * and a student's kernel beside the version to beat's recorded grid (the
 * class's K window, `view --beside-waves`); and the zoom on time (I, O,
 * comma, period, R): which blocks are drawn, and the axis's words.
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
#include "core/quiz_waves.h"
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
                  strstr(s.origin, rv_version_name(v)) && strstr(s.origin, "NVIDIA H200"),
              "the picture says whose run it is: %s", s.origin);
        scene_waves_free(&s);
    } else
        CHECK(0, "the recording's picture is made");
    CHECK(viewer_canvas_draw(canvas, &f) == 0, "drawn");
    key(&a, SDLK_w);
    CHECK(a.waves == VIEW_WAVES_ALONE, "W again: alone");
    f = app_frame(&a, W, H);
    CHECK(f.waves_src[0].tr != NULL && viewer_canvas_draw(canvas, &f) == 0, "drawn alone");
    /* H's keys over the picture alone too: the frame's middle, inside the box, changes */
    SDL_Surface *sf = viewer_canvas_surface(canvas);
    rgba plain = sf ? pixel(sf, W / 2, H / 2) : (rgba){0, 0, 0, 255};
    f.help = 1;
    CHECK(viewer_canvas_draw(canvas, &f) == 0 && (sf = viewer_canvas_surface(canvas)) &&
              !same(pixel(sf, W / 2, H / 2), plain),
          "H draws its keys over the waves picture alone");
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
        CHECK(f.waves_src[0].why && strstr(f.waves_src[0].why, "reducevis class --waves"),
              "in its place, why a class has no grid of the kernel: %s", f.waves_src[0].why ? f.waves_src[0].why : "");
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

/* Whether any cell of SM sm's row holds a block. */
static int row_drawn(const scene_waves *s, uint32_t sm)
{
    for (uint32_t c = 0; c < s->cols; c++)
        if (s->cells[(size_t)sm * s->cols + c].wave != RV_WAVES_NO_WAVE) return 1;
    return 0;
}

/* tr: the mark version's run on the H200 with w as its waves, checked. */
static void on_h200(rv_trace *tr, rv_waves *w, char *err, size_t errlen)
{
    CHECK(rv_waves_validate(w, err, errlen) == 0, "the premise: a sane run (%s)", err);
    tr->version = rv_rules_mark_version();
    tr->origin_kind = RV_ORIGIN_GPU;
    snprintf(tr->origin, sizeof tr->origin, "NVIDIA H200");
    tr->waves = w;
}

/* The scene of a run of two blocks, one after the other on two SMs (SM 0
 * from 0 to 100 ns, SM 1 from 100 to 200): the whole run draws both; its
 * first half, SM 0's block alone, over every column, with the axis saying
 * which part is shown; its second half SM 1's alone, the tail's line at
 * the left edge. */
static void test_zoom_scene(void)
{
    static rv_trace tr;
    rv_waves *w = rv_waves_new(2);
    if (!w) return;
    w->launch = 1;
    w->grid_dim[0] = 2, w->grid_dim[1] = w->grid_dim[2] = 1;
    w->block_dim[0] = 32, w->block_dim[1] = w->block_dim[2] = 1;
    w->cluster_dim[0] = w->cluster_dim[1] = w->cluster_dim[2] = 1;
    w->sm_count = 2, w->bound = 1, w->sm_blocks = 32;
    w->blocks[0] = (rv_wave_block){0, 0, 1000, 1100, 1100, 0, 0};
    w->blocks[1] = (rv_wave_block){1, 1, 1100, 1200, 1200, 0, 0};
    char err[300] = "";
    on_h200(&tr, w, err, sizeof err);
    static scene_waves s;
    scene_waves_in whole = {0}, first = {.from = 0.0, .to = 0.5}, second = {.from = 0.5, .to = 1.0};
    if (scene_waves_build(&tr, &whole, &s, err, sizeof err) == 0) {
        CHECK(row_drawn(&s, 0) && row_drawn(&s, 1), "the whole run: both blocks drawn");
        CHECK(s.cells[s.cols - 1].wave == RV_WAVES_NO_WAVE && s.cells[0].wave == 0,
              "SM 0's block in the first half only");
        CHECK(strstr(s.axis, "0 to 0.200 µs") != NULL, "the axis: the whole run: %s", s.axis);
        CHECK(s.tail_at > 0.49f && s.tail_at < 0.51f, "the tail from the middle (%f)", s.tail_at);
        scene_waves_free(&s);
    } else
        CHECK(0, "the whole run's scene: %s", err);
    if (scene_waves_build(&tr, &first, &s, err, sizeof err) == 0) {
        CHECK(row_drawn(&s, 0) && !row_drawn(&s, 1), "its first half: SM 1's block is not drawn");
        CHECK(s.cells[0].wave == 0 && s.cells[s.cols - 1].wave == 0 && s.cells[s.cols - 1].fill > 0.99f,
              "SM 0's block over every column, full");
        CHECK(strstr(s.axis, "0.000 to 0.100 µs of 0.200") != NULL, "the axis says the part shown: %s", s.axis);
        CHECK(s.tail_at > 0.99f, "the tail after the part shown (%f)", s.tail_at);
        scene_waves_free(&s);
    } else
        CHECK(0, "the first half's scene: %s", err);
    if (scene_waves_build(&tr, &second, &s, err, sizeof err) == 0) {
        CHECK(!row_drawn(&s, 0) && row_drawn(&s, 1), "its second half: SM 0's block is not drawn");
        CHECK(strstr(s.axis, "0.100 to 0.200 µs of 0.200") != NULL, "the axis: %s", s.axis);
        CHECK(s.tail_at < 0.01f, "the tail from the left edge (%f)", s.tail_at);
        scene_waves_free(&s);
    } else
        CHECK(0, "the second half's scene: %s", err);
    tr.waves = NULL;
    rv_waves_free(w);
}

/* The keys: I halves the part of the run shown about its middle, comma and
 * period move it a quarter of itself and stop at the ends, O and R widen
 * it; in compare mode both pictures take the same part. */
static void test_zoom_keys(void)
{
    app a;
    char name[96];
    snprintf(name, sizeof name, "nvidia-h200-%s-b256-ones.rvt", rv_version_name(rv_rules_mark_version()));
    if (open_file(&a, name, -1) != 0) return;
    key(&a, SDLK_i);
    CHECK(a.waves_zoom == 0 && strstr(a.toast, "press W first"), "I without the picture: a hint (%s)", a.toast);
    key(&a, SDLK_w);
    key(&a, SDLK_i);
    viewer_frame f = app_frame(&a, W, H);
    CHECK(f.waves_from == 0.25 && f.waves_to == 0.75, "I: the middle half (%g .. %g)", f.waves_from, f.waves_to);
    key(&a, SDLK_PERIOD);
    f = app_frame(&a, W, H);
    CHECK(f.waves_from == 0.375 && f.waves_to == 0.875, "period: later by a quarter of it (%g .. %g)", f.waves_from,
          f.waves_to);
    for (int i = 0; i < 5; i++) key(&a, SDLK_PERIOD);
    f = app_frame(&a, W, H);
    CHECK(f.waves_from == 0.5 && f.waves_to == 1.0, "stops at the end (%g .. %g)", f.waves_from, f.waves_to);
    key(&a, SDLK_COMMA);
    key(&a, SDLK_o);
    f = app_frame(&a, W, H);
    CHECK(f.waves_from == 0.0 && f.waves_to == 1.0, "O: the whole run again (%g .. %g)", f.waves_from, f.waves_to);
    key(&a, SDLK_i), key(&a, SDLK_i), key(&a, SDLK_r);
    CHECK(a.waves_zoom == 0 && a.waves_at == 0.0, "R: the whole run");
    /* compare mode: both pictures the same part of their runs */
    key(&a, SDLK_w), key(&a, SDLK_w); /* off */
    char msg[300];
    int other = rv_version_parse("v0");
    if (app_compare(&a, other, msg, sizeof msg) == 0) {
        key(&a, SDLK_w);
        key(&a, SDLK_i), key(&a, SDLK_i);
        f = app_frame(&a, W, H);
        CHECK(a.waves == VIEW_WAVES_ALONE && f.tr2 && f.waves_from == 0.375 && f.waves_to == 0.625,
              "compare: one zoom for both (%g .. %g)", f.waves_from, f.waves_to);
        CHECK(viewer_canvas_draw(canvas, &f) == 0, "both drawn zoomed");
    }
    app_close(&a);
}

/* A run of one block on one SM: every count in the picture's words takes
 * its own number ("1 block of 32 threads on 1 SM"), none "1 blocks". */
static void test_one_block_words(void)
{
    static rv_trace tr;
    rv_waves *w = rv_waves_new(1);
    if (!w) return;
    w->launch = 1;
    w->grid_dim[0] = w->grid_dim[1] = w->grid_dim[2] = 1;
    w->block_dim[0] = 32, w->block_dim[1] = w->block_dim[2] = 1;
    w->cluster_dim[0] = w->cluster_dim[1] = w->cluster_dim[2] = 1;
    w->sm_count = 1, w->bound = 1, w->sm_blocks = 32;
    w->blocks[0] = (rv_wave_block){0, 0, 1000, 1100, 1100, 0, 0};
    char err[300] = "";
    on_h200(&tr, w, err, sizeof err);
    static scene_waves s;
    if (scene_waves_make(&tr, 0, &s, err, sizeof err) == 0) {
        CHECK(strstr(s.title, "1 block of 32 threads on 1 SM") != NULL, "the title: %s", s.title);
        CHECK(strstr(s.predicted, "(1 block, 1 SM ×") != NULL, "predicted: %s", s.predicted);
        CHECK(strstr(s.observed, "ran 1 block,") != NULL, "observed: %s", s.observed);
        CHECK(!strcmp(s.sm_rows, "1 SM, one row each"), "the rows: %s", s.sm_rows);
        const char *all[] = {s.title, s.predicted, s.observed, s.sm_rows};
        for (int i = 0; i < 4; i++)
            CHECK(!strstr(all[i], "1 blocks") && !strstr(all[i], "1 SMs"), "no plural of one: %s", all[i]);
        scene_waves_free(&s);
    } else
        CHECK(0, "the one block's scene: %s", err);
    rv_waves_free(w);
}

/* Types n as digits, then Enter: predict mode's answer. */
static void answer(app *a, uint32_t n)
{
    char digits[16];
    snprintf(digits, sizeof digits, "%u", n);
    for (const char *c = digits; *c; c++) key(a, SDLK_0 + (*c - '0'));
    key(a, SDLK_RETURN);
}

/* Predict mode with the picture shown asks the grid's question before the
 * grid: the waves stay hidden until it is answered, a wrong answer is
 * judged wrong and the right one (the waves the occupancy predicts) right,
 * alone as beside the steps; without W the steps' questions come back. */
static void test_predict_waves(void)
{
    app a;
    char name[96];
    snprintf(name, sizeof name, "nvidia-h200-%s-b256-ones.rvt", rv_version_name(rv_rules_mark_version()));
    if (open_file(&a, name, -1) != 0) {
        CHECK(0, "opened %s", name);
        return;
    }
    key(&a, SDLK_a);
    key(&a, SDLK_w);
    viewer_frame f = app_frame(&a, W, H);
    const rv_waves *w = f.waves_src[0].tr ? f.waves_src[0].tr->waves : NULL;
    waves_question wq;
    if (!w || waves_question_of(w, &wq) != 0) {
        CHECK(0, "the recording's question is made");
        app_close(&a);
        return;
    }
    CHECK(f.quiz && f.quiz->waves == w && predict_veiled(f.quiz), "W in predict mode asks of the grid shown");
    CHECK(f.waves_quiz == 1, "the very frame made after W hides the grid it asks of, not the next one");
    CHECK(f.quiz && !strcmp(f.quiz->q.text, wq.text) && !strcmp(f.quiz->q.hint, wq.hint), "the grid's question: %s",
          f.quiz ? f.quiz->q.text : "none");
    static scene_waves s;
    scene_waves_in in = {.file = f.waves_src[0].file, .veiled = 1};
    if (scene_waves_build(f.waves_src[0].tr, &in, &s, name, sizeof name) == 0) {
        CHECK(s.veiled && !s.observed[0] && !strstr(s.predicted, "predicted"), "the veiled picture tells nothing: %s",
              s.predicted);
        scene_waves_free(&s);
    }
    CHECK(viewer_canvas_draw(canvas, &f) == 0, "the question drawn beside the steps");
    answer(&a, wq.number + 1);
    CHECK(a.pq.revealed && a.pq.verdict == -1 && a.pq.answered == 1 && a.pq.right == 0, "%u waves: judged wrong",
          wq.number + 1);
    f = app_frame(&a, W, H);
    CHECK(f.waves_quiz == 2, "answered: the frame shows the grid");
    CHECK(f.quiz && strstr(f.quiz->q.answer, "wave") && !strcmp(f.quiz->q.explain, wq.explain),
          "revealed with the answer and why: %s", f.quiz ? f.quiz->q.answer : "none");
    key(&a, SDLK_RETURN); /* no next step's question over the grid */
    CHECK(a.pq.waves == w && a.pq.revealed && a.step == 0, "Enter leaves the revealed grid as it is");
    key(&a, SDLK_w); /* alone */
    key(&a, SDLK_w); /* off: the steps' question again */
    f = app_frame(&a, W, H);
    CHECK(a.waves == VIEW_WAVES_OFF && f.quiz && !f.quiz->waves, "without the picture, the step's question");
    key(&a, SDLK_w);
    key(&a, SDLK_w); /* alone: asked afresh */
    f = app_frame(&a, W, H);
    CHECK(a.waves == VIEW_WAVES_ALONE && predict_veiled(f.quiz) && f.quiz->waves == w && f.waves_quiz == 1,
          "asked again, alone, the grid hidden");
    CHECK(viewer_canvas_draw(canvas, &f) == 0, "the question drawn beside the picture alone");
    answer(&a, wq.number);
    CHECK(a.pq.verdict == 1 && a.pq.right == 1 && a.pq.answered == 2, "%u waves: judged right", wq.number);
    app_close(&a);
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
    test_zoom_scene();
    test_zoom_keys();
    test_predict_waves();
    test_one_block_words();
    remove_assets();
    viewer_canvas_free(canvas);
    return check_report();
}
