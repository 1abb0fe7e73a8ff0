/* scene_block.c — the block pane of one trace at one step, decided from
 * the trace, its analysis, the cross-check and predict mode's question
 * before anything is drawn: the numbers its layout is computed from, how
 * large blocks fold their warps into rows, which warp is in focus; the
 * banner's words, the race band, and each warp, lane, bank and word with
 * the accesses between them (scene_block.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scene_block.h"
#include "scene_compare.h"
#include "scene_frame.h"
#include "value_text.h"
#include "own_words.h"
#include "core/predict.h"
#include "stepview.h"
#include "step_sentence.h"
#include "step_words.h"
#include "story.h"
#include "verify_words.h"
#include "viewer/scene/frame.h"
#include "core/i18n.h"
#include "core/versions.h"

/* What pane p shows (1: compare mode's second): its trace, analysis and
 * step, and the cross-check of its device (another GPU's own, or none). */
typedef struct pane_src {
    const rv_trace *tr;
    const rv_analysis *an;
    int step;
    const rv_verify_record *verify;
} pane_src;

static pane_src pane_of(const viewer_frame *f, int p)
{
    viewer_frame g = scene_compare_pane(f, p); /* compare mode's rule for whose data a pane shows */
    return (pane_src){g.tr, g.an, g.step, g.verify};
}

static int has_phase(const rv_trace *tr, rv_phase p)
{
    for (int s = 0; s < tr->nsteps; s++)
        if (tr->steps[s].phase == (uint32_t)p) return 1;
    return 0;
}

/* Large blocks: warps that do the same thing at `step` (the same lanes
 * execute, the same lanes are wasted, the same conflict degree) share a row,
 * numbered in warp order.  While predict mode hides the step, only the warp
 * asked about keeps a row of its own.  Returns the rows. */
static int fold_warps(const rv_analysis *an, int step, int veil_warp, int veiled, signed char row[LAYOUT_MAX_WARPS])
{
    uint32_t key_exec[LAYOUT_MAX_WARPS], key_waste[LAYOUT_MAX_WARPS];
    int key_conf[LAYOUT_MAX_WARPS], rep[LAYOUT_MAX_WARPS], nrows = 0;
    const rv_trace *tr = an->tr;
    for (int w = 0; w < an->nwarps && w < LAYOUT_MAX_WARPS; w++) {
        uint32_t ex = 0, wa = 0;
        int conf = 0;
        if (veiled) {
            ex = w == veil_warp; /* the asked warp alone, the rest together */
        } else {
            for (int l = 0; l < 32 && w * 32 + l < tr->block_size; l++) {
                int t = w * 32 + l;
                ex |= (uint32_t)(rv_trace_event(tr, step, t)->line != 0) << l;
                wa |= (uint32_t)an->wasted[(size_t)step * tr->block_size + t] << l;
            }
            conf = rv_analysis_warp(an, step, w)->max_conflict;
        }
        int r = 0;
        while (r < nrows && !(key_exec[rep[r]] == ex && key_waste[rep[r]] == wa && key_conf[rep[r]] == conf)) r++;
        key_exec[w] = ex;
        key_waste[w] = wa;
        key_conf[w] = conf;
        if (r == nrows) rep[nrows++] = w;
        row[w] = (signed char)r;
    }
    return nrows;
}

static void fold_for(const viewer_frame *f, const rv_trace *tr, const rv_analysis *an, int step, layout_fold *fold)
{
    memset(fold, 0, sizeof *fold);
    if (an->nwarps <= 8 || an->nwarps > LAYOUT_MAX_WARPS) return;
    signed char tmp[LAYOUT_MAX_WARPS];
    for (int s = 0; s < tr->nsteps; s++) {
        int n = fold_warps(an, s, -1, 0, tmp);
        if (n > fold->rows) fold->rows = n;
    }
    if (step < 0 || step >= tr->nsteps) {
        fold->rows = 0; /* no step to show (compare: no matching step) */
        return;
    }
    int veiled = an == f->an && predict_veiled(f->quiz);
    fold->now = fold_warps(an, step, veiled ? f->quiz->q.warp : -1, veiled, fold->warp_row);
    if (fold->now > fold->rows) fold->rows = fold->now;
}

