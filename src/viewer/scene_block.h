/* scene_block.h — the block pane of one trace at one step: banner, counts, sentence, race band, warps, lanes, banks, words and the accesses between them, as the scene holds it (scene.h). */
#ifndef VIEWER_SCENE_BLOCK_H
#define VIEWER_SCENE_BLOCK_H

#include <stddef.h>
#include "layout.h"

struct viewer_frame;

typedef struct scene_block {
    int built;
    layout_in   lin;     /* what the pane's layout is computed from          */
    layout_fold fold;    /* large blocks: warps of a kind share a row         */
    int         focus;   /* the warp whose accesses are drawn, -1: none       */
} scene_block;

/* The numbers the block pane's layout is computed from, for pane 0 (or 1:
 * compare mode's second): size, block, words, steps, the race band; and how
 * its warps fold into rows at its step (rows 0: they do not). */
void scene_block_layout(const struct viewer_frame *f, int pane, layout_in *in, layout_fold *fold);

/* The warp whose accesses are drawn: the frame's focus - 1 (first pane), or
 * the most telling one (worst bank conflict, then first executing).  -1 if
 * none executes. */
int scene_block_focus(const struct viewer_frame *f, int pane);

void scene_block_build(scene_block *s, const struct viewer_frame *f, int pane);

/* The sentence under the block pane's banner at f's step (the window's and
 * the HTML lesson's). */
void scene_block_sentence(const struct viewer_frame *f, char *buf, size_t len);

#endif
