/* scene_frame.c — the frame around the panes, decided before anything is
 * drawn: the header (version, origin, the run and its launch, what
 * changed), the code pane's lines (scene_code.c), the timeline's marks (a
 * step, or a folded run of alike ones, of every launch: story.h) and play
 * state, and the card (predict mode's question, or a live class's kernels).  The hover tooltip's lines are scene_tips.c's; the
 * frame's driver asks for them once the layout says what is under the mouse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scene_frame.h"
#include "core/predict.h"
#include "viewer/scene/class_card.h"
#include "own_words.h"
#include "step_words.h"
#include "story.h"
#include "viewer/scene/frame.h"
#include "core/rules.h"
#include "core/versions.h"
#include "core/i18n.h"

/* ---- header ----------------------------------------------------------------- */

/* "2²⁵ = 33,554,432" for powers of two from 2¹⁰, else the number with
 * separators. */
static void format_n(uint64_t n, char *buf, size_t len)
{
    static const char *const sup[10] = {
        "\xE2\x81\xB0", "\xC2\xB9",     "\xC2\xB2",     "\xC2\xB3",     "\xE2\x81\xB4",
        "\xE2\x81\xB5", "\xE2\x81\xB6", "\xE2\x81\xB7", "\xE2\x81\xB8", "\xE2\x81\xB9",
    };
    char digits[32], grouped[48];
    snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
    size_t nd = strlen(digits), o = 0;
    for (size_t i = 0; i < nd; i++) {
        grouped[o++] = digits[i];
        if ((nd - 1 - i) % 3 == 0 && i + 1 < nd) grouped[o++] = ',';
    }
    grouped[o] = '\0';
    if (n >= 1024 && (n & (n - 1)) == 0) {
        int e = 0;
        while ((1ull << e) < n) e++;
        snprintf(buf, len, "2%s%s = %s", sup[e / 10], sup[e % 10], grouped);
    } else {
        snprintf(buf, len, "%s", grouped);
    }
}

void scene_frame_origin(const viewer_frame *f, char *buf, size_t len)
{
    const rv_trace *tr = f->tr;
    if (rv_trace_is_own(tr))
        own_origin(tr, buf, len);
    else if (rv_trace_unchanged(tr)) /* the shipped file itself, no trace code in it */
        own_origin_brief(tr, buf, len);
    else if (tr->origin_kind == RV_ORIGIN_GPU)
        snprintf(buf, len, _("GPU trace: %s%s%.10s"), tr->origin, tr->date[0] ? ", " : "", tr->date);
    else
        snprintf(buf, len, _("CPU model%s%s"), f->note && f->note[0] ? " \xE2\x80\x94 " : "", f->note ? f->note : "");
}

const char *scene_frame_lesson(int v)
{
    const rv_version_info *vi = rv_version(v);
    return vi && vi->changed ? _(vi->changed) : "";
}

/* A run of several launches: which one this is and what it did ("launch 2
 * of 2: one block sums the 128 partials of buffer 5 into out[0]") leads the
 * run's widest forms, its step after; a launch the tracer counted says it
 * on a line of its own too, where the run's line is too narrow for it. */
