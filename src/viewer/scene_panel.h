/* scene_panel.h — the results panel: the timed run's figures, the bars, the sweep plot and the verify record's lines, as the scene holds it (scene.h). */
#ifndef VIEWER_SCENE_PANEL_H
#define VIEWER_SCENE_PANEL_H

struct viewer_frame;

typedef struct scene_panel {
    int built;
} scene_panel;

void scene_panel_build(scene_panel *s, const struct viewer_frame *f);

#endif
