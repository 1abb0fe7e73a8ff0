/* draw_waves.c — the waves picture: the scene's words above and below, and
 * between them one row per SM, time across, each cell of a row in its
 * wave's colour (two colours, alternating, so that neighbouring waves are
 * told apart) mixed with the background by how full the SM was, the rows
 * in the scene's order (by GPC where the recording has them, a line
 * between); the tail
 * shaded from the line where the first SM ran out of blocks.  Sizes scale
 * from 1080 pixels high; the words wrap, so that the picture reads as well
 * in half a window (beside the steps, or one of two in compare mode) as in
 * the whole of one. */
#include "draw_waves.h"

#include <math.h>
#include <stdio.h>

#include "viewer/draw/draw.h"
#include "viewer/draw/theme.h"
#include "viewer/draw/wrap.h"

static int S(const waves_input *in, double x) { return (int)lround(x * in->h / 1080.0); }

/* Words a class reads from the back of the room: never below 13 pixels */
static int text_px(const waves_input *in, double x)
{
    int px = S(in, x);
    return px < 13 ? 13 : px;
}

/* a mixed with b: t of a, 1 - t of b */
static rgba mix(rgba a, rgba b, float t)
{
    return (rgba){(uint8_t)lroundf(a.r * t + b.r * (1 - t)), (uint8_t)lroundf(a.g * t + b.g * (1 - t)),
                  (uint8_t)lroundf(a.b * t + b.b * (1 - t)), 255};
}

/* One paragraph of words, wrapped to at most max lines: the y below it. */
static int para(text_cache *tc, font_face face, int px, int x, int y, int w, int max, rgba c, const char *text)
{
    int lh = px * 3 / 2;
    return y + lh * prim_wrapped(tc, face, px, x, y, w, max, lh, c, text);
}

