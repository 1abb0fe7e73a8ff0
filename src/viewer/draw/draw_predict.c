/* draw_predict.c — predict mode's card, in the right-hand column.
 *
 * Asking: the question, how to answer it and (class variant) the answer
 * being typed or clicked.  Revealed: right or wrong, the right answer, the
 * explanation, and the score.  Large type: the card is read from the back
 * of a lecture room.  The words are the scene's (scene_frame.h); the veiled
 * block pane itself is drawn by draw_block.c.  In a live class the bottom
 * of the card holds where to join (the QR code, the code, the address) and
 * how the class answered (the counts, the spread as bars).  While the
 * class's kernels are listed (K) the card holds them instead of a question.
 */
#include "draw.h"

enum { QR_QUIET = 2 }; /* light modules around the code: scanners need them */

/* The live class's block at the bottom of the card, from the bottom up:
 * the counts, the address, the QR code with the join code beside it, and
 * above them the spread; returns its top. */
static int live_block(const draw_ctx *d, const scene_card *c, int x, int w, int bottom, int card_h)
{
    const layout *L = d->L;
    const theme *th = d->th;
    int m = L->margin, fs = L->fs_small, row = fs * 14 / 10, fs_code = L->fs_title;
    int y = bottom - row;
    text_draw_fit(d->tc, FACE_SANS_BOLD, fs, x, y, w, th->accent, c->counts);
    y -= row;
    text_draw_fit(d->tc, FACE_SANS, fs, x, y, w, th->text, c->join);
    if (c->kernels) /* the list takes the card: no QR code, no spread */
        return y;
    int side = w / 2 < card_h / 4 ? w / 2 : card_h / 4, top = y - m / 2 - side;
    if (c->qr) { /* dark on white whatever the theme, or phones cannot read it */
        int n = c->qr_width + 2 * QR_QUIET, px = side / n;
        lrect sq = {x, y - m / 2 - px * n, px * n, px * n};
        prim_fill(d->r, sq, (rgba){255, 255, 255, 255});
        for (int my = 0; my < c->qr_width; my++)
            for (int mx = 0; mx < c->qr_width; mx++)
                if (c->qr[my * c->qr_width + mx])
                    prim_fill(d->r, (lrect){sq.x + (mx + QR_QUIET) * px, sq.y + (my + QR_QUIET) * px, px, px},
                              (rgba){0, 0, 0, 255});
        top = sq.y;
    }
    int tx = c->qr ? x + side + m : x, tw = x + w - tx;
    text_draw_fit(d->tc, FACE_SANS, fs, tx, top, tw, th->text_dim, c->code_label);
    text_draw_fit(d->tc, FACE_MONO_BOLD, fs_code, tx, top + row, tw, th->text_strong, c->code);
    /* the spread above: a row per answer given, most given first */
    int shown = c->nbars < 4 ? c->nbars : 4, lw = w / 3, cw = text_width(d->tc, FACE_SANS, fs, "0000");
    top -= shown * row + (shown ? m / 2 : 0);
    for (int b = 0; b < shown; b++) {
        int by = top + b * row, bw = (w - lw - cw - m) * c->bar[b].n / c->bar_max;
        text_draw_fit(d->tc, FACE_SANS, fs, x, by, lw - m / 2, th->text, c->bar[b].label);
        prim_fill(d->r, (lrect){x + lw, by + row / 6, bw > 2 ? bw : 2, row * 2 / 3},
                  c->bars_marked && c->bar[b].right ? th->full : th->text_dim);
        text_draw(d->tc, FACE_SANS, fs, x + lw + bw + m / 3, by, th->text_dim, c->bar[b].count);
    }
    return top;
}

/* The students' kernels (K): a row each, its verdict's colour at its left,
 * the one on the projector now outlined. */
