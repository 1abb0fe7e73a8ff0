/* test_html.c — the lesson page, headless, read back as text and JSON.
 *
 * The writer on its own: what a person reads is escaped (no caption can end
 * the page's script), the hover data parses as JSON whose string table holds
 * each line once and whose indices give back every tooltip line as given;
 * an abandoned page or a folder in the file's place leaves nothing behind.
 * The indexed PNG: a real frame comes back with every pixel of a theme
 * colour exact.  The exporter: the boxes it writes for words, lanes and
 * timeline steps are where the viewer's own hit tests find those words,
 * lanes and steps, and the tooltip lines at each position are the viewer's.
 * The waves pictures' zoom data: its cells decode to the core's, every
 * one, its rows are rv_waves_rows', its axis words the viewer's.
 */
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <png.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <SDL.h>
#include "../check.h"
#include "viewer/window/app.h"
#include "viewer/draw/draw.h"
#include "viewer/export/html_export.h"
#include "viewer/export/html_waves_zoom.h"
#include "viewer/export/html_write.h"
#include "viewer/scene/scene_waves.h"
#include "viewer/draw/layout.h"
#include "viewer/export/png_indexed.h"
#include "viewer/draw/theme.h"
#include "viewer/window/viewer.h"
#include "core/json.h"
#include "core/quiz.h"
#include "core/versions.h"

static char tmpdir[256];

static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (d)
        closedir(d);
    return n;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* The page's JSON block of that id, parsed; 0 or -1. */
static int page_block(const char *html, const char *id, rv_json *root)
{
    char open[120];
    snprintf(open, sizeof open, "<script type=\"application/json\" id=\"%s\">", id);
    const char *a = strstr(html, open);
    const char *b = a ? strstr(a, "</script>") : NULL;
    char err[200];
    if (!a || !b)
        return -1;
    a += strlen(open);
    if (rv_json_parse(a, (size_t)(b - a), root, err, sizeof err) != 0) {
        fprintf(stderr, "page data: %s\n", err);
        return -1;
    }
    return 0;
}

/* The page's hover data, parsed; 0 or -1. */
static int page_data(const char *html, rv_json *root) { return page_block(html, "rv-data", root); }

static const rv_json *member(const rv_json *obj, const char *key)
{
    for (int i = 0; obj && obj->type == RV_JSON_OBJECT && i < obj->nkids; i++)
        if (!strcmp(obj->kids[i].key, key))
            return &obj->kids[i];
    return NULL;
}

static const rv_json *item(const rv_json *arr, int i)
{
    return arr && arr->type == RV_JSON_ARRAY && i >= 0 && i < arr->nkids ? &arr->kids[i] : NULL;
}

static int num(const rv_json *n)
{
    return n && n->type == RV_JSON_NUMBER ? (int)n->number : -1;
}

/* The line'th line of a tooltip (an array of indices into strings), or NULL. */
static const char *tip_line(const rv_json *root, const rv_json *tip, int line)
{
    const rv_json *s = item(member(root, "strings"), num(item(tip, line)));
    return s && s->type == RV_JSON_STRING ? s->text : NULL;
}

/* ---- the writer ---------------------------------------------------------------- */

