/* test_story.c — long own traces and runs of several launches in the viewer.
 *
 * Synthetic own traces made in memory (the shape a student's kernel gives
 * the tracer): 2048 steps, of which 1800 turns of a loop storing to shared
 * memory and 246 of a serial loop of thread 0, show whole, their alike runs
 * folded into one timeline box each ("store ×1800") that says where in the
 * run the step shown is, while the arrows still go one step at a time and a
 * click on a folded box picks the step at that point of it; compare mode
 * aligns all 2048 with a version; 600 steps that fold into nothing show a
 * window of the timeline that holds the current one.  A run of two launches
 * (128 blocks, then one block over their 128 partials) is one story: → past
 * the first launch's last step is the second's first, ← back, Home and End
 * its ends; the header names the launch and what it did, the timeline marks
 * where each begins, export names and the lesson page say the launch; a run
 * that made more launches than were traced says so.  Counted as the tracer
 * counts a whole grid (format 5), each launch says what it did from those
 * counts ("one block sums the 128 partials of buffer 5 into out[0]", not
 * the input's N), in the header's widest form, on a line of its own and on
 * the lesson page, a launch of its own too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <SDL.h>
#include "../check.h"
#include "viewer/window/app.h"
#include "viewer/draw/draw.h"
#include "viewer/export/export.h"
#include "viewer/export/html_export.h"
#include "pixels.h"
#include "viewer/scene/scene.h"
#include "viewer/scene/story.h"
#include "core/datadir.h"
#include "core/i18n.h"

static const char *dirs[] = { RV_TEST_ASSETS };

static const char source[] =
    "__global__ void reduce(const float *in, float *out, unsigned n)\n"
    "{\n"
    "    extern __shared__ float s[];\n"
    "    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)\n"
    "        s[threadIdx.x] += in[i];\n"
    "    __syncthreads();\n"
    "    if (threadIdx.x == 0) {\n"
    "        float sum = 0;\n"
    "        for (unsigned k = 0; k < blockDim.x; k++)\n"
    "            sum += s[k];\n"
    "        out[blockIdx.x] = sum;\n"
    "    }\n"
    "}\n";

/* One step of a synthetic trace: its label and phase. */
typedef struct step_kind { const char *label; rv_phase phase; } step_kind;

/* An own trace of `block` threads whose step s is kind(s): a load from the
 * input, a store of every thread to its word, a read of thread 0, a write
 * of the block's sum. */
static rv_trace *own_trace(int block, int nsteps, step_kind (*kind)(int s, int nsteps), uint64_t n, uint32_t grid)
{
    rv_trace *tr = rv_trace_new(block, nsteps);
    if (!tr)
        return NULL;
    tr->version = RV_VERSION_OWN;
    tr->own_name = strdup("mine.cu");
    tr->own_source = strdup(source);
    tr->own_smem_words = (uint32_t)block;
    tr->n = n;
    tr->grid = grid;
    tr->origin_kind = RV_ORIGIN_GPU;
    snprintf(tr->origin, sizeof tr->origin, "NVIDIA H200");
    snprintf(tr->date, sizeof tr->date, "2026-11-24T12:00:00Z");
    for (int s = 0; s < nsteps; s++) {
        step_kind k = kind(s, nsteps);
        snprintf(tr->steps[s].label, sizeof tr->steps[s].label, "%s", k.label);
        tr->steps[s].phase = (uint32_t)k.phase;
        for (int t = 0; t < block; t++) {
            uint64_t rd[1];
            switch (k.phase) {
            case RV_PHASE_LOAD:
                rd[0] = RV_ACC(RV_SPACE_GIN, (uint64_t)t);
                rv_trace_set(tr, s, t, 5, 1.0f, RV_ACC(RV_SPACE_SMEM, t), rd, 1);
                break;
            case RV_PHASE_WRITE:
                if (t == 0) {
                    rd[0] = RV_ACC(RV_SPACE_REG, 0);
                    rv_trace_set(tr, s, t, 11, (float)block, RV_ACC(RV_SPACE_GOUT, 0), rd, 1);
                }
                break;
            case RV_PHASE_TREE:
                if (t == 0) {   /* thread 0 alone: a serial loop */
                    rd[0] = RV_ACC(RV_SPACE_SMEM, (uint64_t)(s % block));
                    rv_trace_set(tr, s, t, 10, (float)s, RV_ACC(RV_SPACE_REG, 0), rd, 1);
                }
                break;
            default:
                rd[0] = RV_ACC(RV_SPACE_SMEM, (uint64_t)t);
                rv_trace_set(tr, s, t, 5, 1.0f, RV_ACC(RV_SPACE_SMEM, t), rd, 1);
                break;
            }
        }
    }
    return tr;
}