void scene_block_layout(const viewer_frame *f, int pane, layout_in *in, layout_fold *fold)
{
    pane_src p = pane_of(f, pane);
    const rv_trace *tr = p.tr;
    const rv_analysis *an = p.an;
    int step = p.step;
    /* the timeline's boxes: the marks of the story (every launch's steps,
     * alike runs folded), the current one kept in view */
    story one;
    int pos;
    const story *st = scene_frame_story(f, &one, &pos);
    *in = (layout_in){
        .w = f->width,
        .h = f->height,
        .block_size = tr->block_size,
        .smem_words = an->smem_words,
        .nsteps = story_marks(st),
        .step_cur = story_mark_of(st, pos, NULL),
        .lane_values = has_phase(tr, RV_PHASE_SHUFFLE),
        .compact = f->warps_view == 1   ? 0
                   : f->warps_view == 2 ? 1
                                        : -1,
        .warn_lines = verify_race_lines(tr) > own_race_lines(tr) ? verify_race_lines(tr) : own_race_lines(tr),
    };
    /* Predict mode asks about lanes the class clicks: keep warps as rows
     * (folded where needed) rather than the strip, for question and answer. */
    if (f->quiz && in->compact < 0) in->compact = 0;
    /* More warps than rows that stay legible: offer to fold them (the room
     * kept is the most rows any step needs, so the grids stay put). */
    fold_for(f, tr, an, step, fold);
}

int scene_block_focus(const viewer_frame *f, int pane)
{
    pane_src p = pane_of(f, pane);
    const rv_trace *tr = p.tr;
    const rv_analysis *an = p.an;
    int step = p.step;
    if (step < 0 || step >= tr->nsteps) return -1; /* compare mode: no matching step in this pane */
    if (pane == 0 && f->focus > 0 && f->focus <= an->nwarps) return f->focus - 1;
    int best = -1, best_deg = -1;
    for (int w = 0; w < an->nwarps; w++) {
        const rv_warp_info *wi = rv_analysis_warp(an, step, w);
        if (wi->active_lanes > 0 && wi->max_conflict > best_deg) {
            best = w;
            best_deg = wi->max_conflict;
        }
    }
    return best;
}

/* ---- the banner ------------------------------------------------------------ */

void scene_block_sentence(const viewer_frame *f, char *buf, size_t len)
{
    static stepview sv; /* 6 KiB: off the stack; frames are built one at a time */
    buf[0] = '\0';
    if (f->step < 0 || f->step >= f->tr->nsteps) return;
    stepview_build(&sv, f->an, f->step);
    step_sentence(f->tr, f->an, f->step, &sv, buf, len);
}

int scene_block_atomic_wasted(const rv_trace *tr, const rv_analysis *an, int step)
{
    int n = 0;
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, step, t);
        n += e->line && (e->flags & RV_EV_ATOMIC) && an->wasted[(size_t)step * (size_t)tr->block_size + (size_t)t];
    }
    return n;
}

/* One count of the banner: fmt ("%d full") says n. */
static void add_count(scene_block *s, block_tone tone, int n, const char *fmt)
{
    block_count *c = &s->count[s->ncounts++];
    snprintf(c->text, sizeof c->text, fmt, n);
    c->tone = tone;
    c->n = n;
}

/* The banner: the step's name; then, unless predict mode hides the step,
 * its counts (each in the colour of what it counts) and what it does;
 * else the question. */
