/* layout_in.h — what a pane's layout is computed from (layout_in) and how
 * large blocks fold their warps into rows (layout_fold): numbers the scene
 * decides and the layout (viewer/draw/layout.h) places, so they live below
 * both; with the grid's fixed sizes. */
#ifndef VIEWER_SCENE_LAYOUT_IN_H
#define VIEWER_SCENE_LAYOUT_IN_H

#define LAYOUT_COLS        32 /* lanes per warp = banks = words per row      */
#define LAYOUT_LEGIBLE_ROW 12 /* shorter word rows switch warps to a strip   */
#define LAYOUT_MAX_WARPS   32 /* 1024 threads                                */

typedef struct layout_in {
    int w, h; /* window or surface size in pixels            */
    int block_size;
    int smem_words;
    int nsteps;      /* boxes of the timeline (marks, story.h)      */
    int lane_values; /* lanes show register values (shuffle traces) */
    int compact;     /* warps as one strip: 1 on, 0 off, -1 when needed */
    int warn_lines;  /* lines of the race band under the banner, 0: none */
    int verify;      /* compare mode: a line per pane for the hardware
                                   cross-check (read from the first pane's input) */
    int step_cur;    /* the timeline's current box (compare mode: row):
                                   kept in view when not all of them fit    */
    int shape;       /* compare mode: a line per pane for a launch shape
                                   the picture cannot show (own_shape_words; read
                                   from the first pane's input)               */
} layout_in;

/* Large blocks: warps that do the same thing this step (same lanes, same
 * wasted lanes, same conflict) may share one labelled row, so that rows stay
 * legible on a projector.  rows: the most rows any step of the trace needs
 * (room is kept for them, so the grids do not jump); 0: no folding.  now and
 * warp_row: this step's rows and each warp's row. */
typedef struct layout_fold {
    int rows, now;
    signed char warp_row[LAYOUT_MAX_WARPS];
} layout_fold;

#endif
