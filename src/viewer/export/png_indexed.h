/* png_indexed.h — a frame as an 8-bit indexed PNG in memory.
 *
 * The HTML lesson embeds every step's frame in one file that should stay
 * small enough to mail: a colour table of at most 256 entries (palette.c:
 * theme colours exact, text edges to the nearest shade) and one byte a
 * pixel compress to about a third of the RGB PNG of the same frame.
 */
#ifndef VIEWER_PNG_INDEXED_H
#define VIEWER_PNG_INDEXED_H

#include <stddef.h>

/* Encodes w x h pixels of 32-bit ARGB (SDL_PIXELFORMAT_ARGB8888, rows
 * `pitch` bytes apart) as an indexed PNG into a new buffer (*out, *outlen;
 * the caller frees it).  0, or -1 with err saying why. */
int png_indexed_encode(const void *pixels, int w, int h, int pitch, unsigned char **out, size_t *outlen, char *err,
                       size_t errlen);

#endif
