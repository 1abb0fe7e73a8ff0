/* draw_timeline.c — the steps of the trace as a strip of labelled boxes.
 *
 * Box colour says the phase (load, tree, warp, shuffle, store, write); a dot
 * under a box flags a step with divergent warps (divergence colour) or bank
 * conflicts (conflict colour), so the whole story reads at a glance before
 * stepping through it; a step of an own trace that raced (no __syncwarp) is
 * edged in the worst conflict's colour with a "!" at its corner.  Clicking a box jumps there (see layout_step_at).
 * The words and marks are the scene's (scene_frame.h).
 */
#include "draw.h"

void draw_timeline(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_timeline *t = &d->sc->frame.timeline;
    lrect tl = L->timeline;

    /* Play state and speed, left of the steps. */
    lrect ctrl = { tl.x, tl.y, L->steps_x - tl.x - L->margin, tl.h };
    prim_fill(d->r, ctrl, th->panel);
    prim_stroke(d->r, ctrl, th->panel_edge, 1);
    text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, ctrl.x + L->margin, ctrl.y + L->margin / 2,
              t->playing ? th->full : th->text, t->play);
    text_draw(d->tc, FACE_SANS, L->fs_small, ctrl.x + L->margin, ctrl.y + tl.h / 2 + 1, th->text_dim, t->speed);

    int dot = L->fs_small / 2 > 3 ? L->fs_small / 2 : 3;
    for (int s = 0; s < t->nsteps; s++) {
        const scene_step *st = &t->steps[s];
        lrect r = layout_step_rect(L, s);
        r.h -= dot + 4;
        int cur = s == t->cur;
        rgba bg = cur ? th->accent : th->phase[st->phase];
        prim_fill(d->r, r, bg);
        if (s < t->cur)
            prim_fill(d->r, (lrect){ r.x, r.y + r.h - 3, r.w, 3 }, th->accent);
        /* Label when it fits; otherwise the mouse tooltip names the step. */
        int tw = text_width(d->tc, cur ? FACE_SANS_BOLD : FACE_SANS, L->fs_small, st->label);
        if (tw <= r.w - 4)
            text_draw_centered(d->tc, cur ? FACE_SANS_BOLD : FACE_SANS, L->fs_small, r.x, r.y, r.w, r.h,
                               theme_text_on(th, bg), st->label);
        if (!st->marked)
            continue;
        if (st->unsynced) {
            rgba race = th->conflict[2];
            prim_stroke(d->r, r, race, 3);
            int bw = L->fs_small;
            prim_fill(d->r, (lrect){ r.x + r.w - bw - 2, r.y + 2, bw, bw }, race);
            text_draw_centered(d->tc, FACE_SANS_BOLD, L->fs_small * 4 / 5, r.x + r.w - bw - 2, r.y + 2, bw, bw,
                               theme_text_on(th, race), "!");
        }
        int dx = r.x + r.w / 2 - (st->conflict && st->divergent ? dot : dot / 2);
        int dy = r.y + r.h + 3;
        if (st->divergent) {
            prim_fill(d->r, (lrect){ dx, dy, dot, dot }, th->divergent);
            dx += dot + 2;
        }
        if (st->conflict)
            prim_fill(d->r, (lrect){ dx, dy, dot, dot }, theme_conflict(th, st->conflict));
    }
}