/* 2048 steps: a load, 1800 turns of a loop storing to shared memory, 246
 * of thread 0's serial loop, the write. */
static step_kind long_kind(int s, int nsteps)
{
    if (s == 0)
        return (step_kind){ "load", RV_PHASE_LOAD };
    if (s == nsteps - 1)
        return (step_kind){ "write", RV_PHASE_WRITE };
    return s <= 1800 ? (step_kind){ "store", RV_PHASE_STORE } : (step_kind){ "read", RV_PHASE_TREE };
}

/* Two kinds in turn: nothing to fold. */
static step_kind alternating(int s, int nsteps)
{
    (void)nsteps;
    return s % 2 ? (step_kind){ "store", RV_PHASE_STORE } : (step_kind){ "read", RV_PHASE_TREE };
}

/* A launch of a two-pass reduction: load, two tree levels, write. */
static step_kind pass_kind(int s, int nsteps)
{
    if (s == 0)
        return (step_kind){ "load", RV_PHASE_LOAD };
    if (s == nsteps - 1)
        return (step_kind){ "write", RV_PHASE_WRITE };
    return s % 2 ? (step_kind){ "s=32", RV_PHASE_TREE } : (step_kind){ "s=16", RV_PHASE_STORE };
}

/* The app opened as the viewer opens, then showing tr. */
static int open_with(app *a, rv_trace *tr)
{
    viewer_options o = { .version = -1, .width = 1280, .height = 720 };
    char err[600];
    if (!tr || app_open(a, &o, dirs, 1, err, sizeof err) != 0 || shown_take(&a->sc, tr, err, sizeof err) != 0) {
        fprintf(stderr, "open: %s\n", tr ? err : "no trace");
        return -1;
    }
    a->step = 0;
    return 0;
}

static scene sc;   /* large: one, rebuilt for every frame */

static const scene_timeline *timeline_at(app *a, viewer_frame *f)
{
    *f = app_frame(a, 1280, 720);
    scene_build(&sc, f);
    return &sc.frame.timeline;
}

/* With RV_TEST_SHOTS=DIR, the frames the checks look at are saved there
 * too, for a person to look at. */
static void shot(const viewer_frame *f, const char *name)
{
    const char *dir = getenv("RV_TEST_SHOTS");
    char path[600], err[300];
    if (!dir || !dir[0])
        return;
    SDL_Surface *s = viewer_render_to_surface(f, NULL, err, sizeof err);
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    if (!s || export_write_png(s, path, err, sizeof err) != 0)
        fprintf(stderr, "shot %s: %s\n", path, err);
    SDL_FreeSurface(s);
}

static void click(app *a, int x, int y)
{
    SDL_Event e = { 0 };
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    app_event(a, &e);
}

/* ---- 2048 steps, folded --------------------------------------------------- */

