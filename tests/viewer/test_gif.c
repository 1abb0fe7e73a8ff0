/* test_gif.c — the animated GIF export, headless, read back with giflib.
 *
 * `reducevis export ... --gif` is run in this process (export_main) and its
 * file decoded with DGifSlurp: one frame per step asked for, the screen at
 * --size, the --delay in every frame's Graphics Control Extension, the
 * NETSCAPE2.0 loop extension, and pixels where the layout says a feature is
 * decoding to exactly the theme's colour (light and dark).  The writer on its
 * own: a frame of more than 256 colours comes back nearly pixel for pixel as
 * drawn, every colour of its table exactly; bad paths fail with a message
 * and leave no file.
 */
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <SDL.h>
#include "../check.h"
#include "pixels.h"
#include "viewer/window/app.h"
#include "viewer/draw/draw.h"
#include "viewer/export/export.h"
#include "viewer/export/gif_write.h"
#include "viewer/draw/layout.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"

static char tmpdir[256];

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The whole GIF at path in memory (DGifCloseFile it), or NULL. */
static GifFileType *gif_load(const char *path)
{
    int e = 0;
    GifFileType *g = DGifOpenFileName(path, &e);
    if (!g) {
        fprintf(stderr, "gif_load %s: %s\n", path, GifErrorString(e));
        return NULL;
    }
    if (DGifSlurp(g) != GIF_OK) {
        fprintf(stderr, "gif_load %s: %s\n", path, GifErrorString(g->Error));
        DGifCloseFile(g, &e);
        return NULL;
    }
    return g;
}

/* The colour of screen pixel (x, y) in frame k (frames cover the screen). */
static rgba gif_px(const GifFileType *g, int k, int x, int y)
{
    const SavedImage *im = &g->SavedImages[k];
    const ColorMapObject *map = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : g->SColorMap;
    GifColorType c = map->Colors[im->RasterBits[(size_t)y * (size_t)im->ImageDesc.Width + (size_t)x]];
    return (rgba){ c.Red, c.Green, c.Blue, 255 };
}

#define CHECK_GIF_PX(g, k, x, y, want, what)                                                     \
    do {                                                                                         \
        rgba got_ = gif_px((g), (k), (x), (y)), want_ = (want);                                  \
        CHECK(same(got_, want_), "%s, frame %d at (%d,%d): got #%02x%02x%02x, want #%02x%02x%02x", \
              (what), (k), (x), (y), got_.r, got_.g, got_.b, want_.r, want_.g, want_.b);         \
    } while (0)

/* Checks what every GIF of the export has: the signature, the screen, whole
 * frames with their own colour table and the delay (unless delay_cs < 0),
 * and the loop. */
static void check_structure(const char *path, const GifFileType *g, int frames, int w, int h, int delay_cs)
{
    char sig[7] = "";
    FILE *f = fopen(path, "rb");
    CHECK(f && fread(sig, 1, 6, f) == 6 && !strcmp(sig, "GIF89a"), "%s starts GIF89a (got '%s')", path, sig);
    if (f)
        fclose(f);
    CHECK(g->ImageCount == frames, "%d frames, one per step asked for (got %d)", frames, g->ImageCount);
    CHECK(g->SWidth == w && g->SHeight == h, "screen %dx%d as --size (got %dx%d)", w, h, g->SWidth, g->SHeight);
    for (int k = 0; k < g->ImageCount; k++) {
        const GifImageDesc *d = &g->SavedImages[k].ImageDesc;
        CHECK(d->Left == 0 && d->Top == 0 && d->Width == w && d->Height == h, "frame %d covers the screen", k);
        CHECK(d->ColorMap != NULL, "frame %d has its own colour table", k);
        GraphicsControlBlock gcb = { 0 };
        CHECK(DGifSavedExtensionToGCB((GifFileType *)g, k, &gcb) == GIF_OK, "frame %d has a Graphics Control Extension", k);
        CHECK(delay_cs < 0 || gcb.DelayTime == delay_cs, "frame %d shown %d cs (got %d)", k, delay_cs, gcb.DelayTime);
        CHECK(gcb.TransparentColor == NO_TRANSPARENT_COLOR, "frame %d is opaque", k);
    }
    /* DGifSlurp hands the extensions before the first image to frame 0:
     * "NETSCAPE2.0", then the sub-block 1 with a loop count of 0 (forever). */
    int loops = 0;
    if (g->ImageCount > 0) {
        const SavedImage *s = &g->SavedImages[0];
        for (int i = 0; i + 1 < s->ExtensionBlockCount; i++) {
            const ExtensionBlock *a = &s->ExtensionBlocks[i], *b = &s->ExtensionBlocks[i + 1];
            if (a->Function == APPLICATION_EXT_FUNC_CODE && a->ByteCount == 11
                && !memcmp(a->Bytes, "NETSCAPE2.0", 11) && b->Function == CONTINUE_EXT_FUNC_CODE
                && b->ByteCount == 3 && b->Bytes[0] == 1 && b->Bytes[1] == 0 && b->Bytes[2] == 0)
                loops = 1;
        }
    }
    CHECK(loops, "the NETSCAPE2.0 extension says: loop forever");
}

