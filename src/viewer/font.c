/* font.c — font discovery and atlas-based text drawing.
 *
 * Discovery tries the usual DejaVu locations of Debian, Fedora and Arch, then
 * asks fontconfig (`fc-match`), so that a machine with the fonts installed
 * anywhere still works.  Each atlas holds printable ASCII plus the few symbols
 * the viewer uses (arrows, middle dot, superscripts); other code points draw
 * as '?'.  Atlases are evicted least-recently-used, because a resizing window
 * asks for a new pixel size every frame of the drag.
 *
 * Off-screen (text_cache_direct) an atlas stays a surface and glyphs are
 * blended into the canvas's pixels here: SDL's software renderer copies a
 * colour-modulated glyph through its generic blitter at about 2 us a glyph,
 * and a frame at block 1024 draws a few thousand.
 */
#define _POSIX_C_SOURCE 200809L
#include "font.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL_ttf.h>

#if !SDL_TTF_VERSION_ATLEAST(2, 0, 18)
#error "the viewer needs SDL_ttf 2.0.18 or newer (TTF_SetFontSize)"
#endif

#define FONT_BASE_PT     16   /* size the files are opened at; atlases resize */
#define ATLAS_MAX        48   /* live (face, size) atlases per renderer: a frame
                                 at block 1024 uses about 30, and rebuilding
                                 one costs a millisecond                      */
#define ATLAS_WIDTH      1024
#define FONT_MIN_PX      6
#define FONT_MAX_PX      96

static const char *const face_files[FACE_COUNT] = {
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
};
static const char *const face_patterns[FACE_COUNT] = {
    "DejaVu Sans", "DejaVu Sans:bold", "DejaVu Sans Mono", "DejaVu Sans Mono:bold",
};
static const char *const font_dirs[] = {
    "/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/dejavu/",
    "/usr/share/fonts/TTF/", "/usr/share/fonts/dejavu-sans-fonts/",
    "/usr/share/fonts/dejavu-sans-mono-fonts/", "/usr/local/share/fonts/",
    "/usr/share/fonts/truetype/",
};

/* The symbols beyond ASCII that the viewer prints. */
static const Uint32 extra_cps[] = {
    0x00B7, 0x00D7, 0x2190, 0x2191, 0x2192, 0x2193, 0x2026, 0x25B6, 0x2016, 0x2264,
    0x2265, 0x03A3, 0x2014, 0x2013, 0x2022, 0x00B2, 0x00B3, 0x00B9, 0x2070, 0x2074,
    0x2075, 0x2076, 0x2077, 0x2078, 0x2079, 0x25A0, 0x25CF, 0x21C4, 0x2500, 0x00B1,
    0x2212, 0x2713, 0x2717,
};
#define NEXTRA ((int)(sizeof extra_cps / sizeof extra_cps[0]))
#define NGLYPHS (95 + NEXTRA)

struct font_set {
    TTF_Font *font[FACE_COUNT];
    char path[FACE_COUNT][512];
    int  ttf_inited;   /* we called TTF_Init, so we call TTF_Quit */
};

typedef struct glyph {
    SDL_Rect src;      /* in the atlas; w == 0 for blanks                  */
    int xoff;          /* where the bitmap starts relative to the pen       */
    int advance;
} glyph;

typedef struct atlas {
    int face, px;      /* px == 0: slot unused                              */
    unsigned stamp;    /* last use, for eviction                            */
    SDL_Texture *tex;  /* drawn through the renderer, or ...                */
    SDL_Surface *sheet;/* ... blended by hand into a direct target           */
    int line_height;
    glyph g[NGLYPHS];
} atlas;

struct text_cache {
    SDL_Renderer *r;
    SDL_Surface *direct;   /* the ARGB8888 surface r draws into, or NULL */
    font_set *fs;
    unsigned clock;
    atlas at[ATLAS_MAX];
};

static int file_readable(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    fclose(f);
    return 1;
}

int font_find(font_face face, char *out, size_t len)
{
    for (size_t i = 0; i < sizeof font_dirs / sizeof font_dirs[0]; i++) {
        snprintf(out, len, "%s%s", font_dirs[i], face_files[face]);
        if (file_readable(out))
            return 0;
    }
    /* fontconfig knows where distributions put fonts; it may answer with a
     * substitute, so only accept a file that is really a DejaVu face. */
    char cmd[160];
    snprintf(cmd, sizeof cmd, "fc-match -f '%%{file}' '%s' 2>/dev/null", face_patterns[face]);
    FILE *p = popen(cmd, "r");
    if (p) {
        char buf[512] = "";
        size_t n = fread(buf, 1, sizeof buf - 1, p);
        buf[n] = '\0';
        pclose(p);
        const char *base = strrchr(buf, '/');
        if (n > 0 && base && strcmp(base + 1, face_files[face]) == 0 && file_readable(buf)) {
            snprintf(out, len, "%s", buf);
            return 0;
        }
    }
    out[0] = '\0';
    return -1;
}

