/* scene_frame.h — the frame around the panes: header, code pane, timeline, footer, predict card and the hover tooltip, as the scene holds it (scene.h). */
#ifndef VIEWER_SCENE_FRAME_H
#define VIEWER_SCENE_FRAME_H

struct viewer_frame;

typedef struct scene_frame {
    int built;
} scene_frame;

void scene_frame_build(scene_frame *s, const struct viewer_frame *f);

#endif
