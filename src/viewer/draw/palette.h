/* palette.h — a frame's colours as a table of at most 256 entries.
 *
 * Our frames hold a few dozen flat theme colours and the shades of
 * antialiased text, so a frame's most frequent exact colours, up to 256,
 * keep every theme colour exact, and any other colour maps to the nearest
 * entry (a text edge moves by a shade).  No dithering: it would speckle flat
 * areas and lengthen the file.  Shared by the animated GIF (gif_write.c) and
 * the indexed PNG of the HTML lesson (png_indexed.c).
 */
#ifndef VIEWER_PALETTE_H
#define VIEWER_PALETTE_H

#include <stdint.h>

typedef struct palette palette;

/* An empty palette; NULL out of memory. */
palette *palette_new(void);
void palette_free(palette *p);

/* Counts every colour of w x h pixels of 32-bit ARGB (SDL_PIXELFORMAT_ARGB8888,
 * rows `pitch` bytes apart; alpha ignored) and chooses the table: rgb gets
 * its entries as R, G, B.  Returns the number of entries (1..256), or -1 out
 * of memory. */
int palette_choose(palette *p, const void *pixels, int w, int h, int pitch, uint8_t rgb[256][3]);

/* The entry of the last chosen table for a colour of that frame (0xRRGGBB). */
uint8_t palette_index(palette *p, uint32_t rgb);

/* One row of that frame as indices into the table. */
void palette_map_row(palette *p, const uint32_t *row, int w, uint8_t *out);

#endif
