/* html_waves_beside.h — a student's kernel's lesson page ends on its grid
 * beside the version to beat's (`export --html --beside-waves V`, which the
 * class's trace pages ask for: docs/class.md).  The version's grid is not
 * run for the page: it is its recording, waves/DEVICE-V.rvt in the asset
 * folders (assets/waves/, `reducevis record`'s), of the GPU the trace ran
 * on where one is kept, else of another GPU, and the page then says the
 * two GPUs differ.  The trace's own grid is shown where its trace has a
 * waves run; a class makes none unless started with --waves, and the page
 * says so in its place. */
#ifndef VIEWER_HTML_WAVES_BESIDE_H
#define VIEWER_HTML_WAVES_BESIDE_H

#include <stddef.h>

#include "core/assets.h"
#include "html_waves.h"

typedef struct waves_beside {
    int version;                     /* V                                             */
    rv_trace *rec;                   /* V's recorded waves run, owned; NULL: none found */
    char path[ASSETS_PATH_LEN];      /* where it was read                             */
    char note[HTML_WAVES_TEXT];      /* which GPU it was recorded on, against the trace's */
    char aside[HTML_WAVES_TEXT / 2]; /* the same, short, where the GPUs differ; else "" */
} waves_beside;

/* V's recording for trace tr (the page's first launch: its origin names its
 * GPU) in the asset folders dirs: the first dir's waves/SLUG-V.rvt for tr's
 * GPU, else the alphabetically first waves/ANY-V.rvt of the first dir that
 * has one.  0 with b filled, or -1 with why in err (b->rec NULL): none
 * found, or one that does not load or is not V's with a waves run. */
int waves_beside_find(const char *const *dirs, int ndirs, int v, const rv_trace *tr, waves_beside *b, char *err,
                      size_t errlen);
void waves_beside_free(waves_beside *b);

/* The page's last position: a's first launch's grid (or why it has none)
 * beside b's, drawn on canvas c at w x h into hw, with both grids' words
 * as paragraphs, filled into st; the two into z as position pos's,
 * zoomable.  0, or -1 with err. */
int html_waves_beside_step(app *a, viewer_canvas *c, int w, int h, const waves_beside *b, html_zoom *z, int pos,
                           html_waves *hw, html_step *st, char *err, size_t errlen);

#endif
