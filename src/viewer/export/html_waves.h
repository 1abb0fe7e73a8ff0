/* html_waves.h — the lesson page's last position: the grid (docs/waves.md).
 * Where the run shown, or either version compared, has a waves run, the
 * page ends on the viewer's waves picture (W) with its numbers as text:
 * the waves predicted and observed, the occupancy, the idle share and the
 * tail; in predict mode it first asks how many waves the grid will take.
 * A run of many waves, or a part --waves-time chose, is shown once more,
 * magnified (html_waves_close_part).  Both are zoomable where the page's
 * script runs (html_waves_zoom.h). */
#ifndef VIEWER_HTML_WAVES_H
#define VIEWER_HTML_WAVES_H

#include <stddef.h>

#include "core/quiz_waves.h"
#include "html_waves_zoom.h"
#include "html_write.h"
#include "viewer/window/app.h"
#include "viewer/window/viewer.h"

#define HTML_WAVES_TEXT 1024

typedef struct html_waves {
    unsigned char *png, *question_png; /* owned */
    size_t png_len, question_png_len;
    char heading[HTML_WAVES_TEXT], alt[HTML_WAVES_TEXT], question_alt[HTML_WAVES_TEXT];
    char para[HTML_MAX_PARAS][HTML_WAVES_TEXT];
    waves_question q;
} html_waves;

/* The trace whose waves a's pages show: the run's first launch, or
 * comparing, the first version's, else the second's; NULL: none. */
const rv_trace *html_waves_trace(const app *a);

/* The picture's words for tr's first launch with waves, four paragraphs
 * from para (its title and how it was recorded, the prediction, what the
 * run took, the tail): 0, or -1 with err. */
int html_waves_paras(const rv_trace *tr, char (*para)[HTML_WAVES_TEXT], char *err, size_t errlen);

/* Draws the position on canvas c at w x h (with quiz, its question frame
 * too) and fills st from hw, which keeps what st points to; its pictures
 * go into z as position pos's, zoomable.  0, or -1 with err.
 * html_waves_free frees it. */
int html_waves_step(app *a, viewer_canvas *c, int w, int h, int quiz, html_zoom *z, int pos, html_waves *hw,
                    html_step *st, char *err, size_t errlen);
/* The grid again, magnified, right after it: the part export's
 * --waves-time chose (app's waves_part), or, where the run took more than
 * HTML_WAVES_CLOSE_OVER waves (too many for the whole picture to tell
 * apart: v0's 125), about its last HTML_WAVES_CLOSE waves' time, as the
 * viewer's I and period would show them.  The page's script zooms both
 * (html_waves_zoom.h); the close-up's PNG is for print and where no script
 * runs, and the part its zoom starts at.  1 with the part in *from, *to
 * (0 .. 1 of the run), else 0. */
#define HTML_WAVES_CLOSE_OVER 16
#define HTML_WAVES_CLOSE      8
int html_waves_close_part(const app *a, double *from, double *to);
/* Draws that close-up as html_waves_step draws the grid, its words the part
 * shown and the tail; into z as position pos's, first shown over that part.
 * 0, or -1 with err. */
int html_waves_close_step(app *a, viewer_canvas *c, int w, int h, double from, double to, html_zoom *z, int pos,
                          html_waves *hw, html_step *st, char *err, size_t errlen);
void html_waves_free(html_waves *hw);

#endif
