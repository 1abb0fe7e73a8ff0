/* test_i18n_fit.c — every word fits, in English and in Chinese.
 *
 * Every step of every version (the bundled GPU traces, with their timed
 * results and hardware cross-check, as a class sees them), compare mode and
 * the help overlay, and kernels traced unchanged from students' files
 * (assets/traces/own), are drawn off-screen at 1920x1080 and 1280x720 in both
 * languages, with the font module recording each piece of text it draws.
 * A frame fails when a text had to be cut short ("…"), runs outside the
 * frame, or overlaps another text.  Then every translated message must be
 * drawable: each code point of each msgstr in po/zh_CN.po comes from DejaVu
 * or from the CJK font fontconfig found, in every face (no '?', no box).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL.h>
#include "../check.h"
#include "viewer/window/app.h"
#include "viewer/draw/draw.h"
#include "viewer/draw/font.h"
#include "viewer/window/viewer.h"
#include "core/datadir.h"
#include "core/i18n.h"
#include "core/versions.h"

#define MAX_SEEN 6000

static text_seen seen[MAX_SEEN];
static int nseen;

typedef struct shot { const viewer_frame *f; } shot;

static void paint_watched(SDL_Renderer *r, text_cache *tc, const void *arg)
{
    text_watch(seen, MAX_SEEN, &nseen);
    draw_frame(r, tc, arg);
    text_watch(NULL, 0, NULL);
}

/* The ink of a line of text: its line box without the leading above and
 * the descent below (neighbouring rows of small numbers share those). */
static void ink(const text_seen *t, int *y0, int *y1)
{
    *y0 = t->y + t->h * 18 / 100;
    *y1 = t->y + t->h * 82 / 100;
}

static int overlap(const text_seen *a, const text_seen *b)
{
    int ay0, ay1, by0, by1;
    ink(a, &ay0, &ay1);
    ink(b, &by0, &by1);
    int ox = (a->x + a->w < b->x + b->w ? a->x + a->w : b->x + b->w) - (a->x > b->x ? a->x : b->x);
    int oy = (ay1 < by1 ? ay1 : by1) - (ay0 > by0 ? ay0 : by0);
    return ox > 1 && oy > 1;
}

/* Problems are reported once per text (the same caption on every step of
 * a version would otherwise bury the rest), with how often they recur. */
#define MAX_ISSUES 200
static struct issue { char key[160]; char first[400]; int count; } issues[MAX_ISSUES];
static int nissues;

static void issue(const char *key, const char *msg)
{
    for (int i = 0; i < nissues; i++)
        if (!strcmp(issues[i].key, key)) {
            issues[i].count++;
            return;
        }
    if (nissues == MAX_ISSUES)
        return;
    snprintf(issues[nissues].key, sizeof issues[0].key, "%s", key);
    snprintf(issues[nissues].first, sizeof issues[0].first, "%s", msg);
    issues[nissues++].count = 1;
}

