/* test_own.c — a kernel traced unchanged from a student's file, in the viewer.
 *
 * Every recorded own trace (assets/traces/own) is opened as `reducevis view
 * FILE` opens it and every step's scene is built: the file's name is the
 * header's title and the code pane's, the origin says "traced unchanged",
 * no word anywhere says "nan" (values the tracer could not see are "?", with
 * why), the results panel shows the trace's own timed run as "yours", the
 * steps of v4 read without __syncwarp carry the race band and a timeline
 * mark, a butterfly of shuffles is never called __shfl_down_sync, a wrong
 * sum is said in the header.  Predict mode asks only what the trace knows,
 * and compare mode pairs an own trace with the bundled GPU trace of its
 * device (or the model, saying so) whatever the step counts.  8- and
 * 16-byte shared accesses, which no recording happens to hold, are made by
 * merging v1's reads and checked the same way.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL.h>
#include "../check.h"
#include "viewer/window/app.h"
#include "viewer/scene/scene.h"
#include "viewer/scene/stepview.h"
#include "core/datadir.h"
#include "core/i18n.h"
#include "core/quiz.h"
#include "model/trace_read.h"

#define OWN_DIR RV_TEST_ASSETS "/traces/own"

static const char *dirs[] = { RV_TEST_ASSETS };

static int open_own(app *a, const char *path, int compare)
{
    viewer_options o = { .file = path, .version = -1, .width = 1920, .height = 1080, .compare = compare + 1 };
    char err[600];
    if (app_open(a, &o, dirs, 1, err, sizeof err) != 0) {
        fprintf(stderr, "app_open %s: %s\n", path, err);
        app_close(a);
        return -1;
    }
    return 0;
}

static int has_nan(const char *s)
{
    for (const char *p = s; (p = strstr(p, "nan")) != NULL; p++)   /* a word, not "nanoseconds" */
        if ((p == s || !((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z'))) &&
            !((p[3] >= 'a' && p[3] <= 'z') || (p[3] >= 'A' && p[3] <= 'Z')))
            return 1;
    return strstr(s, "NaN") != NULL || strstr(s, "inf ") != NULL;
}

#define NO_NAN(text, what, step) CHECK(!has_nan(text), "%s step %d: no nan in %s: \"%s\"", name, (step) + 1, what, text)

/* The timeline's mark holding position pos (a step, or a folded run of them). */
static const scene_step *mark_of(const scene_timeline *t, int pos)
{
    for (int m = 0; m < t->nsteps; m++)
        if (pos >= t->steps[m].first && pos < t->steps[m].first + t->steps[m].count)
            return &t->steps[m];
    return &t->steps[0];
}

/* Every word of frame f: banner, sentence, race band, tooltips of every word,
 * lane and step, the results panel or compare mode's lines, the header. */
static void check_words(const char *name, const viewer_frame *f, const scene *sc)
{
    int s = f->step;
    char tip[SCENE_TIP_LINES][SCENE_TIP_LEN];
    NO_NAN(sc->block[0].title, "banner", s);
    NO_NAN(sc->block[0].sentence, "sentence", s);
    NO_NAN(sc->block[0].race_title, "race band", s);
    for (int i = 0; i < sc->block[0].ncounts; i++)
        NO_NAN(sc->block[0].count[i].text, "counts", s);
    NO_NAN(sc->frame.header.warning, "header warning", s);
    NO_NAN(sc->frame.header.origin, "header origin", s);
    for (int w = 0; w < f->an->smem_words; w++)
        for (int n = scene_tip_text(f, SCENE_TIP_CELL, w, tip), k = 0; k < n; k++)
            NO_NAN(tip[k], "a word's tooltip", s);
    for (int t = 0; t < f->tr->block_size; t++)
        for (int n = scene_tip_text(f, SCENE_TIP_LANE, t, tip), k = 0; k < n; k++)
            NO_NAN(tip[k], "a lane's tooltip", s);
    for (int n = scene_tip_text(f, SCENE_TIP_STEP, s, tip), k = 0; k < n; k++)
        NO_NAN(tip[k], "the step's tooltip", s);
    if (sc->compare) {
        NO_NAN(sc->cmp.line, "the difference", s);
        for (int p = 0; p < 2; p++) {
            NO_NAN(sc->cmp.pane[p].figure, "a pane's figure", s);
            NO_NAN(sc->cmp.pane[p].verify_line[0], "a pane's conflicts", s);
        }
    } else {
        NO_NAN(sc->panel.time, "the panel's time", s);
        NO_NAN(sc->panel.rate, "the panel's rate", s);
        NO_NAN(sc->panel.shares, "the panel's shares", s);
        NO_NAN(sc->panel.hw.sentence, "the panel's conflicts", s);
    }
}

/* Predict mode's questions at every step: none has an unseen value for its
 * answer or quotes one, and each lane-read answer is a lane the step read. */
static void check_quiz(const char *name, const rv_analysis *an)
{
    quiz_question qs[QUIZ_MAX_PER_STEP];
    for (int s = 0; s < an->tr->nsteps; s++) {
        int n = quiz_questions(an, s, qs, QUIZ_MAX_PER_STEP);
        for (int i = 0; i < n; i++) {
            const quiz_question *q = &qs[i];
            NO_NAN(q->text, "a question", s);
            NO_NAN(q->answer, "an answer", s);
            NO_NAN(q->explain, "an explanation", s);
            if (q->kind == QUIZ_VALUE) {
                const rv_event *e = rv_trace_event(an->tr, s, q->warp * 32 + q->lane);
                CHECK(!rv_value_unknown(e->value) && (double)q->number == e->value,
                      "%s step %d: a value asked is one the tracer saw (%lld)", name, s + 1, (long long)q->number);
            }
        }
        quiz_question q;
        if (quiz_pick_question(an, s, &q))
            CHECK(q.text[0] && q.answer[0], "%s step %d: the question picked has words", name, s + 1);
    }
}

/* ---- every recorded own trace ------------------------------------------------ */

static void check_file(const char *path, const char *name)
{
    static scene sc;   /* large: off the stack */
    app a;
    if (open_own(&a, path, -1) != 0) {
        CHECK(0, "%s opens", name);
        return;
    }
    const rv_trace *tr = a.sc.tr;
    CHECK(rv_trace_is_own(tr), "%s is an own trace", name);
    int unsynced = 0;
    for (int s = 0; s < tr->nsteps; s++) {
        app_goto(&a, s);
        viewer_frame f = app_frame(&a, 1920, 1080);
        scene_build(&sc, &f);
        if (s == 0) {
            CHECK(!strcmp(sc.frame.header.title, tr->own_name), "%s: the header's title is the file (%s)", name,
                  sc.frame.header.title);
            CHECK_CONTAINS(sc.frame.header.origin, "traced unchanged");
            CHECK_CONTAINS(sc.frame.header.origin, tr->own_name);
            CHECK_CONTAINS(sc.frame.header.origin, tr->origin);
            CHECK(!strcmp(sc.frame.code.title, tr->own_name) && sc.frame.code.has_source,
                  "%s: the code pane shows the file (%s)", name, sc.frame.code.title);
            CHECK((strstr(sc.frame.header.warning, "WRONG SUM") != NULL) == ((tr->own_flags & RV_OWN_SUM_WRONG) != 0),
                  "%s: the header says a wrong sum exactly when it is (\"%s\")", name, sc.frame.header.warning);
            /* the panel: its own run, "yours", after CUB */
            const scene_panel *p = &sc.panel;
            CHECK(p->state == PANEL_TIMED && p->current == p->nbars - 1 && p->cub == p->nbars - 2,
                  "%s: the current bar is the last, after CUB", name);
            CHECK(!strcmp(p->bar[p->current].name, "yours"), "%s: its bar is \"yours\" (%s)", name,
                  p->bar[p->current].name);
            CHECK_CONTAINS(p->hw.sentence, "traced addresses");
            if (tr->own_ms > 0) {
                char want[32];
                snprintf(want, sizeof want, "%.3f ms", tr->own_ms);
                CHECK(p->timed && !strcmp(p->time, want), "%s: the panel's time is its own (%s, want %s)", name,
                      p->time, want);
                snprintf(want, sizeof want, "%.0f GB/s", (double)tr->n * 4 / (tr->own_ms * 1e6));
                CHECK(!strcmp(p->rate, want), "%s: GB/s = n·4 bytes / time (%s, want %s)", name, p->rate, want);
                CHECK(p->bar[p->current].timed, "%s: its bar is drawn", name);
            } else {
                CHECK(!p->timed && strstr(p->missing, "not timed"), "%s: not timed, and said (%s)", name, p->missing);
                CHECK(!p->bar[p->current].timed && !strcmp(p->bar[p->current].absent, "not timed"),
                      "%s: its bar says not timed", name);
            }
        }
        /* the step's line is in the code pane */
        int line = f.an->steps[s].line, found = line == 0;
        for (int i = 0; i < sc.frame.code.nlines && !found; i++)
            found = sc.frame.code.lines[i].line == line;
        CHECK(found, "%s step %d: line %d is in the code pane", name, s + 1, line);
        /* the race of an unsynced step: band, timeline mark, step tooltip */
        if (tr->steps[s].flags & RV_STEP_UNSYNCED) {
            unsynced++;
            CHECK(sc.block[0].race == BLOCK_RACE_HAZARD && strstr(sc.block[0].race_title, "__syncwarp"),
                  "%s step %d: the race band says no __syncwarp (%s)", name, s + 1, sc.block[0].race_title);
            CHECK(mark_of(&sc.frame.timeline, s)->unsynced, "%s step %d: marked on the timeline", name, s + 1);
        } else if (mark_of(&sc.frame.timeline, s)->count == 1) {   /* a folded run: marked if any of it raced */
            CHECK(!mark_of(&sc.frame.timeline, s)->unsynced, "%s step %d: not marked", name, s + 1);
        }
        /* a butterfly is no __shfl_down_sync */
        if (tr->steps[s].phase == RV_PHASE_SHUFFLE) {
            int d;
            rv_lane_pattern lp = rv_step_lanes(tr, s, &d);
            if (lp == RV_LANES_XOR)
                CHECK(strstr(sc.block[0].sentence, "__shfl_xor_sync") && !strstr(sc.block[0].sentence, "down"),
                      "%s step %d: a butterfly is said as one: %s", name, s + 1, sc.block[0].sentence);
            if (lp == RV_LANES_DOWN)
                CHECK_CONTAINS(sc.block[0].sentence, "__shfl_down_sync");
        }
        check_words(name, &f, &sc);
    }
    if (strstr(name, "own-v4-"))
        CHECK(unsynced == 5, "%s: v4's warp steps s=16..1 read without __syncwarp (%d marked)", name, unsynced);
    check_quiz(name, a.sc.an);
    /* predict mode on it: A, then through every step answering nothing */
    app_key(&a, SDLK_a, 0);
    for (int s = 0; s < 3 * tr->nsteps; s++) {
        app_key(&a, SDLK_RIGHT, 0);
        viewer_frame f = app_frame(&a, 1280, 720);
        f.quiz = app_predict_frame(&a);
        scene_build(&sc, &f);
    }
    CHECK(1, "%s: predict mode went through every step", name);
    app_close(&a);
}

/* ---- the recordings shown ------------------------------------------------------ */

/* my_reduce.cu's butterfly at shfl 8: unseen values are "?" with why; the
 * legend says what "?" is. */
static void check_unknown(void)
{
    static scene sc;
    app a;
    if (open_own(&a, OWN_DIR "/nvidia-h200-my_reduce-b256.rvt", -1) != 0) {
        CHECK(0, "my_reduce opens");
        return;
    }
    int s = -1;
    for (int k = 0; k < a.sc.tr->nsteps && s < 0; k++)
        if (!strcmp(a.sc.tr->steps[k].label, "shfl 8"))
            s = k;
    CHECK(s >= 0, "my_reduce has a step shfl 8");
    app_goto(&a, s < 0 ? 0 : s);
    viewer_frame f = app_frame(&a, 1920, 1080);
    scene_build(&sc, &f);
    char tip[SCENE_TIP_LINES][SCENE_TIP_LEN];
    int n = scene_tip_text(&f, SCENE_TIP_LANE, 3, tip), why = 0, q = 0;
    for (int k = 0; k < n; k++) {
        why |= strstr(tip[k], "the tracer sees memory, not registers") != NULL;
        q |= strstr(tip[k], "writes ? to") != NULL;
    }
    CHECK(why && q, "lane 3's tooltip says \"?\" and why");
    CHECK(sc.frame.unknown_key && strstr(sc.frame.unknown_key, "register"), "the colour key has \"?\"");
    CHECK_CONTAINS(sc.block[0].sentence, "l^8");
    app_close(&a);
}

/* Compare mode: my_reduce beside v7 pairs with v7's GPU trace of the same
 * device and data; a block of 1024 beside v1 with the model, saying so. */
static void check_compare(void)
{
    static scene sc;
    app a;
    if (open_own(&a, OWN_DIR "/nvidia-h200-my_reduce-b256.rvt", rv_version_parse("v7")) == 0) {
        CHECK(a.comparing && a.sc2.tr->origin_kind == RV_ORIGIN_GPU && !strcmp(a.sc2.tr->origin, "NVIDIA H200"),
              "my_reduce vs v7: v7's GPU trace of the H200 (%s)", a.sc2.tr->origin);
        CHECK(a.sc2.tr->block_size == 256 && a.sc2.tr->data.kind == a.sc.tr->data.kind, "same block size and data");
        app_goto(&a, 0);
        viewer_frame f = app_frame(&a, 1920, 1080);
        scene_build(&sc, &f);
        CHECK_CONTAINS(sc.cmp.pane[1].origin, "GPU trace: NVIDIA H200");
        CHECK_CONTAINS(sc.cmp.pane[0].origin, "traced unchanged on NVIDIA H200");
        CHECK(!strcmp(sc.cmp.pane[0].name, "my_reduce.cu"), "pane 0 is named by its file");
        app_close(&a);
    } else {
        CHECK(0, "my_reduce beside v7 opens");
    }
    if (open_own(&a, OWN_DIR "/nvidia-h100-80gb-hbm3-my_reduce-b1024.rvt", rv_version_parse("v1")) == 0) {
        CHECK(a.comparing && a.sc2.tr->origin_kind == RV_ORIGIN_MODEL && a.sc2.tr->block_size == 1024,
              "b1024 vs v1: the model at block 1024");
        viewer_frame f = app_frame(&a, 1920, 1080);
        scene_build(&sc, &f);
        CHECK_CONTAINS(sc.cmp.pane[1].origin, "no bundled GPU trace of v1");
        app_close(&a);
    } else {
        CHECK(0, "my_reduce b1024 beside v1 opens");
    }
    /* every own trace beside every version: aligned rows in range */
    DIR *d = opendir(OWN_DIR);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (!strstr(e->d_name, ".rvt") || !strstr(e->d_name, "h200"))
            continue;
        char path[600];
        snprintf(path, sizeof path, "%s/%s", OWN_DIR, e->d_name);
        for (int v = 0; v < RV_NUM_VERSIONS; v++) {
            if (open_own(&a, path, v) != 0) {
                CHECK(0, "%s beside %s opens", e->d_name, rv_version_name(v));
                continue;
            }
            int ok = a.nrows >= a.sc.tr->nsteps && a.nrows >= a.sc2.tr->nsteps &&
                     a.nrows <= a.sc.tr->nsteps + a.sc2.tr->nsteps;
            for (int r = 0; r < a.nrows; r++)
                ok &= a.rows[r].step[0] < a.sc.tr->nsteps && a.rows[r].step[1] < a.sc2.tr->nsteps &&
                      (a.rows[r].step[0] >= 0 || a.rows[r].step[1] >= 0);
            CHECK(ok, "%s beside %s: %d aligned rows, every step once", e->d_name, rv_version_name(v), a.nrows);
            for (int r = 0; r < a.nrows; r++) {
                app_goto(&a, r);
                viewer_frame f = app_frame(&a, 1280, 720);
                scene_build(&sc, &f);
            }
            app_close(&a);
        }
    }
    if (d)
        closedir(d);
}

/* ---- 8- and 16-byte shared accesses ---------------------------------------------- */

static char *copy(const char *s)
{
    char *c = malloc(strlen(s) + 1);
    if (c)
        strcpy(c, s);
    return c;
}

/* v1's trace with the reads of step `step` that pair (words 2i, 2i+1) merged
 * into one 8-byte access, as the compiler may emit them; thread 0's store
 * there made 8 bytes wide too (its second word then unseen). */
static rv_trace *widen(const rv_trace *src, int step)
{
    rv_trace *tr = rv_trace_new(src->block_size, src->nsteps);
    if (!tr)
        return NULL;
    rv_step *steps = tr->steps;
    rv_event *events = tr->events;
    *tr = *src;
    tr->steps = steps;
    tr->events = events;
    tr->reads = NULL;
    tr->nreads = tr->reads_cap = 0;
    tr->own_name = copy(src->own_name);
    tr->own_source = copy(src->own_source);
    memcpy(tr->steps, src->steps, sizeof *tr->steps * (size_t)src->nsteps);
    for (int s = 0; s < src->nsteps; s++)
        for (int t = 0; t < src->block_size; t++) {
            const rv_event *e = rv_trace_event(src, s, t);
            const uint64_t *r = rv_event_reads(src, e);
            uint64_t rd[RV_MAX_READS], w = e->write;
            int n = 0;
            for (uint32_t i = 0; i < e->nreads; i++) {
                uint64_t a = r[i];
                if (s == step && RV_ACC_SPACE(a) == RV_SPACE_SMEM && RV_ACC_INDEX(a) % 2 == 0 && i + 1 < e->nreads &&
                    r[i + 1] == RV_ACC(RV_SPACE_SMEM, RV_ACC_INDEX(a) + 1)) {
                    rd[n++] = RV_ACC(RV_SPACE_SMEM8, RV_ACC_INDEX(a));
                    i++;
                } else {
                    rd[n++] = a;
                }
            }
            if (s == step && t == 0 && RV_ACC_SPACE(w) == RV_SPACE_SMEM)
                w = RV_ACC(RV_SPACE_SMEM8, RV_ACC_INDEX(w));
            if (e->line && rv_trace_set(tr, s, t, e->line, e->value, w, rd, n) != 0) {
                rv_trace_free(tr);
                return NULL;
            }
        }
    return tr;
}

static void check_wide(void)
{
    static scene sc;
    char err[300] = "";
    rv_trace *v1 = rv_trace_load(OWN_DIR "/nvidia-h200-own-v1-b256-random1.rvt", err, sizeof err);
    CHECK(v1 != NULL, "own v1 loads: %s", err);
    if (!v1)
        return;
    int step = 1;   /* s=1: thread t adds words 2t and 2t+1 */
    rv_trace *tr = widen(v1, step);
    rv_trace_free(v1);
    CHECK(tr && rv_trace_validate(tr, err, sizeof err) == 0, "the widened trace is valid: %s", err);
    rv_analysis *an = tr ? rv_analyze(tr, err, sizeof err) : NULL;
    CHECK(an != NULL, "and analysed: %s", err);
    if (!an) {
        rv_trace_free(tr);
        return;
    }
    static stepview sv;
    stepview_build(&sv, an, step);
    CHECK(sv.wide_accesses == an->steps[step].active_threads + 1 && sv.wide_bytes == 8 && sv.wide_thread == 0 &&
          sv.wide_write, "one 8-byte load per thread, thread 0's 8-byte store first (%d)", sv.wide_accesses);
    CHECK(sv.read[0] && sv.read[1] && sv.read[254] && sv.read[255], "an 8-byte load reads both its words");
    CHECK(sv.writer[0] == 0 && sv.writer[1] == 0, "thread 0's 8-byte store writes words 0 and 1");
    CHECK(an->steps[step].max_conflict >= 1, "its requests are counted (degree %d)", an->steps[step].max_conflict);

    viewer_frame f = { .tr = tr, .an = an, .step = step, .width = 1920, .height = 1080 };
    scene_build(&sc, &f);
    const char *name = "widened v1";
    CHECK_CONTAINS(sc.block[0].sentence, "thread 0: one 8-byte store: words 0, 1 (the compiler merged two)");
    char tip[SCENE_TIP_LINES][SCENE_TIP_LEN];
    int n = scene_tip_text(&f, SCENE_TIP_LANE, 5, tip), said = 0;
    for (int k = 0; k < n; k++)
        said |= strstr(tip[k], "smem[10], smem[11] (one 8-byte access: the compiler merged two)") != NULL;
    CHECK(said, "thread 5's tooltip names its 8-byte load");
    n = scene_tip_text(&f, SCENE_TIP_CELL, 1, tip);
    said = 0;
    for (int k = 0; k < n; k++)
        said |= strstr(tip[k], "value ?") != NULL || strstr(tip[k], "first word only") != NULL;
    CHECK(said, "word 1, the second of thread 0's 8-byte store: \"?\" and why");
    check_words(name, &f, &sc);
    /* predict mode: no conflict question over a wide request, no value of an unseen word */
    quiz_question qs[QUIZ_MAX_PER_STEP];
    int nq = quiz_questions(an, step, qs, QUIZ_MAX_PER_STEP), conflict = 0;
    for (int i = 0; i < nq; i++)
        conflict |= qs[i].kind == QUIZ_CONFLICT;
    CHECK(nq > 0 && !conflict, "questions at the wide step, none of a conflict's degree");
    check_quiz(name, an);

    /* 16 bytes: the words' range and "four" */
    rv_event *e0 = rv_trace_event(tr, step, 0);
    e0->write = RV_ACC(RV_SPACE_SMEM16, 0);
    stepview_build(&sv, an, step);
    CHECK(sv.wide_bytes == 16 && sv.writer[3] == 0, "a 16-byte store covers words 0..3");
    scene_build(&sc, &f);
    CHECK_CONTAINS(sc.block[0].sentence, "one 16-byte store: words 0..3 (the compiler merged four)");
    rv_analysis_free(an);
    rv_trace_free(tr);
}

int main(void)
{
    char locale[1024];
    rv_locale_dir(locale, sizeof locale);
    i18n_init("en", locale, NULL, 0);
    DIR *d = opendir(OWN_DIR);
    CHECK(d != NULL, "%s is there", OWN_DIR);
    int files = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (!strstr(e->d_name, ".rvt"))
            continue;
        char path[600];
        snprintf(path, sizeof path, "%s/%s", OWN_DIR, e->d_name);
        check_file(path, e->d_name);
        files++;
    }
    if (d)
        closedir(d);
    CHECK(files >= 20, "every recorded own trace was opened (%d)", files);
    check_unknown();
    check_compare();
    check_wide();
    SDL_Quit();
    return check_report();
}