static void test_long(void)
{
    app a;
    rv_trace *tr = own_trace(64, RV_OWN_MAX_STEPS, long_kind, 1u << 20, 64);
    if (tr) {   /* the loop went on: the tracer kept what a trace holds, and says so */
        tr->own_flags |= RV_OWN_CUT;
        tr->own_cut = strdup("2048 of 3100 steps");
    }
    if (open_with(&a, tr) != 0) {
        CHECK(0, "a trace of %d steps opens", RV_OWN_MAX_STEPS);
        return;
    }
    CHECK(app_positions(&a) == RV_OWN_MAX_STEPS, "every step is a position (%d)", app_positions(&a));
    viewer_frame f;
    const scene_timeline *t = timeline_at(&a, &f);
    CHECK_CONTAINS(sc.frame.header.warning, "CUT: the kernel did more than a trace holds (2048 of 3100 steps)");
    CHECK(t->nsteps == 4, "load, the loop, thread 0's loop, the write: 4 boxes (%d)", t->nsteps);
    if (t->nsteps == 4) {
        CHECK(!strcmp(t->steps[1].label, "store \xC3\x97" "1800") && t->steps[1].count == 1800 && t->steps[1].first == 1,
              "the loop is one box that says how many: %s (%d from %d)", t->steps[1].label, t->steps[1].count,
              t->steps[1].first);
        CHECK(!strcmp(t->steps[2].label, "read \xC3\x97" "246") && t->steps[2].count == 246,
              "thread 0's loop is one box: %s", t->steps[2].label);
        CHECK(t->steps[0].count == 1 && t->steps[3].count == 1, "the load and the write stand alone");
    }
    /* The arrows go one step at a time, through the folded run. */
    key(&a, SDLK_RIGHT);
    t = timeline_at(&a, &f);
    CHECK(a.step == 1 && f.step == 1 && t->cur == 1 && t->cur_in == 0 && !strcmp(t->cur_label, "store 1/1800"),
          "→ is the loop's first turn (position %d, box %d, %s)", a.step, t->cur, t->cur_label);
    for (int i = 0; i < 899; i++)
        key(&a, SDLK_RIGHT);
    t = timeline_at(&a, &f);
    CHECK(a.step == 900 && t->cur == 1 && t->cur_in == 899 && !strcmp(t->cur_label, "store 900/1800"),
          "899 more: turn 900 of the loop, said in its box (%d, %s)", a.step, t->cur_label);
    CHECK(!strcmp(sc.block[0].title, "Step 901/2048  store"), "the banner counts every step: %s", sc.block[0].title);

    /* The box shows how far into the run the step is: its foot filled to there. */
    char err[300];
    SDL_Surface *s = viewer_render_to_surface(&f, NULL, err, sizeof err);
    CHECK(s != NULL, "a frame of a 2048-step trace draws: %s", s ? "" : err);
    shot(&f, "long-900");
    if (s) {
        layout L;
        draw_layout_for(&f, &L);
        const theme *th = theme_get((theme_id)f.theme);
        lrect r = layout_step_rect(&L, 1);
        int dot = L.fs_small / 2 > 3 ? L.fs_small / 2 : 3;
        r.h -= dot + 4;
        int y = r.y + r.h - 2;
        CHECK_PIXEL(s, r.x + r.w / 4, y, theme_text_on(th, th->accent), "half the run: its first quarter filled");
        CHECK_PIXEL(s, r.x + r.w * 3 / 4, y, prim_shade(th->accent, -70), "half the run: its last quarter not");
        SDL_FreeSurface(s);
    }

    /* A click three quarters across the folded box: the step there. */
    layout L;
    draw_layout_for(&f, &L);
    lrect r = layout_step_rect(&L, 1);
    click(&a, r.x + r.w * 3 / 4, r.y + 4);
    int want = 1 + (r.w * 3 / 4) * 1800 / r.w;
    CHECK(a.step == want, "a click ¾ across the loop's box: turn %d (got position %d)", want, a.step);
    char lines[SCENE_TIP_LINES][SCENE_TIP_LEN];
    int n = scene_tip_text(&f, SCENE_TIP_STEP, 1200, lines);
    CHECK(n >= 2 && strstr(lines[1], "1800 alike steps"), "the box's tooltip says what it folds (%s)", n >= 2 ? lines[1] : "");

    key(&a, SDLK_END);
    t = timeline_at(&a, &f);
    CHECK(a.step == RV_OWN_MAX_STEPS - 1 && t->cur == 3 && f.step == RV_OWN_MAX_STEPS - 1, "End: the very last step");
    key(&a, SDLK_LEFT);
    t = timeline_at(&a, &f);
    CHECK(a.step == RV_OWN_MAX_STEPS - 2 && t->cur == 2 && t->cur_in == 245, "← from there: thread 0's loop's last turn");
    key(&a, SDLK_HOME);
    CHECK(a.step == 0, "Home: the first step");

    /* Compare mode aligns all of it beside a version, the current row in view. */
    char msg[300];
    CHECK(app_compare(&a, rv_version_parse("v2"), msg, sizeof msg) == 0, "beside v2: %s", msg);
    CHECK(a.nrows >= RV_OWN_MAX_STEPS, "every step has a row (%d)", a.nrows);
    app_goto(&a, 1500);
    f = app_frame(&a, 1280, 720);
    static layout_cmp C;
    draw_compare_layout(&f, &C);
    lrect cell = layout_compare_cell(&C, a.row, 0);
    CHECK(C.rows_shown < a.nrows && cell.x >= C.steps_x && cell.x + cell.w <= C.timeline.x + C.timeline.w,
          "row 1500 of %d in the timeline's view (%d shown from %d)", a.nrows, C.rows_shown, C.rows_first);
    CHECK(layout_compare_row_at(&C, cell.x + 1, cell.y + 1) == a.row, "and a click there is that row");
    s = viewer_render_to_surface(&f, NULL, err, sizeof err);
    CHECK(s != NULL, "the compare frame draws");
    shot(&f, "long-compare-1500");
    SDL_FreeSurface(s);
    app_close(&a);
}

