/* panel_results.c — the real timed run of the version, beside the replay.
 *
 * The replay shows what one block does; this panel is where the measured
 * time on a real GPU goes (ms, GB/s, % of peak, all versions as bars).  It
 * is its own file so that reading results JSON can fill it in later without
 * touching the rest of the frame.
 */
#include <stdio.h>
#include <string.h>
#include "draw.h"

void panel_results_draw(const draw_ctx *d, lrect area)
{
    const layout *L = d->L;
    const theme *th = d->th;
    int m = L->margin;
    prim_fill(d->r, area, th->panel);
    prim_stroke(d->r, area, th->panel_edge, 1);
    int x = area.x + m, y = area.y + m / 2, w = area.w - 2 * m;
    int lh = (int)(L->fs_small * 1.35);
    text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, w, th->text_strong, "Real timed run");
    y += (int)(L->fs_ui * 1.8);
    if (d->f->results_path && d->f->results_path[0]) {
        char buf[600];
        snprintf(buf, sizeof buf, "results file: %s", d->f->results_path);
        y += lh * prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y, w, 3, lh, th->text, buf);
        prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y + lh / 2, w, 3, lh, th->text_dim,
                     "(this build does not read timed results yet)");
        return;
    }
    y += lh * prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y, w, 2, lh, th->text,
                           "no timed run loaded");
    prim_wrapped(d->tc, FACE_MONO, L->fs_small, x, y + lh / 3, w, 3, lh, th->text_dim,
                 "(reducevis bench -o FILE.json)");
}
