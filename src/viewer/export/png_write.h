/* png_write.h — writing frames as PNG files through libpng.
 *
 * Kept apart so that the one dependency on libpng lives in one small file;
 * a build without libpng gets a stub that says how to get it.
 */
#ifndef VIEWER_PNG_WRITE_H
#define VIEWER_PNG_WRITE_H

#include <stddef.h>
#include <stdint.h>

/* The zlib level frames are written with: PNG stays lossless at every level,
 * and UI frames (large flat areas) compress nearly as well at 1 as at 6, in a
 * fraction of the time. */
#define PNG_WRITE_LEVEL 1

/* Writes w x h pixels of 32-bit ARGB (SDL_PIXELFORMAT_ARGB8888, rows
 * `pitch` bytes apart) as an 8-bit RGB PNG at the zlib level (0..9).
 * Returns 0, or -1 with a message naming the file and the problem. */
int png_write_argb(const char *path, const void *pixels, int w, int h, int pitch, int level, char *err, size_t errlen);

/* The same keeping the alpha byte: an 8-bit RGBA PNG (icons). */
int png_write_argb_alpha(const char *path, const void *pixels, int w, int h, int pitch, int level, char *err,
                         size_t errlen);

#endif
