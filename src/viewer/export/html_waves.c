/* html_waves.c — the lesson page's waves position (html_waves.h): the
 * viewer's W frame, drawn as the export draws every frame, and the
 * picture's own words (scene_waves.c) as the text under it, so the page
 * says the numbers the picture shows. */
#include "html_waves.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/i18n.h"
#include "canvas_png.h"
#include "viewer/draw/draw.h"
#include "viewer/draw/draw_waves.h"
#include "viewer/draw/theme.h"
#include "viewer/scene/scene_waves.h"

const rv_trace *html_waves_trace(const app *a)
{
    const rv_trace *first = a->sc.story.tr[0];
    if (first && first->waves) return first;
    if (a->comparing && a->sc2.tr && a->sc2.tr->waves) return a->sc2.tr;
    return NULL;
}

/* The question's frame: the trace's grid in words, the question large and
 * the numbers to answer it from; nothing of the picture that would tell. */
typedef struct question_frame {
    const char *title, *text, *hint;
    int theme, w, h;
} question_frame;

static void question_paint(SDL_Renderer *r, text_cache *tc, const void *arg)
{
    const question_frame *q = arg;
    const theme *th = theme_get((theme_id)q->theme);
    int k = q->h, m = k / 20, w = q->w - 2 * m, y = k / 6;
    int px[3] = {k / 36, k / 18, k / 30};
    prim_fill(r, (lrect){0, 0, q->w, q->h}, th->bg);
    y += px[0] * 2 * prim_wrapped(tc, FACE_SANS, px[0], m, y, w, 2, px[0] * 3 / 2, th->text_dim, q->title);
    y += px[1] * 2 * prim_wrapped(tc, FACE_SANS_BOLD, px[1], m, y, w, 3, px[1] * 3 / 2, th->text_strong, q->text);
    prim_wrapped(tc, FACE_SANS, px[2], m, y, w, 3, px[2] * 3 / 2, th->accent, q->hint);
}

int html_waves_paras(const rv_trace *tr, char (*para)[HTML_WAVES_TEXT], char *err, size_t errlen)
{
    static scene_waves sw; /* its words are large: off the stack */
    if (scene_waves_make(tr, 0, &sw, err, errlen)) return -1;
    snprintf(para[0], HTML_WAVES_TEXT, "%s (%s)", sw.title, sw.recorded);
    snprintf(para[1], HTML_WAVES_TEXT, "%s", sw.predicted);
    snprintf(para[2], HTML_WAVES_TEXT, "%s%s%s", sw.observed, sw.placed[0] ? "; " : "", sw.placed);
    snprintf(para[3], HTML_WAVES_TEXT, "%s%s%s", sw.tail, sw.gpcs[0] ? "; " : "", sw.gpcs);
    scene_waves_free(&sw);
    return 0;
}

/* W's picture alone over from .. to of the run (to <= from: all of it), as
 * the viewer draws it, into hw's PNG; *f gets the frame.  0, or -1 with err. */
static int draw_grid(app *a, viewer_canvas *c, int w, int h, double from, double to, viewer_frame *f, html_waves *hw,
                     char *err, size_t errlen)
{
    double part[2] = {a->waves_part[0], a->waves_part[1]};
    a->waves_part[0] = from, a->waves_part[1] = to;
    app_goto(a, 0);
    *f = app_frame(a, w, h);
    a->waves_part[0] = part[0], a->waves_part[1] = part[1];
    f->toast = NULL;
    f->quiz = NULL;
    f->waves = VIEW_WAVES_ALONE;
    if (viewer_canvas_draw(c, f) != 0) {
        snprintf(err, errlen, "drawing failed: %s", SDL_GetError());
        return -1;
    }
    return canvas_png(c, &hw->png, &hw->png_len, err, errlen);
}

int html_waves_close_part(const app *a, double *from, double *to)
{
    if (a->waves_part[1] > a->waves_part[0]) {
        *from = a->waves_part[0], *to = a->waves_part[1];
        return 1;
    }
    const rv_trace *tr = html_waves_trace(a);
    rv_waves_facts f;
    if (!tr || rv_waves_facts_of(tr->waves, &f) || f.waves <= HTML_WAVES_CLOSE_OVER) return 0;
    *from = 1.0 - (double)HTML_WAVES_CLOSE / f.waves, *to = 1.0;
    return 1;
}

/* f's pictures (the PNG's) into z as position pos's, from .. to first. */
static int zoomable(html_zoom *z, int pos, const viewer_frame *f, double from, double to, char *err, size_t errlen)
{
    return html_zoom_add(z, pos, f->waves_src, draw_waves_two(f) ? 2 : 1, from, to, err, errlen);
}

