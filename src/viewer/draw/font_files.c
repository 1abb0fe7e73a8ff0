/* font_files.c — which fonts the viewer draws with (font.h): the DejaVu
 * faces, found in the usual places of Debian, Fedora and Arch and then
 * through fontconfig (`fc-match`), so that a machine with the fonts
 * installed anywhere still works; and the CJK font for the code points
 * DejaVu lacks, the one fontconfig picks for zh-cn.  Debian's
 * fonts-wqy-microhei is asked for first: 1.6 MB to download (5 MB
 * installed) against 57 MB (89 MB) for fonts-noto-cjk, and at the viewer's
 * smallest sizes (11-13 px) its heavier strokes stay legible where Noto
 * Sans CJK's lighter ones look faint; from 15 px up both read well
 * (po/README.md).  Without it, any CJK font fontconfig knows is used.
 * The text cache that draws with them is font.c's. */
#include "font.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL_ttf.h>
#include "core/i18n.h"

#ifdef RV_HAVE_FONTCONFIG
#include <fontconfig/fontconfig.h>
#endif

#define FONT_BASE_PT 16                                          /* size the files are opened at; atlases resize */
#define CJK_PATTERN  "WenQuanYi Micro Hei,sans-serif:lang=zh-cn" /* fontconfig */

static const char *const face_files[FACE_COUNT] = {
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSansMono.ttf",
    "DejaVuSansMono-Bold.ttf",
};

static const char *const face_patterns[FACE_COUNT] = {
    "DejaVu Sans",
    "DejaVu Sans:bold",
    "DejaVu Sans Mono",
    "DejaVu Sans Mono:bold",
};

static const char *const font_dirs[] = {
    "/usr/share/fonts/truetype/dejavu/",
    "/usr/share/fonts/dejavu/",
    "/usr/share/fonts/TTF/",
    "/usr/share/fonts/dejavu-sans-fonts/",
    "/usr/share/fonts/dejavu-sans-mono-fonts/",
    "/usr/local/share/fonts/",
    "/usr/share/fonts/truetype/",
};

struct font_set {
    TTF_Font *font[FACE_COUNT];
    char path[FACE_COUNT][512];
    TTF_Font *cjk[2]; /* regular, bold: the CJK fallback; NULL when none  */
    char cjk_path[512];
    int ttf_inited; /* we called TTF_Init, so we call TTF_Quit */
};

static int file_readable(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    fclose(f);
    return 1;
}

int font_find(font_face face, char *out, size_t len)
{
    for (size_t i = 0; i < sizeof font_dirs / sizeof font_dirs[0]; i++) {
        snprintf(out, len, "%s%s", font_dirs[i], face_files[face]);
        if (file_readable(out)) return 0;
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

/* Two code points every Chinese string of ours needs (归约, "reduction"). */
static int font_has_cjk(TTF_Font *f)
{
    return f && TTF_GlyphIsProvided32(f, 0x5F52) && TTF_GlyphIsProvided32(f, 0x7EA6);
}

int font_find_cjk(char *out, size_t len, int *index)
{
    out[0] = '\0';
    *index = 0;
#ifdef RV_HAVE_FONTCONFIG
    if (!FcInit()) return -1;
    /* WenQuanYi Micro Hei first (the font the set-up installs, see the top
     * of this file), else whatever sans-serif font fontconfig ranks best
     * for Simplified Chinese. */
    FcPattern *pat = FcNameParse((const FcChar8 *)CJK_PATTERN);
    if (!pat) return -1;
    FcConfigSubstitute(NULL, pat, FcMatchPattern);
    FcDefaultSubstitute(pat);
    FcResult res;
    /* The sorted list, not the single match: the best match may be a Latin
     * font when no CJK font is installed; take the first that has the
     * characters. */
    FcFontSet *set = FcFontSort(NULL, pat, FcFalse, NULL, &res);
    int rc = -1;
    for (int i = 0; set && i < set->nfont && rc != 0; i++) {
        FcCharSet *cs = NULL;
        FcChar8 *file = NULL;
        int idx = 0;
        if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &cs) != FcResultMatch || !FcCharSetHasChar(cs, 0x5F52) ||
            !FcCharSetHasChar(cs, 0x7EA6) || FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) != FcResultMatch)
            continue;
        FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, &idx);
        if (file_readable((const char *)file)) {
            snprintf(out, len, "%s", (const char *)file);
            *index = idx;
            rc = 0;
        }
    }
    if (set) FcFontSetDestroy(set);
    FcPatternDestroy(pat);
    /* Asked once per font set: let fontconfig free its configuration. */
    FcFini();
    return rc;
#else
    (void)len;
    return -1;
#endif
}

/* Opens the CJK fallback (twice: regular, and bold by style unless the
 * font has its own weight); leaves both NULL when there is none. */
