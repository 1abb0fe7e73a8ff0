/* font.c — text drawn from atlases (font.h), with the fonts font_files.c
 * finds.
 *
 * Each atlas holds printable ASCII plus the few symbols the viewer uses
 * (arrows, middle dot, superscripts), rasterised at once; any other code
 * point (Chinese text) is rasterised on first use into pages of the same
 * atlas.  Atlases are evicted least-recently-used, because a resizing
 * window asks for a new pixel size every frame of the drag.
 *
 * Latin text stays in DejaVu, which reads better than the Latin letters of
 * CJK fonts; a code point DejaVu lacks comes from the CJK fallback, with
 * its baseline on DejaVu's, so no glyph is drawn as an empty box
 * (TTF_GlyphIsProvided32 decides, per code point).  A code point no font
 * has draws as '?'.
 */
#include "font.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL_ttf.h>
#include "core/i18n.h"

#if !SDL_TTF_VERSION_ATLEAST(2, 0, 18)
#error "the viewer needs SDL_ttf 2.0.18 or newer (TTF_SetFontSize)"
#endif

#define ATLAS_MAX   24 /* live (face, size) atlases per renderer       */
#define ATLAS_WIDTH 1024
#define FONT_MIN_PX 6
#define FONT_MAX_PX 96
#define DYN_MAX     2048 /* glyphs rasterised on demand, per atlas       */
#define DYN_HASH    4096 /* open-addressing slots for them (power of 2)  */
#define DYN_PAGE    1024 /* side of one page texture of those glyphs      */
#define DYN_PAGES   16

/* The symbols beyond ASCII that the viewer prints. */
static const Uint32 extra_cps[] = {
    0x00B7, 0x00D7, 0x2190, 0x2191, 0x2192, 0x2193, 0x2026, 0x25B6, 0x2016, 0x2264, 0x2265,
    0x03A3, 0x2014, 0x2013, 0x2022, 0x00B2, 0x00B3, 0x00B9, 0x2070, 0x2074, 0x2075, 0x2076,
    0x2077, 0x2078, 0x2079, 0x25A0, 0x25CF, 0x21C4, 0x2500, 0x00B1, 0x2212, 0x2713,
};
#define NEXTRA  ((int)(sizeof extra_cps / sizeof extra_cps[0]))
#define NGLYPHS (95 + NEXTRA)

typedef struct glyph {
    SDL_Rect src; /* in the atlas; w == 0 for blanks                  */
    int xoff;     /* where the bitmap starts relative to the pen       */
    int yoff;     /* where it starts below the line's top (fallback)   */
    int advance;
    int page; /* -1: the atlas texture; else a page of dynamic ones */
} glyph;

typedef struct atlas {
    int face, px;   /* px == 0: slot unused                              */
    unsigned stamp; /* last use, for eviction                            */
    SDL_Texture *tex;
    int line_height;
    glyph g[NGLYPHS];
    /* Code points beyond the fixed set, rasterised on first use. */
    Uint32 dcp[DYN_MAX];
    glyph dg[DYN_MAX];
    Uint16 dhash[DYN_HASH]; /* index + 1 into dcp/dg, 0 for an empty slot */
    int ndyn;
    SDL_Texture *page[DYN_PAGES];
    int npages, pen_x, pen_y, row_h; /* shelf packing in the last page */
} atlas;

struct text_cache {
    SDL_Renderer *r;
    font_set *fs;
    unsigned clock;
    SDL_Surface *direct; /* the software target, kept for the direct path */
    atlas at[ATLAS_MAX];
};

text_cache *text_cache_new(SDL_Renderer *r, font_set *fs)
{
    text_cache *tc = calloc(1, sizeof *tc);
    if (!tc) return NULL;
    tc->r = r;
    tc->fs = fs;
    return tc;
}

/* Glyphs go through SDL (their atlas pages are textures, Chinese pages
 * added on first use); the target is only remembered, so that the fills
 * and lines of draw_prim.c, which write it directly, and the text stay in
 * one order (SDL is flushed before any direct write). */
void text_cache_direct(text_cache *tc, SDL_Surface *s) { tc->direct = s; }

void text_cache_free(text_cache *tc)
{
    if (!tc) return;
    for (int i = 0; i < ATLAS_MAX; i++) {
        if (tc->at[i].tex) SDL_DestroyTexture(tc->at[i].tex);
        for (int p = 0; p < tc->at[i].npages; p++) SDL_DestroyTexture(tc->at[i].page[p]);
    }
    free(tc);
}

