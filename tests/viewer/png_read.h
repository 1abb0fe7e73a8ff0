/* png_read.h — what the viewer tests that write PNG files share: reading
 * one back with libpng (the whole picture, or only its header's size), and
 * sampling its pixels by colour as pixels.h does for surfaces. */
#ifndef RV_TEST_PNG_READ_H
#define RV_TEST_PNG_READ_H

#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pixels.h"

typedef struct image { int w, h; unsigned char *rgb; } image;

/* Decodes the PNG at path as 8-bit RGB into im (free im->rgb).  0 or -1. */
static inline int png_load(const char *path, image *im)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&pi, path)) {
        fprintf(stderr, "png_load %s: %s\n", path, pi.message);
        return -1;
    }
    pi.format = PNG_FORMAT_RGB;
    im->w = (int)pi.width;
    im->h = (int)pi.height;
    im->rgb = malloc(PNG_IMAGE_SIZE(pi));
    if (!im->rgb || !png_image_finish_read(&pi, NULL, im->rgb, 0, NULL)) {
        fprintf(stderr, "png_load %s: %s\n", path, pi.message);
        free(im->rgb);
        im->rgb = NULL;
        return -1;
    }
    return 0;
}

/* The size in a PNG's header (signature, then the IHDR chunk), read as bytes
 * without libpng.  0, or -1 when the file is not a PNG. */
static inline int png_header_size(const char *path, int *w, int *h)
{
    static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    unsigned char b[24];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(b, 1, sizeof b, f) : 0;
    if (f)
        fclose(f);
    if (n != sizeof b || memcmp(b, sig, 8) != 0 || memcmp(b + 12, "IHDR", 4) != 0)
        return -1;
    *w = (int)((uint32_t)b[16] << 24 | (uint32_t)b[17] << 16 | (uint32_t)b[18] << 8 | b[19]);
    *h = (int)((uint32_t)b[20] << 24 | (uint32_t)b[21] << 16 | (uint32_t)b[22] << 8 | b[23]);
    return 0;
}

static inline rgba px(const image *im, int x, int y)
{
    const unsigned char *p = im->rgb + ((size_t)y * im->w + x) * 3;
    return (rgba){ p[0], p[1], p[2], 255 };
}

#define CHECK_PX(im, x, y, want, what)                                                    \
    do {                                                                                  \
        rgba got_ = px((im), (x), (y)), want_ = (want);                                   \
        CHECK(same(got_, want_), "%s at (%d,%d): got #%02x%02x%02x, want #%02x%02x%02x",  \
              (what), (x), (y), got_.r, got_.g, got_.b, want_.r, want_.g, want_.b);       \
    } while (0)

#endif
