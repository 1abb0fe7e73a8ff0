/* draw_waves.h — the waves picture painted (draw_waves.c) from its scene
 * (src/viewer/scene/scene_waves.h), for `reducevis waves`, the exports and
 * the viewer: alone, beside the steps, or one of two in compare mode. */
#ifndef VIEWER_DRAW_WAVES_H
#define VIEWER_DRAW_WAVES_H

#include "viewer/scene/scene_waves.h"

typedef struct waves_input {
    const scene_waves *s;
    int theme; /* theme_id */
    int w, h;  /* pixels */
    int x, y;  /* where its top left corner lies in the frame (0 0: the whole frame) */
} waves_input;

/* viewer_paint_fn: arg is a waves_input. */
struct SDL_Renderer;
struct text_cache;
void waves_paint(struct SDL_Renderer *r, struct text_cache *tc, const void *arg);

/* In place of a picture where a trace has none: why, in the area of in
 * (its s unused). */
void waves_paint_none(struct SDL_Renderer *r, struct text_cache *tc, const waves_input *in, const char *why);

#endif