static void test_writer(void)
{
    char path[400], err[512];
    snprintf(path, sizeof path, "%s/w.html", tmpdir);
    static const unsigned char png[] = { 0x89, 'P', 'N', 'G' };
    static const int cells[] = { 10, 20, 30, 40, 50, 20, 30, 40 }, lanes[] = { 10, 100, 5, 6 };
    static const int tl[] = { 0, 500, 50, 20, 50, 500, 50, 20 };
    const char *labels[] = { "load", "s=1 <&>" };
    html_words words = { "First", "Previous", "Play", "Pause", "Next", "Last", "Speed", "steps/s",
                         "Step {n} of {total}", "Timeline", "keys", "Stepping", "Show the answer" };
    html_page pg = { .lang = "en", .title = "v1 <b>bold</b> & \"more\"", .nintro = 1,
                     .intro = { "what changed: a < b" }, .words = &words, .th = theme_get(THEME_LIGHT),
                     .width = 640, .height = 360, .npanes = 1,
                     .pane = { { 2, 1, cells, lanes } }, .npos = 2, .labels = labels, .timeline = tl,
                     .start = 1, .speed = 2 };
    html_tip tips[2][3] = {
        { { 2, { "smem[0]", "value 1" } }, { 0, { NULL } }, { 1, { "thread 0" } } },
        { { 2, { "smem[0]", "value 1" } }, { 3, { "smem[1]", "</script><script>alert(1)", "value 1" } },
          { 1, { "thread 0" } } },
    };
    html_writer *w = html_write_open(path, &pg, err, sizeof err);
    CHECK(w != NULL, "page opened: %s", err);
    if (!w)
        return;
    for (int p = 0; p < 2; p++) {
        html_step st = { .png = png, .png_len = sizeof png, .alt = "frame", .heading = p ? "Step 2 <s=1>" : "Step 1",
                         .nparas = 1, .para = { "32 threads & more" } };
        st.tips[0].ncells = 2;
        st.tips[0].nlanes = 1;
        st.tips[0].cells = tips[p];
        st.tips[0].lanes = tips[p] + 2;
        CHECK(html_write_step(w, &st, err, sizeof err) == 0, "step %d: %s", p, err);
    }
    CHECK(entries(tmpdir) == 1, "while writing: one temporary file, not the page (%d)", entries(tmpdir));
    struct stat st;
    CHECK(stat(path, &st) != 0, "the page is not in place before it is complete");
    long long bytes = 0;
    CHECK(html_write_close(w, 1, &bytes, err, sizeof err) == 0, "page closed: %s", err);
    CHECK(stat(path, &st) == 0 && st.st_size == bytes, "the size given is the file's (%lld)", bytes);
    CHECK(entries(tmpdir) == 1, "only the page is left");

    size_t len;
    char *html = rv_json_read_file(path, &len, err, sizeof err);
    CHECK(html != NULL, "page read back: %s", err);
    if (!html)
        return;
    CHECK_CONTAINS(html, "<title>v1 &lt;b&gt;bold&lt;/b&gt; &amp; &quot;more&quot;</title>");
    CHECK_CONTAINS(html, "<p>what changed: a &lt; b</p>");
    CHECK_CONTAINS(html, "<h2 id=\"h-2\">Step 2 &lt;s=1&gt;</h2>");
    CHECK_CONTAINS(html, "<p>32 threads &amp; more</p>");
    CHECK_CONTAINS(html, ">s=1 &lt;&amp;&gt;</button>");
    CHECK_CONTAINS(html, "src=\"data:image/png;base64,iVBORw==\"");   /* base64 of the 4 bytes, padded */
    CHECK(count(html, "</script>") == 2, "only the page's own two scripts end (%d)", count(html, "</script>"));
    CHECK(count(html, "<script") == 2, "no caption starts a script (%d)", count(html, "<script"));
    CHECK_CONTAINS(html, "<html lang=\"en\">");
    CHECK_CONTAINS(html, "--bg:#");

    rv_json root;
    CHECK(page_data(html, &root) == 0, "the hover data parses as JSON");
    const rv_json *strings = member(&root, "strings");
    int nvalue = 0;
    for (int i = 0; strings && i < strings->nkids; i++)
        nvalue += !strcmp(strings->kids[i].text, "value 1");
    CHECK(nvalue == 1, "each line once in the table (\"value 1\" %d times)", nvalue);
    CHECK(num(member(&root, "start")) == 1 && num(member(&root, "npos")) == 2, "start and positions");
    const rv_json *pc = member(item(member(&root, "panes"), 0), "cells");
    CHECK(pc && pc->nkids == 8 && num(item(pc, 4)) == 50, "the cells' boxes as given");
    const rv_json *t1 = item(item(item(member(&root, "tips"), 1), 0), 0);   /* position 1, pane 0, cells */
    CHECK(t1 && t1->nkids == 2, "position 1 has two cells' tooltips");
    const rv_json *cell1 = item(t1, 1);
    const char *l1 = tip_line(&root, cell1, 1), *l2 = tip_line(&root, cell1, 2);
    CHECK(l1 && !strcmp(l1, "</script><script>alert(1)"), "a line comes back as given: %s", l1 ? l1 : "(none)");
    CHECK(l2 && !strcmp(l2, "value 1"), "the third line of cell 1: %s", l2 ? l2 : "(none)");
    const rv_json *t0 = item(item(item(member(&root, "tips"), 0), 0), 0);
    CHECK(num(item(t0, 1)) == 0, "no tooltip is 0");
    const char *lane = tip_line(&root, item(item(item(item(member(&root, "tips"), 0), 0), 1), 0), 0);
    CHECK(lane && !strcmp(lane, "thread 0"), "the lane's tooltip");
    rv_json_free(&root);
    free(html);
    remove(path);

    /* Abandoned: nothing left.  A folder in the file's place: an error, nothing made. */
    w = html_write_open(path, &pg, err, sizeof err);
    CHECK(w && html_write_close(w, 0, NULL, err, sizeof err) == 0, "abandoned page");
    CHECK(entries(tmpdir) == 0, "an abandoned page leaves nothing (%d entries)", entries(tmpdir));
    w = html_write_open(path, &pg, err, sizeof err);
    CHECK(w && html_write_close(w, 1, NULL, err, sizeof err) != 0, "a page missing its positions fails");
    CHECK_CONTAINS(err, "0 of 2 positions");
    CHECK(entries(tmpdir) == 0, "and leaves nothing");
    CHECK(html_write_open(tmpdir, &pg, err, sizeof err) == NULL, "a folder is no page");
    CHECK_CONTAINS(err, "Is a directory");
    snprintf(path, sizeof path, "%s/missing/w.html", tmpdir);
    CHECK(html_write_open(path, &pg, err, sizeof err) == NULL, "no page in a missing folder");
    CHECK_CONTAINS(err, "No such file or directory");
    CHECK(entries(tmpdir) == 0, "nothing made");
}