/* ---- 600 steps that fold into nothing: a window of the timeline --------- */

static void test_window(void)
{
    app a;
    if (open_with(&a, own_trace(64, 600, alternating, 1u << 20, 64)) != 0) {
        CHECK(0, "600 steps open");
        return;
    }
    viewer_frame f;
    for (int pos = 0; pos < 600; pos += 37) {
        app_goto(&a, pos);
        const scene_timeline *t = timeline_at(&a, &f);
        layout L;
        draw_layout_for(&f, &L);
        lrect r = layout_step_rect(&L, t->cur);
        CHECK(t->nsteps == 600 && L.steps_shown < 600 && L.step_w >= LAYOUT_MIN_STEP_W, "600 boxes: a window of %d, %d px each",
              L.steps_shown, L.step_w);
        CHECK(r.x >= L.steps_x && r.x + r.w <= L.timeline.x + L.timeline.w, "position %d's box in view", pos);
        CHECK(layout_step_at(&L, r.x + 1, r.y + 1) == t->cur, "and a click on it is that box");
        if (pos == 333)
            shot(&f, "window-333");
    }
    app_close(&a);
    /* The window as arithmetic: always the current box, never at its very edge. */
    for (int n = 1; n < 300; n += 7)
        for (int room = 1; room < 60; room += 5)
            for (int cur = 0; cur < n; cur++) {
                int first, shown;
                layout_window(n, cur, room, &first, &shown);
                int ok = shown == (n < room ? n : room) && first >= 0 && first + shown <= n && cur >= first &&
                         cur < first + shown;
                if (!ok)
                    CHECK(0, "layout_window(%d, %d, %d): %d from %d", n, cur, room, shown, first);
            }
}

/* ---- two launches as one story --------------------------------------------- */

/* The lesson page of what a shows, read back (malloc'd), or NULL after a
 * failed CHECK. */
static char *lesson_page(app *a)
{
    char err[300], path[] = "/tmp/rv-story-XXXXXX";
    viewer_canvas *c = viewer_canvas_new(NULL, err, sizeof err);
    int fd = mkstemp(path);
    long long bytes = 0;
    char *page = NULL;
    if (c && fd >= 0) {
        close(fd);
        CHECK(html_export_write(a, c, 640, 360, 0, 8, 0, NULL, NULL, path, &bytes, err, sizeof err) == 0, "the page: %s", err);
        FILE *in = fopen(path, "rb");
        page = calloc(1, (size_t)bytes + 1);
        if (!in || !page || fread(page, 1, (size_t)bytes, in) != (size_t)bytes) {
            CHECK(0, "the page reads back");
            free(page);
            page = NULL;
        }
        if (in)
            fclose(in);
        remove(path);
    } else {
        CHECK(0, "a canvas and a file for the page: %s", err);
    }
    viewer_canvas_free(c);
    return page;
}

static rv_trace *two_launches(int launches)
{
    rv_trace *a = own_trace(64, 5, pass_kind, 1u << 25, 128), *b = own_trace(64, 4, pass_kind, 128, 1);
    if (!a || !b) {
        rv_trace_free(a);
        rv_trace_free(b);
        return NULL;
    }
    a->launch = 1;
    b->launch = 2;
    a->launches = b->launches = (uint32_t)launches;
    a->next = b;
    return a;
}

