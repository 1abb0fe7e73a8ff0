/* icon.c — `reducevis_icon SIZE OUT.png`: draws the program's icon, a frame
 * of the reduction tree (leaves summed pairwise up to one root), at one size,
 * as an RGBA PNG.  The build runs it for 16 … 256 px into the hicolor theme,
 * so the menu entry's icon is drawn by the program's own code, not a file
 * kept beside it.
 *
 * Each size is drawn on its own pixel grid (not scaled down from 256), so
 * the small ones stay crisp: 4 leaves below 48 px, 8 from there on.  The
 * colours are the dark theme's (theme.c): leaves as shared-memory words,
 * the tree's inner sums as a fully active warp, the root as the accent.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "png_write.h"

typedef struct canvas { uint32_t *px; int size; } canvas;

#define ARGB(r, g, b) (0xff000000u | (uint32_t)(r) << 16 | (uint32_t)(g) << 8 | (uint32_t)(b))

static void fill(canvas *c, double x0, double y0, double x1, double y1, uint32_t colour)
{
    int a = (int)(x0 + 0.5), b = (int)(y0 + 0.5), e = (int)(x1 + 0.5), f = (int)(y1 + 0.5);
    if (e <= a) e = a + 1;          /* never thinner than a pixel */
    if (f <= b) f = b + 1;
    for (int y = b < 0 ? 0 : b; y < f && y < c->size; y++)
        for (int x = a < 0 ? 0 : a; x < e && x < c->size; x++)
            c->px[y * c->size + x] = colour;
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
            if (dx * dx + dy * dy <= r * r)
                c->px[y * s + x] = ARGB(0x1c, 0x21, 0x2b);
        }
}

static void draw(canvas *c)
{
    const uint32_t leaf = ARGB(0x2f, 0x7c, 0xf6), inner = ARGB(0x2f, 0xbf, 0x71),
                   root = ARGB(0xf0, 0xe4, 0x42), stem = ARGB(0x7d, 0x88, 0x9c);
    int s = c->size, leaves = s >= 48 ? 8 : 4, levels = leaves == 8 ? 4 : 3;
    double m = s * 0.14, w = s - 2 * m, slot = w / leaves;
    double cell_w = slot * 0.72, cell_h = w / (levels * 2 - 1) * 1.05;
    double gap = (w - levels * cell_h) / (levels - 1), line = s >= 64 ? s / 64.0 : 1;
    background(c);
    for (int lv = 0; lv < levels; lv++) {
        int n = leaves >> lv, span = 1 << lv;
        double y1 = s - m - lv * (cell_h + gap), y0 = y1 - cell_h;
        for (int k = 0; k < n; k++) {
            double cx = m + (k * span + span / 2.0) * slot;
            double cw = lv == levels - 1 ? cell_w * 1.5 : cell_w;
            fill(c, cx - cw / 2, y0, cx + cw / 2, y1, lv == 0 ? leaf : lv == levels - 1 ? root : inner);
            if (lv == 0)
                continue;
            /* the two children meet in a bar halfway up the gap, then one stem to this sum */
            double child = span / 4.0 * slot, ym = y1 + gap / 2;
            fill(c, cx - child - line / 2, ym, cx - child + line / 2, y1 + gap, stem);
            fill(c, cx + child - line / 2, ym, cx + child + line / 2, y1 + gap, stem);
            fill(c, cx - child - line / 2, ym - line / 2, cx + child + line / 2, ym + line / 2, stem);
            fill(c, cx - line / 2, y1, cx + line / 2, ym, stem);
        }
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
    canvas c = { calloc((size_t)size * (size_t)size, sizeof(uint32_t)), (int)size };
    if (!c.px) {
        fprintf(stderr, "reducevis_icon: out of memory\n");
        return 2;
    }
    draw(&c);
    char err[512];
    int rc = png_write_argb_alpha(argv[2], c.px, c.size, c.size, c.size * 4, 9, err, sizeof err);
    free(c.px);
    if (rc != 0) {
        fprintf(stderr, "reducevis_icon: %s\n", err);
        return 2;
    }
    return 0;
}