static Uint32 glyph_cp(int i) { return i < 95 ? (Uint32)(32 + i) : extra_cps[i - 95]; }

/* The slot of cp in the fixed set, or -1. */
static int glyph_index(Uint32 cp)
{
    if (cp >= 32 && cp < 127) return (int)cp - 32;
    for (int i = 0; i < NEXTRA; i++)
        if (extra_cps[i] == cp) return 95 + i;
    return -1;
}

static void atlas_drop_pages(atlas *a)
{
    for (int p = 0; p < a->npages; p++) SDL_DestroyTexture(a->page[p]);
    a->npages = 0;
    a->ndyn = 0;
    memset(a->dhash, 0, sizeof a->dhash);
}

/* Rasterises every glyph of (face, px) and packs them into one texture. */
static int atlas_build(text_cache *tc, atlas *a, int face, int px)
{
    TTF_Font *font = font_set_face(tc->fs, face);
    if (TTF_SetFontSize(font, px) != 0) {
        SDL_Log("viewer: TTF_SetFontSize(%d) failed: %s", px, SDL_GetError());
        return -1;
    }
    int lh = TTF_FontHeight(font);
    atlas_drop_pages(a);
    SDL_Surface *gs[NGLYPHS] = {0};
    int x = 0, y = 0, rowh = 0;
    for (int i = 0; i < NGLYPHS; i++) {
        Uint32 cp = glyph_cp(i);
        int minx, maxx, miny, maxy, adv;
        glyph *g = &a->g[i];
        memset(g, 0, sizeof *g);
        g->page = -1;
        if (!TTF_GlyphIsProvided32(font, cp) || TTF_GlyphMetrics32(font, cp, &minx, &maxx, &miny, &maxy, &adv) != 0) {
            g->advance = -1; /* not in this font: the fallback's, on demand */
            continue;
        }
        g->advance = adv;
        if (cp == ' ') continue;
        gs[i] = TTF_RenderGlyph32_Blended(font, cp, (SDL_Color){255, 255, 255, 255});
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
        g->src = (SDL_Rect){x, y, gs[i]->w, gs[i]->h};
        x += gs[i]->w + 1;
        if (gs[i]->h > rowh) rowh = gs[i]->h;
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
        if (!gs[i]) continue;
        /* Copy the glyph's pixels as they are, alpha included. */
        SDL_SetSurfaceBlendMode(gs[i], SDL_BLENDMODE_NONE);
        SDL_Rect dst = a->g[i].src;
        if (SDL_BlitSurface(gs[i], NULL, sheet, &dst) != 0)
            SDL_Log("viewer: SDL_BlitSurface failed: %s", SDL_GetError());
    }
    if (a->tex) SDL_DestroyTexture(a->tex);
    a->tex = SDL_CreateTextureFromSurface(tc->r, sheet);
    if (!a->tex) {
        SDL_Log("viewer: SDL_CreateTextureFromSurface failed: %s", SDL_GetError());
        goto done;
    }
    SDL_SetTextureBlendMode(a->tex, SDL_BLENDMODE_BLEND);
    a->face = face;
    a->px = px;
    a->line_height = lh;
    rc = 0;
done:
    SDL_FreeSurface(sheet);
    for (int i = 0; i < NGLYPHS; i++) SDL_FreeSurface(gs[i]);
    return rc;
}

static atlas *atlas_get(text_cache *tc, int face, int px)
{
    if (px < FONT_MIN_PX) px = FONT_MIN_PX;
    if (px > FONT_MAX_PX) px = FONT_MAX_PX;
    tc->clock++;
    atlas *oldest = &tc->at[0];
    for (int i = 0; i < ATLAS_MAX; i++) {
        atlas *a = &tc->at[i];
        if (a->px == px && a->face == face) {
            a->stamp = tc->clock;
            return a;
        }
        if (a->px == 0 || (oldest->px != 0 && a->stamp < oldest->stamp)) oldest = a;
    }
    oldest->px = 0;
    if (atlas_build(tc, oldest, face, px) != 0) return NULL;
    oldest->stamp = tc->clock;
    return oldest;
}