static void build_banner(scene_block *s, const pane_src *p, const stepview *sv)
{
    const rv_step_info *si = &p->an->steps[p->step];
    char label[64];
    snprintf(s->title, sizeof s->title, _("Step %d/%d  %s"), p->step + 1, p->tr->nsteps,
             step_label(p->tr->steps[p->step].label, label, sizeof label));
    s->ncounts = 0;
    if (s->veiled) {
        s->veil_words[0] = _("predict: what will this step do?");
        s->veil_words[1] = _("Hidden until the answer: its lanes, accesses and results. "
                             "Shared memory: as earlier steps left it.");
        s->sentence[0] = '\0';
        return;
    }
    add_count(s, BLOCK_TONE_TEXT, si->active_threads, _("%d active"));
    if (si->full_warps) add_count(s, BLOCK_TONE_FULL, si->full_warps, _("%d full"));
    if (si->divergent_warps) add_count(s, BLOCK_TONE_DIVERGENT, si->divergent_warps, _("%d divergent"));
    if (si->max_conflict >= 2)
        add_count(s, BLOCK_TONE_CONFLICT, si->max_conflict, _("%d-way bank conflict"));
    else if (sv->smem_accesses > 0)
        add_count(s, BLOCK_TONE_DIM, 0, _("no bank conflict"));
    int wasted = si->wasted_threads - scene_block_atomic_wasted(p->tr, p->an, p->step);
    if (wasted) add_count(s, BLOCK_TONE_WASTED, wasted, _("%d wasted"));
    if (sv->atomic_lanes) {
        add_count(s, BLOCK_TONE_ATOMIC, si->atom_lanes > 0 ? si->atom_lanes : sv->atomic_lanes, _("%d atomic"));
        if (sv->atomic_turns > 1) add_count(s, BLOCK_TONE_ATOMIC, sv->atomic_turns, _("%d turns"));
    }
    step_sentence(p->tr, p->an, p->step, sv, s->sentence, sizeof s->sentence);
}

/* The race note of this step (v4's warp phase, v4s's reassurance, v5 and
 * v6 as v4's code; an own trace's step marked unsynced); none on other steps. */
static void build_race(scene_block *s, const pane_src *p)
{
    if (own_unsynced_note(p->tr, p->step, s->race_title, sizeof s->race_title, s->race_detail, sizeof s->race_detail)) {
        s->race = BLOCK_RACE_HAZARD; /* an own trace's race, seen in the recorded order */
        return;
    }
    verify_race k = verify_race_note(p->verify, p->tr->version, p->tr->steps[p->step].phase, s->race_title,
                                     sizeof s->race_title, s->race_detail, sizeof s->race_detail);
    s->race = k == VERIFY_RACE_HAZARD      ? BLOCK_RACE_HAZARD
              : k == VERIFY_RACE_CLEAN     ? BLOCK_RACE_CLEAN
              : k == VERIFY_RACE_SAME_CODE ? BLOCK_RACE_SAME_CODE
                                           : BLOCK_RACE_NONE;
}

/* ---- warps, lanes, banks, words ----------------------------------------------- */

static block_tone warp_tone(rv_warp_state st)
{
    return st == RV_WARP_FULL ? BLOCK_TONE_FULL : st == RV_WARP_DIVERGENT ? BLOCK_TONE_DIVERGENT : BLOCK_TONE_IDLE;
}

/* Warp w's label, and its row's where the fold puts warps of its kind in
 * one row: "w5", "w0–15", "w0,2…30" or "w1,3,9…". */
static void warp_labels(const scene_block *s, int w, block_warp *bw)
{
    int ws[LAYOUT_MAX_WARPS], n = 0;
    snprintf(bw->label, sizeof bw->label, "w%d", w);
    for (int v = 0; v < s->nwarps; v++)
        if (v == w || (s->fold.rows > 0 && s->fold.warp_row[v] == s->fold.warp_row[w])) ws[n++] = v;
    bw->in_row = n;
    if (n <= 1) {
        snprintf(bw->row_label, sizeof bw->row_label, "%s", bw->label);
        return;
    }
    snprintf(bw->row_count, sizeof bw->row_count, _("%d warps"), n);
    int step = ws[1] - ws[0], even = 1;
    for (int i = 2; i < n; i++) even &= ws[i] - ws[i - 1] == step;
    if (n == 2)
        snprintf(bw->row_label, sizeof bw->row_label, "w%d,%d", ws[0], ws[1]);
    else if (even && step == 1)
        snprintf(bw->row_label, sizeof bw->row_label, "w%d\xE2\x80\x93%d", ws[0], ws[n - 1]);
    else if (even)
        snprintf(bw->row_label, sizeof bw->row_label, "w%d,%d\xE2\x80\xA6%d", ws[0], ws[1], ws[n - 1]);
    else
        snprintf(bw->row_label, sizeof bw->row_label, "w%d,%d,%d\xE2\x80\xA6", ws[0], ws[1], ws[2]);
}