/* ---- the indexed PNG ----------------------------------------------------------- */

static int is_theme_colour(const theme *th, uint32_t rgb)
{
    const rgba cs[] = { th->bg, th->panel, th->panel_edge, th->text, th->full, th->divergent, th->idle,
                        th->lane_off, th->write, th->cell, th->accent, th->conflict[0], th->conflict[1] };
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++)
        if (rgb == ((uint32_t)cs[i].r << 16 | (uint32_t)cs[i].g << 8 | cs[i].b))
            return 1;
    return 0;
}

static void test_png(void)
{
    app a;
    viewer_options o = { .version = rv_version_parse("v1"), .width = 960, .height = 540 };
    char err[512];
    if (app_open(&a, &o, NULL, 0, err, sizeof err) != 0) {
        CHECK(0, "app_open: %s", err);
        return;
    }
    app_goto(&a, 3);
    viewer_frame f = app_frame(&a, 960, 540);
    SDL_Surface *s = viewer_render_to_surface(&f, NULL, err, sizeof err);
    CHECK(s != NULL, "frame drawn: %s", err);
    unsigned char *png = NULL;
    size_t len = 0;
    if (s) {
        CHECK(png_indexed_encode(s->pixels, s->w, s->h, s->pitch, &png, &len, err, sizeof err) == 0,
              "encoded: %s", err);
    }
    CHECK(png && len > 33 && png[25] == 3, "an indexed PNG (colour type 3)");
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    unsigned char *rgb = NULL;
    if (png && png_image_begin_read_from_memory(&pi, png, len)) {
        pi.format = PNG_FORMAT_RGB;
        rgb = malloc(PNG_IMAGE_SIZE(pi));
        if (rgb && !png_image_finish_read(&pi, NULL, rgb, 0, NULL)) {
            free(rgb);
            rgb = NULL;
        }
    }
    CHECK(rgb != NULL && pi.width == 960 && pi.height == 540, "decoded at 960x540");
    if (rgb && s) {
        const theme *th = theme_get((theme_id)f.theme);
        long exact = 0, themed = 0, themed_exact = 0;
        for (int y = 0; y < s->h; y++)
            for (int x = 0; x < s->w; x++) {
                uint32_t c = ((const uint32_t *)((const uint8_t *)s->pixels + (size_t)y * s->pitch))[x] & 0xffffff;
                const unsigned char *d = rgb + 3 * ((size_t)y * s->w + x);
                int same = ((uint32_t)d[0] << 16 | (uint32_t)d[1] << 8 | d[2]) == c;
                exact += same;
                if (is_theme_colour(th, c)) {
                    themed++;
                    themed_exact += same;
                }
            }
        CHECK(themed > 960 * 540 / 2 && themed_exact == themed, "every theme colour exact (%ld of %ld)", themed_exact,
              themed);
        CHECK(exact > 960L * 540 * 95 / 100, "nearly every pixel exact (%ld of %d)", exact, 960 * 540);
    }
    free(rgb);
    free(png);
    SDL_FreeSurface(s);
    app_close(&a);
}