static void header_launch(scene_header *h, const viewer_frame *f, const char *data)
{
    const rv_trace *tr = f->tr;
    story one;
    int pos;
    const story *st = scene_frame_story(f, &one, &pos);
    int k = story_locate(st, pos, NULL), number = story_launch_number(st, k);
    char launch[800], memory[400];
    story_launch_words(st, k, launch, sizeof launch);
    story_launch_memory(st, k, memory, sizeof memory);
    h->launch[0][0] = h->launch[1][0] = '\0';
    h->run_says_launch = 0;
    if (rv_trace_is_own(tr) && tr->own_grid) {
        snprintf(h->launch[0], sizeof h->launch[0], memory[0] ? "%s \xC2\xB7 %s" : "%s", launch, memory);
        snprintf(h->launch[1], sizeof h->launch[1], "%s", launch);
    }
    if (st->nlaunch <= 1 && st->launches <= 1) return;
    /* the widest form says the launch's hand-off too, where it was counted */
    if (memory[0])
        snprintf(h->run[0], sizeof h->run[0], _("%s \xC2\xB7 %s \xC2\xB7 step %d of %d"), launch, memory, f->step + 1,
                 tr->nsteps);
    else
        snprintf(h->run[0], sizeof h->run[0], _("%s \xC2\xB7 block %d \xC2\xB7 data %s \xC2\xB7 step %d of %d"), launch,
                 tr->block_size, data, f->step + 1, tr->nsteps);
    snprintf(h->run[1], sizeof h->run[1], _("%s \xC2\xB7 step %d of %d"), launch, f->step + 1, tr->nsteps);
    snprintf(h->run[2], sizeof h->run[2], _("launch %d of %d \xC2\xB7 block %d \xC2\xB7 step %d/%d"), number,
             st->launches, tr->block_size, f->step + 1, tr->nsteps);
    snprintf(h->run[3], sizeof h->run[3], _("launch %d/%d \xC2\xB7 step %d/%d"), number, st->launches, f->step + 1,
             tr->nsteps);
    h->run_says_launch = 2;
}

static void header_build(scene_header *h, const viewer_frame *f)
{
    const rv_trace *tr = f->tr;
    const rv_version_info *vi = rv_version(tr->version);
    if (rv_trace_is_own(tr)) /* a student's kernel goes by its file's name */
        snprintf(h->title, sizeof h->title, "%s", rv_trace_name(tr));
    else
        snprintf(h->title, sizeof h->title, "%s  %s", vi ? vi->name : "v?", vi ? _(vi->title) : _("unknown version"));
    scene_frame_origin(f, h->origin, sizeof h->origin);
    h->origin_gpu = tr->origin_kind == RV_ORIGIN_GPU;

    /* The run's numbers, each form shorter than the one before. */
    char n[64], data[48], grid[32];
    format_n(tr->n, n, sizeof n);
    rv_data_name(tr->data, data, sizeof data);
    format_n(tr->grid, grid, sizeof grid);
    snprintf(h->run[0], sizeof h->run[0],
             _("block %d \xC2\xB7 N %s \xC2\xB7 data %s \xC2\xB7 traced block %u of %s \xC2\xB7 step %d of %d"),
             tr->block_size, n, data, tr->traced_block, grid, f->step + 1, tr->nsteps);
    snprintf(h->run[1], sizeof h->run[1], _("block %d \xC2\xB7 N %s \xC2\xB7 %s \xC2\xB7 step %d of %d"),
             tr->block_size, n, data, f->step + 1, tr->nsteps);
    char *eq = strstr(n, " = "); /* "2²⁵" alone */
    if (eq) *eq = '\0';
    snprintf(h->run[2], sizeof h->run[2], _("block %d \xC2\xB7 N %s \xC2\xB7 %s \xC2\xB7 step %d/%d"), tr->block_size,
             n, data, f->step + 1, tr->nsteps);
    /* the least, beside a long name and origin (an own trace's file, twice) */
    snprintf(h->run[3], sizeof h->run[3], _("block %d \xC2\xB7 step %d/%d"), tr->block_size, f->step + 1, tr->nsteps);
    header_launch(h, f, data);
    h->lesson = scene_frame_lesson(tr->version);
    /* An own trace changed nothing from a version of ours: the line says
     * what it is, after what went wrong in its run. */
    h->lesson_label = rv_trace_is_own(tr) ? _("What it is: ") : _("What changed: ");
    own_warning(tr, h->warning, sizeof h->warning);
    h->shape[0] = '\0';
    if (rv_trace_is_own(tr)) /* a block of rows, a partial warp: said, as the picture cannot */
        own_shape_words(tr, h->shape, sizeof h->shape);
}

/* ---- timeline --------------------------------------------------------------- */