static void open_cjk(font_set *fs)
{
    int index = 0;
    if (font_has_cjk(fs->font[FACE_SANS])) {
        /* --font named a font that has Chinese itself: no fallback needed. */
        snprintf(fs->cjk_path, sizeof fs->cjk_path, "%s", fs->path[FACE_SANS]);
    } else if (font_find_cjk(fs->cjk_path, sizeof fs->cjk_path, &index) != 0) {
        fs->cjk_path[0] = '\0';
        return;
    }
    for (int b = 0; b < 2; b++) {
        fs->cjk[b] = TTF_OpenFontIndex(fs->cjk_path, FONT_BASE_PT, index);
        if (!fs->cjk[b] || !font_has_cjk(fs->cjk[b])) {
            if (fs->cjk[b]) TTF_CloseFont(fs->cjk[b]);
            fs->cjk[0] = fs->cjk[1] = NULL;
            fs->cjk_path[0] = '\0';
            return;
        }
    }
    TTF_SetFontStyle(fs->cjk[1], TTF_STYLE_BOLD);
}

void font_set_check_language(const font_set *fs)
{
    if (fs->cjk[0] || strcmp(i18n_lang(), "zh")) return;
    fprintf(stderr,
            _("reducevis: no font with Chinese glyphs was found (fontconfig, lang zh-cn): "
              "install Debian's %s; showing the English interface\n"),
            FONT_CJK_PACKAGE);
    i18n_set("en", NULL, 0);
}

const char *font_set_cjk_path(const font_set *fs) { return fs->cjk[0] ? fs->cjk_path : ""; }

int font_face_bold(int face) { return face == FACE_SANS_BOLD || face == FACE_MONO_BOLD; }

uint32_t font_set_missing(font_set *fs, font_face face, const char *s)
{
    while (*s) {
        const unsigned char *p = (const unsigned char *)s;
        Uint32 cp;
        int n = p[0] < 0x80 ? 1 : (p[0] & 0xE0) == 0xC0 ? 2 : (p[0] & 0xF0) == 0xE0 ? 3 : 4;
        cp = n == 1 ? p[0] : n == 2 ? (p[0] & 0x1Fu) : n == 3 ? (p[0] & 0x0Fu) : (p[0] & 0x07u);
        for (int i = 1; i < n; i++) {
            if ((p[i] & 0xC0) != 0x80) return 0xFFFD;
            cp = (cp << 6) | (p[i] & 0x3F);
        }
        s += n;
        if (cp < 32 || TTF_GlyphIsProvided32(fs->font[face], cp)) continue;
        if (fs->cjk[0] && TTF_GlyphIsProvided32(fs->cjk[font_face_bold(face)], cp)) continue;
        return cp;
    }
    return 0;
}

font_set *font_set_open(const char *override_path, char *err, size_t errlen)
{
    font_set *fs = calloc(1, sizeof *fs);
    if (!fs) {
        snprintf(err, errlen, "%s", _("out of memory"));
        return NULL;
    }
    if (!TTF_WasInit()) {
        if (TTF_Init() != 0) {
            snprintf(err, errlen, _("TTF_Init failed: %s"), SDL_GetError());
            free(fs);
            return NULL;
        }
        fs->ttf_inited = 1;
    }
    for (int f = 0; f < FACE_COUNT; f++) {
        if (override_path) {
            snprintf(fs->path[f], sizeof fs->path[f], "%s", override_path);
            if (!file_readable(override_path)) {
                snprintf(err, errlen, _("font not found: %s (check --font)"), override_path);
                font_set_free(fs);
                return NULL;
            }
        } else if (font_find((font_face)f, fs->path[f], sizeof fs->path[f]) != 0) {
            /* A missing bold face is not worth failing for: fall back. */
            if (f == FACE_SANS_BOLD || f == FACE_MONO_BOLD) {
                snprintf(fs->path[f], sizeof fs->path[f], "%s", fs->path[f - 1]);
            } else {
                snprintf(err, errlen,
                         _("font not found: %s (install Debian's fonts-dejavu-core, "
                           "or pass --font PATH to a .ttf file)"),
                         face_files[f]);
                font_set_free(fs);
                return NULL;
            }
        }
        fs->font[f] = TTF_OpenFont(fs->path[f], FONT_BASE_PT);
        if (!fs->font[f]) {
            snprintf(err, errlen, _("cannot open font %s: %s"), fs->path[f], SDL_GetError());
            font_set_free(fs);
            return NULL;
        }
    }
    open_cjk(fs);
    return fs;
}

void font_set_free(font_set *fs)
{
    if (!fs) return;
    for (int f = 0; f < FACE_COUNT; f++)
        if (fs->font[f]) TTF_CloseFont(fs->font[f]);
    for (int b = 0; b < 2; b++)
        if (fs->cjk[b]) TTF_CloseFont(fs->cjk[b]);
    if (fs->ttf_inited) TTF_Quit();
    free(fs);
}

const char *font_set_path(const font_set *fs, font_face face) { return fs->path[face]; }

TTF_Font *font_set_face(const font_set *fs, font_face face) { return fs->font[face]; }

TTF_Font *font_set_fallback(const font_set *fs, font_face face) { return fs->cjk[font_face_bold(face)]; }