/* ---- the exporter -------------------------------------------------------------- */

/* Writes the page of version v (compare: cmp >= 0) steps first..last at w x h,
 * parses its data into root, and returns the page's text (free it). */
static char *export_page(app *a, int v, int cmp, int first, int last, int quiz, rv_json *root)
{
    viewer_options o = { .version = v, .width = 1280, .height = 720, .compare = cmp + 1 };
    char err[1200], path[400];
    snprintf(path, sizeof path, "%s/lesson.html", tmpdir);
    if (app_open(a, &o, NULL, 0, err, sizeof err) != 0) {
        CHECK(0, "app_open: %s", err);
        return NULL;
    }
    viewer_canvas *c = viewer_canvas_new(NULL, err, sizeof err);
    long long bytes = 0;
    int rc = c ? html_export_write(a, c, 1280, 720, first, last, quiz, NULL, NULL, path, &bytes, err, sizeof err) : -1;
    viewer_canvas_free(c);
    CHECK(rc == 0, "page of %s written: %s", rv_version_name(v), err);
    size_t len;
    char *html = rc == 0 ? rv_json_read_file(path, &len, err, sizeof err) : NULL;
    remove(path);
    if (!html || page_data(html, root) != 0) {
        CHECK(0, "page of %s read back", rv_version_name(v));
        free(html);
        return NULL;
    }
    return html;
}

/* The box at index i of a flat list of boxes: its centre. */
static void centre(const rv_json *boxes, int i, int *x, int *y)
{
    *x = num(item(boxes, 4 * i)) + num(item(boxes, 4 * i + 2)) / 2;
    *y = num(item(boxes, 4 * i + 1)) + num(item(boxes, 4 * i + 3)) / 2;
}

/* Every tooltip of pane data `tips` (cells, lanes) equals the viewer's for frame g. */
static int tips_match(const rv_json *root, const rv_json *tips, const viewer_frame *g, int ncells, int nlanes)
{
    char lines[SCENE_TIP_LINES][SCENE_TIP_LEN];
    int bad = 0;
    for (int kind = 0; kind < 2; kind++) {
        int n = kind ? nlanes : ncells;
        for (int i = 0; i < n; i++) {
            int k = scene_tip_text(g, kind ? SCENE_TIP_LANE : SCENE_TIP_CELL, i, lines);
            const rv_json *tip = item(item(tips, kind), i);
            for (int l = 0; l < k; l++) {
                const char *got = tip_line(root, tip, l);
                if (!got || strcmp(got, lines[l])) {
                    if (bad++ < 3)
                        fprintf(stderr, "%s %d line %d: page \"%s\", viewer \"%s\"\n", kind ? "lane" : "word", i, l,
                                got ? got : "(none)", lines[l]);
                }
            }
            if (tip && tip->type == RV_JSON_ARRAY && tip->nkids != k)
                bad++;
        }
    }
    return bad;
}

static void test_export_one(void)
{
    app a;
    rv_json root;
    char *html = export_page(&a, rv_version_parse("v2"), -1, 1, 4, 0, &root);
    if (!html) {
        app_close(&a);
        return;
    }
    CHECK(count(html, "class=\"step\"") == 4, "steps 2..5: four sections");
    CHECK_CONTAINS(html, "threads each add the word");
    app_goto(&a, 1);
    viewer_frame f = app_frame(&a, 1280, 720);
    layout L;
    draw_layout_for(&f, &L);
    const rv_json *pane = item(member(&root, "panes"), 0);
    const rv_json *cells = member(pane, "cells"), *lanes = member(pane, "lanes");
    int ncells = cells ? cells->nkids / 4 : 0, nlanes = lanes ? lanes->nkids / 4 : 0, bad = 0, x, y;
    CHECK(ncells == f.an->smem_words, "a box per word (%d of %d)", ncells, f.an->smem_words);
    CHECK(nlanes == (L.compact ? 0 : f.tr->block_size), "a box per lane (%d)", nlanes);
    for (int i = 0; i < ncells; i++) {
        centre(cells, i, &x, &y);
        bad += layout_cell_at(&L, x, y) != i;
    }
    for (int t = 0; t < nlanes; t++) {
        centre(lanes, t, &x, &y);
        bad += layout_lane_at(&L, x, y) != t;
    }
    CHECK(bad == 0, "the viewer's hit tests find each word and lane at its box (%d wrong)", bad);
    const rv_json *tl = member(&root, "timeline");
    bad = 0;
    for (int p = 0; p < 4; p++) {
        centre(tl, p, &x, &y);
        bad += layout_step_at(&L, x, y) != 1 + p;
    }
    CHECK(bad == 0, "each position's timeline box is its step's in the frame (%d wrong)", bad);
    for (int p = 0; p < 4; p++) {
        app_goto(&a, 1 + p);
        viewer_frame g = app_frame(&a, 1280, 720);
        const rv_json *tips = item(item(member(&root, "tips"), p), 0);
        CHECK(tips_match(&root, tips, &g, ncells, nlanes) == 0, "position %d: the viewer's tooltips", p + 1);
    }
    rv_json_free(&root);
    free(html);
    app_close(&a);
}

