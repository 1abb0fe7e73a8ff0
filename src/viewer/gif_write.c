/* gif_write.c — frames to one animated GIF with giflib.
 *
 * A GIF frame holds at most 256 colours; ours hold a few dozen flat theme
 * colours and the shades of antialiased text.  So each frame gets its own
 * colour table (a local colour map) made of its most frequent exact colours,
 * up to 256, which keeps every theme colour exact, and any other colour is
 * drawn with the nearest entry of that table (a text edge moves by a shade).
 * No dithering: it would speckle flat areas and lengthen the file.
 *
 * Colours are counted in an open-addressing hash table keyed by 24-bit RGB;
 * once the table is chosen each count is replaced by the colour's index, so
 * a pixel then costs one lookup, and none while a run of one colour lasts.
 * Every frame is whole (no difference rectangles), carries its delay in a
 * Graphics Control Extension, and the NETSCAPE2.0 extension after the screen
 * descriptor makes viewers loop forever.  Bytes go out through our own FILE
 * (giflib's file opener creates files readable by their owner only), which
 * also keeps the system's reason when a write fails.  A GIF that fails is
 * removed, unless the path was no regular file (say /dev/full).
 */
#define _POSIX_C_SOURCE 200809L
#include "gif_write.h"

#include <errno.h>
#include <gif_lib.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "../i18n.h"

#define EMPTY 0xffffffffu /* the key of a free slot: no 24-bit colour */
#define FIRST_CAP 4096    /* slots at first; doubled while over half full */

typedef struct slot { uint32_t rgb, n; } slot; /* n: the count, then the index */

struct gif_writer {
    FILE *f;
    int regular;        /* f is a regular file: removed if the GIF fails */
    int write_errno;    /* why the first failed write failed, or 0 */
    GifFileType *gif;
    char *path;
    int w, h;
    slot *tab;          /* cap slots, a power of two */
    size_t cap, used;
    slot *order;        /* the used slots, most frequent first (cap / 2 room) */
    GifPixelType *line; /* one row of indices */
};

/* ---- counting colours ---------------------------------------------------------- */

static size_t slot_of(uint32_t rgb, size_t cap)
{
    uint32_t h = rgb * 2654435761u;
    return (h ^ h >> 16) & (cap - 1);
}

/* Twice the slots, every colour moved over.  0, or -1 out of memory. */
static int grow(gif_writer *g)
{
    size_t cap = g->cap * 2;
    slot *tab = malloc(cap * sizeof *tab), *order = realloc(g->order, cap / 2 * sizeof *order);
    if (order)
        g->order = order;
    if (!tab || !order) {
        free(tab);
        return -1;
    }
    memset(tab, 0xff, cap * sizeof *tab);
    for (size_t i = 0; i < g->cap; i++) {
        if (g->tab[i].rgb == EMPTY)
            continue;
        size_t j = slot_of(g->tab[i].rgb, cap);
        while (tab[j].rgb != EMPTY)
            j = (j + 1) & (cap - 1);
        tab[j] = g->tab[i];
    }
    free(g->tab);
    g->tab = tab;
    g->cap = cap;
    return 0;
}

/* The slot of rgb, added with count 0 when new; NULL out of memory. */
static slot *find(gif_writer *g, uint32_t rgb)
{
    size_t i = slot_of(rgb, g->cap);
    while (g->tab[i].rgb != rgb && g->tab[i].rgb != EMPTY)
        i = (i + 1) & (g->cap - 1);
    if (g->tab[i].rgb == rgb)
        return &g->tab[i];
    if (2 * (g->used + 1) > g->cap)
        return grow(g) == 0 ? find(g, rgb) : NULL;
    g->tab[i] = (slot){ rgb, 0 };
    g->used++;
    return &g->tab[i];
}

static const uint32_t *row_of(const void *pixels, int pitch, int y)
{
    return (const uint32_t *)((const uint8_t *)pixels + (size_t)y * (size_t)pitch);
}

