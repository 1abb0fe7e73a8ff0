/* export_file.h — one frame as a file: its name, PNG, a GIF frame, and the
 * viewer's E key (export_file.c).  File names sort in step order:
 * v1-step03.png, v1-vs-v2-step03.png.
 */
#ifndef VIEWER_EXPORT_FILE_H
#define VIEWER_EXPORT_FILE_H

#include <stddef.h>
#include <SDL.h>
#include "gif_write.h"
#include "viewer/window/viewer.h"

/* What a trace's files are named after: its version ("v1"), or for a kernel
 * traced from a student's file that file's name without ".cu", every
 * character but letters, digits, '-' and '_' made '_' (a name from a
 * student's disk is no part of a path), at most 40 of them. */
void export_trace_stem(const rv_trace *tr, char *buf, size_t len);

/* "v1-step03.png", or "v1-vs-v2-step03.png" when b is not NULL
 * ("my_reduce-vs-v3-step03.png" for a student's trace); `pos` counts from
 * 1, zero-padded to the width of `total` (at least two digits). */
void export_frame_name(const rv_trace *a, const rv_trace *b, int pos, int total, char *buf, size_t len);

/* The same for predict mode's slides (export --quiz): "v1-step03a-question.png"
 * then "v1-step03b-answer.png" (answer 1), so that they sort in that order. */
void export_quiz_frame_name(const rv_trace *a, int pos, int total, int answer, char *buf, size_t len);

/* The grid's picture alone (W, docs/waves.md): "v8-waves.png", or
 * "v6-vs-v8-waves.png" when b is not NULL. */
void export_waves_frame_name(const rv_trace *a, const rv_trace *b, char *buf, size_t len);

/* The file of position pos (from 0) of story st (story.h), as export
 * writes it: for one launch, export_frame_name's ("v1-step03.png"); for a
 * run of several, the launch and its step, each zero-padded so that the
 * names sort in the order of the story: "my_reduce-launch2-step03.png".
 * answer 0 or 1: predict mode's question or answer frame, as
 * export_quiz_frame_name; -1: a plain frame. */
struct story;
void export_story_frame_name(const struct story *st, int pos, int answer, char *buf, size_t len);

/* Writes an ARGB8888 surface as PNG.  0, or -1 with err naming the file. */
int export_write_png(SDL_Surface *s, const char *path, char *err, size_t errlen);

/* Appends an ARGB8888 surface to an animated GIF, shown for delay_cs
 * hundredths of a second.  0, or -1 with err. */
int export_add_gif_frame(gif_writer *g, SDL_Surface *s, int delay_cs, char *err, size_t errlen);

/* The viewer's E key: draws f off-screen and saves it in dir under its
 * export name (adding -2, -3 ... rather than overwrite).  The saved path goes
 * into path.  0, or -1 with err. */
int export_save_frame(const viewer_frame *f, const char *font, const char *dir, char *path, size_t plen, char *err,
                      size_t errlen);

/* Both, as the window takes them (viewer_use_savers). */
extern const viewer_savers export_savers;

#endif