static void test_launches(void)
{
    app a;
    if (open_with(&a, two_launches(2)) != 0) {
        CHECK(0, "two launches open");
        return;
    }
    viewer_frame f;
    CHECK(app_positions(&a) == 9, "5 + 4 steps in a row (%d)", app_positions(&a));
    const scene_timeline *t = timeline_at(&a, &f);
    CHECK(f.tr == a.sc.tr && f.step == 0, "the first position: launch 1's first step");
    CHECK_CONTAINS(sc.frame.header.run[0], "launch 1 of 2: 128 blocks over 2\xC2\xB2\xE2\x81\xB5 elements, block 0 shown");
    CHECK(t->nsteps == 9 && !strcmp(t->steps[0].tag, "launch 1") && !strcmp(t->steps[5].tag, "launch 2") &&
              !t->steps[4].tag[0],
          "the timeline tags where each launch begins (%s, %s)", t->steps[0].tag, t->nsteps > 5 ? t->steps[5].tag : "");
    for (int i = 0; i < 4; i++)
        key(&a, SDLK_RIGHT);
    t = timeline_at(&a, &f);
    CHECK(f.tr == a.sc.tr && f.step == 4, "four → : launch 1's last step");
    key(&a, SDLK_RIGHT);
    t = timeline_at(&a, &f);
    CHECK(f.tr == a.sc.tr->next && f.step == 0 && f.an == a.sc.story.an[1], "→ past it: launch 2's first step");
    CHECK_CONTAINS(sc.frame.header.run[0], "launch 2 of 2: one block over 128 partials");
    CHECK_CONTAINS(sc.frame.header.run[0], "step 1 of 4");
    CHECK(!strcmp(sc.block[0].title, "Step 1/4  load"), "the banner counts launch 2's steps: %s", sc.block[0].title);
    char lines[SCENE_TIP_LINES][SCENE_TIP_LEN];
    CHECK(scene_tip_text(&f, SCENE_TIP_STEP, 6, lines) > 0 && !strcmp(lines[0], "launch 2, step 2: s=32 (tree)"),
          "a step's tooltip names its launch: %s", lines[0]);
    key(&a, SDLK_LEFT);
    t = timeline_at(&a, &f);
    CHECK(f.tr == a.sc.tr && f.step == 4, "← back: launch 1's last step");
    key(&a, SDLK_END);
    t = timeline_at(&a, &f);
    CHECK(a.step == 8 && f.tr == a.sc.tr->next && f.step == 3, "End: launch 2's last step");
    key(&a, SDLK_HOME);
    CHECK(a.step == 0, "Home: launch 1's first");

    /* The boundary drawn: a bar in the strong text colour left of launch 2's first box. */
    app_goto(&a, 2);
    f = app_frame(&a, 1280, 720);
    char err[300];
    SDL_Surface *s = viewer_render_to_surface(&f, NULL, err, sizeof err);
    shot(&f, "launch1-step3");
    app_goto(&a, 6);
    viewer_frame g = app_frame(&a, 1280, 720);
    shot(&g, "launch2-step2");
    if (s) {
        layout L;
        draw_layout_for(&f, &L);
        const theme *th = theme_get((theme_id)f.theme);
        lrect b5 = layout_step_rect(&L, 5), b3 = layout_step_rect(&L, 3);
        CHECK_PIXEL(s, b5.x - 1, L.timeline.y + 1, th->text_strong, "the bar where launch 2 begins");
        CHECK(!same(pixel(s, b3.x - 1, L.timeline.y + 1), th->text_strong), "no bar between two steps of one launch");
        SDL_FreeSurface(s);
    } else {
        CHECK(0, "a frame draws: %s", err);
    }

    /* Predict mode asks launch 2's step of launch 2's analysis. */
    app_goto(&a, 6);
    key(&a, SDLK_a);
    const predict *p = app_predict_frame(&a);
    CHECK(p && p->an == a.sc.story.an[1] && p->step == 1, "predict mode asks of launch 2's step 2");
    key(&a, SDLK_a);

    /* Export names say the launch and sort in the story's order. */
    char name[160], prev[160] = "";
    int sorted = 1;
    for (int pos = 0; pos < 9; pos++) {
        export_story_frame_name(&a.sc.story, pos, -1, name, sizeof name);
        sorted &= strcmp(prev, name) < 0;
        snprintf(prev, sizeof prev, "%s", name);
    }
    CHECK(sorted, "the names sort as the story goes");
    export_story_frame_name(&a.sc.story, 5, -1, name, sizeof name);
    CHECK(!strcmp(name, "mine-launch2-step01.png"), "launch 2's first frame: %s", name);
    export_story_frame_name(&a.sc.story, 4, 1, name, sizeof name);
    CHECK(!strcmp(name, "mine-launch1-step05b-answer.png"), "a quiz frame: %s", name);
    story one;
    story_single(&one, a.sc.tr, a.sc.an);
    export_story_frame_name(&one, 2, -1, name, sizeof name);
    CHECK(!strcmp(name, "mine-step03.png"), "one launch: the names as ever (%s)", name);

    /* The lesson page steps across both launches, and says them. */
    char *page = lesson_page(&a);
    if (page) {
        CHECK_CONTAINS(page, "Launch 2 of 2 \xC2\xB7 step 1/4  load");
        CHECK_CONTAINS(page, "launch 1 of 2: 128 blocks over 2\xC2\xB2\xE2\x81\xB5 elements, block 0 shown; "
                             "launch 2 of 2: one block over 128 partials");
    }
    free(page);
    app_close(&a);

    /* A run that made more launches than were traced says so. */
    if (open_with(&a, two_launches(5)) == 0) {
        timeline_at(&a, &f);
        CHECK_CONTAINS(sc.frame.header.run[0], "launch 1 of 5 (3 not traced): 128 blocks");
        shot(&f, "launches-untraced");
        app_close(&a);
    } else {
        CHECK(0, "five launches, two traced, open");
    }
}