static void test_export_compare(void)
{
    app a;
    rv_json root;
    char *html = export_page(&a, rv_version_parse("v1"), rv_version_parse("v2"), 0, 9, 0, &root);
    if (!html) {
        app_close(&a);
        return;
    }
    CHECK_CONTAINS(html, "8-way bank conflict");   /* v1's s=4 beside v2's, in the captions */
    CHECK(count(html, "class=\"step\"") == 10, "ten aligned steps (%d)", count(html, "class=\"step\""));
    app_goto(&a, 0);
    viewer_frame f = app_frame(&a, 1280, 720);
    static layout_cmp C;
    draw_compare_layout(&f, &C);
    int bad = 0, x, y;
    for (int p = 0; p < 2; p++) {
        const rv_json *pane = item(member(&root, "panes"), p);
        const rv_json *cells = member(pane, "cells"), *lanes = member(pane, "lanes");
        int ncells = cells ? cells->nkids / 4 : 0, nlanes = lanes ? lanes->nkids / 4 : 0;
        CHECK(ncells > 0 && (nlanes > 0 || C.pane[p].compact), "pane %d has boxes", p);
        for (int i = 0; i < ncells; i++) {
            centre(cells, i, &x, &y);
            bad += layout_cell_at(&C.pane[p], x, y) != i;
        }
        for (int t = 0; t < nlanes; t++) {
            centre(lanes, t, &x, &y);
            bad += layout_lane_at(&C.pane[p], x, y) != t;
        }
        for (int r = 0; r < 10; r++) {
            app_goto(&a, r);
            viewer_frame g = app_frame(&a, 1280, 720);
            viewer_frame gp = g;
            if (p == 1) {
                gp.tr = g.tr2;
                gp.an = g.an2;
                gp.step = g.step2;
            }
            const rv_json *tips = item(item(member(&root, "tips"), r), p);
            if (gp.step >= 0)
                CHECK(tips_match(&root, tips, &gp, ncells, nlanes) == 0, "row %d pane %d: the viewer's tooltips", r, p);
            else
                CHECK(item(tips, 0) && item(tips, 0)->nkids == 0, "row %d pane %d: no step, no tooltips", r, p);
        }
    }
    CHECK(bad == 0, "the viewer's hit tests find each word and lane of both panes at its box (%d wrong)", bad);
    const rv_json *tl = member(&root, "timeline");
    bad = 0;
    for (int r = 0; r < 10; r++) {
        centre(tl, r, &x, &y);
        bad += layout_compare_row_at(&C, x, y) != r;
    }
    CHECK(bad == 0, "each row's timeline box is its row in the frame (%d wrong)", bad);
    rv_json_free(&root);
    free(html);
    app_close(&a);
}

/* export --quiz --html: each step asks its question (predict mode's, from
 * the trace) over the question's frame before its answer's frame. */
static void test_export_quiz(void)
{
    app a;
    rv_json root;
    char *html = export_page(&a, rv_version_parse("v1"), -1, 2, 4, 1, &root);
    if (!html) {
        app_close(&a);
        return;
    }
    CHECK(count(html, "class=\"step quiz\"") == 3, "three steps, each a question (%d)", count(html, "class=\"step quiz\""));
    CHECK(count(html, "<img class=\"question-part\"") == 3 && count(html, "<img class=\"answer-part\"") == 3,
          "a question frame and an answer frame each");
    for (int s = 2; s <= 4; s++) {
        quiz_question q;
        CHECK(quiz_pick_question(a.sc.an, s, &q) == 1, "step %d has a question", s + 1);
        char esc[QUIZ_TEXT_LEN * 2];
        size_t o = 0;   /* the question as the page escapes it */
        for (const char *p = q.text; *p && o + 6 < sizeof esc; p++)
            o += (size_t)snprintf(esc + o, sizeof esc - o, "%s", *p == '<' ? "&lt;" : *p == '>' ? "&gt;"
                                  : *p == '&' ? "&amp;" : *p == '"' ? "&quot;" : (char[]){ *p, 0 });
        CHECK(strstr(html, esc) != NULL, "step %d asks: %s", s + 1, q.text);
    }
    CHECK_CONTAINS(html, "Show the answer");
    rv_json_free(&root);
    free(html);
    app_close(&a);
}

