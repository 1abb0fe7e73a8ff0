/* test_viewer.c — the viewer driven headless: scripted SDL key and mouse
 * events into an app, frames drawn off-screen with the software renderer,
 * pixels sampled where the layout says a feature is drawn.
 *
 * Expected colours come from the theme by meaning (divergent, write,
 * conflict...), so the tests fail when a feature stops being drawn or is drawn
 * in the wrong place, not when a palette is retuned.  Every check that relies
 * on the analysis first checks the premise (e.g. warp 0 is divergent), so a
 * change in the core cannot make a pixel test pass vacuously.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL.h>
#include "../check.h"
#include "viewer/scene/value_text.h"
#include "pixels.h"
#include "viewer/window/app.h"
#include "viewer/window/action.h"
#include "viewer/draw/draw.h"
#include "viewer/draw/layout.h"
#include "viewer/window/shown.h"
#include "viewer/scene/stepview.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"
#include "core/versions.h"

#define W 1280
#define H 720

static viewer_canvas *canvas;

static void keys(app *a, SDL_Keycode k, int times)
{
    for (int i = 0; i < times; i++)
        key(a, k);
}

static void mouse(app *a, Uint32 type, int x, int y)
{
    SDL_Event e = { 0 };
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
        e.motion.x = x;
        e.motion.y = y;
    } else {
        e.button.button = SDL_BUTTON_LEFT;
        e.button.x = x;
        e.button.y = y;
    }
    app_event(a, &e);
}

/* Draws the app's current frame; fills L with its layout. */
static SDL_Surface *draw(app *a, layout *L)
{
    viewer_frame f = app_frame(a, W, H);
    draw_layout_for(&f, L);
    if (viewer_canvas_draw(canvas, &f) != 0)
        return NULL;
    return viewer_canvas_surface(canvas);
}

/* A CPU-model app (the block size is given, so no bundled trace is used). */
static int open_model(app *a, int version, int block)
{
    viewer_options o = { .version = version, .block_size = block, .width = W, .height = H };
    char err[512];
    if (app_open(a, &o, NULL, 0, err, sizeof err) != 0) {
        fprintf(stderr, "app_open: %s\n", err);
        return -1;
    }
    return 0;
}

static int find_step(const rv_trace *tr, rv_phase ph, const char *label)
{
    for (int s = 0; s < tr->nsteps; s++)
        if (tr->steps[s].phase == (uint32_t)ph && (!label || !strcmp(tr->steps[s].label, label)))
            return s;
    return -1;
}

