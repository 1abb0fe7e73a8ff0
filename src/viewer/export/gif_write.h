/* gif_write.h — frames into one animated GIF through giflib.
 *
 * Kept apart, like png_write.h, so that the one dependency on giflib lives in
 * one small file; a build without giflib gets a stub (gif_none.c) that says
 * how to get it.
 */
#ifndef VIEWER_GIF_WRITE_H
#define VIEWER_GIF_WRITE_H

#include <stddef.h>

/* The delay of a frame is stored in hundredths of a second, in 16 bits. */
#define GIF_WRITE_MAX_DELAY_CS 65535

typedef struct gif_writer gif_writer;

/* Starts an animated GIF of w x h frames at path that loops forever.
 * NULL with a message naming the file and the problem. */
gif_writer *gif_write_open(const char *path, int w, int h, char *err, size_t errlen);

/* Appends one frame of 32-bit ARGB pixels (SDL_PIXELFORMAT_ARGB8888, w x h,
 * rows `pitch` bytes apart), shown for delay_cs hundredths of a second.
 * The frame's colours: its 256 most frequent exactly, any other the nearest
 * of those.  0, or -1 with err. */
int gif_write_frame(gif_writer *g, const void *pixels, int pitch, int delay_cs, char *err, size_t errlen);

/* Finishes the file and frees g.  With keep 0 (or when finishing fails) the
 * file is removed, so a failed export leaves no half GIF behind.  0, or -1
 * with err. */
int gif_write_close(gif_writer *g, int keep, char *err, size_t errlen);

#endif
