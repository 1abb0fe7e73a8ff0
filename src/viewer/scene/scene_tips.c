/* scene_tips.c — the hover tooltip's lines: a word's value, bank and the
 * inputs it sums; a thread's accesses and register; a step's counts.  A
 * value the tracer could not see (own traces) is "?", and the tooltip says
 * why.
 *
 * The window shows them where the mouse is (frame.c asks for the item under
 * it), the HTML lesson carries every word's and lane's as data: both read
 * these functions, so the page says what the window says.
 */
#include <stdio.h>
#include "core/access_words.h"
#include "core/buffers.h"
#include "scene_block.h"
#include "scene_frame.h"
#include "value_text.h"
#include "own_words.h"
#include "core/predict.h"
#include "stepview.h"
#include "step_words.h"
#include "story.h"
#include "viewer/scene/frame.h"
#include "core/i18n.h"

static int tip_cell(const viewer_frame *f, int word, char lines[SCENE_TIP_LINES][SCENE_TIP_LEN])
{
    const rv_analysis *an = f->an;
    int k = f->step, words = an->smem_words, n = 0;
    stepview sv;
    stepview_build(&sv, an, k);
    size_t after = (size_t)(k + 1) * words + word, before = (size_t)k * words + word;
    char v[32], w[32];
    snprintf(lines[n++], SCENE_TIP_LEN, _("smem[%d]  \xC2\xB7  bank %d  \xC2\xB7  row %d"), word, word % 32, word / 32);
    if (!an->smem_set[after]) {
        snprintf(lines[n++], SCENE_TIP_LEN, _("not written yet"));
        return n;
    }
    value_text(an->smem[after], 12, v, sizeof v);
    if (sv.writer[word] >= 0 && an->smem_set[before]) {
        value_text(an->smem[before], 12, w, sizeof w);
        snprintf(lines[n++], SCENE_TIP_LEN, _("value %s (was %s), written by thread %d"), v, w, sv.writer[word]);
    } else if (sv.writer[word] >= 0) {
        snprintf(lines[n++], SCENE_TIP_LEN, _("value %s, written by thread %d"), v, sv.writer[word]);
    } else {
        snprintf(lines[n++], SCENE_TIP_LEN, _("value %s"), v);
    }
    char prov[180];
    uint64_t cnt = rv_provenance(an, k, RV_ACC(RV_SPACE_SMEM, word), prov, sizeof prov);
    snprintf(lines[n++], SCENE_TIP_LEN, ngettext("= %s  (%llu element)", "= %s  (%llu elements)", cnt), prov,
             (unsigned long long)cnt);
    if (rv_value_unknown(an->smem[after])) /* the only words not recorded: a wide store's */
        snprintf(lines[n++], SCENE_TIP_LEN, "%s", own_unknown_wide_words());
    if (an->conflict[(size_t)k * words + word] >= 2)
        snprintf(lines[n++], SCENE_TIP_LEN, _("in a %d-way bank conflict this step"),
                 an->conflict[(size_t)k * words + word]);
    else if (sv.read[word] && !sv.atomic_on[word])
        snprintf(lines[n++], SCENE_TIP_LEN, _("read this step"));
    if (sv.atomic_on[word] && n < SCENE_TIP_LINES)
        snprintf(lines[n++], SCENE_TIP_LEN,
                 ngettext("%d lane adds into it atomically this step",
                          "%d lanes add into it atomically this step, one after another", sv.atomic_on[word]),
                 sv.atomic_on[word]);
    return n;
}

