/* draw_plan.c — what a frame's drawing is planned on, decided before any
 * pane paints: its layout, which warps share a row in a large block, and
 * which warp is in focus.  The frame, the block pane and compare mode all
 * ask here, so none of them calls another for it.
 */
#include <string.h>
#include "draw.h"
#include "verify_words.h"
#include "predict.h"

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

void draw_fold_for(const viewer_frame *f, const rv_trace *tr, const rv_analysis *an, int step, layout_fold *fold)
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

void draw_layout_for(const viewer_frame *f, layout *L)
{
    layout_in in = {
        .w = f->width, .h = f->height, .block_size = f->tr->block_size,
        .smem_words = f->an->smem_words, .nsteps = f->tr->nsteps,
        .lane_values = has_phase(f->tr, RV_PHASE_SHUFFLE),
        .compact = f->warps_view == 1 ? 0 : f->warps_view == 2 ? 1 : -1,
        .warn_lines = verify_race_lines(f->tr),
    };
    /* More warps than rows that stay legible: offer to fold them (the room
     * kept is the most rows any step needs, so the grids stay put). */
    /* Predict mode asks about lanes the class clicks: keep warps as rows
     * (folded where needed) rather than the strip, for question and answer. */
    if (f->quiz && in.compact < 0)
        in.compact = 0;
    layout_fold fold;
    draw_fold_for(f, f->tr, f->an, f->step, &fold);
    layout_compute_folded(L, &in, &fold);
}

int draw_focus_warp(const viewer_frame *f)
{
    const rv_analysis *an = f->an;
    if (f->focus > 0 && f->focus <= an->nwarps)
        return f->focus - 1;
    int best = -1, best_deg = -1;
    for (int w = 0; w < an->nwarps; w++) {
        const rv_warp_info *wi = rv_analysis_warp(an, f->step, w);
        if (wi->active_lanes > 0 && wi->max_conflict > best_deg) {
            best = w;
            best_deg = wi->max_conflict;
        }
    }
    return best;
}
