/* draw_prim.c — small drawing primitives over SDL_Renderer.
 *
 * SDL2's renderer only draws one-pixel lines, so thick lines are parallel
 * one-pixel lines and arrowheads are triangles from SDL_RenderGeometry; both
 * work the same in the software renderer used off-screen.
 *
 * Off-screen (the exporter, the tests, the frame benchmark) the canvas hands
 * its surface over (prim_direct): opaque rectangles are then written into
 * its pixels here.  SDL 2.26's SDL_FillRect costs about 3 us even for a
 * 20x10 word cell, and a frame at block 1024 fills thousands of them; the
 * plain loop is some twenty times faster and writes the very same colour.
 */
#include "draw.h"
#include "wrap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void prim_color(SDL_Renderer *r, rgba c)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
}

static SDL_Renderer *direct_r; /* the software renderer drawing into ... */
static SDL_Surface *direct_s;  /* ... this ARGB8888 surface              */

void prim_direct(SDL_Renderer *r, SDL_Surface *s)
{
    int ok = s && (s->format->format == SDL_PIXELFORMAT_ARGB8888 || s->format->format == SDL_PIXELFORMAT_RGB888);
    direct_r = ok ? r : NULL;
    direct_s = ok ? s : NULL;
}

SDL_Surface *prim_direct_surface(SDL_Renderer *r) { return r && r == direct_r ? direct_s : NULL; }

/* The area drawing may touch: the surface cut by the renderer's clip. */
int prim_direct_bounds(SDL_Renderer *r, SDL_Surface *s, SDL_Rect *out)
{
    *out = (SDL_Rect){0, 0, s->w, s->h};
    if (SDL_RenderIsClipEnabled(r)) {
        SDL_Rect c;
        SDL_RenderGetClipRect(r, &c);
        if (!SDL_IntersectRect(out, &c, out)) return 0;
    }
    return 1;
}

void prim_fill(SDL_Renderer *r, lrect a, rgba c)
{
    if (a.w <= 0 || a.h <= 0) return;
    SDL_Surface *s = c.a == 255 ? prim_direct_surface(r) : NULL;
    SDL_Rect b, q = {a.x, a.y, a.w, a.h};
    if (s) {
        SDL_RenderFlush(r); /* anything SDL still holds goes first */
        if (!prim_direct_bounds(r, s, &b) || !SDL_IntersectRect(&q, &b, &q)) return;
        Uint32 px = 0xFF000000u | (Uint32)c.r << 16 | (Uint32)c.g << 8 | c.b;
        for (int y = q.y; y < q.y + q.h; y++) {
            Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch) + q.x;
            for (int x = 0; x < q.w; x++) row[x] = px;
        }
        return;
    }
    prim_color(r, c);
    SDL_RenderFillRect(r, &q);
}

void prim_stroke(SDL_Renderer *r, lrect a, rgba c, int t)
{
    if (t < 1) t = 1;
    prim_fill(r, (lrect){a.x, a.y, a.w, t}, c);
    prim_fill(r, (lrect){a.x, a.y + a.h - t, a.w, t}, c);
    prim_fill(r, (lrect){a.x, a.y + t, t, a.h - 2 * t}, c);
    prim_fill(r, (lrect){a.x + a.w - t, a.y + t, t, a.h - 2 * t}, c);
}

void prim_key(SDL_Renderer *r, lrect a, rgba c, int outline, rgba ground)
{
    if (!outline) {
        prim_fill(r, a, c);
        return;
    }
    prim_fill(r, a, ground);
    prim_stroke(r, a, c, 2);
}

/* A one-pixel line, written into the direct surface (Bresenham, blended
 * when c is translucent) or drawn by SDL.  Access lines and shuffle arcs are
 * thousands of short segments at large blocks. */