/* Decodes one UTF-8 code point and advances *s (bad bytes read as '?'). */
static Uint32 utf8_next(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    Uint32 cp;
    int n;
    if (p[0] < 0x80) {
        cp = p[0];
        n = 1;
    } else if ((p[0] & 0xE0) == 0xC0) {
        cp = p[0] & 0x1F;
        n = 2;
    } else if ((p[0] & 0xF0) == 0xE0) {
        cp = p[0] & 0x0F;
        n = 3;
    } else if ((p[0] & 0xF8) == 0xF0) {
        cp = p[0] & 0x07;
        n = 4;
    } else {
        *s += 1;
        return '?';
    }
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) {
            *s += i;
            return '?';
        }
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    *s += n;
    return cp;
}

/* Copies a rendered glyph into the atlas's pages (a new page when the last
 * is full); 0, or -1 when out of pages or SDL fails. */
static int page_place(text_cache *tc, atlas *a, SDL_Surface *gs, glyph *g)
{
    SDL_Surface *argb = SDL_ConvertSurfaceFormat(gs, SDL_PIXELFORMAT_ARGB8888, 0);
    if (!argb) {
        SDL_Log("viewer: SDL_ConvertSurfaceFormat failed: %s", SDL_GetError());
        return -1;
    }
    int rc = -1;
    if (argb->w > DYN_PAGE || argb->h > DYN_PAGE) goto done;
    if (a->npages > 0 && a->pen_x + argb->w > DYN_PAGE) {
        a->pen_x = 0;
        a->pen_y += a->row_h + 1;
        a->row_h = 0;
    }
    if (a->npages == 0 || a->pen_y + argb->h > DYN_PAGE) {
        if (a->npages == DYN_PAGES) goto done;
        SDL_Texture *t =
            SDL_CreateTexture(tc->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, DYN_PAGE, DYN_PAGE);
        if (!t) {
            SDL_Log("viewer: SDL_CreateTexture failed: %s", SDL_GetError());
            goto done;
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        a->page[a->npages++] = t;
        a->pen_x = a->pen_y = a->row_h = 0;
    }
    g->page = a->npages - 1;
    g->src = (SDL_Rect){a->pen_x, a->pen_y, argb->w, argb->h};
    if (SDL_UpdateTexture(a->page[g->page], &g->src, argb->pixels, argb->pitch) != 0) {
        SDL_Log("viewer: SDL_UpdateTexture failed: %s", SDL_GetError());
        goto done;
    }
    a->pen_x += argb->w + 1;
    if (argb->h > a->row_h) a->row_h = argb->h;
    rc = 0;
done:
    SDL_FreeSurface(argb);
    return rc;
}

/* Rasterises cp for atlas a: from its own face when that has it (symbols
 * beyond the fixed set), else from the CJK fallback with its baseline on
 * the face's.  0 with *g filled, or -1 when no font has cp. */
static int dyn_render(text_cache *tc, atlas *a, Uint32 cp, glyph *g)
{
    TTF_Font *own = font_set_face(tc->fs, a->face), *font = own;
    int yoff = 0;
    if (TTF_SetFontSize(own, a->px) != 0) return -1;
    if (!TTF_GlyphIsProvided32(own, cp)) {
        font = font_set_fallback(tc->fs, a->face);
        if (!font || !TTF_GlyphIsProvided32(font, cp) || TTF_SetFontSize(font, a->px) != 0) return -1;
        yoff = TTF_FontAscent(own) - TTF_FontAscent(font);
    }
    int minx, maxx, miny, maxy, adv;
    if (TTF_GlyphMetrics32(font, cp, &minx, &maxx, &miny, &maxy, &adv) != 0) return -1;
    memset(g, 0, sizeof *g);
    g->advance = adv;
    g->yoff = yoff;
    g->xoff = minx < 0 ? minx : 0;
    g->page = -1;
    SDL_Surface *gs = TTF_RenderGlyph32_Blended(font, cp, (SDL_Color){255, 255, 255, 255});
    if (!gs) return 0; /* a blank: advance only */
    if (page_place(tc, a, gs, g) != 0) {
        g->src = (SDL_Rect){0, 0, 0, 0};
        g->page = -1;
    }
    SDL_FreeSurface(gs);
    return 0;
}

static const glyph *glyph_of(text_cache *tc, atlas *a, Uint32 cp)
{
    int i = glyph_index(cp);
    if (i >= 0 && a->g[i].advance >= 0) return &a->g[i];
    const glyph *unknown = &a->g['?' - 32];
    unsigned h = (cp * 2654435761u) & (DYN_HASH - 1);
    while (a->dhash[h]) {
        int k = a->dhash[h] - 1;
        if (a->dcp[k] == cp) return a->dg[k].advance < 0 ? unknown : &a->dg[k];
        h = (h + 1) & (DYN_HASH - 1);
    }
    if (a->ndyn == DYN_MAX) return unknown;
    int k = a->ndyn++;
    a->dcp[k] = cp;
    a->dhash[h] = (Uint16)(k + 1);
    if (dyn_render(tc, a, cp, &a->dg[k]) != 0) {
        a->dg[k].advance = -1; /* no font has it: '?' from now on */
        return unknown;
    }
    return &a->dg[k];
}

int text_width(text_cache *tc, font_face face, int px, const char *s)
{
    atlas *a = atlas_get(tc, face, px);
    if (!a) return 0;
    int w = 0;
    while (*s) w += glyph_of(tc, a, utf8_next(&s))->advance;
    return w;
}

int text_line_height(text_cache *tc, font_face face, int px)
{
    atlas *a = atlas_get(tc, face, px);
    return a ? a->line_height : px;
}

/* ---- watching what is drawn (for the layout tests) ------------------------ */

static text_seen *watch_buf;
static int watch_cap, *watch_n;

void text_watch(text_seen *buf, int cap, int *n)
{
    watch_buf = buf;
    watch_cap = cap;
    watch_n = n;
    if (n) *n = 0;
}

static void watch_add(int x, int y, int w, int h, int cut, const char *s)
{
    if (!watch_buf || !watch_n || *watch_n >= watch_cap) return;
    text_seen *t = &watch_buf[(*watch_n)++];
    *t = (text_seen){x, y, w, h, cut, ""};
    snprintf(t->s, sizeof t->s, "%s", s);
}

int text_draw(text_cache *tc, font_face face, int px, int x, int y, rgba col, const char *s)
{
    atlas *a = atlas_get(tc, face, px);
    if (!a) return 0;
    SDL_SetTextureColorMod(a->tex, col.r, col.g, col.b);
    SDL_SetTextureAlphaMod(a->tex, col.a);
    int pen = x, tinted = 0;
    const char *s0 = s;
    while (*s) {
        const glyph *g = glyph_of(tc, a, utf8_next(&s));
        if (g->src.w > 0) {
            SDL_Texture *t = g->page < 0 ? a->tex : a->page[g->page];
            if (g->page >= 0 && !(tinted & (1 << g->page))) {
                SDL_SetTextureColorMod(t, col.r, col.g, col.b);
                SDL_SetTextureAlphaMod(t, col.a);
                tinted |= 1 << g->page;
            }
            SDL_Rect dst = {pen + g->xoff, y + g->yoff, g->src.w, g->src.h};
            SDL_RenderCopy(tc->r, t, &g->src, &dst);
        }
        pen += g->advance;
    }
    if (watch_buf && pen > x) watch_add(x, y, pen - x, a->line_height, 0, s0);
    return pen - x;
}

void text_draw_centered(text_cache *tc, font_face face, int px, int x, int y, int w, int h, rgba col, const char *s)
{
    int tw = text_width(tc, face, px, s);
    int th = text_line_height(tc, face, px);
    text_draw(tc, face, px, x + (w - tw) / 2, y + (h - th) / 2, col, s);
}

int text_draw_fit(text_cache *tc, font_face face, int px, int x, int y, int max_w, rgba col, const char *s)
{
    if (text_width(tc, face, px, s) <= max_w) return text_draw(tc, face, px, x, y, col, s);
    /* Cut at a code-point boundary and end with an ellipsis. */
    char buf[512];
    size_t n = strlen(s);
    if (n >= sizeof buf - 4) n = sizeof buf - 4;
    memcpy(buf, s, n);
    buf[n] = '\0';
    int ell = text_width(tc, face, px, "\xE2\x80\xA6");
    while (n > 0) {
        do {
            n--;
        } while (n > 0 && ((unsigned char)buf[n] & 0xC0) == 0x80);
        buf[n] = '\0';
        if (text_width(tc, face, px, buf) + ell <= max_w) break;
    }
    strcat(buf, "\xE2\x80\xA6");
    int w = text_draw(tc, face, px, x, y, col, buf);
    if (watch_buf && *watch_n > 0) watch_buf[*watch_n - 1].cut = 1; /* the text did not fit: say whose */
    if (watch_buf && *watch_n > 0) snprintf(watch_buf[*watch_n - 1].s, sizeof watch_buf[0].s, "%s", s);
    return w;
}