int html_waves_close_step(app *a, viewer_canvas *c, int w, int h, double from, double to, html_zoom *z, int pos,
                          html_waves *hw, html_step *st, char *err, size_t errlen)
{
    static scene_waves sw; /* its words are large: off the stack */
    memset(hw, 0, sizeof *hw);
    memset(st, 0, sizeof *st);
    const rv_trace *tr = html_waves_trace(a);
    viewer_frame f;
    scene_waves_in in = {.from = from, .to = to};
    if (!tr || draw_grid(a, c, w, h, from, to, &f, hw, err, errlen) || zoomable(z, pos, &f, from, to, err, errlen) ||
        scene_waves_build(tr, &in, &sw, err, errlen))
        return -1;
    snprintf(hw->heading, sizeof hw->heading, "%s",
             a->waves_part[1] > a->waves_part[0] ? _("The grid again: the part of its run chosen, magnified")
                                                 : _("The grid again: its last waves, magnified"));
    snprintf(hw->alt, sizeof hw->alt, "%s",
             _("The waves picture over a part of the run: one row per SM, each block's time in its wave's colour, "
               "the tail marked"));
    snprintf(hw->para[0], HTML_WAVES_TEXT, "%s", sw.axis);
    snprintf(hw->para[1], HTML_WAVES_TEXT, "%s", sw.tail);
    scene_waves_free(&sw);
    st->nparas = 2;
    for (int k = 0; k < st->nparas; k++) st->para[k] = hw->para[k];
    st->png = hw->png;
    st->png_len = hw->png_len;
    st->alt = hw->alt;
    st->heading = hw->heading;
    return 0;
}

int html_waves_step(app *a, viewer_canvas *c, int w, int h, int quiz, html_zoom *z, int pos, html_waves *hw,
                    html_step *st, char *err, size_t errlen)
{
    memset(hw, 0, sizeof *hw);
    memset(st, 0, sizeof *st);
    const rv_trace *one = html_waves_trace(a);
    if (!one) {
        snprintf(err, errlen, "%s", _("this trace has no waves run: make one with `reducevis trace --waves`"));
        return -1;
    }
    viewer_frame f;
    /* the whole run: the close-up follows */
    if (draw_grid(a, c, w, h, 0.0, 0.0, &f, hw, err, errlen) || zoomable(z, pos, &f, 0.0, 0.0, err, errlen)) return -1;
    snprintf(hw->heading, sizeof hw->heading, "%s", _("The grid: which SM ran each block, and when"));
    snprintf(hw->alt, sizeof hw->alt, "%s",
             _("The waves picture: one row per SM, time across, each block's time in its wave's colour, the tail "
               "marked"));
    const rv_trace *both[2] = {a->sc.story.tr[0], a->comparing ? a->sc2.tr : NULL};
    for (int p = 0; p < 2; p++)
        if (both[p] && both[p]->waves && st->nparas + 4 <= HTML_MAX_PARAS) {
            if (html_waves_paras(both[p], hw->para + st->nparas, err, errlen)) return -1;
            st->nparas += 4;
        }
    for (int k = 0; k < st->nparas; k++) st->para[k] = hw->para[k];
    st->png = hw->png;
    st->png_len = hw->png_len;
    st->alt = hw->alt;
    st->heading = hw->heading;
    if (quiz) {
        if (waves_question_of(one->waves, &hw->q)) {
            snprintf(err, errlen, "%s", _("out of memory"));
            return -1;
        }
        question_frame qf = {hw->para[0], hw->q.text, hw->q.hint, f.theme, w, h};
        if (viewer_canvas_paint(c, w, h, question_paint, &qf) != 0) {
            snprintf(err, errlen, "drawing failed: %s", SDL_GetError());
            return -1;
        }
        if (canvas_png(c, &hw->question_png, &hw->question_png_len, err, errlen)) return -1;
        snprintf(hw->question_alt, sizeof hw->question_alt, "%s", _("The waves hidden: predict them first"));
        st->question_png = hw->question_png;
        st->question_png_len = hw->question_png_len;
        st->question_alt = hw->question_alt;
        st->question = hw->q.text;
        st->hint = hw->q.hint;
        st->answer = hw->q.answer;
        st->explain = hw->q.explain;
    }
    return 0;
}

void html_waves_free(html_waves *hw)
{
    free(hw->png);
    free(hw->question_png);
    hw->png = hw->question_png = NULL;
}
