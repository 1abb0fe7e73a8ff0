/* compare.h — two versions side by side: which steps stand beside which, and
 * what differs between them at each.
 *
 * Steps are aligned by what they do: reduction steps (tree level, warp
 * statement, shuffle) by their stride, so v1's s=4 stands beside v2's s=4
 * even though one counts up and the other down; load, store and write steps
 * by their phase.  The k-th step with a key in one version meets the k-th with
 * the same key in the other.  Rows follow the first version's order; a step
 * only the second version has is placed right after its predecessor's row.
 * Pure C over traces and analyses (no SDL), so it is tested on its own.
 */
#ifndef VIEWER_COMPARE_H
#define VIEWER_COMPARE_H

#include <stddef.h>
#include "core/analysis.h"
#include "core/trace.h"

typedef struct compare_row {
    int step[2]; /* step of version a / b, -1: no matching step */
} compare_row;

/* The rows of a beside b (at most a->nsteps + b->nsteps) into a new array
 * *rows the caller frees; returns how many there are, or -1 (*rows NULL)
 * when memory runs out. */
int compare_align(const rv_trace *a, const rv_trace *b, compare_row **rows);

/* The row showing step `step` of pane p (0: a, 1: b), or the nearest row
 * before it; 0 when none. */
int compare_row_of(const compare_row *rows, int nrows, int p, int step);

/* What differs at one aligned row, from the analyses: e.g.
 * "v1: 8-way conflict in warp 0 · v2: conflict-free".  Each side's part goes
 * into part[0] / part[1] ("v1: 8-way conflict in warp 0") so the viewer can
 * colour them; the whole line into line.  sa or sb may be -1 (no such step). */
void compare_difference(const rv_analysis *a, int sa, const rv_analysis *b, int sb, char part[2][160], char *line,
                        size_t len);

#endif
