/* scene_frame.c — the frame around the panes: header, code pane, timeline, footer, predict card and the hover tooltip: decided from the trace, its analysis and the frame's
 * inputs, before anything is drawn. */
#include "scene_frame.h"
#include "viewer.h"

void scene_frame_build(scene_frame *s, const viewer_frame *f)
{
    (void)f;

    s->built = 1;
}
