/* test_predict.c — predict mode driven as a class would drive it.
 *
 * CTest runs this under Xvfb (xvfb-run) when it is installed: a real X
 * window is opened and every key and click goes through SDL's event queue
 * (SDL_PushEvent, SDL_PollEvent) into the app, as in the window loop; the
 * veiled frame is also drawn by the window's renderer and read back.
 * Without a display the same events go straight to app_event.  Frames are
 * drawn off-screen too and sampled where the layout says things are.
 *
 * The script: A opens predict mode; the step's activity is hidden; a wrong
 * answer is marked wrong and the step revealed; the next step's lanes are
 * clicked and Enter is right; the score says 1 of 2; Space reveals without
 * scoring; a word is picked by clicking it, a shuffle's lane by clicking the
 * lane; Shift+A gives the teacher variant: Enter reveals, nothing scored.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL.h>
#include "../check.h"
#include "pixels.h"
#include "viewer/window/app.h"
#include "viewer/window/key_script.h"
#include "viewer/draw/draw.h"
#include "viewer/draw/layout.h"
#include "core/predict.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"
#include "viewer/scene/class_card.h"
#include "viewer/class/class_qr.h"
#include "viewer/scene/scene.h"
#include "class/room.h"
#include "core/rules.h"
#include "core/versions.h"

#define W 1280
#define H 720

static viewer_canvas *canvas;
static SDL_Window *win;      /* a real window when a display is there */
static SDL_Renderer *win_r;

/* Delivers one event: through SDL's queue when a window is open. */
static void deliver(app *a, SDL_Event *e)
{
    if (!win) {
        app_event(a, e);
        return;
    }
    e->common.timestamp = SDL_GetTicks();
    CHECK(SDL_PushEvent(e) == 1, "SDL_PushEvent: %s", SDL_GetError());
    SDL_Event got;
    int n = 0;
    while (SDL_PollEvent(&got))
        if (got.type == SDL_KEYDOWN || got.type == SDL_MOUSEBUTTONDOWN) {
            app_event(a, &got);
            n++;
        }
    CHECK(n == 1, "the event came back through the queue (%d)", n);
}

static void press(app *a, SDL_Keycode k, Uint16 mod)
{
    SDL_Event e = { 0 };
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    e.key.keysym.mod = mod;
    deliver(a, &e);
}

static void click_at(app *a, int x, int y)
{
    SDL_Event e = { 0 };
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    deliver(a, &e);
}

static void type_number(app *a, long long v)
{
    char s[24];
    snprintf(s, sizeof s, "%lld", v);
    for (char *p = s; *p; p++)
        press(a, SDLK_0 + (*p - '0'), 0);
}

