/* scene_block.h — the block pane of one trace at one step: banner, counts, sentence, race band, warps, lanes, banks, words and the accesses between them, as the scene holds it (scene.h). */
#ifndef VIEWER_SCENE_BLOCK_H
#define VIEWER_SCENE_BLOCK_H

#include <stddef.h>
struct viewer_frame;

typedef struct scene_block {
    int built;
} scene_block;

void scene_block_build(scene_block *s, const struct viewer_frame *f, int pane);

/* The sentence under the block pane's banner at f's step (the window's and
 * the HTML lesson's). */
void scene_block_sentence(const struct viewer_frame *f, char *buf, size_t len);

#endif
