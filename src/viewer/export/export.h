/* export.h — frames to image files: `reducevis export` and the viewer's E key.
 *
 * Frames are drawn off-screen through the same draw_frame() as the window
 * (viewer_canvas, SDL's software renderer) and written as PNG (png_write.h),
 * or as the frames of one animated GIF (gif_write.h).
 * File names sort in step order: v1-step03.png, v1-vs-v2-step03.png.
 */
#ifndef VIEWER_EXPORT_H
#define VIEWER_EXPORT_H

#include <stddef.h>
#include <SDL.h>
#include "export_file.h"
#include "gif_write.h"
#include "viewer/window/viewer.h"

/* export --quiz: <version>-quiz.json in dir, the question and the frame
 * names of positions first..last of story st (every launch's steps in a
 * row: story.h) (export_quiz.c).  0 with its path, or -1 with err. */
struct story;
int export_quiz_index(const struct story *st, int first, int last, const char *dir, char *path, size_t plen, char *err,
                      size_t errlen);

/* Parses "all", "K" or "A-B" (1-based, inclusive) against n positions into
 * [*first, *last] (0-based).  0, or -1 with err saying what is wrong. */
int export_parse_steps(const char *spec, int n, int *first, int *last, char *err, size_t errlen);

#endif
