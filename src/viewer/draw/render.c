/* render.c — off-screen frames: a surface, SDL's software renderer, atlases.
 *
 * The exporter and the tests draw here; the window draws with its own
 * renderer, but both go through draw_frame(), so the pixels agree.  The
 * sweep chart paints its own picture into the same kind of canvas.  The
 * software renderer needs no display and no SDL_Init(SDL_INIT_VIDEO).
 */
#include <stdio.h>
#include <stdlib.h>
#include "draw.h"
#include "viewer/draw/canvas.h"
#include "core/i18n.h"

struct viewer_canvas {
    font_set *fonts;
    SDL_Surface *surface;
    SDL_Renderer *r;
    text_cache *tc;
};

viewer_canvas *viewer_canvas_new(const char *font_path, char *err, size_t errlen)
{
    viewer_canvas *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, _("out of memory"));
        return NULL;
    }
    c->fonts = font_set_open(font_path, err, errlen);
    if (!c->fonts) {
        free(c);
        return NULL;
    }
    font_set_check_language(c->fonts);
    return c;
}

static void canvas_drop_target(viewer_canvas *c)
{
    text_cache_free(c->tc);
    if (c->r) SDL_DestroyRenderer(c->r);
    SDL_FreeSurface(c->surface);
    c->tc = NULL;
    c->r = NULL;
    c->surface = NULL;
}

/* A surface of w x h with its renderer and atlases, kept while the size stays. */
static int canvas_target(viewer_canvas *c, int w, int h)
{
    if (c->surface && c->surface->w == w && c->surface->h == h) return 0;
    canvas_drop_target(c);
    c->surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!c->surface) {
        SDL_Log("viewer: SDL_CreateRGBSurfaceWithFormat failed: %s", SDL_GetError());
        return -1;
    }
    c->r = SDL_CreateSoftwareRenderer(c->surface);
    if (!c->r) {
        SDL_Log("viewer: SDL_CreateSoftwareRenderer failed: %s", SDL_GetError());
        canvas_drop_target(c);
        return -1;
    }
    c->tc = text_cache_new(c->r, c->fonts);
    if (!c->tc) {
        SDL_Log("viewer: out of memory for the glyph cache");
        canvas_drop_target(c);
        return -1;
    }
    return 0;
}

int viewer_canvas_paint(viewer_canvas *c, int w, int h, viewer_paint_fn paint, const void *arg)
{
    if (canvas_target(c, w, h) != 0) return -1;
    /* Fills and text write the surface's pixels themselves (draw_prim.c). */
    prim_direct(c->r, c->surface);
    text_cache_direct(c->tc, c->surface);
    paint(c->r, c->tc, arg);
    prim_direct(NULL, NULL);
    if (SDL_RenderFlush(c->r) != 0) {
        SDL_Log("viewer: SDL_RenderFlush failed: %s", SDL_GetError());
        return -1;
    }
    return 0;
}

static void paint_frame(SDL_Renderer *r, text_cache *tc, const void *f) { draw_frame(r, tc, f); }

int viewer_canvas_draw(viewer_canvas *c, const viewer_frame *f)
{
    return viewer_canvas_paint(c, f->width, f->height, paint_frame, f);
}

SDL_Surface *viewer_canvas_surface(viewer_canvas *c) { return c->surface; }

void viewer_canvas_free(viewer_canvas *c)
{
    if (!c) return;
    canvas_drop_target(c);
    font_set_free(c->fonts);
    free(c);
}

SDL_Surface *viewer_render_to_surface(const viewer_frame *f, const char *font_path, char *err, size_t errlen)
{
    viewer_canvas *c = viewer_canvas_new(font_path, err, errlen);
    if (!c) return NULL;
    SDL_Surface *out = NULL;
    if (viewer_canvas_draw(c, f) != 0) {
        snprintf(err, errlen, _("drawing failed: %s"), SDL_GetError());
    } else {
        /* Hand out a copy: the canvas owns its surface. */
        out = SDL_DuplicateSurface(c->surface);
        if (!out) snprintf(err, errlen, _("SDL_DuplicateSurface failed: %s"), SDL_GetError());
    }
    viewer_canvas_free(c);
    return out;
}