static void build_warps(scene_block *s, const pane_src *p)
{
    for (int w = 0; w < s->nwarps; w++) {
        const rv_warp_info *wi = rv_analysis_warp(p->an, p->step, w);
        block_warp *bw = &s->warp[w];
        bw->tone = warp_tone(wi->state);
        bw->active = wi->active_lanes;
        bw->wasted = wi->wasted_lanes;
        bw->atomic = 0; /* counted with the lanes */
        bw->conflict = wi->max_conflict;
        if (bw->conflict >= 2) {
            snprintf(bw->badge[0], sizeof bw->badge[0], _("%d-way"), bw->conflict);
            snprintf(bw->badge[1], sizeof bw->badge[1], "%d\xC3\x97", bw->conflict);
        }
        warp_labels(s, w, bw);
    }
}

/* Thread t's accesses that are drawn as lines: the shared word it writes;
 * the words it reads (but the one it writes) and the lanes it reads through
 * a shuffle, in its order (a lane past a partial warp's last is none). */
static void lane_links(scene_block *s, const pane_src *p, int t, const rv_event *e, block_lane *ln, uint32_t *nlink)
{
    const rv_trace *tr = p->tr;
    uint64_t wacc = e->write, words = (uint64_t)p->an->smem_words; /* at most the block size */
    if (RV_ACC_IS_SMEM(wacc) && RV_ACC_INDEX(wacc) < words)        /* a wide store: its first word */
        ln->write = (int16_t)RV_ACC_INDEX(wacc);
    const uint64_t *rd = rv_event_reads(tr, e);
    for (uint32_t i = 0; i < e->nreads && *nlink < SCENE_BLOCK_MAX_LINKS; i++) {
        unsigned sp = RV_ACC_SPACE(rd[i]);
        uint64_t ix = RV_ACC_INDEX(rd[i]);
        ln->lane_reads += sp == RV_SPACE_LANE;
        if (RV_ACC_IS_SMEM(rd[i]) && rd[i] != wacc) {
            /* a wide load: a line to each word it brings */
            for (uint64_t k = 0; k < RV_ACC_WORDS(rd[i]) && ix + k < words && *nlink < SCENE_BLOCK_MAX_LINKS; k++) {
                s->link[(*nlink)++] = (uint16_t)(ix + k);
                ln->nlinks++;
            }
            continue;
        }
        if (sp == RV_SPACE_LANE && ix < (uint64_t)rv_warp_lanes(tr->block_size, t / 32))
            s->link[(*nlink)++] = (uint16_t)(SCENE_BLOCK_LINK_LANE | ix);
        else
            continue;
        ln->nlinks++;
    }
}

/* Each lane: whether it executes, is wasted, the value it shows (its
 * register in shuffle traces, before the step while veiled; else what it
 * produced) and its accesses. */
static void build_lanes(scene_block *s, const pane_src *p)
{
    const rv_trace *tr = p->tr;
    const rv_analysis *an = p->an;
    size_t now = (size_t)p->step * tr->block_size, shown = (size_t)(p->step + !s->veiled) * tr->block_size;
    uint32_t nlink = 0;
    for (int t = 0; t < s->nthreads; t++) {
        const rv_event *e = rv_trace_event(tr, p->step, t);
        block_lane *ln = &s->lane[t];
        *ln = (block_lane){.write = -1, .link_at = nlink};
        ln->exec = e->line != 0 && !s->veiled;
        ln->atomic = ln->exec && (e->flags & RV_EV_ATOMIC);
        ln->wasted = ln->exec && an->wasted[now + t] && !ln->atomic; /* an atomic adds to what is read */
        if (s->lin.lane_values) {
            ln->has_value = an->regs_set[shown + t] != 0;
            ln->value = an->regs[shown + t];
        } else {
            ln->has_value = ln->exec;
            ln->value = e->value;
        }
        if (ln->exec) lane_links(s, p, t, e, ln, &nlink);
        if (ln->atomic && t / 32 < LAYOUT_MAX_WARPS) s->warp[t / 32].atomic++;
    }
}

