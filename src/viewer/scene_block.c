/* scene_block.c — the block pane of one trace at one step, decided from
 * the trace, its analysis and the frame's inputs before anything is drawn:
 * the numbers its layout is computed from, how large blocks fold their
 * warps into rows, which warp is in focus.
 */
#include <string.h>
#include "scene_block.h"
#include "predict.h"
#include "verify_words.h"
#include "viewer.h"

/* The trace, analysis and step pane p shows (1: compare mode's second). */
static void pane_of(const viewer_frame *f, int p, const rv_trace **tr, const rv_analysis **an, int *step)
{
    *tr = p ? f->tr2 : f->tr;
    *an = p ? f->an2 : f->an;
    *step = p ? f->step2 : f->step;
}

static int has_phase(const rv_trace *tr, rv_phase p)
{
    for (int s = 0; s < tr->nsteps; s++)
        if (tr->steps[s].phase == (uint32_t)p)
            return 1;
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
            ex = w == veil_warp;    /* the asked warp alone, the rest together */
        } else {
            for (int l = 0; l < 32 && w * 32 + l < tr->block_size; l++) {
                int t = w * 32 + l;
                ex |= (uint32_t)(rv_trace_event(tr, step, t)->line != 0) << l;
                wa |= (uint32_t)an->wasted[(size_t)step * tr->block_size + t] << l;
            }
            conf = rv_analysis_warp(an, step, w)->max_conflict;
        }
        int r = 0;
        while (r < nrows && !(key_exec[rep[r]] == ex && key_waste[rep[r]] == wa && key_conf[rep[r]] == conf))
            r++;
        key_exec[w] = ex;
        key_waste[w] = wa;
        key_conf[w] = conf;
        if (r == nrows)
            rep[nrows++] = w;
        row[w] = (signed char)r;
    }
    return nrows;
}

static void fold_for(const viewer_frame *f, const rv_trace *tr, const rv_analysis *an, int step, layout_fold *fold)
{

    memset(fold, 0, sizeof *fold);
    if (an->nwarps <= 8 || an->nwarps > LAYOUT_MAX_WARPS)
        return;
    signed char tmp[LAYOUT_MAX_WARPS];
    for (int s = 0; s < tr->nsteps; s++) {
        int n = fold_warps(an, s, -1, 0, tmp);
        if (n > fold->rows)
            fold->rows = n;
    }
    if (step < 0 || step >= tr->nsteps) {
        fold->rows = 0;   /* no step to show (compare: no matching step) */
        return;
    }
    int veiled = an == f->an && predict_veiled(f->quiz);
    fold->now = fold_warps(an, step, veiled ? f->quiz->q.warp : -1, veiled, fold->warp_row);
    if (fold->now > fold->rows)
        fold->rows = fold->now;
}

void scene_block_layout(const viewer_frame *f, int pane, layout_in *in, layout_fold *fold)
{
    const rv_trace *tr;
    const rv_analysis *an;
    int step;
    pane_of(f, pane, &tr, &an, &step);
    *in = (layout_in){
        .w = f->width, .h = f->height, .block_size = tr->block_size,
        .smem_words = an->smem_words, .nsteps = tr->nsteps,
        .lane_values = has_phase(tr, RV_PHASE_SHUFFLE),
        .compact = f->warps_view == 1 ? 0 : f->warps_view == 2 ? 1 : -1,
        .warn_lines = verify_race_lines(tr),
    };
    /* Predict mode asks about lanes the class clicks: keep warps as rows
     * (folded where needed) rather than the strip, for question and answer. */
    if (f->quiz && in->compact < 0)
        in->compact = 0;
    /* More warps than rows that stay legible: offer to fold them (the room
     * kept is the most rows any step needs, so the grids stay put). */
    fold_for(f, tr, an, step, fold);
}

int scene_block_focus(const viewer_frame *f, int pane)
{
    const rv_trace *tr;
    const rv_analysis *an;
    int step;
    pane_of(f, pane, &tr, &an, &step);
    if (step < 0 || step >= tr->nsteps)
        return -1;   /* compare mode: no matching step in this pane */
    if (pane == 0 && f->focus > 0 && f->focus <= an->nwarps)
        return f->focus - 1;
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

void scene_block_build(scene_block *s, const viewer_frame *f, int pane)
{
    scene_block_layout(f, pane, &s->lin, &s->fold);
    s->focus = scene_block_focus(f, pane);
    s->built = 1;
}