/* Draws f and checks its texts; what names the frame in messages. */
static void check_frame(viewer_canvas *c, const viewer_frame *f, int check_overlaps, const char *lang,
                        const char *what)
{
    char key[160], msg[400];
    CHECK(viewer_canvas_paint(c, f->width, f->height, paint_watched, f) == 0, "%s: drawn", what);
    CHECK(nseen > 0 && nseen < MAX_SEEN, "%s: %d texts recorded", what, nseen);
    for (int i = 0; i < nseen; i++) {
        const text_seen *t = &seen[i];
        if (t->cut) {
            snprintf(key, sizeof key, "%s %dx%d cut %.60s", lang, f->width, f->height, t->s);
            snprintf(msg, sizeof msg, "%s: \"%s\" is cut short at %d,%d (%d px)", what, t->s, t->x, t->y, t->w);
            issue(key, msg);
        }
        if (t->x < 0 || t->y < 0 || t->x + t->w > f->width + 1 || t->y + t->h > f->height + 1) {
            snprintf(key, sizeof key, "%s %dx%d out %.60s", lang, f->width, f->height, t->s);
            snprintf(msg, sizeof msg, "%s: \"%s\" runs outside the frame (%d,%d %dx%d)", what, t->s, t->x, t->y,
                     t->w, t->h);
            issue(key, msg);
        }
        for (int j = i + 1; check_overlaps && j < nseen; j++)
            if (overlap(t, &seen[j])) {
                snprintf(key, sizeof key, "%s %dx%d over %.40s|%.40s", lang, f->width, f->height, t->s, seen[j].s);
                snprintf(msg, sizeof msg, "%s: \"%s\" (%d,%d %dx%d) overlaps \"%s\" (%d,%d %dx%d)", what, t->s,
                         t->x, t->y, t->w, t->h, seen[j].s, seen[j].x, seen[j].y, seen[j].w, seen[j].h);
                issue(key, msg);
            }
    }
}

static int open_version(app *a, int v, int compare, int w, int h)
{
    static const char *dirs[] = { RV_TEST_ASSETS };
    viewer_options o = { .version = v, .width = w, .height = h, .compare = compare + 1 };
    char err[512];
    if (app_open(a, &o, dirs, 1, err, sizeof err) != 0) {
        fprintf(stderr, "app_open v%d: %s\n", v, err);
        return -1;
    }
    return 0;
}

static void check_language(viewer_canvas *c, const char *lang, int w, int h)
{
    char what[160];
    for (int v = 0; v < RV_NUM_VERSIONS; v++) {
        app a;
        if (open_version(&a, v, -1, w, h) != 0) {
            CHECK(0, "%s %dx%d: %s opens", lang, w, h, rv_version_name(v));
            continue;
        }
        for (int s = 0; s < app_positions(&a); s++) {
            app_goto(&a, s);
            viewer_frame f = app_frame(&a, w, h);
            snprintf(what, sizeof what, "%s %dx%d %s step %d", lang, w, h, rv_version_name(v), s + 1);
            check_frame(c, &f, 1, lang, what);
        }
        /* The help overlay covers the frame: its own words must fit. */
        a.help = 1;
        viewer_frame f = app_frame(&a, w, h);
        snprintf(what, sizeof what, "%s %dx%d %s help", lang, w, h, rv_version_name(v));
        check_frame(c, &f, 0, lang, what);
        app_close(&a);
    }
    /* Compare mode: the pairs the README shows, every aligned step. */
    static const int pairs[][2] = { { 1, 2 }, { 6, 7 }, { 0, 9 } };
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
        app a;
        if (open_version(&a, pairs[k][0], pairs[k][1], w, h) != 0) {
            CHECK(0, "%s %dx%d: compare opens", lang, w, h);
            continue;
        }
        for (int s = 0; s < app_positions(&a); s++) {
            app_goto(&a, s);
            viewer_frame f = app_frame(&a, w, h);
            snprintf(what, sizeof what, "%s %dx%d %s vs %s row %d", lang, w, h, rv_version_name(pairs[k][0]),
                     rv_version_name(pairs[k][1]), s + 1);
            check_frame(c, &f, 1, lang, what);
        }
        app_close(&a);
    }
}

/* Kernels traced unchanged from a student's file (assets/traces/own): every
 * step of a file with a butterfly of shuffles (alone, and beside v7's GPU
 * trace), of v4 with its unsynced warp steps, of a wrong sum, of v8's float4
 * loads, and a block of 1024 beside v1's CPU model (no GPU trace of v1 at
 * that block size).  Their words are their own (file names, warnings, the
 * race band, "?", the "yours" bar) and must fit too. */
