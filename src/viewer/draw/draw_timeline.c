/* draw_timeline.c — the steps of the trace as a strip of labelled boxes.
 *
 * Box colour says the phase (load, tree, warp, shuffle, store, write,
 * atomic); a dot under a box flags a step with divergent warps (divergence
 * colour), bank conflicts (conflict colour) or atomics (atomic colour), so
 * the whole story reads at a glance before stepping through it; a step of an
 * own trace that raced (no __syncwarp) is edged in the worst conflict's
 * colour with a "!" at its corner.  A run of alike steps is one box
 * ("store ×300"): while the step shown is in it, the box says where
 * ("store 41/300") and a bar along its foot fills up to there.  Where a run
 * has several launches, a bar and a tag ("launch 2", or "2" where that does
 * not fit) mark where each begins, on top of the boxes.
 * When the boxes do not all fit, the layout shows a window of them holding
 * the current one, and small arrows say there are more to either side.
 * Clicking a box jumps there (see layout_step_at).  The words and marks are
 * the scene's (scene_frame.h).
 */
#include "draw.h"

/* A small triangle pointing left (dir < 0) or right in box r: more boxes
 * that way. */
static void more_arrow(const draw_ctx *d, lrect r, int dir)
{
    float cx = r.x + r.w / 2.0f, cy = r.y + r.h / 2.0f, a = r.w * 0.3f;
    prim_triangle(d->r, cx + dir * a, cy, cx - dir * a, cy - a * 1.4f, cx - dir * a, cy + a * 1.4f, d->th->text_dim);
}

/* Where each launch begins: a bar at its first box's left edge and its tag
 * on top, on a plate of that box's colour reaching across the launch's boxes
 * as far as it needs and they go, drawn after every box so that none covers
 * it.  Where even that is too narrow, the tag's short form ("2"). */
static void launch_tags(const draw_ctx *d, int last, int tag_h)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_timeline *t = &d->sc->frame.timeline;
    for (int s = L->steps_first; s < last && s < t->nsteps; s++) {
        const scene_step *st = &t->steps[s];
        if (!st->tag[0]) continue;
        lrect r = layout_step_rect(L, s);
        rgba bg = s == t->cur ? th->accent : th->phase[st->phase];
        prim_fill(d->r, (lrect){r.x - 2, L->timeline.y, 3, L->timeline.h}, th->text_strong);
        int span = r.w;
        for (int k = s + 1; k < last && k < t->nsteps && !t->steps[k].tag[0]; k++) {
            lrect next = layout_step_rect(L, k);
            span = next.x + next.w - r.x;
        }
        const char *tag = st->tag;
        int tw = text_width(d->tc, FACE_SANS_BOLD, L->fs_small, tag);
        if (tw > span - 6) tag = st->tag_short, tw = text_width(d->tc, FACE_SANS_BOLD, L->fs_small, tag);
        if (tw > span - 6) continue; /* the bar alone; the tooltip names it */
        prim_fill(d->r, (lrect){r.x + 1, r.y, tw + 5, tag_h}, bg);
        text_draw(d->tc, FACE_SANS_BOLD, L->fs_small, r.x + 3, r.y + 1, theme_text_on(th, bg), tag);
    }
}

void draw_timeline(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_timeline *t = &d->sc->frame.timeline;
    lrect tl = L->timeline;

    /* Play state and speed, left of the steps. */
    lrect ctrl = {tl.x, tl.y, L->steps_x - tl.x - L->margin, tl.h};
    prim_fill(d->r, ctrl, th->panel);
    prim_stroke(d->r, ctrl, th->panel_edge, 1);
    text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, ctrl.x + L->margin, ctrl.y + L->margin / 2,
              t->playing ? th->full : th->text, t->play);
    text_draw(d->tc, FACE_SANS, L->fs_small, ctrl.x + L->margin, ctrl.y + tl.h / 2 + 1, th->text_dim, t->speed);
    int last = L->steps_first + L->steps_shown;
    if (L->steps_first > 0) more_arrow(d, (lrect){L->steps_x - L->margin, tl.y, L->margin, tl.h}, -1);
    if (last < t->nsteps) more_arrow(d, (lrect){tl.x + tl.w - L->margin / 2, tl.y, L->margin, tl.h}, +1);

    int dot = L->fs_small / 2 > 3 ? L->fs_small / 2 : 3;
    int tag_h = (int)(L->fs_small * 1.2);
    for (int s = L->steps_first; s < last && s < t->nsteps; s++) {
        const scene_step *st = &t->steps[s];
        lrect r = layout_step_rect(L, s);
        r.h -= dot + 4;
        int cur = s == t->cur;
        rgba bg = cur ? th->accent : th->phase[st->phase];
        prim_fill(d->r, r, bg);
        if (s < t->cur) prim_fill(d->r, (lrect){r.x, r.y + r.h - 3, r.w, 3}, th->accent);
        if (cur && st->count > 1) {
            /* a folded run: how far into it the step shown is */
            int fill = (int)((long long)r.w * (t->cur_in + 1) / st->count), bar = r.h / 8 > 4 ? r.h / 8 : 4;
            prim_fill(d->r, (lrect){r.x, r.y + r.h - bar, r.w, bar}, prim_shade(bg, -70));
            prim_fill(d->r, (lrect){r.x, r.y + r.h - bar, fill, bar}, theme_text_on(th, bg));
        }
        /* a launch's first box keeps its top for the tag (launch_tags) */
        lrect lr = r;
        if (st->tag[0]) {
            lr.y += tag_h;
            lr.h -= tag_h;
        }
        /* Label when it fits; otherwise the mouse tooltip names the step. */
        const char *label = cur ? t->cur_label : st->label;
        int tw = text_width(d->tc, cur ? FACE_SANS_BOLD : FACE_SANS, L->fs_small, label);
        if (tw <= r.w - 4 && (!st->tag[0] || lr.h >= L->fs_small))
            text_draw_centered(d->tc, cur ? FACE_SANS_BOLD : FACE_SANS, L->fs_small, lr.x, lr.y, lr.w, lr.h,
                               theme_text_on(th, bg), label);
        if (!st->marked) continue;
        if (st->unsynced) {
            rgba race = th->conflict[2];
            prim_stroke(d->r, r, race, 3);
            int bw = L->fs_small;
            prim_fill(d->r, (lrect){r.x + r.w - bw - 2, r.y + 2, bw, bw}, race);
            text_draw_centered(d->tc, FACE_SANS_BOLD, L->fs_small * 4 / 5, r.x + r.w - bw - 2, r.y + 2, bw, bw,
                               theme_text_on(th, race), "!");
        }
        int ndots = (st->divergent != 0) + (st->conflict != 0) + (st->atomic != 0);
        int dx = r.x + r.w / 2 - (ndots == 1 ? dot / 2 : ndots == 2 ? dot : (3 * dot + 4) / 2);
        int dy = r.y + r.h + 3;
        if (st->divergent) {
            prim_fill(d->r, (lrect){dx, dy, dot, dot}, th->divergent);
            dx += dot + 2;
        }
        if (st->conflict) {
            prim_fill(d->r, (lrect){dx, dy, dot, dot}, theme_conflict(th, st->conflict));
            dx += dot + 2;
        }
        if (st->atomic) prim_fill(d->r, (lrect){dx, dy, dot, dot}, th->atomic);
    }
    launch_tags(d, last, tag_h);
}
