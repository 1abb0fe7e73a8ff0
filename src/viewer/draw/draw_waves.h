/* draw_waves.h — the waves picture painted (draw_waves.c) from its scene
 * (src/viewer/scene/scene_waves.h), for `reducevis waves` and the viewer. */
#ifndef VIEWER_DRAW_WAVES_H
#define VIEWER_DRAW_WAVES_H

#include "viewer/scene/scene_waves.h"

typedef struct waves_input {
    const scene_waves *s;
    int theme; /* theme_id */
    int w, h;  /* pixels */
} waves_input;

/* viewer_paint_fn: arg is a waves_input. */
struct SDL_Renderer;
struct text_cache;
void waves_paint(struct SDL_Renderer *r, struct text_cache *tc, const void *arg);

#endif