static void line1(SDL_Renderer *r, SDL_Surface *s, const SDL_Rect *b, float fx0, float fy0, float fx1, float fy1,
                  rgba c)
{
    if (!s) {
        SDL_RenderDrawLineF(r, fx0, fy0, fx1, fy1);
        return;
    }
    int x0 = (int)lroundf(fx0), y0 = (int)lroundf(fy0), x1 = (int)lroundf(fx1), y1 = (int)lroundf(fy1);
    int dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
    Uint32 px = 0xFF000000u | (Uint32)c.r << 16 | (Uint32)c.g << 8 | c.b, a = c.a, inv = 255 - a;
    for (;;) {
        if (x0 >= b->x && y0 >= b->y && x0 < b->x + b->w && y0 < b->y + b->h) {
            Uint32 *p = (Uint32 *)((Uint8 *)s->pixels + (size_t)y0 * (size_t)s->pitch) + x0;
            if (a == 255) {
                *p = px;
            } else {
                Uint32 o = *p;
                *p = (o & 0xFF000000u) | ((c.r * a + ((o >> 16) & 0xFF) * inv + 127) / 255) << 16 |
                     ((c.g * a + ((o >> 8) & 0xFF) * inv + 127) / 255) << 8 |
                     ((c.b * a + (o & 0xFF) * inv + 127) / 255);
            }
        }
        if (x0 == x1 && y0 == y1) break;
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
}

void prim_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, rgba c, int t)
{
    SDL_Surface *s = prim_direct_surface(r);
    SDL_Rect b;
    if (s) {
        SDL_RenderFlush(r);
        if (!prim_direct_bounds(r, s, &b)) return;
    } else {
        prim_color(r, c);
    }
    if (t <= 1) {
        line1(r, s, &b, x0, y0, x1, y1, c);
        return;
    }
    /* Offset copies across the line's direction make it t pixels thick. */
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 0.5f) return;
    float nx = -dy / len, ny = dx / len;
    for (int i = 0; i < t; i++) {
        float o = (float)i - (float)(t - 1) / 2.0f;
        line1(r, s, &b, x0 + nx * o, y0 + ny * o, x1 + nx * o, y1 + ny * o, c);
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
        prim_fill(r, (lrect){cx - half, cy + dy, 2 * half + 1, 1}, c);
    }
}

