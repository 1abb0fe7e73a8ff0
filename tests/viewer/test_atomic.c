/* test_atomic.c — atomics in the viewer: drawn, said, asked, never a race.
 *
 * A student's kernel made in memory (../atomic_trace.h): 64 lanes atomicAdd
 * into one shared word, then a compare-and-swap loop on four words.  The
 * lanes that do an atomic are drawn in the atomic colour (not as wasted,
 * even where the analysis would mark them so), the word they queue on is
 * edged in it; the banner counts the lanes and the turns and says them in
 * a sentence, with a compare-and-swap loop's attempts; the tooltips of the
 * lane, the word and the step say it; the timeline marks the step and the
 * colour key names the colour; predict mode asks how many turns.  The step
 * the trace marked unsynced, whose shared writes are all atomics, shows no
 * race band and no race mark, while the same step with plain writes does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL.h>
#include "../check.h"
#include "../atomic_trace.h"
#include "viewer/window/app.h"
#include "viewer/draw/draw.h"
#include "viewer/export/export_file.h"
#include "pixels.h"
#include "viewer/scene/scene.h"
#include "viewer/scene/step_words.h"
#include "core/datadir.h"
#include "core/i18n.h"

static const char *dirs[] = { RV_TEST_ASSETS };
static scene sc;

/* The app opened as the viewer opens, then showing tr (its atomic counts
 * filled where the analysis left them 0). */
static int open_with(app *a, rv_trace *tr)
{
    viewer_options o = { .version = -1, .width = 1280, .height = 720 };
    char err[600];
    if (!tr || app_open(a, &o, dirs, 1, err, sizeof err) != 0 || shown_take(&a->sc, tr, err, sizeof err) != 0) {
        fprintf(stderr, "open: %s\n", tr ? err : "no trace");
        return -1;
    }
    atomic_trace_fill(a->sc.an);
    a->step = 0;
    return 0;
}