font_set *font_set_open(const char *override_path, char *err, size_t errlen)
{
    font_set *fs = calloc(1, sizeof *fs);
    if (!fs) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (!TTF_WasInit()) {
        if (TTF_Init() != 0) {
            snprintf(err, errlen, "TTF_Init failed: %s", SDL_GetError());
            free(fs);
            return NULL;
        }
        fs->ttf_inited = 1;
    }
    for (int f = 0; f < FACE_COUNT; f++) {
        if (override_path) {
            snprintf(fs->path[f], sizeof fs->path[f], "%s", override_path);
            if (!file_readable(override_path)) {
                snprintf(err, errlen, "font not found: %s (check --font)", override_path);
                font_set_free(fs);
                return NULL;
            }
        } else if (font_find((font_face)f, fs->path[f], sizeof fs->path[f]) != 0) {
            /* A missing bold face is not worth failing for: fall back. */
            if (f == FACE_SANS_BOLD || f == FACE_MONO_BOLD) {
                snprintf(fs->path[f], sizeof fs->path[f], "%s", fs->path[f - 1]);
            } else {
                snprintf(err, errlen,
                         "font not found: %s (install Debian's fonts-dejavu-core, "
                         "or pass --font PATH to a .ttf file)", face_files[f]);
                font_set_free(fs);
                return NULL;
            }
        }
        fs->font[f] = TTF_OpenFont(fs->path[f], FONT_BASE_PT);
        if (!fs->font[f]) {
            snprintf(err, errlen, "cannot open font %s: %s", fs->path[f], SDL_GetError());
            font_set_free(fs);
            return NULL;
        }
    }
    return fs;
}

void font_set_free(font_set *fs)
{
    if (!fs)
        return;
    for (int f = 0; f < FACE_COUNT; f++)
        if (fs->font[f])
            TTF_CloseFont(fs->font[f]);
    if (fs->ttf_inited)
        TTF_Quit();
    free(fs);
}

const char *font_set_path(const font_set *fs, font_face face)
{
    return fs->path[face];
}

text_cache *text_cache_new(SDL_Renderer *r, font_set *fs)
{
    text_cache *tc = calloc(1, sizeof *tc);
    if (!tc)
        return NULL;
    tc->r = r;
    tc->fs = fs;
    return tc;
}

void text_cache_free(text_cache *tc)
{
    if (!tc)
        return;
    for (int i = 0; i < ATLAS_MAX; i++) {
        if (tc->at[i].tex)
            SDL_DestroyTexture(tc->at[i].tex);
        SDL_FreeSurface(tc->at[i].sheet);
    }
    free(tc);
}

void text_cache_direct(text_cache *tc, SDL_Surface *s)
{
    tc->direct = s && (s->format->format == SDL_PIXELFORMAT_ARGB8888 || s->format->format == SDL_PIXELFORMAT_RGB888)
                 ? s : NULL;
}

static Uint32 glyph_cp(int i)
{
    return i < 95 ? (Uint32)(32 + i) : extra_cps[i - 95];
}

static int glyph_index(Uint32 cp)
{
    if (cp >= 32 && cp < 127)
        return (int)cp - 32;
    for (int i = 0; i < NEXTRA; i++)
        if (extra_cps[i] == cp)
            return 95 + i;
    return '?' - 32;
}

