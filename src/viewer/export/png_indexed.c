/* png_indexed.c — frames as indexed PNG in memory, with libpng (png_indexed.h).
 *
 * No row filter: filters predict neighbouring bytes, which means nothing for
 * indices into a table; zlib at its best level finds the long runs of flat
 * colour on its own.
 */
#include "png_indexed.h"

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "viewer/draw/palette.h"

typedef struct membuf {
    unsigned char *data;
    size_t len, cap;
    int oom;
    char *err;
    size_t errlen;
} membuf;

static void on_error(png_structp png, png_const_charp msg)
{
    membuf *m = png_get_error_ptr(png);
    snprintf(m->err, m->errlen, "libpng: %s", msg);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

static void on_write(png_structp png, png_bytep data, size_t len)
{
    membuf *m = png_get_io_ptr(png);
    if (m->len + len > m->cap) {
        size_t cap = m->cap ? m->cap : 1 << 16;
        while (cap < m->len + len) cap *= 2;
        unsigned char *d = realloc(m->data, cap);
        if (!d) {
            m->oom = 1;
            snprintf(m->err, m->errlen, "out of memory");
            png_longjmp(png, 1);
        }
        m->data = d;
        m->cap = cap;
    }
    memcpy(m->data + m->len, data, len);
    m->len += len;
}

static void on_flush(png_structp png) { (void)png; }

int png_indexed_encode(const void *pixels, int w, int h, int pitch, unsigned char **out, size_t *outlen, char *err,
                       size_t errlen)
{
    *out = NULL;
    *outlen = 0;
    palette *pal = palette_new();
    uint8_t *volatile line = malloc((size_t)w);
    uint8_t rgb[256][3];
    int np = pal && line ? palette_choose(pal, pixels, w, h, pitch, rgb) : -1;
    if (np < 0) {
        snprintf(err, errlen, "out of memory");
        palette_free(pal);
        free(line);
        return -1;
    }
    membuf m = {NULL, 0, 0, 0, err, errlen};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &m, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        if (!png || !info) snprintf(err, errlen, "out of memory");
        png_destroy_write_struct(&png, &info);
        palette_free(pal);
        free(line);
        free(m.data);
        return -1;
    }
    png_set_write_fn(png, &m, on_write, on_flush);
    png_set_compression_level(png, 9);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    int depth = np <= 2 ? 1 : np <= 4 ? 2 : np <= 16 ? 4 : 8;
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, depth, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_color plte[256];
    for (int i = 0; i < np; i++) plte[i] = (png_color){rgb[i][0], rgb[i][1], rgb[i][2]};
    png_set_PLTE(png, info, plte, np);
    png_write_info(png, info);
    if (depth < 8) png_set_packing(png); /* one index a byte in, packed into fewer bits out */
    for (int y = 0; y < h; y++) {
        palette_map_row(pal, (const uint32_t *)((const uint8_t *)pixels + (size_t)y * (size_t)pitch), w, line);
        png_write_row(png, line);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    palette_free(pal);
    free(line);
    *out = m.data;
    *outlen = m.len;
    return 0;
}
