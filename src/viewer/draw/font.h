/* font.h — finding the DejaVu fonts (font_files.c) and drawing text through
 * glyph atlases (font.c).
 *
 * Fonts come from the system (Debian's fonts-dejavu-core, and a CJK font
 * found through fontconfig for Chinese) at run time, never from the
 * repository.  Text is drawn from one atlas texture per (face, pixel
 * size), built on first use: re-rasterising strings every frame would cost far
 * more than the 8 ms a frame may take with SDL's software renderer.
 */
#ifndef VIEWER_FONT_H
#define VIEWER_FONT_H

#include <stddef.h>
#include <stdint.h>
#include <SDL.h>
#include "theme.h"

typedef enum font_face { FACE_SANS = 0, FACE_SANS_BOLD, FACE_MONO, FACE_MONO_BOLD, FACE_COUNT } font_face;

/* The opened font files (independent of any renderer). */
typedef struct font_set font_set;

/* A face's font, and the CJK fallback of its weight (NULL: none), for the
 * atlases (SDL_ttf's TTF_Font). */
struct _TTF_Font *font_set_face(const font_set *fs, font_face face);
struct _TTF_Font *font_set_fallback(const font_set *fs, font_face face);
/* 1 for the bold faces. */
int font_face_bold(int face);

/* Finds and opens the four faces.  override_path, when not NULL, is used for
 * every face.  Initialises SDL_ttf if needed.  NULL + err when a font is
 * missing or unreadable. */
font_set *font_set_open(const char *override_path, char *err, size_t errlen);
void font_set_free(font_set *fs);
const char *font_set_path(const font_set *fs, font_face face);

/* Looks for a face on this system; writes its path into out. 0 or -1. */
int font_find(font_face face, char *out, size_t len);

/* Asks fontconfig for a font with Chinese glyphs (zh-cn): its file and face
 * index in a collection.  0, or -1 when there is none (or no fontconfig). */
int font_find_cjk(char *out, size_t len, int *index);

/* The CJK fallback's file, "" when none was found. */
const char *font_set_cjk_path(const font_set *fs);

/* The first code point of UTF-8 s that neither face nor the CJK fallback
 * can draw, or 0 when every one renders. */
uint32_t font_set_missing(font_set *fs, font_face face, const char *s);

/* When the interface speaks Chinese and no font here has Chinese glyphs:
 * says so on stderr, naming the Debian package, and switches the interface
 * to English, so that no text is drawn as '?'. */
void font_set_check_language(const font_set *fs);

/* The Debian package that provides the CJK font, for messages. */
#define FONT_CJK_PACKAGE "fonts-wqy-microhei"

/* Glyph atlases for one renderer (textures belong to a renderer). */
typedef struct text_cache text_cache;

text_cache *text_cache_new(SDL_Renderer *r, font_set *fs);
/* The renderer draws into this ARGB8888 or XRGB8888 surface (a software
 * one), which draw_prim.c writes directly; glyphs still go through SDL.
 * NULL: none. */
void text_cache_direct(text_cache *tc, SDL_Surface *s);
void text_cache_free(text_cache *tc);

/* Draws UTF-8 text with its top-left corner at (x, y); returns its width. */
int text_draw(text_cache *tc, font_face face, int px, int x, int y, rgba col, const char *s);
/* Width in pixels of s; height of a line. */
int text_width(text_cache *tc, font_face face, int px, const char *s);
int text_line_height(text_cache *tc, font_face face, int px);
/* Draws s centred in the box (x, y, w, h). */
void text_draw_centered(text_cache *tc, font_face face, int px, int x, int y, int w, int h, rgba col, const char *s);
/* Draws as much of s as fits in max_w (ending in "…" when cut); returns width. */
int text_draw_fit(text_cache *tc, font_face face, int px, int x, int y, int max_w, rgba col, const char *s);

/* For the layout tests: while buf is set, every text drawn through a text
 * cache is recorded in it, up to cap: its box (top-left, advance width,
 * line height), its text, and cut = 1 when text_draw_fit had to end it in
 * "…".  text_watch(NULL, 0, NULL) stops. */
typedef struct text_seen {
    int x, y, w, h;
    int cut;
    char s[96];
} text_seen;
void text_watch(text_seen *buf, int cap, int *n);

#endif