/* The app as `reducevis export --version V [--compare V2]` opens it: the
 * bundled GPU traces and results, so that layouts match the exported frames. */
static int open_like_export(app *a, int version, int compare)
{
    viewer_options o = { .version = version, .width = 1920, .height = 1080, .compare = compare + 1 };
    char err[512], bufs[ASSETS_MAX_DIRS][1024];
    const char *dirs[ASSETS_MAX_DIRS];
    int ndirs = viewer_asset_dirs(bufs, dirs);
    if (app_open(a, &o, dirs, ndirs, err, sizeof err) != 0) {
        fprintf(stderr, "app_open: %s\n", err);
        return -1;
    }
    return 0;
}

/* ---- the command ---------------------------------------------------------------- */

static void test_export_gif(void)
{
    const theme *dark = theme_get(THEME_DARK), *light = theme_get(THEME_LIGHT);
    CHECK(!same(dark->bg, light->bg), "premise: the themes' backgrounds differ");
    CHECK(!same(dark->divergent, light->divergent), "premise: the themes' divergent colours differ");

    /* v0 steps 3-4, dark, 800x600, 1.5 s a step. */
    char path[400];
    snprintf(path, sizeof path, "%s/v0.gif", tmpdir);
    char *argv[] = { "export", "--version", "v0", "--steps", "3-4", "--size", "800x600", "--theme", "dark",
                     "--gif", path, "--delay", "1500", NULL };
    CHECK(export_main(13, argv) == 0, "export v0 steps 3-4 as a GIF succeeds");
    GifFileType *g = gif_load(path);
    CHECK(g != NULL, "%s decodes", path);
    if (g) {
        check_structure(path, g, 2, 800, 600, 150);
        /* Frame 2 is step 4, s=4: warp 0 divergent. */
        app a;
        CHECK(open_like_export(&a, 0, -1) == 0, "v0 opens");
        app_goto(&a, 3);
        CHECK(rv_analysis_warp(a.sc.an, 3, 0)->state == RV_WARP_DIVERGENT, "premise: v0 s=4 warp 0 divergent");
        viewer_frame f = app_frame(&a, 800, 600);
        layout L;
        draw_layout_for(&f, &L);
        lrect wb = L.compact ? layout_warp_box(&L, 0) : layout_warp_label(&L, 0);
        if (g->ImageCount == 2) {
            CHECK_GIF_PX(g, 1, wb.x + 1, wb.y + wb.h - 2, dark->divergent, "v0 warp 0 divergent (dark)");
            CHECK_GIF_PX(g, 0, 1, 1, dark->bg, "dark background");
            CHECK_GIF_PX(g, 1, 1, 1, dark->bg, "dark background");
        }
        app_close(&a);
        DGifCloseFile(g, NULL);
    }

    /* v1 beside v2 at s=4, light by default, the default delay. */
    snprintf(path, sizeof path, "%s/cmp.gif", tmpdir);
    char *cmp[] = { "export", "--version", "1", "--compare", "2", "--steps", "2-4", "--size", "1280x720",
                    "--gif", path, NULL };
    CHECK(export_main(11, cmp) == 0, "compare export as a GIF succeeds");
    g = gif_load(path);
    CHECK(g != NULL, "%s decodes", path);
    if (g) {
        check_structure(path, g, 3, 1280, 720, 100);
        app a;
        CHECK(open_like_export(&a, 1, 2) == 0, "v1 beside v2 opens");
        app_goto(&a, 3);
        CHECK(!strcmp(a.sc.tr->steps[a.rows[3].step[0]].label, "s=4"), "premise: row 4 is v1's s=4");
        CHECK(rv_analysis_warp(a.sc.an, a.rows[3].step[0], 0)->max_conflict == 8, "premise: v1 warp 0 8-way at s=4");
        viewer_frame f = app_frame(&a, 1280, 720);
        static layout_cmp C;
        draw_compare_layout(&f, &C);
        lrect b0 = layout_warp_badge(&C.pane[0], 0);
        if (g->ImageCount == 3) {
            CHECK_GIF_PX(g, 2, 1, 1, light->bg, "light background by default");
            CHECK_GIF_PX(g, 2, C.title[0].x + 2, C.title[0].y + 2, light->accent, "v1 pane title band");
            CHECK_GIF_PX(g, 2, C.title[1].x + 2, C.title[1].y + 2, light->accent2, "v2 pane title band");
            CHECK_GIF_PX(g, 2, b0.x + 1, b0.y + 1, theme_conflict(light, 8), "8-way badge of warp 0 in the v1 pane");
        }
        app_close(&a);
        DGifCloseFile(g, NULL);
    }

    /* Failures: the GIF's folder does not exist; a font that does not load
     * (the GIF is never started, so no file); usage. */
    snprintf(path, sizeof path, "%s/no/such/folder/x.gif", tmpdir);
    char *nodir[] = { "export", "--version", "1", "--steps", "1", "--gif", path, NULL };
    CHECK(export_main(7, nodir) == 2, "a GIF in a missing folder is a runtime error");
    snprintf(path, sizeof path, "%s/nofont.gif", tmpdir);
    char *nofont[] = { "export", "--version", "1", "--font", "/nonexistent/font.ttf", "--gif", path, NULL };
    CHECK(export_main(7, nofont) == 2, "a missing font is a runtime error");
    CHECK(!file_exists(path), "no GIF is left behind by a failed export");
    char *both[] = { "export", "--version", "1", "-o", tmpdir, "--gif", path, NULL };
    CHECK(export_main(7, both) == 1, "-o and --gif together are a usage error");
    char *odd[] = { "export", "--version", "1", "--gif", path, "--delay", "1234", NULL };
    CHECK(export_main(7, odd) == 1, "a delay GIF cannot store (not in tens of ms) is a usage error");
}