static viewer_frame frame_at(app *a, int step)
{
    app_goto(a, step);
    viewer_frame f = app_frame(a, 1280, 720);
    scene_build(&sc, &f);
    return f;
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

static int has_count(const scene_block *b, const char *text, block_tone tone)
{
    for (int i = 0; i < b->ncounts; i++)
        if (!strcmp(b->count[i].text, text) && b->count[i].tone == tone)
            return 1;
    return 0;
}

static void test_said(void)
{
    app a;
    if (open_with(&a, atomic_trace()) != 0) {
        CHECK(0, "the atomic trace opens");
        return;
    }
    /* One word for the whole block. */
    viewer_frame f = frame_at(&a, 1);
    const scene_block *b = &sc.block[0];
    CHECK(!strcmp(b->sentence, "64 lanes add atomically into 1 word of shared memory: served one after another, "
                               "64 turns"),
          "the banner says lanes, word and turns: %s", b->sentence);
    CHECK(has_count(b, "64 atomic", BLOCK_TONE_ATOMIC) && has_count(b, "64 turns", BLOCK_TONE_ATOMIC),
          "and counts them in the atomic colour");
    int atomic = 0, wasted = 0;
    for (int t = 0; t < ATOMIC_BLOCK; t++) {
        atomic += b->lane[t].atomic;
        wasted += b->lane[t].wasted;
    }
    CHECK(atomic == 64 && wasted == 0, "every lane marked atomic (%d), none wasted (%d)", atomic, wasted);
    CHECK(b->word[0].atomic == 64 && b->word[1].atomic == 0, "smem[0] queues all 64 (%d)", b->word[0].atomic);
    char lines[SCENE_TIP_LINES][SCENE_TIP_LEN];
    int n = scene_tip_text(&f, SCENE_TIP_LANE, 5, lines), found = 0;
    for (int i = 0; i < n; i++)
        found |= !strcmp(lines[i], "atomic: one of 64 lanes on smem[0] this step, served one after another");
    CHECK(found, "lane 5's tooltip says it waits its turn (%s)", n > 3 ? lines[3] : "");
    n = scene_tip_text(&f, SCENE_TIP_CELL, 0, lines);
    found = 0;
    for (int i = 0; i < n; i++)
        found |= !strcmp(lines[i], "64 lanes add into it atomically this step, one after another");
    CHECK(found, "smem[0]'s tooltip says it");
    n = scene_tip_text(&f, SCENE_TIP_STEP, 1, lines);
    found = 0;
    for (int i = 0; i < n; i++) {
        found |= !strcmp(lines[i], "atomics: 64 lanes on 1 word, served one after another");
        CHECK(!strstr(lines[i], "__syncwarp"), "the step's tooltip says no race: %s", lines[i]);
    }
    CHECK(found && !strcmp(lines[0], "step 2: atomic (atomic)"), "the step's tooltip names the phase and the atomics");
    CHECK(!strcmp(step_phase_name(RV_PHASE_ATOMIC), "atomic"), "the phase has its name");

    /* Never a race: marked unsynced, but its shared writes are all atomics. */
    CHECK(b->race == BLOCK_RACE_NONE && b->lin.warn_lines == 0, "no race band (%d, %d lines)", b->race, b->lin.warn_lines);
    CHECK(!sc.frame.timeline.steps[1].unsynced && sc.frame.timeline.steps[1].atomic,
          "the timeline marks it atomic, not raced");
    CHECK(sc.frame.atomic_key && !strcmp(sc.frame.atomic_key, "atomic: takes turns"),
          "the colour key names the atomic colour");

    /* Drawn: lanes and the word in the atomic colour; the timeline's phase colour. */
    char err[300];
    SDL_Surface *s = viewer_render_to_surface(&f, NULL, err, sizeof err);
    shot(&f, "atomic-one-word");
    if (s) {
        layout L;
        draw_layout_for(&f, &L);
        const theme *th = theme_get((theme_id)f.theme);
        lrect lane = layout_lane_rect(&L, 37), cell = layout_cell_rect(&L, 0), other = layout_cell_rect(&L, 1);
        CHECK_PIXEL(s, lane.x + 1, lane.y + lane.h - 2, th->atomic, "lane 37 doing an atomic");
        CHECK_PIXEL(s, cell.x, cell.y + cell.h / 2, th->atomic, "smem[0]'s edge");
        CHECK(!same(pixel(s, other.x, other.y + other.h / 2), th->atomic), "smem[1] not edged");
        app_goto(&a, 0);
        viewer_frame g = app_frame(&a, 1280, 720);
        SDL_Surface *s0 = viewer_render_to_surface(&g, NULL, err, sizeof err);
        lrect box = layout_step_rect(&L, 2);
        if (s0) {
            CHECK_PIXEL(s0, box.x + 2, box.y + 2, th->phase[RV_PHASE_ATOMIC], "the atomic phase's colour on the timeline");
            SDL_FreeSurface(s0);
        }
        SDL_FreeSurface(s);
    } else {
        CHECK(0, "the frame draws: %s", err);
    }

    /* The compare-and-swap loop: four words, their attempts. */
    f = frame_at(&a, 2);
    f.hover = 1;   /* the mouse on lane 6: its tooltip in the shot */
    {
        layout L;
        draw_layout_for(&f, &L);
        lrect r = layout_lane_rect(&L, 6);
        f.mouse_x = r.x + r.w / 2;
        f.mouse_y = r.y + r.h / 2;
    }
    shot(&f, "atomic-cas");
    f.theme = THEME_LIGHT;
    shot(&f, "atomic-cas-light");
    f.hover = 0;
    CHECK(!strcmp(sc.block[0].sentence, "64 lanes add atomically into 4 words of shared memory: the lanes on one word "
                                        "are served one after another, 16 turns on the busiest; their compare-and-swap "
                                        "loops tried 192 times in this run (timing decides how many)"),
          "the loop's sentence: %s", sc.block[0].sentence);
    /* the analysis may call some of them wasted (they write what a later
     * atomic overwrites): an atomic adds to what is there, never wasted */
    for (int t = 0; t < ATOMIC_BLOCK; t++)
        a.sc.an->wasted[2 * ATOMIC_BLOCK + t] = 1;
    a.sc.an->steps[2].wasted_threads = ATOMIC_BLOCK;
    scene_build(&sc, &f);
    int wasted_count = 0;
    for (int i = 0; i < sc.block[0].ncounts; i++)
        wasted_count |= sc.block[0].count[i].tone == BLOCK_TONE_WASTED;
    CHECK(!wasted_count && has_count(&sc.block[0], "64 atomic", BLOCK_TONE_ATOMIC) &&
              has_count(&sc.block[0], "16 turns", BLOCK_TONE_ATOMIC),
          "the loop's counts: 64 atomic, 16 turns, none wasted");
    n = scene_tip_text(&f, SCENE_TIP_LANE, 6, lines);
    found = 0;
    for (int i = 0; i < n; i++)
        found |= !strcmp(lines[i], "its compare-and-swap loop tried 3 times");
    CHECK(found, "a lane's tooltip says its attempts");

    /* Predict mode asks the turns of the worst warp. */
    app_goto(&a, 1);
    app_key(&a, SDLK_a, 0);
    const predict *p = app_predict_frame(&a);
    CHECK(p && p->has_q && p->q.kind == QUIZ_ATOMIC && p->q.number == 32,
          "predict mode asks how many turns (%s %lld)", p ? quiz_kind_name(p->q.kind) : "-", p ? (long long)p->q.number : -1);
    app_close(&a);
}

/* The same step with plain stores: the trace's mark is a race again. */
static void test_plain_race(void)
{
    rv_trace *tr = atomic_trace();
    for (int s = 1; s <= 2; s++)
        for (int t = 0; tr && t < ATOMIC_BLOCK; t++) {
            rv_event *e = rv_trace_event(tr, s, t);
            e->flags = 0;
            e->tries = 0;
        }
    app a;
    if (open_with(&a, tr) != 0) {
        CHECK(0, "the plain trace opens");
        return;
    }
    frame_at(&a, 1);
    CHECK(sc.block[0].race == BLOCK_RACE_HAZARD && sc.frame.timeline.steps[1].unsynced,
          "plain stores on the marked step: the race band and mark (control)");
    CHECK(!sc.frame.atomic_key, "no atomic key without atomics");
    app_close(&a);
}

int main(void)
{
    /* RV_TEST_LANG=zh: the shots in Chinese, for a person to look at (the
     * checks compare English words) */
    const char *lang = getenv("RV_TEST_LANG");
    char locale[1024];
    rv_locale_dir(locale, sizeof locale);
    i18n_init(lang && lang[0] ? lang : "en", locale, NULL, 0);
    test_said();
    test_plain_race();
    return check_report();
}
