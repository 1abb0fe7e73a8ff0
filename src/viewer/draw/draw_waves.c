/* draw_waves.c — the waves picture: the scene's words above and below, and
 * between them one row per SM, time across, each cell of a row in its
 * wave's colour (two colours, alternating, so that neighbouring waves are
 * told apart) mixed with the background by how full the SM was; the tail
 * shaded from the line where the first SM ran out of blocks.  Sizes scale
 * from 1920x1080. */
#include "draw_waves.h"

#include <math.h>

#include "viewer/draw/draw.h"
#include "viewer/draw/theme.h"

static int S(const waves_input *in, double x) { return (int)lround(x * in->h / 1080.0); }

/* a mixed with b: t of a, 1 - t of b */
static rgba mix(rgba a, rgba b, float t)
{
    return (rgba){(uint8_t)lroundf(a.r * t + b.r * (1 - t)), (uint8_t)lroundf(a.g * t + b.g * (1 - t)),
                  (uint8_t)lroundf(a.b * t + b.b * (1 - t)), 255};
}

void waves_paint(SDL_Renderer *r, text_cache *tc, const void *arg)
{
    const waves_input *in = arg;
    const scene_waves *s = in->s;
    const theme *th = theme_get((theme_id)in->theme);
    int m = S(in, 36), fs = S(in, 20), lh = S(in, 30);
    prim_fill(r, (lrect){0, 0, in->w, in->h}, th->bg);
    int y = S(in, 22), tw = in->w - 2 * m;
    text_draw_fit(tc, FACE_SANS_BOLD, S(in, 32), m, y, tw, th->text_strong, s->title);
    y += S(in, 46);
    text_draw_fit(tc, FACE_SANS, fs, m, y, tw, th->text_dim, s->origin);
    y += lh;
    text_draw_fit(tc, FACE_SANS_BOLD, fs, m, y, tw, th->accent, s->predicted);
    y += lh;
    text_draw_fit(tc, FACE_SANS_BOLD, fs, m, y, tw, th->text, s->observed);
    y += lh;
    text_draw_fit(tc, FACE_SANS, fs, m, y, tw, th->divergent, s->tail);
    y += lh + S(in, 10);
    /* the rows: the room left above the two lines of the foot */
    int label_w = S(in, 64), foot = 2 * lh + S(in, 16);
    lrect area = {m + label_w, y, in->w - 2 * m - label_w, in->h - y - foot};
    if (area.h < (int)s->sms) area.h = (int)s->sms;
    prim_fill(r, area, th->panel);
    rgba hue[2] = {th->full, th->accent2};
    for (uint32_t sm = 0; sm < s->sms; sm++) {
        int y0 = area.y + (int)((long)area.h * sm / s->sms), y1 = area.y + (int)((long)area.h * (sm + 1) / s->sms);
        int hh = y1 - y0 > 2 ? y1 - y0 - 1 : y1 - y0; /* a hair between rows where there is room */
        for (uint32_t c = 0; c < s->cols; c++) {
            const rv_waves_cell *cell = &s->cells[(size_t)sm * s->cols + c];
            if (cell->wave == RV_WAVES_NO_WAVE) continue;
            int x0 = area.x + (int)((long)area.w * c / s->cols), x1 = area.x + (int)((long)area.w * (c + 1) / s->cols);
            /* a cell with any block shows at least a fifth of its colour */
            float t = 0.2f + 0.8f * cell->fill;
            prim_fill(r, (lrect){x0, y0, x1 - x0 > 0 ? x1 - x0 : 1, hh}, mix(hue[cell->wave % 2], th->panel, t));
        }
    }
    int tx = area.x + (int)lroundf(area.w * s->tail_at);
    rgba shade = th->divergent;
    shade.a = 40;
    prim_fill(r, (lrect){tx, area.y, area.x + area.w - tx, area.h}, shade);
    prim_line(r, (float)tx, (float)area.y, (float)tx, (float)(area.y + area.h), th->divergent, S(in, 3));
    prim_stroke(r, area, th->panel_edge, 1);
    /* the first SM's row and the way down; the rows' words are in the foot */
    text_draw_fit(tc, FACE_SANS, S(in, 16), m, area.y, label_w - S(in, 4), th->text_dim, "SM 0");
    text_draw_fit(tc, FACE_SANS, S(in, 16), m, area.y + area.h - S(in, 20), label_w - S(in, 4), th->text_dim, "↓");
    int fy = area.y + area.h + S(in, 8);
    int aw = text_draw_fit(tc, FACE_SANS, fs, area.x, fy, area.w / 2, th->text, s->axis);
    text_draw_fit(tc, FACE_SANS, fs, area.x + aw + S(in, 40), fy, area.w - aw - S(in, 40), th->text_dim, s->sm_rows);
    text_draw_fit(tc, FACE_SANS, S(in, 18), area.x, fy + lh, area.w, th->text_dim, s->legend);
}