/* ---- the writer ------------------------------------------------------------------ */

/* Adds colour c (24-bit) to a set of a bit per colour; 1 when it was new. */
static int set_add(Uint32 *set, Uint32 c)
{
    int was = (set[c >> 5] >> (c & 31)) & 1;
    set[c >> 5] |= 1u << (c & 31);
    return !was;
}

static int set_has(const Uint32 *set, Uint32 c)
{
    return (set[c >> 5] >> (c & 31)) & 1;
}

static void test_writer(void)
{
    app a;
    CHECK(open_like_export(&a, 1, -1) == 0, "v1 opens");
    char err[512], path[400];
    app_goto(&a, 3);
    viewer_frame f = app_frame(&a, 960, 540);
    SDL_Surface *s = viewer_render_to_surface(&f, NULL, err, sizeof err);
    CHECK(s != NULL, "frame drawn (%s)", err);
    if (!s) {
        app_close(&a);
        return;
    }
    /* The frame's colours: many more than a GIF frame can hold. */
    int n = s->w * s->h, distinct = 0;
    Uint32 *seen = calloc((size_t)1 << 19, sizeof *seen), *table = calloc((size_t)1 << 19, sizeof *table);
    CHECK(seen && table, "memory for two colour sets");
    for (int y = 0; seen && y < s->h; y++)
        for (int x = 0; x < s->w; x++)
            distinct += set_add(seen, ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x] & 0xffffff);
    CHECK(distinct > 256, "premise: the frame has more than 256 colours (%d)", distinct);

    snprintf(path, sizeof path, "%s/writer.gif", tmpdir);
    gif_writer *w = gif_write_open(path, s->w, s->h, err, sizeof err);
    CHECK(w != NULL, "writer opens: %s", err);
    if (w) {
        CHECK(export_add_gif_frame(w, s, 7, err, sizeof err) == 0, "frame 1 added: %s", err);
        CHECK(export_add_gif_frame(w, s, GIF_WRITE_MAX_DELAY_CS, err, sizeof err) == 0, "frame 2 added: %s", err);
        CHECK(gif_write_close(w, 1, err, sizeof err) == 0, "GIF finished: %s", err);
    }
    GifFileType *g = gif_load(path);
    CHECK(g != NULL, "%s decodes", path);
    if (g) {
        check_structure(path, g, 2, s->w, s->h, -1);
        GraphicsControlBlock gcb0 = { 0 }, gcb1 = { 0 };
        DGifSavedExtensionToGCB(g, 0, &gcb0);
        DGifSavedExtensionToGCB(g, 1, &gcb1);
        CHECK(gcb0.DelayTime == 7, "the first frame's delay kept (%d)", gcb0.DelayTime);
        CHECK(gcb1.DelayTime == GIF_WRITE_MAX_DELAY_CS, "the longest delay kept (%d)", gcb1.DelayTime);
        const ColorMapObject *map = g->SavedImages[0].ImageDesc.ColorMap;
        CHECK(map && map->ColorCount == 256, "a full table of 256 colours");
        for (int i = 0; map && table && i < map->ColorCount; i++)
            set_add(table, (Uint32)map->Colors[i].Red << 16 | (Uint32)map->Colors[i].Green << 8 | map->Colors[i].Blue);
        int exact = 0, far = 0, in_table = 0, kept = 0, differ = 0;
        for (int y = 0; table && y < s->h; y++)
            for (int x = 0; x < s->w; x++) {
                rgba want = pixel(s, x, y), got = gif_px(g, 0, x, y);
                int listed = set_has(table, (Uint32)want.r << 16 | (Uint32)want.g << 8 | want.b);
                exact += same(got, want);
                far += abs(got.r - want.r) > 64 || abs(got.g - want.g) > 64 || abs(got.b - want.b) > 64;
                in_table += listed;
                kept += listed && same(got, want);
                differ += !same(gif_px(g, 1, x, y), got);
            }
        CHECK(kept == in_table, "every pixel of a colour in the table is exact (%d of %d)", kept, in_table);
        CHECK(exact >= n * 95 / 100, "the frame as drawn: %d of %d pixels exact", exact, n);
        CHECK(far <= n / 500, "the others a shade off: %d of %d pixels off by more than 64", far, n);
        CHECK(exact < n, "premise: some colours were not in the table (%d of %d pixels exact)", exact, n);
        CHECK(differ == 0, "the same picture twice decodes the same (%d pixels differ)", differ);
        DGifCloseFile(g, NULL);
    }
    free(seen);
    free(table);
    SDL_FreeSurface(s);
    app_close(&a);

    /* An abandoned GIF is removed; a path that cannot be written says why. */
    snprintf(path, sizeof path, "%s/abandoned.gif", tmpdir);
    w = gif_write_open(path, 320, 240, err, sizeof err);
    CHECK(w && file_exists(path), "writer opens %s", path);
    gif_write_close(w, 0, err, sizeof err);
    CHECK(!file_exists(path), "an abandoned GIF is removed");
    snprintf(path, sizeof path, "%s/missing/x.gif", tmpdir);
    CHECK(gif_write_open(path, 320, 240, err, sizeof err) == NULL, "no writer in a missing folder");
    CHECK_CONTAINS(err, path);
    CHECK_CONTAINS(err, "No such file or directory");
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/rv_test_gif_XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    test_export_gif();
    test_writer();
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "test_gif: could not remove %s\n", tmpdir);
    return check_report();
}