/* Counts every colour of the frame.  0, or -1 out of memory. */
static int count_colours(gif_writer *g, const void *pixels, int pitch)
{
    memset(g->tab, 0xff, g->cap * sizeof *g->tab);
    g->used = 0;
    for (int y = 0; y < g->h; y++) {
        const uint32_t *row = row_of(pixels, pitch, y);
        for (int x = 0, run; x < g->w; x += run) {
            uint32_t rgb = row[x] & 0xffffff; /* ARGB8888 read as a word: 0xAARRGGBB */
            for (run = 1; x + run < g->w && (row[x + run] & 0xffffff) == rgb; run++)
                ;
            slot *s = find(g, rgb);
            if (!s)
                return -1;
            s->n += (uint32_t)run;
        }
    }
    return 0;
}

/* ---- the colour table ---------------------------------------------------------- */

static int by_count(const void *a, const void *b)
{
    const slot *p = a, *q = b;
    if (p->n != q->n)
        return p->n > q->n ? -1 : 1;
    return p->rgb < q->rgb ? -1 : p->rgb > q->rgb; /* ties: the same file every time */
}

/* The entry of pal closest to rgb (squared distance, green weighted most). */
static uint32_t nearest(const GifColorType *pal, int np, uint32_t rgb)
{
    int r = rgb >> 16 & 0xff, gr = rgb >> 8 & 0xff, b = rgb & 0xff;
    uint32_t best = 0;
    long bestd = LONG_MAX;
    for (int i = 0; i < np; i++) {
        long dr = pal[i].Red - r, dg = pal[i].Green - gr, db = pal[i].Blue - b;
        long d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
        if (d < bestd) {
            bestd = d;
            best = (uint32_t)i;
        }
    }
    return best;
}

/* Fills pal with the frame's most frequent colours and turns every slot's
 * count into its index in pal.  Returns the number of entries. */
static int make_palette(gif_writer *g, GifColorType pal[256])
{
    size_t k = 0;
    for (size_t i = 0; i < g->cap; i++)
        if (g->tab[i].rgb != EMPTY)
            g->order[k++] = g->tab[i];
    qsort(g->order, k, sizeof *g->order, by_count);
    int np = k < 256 ? (int)k : 256;
    for (int i = 0; i < np; i++) {
        uint32_t c = g->order[i].rgb;
        pal[i] = (GifColorType){ c >> 16 & 0xff, c >> 8 & 0xff, c & 0xff };
    }
    for (size_t i = 0; i < k; i++)
        find(g, g->order[i].rgb)->n = i < (size_t)np ? (uint32_t)i : nearest(pal, np, g->order[i].rgb);
    return np;
}

/* ---- the file ------------------------------------------------------------------ */

static int put_bytes(GifFileType *gif, const GifByteType *buf, int len)
{
    gif_writer *g = gif->UserData;
    size_t n = fwrite(buf, 1, (size_t)len, g->f);
    if (n < (size_t)len && !g->write_errno)
        g->write_errno = errno ? errno : EIO;
    return (int)n;
}

/* giflib's words for an error code. */
static const char *gif_why(int code)
{
    const char *s = GifErrorString(code);
    return s ? s : _("giflib failed");
}

/* "cannot write PATH: why", the system's reason where a write failed. */
static int fail(gif_writer *g, const char *why, char *err, size_t errlen)
{
    snprintf(err, errlen, _("cannot write %s: %s"), g->path, g->write_errno ? strerror(g->write_errno) : why);
    return -1;
}