static void test_v0_divergence_and_writes(void)
{
    app a;
    layout L;
    CHECK(open_model(&a, 0, 256) == 0, "v0 opens");
    keys(&a, SDLK_RIGHT, 3);
    CHECK(a.step == 3, "three Right presses reach step 3, got %d", a.step);
    CHECK(!strcmp(a.sc.tr->steps[3].label, "s=4"), "v0 step 3 is s=4, got %s", a.sc.tr->steps[3].label);
    const theme *th = theme_get(THEME_DARK);
    SDL_Surface *s = draw(&a, &L);
    CHECK(s != NULL, "frame drawn");
    if (!s)
        return;
    /* Warp 0 runs lanes 0, 8, 16, 24 only: divergent, and drawn so. */
    CHECK(rv_analysis_warp(a.sc.an, 3, 0)->state == RV_WARP_DIVERGENT, "premise: warp 0 divergent at s=4");
    lrect wb = layout_warp_label(&L, 0);
    CHECK_PIXEL(s, wb.x + 2, wb.y + wb.h - 2, th->divergent, "warp 0 box");
    /* Lane 1 does not execute; lane 0 does. */
    lrect l1 = layout_lane_rect(&L, 1), l0 = layout_lane_rect(&L, 0);
    CHECK_PIXEL(s, l1.x + 1, l1.y + l1.h - 2, th->lane_off, "idle lane 1");
    CHECK_PIXEL(s, l0.x + 1, l0.y + l0.h - 2, th->divergent, "executing lane 0 of a divergent warp");
    /* Word 0 is written this step (thread 0), word 1 is not. */
    stepview sv;
    stepview_build(&sv, a.sc.an, 3);
    CHECK(sv.writer[0] == 0 && sv.writer[1] < 0, "premise: thread 0 writes word 0 only");
    lrect c0 = layout_cell_rect(&L, 0), c1 = layout_cell_rect(&L, 1);
    CHECK_PIXEL(s, c0.x + 1, c0.y + c0.h - 2, th->write, "written word 0");
    CHECK_PIXEL(s, c1.x + 1, c1.y + c1.h - 2, th->cell, "untouched word 1");
    /* Word 4 is read (by thread 0), so it is outlined. */
    CHECK(sv.read[4] && sv.writer[4] < 0, "premise: word 4 read, not written");
    lrect c4 = layout_cell_rect(&L, 4);
    CHECK_PIXEL(s, c4.x, c4.y + c4.h - 1, th->read, "outline of read word 4");
    /* No conflicts in v0: no bank is marked. */
    lrect b0 = layout_bank_rect(&L, 0);
    CHECK(!same(pixel(s, b0.x + 1, b0.y + 1), theme_conflict(th, 2)), "no conflict badge on bank 0 in v0");
    app_close(&a);
}

static void test_v1_conflicts(void)
{
    app a;
    layout L;
    CHECK(open_model(&a, 0, 256) == 0, "v0 opens");
    key(&a, SDLK_1);   /* switch version from v0, as a teacher would */
    CHECK(a.sc.tr->version == 1, "key 1 switches to v1, got v%d", a.sc.tr->version);
    int s1 = find_step(a.sc.tr, RV_PHASE_TREE, "s=1");
    CHECK(s1 >= 0, "v1 has a step s=1");
    while (a.step < s1)
        key(&a, SDLK_RIGHT);
    const rv_warp_info *wi = rv_analysis_warp(a.sc.an, a.step, 0);
    CHECK(wi->max_conflict >= 2, "premise: warp 0 conflicts at v1 s=1 (degree %d)", wi->max_conflict);
    stepview sv;
    stepview_build(&sv, a.sc.an, a.step);
    CHECK(sv.bank_degree[0] >= 2, "premise: bank 0 conflicts");
    const theme *th = theme_get(THEME_DARK);
    SDL_Surface *s = draw(&a, &L);
    CHECK(s != NULL, "frame drawn");
    if (!s)
        return;
    lrect bb = layout_warp_badge(&L, 0);
    CHECK_PIXEL(s, bb.x + 1, bb.y + 1, theme_conflict(th, wi->max_conflict), "warp 0 conflict badge");
    lrect b0 = layout_bank_rect(&L, 0);
    CHECK_PIXEL(s, b0.x + 1, b0.y + 1, theme_conflict(th, sv.bank_degree[0]), "bank 0 conflict badge");
    /* The corner notch of a conflicting word. */
    int word = -1;
    for (int w = 0; w < a.sc.an->smem_words; w++)
        if (a.sc.an->conflict[(size_t)a.step * a.sc.an->smem_words + w] >= 2) {
            word = w;
            break;
        }
    CHECK(word >= 0, "premise: some word conflicts");
    if (word >= 0) {
        lrect c = layout_cell_rect(&L, word);
        int deg = a.sc.an->conflict[(size_t)a.step * a.sc.an->smem_words + word];
        CHECK_PIXEL(s, c.x + c.w - 2, c.y + 1, theme_conflict(th, deg), "conflict notch");
    }
    app_close(&a);
}