static void check_own(viewer_canvas *c, const char *lang, int w, int h)
{
    static const struct { const char *file, *compare; } runs[] = {
        { "nvidia-h200-my_reduce-b256", NULL }, { "nvidia-h200-my_reduce-b256", "v7" },
        { "nvidia-h200-own-v4-b256-random1", NULL }, { "nvidia-h200-wrong_sum-b256", NULL },
        { "nvidia-h200-own-v8-b256-random1", NULL }, { "nvidia-h100-80gb-hbm3-my_reduce-b1024", "v1" },
    };
    static const char *dirs[] = { RV_TEST_ASSETS };
    char what[200], path[600], err[512];
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        snprintf(path, sizeof path, "%s/traces/own/%s.rvt", RV_TEST_ASSETS, runs[k].file);
        viewer_options o = { .file = path, .width = w, .height = h, .version = -1,
                             .compare = runs[k].compare ? rv_version_parse(runs[k].compare) + 1 : 0 };
        app a;
        if (app_open(&a, &o, dirs, 1, err, sizeof err) != 0) {
            CHECK(0, "%s %dx%d: %s opens: %s", lang, w, h, runs[k].file, err);
            app_close(&a);
            continue;
        }
        /* Compare mode opens with a toast naming both ("comparing my_reduce.cu
         * with v7 ..."): a passing message that takes the keys' room, by
         * design; the frames checked are those after it. */
        app_tick(&a, APP_TOAST_MS + 1);
        for (int s = 0; s < app_positions(&a); s++) {
            app_goto(&a, s);
            viewer_frame f = app_frame(&a, w, h);
            snprintf(what, sizeof what, "%s %dx%d %s%s%s step %d", lang, w, h, runs[k].file,
                     runs[k].compare ? " vs " : "", runs[k].compare ? runs[k].compare : "", s + 1);
            check_frame(c, &f, 1, lang, what);
        }
        app_close(&a);
    }
}

/* ---- glyph coverage of the catalogue ------------------------------------------ */

/* Appends the C string literal's contents at p (after its opening quote). */
static void unescape_append(const char *p, char *out, size_t cap)
{
    size_t o = strlen(out);
    for (; *p && *p != '"' && o + 1 < cap; p++) {
        if (*p == '\\' && p[1]) {
            p++;
            out[o++] = *p == 'n' ? ' ' : *p == 't' ? ' ' : *p;
        } else {
            out[o++] = *p;
        }
    }
    out[o] = '\0';
}

static void check_catalogue(font_set *fs)
{
    FILE *po = fopen(RV_SOURCE_DIR "/po/zh_CN.po", "r");
    CHECK(po != NULL, "po/zh_CN.po opens");
    if (!po)
        return;
    static char line[8192], msg[16384];
    int in_str = 0, strings = 0, bad = 0;
    msg[0] = '\0';
    for (;;) {
        char *l = fgets(line, sizeof line, po);
        int cont = l && line[0] == '"' && in_str;
        if (!cont && in_str && msg[0]) {
            strings++;
            static const font_face faces[] = { FACE_SANS, FACE_SANS_BOLD, FACE_MONO };
            for (size_t k = 0; k < sizeof faces / sizeof faces[0]; k++) {
                uint32_t cp = font_set_missing(fs, faces[k], msg);
                if (cp && bad++ < 10)
                    CHECK(cp == 0, "U+%04X in \"%.80s\" has no glyph in face %d (font %s, CJK %s)", (unsigned)cp,
                          msg, (int)faces[k], font_set_path(fs, faces[k]), font_set_cjk_path(fs));
            }
            msg[0] = '\0';
        }
        if (!l)
            break;
        if (!strncmp(line, "msgstr", 6)) {
            in_str = 1;
            msg[0] = '\0';
            unescape_append(strchr(line, '"') + 1, msg, sizeof msg);
        } else if (cont) {
            unescape_append(line + 1, msg, sizeof msg);
        } else {
            in_str = 0;
        }
    }
    fclose(po);
    CHECK(strings > 400, "the catalogue's translations were read (%d)", strings);
    CHECK(bad == 0, "%d translations have a code point no font here draws", bad);
}

