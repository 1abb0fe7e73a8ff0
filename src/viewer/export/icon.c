/* icon.c — `reducevis_icon SIZE OUT.png`: draws the program's icon, a frame
 * of the reduction tree (leaves summed pairwise up to one root), at one size,
 * as an RGBA PNG.  The build runs it for 16 … 256 px into the hicolor theme,
 * so the menu entry's icon is drawn by the program's own code, not a file
 * kept beside it.
 *
 * Each size is drawn for itself: a pyramid of 4 blocks at 16 px, a tree
 * of 4 leaves at 32 and 48, of 8 from 64 px on.  The
 * colours are the dark theme's (theme.c): leaves as shared-memory words,
 * the tree's inner sums as a fully active warp, the root as the accent.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "png_write.h"

typedef struct canvas {
    uint32_t *px;
    int size;
} canvas;

#define ARGB(r, g, b) (0xff000000u | (uint32_t)(r) << 16 | (uint32_t)(g) << 8 | (uint32_t)(b))

static void fill(canvas *c, double x0, double y0, double x1, double y1, uint32_t colour)
{
    int a = (int)(x0 + 0.5), b = (int)(y0 + 0.5), e = (int)(x1 + 0.5), f = (int)(y1 + 0.5);
    if (e <= a) e = a + 1; /* never thinner than a pixel */
    if (f <= b) f = b + 1;
    for (int y = b < 0 ? 0 : b; y < f && y < c->size; y++)
        for (int x = a < 0 ? 0 : a; x < e && x < c->size; x++) c->px[y * c->size + x] = colour;
}

/* The background: a rounded square (transparent outside its corners). */
static void background(canvas *c)
{
    int s = c->size;
    double r = s * 0.18;
    for (int y = 0; y < s; y++)
        for (int x = 0; x < s; x++) {
            double dx = x + 0.5 < r ? r - (x + 0.5) : x + 0.5 > s - r ? x + 0.5 - (s - r) : 0;
            double dy = y + 0.5 < r ? r - (y + 0.5) : y + 0.5 > s - r ? y + 0.5 - (s - r) : 0;
            if (dx * dx + dy * dy <= r * r) c->px[y * s + x] = ARGB(0x1c, 0x21, 0x2b);
        }
}

/* Drawn SS times larger, then each SS x SS block averaged into one pixel
 * (colours weighted by alpha): the background's corners come out smooth. */
#define SS 4

/* Sizes are in final pixels (times SS on the canvas).  Every cell and line
 * has an even width and a whole-pixel centre, so edges fall on pixel borders
 * at every size: slots of an even number of pixels, each sum centred over
 * its two parts. */
static void draw(canvas *c, int fs)
{
    const uint32_t leaf = ARGB(0x2f, 0x7c, 0xf6), inner = ARGB(0x2f, 0xbf, 0x71), root = ARGB(0xf0, 0xe4, 0x42),
                   stem = ARGB(0x7d, 0x88, 0x9c);
    /* at 16 px a pyramid of blocks reads better than a tree with stems */
    int stems = fs >= 32, leaves = fs >= 64 ? 8 : 4, levels = leaves == 8 ? 4 : 3;
    int slot = stems ? 2 * (int)(fs * 0.76 / leaves / 2 + 0.5) : 4;
    int cw = (int)(slot * 0.6 + 0.5) & ~1, lw = fs >= 256 ? 4 : 2;
    int m = (fs - slot * leaves) / 2;
    /* rows: cells and the gaps between them, centred in the height */
    int mv = stems ? (int)(fs * 0.16 + 0.5) : 1, h = fs - 2 * mv;
    int cell_h = stems ? (int)(h * 0.16 + 0.5) & ~1 : (h - (levels - 1)) / levels;
    int gap = (h - levels * cell_h) / (levels - 1);
    int bottom = fs - mv - (h - levels * cell_h - (levels - 1) * gap) / 2;
    if (cw < 2) cw = 2;
    background(c);
    for (int lv = 0; lv < levels; lv++) {
        int n = leaves >> lv, span = 1 << lv;
        int y1 = bottom - lv * (cell_h + gap), y0 = y1 - cell_h;
        for (int k = 0; k < n; k++) {
            int cx = m + k * span * slot + span * slot / 2; /* whole pixels: slot is even */
            int half = (lv == levels - 1 ? (cw * 3 / 2 + 1) & ~1 : lv && !stems ? cw + 2 : cw) / 2;
            fill(c, (cx - half) * SS, y0 * SS, (cx + half) * SS, y1 * SS,
                 lv == 0            ? leaf
                 : lv == levels - 1 ? root
                                    : inner);
            if (lv == 0 || !stems) continue;
            /* the two parts meet in a bar halfway up the gap, then one stem to this sum */
            int child = span * slot / 4, ym = y1 + gap / 2;
            fill(c, (cx - child - lw / 2) * SS, ym * SS, (cx - child + lw / 2) * SS, (y1 + gap) * SS, stem);
            fill(c, (cx + child - lw / 2) * SS, ym * SS, (cx + child + lw / 2) * SS, (y1 + gap) * SS, stem);
            fill(c, (cx - child - lw / 2) * SS, (ym - lw / 2) * SS, (cx + child + lw / 2) * SS, (ym + lw / 2) * SS,
                 stem);
            fill(c, (cx - lw / 2) * SS, y1 * SS, (cx + lw / 2) * SS, ym * SS, stem);
        }
    }
}

static void downsample(const canvas *big, canvas *out)
{
    for (int y = 0; y < out->size; y++)
        for (int x = 0; x < out->size; x++) {
            unsigned a = 0, r = 0, g = 0, b = 0;
            for (int dy = 0; dy < SS; dy++)
                for (int dx = 0; dx < SS; dx++) {
                    uint32_t p = big->px[(y * SS + dy) * big->size + x * SS + dx];
                    unsigned pa = p >> 24;
                    a += pa;
                    r += (p >> 16 & 0xff) * pa;
                    g += (p >> 8 & 0xff) * pa;
                    b += (p & 0xff) * pa;
                }
            out->px[y * out->size + x] = a ? (uint32_t)(a / (SS * SS)) << 24 | (r / a) << 16 | (g / a) << 8 | b / a : 0;
        }
}

int main(int argc, char **argv)
{
    char *end = NULL;
    long size = argc == 3 ? strtol(argv[1], &end, 10) : 0;
    if (argc != 3 || !end || *end || size < 16 || size > 1024) {
        fprintf(stderr, "usage: reducevis_icon SIZE OUT.png  (SIZE in pixels, 16 .. 1024)\n");
        return 1;
    }
    canvas big = {calloc((size_t)size * SS * (size_t)size * SS, sizeof(uint32_t)), (int)size * SS};
    canvas c = {calloc((size_t)size * (size_t)size, sizeof(uint32_t)), (int)size};
    if (!big.px || !c.px) {
        fprintf(stderr, "reducevis_icon: out of memory\n");
        free(big.px);
        free(c.px);
        return 2;
    }
    draw(&big, c.size);
    downsample(&big, &c);
    free(big.px);
    char err[512];
    int rc = png_write_argb_alpha(argv[2], c.px, c.size, c.size, c.size * 4, 9, err, sizeof err);
    free(c.px);
    if (rc != 0) {
        fprintf(stderr, "reducevis_icon: %s\n", err);
        return 2;
    }
    return 0;
}
