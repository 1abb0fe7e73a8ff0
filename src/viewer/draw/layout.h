/* layout.h — where everything goes on screen, as pure arithmetic.
 *
 * The viewer, the exporter and the tests share these rectangles: drawing reads
 * them, mouse hit-testing reads them, and tests sample pixels inside them.
 * No SDL here, so the layout is unit-tested on its own.
 *
 * The block pane puts lanes and banks in the same 32 columns: lane l of every
 * warp sits straight above bank l.  A conflict-free access is then a vertical
 * line, and a bank conflict shows as several lanes landing in one column.
 */
#ifndef VIEWER_LAYOUT_H
#define VIEWER_LAYOUT_H

#include "viewer/scene/layout_in.h"

typedef struct lrect {
    int x, y, w, h;
} lrect;

typedef struct layout {
    layout_in in;
    int nwarps, smem_rows;
    int margin;
    /* font sizes, pixels */
    int fs_title, fs_ui, fs_small, fs_code, fs_cell, fs_lane;
    /* panes */
    lrect header, code, center, banner, results, legend, timeline, footer;
    lrect warn; /* the race band at the foot of the banner; h 0: none */
    /* the block pane's grids */
    int grid_x, col_w, gap; /* column c spans grid_x + c*col_w, col_w - gap wide */
    int label_w, badge_w;   /* warp labels left of the grid, badges right  */
    int lanes_head_y;       /* row of lane numbers                         */
    int compact;            /* warps drawn as one strip of boxes           */
    int lane_rows;          /* warp rows drawn: nwarps, or 1 when compact  */
    int folded;             /* warps of a kind share a row (fold.warp_row)  */
    layout_fold fold;       /* what folding was offered (rows 0: none)      */
    int lanes_y, lane_h;    /* warp rows: first y, pitch                   */
    int links_y, links_h;   /* band the access lines cross                  */
    int banks_y, bank_h;    /* bank numbers and n-way badges               */
    int smem_y, cell_h;     /* shared-memory rows: first y, pitch          */
    int lane_text;          /* lanes are tall enough to hold a value       */
    /* timeline: boxes steps_first .. + steps_shown - 1 are drawn, box s
     * spanning steps_x + (s - steps_first) * step_w; all of them where they
     * fit at least LAYOUT_MIN_STEP_W wide, else a window holding step_cur */
    int steps_x, step_w;
    int steps_first, steps_shown;
} layout;

#define LAYOUT_MIN_STEP_W 7 /* a timeline box's least width at scale 1     */

/* The window of `room` boxes out of n that holds box cur (all n when they
 * fit): it moves in strides of three quarters of itself, so that the
 * current box never sits at its very edge and the boxes do not slide at
 * every step. */
void layout_window(int n, int cur, int room, int *first, int *shown);

/* Computes the layout for the given size and block. */
void layout_compute(layout *L, const layout_in *in);
/* The same, folding warps into rows of a kind where a row per warp would be
 * too thin to label (fold NULL: never). */
void layout_compute_folded(layout *L, const layout_in *in, const layout_fold *fold);

/* Compare mode: two block panes side by side, each with a title band, its
 * timed-run figure and its current source line above its banner and grids;
 * the difference at this step under the title; a two-row timeline (one row
 * per version, one column per aligned step) and a one-line legend below.
 * With a hardware cross-check, a line for it sits under each figure. */
typedef struct layout_cmp {
    layout pane[2];                                       /* grids of each pane (pane[p].center etc.)     */
    lrect panes[2];                                       /* whole pane rectangles                        */
    lrect title[2], figure[2], checkline[2], codeline[2]; /* checkline: the cross-check, h 0: none */
    lrect shapeline[2];                                   /* under the cross-check: the launch's shape, h 0: none */
    lrect header, diff, legend, timeline, footer;
    int margin, fs_title, fs_ui, fs_small, fs_diff;
    int nrows, row_h, steps_x, step_w;
    int rows_first, rows_shown; /* the aligned rows drawn (a window, as the
                                   single timeline's, holding in a->step_cur) */
} layout_cmp;

/* a and b give the size (a's) and each pane's block; nrows aligned steps,
 * the current one a->step_cur.
 * fold: each pane's warps folded as layout_compute_folded does (NULL: never). */
void layout_compare_folded(layout_cmp *C, const layout_in *a, const layout_in *b, int nrows, const layout_fold fold[2]);
/* The aligned row under (x, y) in the compare timeline, or -1. */
int layout_compare_row_at(const layout_cmp *C, int x, int y);
/* The timeline box of a row (in the window) for pane 0 (top) or 1 (bottom). */
lrect layout_compare_cell(const layout_cmp *C, int row, int pane);

static inline int lrect_contains(lrect r, int x, int y)
{
    return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

lrect layout_lane_rect(const layout *L, int thread);
/* The row a warp is drawn in, and the first warp drawn in a row (-1: none). */
int layout_warp_row(const layout *L, int warp);
int layout_row_warp(const layout *L, int row);
lrect layout_warp_label(const layout *L, int warp); /* state box left of a warp row */
lrect layout_warp_box(const layout *L, int warp);   /* compact: warp w in column w  */
lrect layout_warp_badge(const layout *L, int warp); /* conflict badge right of it   */
lrect layout_cell_rect(const layout *L, int word);
lrect layout_bank_rect(const layout *L, int bank); /* bank header above column     */
lrect layout_step_rect(const layout *L, int step);
/* Row i of the list on the card (a live class's kernels), in the results
 * column under the title and three lines of keys, above the class's two lines;
 * h 0 where it does not fit. */
lrect layout_card_row(const layout *L, int i);

/* Hit tests: the thread, warp, word or step under (x, y), or -1
 * (no lanes when compact: a warp box stands for all its lanes). */
int layout_lane_at(const layout *L, int x, int y);
int layout_warp_at(const layout *L, int x, int y);
int layout_cell_at(const layout *L, int x, int y);
int layout_step_at(const layout *L, int x, int y);
/* The card's row under (x, y), of the n listed, or -1. */
int layout_card_row_at(const layout *L, int n, int x, int y);

/* How many monospace glyphs of font_px fit across a cell. */
int layout_cell_chars(const layout *L, int font_px);

#endif