static void test_theme_toggle(void)
{
    app a;
    layout L;
    CHECK(open_model(&a, 2, 256) == 0, "v2 opens");
    SDL_Surface *s = draw(&a, &L);
    CHECK(s && same(pixel(s, 1, 1), theme_get(THEME_DARK)->bg), "dark background first");
    key(&a, SDLK_t);
    s = draw(&a, &L);
    CHECK(s && same(pixel(s, 1, 1), theme_get(THEME_LIGHT)->bg), "T gives the light background");
    CHECK(!same(theme_get(THEME_LIGHT)->bg, theme_get(THEME_DARK)->bg), "premise: themes differ");
    app_close(&a);
}

static void test_v7_shuffle(void)
{
    app a;
    layout L;
    CHECK(open_model(&a, 7, 256) == 0, "v7 opens");
    int sh = find_step(a.sc.tr, RV_PHASE_SHUFFLE, NULL);
    CHECK(sh >= 0, "v7 has a shuffle step");
    if (sh < 0)
        return;
    while (a.step < sh)
        key(&a, SDLK_SPACE);
    stepview sv;
    stepview_build(&sv, a.sc.an, a.step);
    CHECK(sv.shfl_src[0] > 0, "premise: lane 0 reads another lane (src %d)", sv.shfl_src[0]);
    const theme *th = theme_get(THEME_DARK);
    SDL_Surface *s = draw(&a, &L);
    CHECK(s != NULL, "frame drawn");
    if (!s)
        return;
    CHECK(L.lane_text, "v7 lanes are tall enough to show registers at %dx%d", W, H);
    /* The shuffle arc lands on lane 0 from above: shuffle colour just over it. */
    lrect l0 = layout_lane_rect(&L, 0);
    int found = 0;
    for (int y = l0.y - 12; y < l0.y && !found; y++)
        for (int x = l0.x; x < l0.x + l0.w && !found; x++)
            found = same(pixel(s, x, y), th->shuffle);
    CHECK(found, "a shuffle arrow ends above lane 0");
    /* Lanes whose result is never used are marked wasted. */
    int wl = -1;
    for (int t = 0; t < 32; t++)
        if (a.sc.an->wasted[(size_t)a.step * 256 + t] && rv_trace_event(a.sc.tr, a.step, t)->line) {
            wl = t;
            break;
        }
    CHECK(wl >= 0, "premise: some lane of warp 0 is wasted in the first shuffle");
    if (wl >= 0) {
        lrect r = layout_lane_rect(&L, wl);
        CHECK_PIXEL(s, r.x + 1, r.y + r.h - 2, th->wasted, "wasted lane");
    }
    app_close(&a);
}

static void test_timeline_click_help_quit(void)
{
    app a;
    layout L;
    CHECK(open_model(&a, 0, 256) == 0, "v0 opens");
    SDL_Surface *s = draw(&a, &L);
    CHECK(s != NULL, "frame drawn");
    lrect r = layout_step_rect(&L, 5);
    mouse(&a, SDL_MOUSEBUTTONDOWN, r.x + r.w / 2, r.y + 3);
    CHECK(a.step == 5, "clicking step 5 jumps there, got %d", a.step);
    s = draw(&a, &L);
    CHECK_PIXEL(s, r.x + 2, r.y + 2, theme_get(THEME_DARK)->accent, "current step box");
    key(&a, SDLK_END);
    CHECK(a.step == a.sc.tr->nsteps - 1, "End goes to the last step");
    key(&a, SDLK_HOME);
    CHECK(a.step == 0, "Home goes to the first step");
    key(&a, SDLK_LEFT);
    CHECK(a.step == 0, "Left stops at the first step");
    /* Clicking a warp focuses it; clicking again goes back to automatic. */
    lrect wb = layout_warp_label(&L, 3);
    mouse(&a, SDL_MOUSEBUTTONDOWN, wb.x + 2, wb.y + 2);
    CHECK(a.focus == 4, "click on warp 3 focuses it, got %d", a.focus);
    mouse(&a, SDL_MOUSEBUTTONDOWN, wb.x + 2, wb.y + 2);
    CHECK(a.focus == 0, "second click unfocuses, got %d", a.focus);
    /* Help overlay changes the centre of the frame; Esc closes it, then quits. */
    s = draw(&a, &L);
    rgba before = pixel(s, W / 2, H / 2);
    key(&a, SDLK_h);
    CHECK(a.help, "H opens the help");
    s = draw(&a, &L);
    CHECK(!same(before, pixel(s, W / 2, H / 2)) || same(before, theme_get(THEME_DARK)->overlay),
          "the help overlay is drawn");
    key(&a, SDLK_ESCAPE);
    CHECK(!a.help && !a.quit, "Esc closes the help first");
    key(&a, SDLK_q);
    CHECK(a.quit, "Q quits");
    app_close(&a);
}