const story *scene_frame_story(const viewer_frame *f, story *tmp, int *pos)
{
    if (f->story) {
        *pos = f->pos;
        return f->story;
    }
    story_single(tmp, f->tr, f->an);
    *pos = f->step;
    return tmp;
}

/* Whether a lane of step `step` of tr did an atomic. */
static int step_has_atomic(const rv_trace *tr, int step)
{
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, step, t);
        if (e->line && (e->flags & RV_EV_ATOMIC)) return 1;
    }
    return 0;
}

/* Room for n marks in t (kept from frame to frame); 0, or -1 when memory
 * runs out. */
static int timeline_room(scene_timeline *t, int n)
{
    if (n <= t->cap) return 0;
    scene_step *more = realloc(t->steps, sizeof *more * (size_t)n);
    if (!more) return -1;
    t->steps = more;
    t->cap = n;
    return 0;
}

static void timeline_build(scene_timeline *t, const viewer_frame *f)
{
    story one;
    int pos;
    const story *st = scene_frame_story(f, &one, &pos);
    double speed = f->speed > 0 ? f->speed : 1.0;
    t->playing = f->playing != 0;
    t->play = f->playing ? _("\xE2\x96\xB6 playing") : _("\xE2\x80\x96 paused");
    if (speed < 1)
        snprintf(t->speed, sizeof t->speed, _("%.1f step/s"), speed);
    else
        snprintf(t->speed, sizeof t->speed, speed > 1 ? _("%.0f steps/s") : _("%.0f step/s"), speed);
    int n = story_marks(st);
    t->nsteps = t->cur = t->cur_in = 0;
    t->cur_label[0] = '\0';
    if (timeline_room(t, n) != 0) return; /* no timeline rather than a wrong one */
    t->nsteps = n;
    int veiled = predict_veiled(f->quiz);
    for (int m = 0, p = 0; m < n; m++) {
        scene_step *sm = &t->steps[m];
        int len = story_mark_len(st, p), s0, k = story_locate(st, p, &s0);
        const rv_trace *tr = st->tr[k];
        char label[64];
        const char *name = step_label(tr->steps[s0].label, label, sizeof label);
        *sm = (scene_step){.first = p, .count = len};
        if (len > 1) /* TRANSLATORS: a run of alike steps folded into one timeline mark: "store ×300" */
            snprintf(sm->label, sizeof sm->label, _("%s \xC3\x97%d"), name, len);
        else
            snprintf(sm->label, sizeof sm->label, "%s", name);
        sm->phase = tr->steps[s0].phase < RV_PHASE_COUNT ? (int)tr->steps[s0].phase : 0;
        if (st->nlaunch > 1 && s0 == 0) {
            snprintf(sm->tag, sizeof sm->tag, _("launch %d"), story_launch_number(st, k));
            snprintf(sm->tag_short, sizeof sm->tag_short, "%d", story_launch_number(st, k));
        }
        /* Predict mode: the marks of steps not yet shown would tell answers. */
        sm->marked = !(f->quiz && (p + len - 1 > pos || (pos >= p && pos < p + len && veiled)));
        for (int i = 0; i < len; i++) {
            const rv_step_info *si = &st->an[k]->steps[s0 + i];
            sm->divergent |= si->divergent_warps > 0;
            if (si->max_conflict >= 2 && si->max_conflict > sm->conflict) sm->conflict = si->max_conflict;
            sm->unsynced |= own_step_races(tr, s0 + i);
            sm->atomic |= step_has_atomic(tr, s0 + i);
        }
        if (pos >= p && pos < p + len) {
            t->cur = m;
            t->cur_in = pos - p;
            if (len > 1) /* TRANSLATORS: the current step's place in a folded run: "store 41/300" */
                snprintf(t->cur_label, sizeof t->cur_label, _("%s %d/%d"), name, pos - p + 1, len);
            else
                snprintf(t->cur_label, sizeof t->cur_label, "%s", name);
        }
        p += len;
    }
}

