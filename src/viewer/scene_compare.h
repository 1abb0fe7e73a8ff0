/* scene_compare.h — compare mode: each pane's title, figure, verify line and source line, the difference at this step, the aligned timeline, as the scene holds it (scene.h). */
#ifndef VIEWER_SCENE_COMPARE_H
#define VIEWER_SCENE_COMPARE_H

struct viewer_frame;

typedef struct scene_compare {
    int built;
} scene_compare;

void scene_compare_build(scene_compare *s, const struct viewer_frame *f);

#endif