static void test_play_and_speed(void)
{
    app a;
    CHECK(open_model(&a, 2, 256) == 0, "v2 opens");
    double sp = app_speed(&a);
    key(&a, SDLK_p);
    CHECK(a.playing, "P plays");
    app_tick(&a, (unsigned)(1000.0 / sp) + 1);
    CHECK(a.step == 1, "one period of play advances one step, got %d", a.step);
    key(&a, SDLK_PLUS);
    CHECK(app_speed(&a) > sp, "+ speeds up");
    key(&a, SDLK_MINUS);
    key(&a, SDLK_MINUS);
    CHECK(app_speed(&a) < sp, "- slows down");
    app_tick(&a, 100000);
    CHECK(a.step == a.sc.tr->nsteps - 1 && !a.playing, "play stops at the last step");
    key(&a, SDLK_p);
    CHECK(a.playing && a.step == 0, "P at the end replays from the start");
    app_close(&a);
}

static void test_version_switch_keeps_position(void)
{
    app a;
    CHECK(open_model(&a, 0, 256) == 0, "v0 opens");
    keys(&a, SDLK_RIGHT, 3);   /* v0 s=4: the third tree level */
    key(&a, SDLK_2);
    CHECK(a.sc.tr->version == 2, "key 2 switches to v2");
    CHECK(a.step == 3 && a.sc.tr->steps[a.step].phase == RV_PHASE_TREE,
          "v2 shows its third tree level too (step %d, %s)", a.step, a.sc.tr->steps[a.step].label);
    key(&a, SDLK_7);
    CHECK(a.sc.tr->version == 7, "key 7 switches to v7");
    CHECK(a.sc.tr->origin_kind == RV_ORIGIN_MODEL, "a model shown stays on the model");
    /* A version that cannot run this block size keeps the shown and says why. */
    app_close(&a);
    CHECK(open_model(&a, 0, 32) == 0, "v0 at block 32 opens");
    const char *why = rv_version_check_block(5, 32);
    if (why) {
        key(&a, SDLK_5);
        CHECK(a.sc.tr->version == 0 && a.toast[0], "refused switch keeps v0 and explains (%s)", a.toast);
    }
    app_close(&a);
}

static void test_block_1024(void)
{
    app a;
    layout L;
    CHECK(open_model(&a, 1, 1024) == 0, "v1 at block 1024 opens");
    keys(&a, SDLK_RIGHT, 1);
    SDL_Surface *s = draw(&a, &L);
    CHECK(s != NULL, "frame drawn");
    lrect last = layout_cell_rect(&L, 1023);
    CHECK(last.y + last.h <= L.center.y + L.center.h, "the 32nd row of words stays in the pane");
    CHECK(L.cell_h >= 10, "words stay at least 10 px tall at 1280x720, got %d", L.cell_h);
    app_close(&a);
}

