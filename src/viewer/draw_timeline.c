/* draw_timeline.c — the steps of the trace as a strip of labelled boxes.
 *
 * Box colour says the phase (load, tree, warp, shuffle, store, write); a dot
 * under a box flags a step with divergent warps (divergence colour) or bank
 * conflicts (conflict colour), so the whole story reads at a glance before
 * stepping through it.  Clicking a box jumps there (see layout_step_at).
 */
#include <stdio.h>
#include "draw.h"
#include "predict.h"
#include "../i18n.h"
#include "step_words.h"

void draw_timeline(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const viewer_frame *f = d->f;
    const rv_trace *tr = f->tr;
    lrect tl = L->timeline;
    char buf[64];

    /* Play state and speed, left of the steps. */
    lrect ctrl = { tl.x, tl.y, L->steps_x - tl.x - L->margin, tl.h };
    prim_fill(d->r, ctrl, th->panel);
    prim_stroke(d->r, ctrl, th->panel_edge, 1);
    double speed = f->speed > 0 ? f->speed : 1.0;
    snprintf(buf, sizeof buf, "%s", f->playing ? _("\xE2\x96\xB6 playing") : _("\xE2\x80\x96 paused"));
    text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, ctrl.x + L->margin, ctrl.y + L->margin / 2,
              f->playing ? th->full : th->text, buf);
    if (speed < 1)
        snprintf(buf, sizeof buf, _("%.1f step/s"), speed);
    else
        snprintf(buf, sizeof buf, speed > 1 ? _("%.0f steps/s") : _("%.0f step/s"), speed);
    text_draw(d->tc, FACE_SANS, L->fs_small, ctrl.x + L->margin, ctrl.y + tl.h / 2 + 1, th->text_dim, buf);

    int dot = L->fs_small / 2 > 3 ? L->fs_small / 2 : 3;
    for (int s = 0; s < tr->nsteps; s++) {
        lrect r = layout_step_rect(L, s);
        r.h -= dot + 4;
        uint32_t ph = tr->steps[s].phase < 6 ? tr->steps[s].phase : 0;
        int cur = s == f->step;
        rgba bg = cur ? th->accent : th->phase[ph];
        prim_fill(d->r, r, bg);
        if (s < f->step)
            prim_fill(d->r, (lrect){ r.x, r.y + r.h - 3, r.w, 3 }, th->accent);
        /* Label when it fits; otherwise the mouse tooltip names the step. */
        char lbuf[64];
        const char *label = step_label(tr->steps[s].label, lbuf, sizeof lbuf);
        int tw = text_width(d->tc, cur ? FACE_SANS_BOLD : FACE_SANS, L->fs_small, label);
        if (tw <= r.w - 4)
            text_draw_centered(d->tc, cur ? FACE_SANS_BOLD : FACE_SANS, L->fs_small, r.x, r.y, r.w, r.h,
                               theme_text_on(th, bg), label);
        const rv_step_info *si = &f->an->steps[s];
        /* Predict mode: the marks of steps not yet shown would tell answers. */
        if (f->quiz && (s > f->step || (s == f->step && predict_veiled(f->quiz))))
            continue;
        int dx = r.x + r.w / 2 - (si->max_conflict >= 2 && si->divergent_warps ? dot : dot / 2);
        int dy = r.y + r.h + 3;
        if (si->divergent_warps) {
            prim_fill(d->r, (lrect){ dx, dy, dot, dot }, th->divergent);
            dx += dot + 2;
        }
        if (si->max_conflict >= 2)
            prim_fill(d->r, (lrect){ dx, dy, dot, dot }, theme_conflict(th, si->max_conflict));
    }
}