int main(void)
{
    char err[512];
    char locale[1024];
    rv_locale_dir(locale, sizeof locale);
    i18n_init("en", locale, NULL, 0);
    viewer_canvas *c = viewer_canvas_new(NULL, err, sizeof err);
    CHECK(c != NULL, "canvas: %s", err);
    if (!c)
        return check_report();
    font_set *fs = font_set_open(NULL, err, sizeof err);
    CHECK(fs != NULL, "fonts: %s", err);
    CHECK(fs && font_set_cjk_path(fs)[0], "a CJK font is found through fontconfig (install Debian's %s)",
          FONT_CJK_PACKAGE);

    /* Premises: the overlap test sees an overlap, and not a neighbour. */
    text_seen a1 = { 10, 10, 50, 20, 0, "a" }, a2 = { 40, 12, 50, 20, 0, "b" }, a3 = { 62, 10, 50, 20, 0, "c" };
    CHECK(overlap(&a1, &a2) && !overlap(&a1, &a3), "the overlap test works");

    static const int sizes[][2] = { { 1920, 1080 }, { 1280, 720 } };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        check_language(c, "en", sizes[k][0], sizes[k][1]);
        check_own(c, "en", sizes[k][0], sizes[k][1]);
    }
    char msg[1400];
    int zh = i18n_set("zh", msg, sizeof msg);
    CHECK(zh == 0, "the Chinese catalogue is found: %s", msg);
    CHECK(!strcmp(i18n_lang(), "zh"), "the interface speaks Chinese");
    CHECK(strcmp(_("What changed: "), "What changed: ") != 0, "a message is translated");
    if (zh == 0) {
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            check_language(c, "zh", sizes[k][0], sizes[k][1]);
            check_own(c, "zh", sizes[k][0], sizes[k][1]);
        }
        /* The frames checked were Chinese: the last one drawn has the
         * translated help title among its texts. */
        int found = 0;
        for (int i = 0; i < nseen; i++)
            found |= strstr(seen[i].s, "\xE5\xB8\xAE") != NULL || strstr(seen[i].s, "\xE7\xBA\xBF") != NULL;
        CHECK(found, "the texts drawn in Chinese contain Chinese (帮 or 线)");
    }
    /* The L key switches live, both ways; without a CJK font it stays. */
    i18n_set("en", NULL, 0);
    app ka;
    if (open_version(&ka, 1, -1, 1280, 720) == 0) {
        app_key(&ka, SDLK_l, 0);
        CHECK(!strcmp(i18n_lang(), "zh"), "L: Chinese");
        CHECK(!strcmp(ka.toast, "\xE7\x95\x8C\xE9\x9D\xA2\xEF\xBC\x9A\xE4\xB8\xAD\xE6\x96\x87"),
              "L: the toast says 界面：中文 (%s)", ka.toast);
        CHECK(strcmp(_("What changed: "), "What changed: ") != 0, "L: messages are Chinese now");
        app_key(&ka, SDLK_l, 0);
        CHECK(!strcmp(i18n_lang(), "en") && !strcmp(ka.toast, "interface: English"), "L again: English (%s)",
              ka.toast);
        ka.no_cjk_font = 1;
        app_key(&ka, SDLK_l, 0);
        CHECK(!strcmp(i18n_lang(), "en"), "L without a CJK font: still English");
        CHECK(strstr(ka.toast, FONT_CJK_PACKAGE) != NULL, "L without a CJK font names the package (%s)", ka.toast);
        app_close(&ka);
    }

    for (int i = 0; i < nissues; i++)
        CHECK(0, "%s (in %d frames)", issues[i].first, issues[i].count);
    if (fs) {
        check_catalogue(fs);
        font_set_free(fs);
    }
    viewer_canvas_free(c);
    SDL_Quit();
    return check_report();
}