/* ---- four launches: each tag legible --------------------------------------- */

/* Four launches of 5, 4, 4 and 4 steps: the tags "launch 1" .. "launch 4"
 * are wider than a box, so each lies on a plate of its first box's colour
 * across the next box, drawn after every box (with 4 launches the next box
 * once covered all but "lau"). */
static void test_four(void)
{
    rv_trace *tr = two_launches(4), *c = own_trace(64, 4, pass_kind, 128, 1), *d = own_trace(64, 4, pass_kind, 128, 1);
    if (!tr || !c || !d) {
        rv_trace_free(tr), rv_trace_free(c), rv_trace_free(d);
        CHECK(0, "four launches made");
        return;
    }
    c->launch = 3, d->launch = 4;
    c->launches = d->launches = 4;
    tr->next->next = c;
    c->next = d;
    app a;
    if (open_with(&a, tr) != 0) {
        CHECK(0, "four launches open");
        return;
    }
    viewer_frame f;
    const scene_timeline *t = timeline_at(&a, &f);
    app_goto(&a, 2);
    f = app_frame(&a, 1280, 720);
    char err[300];
    SDL_Surface *s = viewer_render_to_surface(&f, NULL, err, sizeof err);
    shot(&f, "four-launches");
    t = timeline_at(&a, &f);
    if (s && t->nsteps == 17) {
        layout L;
        draw_layout_for(&f, &L);
        const theme *th = theme_get((theme_id)f.theme);
        static const int first[] = {0, 5, 9, 13};
        for (int k = 0; k < 4; k++) {
            lrect next = layout_step_rect(&L, first[k] + 1);
            CHECK(!strcmp(t->steps[first[k]].tag_short, k == 0 ? "1" : k == 1 ? "2" : k == 2 ? "3" : "4"),
                  "launch %d's short tag: %s", k + 1, t->steps[first[k]].tag_short);
            /* the plate reaches into the next box, whose own colour differs */
            CHECK(same(pixel(s, next.x + 1, next.y), th->phase[t->steps[first[k]].phase]) &&
                      !same(th->phase[t->steps[first[k]].phase], th->phase[t->steps[first[k] + 1].phase]),
                  "launch %d's tag lies on its plate across the next box", k + 1);
        }
        SDL_FreeSurface(s);
    } else {
        CHECK(0, "a frame of 17 boxes draws (%d): %s", t->nsteps, s ? "" : err);
        if (s) SDL_FreeSurface(s);
    }
    app_close(&a);
}

/* ---- two counted launches: what each did, from the grid's counts ---------- */

/* The two launches counted as the tracer counts them (format 5): 128 blocks
 * write a partial each into buffer 5, then one block reads the 128 and
 * writes out[0].  Launch 2's N stays the input's, as the tracer writes it:
 * the words must come from the counts, not from N. */
