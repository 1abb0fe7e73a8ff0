/* html_export.h — `reducevis export --html`: the lesson as one HTML page.
 *
 * Draws every chosen position of an app (a step, or an aligned row of two
 * versions) through the same canvas as the PNG export, encodes it as an
 * indexed PNG, and hands it to the page writer (html_write.h) with the
 * words the frame says as text: the banner, the source line, the difference
 * in compare mode, and the viewer's tooltip for every word and lane.
 */
#ifndef VIEWER_HTML_EXPORT_H
#define VIEWER_HTML_EXPORT_H

#include <stddef.h>
#include "viewer/window/app.h"
#include "viewer/window/viewer.h"

/* Writes positions first..last (0-based, inclusive) of a, drawn at w x h
 * with canvas c, as one page at path; with quiz (export --quiz, one
 * version), each step with a question asks it before it shows the step.
 * live: NULL, or the live class's style, script and words (html_page's
 * live_* fields; `reducevis class`).
 * *bytes gets the file's size.  0, or -1 with err naming the file and the
 * problem (no file is left). */
#include "html_write.h"
#include "html_waves_beside.h"
/* beside: NULL, or a version's recorded grid the page ends on, beside the
 * trace's own or why it has none (`export --beside-waves`). */
int html_export_write(app *a, viewer_canvas *c, int w, int h, int first, int last, int quiz, const html_page *live,
                      const waves_beside *beside, const char *path, long long *bytes, char *err, size_t errlen);

/* `reducevis export --html`: html_export_write, then one line saying what
 * was written and its size ("wrote lesson.html: 10 steps ... 2.1 MB"), or
 * the error.  Returns the command's exit status (0, or 2: RV_EXIT_RUNTIME). */
int html_export_command(app *a, viewer_canvas *c, const char *path, int w, int h, int first, int last, int quiz,
                        const char *theme_name, const waves_beside *beside);

#endif