void waves_paint(SDL_Renderer *r, text_cache *tc, const void *arg)
{
    const waves_input *in = arg;
    const scene_waves *s = in->s;
    const theme *th = theme_get((theme_id)in->theme);
    int m = S(in, 36), fs = text_px(in, 20), ox = in->x, oy = in->y;
    if (in->w < 1000) m = S(in, 18); /* half a window: the words take the room */
    prim_fill(r, (lrect){ox, oy, in->w, in->h}, th->bg);
    int y = oy + S(in, 22), tw = in->w - 2 * m;
    y = para(tc, FACE_SANS_BOLD, text_px(in, 30), ox + m, y, tw, 2, th->text_strong, s->title);
    if (s->separate) /* a recording apart from the trace shown: said in the title's colour */
        y = para(tc, FACE_SANS_BOLD, fs, ox + m, y, tw, 4, th->text_strong, s->origin);
    else
        y = para(tc, FACE_SANS, fs, ox + m, y, tw, 2, th->text_dim, s->origin);
    y = para(tc, FACE_SANS, fs, ox + m, y, tw, 2, th->text_dim, s->recorded);
    y = para(tc, FACE_SANS_BOLD, fs, ox + m, y, tw, 3, th->accent, s->predicted);
    y = para(tc, FACE_SANS_BOLD, fs, ox + m, y, tw, 3, th->text, s->observed);
    if (s->placed[0]) y = para(tc, FACE_SANS, fs, ox + m, y, tw, 2, th->text_dim, s->placed);
    y = para(tc, FACE_SANS, fs, ox + m, y, tw, 2, th->divergent, s->tail);
    y += S(in, 10);
    /* the rows: the room left above the foot's lines (the axis, the legend) */
    int label_w = S(in, 64), lh = fs * 3 / 2, small = text_px(in, 18);
    char axis[400];
    snprintf(axis, sizeof axis, "%s \xC2\xB7 %s", s->axis, s->sm_rows);
    int foot_lines = wrap_count(tc, FACE_SANS, fs, tw - label_w, axis);
    int legend_lines = wrap_count(tc, FACE_SANS, small, tw - label_w, s->legend);
    int gpc_lines = s->gpcs[0] ? wrap_count(tc, FACE_SANS, small, tw - label_w, s->gpcs) : 0;
    if (foot_lines > 2) foot_lines = 2;
    if (legend_lines > 3) legend_lines = 3;
    if (gpc_lines > 3) gpc_lines = 3;
    int foot = foot_lines * lh + (legend_lines + gpc_lines) * (small * 3 / 2) + S(in, 16);
    lrect area = {ox + m + label_w, y, in->w - 2 * m - label_w, oy + in->h - y - foot};
    if (area.h < (int)s->sms) area.h = (int)s->sms;
    prim_fill(r, area, th->panel);
    rgba hue[2] = {th->full, th->accent2};
    for (uint32_t row = 0; row < s->sms && !s->veiled; row++) {
        int y0 = area.y + (int)((long)area.h * row / s->sms), y1 = area.y + (int)((long)area.h * (row + 1) / s->sms);
        int hh = y1 - y0 > 2 ? y1 - y0 - 1 : y1 - y0; /* a hair between rows where there is room */
        for (uint32_t c = 0; c < s->cols; c++) {
            const rv_waves_cell *cell = &s->cells[(size_t)row * s->cols + c];
            if (cell->wave == RV_WAVES_NO_WAVE) continue;
            int x0 = area.x + (int)((long)area.w * c / s->cols), x1 = area.x + (int)((long)area.w * (c + 1) / s->cols);
            /* a cell with any block shows at least a fifth of its colour */
            float t = 0.2f + 0.8f * cell->fill;
            prim_fill(r, (lrect){x0, y0, x1 - x0 > 0 ? x1 - x0 : 1, hh}, mix(hue[cell->wave % 2], th->panel, t));
        }
    }
    for (uint32_t row = 1; row < s->sms && s->row_group; row++) /* a line between GPCs */
        if (s->row_group[row] != s->row_group[row - 1]) {
            int yl = area.y + (int)((long)area.h * row / s->sms);
            prim_fill(r, (lrect){area.x, yl - S(in, 1), area.w, S(in, 2) > 1 ? S(in, 2) : 1}, th->text_dim);
        }
    if (s->tail_at <= 1.0f) { /* the tail, from its line where the part shown has it */
        int tx = area.x + (s->tail_at > 0.0f ? (int)lroundf(area.w * s->tail_at) : 0);
        rgba shade = th->divergent;
        shade.a = 40;
        prim_fill(r, (lrect){tx, area.y, area.x + area.w - tx, area.h}, shade);
        if (s->tail_at >= 0.0f)
            prim_line(r, (float)tx, (float)area.y, (float)tx, (float)(area.y + area.h), th->divergent, S(in, 3));
    }
    prim_stroke(r, area, th->panel_edge, 1);
    /* the first SM's row and the way down; the rows' words are in the foot */
    text_draw_fit(tc, FACE_SANS, small, ox + m, area.y, label_w - S(in, 4), th->text_dim, "SM 0");
    text_draw_fit(tc, FACE_SANS, small, ox + m, area.y + area.h - S(in, 20), label_w - S(in, 4), th->text_dim,
                  "\xE2\x86\x93");
    int fy = area.y + area.h + S(in, 8);
    fy = para(tc, FACE_SANS, fs, area.x, fy, area.w, foot_lines, th->text, axis);
    fy = para(tc, FACE_SANS, small, area.x, fy, area.w, legend_lines, th->text_dim, s->legend);
    if (gpc_lines) para(tc, FACE_SANS, small, area.x, fy, area.w, gpc_lines, th->text_dim, s->gpcs);
}

void waves_paint_none(SDL_Renderer *r, text_cache *tc, const waves_input *in, const char *why)
{
    const theme *th = theme_get((theme_id)in->theme);
    int m = S(in, 36);
    prim_fill(r, (lrect){in->x, in->y, in->w, in->h}, th->bg);
    para(tc, FACE_SANS, text_px(in, 22), in->x + m, in->y + S(in, 80), in->w - 2 * m, 4, th->text_dim, why);
}
