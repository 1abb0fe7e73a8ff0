/* pixels.h — what the viewer tests share: reading a rendered pixel,
 * comparing colours, sending the app a key as a person would, and where
 * the results panel puts things. */
#ifndef RV_TEST_PIXELS_H
#define RV_TEST_PIXELS_H

#include <SDL.h>
#include "viewer/window/app.h"
#include "viewer/draw/draw.h"
#include "viewer/draw/theme.h"

static inline int same(rgba a, rgba b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

static inline rgba pixel(SDL_Surface *s, int x, int y)
{
    Uint32 p = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
    rgba c = { 0, 0, 0, 255 };
    SDL_GetRGB(p, s->format, &c.r, &c.g, &c.b);
    return c;
}

#define CHECK_PIXEL(s, x, y, want, what)                                                  \
    do {                                                                                  \
        rgba got_ = pixel((s), (x), (y)), want_ = (want);                                 \
        CHECK(same(got_, want_), "%s at (%d,%d): got #%02x%02x%02x, want #%02x%02x%02x",  \
              (what), (x), (y), got_.r, got_.g, got_.b, want_.r, want_.g, want_.b);       \
    } while (0)

static inline void key(app *a, SDL_Keycode k)
{
    SDL_Event e = { 0 };
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    app_event(a, &e);
}

/* The results panel's geometry in frame f drawn with layout L: from the
 * panel's scene, as panel_results_draw computes it. */
static inline void panel_geom_of(const viewer_frame *f, const layout *L, panel_geom *g)
{
    static scene_panel p;   /* large: off the stack */
    scene_panel_build(&p, f);
    panel_results_geom(&p, L, L->results, g);
}

#endif
