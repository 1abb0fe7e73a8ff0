/* scene_compare.h — compare mode as the scene holds it (scene.h): each
 * pane's title band, timed-run figure, verify line and source line, the
 * difference at this step, and the timeline of aligned steps.  Decided from
 * the two traces, their analyses, results and verify records; drawn by
 * draw_compare.c.
 */
#ifndef VIEWER_SCENE_COMPARE_H
#define VIEWER_SCENE_COMPARE_H

#include "viewer/scene/compare.h"
#include "viewer/scene/layout_in.h"
#include "viewer/scene/frame.h"

#define SCENE_CMP_LEN 400 /* a line of a pane's small print */

/* What a pane's source line shows. */
typedef enum scene_cmp_source {
    SCENE_CMP_STATEMENT,    /* the line number and the statement it runs     */
    SCENE_CMP_NO_STATEMENT, /* its step runs no statement: a dim sentence    */
    SCENE_CMP_NO_STEP,      /* no matching step: a dash, the pane hatched    */
} scene_cmp_source;

typedef struct scene_cmp_pane {
    viewer_frame req;           /* the request its block pane and tooltip are drawn
                                 with (scene_compare_pane)                      */
    char name[64];              /* "v3", "my_reduce.cu"                          */
    char row_label[24];         /* the timeline's row: the name, "yours" for an
                                 own trace (a file's name is too long there) */
    char title[200];            /* "v3  sequential addressing", in the band       */
    char header[200];           /* "v3 sequential addressing", in the header      */
    char origin[SCENE_CMP_LEN]; /* "GPU trace: ..." or "CPU model ...", right of the band */
    int timed;                  /* 1: figure is a timed run (bold); 0: why none (dim) */
    char figure[SCENE_CMP_LEN]; /* "timed run: 0.412 ms · 326 GB/s ..." */
    int verify_kind;            /* -1: no verify line; 0: why none (dim); 1: conflicts */
    int nverify;                /* its wordings, longest first: take the first that fits */
    char verify_line[2][SCENE_CMP_LEN];
    scene_cmp_source source;
    char line_no[16];                /* "%3d" of the statement's line                  */
    char statement[300];             /* the statement, or the sentence or dash instead */
    char missing[160];               /* no matching step: what this version lacks     */
    char another_way[SCENE_CMP_LEN]; /* ... and where to look instead */
    char shape[480];                 /* an own trace's launch shape the picture cannot
                                 show (own_shape_words), as the single view's
                                 header says it; "" when none                 */
} scene_cmp_pane;

/* One version's step in one aligned row of the timeline. */
typedef struct scene_cmp_cell {
    int step;       /* -1: a gap, the version has no such step       */
    int phase;      /* the colour of its phase (rv_phase)            */
    int conflict;   /* worst bank-conflict degree: a mark when >= 2  */
    int divergent;  /* divergent warps: a mark when no conflict      */
    char label[64]; /* "s=64", in the reader's language              */
} scene_cmp_cell;

typedef struct scene_compare {
    scene_cmp_pane pane[2];
    char where[320];           /* "block 256 · data ... · aligned step 3 of 9"   */
    char at[96];               /* "At s=64:  ", before the difference           */
    char part[2][160];         /* the difference, each version's part           */
    char line[400];            /* the difference as one line                     */
    int nrows, row;            /* the aligned rows; the current one             */
    scene_cmp_cell (*cell)[2]; /* [nrows]: kept and grown from frame to frame    */
    int cap;
    layout_in help; /* what the help overlay is laid out from        */
} scene_compare;

void scene_compare_build(scene_compare *s, const viewer_frame *f);

/* Whether either pane of compare frame f has a launch shape to say (a
 * partial warp, a block of two or three dimensions): the layout then keeps
 * a line for it in both panes. */
int scene_compare_shapes(const viewer_frame *f);

/* The frame pane p of a compare frame shows: the trace, analysis and step of
 * pane p (0: the first version, 1: the second); the second keeps its own
 * GPU's timed run and cross-check when it is another GPU's. */
viewer_frame scene_compare_pane(const viewer_frame *f, int p);

#endif
