/* gif_write.c — frames to one animated GIF with giflib.
 *
 * A GIF frame holds at most 256 colours, so each frame gets its own colour
 * table (a local colour map), chosen by palette.c: its most frequent exact
 * colours, any other the nearest of those.
 *
 * Every frame is whole (no difference rectangles), carries its delay in a
 * Graphics Control Extension, and the NETSCAPE2.0 extension after the screen
 * descriptor makes viewers loop forever.  Bytes go out through our own FILE
 * (giflib's file opener creates files readable by their owner only), which
 * also keeps the system's reason when a write fails.  A GIF that fails is
 * removed, unless the path was no regular file (say /dev/full).
 */
#include "gif_write.h"
#include "viewer/draw/palette.h"

#include <errno.h>
#include <gif_lib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "core/i18n.h"

struct gif_writer {
    FILE *f;
    int regular;     /* f is a regular file: removed if the GIF fails */
    int write_errno; /* why the first failed write failed, or 0 */
    GifFileType *gif;
    char *path;
    int w, h;
    palette *pal;       /* the colour table of the frame being written */
    GifPixelType *line; /* one row of indices */
};

static const uint32_t *row_of(const void *pixels, int pitch, int y)
{
    return (const uint32_t *)((const uint8_t *)pixels + (size_t)y * (size_t)pitch);
}

/* ---- the file ------------------------------------------------------------------ */

static int put_bytes(GifFileType *gif, const GifByteType *buf, int len)
{
    gif_writer *g = gif->UserData;
    size_t n = fwrite(buf, 1, (size_t)len, g->f);
    if (n < (size_t)len && !g->write_errno) g->write_errno = errno ? errno : EIO;
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
        g->pal = palette_new();
        g->line = malloc((size_t)w * sizeof *g->line);
    }
    if (!g || !g->path || !g->pal || !g->line) {
        snprintf(err, errlen, _("cannot write %s: out of memory"), path);
        gif_write_close(g, 0, NULL, 0);
        return NULL;
    }
    memcpy(g->path, path, plen);
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
    static const GifByteType forever[3] = {1, 0, 0}; /* sub-block 1: loop count 0 = forever */
    g->gif = EGifOpen(g, put_bytes, &e);
    if (g->gif) EGifSetGifVersion(g->gif, true);
    if (!g->gif || EGifPutScreenDesc(g->gif, w, h, 8, 0, NULL) == GIF_ERROR ||
        EGifPutExtensionLeader(g->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(g->gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
        EGifPutExtensionBlock(g->gif, 3, forever) == GIF_ERROR || EGifPutExtensionTrailer(g->gif) == GIF_ERROR ||
        g->write_errno) {
        fail(g, gif_why(g->gif ? g->gif->Error : e), err, errlen);
        gif_write_close(g, 0, NULL, 0);
        return NULL;
    }
    return g;
}

int gif_write_frame(gif_writer *g, const void *pixels, int pitch, int delay_cs, char *err, size_t errlen)
{
    uint8_t rgb[256][3];
    int np = palette_choose(g->pal, pixels, g->w, g->h, pitch, rgb);
    if (np < 0) return fail(g, _("out of memory"), err, errlen);
    GifColorType pal[256];
    for (int i = 0; i < 256; i++) pal[i] = (GifColorType){rgb[i][0], rgb[i][1], rgb[i][2]};
    ColorMapObject *map = GifMakeMapObject(1 << GifBitSize(np), pal); /* a power of two, padded black */
    GraphicsControlBlock gcb = {.DisposalMode = DISPOSE_DO_NOT,
                                .UserInputFlag = false,
                                .DelayTime = delay_cs,
                                .TransparentColor = NO_TRANSPARENT_COLOR};
    GifByteType gce[4];
    EGifGCBToExtension(&gcb, gce);
    int ok = map && EGifPutExtension(g->gif, GRAPHICS_EXT_FUNC_CODE, 4, gce) != GIF_ERROR &&
             EGifPutImageDesc(g->gif, 0, 0, g->w, g->h, false, map) != GIF_ERROR;
    int have_map = map != NULL;
    GifFreeMapObject(map);
    for (int y = 0; ok && y < g->h; y++) {
        palette_map_row(g->pal, row_of(pixels, pitch, y), g->w, g->line);
        ok = EGifPutLine(g->gif, g->line, g->w) != GIF_ERROR;
    }
    if (!ok || g->write_errno) return fail(g, have_map ? gif_why(g->gif->Error) : _("out of memory"), err, errlen);
    return 0;
}

int gif_write_close(gif_writer *g, int keep, char *err, size_t errlen)
{
    if (!g) return 0;
    char why[160] = "";
    int code = 0;
    if (g->gif && EGifCloseFile(g->gif, &code) == GIF_ERROR) snprintf(why, sizeof why, "%s", gif_why(code));
    if (g->write_errno && !why[0]) snprintf(why, sizeof why, "%s", strerror(g->write_errno));
    if (g->f) {
        if (fclose(g->f) != 0 && !why[0]) snprintf(why, sizeof why, "%s", strerror(errno));
        if ((!keep || why[0]) && g->regular) remove(g->path);
    }
    int rc = keep && why[0] ? -1 : 0;
    if (rc) snprintf(err, errlen, _("cannot write %s: %s"), g->path, why);
    free(g->path);
    palette_free(g->pal);
    free(g->line);
    free(g);
    return rc;
}