gif_writer *gif_write_open(const char *path, int w, int h, char *err, size_t errlen)
{
    gif_writer *g = calloc(1, sizeof *g);
    size_t plen = strlen(path) + 1;
    if (g) {
        g->path = malloc(plen);
        g->tab = malloc(FIRST_CAP * sizeof *g->tab);
        g->order = malloc(FIRST_CAP / 2 * sizeof *g->order);
        g->line = malloc((size_t)w * sizeof *g->line);
    }
    if (!g || !g->path || !g->tab || !g->order || !g->line) {
        snprintf(err, errlen, _("cannot write %s: out of memory"), path);
        gif_write_close(g, 0, NULL, 0);
        return NULL;
    }
    memcpy(g->path, path, plen);
    g->cap = FIRST_CAP;
    g->w = w;
    g->h = h;
    if (!(g->f = fopen(path, "wb"))) {
        snprintf(err, errlen, _("cannot write %s: %s"), path, strerror(errno));
        gif_write_close(g, 0, NULL, 0);
        return NULL;
    }
    struct stat st;
    g->regular = fstat(fileno(g->f), &st) == 0 && S_ISREG(st.st_mode);
    int e = 0;
    static const GifByteType forever[3] = { 1, 0, 0 }; /* sub-block 1: loop count 0 = forever */
    g->gif = EGifOpen(g, put_bytes, &e);
    if (g->gif)
        EGifSetGifVersion(g->gif, true);
    if (!g->gif || EGifPutScreenDesc(g->gif, w, h, 8, 0, NULL) == GIF_ERROR
        || EGifPutExtensionLeader(g->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR
        || EGifPutExtensionBlock(g->gif, 11, "NETSCAPE2.0") == GIF_ERROR
        || EGifPutExtensionBlock(g->gif, 3, forever) == GIF_ERROR
        || EGifPutExtensionTrailer(g->gif) == GIF_ERROR || g->write_errno) {
        fail(g, gif_why(g->gif ? g->gif->Error : e), err, errlen);
        gif_write_close(g, 0, NULL, 0);
        return NULL;
    }
    return g;
}

int gif_write_frame(gif_writer *g, const void *pixels, int pitch, int delay_cs, char *err, size_t errlen)
{
    if (count_colours(g, pixels, pitch) != 0)
        return fail(g, _("out of memory"), err, errlen);
    GifColorType pal[256] = { { 0, 0, 0 } };
    int np = make_palette(g, pal);
    ColorMapObject *map = GifMakeMapObject(1 << GifBitSize(np), pal); /* a power of two, padded black */
    GraphicsControlBlock gcb = { .DisposalMode = DISPOSE_DO_NOT, .UserInputFlag = false,
                                 .DelayTime = delay_cs, .TransparentColor = NO_TRANSPARENT_COLOR };
    GifByteType gce[4];
    EGifGCBToExtension(&gcb, gce);
    int ok = map && EGifPutExtension(g->gif, GRAPHICS_EXT_FUNC_CODE, 4, gce) != GIF_ERROR
             && EGifPutImageDesc(g->gif, 0, 0, g->w, g->h, false, map) != GIF_ERROR;
    int have_map = map != NULL;
    GifFreeMapObject(map);
    for (int y = 0; ok && y < g->h; y++) {
        const uint32_t *row = row_of(pixels, pitch, y);
        uint32_t last = EMPTY;
        GifPixelType index = 0;
        for (int x = 0; x < g->w; x++) {
            uint32_t rgb = row[x] & 0xffffff;
            if (rgb != last) {
                last = rgb;
                index = (GifPixelType)find(g, rgb)->n;
            }
            g->line[x] = index;
        }
        ok = EGifPutLine(g->gif, g->line, g->w) != GIF_ERROR;
    }
    if (!ok || g->write_errno)
        return fail(g, have_map ? gif_why(g->gif->Error) : _("out of memory"), err, errlen);
    return 0;
}

int gif_write_close(gif_writer *g, int keep, char *err, size_t errlen)
{
    if (!g)
        return 0;
    char why[160] = "";
    int code = 0;
    if (g->gif && EGifCloseFile(g->gif, &code) == GIF_ERROR)
        snprintf(why, sizeof why, "%s", gif_why(code));
    if (g->write_errno && !why[0])
        snprintf(why, sizeof why, "%s", strerror(g->write_errno));
    if (g->f) {
        if (fclose(g->f) != 0 && !why[0])
            snprintf(why, sizeof why, "%s", strerror(errno));
        if ((!keep || why[0]) && g->regular)
            remove(g->path);
    }
    int rc = keep && why[0] ? -1 : 0;
    if (rc)
        snprintf(err, errlen, _("cannot write %s: %s"), g->path, why);
    free(g->path);
    free(g->tab);
    free(g->order);
    free(g->line);
    free(g);
    return rc;
}