/* Banks and words: conflict degrees, values after the step (before it
 * while veiled), which were written and read. */
static void build_words(scene_block *s, const pane_src *p, const stepview *sv)
{
    const rv_analysis *an = p->an;
    size_t shown = (size_t)(p->step + !s->veiled) * an->smem_words;
    const uint8_t *deg = an->conflict + (size_t)p->step * an->smem_words;
    memcpy(s->bank, sv->bank_degree, sizeof s->bank);
    for (int wd = 0; wd < s->nwords; wd++)
        s->word[wd] = (block_word){
            .value = an->smem[shown + wd],
            .set = an->smem_set[shown + wd],
            .written = sv->writer[wd] >= 0,
            .read = sv->read[wd] != 0,
            .conflict = s->veiled ? 0 : deg[wd],
            .atomic = sv->atomic_on[wd],
        };
}

/* ---- predict mode ----------------------------------------------------------- */

/* While a question is open: the warp asked about, the lanes and the word
 * the class picked so far. */
static void build_veil(scene_block *s, const predict *pq)
{
    s->veiled = predict_veiled(pq);
    s->ask_warp = s->pick_word = -1;
    s->picked = 0;
    if (!s->veiled) return;
    s->ask_warp = pq->q.warp;
    int pick = pq->input[0] ? atoi(pq->input) : -1;
    if (pq->q.type == QUIZ_LANE_SET) s->picked = pq->picked;
    if (pq->q.pick == QUIZ_PICK_LANE && pick >= 0 && pick < 32) s->picked |= 1u << pick;
    if (pq->q.pick == QUIZ_PICK_WORD) s->pick_word = pick;
}

/* ---- the pane ----------------------------------------------------------------- */

void scene_block_build(scene_block *s, const viewer_frame *f, int pane)
{
    static stepview sv; /* 6 KiB: off the stack; frames are built one at a time */
    pane_src p = pane_of(f, pane);
    scene_block_layout(f, pane, &s->lin, &s->fold);
    s->focus = scene_block_focus(f, pane);
    s->built = 1;
    s->has_step = p.step >= 0 && p.step < p.tr->nsteps;
    s->nthreads = s->nwarps = s->nwords = s->ncounts = 0;
    s->title[0] = s->sentence[0] = '\0';
    s->race = BLOCK_RACE_NONE;
    s->links = BLOCK_LINKS_NONE;
    build_veil(s, f->quiz);
    s->outline = s->veiled ? s->ask_warp : s->focus;
    if (!s->has_step) return; /* compare mode: no matching step in this pane */
    s->nthreads = p.tr->block_size < SCENE_BLOCK_MAX_THREADS ? p.tr->block_size : SCENE_BLOCK_MAX_THREADS;
    s->nwarps = p.an->nwarps < LAYOUT_MAX_WARPS ? p.an->nwarps : LAYOUT_MAX_WARPS;
    s->nwords = p.an->smem_words < SCENE_BLOCK_MAX_WORDS ? p.an->smem_words : SCENE_BLOCK_MAX_WORDS;
    /* Nothing the step does is told before the answer. */
    stepview_build(&sv, p.an, s->veiled ? -1 : p.step);
    build_banner(s, &p, &sv);
    build_race(s, &p);
    build_warps(s, &p);
    build_lanes(s, &p);
    build_words(s, &p, &sv);
    /* Lines for every executing lane when few execute: 256 crossing lines
     * teach nothing, one warp's 32 show a bank conflict at a glance. */
    if (!s->veiled)
        s->links = p.an->steps[p.step].active_threads <= 32 ? BLOCK_LINKS_ALL
                   : s->focus >= 0                          ? BLOCK_LINKS_FOCUS
                                                            : BLOCK_LINKS_NONE;
}
