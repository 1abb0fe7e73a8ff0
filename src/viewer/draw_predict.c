/* draw_predict.c — predict mode's card, in the right-hand column.
 *
 * Asking: the question, how to answer it and (class variant) the answer
 * being typed or clicked.  Revealed: right or wrong, the right answer, the
 * explanation, and the score.  Large type: the card is read from the back
 * of a lecture room.  The veiled block pane itself is drawn by draw_block.c.
 */
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "predict.h"
#include "../i18n.h"

void draw_predict_card(const draw_ctx *d, lrect area)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const predict *p = d->f->quiz;
    int m = L->margin, x = area.x + m, w = area.w - 2 * m, y = area.y + m / 2;
    int fs_q = L->fs_ui * 6 / 5, lh_q = fs_q * 135 / 100, fs = L->fs_ui, lh = fs * 135 / 100;
    int bottom = area.y + area.h - m;
    char buf[QUIZ_EXPLAIN_LEN + 64];
    prim_fill(d->r, area, th->panel);
    prim_stroke(d->r, area, th->accent, 2);

    /* Title and score. */
    const char *title = p->slide || p->mode == PREDICT_TEACHER ? _("Question") : _("Predict");
    text_draw(d->tc, FACE_SANS_BOLD, L->fs_title, x, y, th->accent, title);
    if (p->mode == PREDICT_CLASS && !p->slide) {
        snprintf(buf, sizeof buf, _("score %d / %d"), p->right, p->answered);
        int sw = text_width(d->tc, FACE_SANS_BOLD, fs, buf);
        text_draw(d->tc, FACE_SANS_BOLD, fs, x + w - sw, y + (L->fs_title - fs) * 3 / 4, th->text_strong, buf);
    }
    y += L->fs_title * 16 / 10;
    if (!p->has_q) {
        prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, 4, lh, th->text_dim,
                     _("Nothing executes in this step: nothing to predict."));
        return;
    }
    y += lh_q * prim_wrapped(d->tc, FACE_SANS_BOLD, fs_q, x, y, w, 7, lh_q, th->text_strong, p->q.text);
    y += lh / 2;

    if (!p->revealed) {
        if (!p->slide && p->mode == PREDICT_CLASS) {
            y += lh * prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y, w, 3, L->fs_small * 135 / 100,
                                   th->text_dim, p->q.hint) * L->fs_small / fs;
            y += lh / 2;
            /* The answer being given, in a box the class can read. */
            char given[QUIZ_ANSWER_LEN + 32];
            if (p->q.type == QUIZ_LANE_SET) {
                quiz_format_lanes(p->picked, given, sizeof given);
                if (p->input[0])
                    snprintf(given + strlen(given), sizeof given - strlen(given), "  + %s_", p->input);
            } else {
                snprintf(given, sizeof given, "%s_", p->input);
            }
            lrect box = { x, y, w, lh_q * 2 };
            prim_fill(d->r, box, th->cell);
            prim_stroke(d->r, box, th->accent, 2);
            prim_wrapped(d->tc, FACE_MONO_BOLD, fs_q, box.x + m, box.y + (box.h - 2 * lh_q) / 2 + lh_q / 2,
                         box.w - 2 * m, 2, lh_q, th->cell_text, given);
            y += box.h + lh / 2;
            prim_wrapped(d->tc, FACE_SANS, L->fs_small, x, y, w, 2, L->fs_small * 135 / 100, th->text_dim,
                         _("Enter: answer \xC2\xB7 Space: show the step \xC2\xB7 A: predict mode off"));
        } else if (!p->slide) {
            prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, 2, lh, th->text_dim,
                         _("Space or Enter shows the answer."));
        } else {
            prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, 3, lh, th->text_dim,
                         _("Predict, then turn to the next slide."));
        }
        return;
    }

    /* Revealed: the verdict, the answer, why. */
    if (p->verdict != 0) {
        rgba vc = p->verdict > 0 ? th->full : th->hazard;
        snprintf(buf, sizeof buf, "%s", p->verdict > 0 ? _("\xE2\x9C\x93 right") : _("\xE2\x9C\x97 not quite"));
        lrect band = { x, y, w, lh_q + m / 2 };
        prim_fill(d->r, band, vc);
        text_draw(d->tc, FACE_SANS_BOLD, fs_q, x + m, y + m / 4, theme_text_on(th, vc), buf);
        y += band.h + m / 2;
        if (p->verdict < 0 && p->given[0]) {
            snprintf(buf, sizeof buf, _("you said: %s"), p->given);
            y += lh * prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, 2, lh, th->text, buf);
        }
    }
    snprintf(buf, sizeof buf, _("Answer: %s"), p->q.answer);
    y += lh_q * prim_wrapped(d->tc, FACE_SANS_BOLD, fs_q, x, y, w, 3, lh_q, th->accent, buf);
    y += lh / 3;
    int room = (bottom - y - (p->slide ? 0 : lh)) / lh;
    y += lh * prim_wrapped(d->tc, FACE_SANS, fs, x, y, w, room > 1 ? room : 1, lh, th->text, p->q.explain);
    if (!p->slide && y + lh <= bottom)
        text_draw_fit(d->tc, FACE_SANS, L->fs_small, x, bottom - L->fs_small * 13 / 10, w, th->text_dim,
                      _("\xE2\x86\x92 or Enter: the next step's question"));
}
