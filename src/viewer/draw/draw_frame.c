/* draw_frame.c — the frame's header (version, run, origin, what changed:
 * the scene's words, scene_frame.h) and footer (keys, a passing message).
 */
#include "draw.h"
#include "core/i18n.h"

void draw_header(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_header *h = &d->sc->frame.header;
    int x = L->header.x, y = L->header.y, right = L->header.x + L->header.w;

    x += text_draw(d->tc, FACE_SANS_BOLD, L->fs_title, x, y, th->accent, h->title) + L->fs_title;
    int ty = y + (L->fs_title - L->fs_ui) * 3 / 4;

    /* Where the trace came from (a GPU and the capture date, or the CPU
     * model), right-aligned and never cut. */
    int ow = text_width(d->tc, FACE_SANS_BOLD, L->fs_ui, h->origin);
    int ox = right - ow > x ? right - ow : x;
    text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_ui, ox, ty, right - ox, h->origin_gpu ? th->full : th->divergent,
                  h->origin);

    /* The run's numbers: the longest form that fits before the origin. */
    int room = ox - x - L->fs_ui, k = 0;
    while (k + 1 < SCENE_RUN_FORMS && text_width(d->tc, FACE_SANS, L->fs_ui, h->run[k]) > room) k++;
    text_draw_fit(d->tc, FACE_SANS, L->fs_ui, x, ty, room, th->text, h->run[k]);

    /* What changed, in at most two lines; an own trace's wrong sum or cut
     * takes the first of them, in the warning colour, its launch's shape
     * (what the picture cannot show) the next, then what the launch did
     * (where the tracer counted it), the lesson what is left. */
    int line_h = (int)(L->fs_ui * 1.3), lines = 2;
    y += (int)(L->fs_title * 1.45);
    if (h->warning[0]) {
        text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_ui, L->header.x, y, L->header.w, th->conflict[2], h->warning);
        y += line_h;
        lines = 1;
    }
    if (h->shape[0]) {
        text_draw_fit(d->tc, FACE_SANS, L->fs_ui, L->header.x, y, L->header.w, th->text_strong, h->shape);
        y += line_h;
        if (--lines == 0) return;
    }
    /* What the launch did, where the run's line did not say it: with the
     * memory it touched where that fits, else alone, a little smaller
     * rather than cut. */
    if (h->launch[0][0] && k >= h->run_says_launch) {
        const char *w =
            text_width(d->tc, FACE_SANS, L->fs_ui, h->launch[0]) <= L->header.w ? h->launch[0] : h->launch[1];
        int px = prim_fit_px(d->tc, FACE_SANS, L->fs_ui, L->fs_ui * 4 / 5, L->header.w, 1, w);
        text_draw_fit(d->tc, FACE_SANS, px, L->header.x, y + (L->fs_ui - px) / 2, L->header.w, th->text_strong, w);
        y += line_h;
        if (--lines == 0) return;
    }
    int lw = text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, L->header.x, y, th->text_dim, h->lesson_label);
    /* The longest lessons take a slightly smaller size rather than a third line. */
    int lpx = prim_fit_px(d->tc, FACE_SANS, L->fs_ui, L->fs_ui * 4 / 5, L->header.w - lw, lines, h->lesson);
    prim_wrapped(d->tc, FACE_SANS, lpx, L->header.x + lw, y + (L->fs_ui - lpx) / 2, L->header.w - lw, lines, line_h,
                 th->text, h->lesson);
}

void draw_footer(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    int y = L->footer.y + (L->footer.h - text_line_height(d->tc, FACE_SANS, L->fs_small)) / 2;
    const char *keys = _("\xE2\x86\x92/Space step   \xE2\x86\x90 back   Home/End   P play   +/\xE2\x88\x92 speed   "
                         "0\xE2\x80\x93"
                         "9 [ ] version   C compare   A predict   E save PNG   Z warps   T theme   F fullscreen   "
                         "L language   H help   Q quit   click: timeline, warp   hover: values");
    if (d->f->toast && d->f->toast[0]) {
        int tw = text_width(d->tc, FACE_SANS_BOLD, L->fs_small, d->f->toast);
        int tx = L->footer.x + L->footer.w - tw;
        if (tx < L->footer.x) tx = L->footer.x;
        text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_small, tx, y, L->footer.w, th->accent, d->f->toast);
        text_draw_fit(d->tc, FACE_SANS, L->fs_small, L->footer.x, y, tx - L->footer.x - L->fs_small, th->text_dim,
                      keys);
    } else {
        /* The whole list in one line: a little smaller rather than cut. */
        int kpx = prim_fit_px(d->tc, FACE_SANS, L->fs_small, L->fs_small * 4 / 5, L->footer.w, 1, keys);
        text_draw_fit(d->tc, FACE_SANS, kpx, L->footer.x, y + (L->fs_small - kpx) / 2, L->footer.w, th->text_dim, keys);
    }
}