/* Pixel (x, y) blended with c (opaque: replaced). */
static inline void put_pixel(SDL_Surface *s, int x, int y, rgba c)
{
    Uint32 *p = (Uint32 *)((Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch) + x;
    if (c.a == 255) {
        *p = 0xFF000000u | (Uint32)c.r << 16 | (Uint32)c.g << 8 | c.b;
        return;
    }
    Uint32 o = *p, a = c.a, inv = 255 - a;
    *p = (o & 0xFF000000u) | ((c.r * a + ((o >> 16) & 0xFF) * inv + 127) / 255) << 16 |
         ((c.g * a + ((o >> 8) & 0xFF) * inv + 127) / 255) << 8 | ((c.b * a + (o & 0xFF) * inv + 127) / 255);
}

/* A small triangle (arrowheads, conflict notches) written into the direct
 * surface: the pixels whose centres lie inside it. */
static int triangle_direct(SDL_Renderer *r, float x0, float y0, float x1, float y1, float x2, float y2, rgba c)
{
    SDL_Surface *s = prim_direct_surface(r);
    SDL_Rect b;
    float minx = fminf(x0, fminf(x1, x2)), maxx = fmaxf(x0, fmaxf(x1, x2));
    float miny = fminf(y0, fminf(y1, y2)), maxy = fmaxf(y0, fmaxf(y1, y2));
    if (!s || (maxx - minx) * (maxy - miny) > 4096.0f) return 0; /* big ones (the chart's bands): SDL's rasteriser */
    SDL_RenderFlush(r);
    if (!prim_direct_bounds(r, s, &b)) return 1;
    float area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    if (fabsf(area) < 1e-6f) return 1;
    int xa = (int)floorf(minx), xb = (int)ceilf(maxx), ya = (int)floorf(miny), yb = (int)ceilf(maxy);
    if (xa < b.x) xa = b.x;
    if (ya < b.y) ya = b.y;
    if (xb > b.x + b.w) xb = b.x + b.w;
    if (yb > b.y + b.h) yb = b.y + b.h;
    for (int y = ya; y < yb; y++)
        for (int x = xa; x < xb; x++) {
            float px = x + 0.5f, py = y + 0.5f;
            float w0 = (x1 - px) * (y2 - py) - (x2 - px) * (y1 - py);
            float w1 = (x2 - px) * (y0 - py) - (x0 - px) * (y2 - py);
            float w2 = (x0 - px) * (y1 - py) - (x1 - px) * (y0 - py);
            if (area < 0) {
                w0 = -w0;
                w1 = -w1;
                w2 = -w2;
            }
            if (w0 >= 0 && w1 >= 0 && w2 >= 0) put_pixel(s, x, y, c);
        }
    return 1;
}

void prim_triangle(SDL_Renderer *r, float x0, float y0, float x1, float y1, float x2, float y2, rgba c)
{
    if (triangle_direct(r, x0, y0, x1, y1, x2, y2, c)) return;
    SDL_Color col = {c.r, c.g, c.b, c.a};
    SDL_Vertex v[3] = {
        {{x0, y0}, col, {0, 0}},
        {{x1, y1}, col, {0, 0}},
        {{x2, y2}, col, {0, 0}},
    };
    if (SDL_RenderGeometry(r, NULL, v, 3, NULL, 0) != 0)
        SDL_Log("viewer: SDL_RenderGeometry failed: %s", SDL_GetError());
}

void prim_arrowhead(SDL_Renderer *r, float x0, float y0, float x1, float y1, float size, rgba c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 0.5f) return;
    dx /= len;
    dy /= len;
    float bx = x1 - dx * size, by = y1 - dy * size;
    prim_triangle(r, x1, y1, bx - dy * size * 0.55f, by + dx * size * 0.55f, bx + dy * size * 0.55f,
                  by - dx * size * 0.55f, c);
}

void prim_clip(SDL_Renderer *r, const lrect *a)
{
    if (!a) {
        SDL_RenderSetClipRect(r, NULL);
        return;
    }
    SDL_Rect q = {a->x, a->y, a->w, a->h};
    SDL_RenderSetClipRect(r, &q);
}

int prim_wrapped(text_cache *tc, font_face face, int px, int x, int y, int w, int max_lines, int line_h, rgba c,
                 const char *text)
{
    char line[512];
    int lines = 0;
    const char *p = text;
    while (*p == ' ') p++;
    while (*p && lines < max_lines) {
        const char *next;
        size_t len = wrap_line(tc, face, px, w, p, &next);
        if (len >= sizeof line) len = sizeof line - 1;
        memcpy(line, p, len);
        line[len] = '\0';
        /* The last line allowed takes the rest, cut with "…" if it must be. */
        if (lines == max_lines - 1 && *next)
            text_draw_fit(tc, face, px, x, y + lines * line_h, w, c, p);
        else
            text_draw_fit(tc, face, px, x, y + lines * line_h, w, c, line);
        lines++;
        if (next == p) break;
        p = next;
    }
    return lines;
}

int prim_fit_px(text_cache *tc, font_face face, int px, int min_px, int w, int max_lines, const char *text)
{
    while (px > min_px && wrap_count(tc, face, px, w, text) > max_lines) px--;
    return px;
}

rgba prim_shade(rgba c, int amt)
{
    int t = amt > 0 ? 255 : 0, a = amt > 0 ? amt : -amt;
    return (rgba){(uint8_t)(c.r + (t - c.r) * a / 255), (uint8_t)(c.g + (t - c.g) * a / 255),
                  (uint8_t)(c.b + (t - c.b) * a / 255), c.a};
}

rgba prim_alpha(rgba c, uint8_t a)
{
    c.a = a;
    return c;
}