/* Rasterises every glyph of (face, px) and packs them into one texture. */
static int atlas_build(text_cache *tc, atlas *a, int face, int px)
{
    TTF_Font *font = tc->fs->font[face];
    if (TTF_SetFontSize(font, px) != 0) {
        SDL_Log("viewer: TTF_SetFontSize(%d) failed: %s", px, SDL_GetError());
        return -1;
    }
    int lh = TTF_FontHeight(font);
    SDL_Surface *gs[NGLYPHS] = { 0 };
    int x = 0, y = 0, rowh = 0;
    for (int i = 0; i < NGLYPHS; i++) {
        Uint32 cp = glyph_cp(i);
        int minx, maxx, miny, maxy, adv;
        glyph *g = &a->g[i];
        memset(g, 0, sizeof *g);
        if (!TTF_GlyphIsProvided32(font, cp) || TTF_GlyphMetrics32(font, cp, &minx, &maxx, &miny, &maxy, &adv) != 0) {
            g->advance = -1;   /* not in this font: drawn as '?' */
            continue;
        }
        g->advance = adv;
        if (cp == ' ')
            continue;
        gs[i] = TTF_RenderGlyph32_Blended(font, cp, (SDL_Color){ 255, 255, 255, 255 });
        if (!gs[i]) {
            SDL_Log("viewer: TTF_RenderGlyph32_Blended failed: %s", SDL_GetError());
            continue;
        }
        g->xoff = minx < 0 ? minx : 0;
        if (x + gs[i]->w > ATLAS_WIDTH) {
            x = 0;
            y += rowh + 1;
            rowh = 0;
        }
        g->src = (SDL_Rect){ x, y, gs[i]->w, gs[i]->h };
        x += gs[i]->w + 1;
        if (gs[i]->h > rowh)
            rowh = gs[i]->h;
    }
    int h = y + rowh + 1;
    SDL_Surface *sheet = SDL_CreateRGBSurfaceWithFormat(0, ATLAS_WIDTH, h, 32, SDL_PIXELFORMAT_ARGB8888);
    int rc = -1;
    if (!sheet) {
        SDL_Log("viewer: SDL_CreateRGBSurfaceWithFormat failed: %s", SDL_GetError());
        goto done;
    }
    SDL_FillRect(sheet, NULL, 0);
    for (int i = 0; i < NGLYPHS; i++) {
        if (!gs[i])
            continue;
        /* Copy the glyph's pixels as they are, alpha included. */
        SDL_SetSurfaceBlendMode(gs[i], SDL_BLENDMODE_NONE);
        SDL_Rect dst = a->g[i].src;
        if (SDL_BlitSurface(gs[i], NULL, sheet, &dst) != 0)
            SDL_Log("viewer: SDL_BlitSurface failed: %s", SDL_GetError());
    }
    if (a->tex)
        SDL_DestroyTexture(a->tex);
    SDL_FreeSurface(a->sheet);
    a->tex = NULL;
    a->sheet = NULL;
    if (tc->direct) {
        a->sheet = sheet;   /* kept: glyphs are blended from it by hand */
        sheet = NULL;
    } else {
        a->tex = SDL_CreateTextureFromSurface(tc->r, sheet);
        if (!a->tex) {
            SDL_Log("viewer: SDL_CreateTextureFromSurface failed: %s", SDL_GetError());
            goto done;
        }
        SDL_SetTextureBlendMode(a->tex, SDL_BLENDMODE_BLEND);
    }
    a->face = face;
    a->px = px;
    a->line_height = lh;
    rc = 0;
done:
    SDL_FreeSurface(sheet);
    for (int i = 0; i < NGLYPHS; i++)
        SDL_FreeSurface(gs[i]);
    return rc;
}

static atlas *atlas_get(text_cache *tc, int face, int px)
{
    if (px < FONT_MIN_PX)
        px = FONT_MIN_PX;
    if (px > FONT_MAX_PX)
        px = FONT_MAX_PX;
    tc->clock++;
    atlas *oldest = &tc->at[0];
    for (int i = 0; i < ATLAS_MAX; i++) {
        atlas *a = &tc->at[i];
        if (a->px == px && a->face == face) {
            a->stamp = tc->clock;
            if (tc->direct ? !a->sheet : !a->tex) {   /* built for the other kind of target */
                if (atlas_build(tc, a, face, px) != 0) {
                    a->px = 0;
                    return NULL;
                }
            }
            return a;
        }
        if (a->px == 0 || (oldest->px != 0 && a->stamp < oldest->stamp))
            oldest = a;
    }
    oldest->px = 0;
    if (atlas_build(tc, oldest, face, px) != 0)
        return NULL;
    oldest->stamp = tc->clock;
    return oldest;
}

/* Decodes one UTF-8 code point and advances *s (bad bytes read as '?'). */
static Uint32 utf8_next(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    Uint32 cp;
    int n;
    if (p[0] < 0x80) { cp = p[0]; n = 1; }
    else if ((p[0] & 0xE0) == 0xC0) { cp = p[0] & 0x1F; n = 2; }
    else if ((p[0] & 0xF0) == 0xE0) { cp = p[0] & 0x0F; n = 3; }
    else if ((p[0] & 0xF8) == 0xF0) { cp = p[0] & 0x07; n = 4; }
    else { *s += 1; return '?'; }
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) { *s += i; return '?'; }
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    *s += n;
    return cp;
}

static const glyph *glyph_of(const atlas *a, Uint32 cp)
{
    const glyph *g = &a->g[glyph_index(cp)];
    return g->advance < 0 ? &a->g['?' - 32] : g;
}

int text_width(text_cache *tc, font_face face, int px, const char *s)
{
    atlas *a = atlas_get(tc, face, px);
    if (!a)
        return 0;
    int w = 0;
    while (*s)
        w += glyph_of(a, utf8_next(&s))->advance;
    return w;
}

int text_line_height(text_cache *tc, font_face face, int px)
{
    atlas *a = atlas_get(tc, face, px);
    return a ? a->line_height : px;
}

