/* canvas.h — a frame drawn off-screen (render.c): the same drawing path as
 * the window's, into a surface, for the exporter, the charts and the tests. */
#ifndef VIEWER_CANVAS_H
#define VIEWER_CANVAS_H

#include <stddef.h>
#include <SDL.h>
#include "viewer/scene/frame.h"

struct text_cache; /* font.h: glyph atlases of one renderer           */

/* An off-screen target: fonts, a surface, a software renderer, glyph atlases.
 * Keep one for many frames: the atlases are built on first use. */
typedef struct viewer_canvas viewer_canvas;

/* font_path NULL: the DejaVu fonts of the system.  NULL + err on failure. */
viewer_canvas *viewer_canvas_new(const char *font_path, char *err, size_t errlen);
/* Draws f into the canvas surface (re-created when the size changes).
 * Returns 0, or -1 after logging SDL_GetError(). */
int viewer_canvas_draw(viewer_canvas *c, const viewer_frame *f);
SDL_Surface *viewer_canvas_surface(viewer_canvas *c); /* owned by the canvas */
/* Any other picture: paint(renderer, glyph atlases, arg) into a w x h
 * surface of the canvas.  Returns 0, or -1 after logging SDL_GetError(). */
typedef void (*viewer_paint_fn)(SDL_Renderer *r, struct text_cache *tc, const void *arg);
int viewer_canvas_paint(viewer_canvas *c, int w, int h, viewer_paint_fn paint, const void *arg);
void viewer_canvas_free(viewer_canvas *c);

/* One frame into a new ARGB8888 surface the caller frees (SDL_FreeSurface).
 * NULL + err on failure. */
SDL_Surface *viewer_render_to_surface(const viewer_frame *f, const char *font_path, char *err, size_t errlen);

#endif
