/* draw_prim.c — small drawing primitives over SDL_Renderer.
 *
 * SDL2's renderer only draws one-pixel lines, so thick lines are parallel
 * one-pixel lines and arrowheads are triangles from SDL_RenderGeometry; both
 * work the same in the software renderer used off-screen.
 */
#include "draw.h"
#include "wrap.h"

#include <math.h>
#include <string.h>

void prim_color(SDL_Renderer *r, rgba c)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
}

void prim_fill(SDL_Renderer *r, lrect a, rgba c)
{
    if (a.w <= 0 || a.h <= 0)
        return;
    prim_color(r, c);
    SDL_Rect q = { a.x, a.y, a.w, a.h };
    SDL_RenderFillRect(r, &q);
}

void prim_stroke(SDL_Renderer *r, lrect a, rgba c, int t)
{
    if (t < 1)
        t = 1;
    prim_fill(r, (lrect){ a.x, a.y, a.w, t }, c);
    prim_fill(r, (lrect){ a.x, a.y + a.h - t, a.w, t }, c);
    prim_fill(r, (lrect){ a.x, a.y + t, t, a.h - 2 * t }, c);
    prim_fill(r, (lrect){ a.x + a.w - t, a.y + t, t, a.h - 2 * t }, c);
}

void prim_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, rgba c, int t)
{
    prim_color(r, c);
    if (t <= 1) {
        SDL_RenderDrawLineF(r, x0, y0, x1, y1);
        return;
    }
    /* Offset copies across the line's direction make it t pixels thick. */
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 0.5f)
        return;
    float nx = -dy / len, ny = dx / len;
    for (int i = 0; i < t; i++) {
        float o = (float)i - (float)(t - 1) / 2.0f;
        SDL_RenderDrawLineF(r, x0 + nx * o, y0 + ny * o, x1 + nx * o, y1 + ny * o);
    }
}

void prim_band(SDL_Renderer *r, float x0, float y0, float x1, float y1, rgba c, int t)
{
    /* Two triangles: no gaps between the parallel lines of prim_line on a
     * slant.  Round ends, so that the bands of a polyline join smoothly. */
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy), h = (float)t / 2.0f;
    if (t <= 1) {
        prim_line(r, x0, y0, x1, y1, c, 1);
        return;
    }
    if (len >= 0.5f) {
        float nx = -dy / len * h, ny = dx / len * h;
        prim_triangle(r, x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, c);
        prim_triangle(r, x0 + nx, y0 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny, c);
    }
    prim_disc(r, (int)lroundf(x0), (int)lroundf(y0), (t - 1) / 2, c);
    prim_disc(r, (int)lroundf(x1), (int)lroundf(y1), (t - 1) / 2, c);
}

void prim_disc(SDL_Renderer *r, int cx, int cy, int radius, rgba c)
{
    /* One span per row: exact pixels, so a test finds the colour it drew. */
    for (int dy = -radius; dy <= radius; dy++) {
        int half = (int)floor(sqrt((double)radius * radius - (double)dy * dy) + 0.5);
        prim_fill(r, (lrect){ cx - half, cy + dy, 2 * half + 1, 1 }, c);
    }
}

void prim_triangle(SDL_Renderer *r, float x0, float y0, float x1, float y1, float x2, float y2, rgba c)
{
    SDL_Color col = { c.r, c.g, c.b, c.a };
    SDL_Vertex v[3] = {
        { { x0, y0 }, col, { 0, 0 } }, { { x1, y1 }, col, { 0, 0 } }, { { x2, y2 }, col, { 0, 0 } },
    };
    if (SDL_RenderGeometry(r, NULL, v, 3, NULL, 0) != 0)
        SDL_Log("viewer: SDL_RenderGeometry failed: %s", SDL_GetError());
}

void prim_arrowhead(SDL_Renderer *r, float x0, float y0, float x1, float y1, float size, rgba c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 0.5f)
        return;
    dx /= len;
    dy /= len;
    float bx = x1 - dx * size, by = y1 - dy * size;
    prim_triangle(r, x1, y1, bx - dy * size * 0.55f, by + dx * size * 0.55f,
                  bx + dy * size * 0.55f, by - dx * size * 0.55f, c);
}

void prim_clip(SDL_Renderer *r, const lrect *a)
{
    if (!a) {
        SDL_RenderSetClipRect(r, NULL);
        return;
    }
    SDL_Rect q = { a->x, a->y, a->w, a->h };
    SDL_RenderSetClipRect(r, &q);
}

int prim_wrapped(text_cache *tc, font_face face, int px, int x, int y, int w, int max_lines,
                 int line_h, rgba c, const char *text)
{
    char line[512];
    int lines = 0;
    const char *p = text;
    while (*p == ' ')
        p++;
    while (*p && lines < max_lines) {
        const char *next;
        size_t len = wrap_line(tc, face, px, w, p, &next);
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, p, len);
        line[len] = '\0';
        /* The last line allowed takes the rest, cut with "…" if it must be. */
        if (lines == max_lines - 1 && *next)
            text_draw_fit(tc, face, px, x, y + lines * line_h, w, c, p);
        else
            text_draw_fit(tc, face, px, x, y + lines * line_h, w, c, line);
        lines++;
        if (next == p)
            break;
        p = next;
    }
    return lines;
}

int prim_fit_px(text_cache *tc, font_face face, int px, int min_px, int w, int max_lines, const char *text)
{
    while (px > min_px && wrap_count(tc, face, px, w, text) > max_lines)
        px--;
    return px;
}

rgba prim_shade(rgba c, int amt)
{
    int t = amt > 0 ? 255 : 0, a = amt > 0 ? amt : -amt;
    return (rgba){ (uint8_t)(c.r + (t - c.r) * a / 255), (uint8_t)(c.g + (t - c.g) * a / 255),
                   (uint8_t)(c.b + (t - c.b) * a / 255), c.a };
}

rgba prim_alpha(rgba c, uint8_t a)
{
    c.a = a;
    return c;
}