static void test_viewer_main(void)
{
    char *help[] = { "view", "--help", NULL };
    char *bad[] = { "view", "--frobnicate", NULL };
    char *font[] = { "view", "--font", "/nonexistent/font.ttf", "--shot", "/tmp/x.bmp", NULL };
    char *trace[] = { "view", "/tmp/rv_test_viewer_bad.rvt", NULL };
    FILE *f = fopen("/tmp/rv_test_viewer_bad.rvt", "wb");
    if (f) {
        fputs("this is not a trace", f);
        fclose(f);
    }
    CHECK(viewer_main(2, help) == 0, "--help exits 0");
    CHECK(viewer_main(2, bad) == 1, "an unknown option exits 1");
    CHECK(viewer_main(5, font) == 2, "a missing font exits 2");
    CHECK(viewer_main(2, trace) == 2, "a bad trace file exits 2");
    remove("/tmp/rv_test_viewer_bad.rvt");
}

static void test_format(void)
{
    char b[32];
    value_text(256, 3, b, sizeof b);
    CHECK(!strcmp(b, "256"), "256 -> %s", b);
    value_text(32768, 4, b, sizeof b);
    CHECK(!strcmp(b, "33k") || !strcmp(b, "32.8k") || strlen(b) <= 4, "32768 in 4 chars -> %s", b);
    value_text(1.5f, 4, b, sizeof b);
    CHECK(!strcmp(b, "1.50") || !strcmp(b, "1.5"), "1.5 -> %s", b);
    value_text(-7, 3, b, sizeof b);
    CHECK(!strcmp(b, "-7"), "-7 -> %s", b);
    value_text(131072, 3, b, sizeof b); /* v8's gather: never "0M" */
    CHECK(!strcmp(b, "1e5"), "131072 in 3 chars -> %s", b);
    value_text(999999, 3, b, sizeof b);
    CHECK(!strcmp(b, "1M"), "999999 in 3 chars -> %s", b);
}

/* The frame around the panes as the scene says it, before any drawing:
 * the run line's forms, the code pane's lines, the timeline, and predict
 * mode's veil on the marks, the card and the tooltip's answer. */
static void test_frame_scene(void)
{
    static scene sc;
    app a;
    CHECK(open_model(&a, 1, 256) == 0, "v1 opens");
    keys(&a, SDLK_RIGHT, 2);
    viewer_frame f = app_frame(&a, W, H);
    scene_build(&sc, &f);
    const scene_frame *fr = &sc.frame;
    CHECK(!strncmp(fr->header.title, "v1", 2), "the header names the version: %s", fr->header.title);
    CHECK(!fr->header.origin_gpu && strstr(fr->header.origin, "CPU model"), "a model's origin: %s", fr->header.origin);
    for (int k = 0; k + 1 < SCENE_RUN_FORMS; k++)
        CHECK(strlen(fr->header.run[k + 1]) < strlen(fr->header.run[k]), "run form %d shorter than %d: %s", k + 1, k,
              fr->header.run[k + 1]);
    CHECK(strstr(fr->header.run[0], "step 3 of"), "the run line counts the step: %s", fr->header.run[0]);

    const scene_code *code = &fr->code;
    int line = f.an->steps[f.step].line, found = 0;
    CHECK(line > 0 && code->cur == line, "the code pane's current line is the step's (%d, %d)", code->cur, line);
    for (int i = 0; i < code->nlines; i++) {
        found |= code->lines[i].line == line;
        CHECK(!strstr(code->lines[i].text, "RV_REC(") && !strstr(code->lines[i].text, "RV_STEP("),
              "line %d shows no instrumentation: %s", code->lines[i].line, code->lines[i].text);
    }
    CHECK(found, "the current line is among those shown");

    const scene_timeline *t = &fr->timeline;
    CHECK(t->nsteps == f.tr->nsteps && t->cur == f.step && !t->playing, "the timeline: every step, this one, paused");
    for (int s = 0; s < t->nsteps; s++)
        CHECK(t->steps[s].marked && t->steps[s].divergent == (f.an->steps[s].divergent_warps > 0),
              "step %d: its divergence mark", s);
    const char *paused = t->play;
    key(&a, SDLK_p);
    f = app_frame(&a, W, H);
    scene_build(&sc, &f);
    CHECK(t->playing && strcmp(t->play, paused), "P: the timeline says playing (%s)", t->play);
    key(&a, SDLK_p);

    /* Predict mode: the step is veiled, its marks and later ones hidden. */
    key(&a, SDLK_a);
    f = app_frame(&a, W, H);
    scene_build(&sc, &f);
    CHECK(fr->asking && fr->veiled && fr->card.question && !fr->card.revealed, "A: the card asks, the step is veiled");
    CHECK(fr->card.score[0] && fr->card.hint, "the class's card: a score and how to answer");
    for (int s = 0; s < t->nsteps; s++)
        CHECK(t->steps[s].marked == (s < f.step), "predict mode: step %d's marks %s", s,
              s < f.step ? "shown" : "hidden");
    char lines[SCENE_TIP_LINES][SCENE_TIP_LEN];
    CHECK(scene_tip_text(&f, SCENE_TIP_STEP, f.step, lines) == 1, "a veiled step's tooltip: its name only");
    CHECK(scene_tip_text(&f, SCENE_TIP_CELL, 0, lines) >= 2 && !strncmp(lines[0], "smem[0]", 7),
          "a word's tooltip: %s", lines[0]);
    app_close(&a);
}