/* Blends glyph g of a's sheet in colour col into the direct target at
 * (x, y), inside bounds: what SDL's blend of a colour-modulated copy gives. */
static void blend_glyph(const atlas *a, const glyph *g, SDL_Surface *dst, const SDL_Rect *bounds, int x, int y,
                        rgba col)
{
    SDL_Rect d = { x, y, g->src.w, g->src.h };
    if (!SDL_IntersectRect(&d, bounds, &d))
        return;
    int sx = g->src.x + (d.x - x), sy = g->src.y + (d.y - y);
    for (int j = 0; j < d.h; j++) {
        const Uint32 *src = (const Uint32 *)((const Uint8 *)a->sheet->pixels + (size_t)(sy + j) * a->sheet->pitch) + sx;
        Uint32 *out = (Uint32 *)((Uint8 *)dst->pixels + (size_t)(d.y + j) * dst->pitch) + d.x;
        for (int i = 0; i < d.w; i++) {
            Uint32 al = ((src[i] >> 24) * col.a + 127) / 255;
            if (al == 0)
                continue;
            if (al == 255) {
                out[i] = 0xFF000000u | (Uint32)col.r << 16 | (Uint32)col.g << 8 | col.b;
                continue;
            }
            Uint32 o = out[i], inv = 255 - al;
            Uint32 r = (col.r * al + ((o >> 16) & 0xFF) * inv + 127) / 255;
            Uint32 gg = (col.g * al + ((o >> 8) & 0xFF) * inv + 127) / 255;
            Uint32 b = (col.b * al + (o & 0xFF) * inv + 127) / 255;
            out[i] = (o & 0xFF000000u) | r << 16 | gg << 8 | b;
        }
    }
}

static int text_draw_direct(text_cache *tc, atlas *a, int x, int y, rgba col, const char *s)
{
    SDL_Surface *dst = tc->direct;
    SDL_Rect bounds = { 0, 0, dst->w, dst->h };
    SDL_RenderFlush(tc->r);   /* what SDL still holds lies underneath */
    if (SDL_RenderIsClipEnabled(tc->r)) {
        SDL_Rect c;
        SDL_RenderGetClipRect(tc->r, &c);
        if (!SDL_IntersectRect(&bounds, &c, &bounds))
            bounds.w = bounds.h = 0;
    }
    int pen = x;
    while (*s) {
        const glyph *g = glyph_of(a, utf8_next(&s));
        if (g->src.w > 0 && bounds.w > 0)
            blend_glyph(a, g, dst, &bounds, pen + g->xoff, y, col);
        pen += g->advance;
    }
    return pen - x;
}

int text_draw(text_cache *tc, font_face face, int px, int x, int y, rgba col, const char *s)
{
    atlas *a = atlas_get(tc, face, px);
    if (!a)
        return 0;
    if (tc->direct && a->sheet)
        return text_draw_direct(tc, a, x, y, col, s);
    SDL_SetTextureColorMod(a->tex, col.r, col.g, col.b);
    SDL_SetTextureAlphaMod(a->tex, col.a);
    int pen = x;
    while (*s) {
        const glyph *g = glyph_of(a, utf8_next(&s));
        if (g->src.w > 0) {
            SDL_Rect dst = { pen + g->xoff, y, g->src.w, g->src.h };
            SDL_RenderCopy(tc->r, a->tex, &g->src, &dst);
        }
        pen += g->advance;
    }
    return pen - x;
}

void text_draw_centered(text_cache *tc, font_face face, int px, int x, int y, int w, int h,
                        rgba col, const char *s)
{
    int tw = text_width(tc, face, px, s);
    int th = text_line_height(tc, face, px);
    text_draw(tc, face, px, x + (w - tw) / 2, y + (h - th) / 2, col, s);
}

int text_draw_fit(text_cache *tc, font_face face, int px, int x, int y, int max_w,
                  rgba col, const char *s)
{
    if (text_width(tc, face, px, s) <= max_w)
        return text_draw(tc, face, px, x, y, col, s);
    /* Cut at a code-point boundary and end with an ellipsis. */
    char buf[512];
    size_t n = strlen(s);
    if (n >= sizeof buf - 4)
        n = sizeof buf - 4;
    memcpy(buf, s, n);
    buf[n] = '\0';
    int ell = text_width(tc, face, px, "\xE2\x80\xA6");
    while (n > 0) {
        do { n--; } while (n > 0 && ((unsigned char)buf[n] & 0xC0) == 0x80);
        buf[n] = '\0';
        if (text_width(tc, face, px, buf) + ell <= max_w)
            break;
    }
    strcat(buf, "\xE2\x80\xA6");
    return text_draw(tc, face, px, x, y, col, buf);
}