/* ---- the waves pictures' zoom ---------------------------------------------------- */

/* base64 text back into bytes (malloc'd, *n of them), or NULL. */
static unsigned char *unbase64(const char *t, size_t *n)
{
    size_t len = strlen(t), o = 0;
    unsigned char *out = malloc(len / 4 * 3 + 3);
    uint32_t v = 0;
    int k = 0;
    for (size_t i = 0; out && i < len && t[i] != '='; i++) {
        const char *abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", *at = strchr(abc, t[i]);
        if (!at || !t[i]) {
            free(out);
            return NULL;
        }
        v = v << 6 | (uint32_t)(at - abc);
        if (++k == 4) {
            out[o++] = (unsigned char)(v >> 16), out[o++] = (unsigned char)(v >> 8), out[o++] = (unsigned char)v;
            v = 0, k = 0;
        }
    }
    if (k == 3) out[o++] = (unsigned char)(v >> 10), out[o++] = (unsigned char)(v >> 2);
    if (k == 2) out[o++] = (unsigned char)(v >> 4);
    *n = o;
    return out;
}

/* A waves recording's page: its zoom data decodes to the core's cells of
 * its run, with its rows, its tail, the theme's colours and the viewer's
 * axis words; the PNG stays in the page. */
static void test_export_waves_zoom(void)
{
    char file[PATH_MAX], err[1200], path[400];
    snprintf(file, sizeof file, "%s/waves/nvidia-h200-v6.rvt", RV_TEST_ASSETS);
    snprintf(path, sizeof path, "%s/waves.html", tmpdir);
    viewer_options o;
    app_options_default(&o);
    o.file = file;
    o.width = 640, o.height = 360;
    app a;
    if (app_open(&a, &o, NULL, 0, err, sizeof err) != 0) {
        CHECK(0, "app_open %s: %s", file, err);
        return;
    }
    viewer_canvas *c = viewer_canvas_new(NULL, err, sizeof err);
    long long bytes = 0;
    int rc = c ? html_export_write(&a, c, 640, 360, 0, 1, 0, NULL, NULL, path, &bytes, err, sizeof err) : -1;
    viewer_canvas_free(c);
    CHECK(rc == 0, "the page of %s: %s", file, err);
    size_t len;
    char *html = rc == 0 ? rv_json_read_file(path, &len, err, sizeof err) : NULL;
    remove(path);
    rv_json root;
    if (!html || page_block(html, HTML_ZOOM_ID, &root) != 0) {
        CHECK(0, "the page has its zoom data");
        free(html);
        app_close(&a);
        return;
    }
    CHECK(count(html, "<img src=\"data:image/png;base64,") == 3, "the PNGs stay: two steps and the grid");
    CHECK_CONTAINS(html, "DecompressionStream");
    const rv_waves *w = a.sc.tr->waves;
    const rv_json *run = item(member(&root, "runs"), 0), *at = member(member(&root, "at"), "2");
    CHECK(num(member(&root, "cols")) == HTML_ZOOM_COLS && member(&root, "runs")->nkids == 1, "one run, %d columns",
          HTML_ZOOM_COLS);
    CHECK(at && member(at, "pics")->nkids == 1 && num(member(item(member(at, "pics"), 0), "run")) == 0 &&
              member(at, "to")->number == 1.0,
          "position 3, the grid, is zoomable: one picture of run 0, the whole run first");
    /* the rows as the core orders them, and their groups */
    uint32_t *rows = calloc(w->sm_count, sizeof *rows), *groups = calloc(w->sm_count, sizeof *groups), ngroups = 0;
    int bad = !rows || !groups || rv_waves_rows(w, rows, groups, &ngroups);
    for (uint32_t r = 0; !bad && r < w->sm_count; r++)
        bad += num(item(member(run, "rows"), (int)r)) != (int)rows[r] ||
               num(item(member(run, "groups"), (int)r)) != (int)groups[r];
    CHECK(bad == 0 && member(run, "rows")->nkids == (int)w->sm_count, "rows and groups are rv_waves_rows'");
    free(rows);
    free(groups);
    /* every cell: the core's, its wave's parity and its fill in 127 steps */
    rv_waves_facts f;
    rv_waves_facts_of(w, &f);
    const rv_json *b64 = member(run, "cells");
    size_t plen = 0, n = (size_t)w->sm_count * HTML_ZOOM_COLS;
    unsigned char *packed = b64 && b64->type == RV_JSON_STRING ? unbase64(b64->text, &plen) : NULL;
    unsigned char *bytes8 = malloc(n + 1);
    rv_waves_cell *cells = malloc(n * sizeof *cells);
    uLongf got = (uLongf)n + 1;
    CHECK(packed && bytes8 && uncompress(bytes8, &got, packed, (uLong)plen) == Z_OK && got == n,
          "the cells inflate to %zu bytes (%lu)", n, (unsigned long)got);
    long wrong = 0, blocks = 0;
    if (cells && got == n && rv_waves_cells(w, HTML_ZOOM_COLS, cells) == 0)
        for (size_t i = 0; i < n; i++) {
            int byte = bytes8[i], none = cells[i].wave == RV_WAVES_NO_WAVE;
            double fill = ((byte - 1) >> 1) / (double)HTML_ZOOM_FILL;
            blocks += !none;
            wrong += none ? byte != 0
                          : byte == 0 || byte > 254 || (byte - 1) % 2 != cells[i].wave % 2 ||
                                fabs(fill - cells[i].fill) > 0.5 / HTML_ZOOM_FILL + 1e-6;
        }
    CHECK(wrong == 0 && blocks > (long)n / 2, "every cell decodes to the core's (%ld wrong, %ld with a block)", wrong,
          blocks);
    CHECK(fabs(member(run, "us")->number - (f.t1 - f.t0) / 1000.0) < 1e-3 &&
              fabs(member(run, "tail")->number - (double)(f.tail_start - f.t0) / (f.t1 - f.t0)) < 1e-6,
          "the run's span and its tail's start");
    char hex[8];
    rgba full = theme_get((theme_id)a.theme)->full;
    snprintf(hex, sizeof hex, "#%02x%02x%02x", full.r, full.g, full.b);
    const rv_json *fc = member(member(&root, "colours"), "full");
    CHECK(fc && !strcmp(fc->text, hex), "the waves' colour is the theme's (%s)", hex);
    /* the axis words: the viewer's, with the script's numbers in them */
    static scene_waves sw;
    scene_waves_in in = {.from = 0.25, .to = 0.5};
    const rv_json *tpl = member(member(&root, "words"), "axis");
    char words[400] = "", num3[4][32];
    double us = (f.t1 - f.t0) / 1000.0;
    snprintf(num3[0], 32, "%.3f", 0.25 * us), snprintf(num3[1], 32, "%.3f", 0.5 * us);
    snprintf(num3[2], 32, "%.3f", us), snprintf(num3[3], 32, "%.0f", 4.0);
    for (const char *p = tpl ? tpl->text : ""; *p; p++) /* {k} filled as html_zoom.js fills it */
        if (p[0] == '{' && p[1] >= '0' && p[1] <= '3' && p[2] == '}')
            strcat(words, num3[p[1] - '0']), p += 2;
        else
            strncat(words, p, 1);
    CHECK(scene_waves_build(a.sc.tr, &in, &sw, err, sizeof err) == 0 && !strcmp(words, sw.axis),
          "the axis template filled is the viewer's axis: \"%s\" \"%s\"", words, sw.axis);
    scene_waves_free(&sw);
    char t[64];
    CHECK(html_zoom_template("%2$s at %1$.3f: 100%%", t, sizeof t) == 0 && !strcmp(t, "{1} at {0}: 100%"),
          "a template keeps %%n$'s order (%s)", t);
    free(packed);
    free(bytes8);
    free(cells);
    rv_json_free(&root);
    free(html);
    app_close(&a);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/rv_test_html_XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    test_writer();
    test_png();
    test_export_one();
    test_export_compare();
    test_export_quiz();
    test_export_waves_zoom();
    rmdir(tmpdir);
    return check_report();
}