int scene_timeline_position(const viewer_frame *f, int m, int part, int parts)
{
    story one;
    int pos;
    const story *st = scene_frame_story(f, &one, &pos);
    if (m < 0 || m >= story_marks(st)) return -1;
    int first = story_mark_first(st, m), len = story_mark_len(st, first);
    int at = parts > 0 ? (int)((long long)part * len / parts) : 0;
    return first + (at < 0 ? 0 : at >= len ? len - 1 : at);
}

/* ---- predict mode's card ------------------------------------------------------ */

_Static_assert(SCENE_CARD_LEN >= QUIZ_EXPLAIN_LEN + 64 && SCENE_CARD_LEN >= QUIZ_ANSWER_LEN + 32,
               "the card holds what predict mode's question says");

static void card_build(scene_card *c, const predict *p)
{
    memset(c, 0, sizeof *c);
    c->title = p->slide || p->mode == PREDICT_TEACHER ? _("Question") : _("Predict");
    if (p->mode == PREDICT_CLASS && !p->slide)
        snprintf(c->score, sizeof c->score, _("score %d / %d"), p->right, p->answered);
    if (!p->has_q) {
        c->message = _("Nothing executes in this step: nothing to predict.");
        c->message_lines = 4;
        return;
    }
    c->question = p->q.text;
    c->revealed = p->revealed;
    if (!p->revealed) {
        if (!p->slide && p->mode == PREDICT_CLASS) {
            c->hint = p->q.hint;
            /* The answer being given: lanes clicked, then the digits typed. */
            if (p->q.type == QUIZ_LANE_SET) {
                quiz_format_lanes(p->picked, c->given, sizeof c->given);
                if (p->input[0])
                    snprintf(c->given + strlen(c->given), sizeof c->given - strlen(c->given), "  + %s_", p->input);
            } else {
                snprintf(c->given, sizeof c->given, "%s_", p->input);
            }
            c->keys = p->waves ? _("Enter: answer \xC2\xB7 Space: show the grid \xC2\xB7 A: predict mode off")
                               : _("Enter: answer \xC2\xB7 Space: show the step \xC2\xB7 A: predict mode off");
        } else if (!p->slide) {
            c->message = _("Space or Enter shows the answer.");
            c->message_lines = 2;
        } else {
            c->message = _("Predict, then turn to the next slide.");
            c->message_lines = 3;
        }
        return;
    }
    c->verdict = p->verdict;
    if (p->verdict != 0) c->verdict_words = p->verdict > 0 ? _("\xE2\x9C\x93 right") : _("\xE2\x9C\x97 not quite");
    if (p->verdict < 0 && p->given[0]) snprintf(c->said, sizeof c->said, _("you said: %s"), p->given);
    snprintf(c->answer, sizeof c->answer, _("Answer: %s"), p->q.answer);
    c->explain = p->q.explain;
    c->next = p->slide   ? NULL
              : p->waves ? _("W, until the picture goes: the steps' questions again")
                         : _("\xE2\x86\x92 or Enter: the next step's question");
}

/* A live class on the card: the join address, code and QR code, the counts
 * and the spread (the teacher's screen: shown before the reveal too). */
static void card_live(scene_card *c, const class_live *l)
{
    const room_view *v = &l->view;
    c->live = 1;
    c->qr = l->qr_width ? l->qr : NULL;
    c->qr_width = l->qr_width;
    snprintf(c->join, sizeof c->join, "%s", l->join);
    c->code_label = _("join code");
    snprintf(c->code, sizeof c->code, "%s", l->code);
    /* the projector is the class's too: how many were right only once revealed */
    if (v->has_q && v->revealed)
        snprintf(c->counts, sizeof c->counts, _("%d joined \xC2\xB7 %d answered \xC2\xB7 %d right"), v->students,
                 v->answered, v->right);
    else if (v->has_q)
        snprintf(c->counts, sizeof c->counts, _("%d joined \xC2\xB7 %d answered"), v->students, v->answered);
    else
        snprintf(c->counts, sizeof c->counts, _("%d joined"), v->students);
    c->nbars = v->nbars;
    c->bar_max = 1;
    c->bars_marked = v->revealed;
    for (int b = 0; b < v->nbars; b++) {
        snprintf(c->bar[b].label, sizeof c->bar[b].label, "%s", v->bars[b].label);
        snprintf(c->bar[b].count, sizeof c->bar[b].count, "%d", v->bars[b].count);
        c->bar[b].n = v->bars[b].count;
        c->bar[b].right = v->bars[b].right;
        if (v->bars[b].count > c->bar_max) c->bar_max = v->bars[b].count;
    }
}

