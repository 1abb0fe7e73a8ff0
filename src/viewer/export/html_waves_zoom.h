/* html_waves_zoom.h — the lesson page's waves pictures, zoomable in the
 * browser (docs/waves.md).  The PNG of each waves position stays in the
 * page, for print and where no script runs; the page's second script
 * (html_zoom.js) puts in its place a canvas that draws the same picture
 * from the data made here, and zooms and pans it in time: the wheel about
 * the pointer, a drag, buttons, I, O, comma, period and R.
 *
 * The data, one JSON block (html_write_data, id HTML_ZOOM_ID):
 *   cols, minCols       the columns of every run, the fewest a zoom shows
 *   words               the buttons' and keys' words, and the axis's as
 *                       templates ({0}, {1} ... for its numbers in order)
 *   colours             the theme's: each wave's two hues, the panel, the
 *                       edge, the line between groups, the tail's
 *   runs[]              one per launch drawn: sms, rows[] (the SM of each
 *                       row, rv_waves_rows), groups[] (each row's group: a
 *                       line between rows of two groups), us (the run's
 *                       span), tail (where its tail begins, 0 .. 1), cells
 *                       (rv_waves_cells at cols columns, cells[sm * cols +
 *                       col], a byte each, zlib-compressed, in base64)
 *   at{"POS": {from, to, pics[]}}   each waves position: the part shown
 *                       first, and its one or two pictures, each {run,
 *                       title, lines[[kind, words]], rows, legend, gpcs}
 *                       or {none: why there is no picture}
 * A cell's byte: 0 where no block ran; else 1 + the wave's parity + 2 ×
 * the fill in 127 steps (0 .. 126), so 1 .. 254. */
#ifndef VIEWER_HTML_WAVES_ZOOM_H
#define VIEWER_HTML_WAVES_ZOOM_H

#include <stddef.h>

#include "core/waves.h"
#include "viewer/draw/theme.h"
#include "viewer/scene/frame.h"

#define HTML_ZOOM_ID       "rv-waves"
/* Fine enough that v0's blocks of 1 to 3 µs in a run of 336 µs are 12 to
 * 36 columns each, and its 2^17 blocks some 190 KB compressed. */
#define HTML_ZOOM_COLS     4096
/* The deepest zoom shows this many columns: about one of v0's waves. */
#define HTML_ZOOM_MIN_COLS 32
#define HTML_ZOOM_FILL     126 /* a cell's fill in 127 steps              */

typedef struct html_zoom html_zoom;

/* An empty set of pictures in theme th's colours, or NULL out of memory. */
html_zoom *html_zoom_new(const theme *th);
/* Position pos (0-based) shows the pictures of src[0 .. n-1] (1 or 2;
 * a source without a trace: its why, drawn as words), from .. to of each
 * run first (to <= from: all of it).  A run already given is not given
 * again.  0, or -1 with err. */
int html_zoom_add(html_zoom *z, int pos, const waves_source *src, int n, double from, double to, char *err,
                  size_t errlen);
/* Whether any position was added. */
int html_zoom_any(const html_zoom *z);
/* The data as JSON, owned by z (*len its bytes), or NULL out of memory. */
const char *html_zoom_json(html_zoom *z, size_t *len);
void html_zoom_free(html_zoom *z);

/* A printf format's conversions as {0}, {1} ... in the order of their
 * arguments (%n$ kept), %% as %: the words of a format the script fills
 * with its own numbers.  0, or -1 where out is too short. */
int html_zoom_template(const char *fmt, char *out, size_t len);

#endif
