/* scene_panel.h — the results panel: the timed run's figures, the bars, the sweep plot and the verify record's lines, as the scene holds it (scene.h). */
#ifndef VIEWER_SCENE_PANEL_H
#define VIEWER_SCENE_PANEL_H

#include <stddef.h>
#include <stdint.h>
struct viewer_frame;

typedef struct scene_panel {
    int built;
} scene_panel;

void scene_panel_build(scene_panel *s, const struct viewer_frame *f);

/* "timed run: 0.412 ms · 326 GB/s · ..." for version at N n, or why there is
 * none ("no timed run loaded").  Returns 1 when a run was found. */
int scene_panel_figure(const struct viewer_frame *f, int version, uint64_t n, char *buf, size_t len);

#endif