/* 1 when the card (the right column) shows colour c somewhere down its left edge. */
static int card_shows(SDL_Surface *s, const layout *L, rgba c)
{
    for (int y = L->results.y; y < L->results.y + L->results.h; y++)
        if (same(pixel(s, L->results.x + L->margin + 3, y), c))
            return 1;
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

/* Goes to the first step whose question is of kind k (predict mode on). */
static int goto_kind(app *a, quiz_kind k)
{
    for (int s = 0; s < a->sc.tr->nsteps; s++) {
        quiz_question q;
        if (quiz_pick_question(a->sc.an, s, &q) && q.kind == k) {
            app_goto(a, s);
            app_frame(a, W, H);
            return s;
        }
    }
    return -1;
}

/* The veiled frame drawn by the window's own renderer, read back. */
static void check_window_frame(app *a, const layout *L)
{
    if (!win_r)
        return;
    viewer_frame f = app_frame(a, W, H);
    text_cache *tc = NULL;
    char err[256];
    font_set *fs = font_set_open(NULL, err, sizeof err);
    if (fs)
        tc = text_cache_new(win_r, fs);
    CHECK(tc != NULL, "glyph cache for the window");
    if (!tc) {
        font_set_free(fs);
        return;
    }
    /* Twice: through SDL alone, then writing the window's surface directly
     * as the viewer does with a software renderer (draw_prim.c). */
    for (int direct = 0; direct < 2; direct++) {
        SDL_Surface *ws = direct ? SDL_GetWindowSurface(win) : NULL;
        prim_direct(win_r, ws);
        text_cache_direct(tc, ws);
        draw_frame(win_r, tc, &f);
        prim_direct(NULL, NULL);
        lrect wb = layout_warp_label(L, 0), c0 = layout_cell_rect(L, 0);
        Uint32 px = 0, pc = 0;
        SDL_Rect one = { wb.x + 2, wb.y + wb.h - 2, 1, 1 }, cell = { c0.x + 1, c0.y + c0.h - 2, 1, 1 };
        CHECK(SDL_RenderReadPixels(win_r, &one, SDL_PIXELFORMAT_ARGB8888, &px, 4) == 0
              && SDL_RenderReadPixels(win_r, &cell, SDL_PIXELFORMAT_ARGB8888, &pc, 4) == 0, "read back: %s",
              SDL_GetError());
        const theme *th = theme_get((theme_id)a->theme);
        rgba got = { (Uint8)(px >> 16), (Uint8)(px >> 8), (Uint8)px, 255 };
        rgba gotc = { (Uint8)(pc >> 16), (Uint8)(pc >> 8), (Uint8)pc, 255 };
        CHECK(same(got, th->panel_edge), "the window (%s) draws warp 0 veiled too (#%02x%02x%02x)",
              direct ? "direct" : "SDL", got.r, got.g, got.b);
        CHECK(same(gotc, th->cell_empty) || same(gotc, th->cell), "the window (%s) draws word 0 unwritten "
              "(#%02x%02x%02x)", direct ? "direct" : "SDL", gotc.r, gotc.g, gotc.b);
        SDL_RenderPresent(win_r);
    }
    text_cache_free(tc);
    font_set_free(fs);
}

static void test_class_mode(void)
{
    app a;
    layout L;
    const theme *th = theme_get(THEME_DARK);
    CHECK(open_model(&a, "v0", 256) == 0, "v0 opens");
    viewer_frame f = app_frame(&a, W, H);
    CHECK(f.quiz == NULL, "predict mode is off at first");
    press(&a, SDLK_a, 0);
    f = app_frame(&a, W, H);
    CHECK(f.quiz && f.quiz->mode == PREDICT_CLASS && predict_veiled(f.quiz), "A asks a question at step 0");

    /* Step 0 (the load): warps are not coloured by state while it is open. */
    SDL_Surface *s = draw(&a, &L);
    CHECK(rv_analysis_warp(a.sc.an, 0, 0)->state == RV_WARP_FULL, "premise: warp 0 is full at the load");
    lrect wb = layout_warp_label(&L, 0);
    CHECK_PIXEL(s, wb.x + 2, wb.y + wb.h - 2, th->panel_edge, "veiled warp 0 box");
    lrect l5 = layout_lane_rect(&L, 5);
    CHECK_PIXEL(s, l5.x + 1, l5.y + l5.h - 2, th->lane_off, "veiled lane 5 (it executes)");
    CHECK_PIXEL(s, L.results.x, L.results.y + L.results.h / 2, th->accent, "the card's border in the right column");
    check_window_frame(&a, &L);

    /* A wrong answer: marked wrong, the step revealed, scored 0 of 1. */
    const quiz_question q0 = a.pq.q;
    CHECK(q0.type == QUIZ_NUMBER, "premise: the load asks for a number (%s)", quiz_kind_name(q0.kind));
    type_number(&a, q0.number + 1);
    CHECK(atoll(a.pq.input) == q0.number + 1, "digits are typed (%s)", a.pq.input);
    press(&a, SDLK_RETURN, 0);
    CHECK(a.pq.revealed && a.pq.verdict == -1, "a wrong answer is marked wrong");
    CHECK(a.pq.right == 0 && a.pq.answered == 1, "score 0 of 1 (%d of %d)", a.pq.right, a.pq.answered);
    CHECK(a.step == 0 && a.sc.tr->version == 0, "digits answer: no step or version change");
    s = draw(&a, &L);
    CHECK_PIXEL(s, wb.x + 2, wb.y + wb.h - 2, th->full, "revealed: warp 0 full");
    CHECK(card_shows(s, &L, th->hazard), "the card's 'not quite' band");
    CHECK(!card_shows(s, &L, th->full), "no 'right' band");

    /* → goes on: step 1 asks which lanes of a divergent warp execute. */
    press(&a, SDLK_RIGHT, 0);
    f = app_frame(&a, W, H);
    CHECK(a.step == 1 && predict_veiled(f.quiz), "→ after the answer: the next step's question");
    const quiz_question q1 = a.pq.q;
    CHECK(q1.kind == QUIZ_LANES && q1.lanes != 0 && q1.lanes != 0xffffffffu, "premise: v0 s=1 asks for lanes (%s)",
          quiz_kind_name(q1.kind));
    s = draw(&a, &L);
    /* Click the right lanes, and one more, then take it back. */
    int extra = -1;
    for (int l = 0; l < 32; l++) {
        lrect r = layout_lane_rect(&L, q1.warp * 32 + l);
        if ((q1.lanes >> l) & 1)
            click_at(&a, r.x + r.w / 2, r.y + r.h / 2);
        else if (extra < 0)
            extra = l;
    }
    lrect rx = layout_lane_rect(&L, q1.warp * 32 + extra);
    click_at(&a, rx.x + 1, rx.y + 1);
    CHECK(a.pq.picked == (q1.lanes | 1u << extra), "clicks pick lanes (%08x)", a.pq.picked);
    s = draw(&a, &L);
    CHECK_PIXEL(s, rx.x + 1, rx.y + rx.h - 2, th->accent, "a picked lane is drawn picked");
    type_number(&a, extra);
    press(&a, SDLK_RETURN, 0);   /* a lane number and Enter: toggles it back */
    CHECK(a.pq.picked == q1.lanes && !a.pq.revealed, "a typed lane number toggles that lane (%08x)", a.pq.picked);
    press(&a, SDLK_RETURN, 0);
    CHECK(a.pq.verdict == 1 && a.pq.revealed, "the right lanes are right");
    CHECK(a.pq.right == 1 && a.pq.answered == 2, "score 1 of 2 (%d of %d)", a.pq.right, a.pq.answered);
    s = draw(&a, &L);
    CHECK(card_shows(s, &L, th->full) && !card_shows(s, &L, th->hazard), "the card's 'right' band");

    /* Enter goes on; Space reveals without an answer and scores nothing. */
    press(&a, SDLK_RETURN, 0);
    CHECK(a.step == 2 && predict_veiled(app_frame(&a, W, H).quiz), "Enter after the answer: the next question");
    press(&a, SDLK_SPACE, 0);
    CHECK(a.step == 2 && a.pq.revealed && a.pq.verdict == 0 && a.pq.answered == 2,
          "Space shows the step, unscored");

    /* A word, picked by clicking it. */
    app_close(&a);
    CHECK(open_model(&a, "v4", 256) == 0, "v4 opens");
    press(&a, SDLK_a, 0);
    int sw = goto_kind(&a, QUIZ_WORD);
    CHECK(sw >= 0 && predict_veiled(app_frame(&a, W, H).quiz), "v4 has a word question");
    if (sw >= 0) {
        draw(&a, &L);
        lrect c = layout_cell_rect(&L, (int)a.pq.q.number);
        click_at(&a, c.x + c.w / 2, c.y + c.h / 2);
        CHECK(atoi(a.pq.input) == a.pq.q.number, "clicking word %lld picks it (%s)", (long long)a.pq.q.number,
              a.pq.input);
        press(&a, SDLK_RETURN, 0);
        CHECK(a.pq.verdict == 1, "the clicked word is right");
    }
    app_close(&a);

    /* A shuffle's source lane, picked by clicking the lane. */
    CHECK(open_model(&a, "v7", 256) == 0, "v7 opens");
    press(&a, SDLK_a, 0);
    int ss = goto_kind(&a, QUIZ_SHUFFLE);
    CHECK(ss >= 0, "v7 has a shuffle question");
    if (ss >= 0) {
        draw(&a, &L);
        lrect r = layout_lane_rect(&L, a.pq.q.warp * 32 + (int)a.pq.q.number);
        click_at(&a, r.x + r.w / 2, r.y + r.h / 2);
        press(&a, SDLK_RETURN, 0);
        CHECK(a.pq.verdict == 1 && a.pq.right == 1, "the clicked source lane is right");
    }
    app_close(&a);
}

static void test_teacher_mode(void)
{
    app a;
    layout L;
    CHECK(open_model(&a, "v1", 256) == 0, "v1 opens");
    press(&a, SDLK_a, KMOD_LSHIFT);
    viewer_frame f = app_frame(&a, W, H);
    CHECK(f.quiz && f.quiz->mode == PREDICT_TEACHER && predict_veiled(f.quiz), "Shift+A: teacher's predict mode");
    press(&a, SDLK_RIGHT, 0);   /* reveal step 0 */
    press(&a, SDLK_RIGHT, 0);   /* step 1, s=1: a 2-way conflict */
    CHECK(a.step == 1 && predict_veiled(app_frame(&a, W, H).quiz), "→ reveals first, then goes on");
    const theme *th = theme_get(THEME_DARK);
    SDL_Surface *s = draw(&a, &L);
    CHECK(rv_analysis_warp(a.sc.an, 1, 0)->max_conflict >= 2, "premise: warp 0 conflicts at v1 s=1");
    lrect bb = layout_warp_badge(&L, 0);
    CHECK(!same(pixel(s, bb.x + 1, bb.y + 1), theme_conflict(th, 2)), "no conflict badge before the answer");
    lrect step1 = layout_step_rect(&L, 1);
    int dot = 0;
    for (int y = step1.y; y < step1.y + step1.h; y++)
        for (int x = step1.x; x < step1.x + step1.w; x++)
            dot |= same(pixel(s, x, y), theme_conflict(th, rv_analysis_warp(a.sc.an, 1, 0)->max_conflict));
    CHECK(!dot, "the timeline hides the step's conflict mark before the answer");
    press(&a, SDLK_RETURN, 0);
    CHECK(a.pq.revealed && a.pq.verdict == 0 && a.pq.answered == 0, "Enter reveals, nothing scored");
    s = draw(&a, &L);
    CHECK_PIXEL(s, bb.x + 1, bb.y + 1, theme_conflict(th, rv_analysis_warp(a.sc.an, 1, 0)->max_conflict),
                "the conflict badge after the answer");
    press(&a, SDLK_a, KMOD_LSHIFT);
    CHECK(app_frame(&a, W, H).quiz == NULL, "Shift+A again: off");
    app_close(&a);
}

static void test_keys_script(void)
{
    app a;
    char err[256];
    CHECK(open_model(&a, "v0", 256) == 0, "v0 opens");
    CHECK(app_run_keys(&a, "a,right,right,backspace,enter", err, sizeof err) == 0, "predict keys in a script: %s", err);
    CHECK(a.pq.mode == PREDICT_CLASS && a.step == 1, "the script reached step 1 in predict mode");
    CHECK(app_run_keys(&a, "A", err, sizeof err) == 0 && a.pq.mode == PREDICT_TEACHER, "A in a script is Shift+A");
    char *bad[] = { "view", "--predict", "sometimes", NULL };
    CHECK(viewer_main(3, bad) == 1, "--predict with a bad mode exits 1");
    app_close(&a);
}

/* A live class on the card: the room's counts and spread reach the card as
 * the app syncs, the window follows a move made in the room (the teacher's
 * page), and the QR code is drawn dark on white in the card's corner. */
static void test_live_card(void)
{
    app a;
    layout L;
    char err[300], token[3][ROOM_TOKEN_LEN + 1];
    CHECK(open_model(&a, "v0", 256) == 0, "v0 opens");
    press(&a, SDLK_a, KMOD_LSHIFT);   /* the teacher's predict mode, as `class` starts */
    room *r = room_new(a.sc.an, 0, NULL, NULL, "ABC234", err, sizeof err);
    CHECK(r != NULL, "a room: %s", err);
    if (!r)
        return;
    static class_live live;
    snprintf(live.join, sizeof live.join, "http://127.0.0.1:8080/");
    snprintf(live.code, sizeof live.code, "%s", room_code(r));
    int has_qr = class_qr_modules("http://127.0.0.1:8080/#code=ABC234", live.qr, (int)sizeof live.qr,
                                  &live.qr_width) == 0;
    a.room = r;
    a.live = &live;
    int id;
    for (int i = 0; i < 3; i++)
        CHECK(room_join(r, "ABC234", "", token[i], &id, 0) == ROOM_OK, "student %d joins", i);
    const char *given[3] = { "1", "1", "2" };
    for (int i = 0; i < 3; i++)
        CHECK(room_answer(r, token[i], 0, given[i], 1) == ROOM_OK, "student %d answers", i);
    app_tick(&a, 0);
    static scene sc;
    viewer_frame f = app_frame(&a, W, H);
    scene_build(&sc, &f);
    const scene_card *c = &sc.frame.card;
    CHECK(c->live && strstr(c->counts, "3 joined") && strstr(c->counts, "3 answered") && !strstr(c->counts, "right"),
          "the card counts, and not yet who was right: %s", c->counts);
    CHECK(c->nbars == 2 && c->bar[0].n == 2 && c->bar[1].n == 1, "the spread: %d bars", c->nbars);
    CHECK(strstr(c->code, "ABC234") != NULL, "the join code on the card: %s", c->code);
    SDL_Surface *s = draw(&a, &L);
    if (has_qr && s) {
        /* the card's lower left corner: the QR code's quiet zone is white, its modules black */
        int white = 0, black = 0;
        for (int y = L.results.y + L.results.h / 2; y < L.results.y + L.results.h; y++)
            for (int x = L.results.x; x < L.results.x + L.results.w / 2; x++) {
                rgba p = pixel(s, x, y);
                white += p.r == 255 && p.g == 255 && p.b == 255;
                black += p.r == 0 && p.g == 0 && p.b == 0;
            }
        CHECK(white > 500 && black > 300, "a QR code in the card (%d white, %d black pixels)", white, black);
    }
    /* the teacher's page moves the room: the window follows, and reveals with it */
    room_move(r, 3);
    room_reveal(r);
    app_tick(&a, 0);
    f = app_frame(&a, W, H);
    CHECK(a.step == 3 && f.quiz && !predict_veiled(f.quiz), "the window follows the room to step 4, revealed");
    scene_build(&sc, &f);
    CHECK(strstr(sc.frame.card.counts, "right") != NULL && sc.frame.card.bars_marked,
          "revealed: how many were right, the right bar marked: %s", sc.frame.card.counts);
    /* the window moves: the room follows */
    press(&a, SDLK_RETURN, 0);
    app_tick(&a, 0);
    room_view v;
    room_view_get(r, &v);
    CHECK(v.step == 4, "Enter in the window moves the class to step 5 (%d)", v.step + 1);
    a.room = NULL;
    a.live = NULL;
    room_close(r);
    room_free(r);
    app_close(&a);
}

#ifdef RV_TEST_CLASS_KERNELS
#include <sys/stat.h>
#include <unistd.h>
#include "viewer/class/class_kernels.h"
#include "class/submit_queue.h"

/* The students' kernels on the projector: a class that judged three (two
 * with a trace kept) lists those two on the card with K, newest first and
 * by number; a click on a row, or its digit, starts the viewer on that trace
 * beside the version its exercise leads to (here a stand-in program that
 * writes down what it was asked), and Esc puts the list away. */
static void test_kernels_card(void)
{
    char dir[] = "/tmp/rv-kernels-XXXXXX", path[256], err[300];
    CHECK(mkdtemp(dir) != NULL, "a class folder");
    snprintf(path, sizeof path, "%s/submissions.jsonl", dir);
    FILE *f = fopen(path, "w");
    fprintf(f, "{\"event\":\"queued\",\"id\":1,\"student\":2,\"exercise\":1,\"at\":100}\n"
               "{\"event\":\"done\",\"id\":1,\"exit\":0,\"trace\":true,\"percent_of_mark\":73.6,\"ms\":0.2}\n"
               "{\"event\":\"queued\",\"id\":2,\"student\":3,\"exercise\":2,\"at\":101}\n"
               "{\"event\":\"done\",\"id\":2,\"exit\":2,\"trace\":false}\n"
               "{\"event\":\"queued\",\"id\":3,\"student\":2,\"exercise\":5,\"at\":102}\n"
               "{\"event\":\"done\",\"id\":3,\"exit\":1,\"trace\":true,\"percent_of_mark\":40.2,\"ms\":0.5}\n");
    fclose(f);
    /* the viewer's stand-in: its arguments, one per line, in DIR/asked.txt */
    char exe[300];
    snprintf(exe, sizeof exe, "%s/viewer.sh", dir);
    f = fopen(exe, "w");
    fprintf(f, "#!/bin/sh\nprintf '%%s\\n' \"$@\" > %s/asked.txt\n", dir);
    fclose(f);
    chmod(exe, 0755);
    submit_options so = {.compilers = 1};
    submit_queue *q = submit_queue_new(dir, exe, NULL, &so, err, sizeof err);
    CHECK(q != NULL, "the class's queue: %s", err);
    app a;
    layout L;
    if (!q || open_model(&a, "v0", 256) != 0)
        return;
    room *r = room_new(a.sc.an, 0, NULL, NULL, "ABC234", err, sizeof err);
    CHECK(r != NULL, "a room: %s", err);
    static class_live live;
    static class_kernels k;
    a.room = r;
    k = (class_kernels){ .queue = q, .font = "/fonts/class.ttf" };
    snprintf(k.exe, sizeof k.exe, "%s", exe);
    live.kernels = &k.list;
    a.live = &live;
    class_kernels_bind(&k);
    a.kernels = &k.list;
    static scene sc;
    viewer_frame fr = app_frame(&a, W, H);
    scene_build(&sc, &fr);
    CHECK(!sc.frame.card.kernels, "no list before K");
    press(&a, SDLK_k, 0);
    for (int t = 0; t < 100 && k.list.nrows < 2; t++)   /* a busy queue is asked again at the next tick */
        app_tick(&a, 10);
    fr = app_frame(&a, W, H);
    scene_build(&sc, &fr);
    const scene_card *c = &sc.frame.card;
    CHECK(sc.frame.asking && c->kernels && c->nkernel == 2, "K: the two traced kernels on the card (%d)", c->nkernel);
    CHECK(strstr(c->kernel[0].head, "#3") && strstr(c->kernel[0].head, "student 2") &&
          strstr(c->kernel[0].tail, "exercise 5") && strstr(c->kernel[0].tail, "fails") &&
          strstr(c->kernel[0].tail, "40%") && !c->kernel[0].passed,
          "newest first, by number, its share of the mark version: %s / %s", c->kernel[0].head, c->kernel[0].tail);
    CHECK(strstr(c->kernel[1].head, "#1") && c->kernel[1].passed, "then #1, passed: %s", c->kernel[1].head);
    SDL_Surface *s = draw(&a, &L);
    if (s) {
        lrect r0 = layout_card_row(&L, 0), r1 = layout_card_row(&L, 1);
        const theme *th = theme_get((theme_id)a.theme);
        CHECK(r1.h > 0 && same(pixel(s, r0.x + 2, r0.y + r0.h / 2), th->hazard) &&
              same(pixel(s, r1.x + 2, r1.y + r1.h / 2), th->full),
              "each row drawn with its verdict's colour at its left");
        SDL_SaveBMP(s, "test_predict_kernels.bmp");
    }
    /* a click on the first row: the viewer on #3's trace beside the mark version */
    lrect r0 = layout_card_row(&L, 0);
    click_at(&a, r0.x + r0.w / 2, r0.y + r0.h / 2);
    CHECK(k.viewer > 0 && k.list.on_screen == 3, "the click started a viewer on #3 (%d)", k.list.on_screen);
    for (int t = 0; t < 500 && k.viewer; t++) {
        app_tick(&a, 0);
        SDL_Delay(10);
    }
    CHECK(!k.viewer, "the viewer that ended was collected");
    snprintf(path, sizeof path, "%s/asked.txt", dir);
    char asked[1024] = "", want[PATH_MAX + 200];
    f = fopen(path, "r");
    if (f) {
        asked[fread(asked, 1, sizeof asked - 1, f)] = '\0';
        fclose(f);
    }
    char real[PATH_MAX];   /* the queue names its folder as realpath does */
    snprintf(want, sizeof want,
             "view\n%s/submissions/3.rvt\n--compare\n%s\n--beside-waves\n%s\n--lang\nen\n--size\n%dx%d\n--font\n/"
             "fonts/class.ttf\n",
             realpath(dir, real) ? real : dir, rv_version_name(rv_rules_mark_version()),
             rv_version_name(rv_rules_mark_version()), W, H);
    CHECK(!strcmp(asked, want), "the viewer was asked for #3 beside the mark version:\n%s", asked);
    /* its digit: #1 beside the version exercise 1 leads to */
    press(&a, SDLK_2, 0);
    for (int t = 0; t < 500 && k.viewer; t++) {
        app_tick(&a, 0);
        SDL_Delay(10);
    }
    f = fopen(path, "r");
    if (f) {
        asked[fread(asked, 1, sizeof asked - 1, f)] = '\0';
        fclose(f);
    }
    snprintf(want, sizeof want, "/submissions/1.rvt\n--compare\n%s\n", rv_version_name(1));
    CHECK(strstr(asked, want) != NULL, "2: #1 beside %s:\n%s", rv_version_name(1), asked);
    press(&a, SDLK_ESCAPE, 0);
    fr = app_frame(&a, W, H);
    scene_build(&sc, &fr);
    CHECK(!a.quit && !sc.frame.asking, "Esc puts the list away, and the window stays (quit %d, open %d)", a.quit, k.list.open);
    a.live = NULL;
    a.kernels = NULL;
    a.room = NULL;
    room_close(r);
    room_free(r);
    submit_queue_free(q);
    app_close(&a);
    char rm[300];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    CHECK(system(rm) == 0, "the class folder removed");
}
#endif

int main(void)
{
    char err[512];
    canvas = viewer_canvas_new(NULL, err, sizeof err);
    if (!canvas) {
        fprintf(stderr, "test_predict: %s\n", err);
        return 1;
    }
    const char *drv = SDL_getenv("SDL_VIDEODRIVER");
    if (drv && !strcmp(drv, "x11") && SDL_Init(SDL_INIT_VIDEO) == 0) {
        win = SDL_CreateWindow("test_predict", 0, 0, W, H, SDL_WINDOW_SHOWN);
        win_r = win ? SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE) : NULL;
        printf("test_predict: events through SDL's queue, window on %s\n", SDL_GetCurrentVideoDriver());
        CHECK(win && win_r, "a window under Xvfb: %s", SDL_GetError());
    } else {
        printf("test_predict: no X display; events go straight to the app\n");
    }
    test_class_mode();
    test_teacher_mode();
    test_keys_script();
    test_live_card();
#ifdef RV_TEST_CLASS_KERNELS
    test_kernels_card();
#endif
    if (win_r)
        SDL_DestroyRenderer(win_r);
    if (win)
        SDL_DestroyWindow(win);
    viewer_canvas_free(canvas);
    return check_report();
}