static void kernel_rows(const draw_ctx *d, const scene_card *c, int x, int y, int w)
{
    const layout *L = d->L;
    const theme *th = d->th;
    int small = L->fs_small * 135 / 100;
    prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y, w, c->message_lines, small, th->text_dim, c->message);
    for (int i = 0; i < c->nkernel; i++) {
        lrect r = layout_card_row(L, i);
        if (!r.h) break;
        prim_fill(d->r, r, th->cell);
        if (c->kernel[i].on_screen) prim_stroke(d->r, r, th->accent, 3);
        prim_fill(d->r, (lrect){r.x, r.y, L->margin / 2, r.h}, c->kernel[i].passed ? th->full : th->hazard);
        int tx = r.x + L->margin, tw = r.w - L->margin * 3 / 2, ty = r.y + (r.h - L->fs_ui * 13 / 10 - small) / 2;
        text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_ui, tx, ty, tw, th->cell_text, c->kernel[i].head);
        text_draw_fit(d->tc, FACE_SANS, L->fs_small, tx, ty + L->fs_ui * 13 / 10, tw, th->cell_text, c->kernel[i].tail);
    }
}

void draw_predict_card(const draw_ctx *d, lrect area)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_card *c = &d->sc->frame.card;
    int m = L->margin, x = area.x + m, w = area.w - 2 * m, y = area.y + m / 2;
    int fs_q = L->fs_ui * 6 / 5, lh_q = fs_q * 135 / 100, fs = L->fs_ui, lh = fs * 135 / 100;
    int bottom = area.y + area.h - m;
    prim_fill(d->r, area, th->panel);
    prim_stroke(d->r, area, th->accent, 2);
    if (c->live) bottom = live_block(d, c, x, w, bottom, area.h) - m;

    /* Title and score. */
    text_draw(d->tc, FACE_SANS_BOLD, L->fs_title, x, y, th->accent, c->title);
    if (c->score[0]) {
        int sw = text_width(d->tc, FACE_SANS_BOLD, fs, c->score);
        text_draw(d->tc, FACE_SANS_BOLD, fs, x + w - sw, y + (L->fs_title - fs) * 3 / 4, th->text_strong, c->score);
    }
    y += L->fs_title * 16 / 10;
    if (c->kernels) {
        kernel_rows(d, c, x, y, w);
        return;
    }
    if (!c->question) {
        prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, c->message_lines, lh, th->text_dim, c->message);
        return;
    }
    y += lh_q * prim_wrapped(d->tc, FACE_SANS_BOLD, fs_q, x, y, w, 7, lh_q, th->text_strong, c->question);
    y += lh / 2;

    if (!c->revealed) {
        if (c->hint) {
            y += lh *
                 prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y, w, 3, L->fs_small * 135 / 100, th->text_dim,
                              c->hint) *
                 L->fs_small / fs;
            y += lh / 2;
            /* The answer being given, in a box the class can read. */
            lrect box = {x, y, w, lh_q * 2};
            prim_fill(d->r, box, th->cell);
            prim_stroke(d->r, box, th->accent, 2);
            prim_wrapped(d->tc, FACE_MONO_BOLD, fs_q, box.x + m, box.y + (box.h - 2 * lh_q) / 2 + lh_q / 2,
                         box.w - 2 * m, 2, lh_q, th->cell_text, c->given);
            y += box.h + lh / 2;
            prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y, w, 2, L->fs_small * 135 / 100, th->text_dim, c->keys);
        } else {
            prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, c->message_lines, lh, th->text_dim, c->message);
        }
        return;
    }

    /* Revealed: the verdict, the answer, why. */
    if (c->verdict != 0) {
        rgba vc = c->verdict > 0 ? th->full : th->hazard;
        lrect band = {x, y, w, lh_q + m / 2};
        prim_fill(d->r, band, vc);
        text_draw(d->tc, FACE_SANS_BOLD, fs_q, x + m, y + m / 4, theme_text_on(th, vc), c->verdict_words);
        y += band.h + m / 2;
        if (c->said[0]) y += lh * prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, 2, lh, th->text, c->said);
    }
    y += lh_q * prim_wrapped(d->tc, FACE_SANS_BOLD, fs_q, x, y, w, 3, lh_q, th->accent, c->answer);
    y += lh / 3;
    int room = (bottom - y - (c->next ? lh : 0)) / lh;
    y += lh * prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, room > 1 ? room : 1, lh, th->text, c->explain);
    if (c->next && y + lh <= bottom)
        text_draw_fit(d->tc, FACE_SANS, L->fs_small, x, bottom - L->fs_small * 13 / 10, w, th->text_dim, c->next);
}