static rv_trace *counted_launches(void)
{
    rv_trace *a = two_launches(2);
    if (!a)
        return NULL;
    rv_trace *b = a->next;
    b->n = a->n;
    a->own_grid = calloc(1, sizeof *a->own_grid);
    b->own_grid = calloc(1, sizeof *b->own_grid);
    if (!a->own_grid || !b->own_grid) {
        rv_trace_free(a);
        return NULL;
    }
    a->own_grid->nbuffers = b->own_grid->nbuffers = 2;
    a->own_grid->buffers[0] = (rv_own_buffer){2, RV_BUF_IN, RV_ALLOC_MALLOC, 0, 4ull << 25, 1u << 25, 0, 0, INT64_MIN};
    a->own_grid->buffers[1] = (rv_own_buffer){5, RV_BUF_OWN, RV_ALLOC_MALLOC, 1, 512, 0, 128, 0, INT64_MIN};
    b->own_grid->buffers[0] = (rv_own_buffer){3, RV_BUF_OUT, RV_ALLOC_MALLOC, 0, 36, 0, 1, 0, INT64_MIN};
    b->own_grid->buffers[1] = (rv_own_buffer){5, RV_BUF_OWN, RV_ALLOC_MALLOC, 1, 512, 128, 0, 0, INT64_MIN};
    return a;
}

static void test_counted(void)
{
    app a;
    if (open_with(&a, counted_launches()) != 0) {
        CHECK(0, "two counted launches open");
        return;
    }
    viewer_frame f;
    timeline_at(&a, &f);
    const scene_header *h = &sc.frame.header;
    const char *one = "launch 1 of 2: 128 blocks, each sums its tiles into a partial (block 0 shown)";
    CHECK_CONTAINS(h->run[0], one);
    CHECK(!strcmp(h->launch[1], one), "launch 1's line of its own: \"%s\"", h->launch[1]);
    CHECK_CONTAINS(h->launch[0], ": reads in[]; writes 128 values into buffer 5");
    CHECK(h->run_says_launch == 2, "the run's two widest forms say it (%d)", h->run_says_launch);
    app_goto(&a, 5);
    timeline_at(&a, &f);
    const char *two = "launch 2 of 2: one block sums the 128 partials of buffer 5 into out[0]";
    CHECK_CONTAINS(h->run[0], two);
    CHECK(!strcmp(h->launch[1], two), "launch 2's line of its own: \"%s\"", h->launch[1]);
    CHECK(!strstr(h->launch[0], "element"), "not the input's N for the partials: \"%s\"", h->launch[0]);
    shot(&f, "counted-launch2");

    /* The lesson page says both, as the header does. */
    char *page = lesson_page(&a);
    if (page) {
        CHECK_CONTAINS(page, one);
        CHECK_CONTAINS(page, two);
    }
    free(page);
    app_close(&a);

    /* One counted launch alone says what it did on its line; its run's
     * forms are as ever (no "launch" in them). */
    rv_trace *t = counted_launches();
    if (t) {
        rv_trace_free(t->next);
        t->next = NULL;
        t->launches = 1;
        t->own_grid->buffers[1].writes = 0, t->own_grid->buffers[1].atomics = 128;
        if (open_with(&a, t) == 0) {
            timeline_at(&a, &f);
            CHECK(!strcmp(h->launch[1], "launch 1 of 1: 128 blocks, each sums its tiles and adds the partial "
                                        "atomically into buffer 5 (block 0 shown)"),
                  "one launch: \"%s\"", h->launch[1]);
            CHECK(h->run_says_launch == 0 && !strstr(h->run[0], "launch"), "its run's forms: \"%s\"", h->run[0]);
            app_close(&a);
        } else {
            CHECK(0, "one counted launch opens");
        }
    }
}

int main(void)
{
    /* RV_TEST_LANG=zh: the shots in Chinese, for a person to look at (the
     * checks compare English words) */
    const char *lang = getenv("RV_TEST_LANG");
    char locale[1024];
    rv_locale_dir(locale, sizeof locale);
    i18n_init(lang && lang[0] ? lang : "en", locale, NULL, 0);
    test_long();
    test_window();
    test_launches();
    test_four();
    test_counted();
    return check_report();
}
