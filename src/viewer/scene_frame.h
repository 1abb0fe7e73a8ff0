/* scene_frame.h — the frame around the panes: header, code pane, timeline, footer, predict card and the hover tooltip, as the scene holds it (scene.h). */
#ifndef VIEWER_SCENE_FRAME_H
#define VIEWER_SCENE_FRAME_H

#include <stddef.h>
struct viewer_frame;

typedef struct scene_frame {
    int built;
} scene_frame;

void scene_frame_build(scene_frame *s, const struct viewer_frame *f);

/* The lines of the hover tooltip over shared-memory word, thread or
 * timeline step idx at f's step (returns how many, 0 for none): what the
 * window shows on hover and the HTML lesson as data. */
#define SCENE_TIP_LINES 6
#define SCENE_TIP_LEN   256
typedef enum scene_tip_kind { SCENE_TIP_CELL, SCENE_TIP_LANE, SCENE_TIP_STEP } scene_tip_kind;
int scene_tip_text(const struct viewer_frame *f, scene_tip_kind what, int idx, char lines[SCENE_TIP_LINES][SCENE_TIP_LEN]);

#endif