/* A key is read as an action without changing anything; applied, it does
 * what the key does.  The state's modes decide the reading: C waits for a
 * digit, predict mode takes the digits, Esc closes the help first. */
static void test_actions(void)
{
    app a;
    CHECK(open_model(&a, 1, 256) == 0, "v1 opens");
    app_action act = app_action_of_key(&a, SDLK_END, 0);
    CHECK(act.kind == APP_GOTO && act.arg == app_positions(&a) - 1 && act.key, "End: go to the last step");
    CHECK(a.step == 0, "reading a key changes nothing (step %d)", a.step);
    app_apply(&a, act);
    CHECK(a.step == app_positions(&a) - 1, "applied, End goes to the last step (%d)", a.step);
    CHECK(app_action_of_key(&a, SDLK_3, 0).kind == APP_VERSION, "a digit: a version");
    key(&a, SDLK_c);
    act = app_action_of_key(&a, SDLK_3, 0);
    CHECK(act.kind == APP_COMPARE_WITH && act.arg == 3, "after C a digit picks the version to compare with");
    act = app_action_of_key(&a, SDLK_t, 0);
    CHECK(act.kind == APP_THEME && a.compare_pending, "after C another key is read as usual");
    app_apply(&a, act);
    CHECK(!a.compare_pending && a.theme, "and it ends the pending C");
    key(&a, SDLK_a);
    act = app_action_of_key(&a, SDLK_3, 0);
    CHECK(act.kind == APP_PREDICT_INPUT && act.arg2 == 3 && act.sync, "in predict mode a digit is typed");
    key(&a, SDLK_h);
    CHECK(app_action_of_key(&a, SDLK_ESCAPE, 0).kind == APP_HELP, "Esc closes the help first");
    key(&a, SDLK_h);
    CHECK(app_action_of_key(&a, SDLK_ESCAPE, 0).kind == APP_QUIT, "then quits");
    CHECK(!a.quit, "reading Esc quits nothing");
    app_close(&a);
}

int main(void)
{
    char err[512];
    canvas = viewer_canvas_new(NULL, err, sizeof err);
    if (!canvas) {
        fprintf(stderr, "test_viewer: %s\n", err);
        return 1;
    }
    test_format();
    test_v0_divergence_and_writes();
    test_v1_conflicts();
    test_theme_toggle();
    test_v7_shuffle();
    test_timeline_click_help_quit();
    test_play_and_speed();
    test_frame_scene();
    test_version_switch_keeps_position();
    test_block_1024();
    test_viewer_main();
    test_actions();
    viewer_canvas_free(canvas);
    return check_report();
}
