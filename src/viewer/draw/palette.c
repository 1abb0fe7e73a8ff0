/* palette.c — choosing a frame's table of at most 256 colours (palette.h).
 *
 * Colours are ranked by the pixels they fill in horizontal runs of four or
 * more, then by all their pixels: the flat colours of boxes, bars and
 * glyph strokes come before the shades of antialiased edges, however many
 * of those there are, so a rare theme colour (one small badge) stays exact.
 *
 * Colours are counted in an open-addressing hash table keyed by 24-bit RGB;
 * once the table is chosen each count is replaced by the colour's index, so
 * a pixel then costs one lookup, and none while a run of one colour lasts.
 */
#include "palette.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define EMPTY     0xffffffffu /* the key of a free slot: no 24-bit colour */
#define FIRST_CAP 4096        /* slots at first; doubled while over half full */

#define FLAT_RUN 4 /* a run this long is a filled shape, not a text edge */

/* n: the count, then the index; flat: pixels in runs of FLAT_RUN or more */
typedef struct slot {
    uint32_t rgb, n, flat;
} slot;

struct palette {
    slot *tab; /* cap slots, a power of two */
    size_t cap, used;
    slot *order; /* the used slots, most frequent first (cap / 2 room) */
};

palette *palette_new(void)
{
    palette *p = calloc(1, sizeof *p);
    if (p) {
        p->tab = malloc(FIRST_CAP * sizeof *p->tab);
        p->order = malloc(FIRST_CAP / 2 * sizeof *p->order);
        p->cap = FIRST_CAP;
    }
    if (!p || !p->tab || !p->order) {
        palette_free(p);
        return NULL;
    }
    return p;
}

void palette_free(palette *p)
{
    if (!p) return;
    free(p->tab);
    free(p->order);
    free(p);
}

/* ---- counting colours ---------------------------------------------------------- */

static size_t slot_of(uint32_t rgb, size_t cap)
{
    uint32_t h = rgb * 2654435761u;
    return (h ^ h >> 16) & (cap - 1);
}

/* Twice the slots, every colour moved over.  0, or -1 out of memory. */
static int grow(palette *p)
{
    size_t cap = p->cap * 2;
    slot *tab = malloc(cap * sizeof *tab), *order = realloc(p->order, cap / 2 * sizeof *order);
    if (order) p->order = order;
    if (!tab || !order) {
        free(tab);
        return -1;
    }
    memset(tab, 0xff, cap * sizeof *tab);
    for (size_t i = 0; i < p->cap; i++) {
        if (p->tab[i].rgb == EMPTY) continue;
        size_t j = slot_of(p->tab[i].rgb, cap);
        while (tab[j].rgb != EMPTY) j = (j + 1) & (cap - 1);
        tab[j] = p->tab[i];
    }
    free(p->tab);
    p->tab = tab;
    p->cap = cap;
    return 0;
}

/* The slot of rgb, added with count 0 when new; NULL out of memory. */
static slot *find(palette *p, uint32_t rgb)
{
    size_t i = slot_of(rgb, p->cap);
    while (p->tab[i].rgb != rgb && p->tab[i].rgb != EMPTY) i = (i + 1) & (p->cap - 1);
    if (p->tab[i].rgb == rgb) return &p->tab[i];
    if (2 * (p->used + 1) > p->cap) return grow(p) == 0 ? find(p, rgb) : NULL;
    p->tab[i] = (slot){rgb, 0, 0};
    p->used++;
    return &p->tab[i];
}

static const uint32_t *row_of(const void *pixels, int pitch, int y)
{
    return (const uint32_t *)((const uint8_t *)pixels + (size_t)y * (size_t)pitch);
}

/* Counts every colour of the frame.  0, or -1 out of memory. */
static int count_colours(palette *p, const void *pixels, int w, int h, int pitch)
{
    memset(p->tab, 0xff, p->cap * sizeof *p->tab);
    p->used = 0;
    for (int y = 0; y < h; y++) {
        const uint32_t *row = row_of(pixels, pitch, y);
        for (int x = 0, run; x < w; x += run) {
            uint32_t rgb = row[x] & 0xffffff; /* ARGB8888 read as a word: 0xAARRGGBB */
            for (run = 1; x + run < w && (row[x + run] & 0xffffff) == rgb; run++)
                ;
            slot *s = find(p, rgb);
            if (!s) return -1;
            s->n += (uint32_t)run;
            if (run >= FLAT_RUN) s->flat += (uint32_t)run;
        }
    }
    return 0;
}

/* ---- the table ----------------------------------------------------------------- */

static int by_count(const void *a, const void *b)
{
    const slot *p = a, *q = b;
    if (p->flat != q->flat) return p->flat > q->flat ? -1 : 1;
    if (p->n != q->n) return p->n > q->n ? -1 : 1;
    return p->rgb < q->rgb ? -1 : p->rgb > q->rgb; /* ties: the same file every time */
}

/* The entry of rgb[] closest to c (squared distance, green weighted most). */
static uint32_t nearest(const uint8_t pal[256][3], int np, uint32_t c)
{
    int r = c >> 16 & 0xff, g = c >> 8 & 0xff, b = c & 0xff;
    uint32_t best = 0;
    long bestd = LONG_MAX;
    for (int i = 0; i < np; i++) {
        long dr = pal[i][0] - r, dg = pal[i][1] - g, db = pal[i][2] - b;
        long d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
        if (d < bestd) {
            bestd = d;
            best = (uint32_t)i;
        }
    }
    return best;
}

int palette_choose(palette *p, const void *pixels, int w, int h, int pitch, uint8_t rgb[256][3])
{
    if (count_colours(p, pixels, w, h, pitch) != 0) return -1;
    size_t k = 0;
    for (size_t i = 0; i < p->cap; i++)
        if (p->tab[i].rgb != EMPTY) p->order[k++] = p->tab[i];
    qsort(p->order, k, sizeof *p->order, by_count);
    int np = k < 256 ? (int)k : 256;
    memset(rgb, 0, 256 * sizeof rgb[0]);
    for (int i = 0; i < np; i++) {
        uint32_t c = p->order[i].rgb;
        rgb[i][0] = c >> 16 & 0xff;
        rgb[i][1] = c >> 8 & 0xff;
        rgb[i][2] = c & 0xff;
    }
    for (size_t i = 0; i < k; i++)
        find(p, p->order[i].rgb)->n =
            i < (size_t)np ? (uint32_t)i : nearest((const uint8_t(*)[3])rgb, np, p->order[i].rgb);
    return np > 0 ? np : 1;
}

uint8_t palette_index(palette *p, uint32_t rgb)
{
    slot *s = find(p, rgb & 0xffffff);
    return s ? (uint8_t)s->n : 0;
}

void palette_map_row(palette *p, const uint32_t *row, int w, uint8_t *out)
{
    uint32_t last = EMPTY;
    uint8_t index = 0;
    for (int x = 0; x < w; x++) {
        uint32_t rgb = row[x] & 0xffffff;
        if (rgb != last) {
            last = rgb;
            index = palette_index(p, rgb);
        }
        out[x] = index;
    }
}