static int tip_lane(const viewer_frame *f, int t, char lines[SCENE_TIP_LINES][SCENE_TIP_LEN])
{
    const rv_trace *tr = f->tr;
    const rv_analysis *an = f->an;
    int k = f->step, n = 0;
    const rv_event *e = rv_trace_event(tr, k, t);
    uint32_t b[3];
    rv_trace_block_dim(tr, b);
    if (rv_dims_used(b) > 1) /* a block of rows: which thread of it, numbered x fastest */
        snprintf(lines[n++], SCENE_TIP_LEN,
                 _("thread %d = threadIdx (%u, %u, %u)  \xC2\xB7  warp %d  \xC2\xB7  lane %d"), t, (unsigned)t % b[0],
                 (unsigned)t / b[0] % b[1], (unsigned)t / (b[0] * b[1]), t / 32, t % 32);
    else
        snprintf(lines[n++], SCENE_TIP_LEN, _("thread %d  \xC2\xB7  warp %d  \xC2\xB7  lane %d"), t, t / 32, t % 32);
    if (e->line == 0) {
        snprintf(lines[n++], SCENE_TIP_LEN, _("does not execute this step"));
    } else {
        char v[32], acc[64], reads[200] = "";
        const uint64_t *rd = rv_event_reads(tr, e);
        size_t o = 0;
        int shown = e->nreads < 4 ? e->nreads : 4;
        for (int i = 0; i < shown; i++) {
            rv_access_words(tr, rd[i], 1, acc, sizeof acc);
            o += (size_t)snprintf(reads + o, sizeof reads - o, "%s%s", i ? ", " : "", acc);
            if (o >= sizeof reads) break;
        }
        if (e->nreads > (uint32_t)shown && o < sizeof reads)
            snprintf(reads + o, sizeof reads - o, _(" + %u more"), e->nreads - (uint32_t)shown);
        snprintf(lines[n++], SCENE_TIP_LEN, _("line %d reads %s"), e->line, e->nreads ? reads : _("nothing"));
        value_text(e->value, 12, v, sizeof v);
        rv_access_words(tr, e->write, 1, acc, sizeof acc);
        snprintf(lines[n++], SCENE_TIP_LEN, _("writes %s to %s"), v, acc);
        if (e->flags & RV_EV_ATOMIC) {
            /* an atomic: never wasted, never a race; it waits its turn */
            int on = stepview_atomic_on(an, k, e->write);
            snprintf(lines[n++], SCENE_TIP_LEN,
                     ngettext("atomic: %d lane on %s this step",
                              "atomic: one of %d lanes on %s this step, served one "
                              "after another",
                              on),
                     on, acc);
            if (e->tries > 1 && n < SCENE_TIP_LINES)
                snprintf(lines[n++], SCENE_TIP_LEN, _("its compare-and-swap loop tried %u times"), (unsigned)e->tries);
        } else if (an->wasted[(size_t)k * tr->block_size + t]) {
            snprintf(lines[n++], SCENE_TIP_LEN, _("wasted: no later step uses this result"));
        }
    }
    size_t ri = (size_t)(k + 1) * tr->block_size + t;
    if (an->regs_set[ri]) {
        char v[32], prov[160];
        value_text(an->regs[ri], 12, v, sizeof v);
        rv_provenance(an, k, RV_ACC(RV_SPACE_REG, t), prov, sizeof prov);
        snprintf(lines[n++], SCENE_TIP_LEN, _("register %s = %s"), v, prov);
    }
    if (n < SCENE_TIP_LINES &&
        ((e->line && rv_value_unknown(e->value)) || (an->regs_set[ri] && rv_value_unknown(an->regs[ri]))))
        snprintf(lines[n++], SCENE_TIP_LEN, "%s", own_unknown_words());
    return n;
}

/* The step at position pos of f's story: its name (and launch, in a run
 * of several; the run of alike steps it was folded into), then what it
 * does unless predict mode has yet to show it. */
static int tip_step(const viewer_frame *f, int pos, char lines[SCENE_TIP_LINES][SCENE_TIP_LEN])
{
    story one;
    int shown;
    const story *st = scene_frame_story(f, &one, &shown);
    if (pos >= story_total(st)) return 0;
    int s, k = story_locate(st, pos, &s), first, n = 0;
    const rv_trace *tr = st->tr[k];
    const rv_step_info *si = &st->an[k]->steps[s];
    char label[64];
    step_label(tr->steps[s].label, label, sizeof label);
    const char *phase = step_phase_name((rv_phase)tr->steps[s].phase);
    if (st->nlaunch > 1)
        snprintf(lines[n++], SCENE_TIP_LEN, _("launch %d, step %d: %s (%s)"), story_launch_number(st, k), s + 1, label,
                 phase);
    else
        snprintf(lines[n++], SCENE_TIP_LEN, _("step %d: %s (%s)"), s + 1, label, phase);
    story_mark_of(st, pos, &first);
    int len = story_mark_len(st, first);
    if (len > 1) {
        int a;
        story_locate(st, first, &a);
        snprintf(lines[n++], SCENE_TIP_LEN, _("one box for %d alike steps in a row (%d\xE2\x80\x93%d)"), len, a + 1,
                 a + len);
    }
    /* Predict mode: what a step not yet shown does is the next questions' answer. */
    if (f->quiz && (pos > shown || (pos == shown && predict_veiled(f->quiz)))) return n;
    snprintf(lines[n++], SCENE_TIP_LEN, _("%d active threads, %d divergent warps"), si->active_threads,
             si->divergent_warps);
    if (si->max_conflict >= 2) snprintf(lines[n++], SCENE_TIP_LEN, _("worst bank conflict %d-way"), si->max_conflict);
    int wasted = si->wasted_threads - scene_block_atomic_wasted(tr, st->an[k], s); /* an atomic never is */
    if (wasted && n < SCENE_TIP_LINES)
        snprintf(lines[n++], SCENE_TIP_LEN, _("%d threads' results are never used"), wasted);
    if (si->atom_lanes && n < SCENE_TIP_LINES)
        snprintf(lines[n++], SCENE_TIP_LEN,
                 ngettext("atomics: %d lanes on %d word, served one after another",
                          "atomics: %d lanes on %d words, served one after another", si->atom_words),
                 si->atom_lanes, si->atom_words);
    const char *race = own_unsynced_brief(tr, s);
    if (race && n < SCENE_TIP_LINES) snprintf(lines[n++], SCENE_TIP_LEN, "%s", race);
    return n;
}

int scene_tip_text(const viewer_frame *f, scene_tip_kind what, int idx, char lines[SCENE_TIP_LINES][SCENE_TIP_LEN])
{
    if (f->step < 0 || idx < 0) return 0;
    switch (what) {
    case SCENE_TIP_CELL: return idx < f->an->smem_words ? tip_cell(f, idx, lines) : 0;
    case SCENE_TIP_LANE: return idx < f->tr->block_size ? tip_lane(f, idx, lines) : 0;
    case SCENE_TIP_STEP: return tip_step(f, idx, lines);
    }
    return 0;
}