/* The students' kernels on the card, in place of a question: a row each,
 * by number (the projector shows no names), with the verdict and the share
 * of the mark version's speed. */
static void card_kernels(scene_card *c, const class_kernel_list *k)
{
    memset(c, 0, sizeof *c);
    c->title = _("Kernels");
    c->kernels = 1;
    c->message = k->nrows ? _("A click or its digit opens a kernel beside the version its exercise leads to. "
                              "K: the lesson again")
                          : _("No kernel with a trace yet: they are listed as the GPU judges them. K: the lesson "
                              "again");
    c->message_lines = 3;
    c->nkernel = k->nrows;
    for (int i = 0; i < k->nrows; i++) {
        const room_kernel *r = &k->row[i];
        const char *verdict = !strcmp(r->verdict, "pass")   ? _("passes")
                              : !strcmp(r->verdict, "fail") ? _("fails")
                                                            : _("not judged");
        snprintf(c->kernel[i].head, sizeof c->kernel[i].head, _("%d  #%d \xC2\xB7 student %d"), i + 1, r->id,
                 r->student);
        int n =
            snprintf(c->kernel[i].tail, sizeof c->kernel[i].tail, _("exercise %d \xC2\xB7 %s"), r->exercise, verdict);
        if (r->percent_of_mark > 0 && n > 0 && (size_t)n < sizeof c->kernel[i].tail)
            snprintf(c->kernel[i].tail + n, sizeof c->kernel[i].tail - (size_t)n, _(" \xC2\xB7 %.0f%% of %s"),
                     r->percent_of_mark, rv_version_name(rv_rules_mark_version()));
        c->kernel[i].passed = !strcmp(r->verdict, "pass");
        c->kernel[i].on_screen = k->on_screen && k->on_screen == r->id;
    }
}

/* ---- the frame ------------------------------------------------------------------ */

void scene_frame_build(scene_frame *s, const viewer_frame *f)
{
    int step = f->step >= 0 && f->step < f->tr->nsteps ? f->step : -1;
    header_build(&s->header, f);
    scene_code_build(&s->code, f->tr, step >= 0 ? f->an->steps[step].line : 0);
    timeline_build(&s->timeline, f);
    s->veiled = predict_veiled(f->quiz);
    /* the card: the students' kernels while listed (K), else predict mode's question */
    int listing = f->live && f->live->kernels && f->live->kernels->open;
    s->asking = f->quiz != NULL || listing;
    if (listing)
        card_kernels(&s->card, f->live->kernels);
    else if (s->asking)
        card_build(&s->card, f->quiz);
    if (s->asking && f->live) card_live(&s->card, f->live);
    s->tip[0].n = s->tip[1].n = 0; /* the driver fills them from the mouse */
    s->unknown_key = own_has_unknown(f->an) || (f->an2 && own_has_unknown(f->an2)) ? own_unknown_key() : NULL;
    /* a block that is no multiple of 32 ends in a partial warp: full is all its lanes */
    s->full_key = f->tr->block_size % 32 || (f->tr2 && f->tr2->block_size % 32) ? _("full warp (all its lanes)")
                                                                                : _("full warp (32 lanes)");
    s->atomic_key = NULL;
    for (int m = 0; m < s->timeline.nsteps && !s->atomic_key; m++)
        if (s->timeline.steps[m].atomic) s->atomic_key = _("atomic: takes turns");
}
