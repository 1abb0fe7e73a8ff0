/* html_waves_zoom.c — the data of the lesson page's zoomable waves
 * pictures (html_waves_zoom.h).
 *
 * The cells are the core's (rv_waves_cells), at one fine resolution for
 * the whole run, so that the browser zooms by choosing columns and needs
 * no block of the run: v0's 2^17 blocks would be 5 MB as blocks, its cells
 * some 190 KB.  A byte a cell (the fill in 127 steps and the wave's parity,
 * all the picture's two alternating colours need), compressed with zlib:
 * the fill changes every few columns, so it is the bytes' entropy, and
 * zlib halves them where runs of equal bytes would not.  The browser
 * inflates them with its own DecompressionStream.
 *
 * Every word is made here through _(), in the page's language, as the
 * PNG's are (scene_waves_build): the script only puts numbers into the
 * axis's templates, which are the viewer's own axis words made into
 * templates, so the page and the viewer say the part shown alike. */
#include "html_waves_zoom.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "core/i18n.h"
#include "html_strings.h"
#include "viewer/draw/draw.h"
#include "viewer/scene/scene_waves.h"

#define ZOOM_RUNS 4 /* two positions of two pictures at most */

struct html_zoom {
    const theme *th;
    sbuf runs, at, json;
    const rv_waves *run[ZOOM_RUNS];
    int nruns, npos;
};

html_zoom *html_zoom_new(const theme *th)
{
    html_zoom *z = calloc(1, sizeof *z);
    if (z) z->th = th;
    return z;
}

int html_zoom_any(const html_zoom *z) { return z && z->npos > 0; }

void html_zoom_free(html_zoom *z)
{
    if (!z) return;
    free(z->runs.s);
    free(z->at.s);
    free(z->json.s);
    free(z);
}

int html_zoom_template(const char *fmt, char *out, size_t len)
{
    size_t o = 0;
    int next = 0;
    for (const char *p = fmt; *p; p++) {
        char piece[16] = {*p, '\0'};
        if (*p == '%' && p[1] == '%') {
            p++;
        } else if (*p == '%') {
            /* %[n$][flags][width][.precision][length]conversion */
            const char *q = p + 1;
            int arg = 0;
            while (*q >= '0' && *q <= '9') arg = arg * 10 + (*q++ - '0');
            if (*q == '$' && arg > 0)
                q++, arg--;
            else
                q = p + 1, arg = next;
            while (*q && strchr("-+ #0123456789.'hlLqjzt", *q)) q++;
            if (!*q) return -1;
            snprintf(piece, sizeof piece, "{%d}", arg);
            next = arg + 1;
            p = q;
        }
        size_t n = strlen(piece);
        if (o + n >= len) return -1;
        memcpy(out + o, piece, n);
        o += n;
    }
    out[o] = '\0';
    return 0;
}

/* A cell as its byte (the header's rule). */
static unsigned char cell_byte(const rv_waves_cell *c)
{
    if (c->wave == RV_WAVES_NO_WAVE) return 0;
    float f = c->fill < 0.0f ? 0.0f : c->fill > 1.0f ? 1.0f : c->fill;
    return (unsigned char)(1 + (c->wave & 1) + 2 * lroundf(f * HTML_ZOOM_FILL));
}

/* w's cells, its rows and its facts as one entry of runs[]: 0, or -1 out
 * of memory. */
static int add_run(html_zoom *z, const rv_waves *w)
{
    size_t n = (size_t)w->sm_count * HTML_ZOOM_COLS;
    rv_waves_cell *cells = malloc(n * sizeof *cells);
    unsigned char *bytes = malloc(n);
    uLongf packed_len = compressBound((uLong)n);
    unsigned char *packed = malloc(packed_len);
    uint32_t *rows = malloc(sizeof *rows * w->sm_count), *groups = malloc(sizeof *groups * w->sm_count);
    uint32_t ngroups = 0;
    rv_waves_facts f;
    int rc = -1;
    if (!cells || !bytes || !packed || !rows || !groups || rv_waves_cells(w, HTML_ZOOM_COLS, cells) ||
        rv_waves_rows(w, rows, groups, &ngroups) || rv_waves_facts_of(w, &f))
        goto done;
    for (size_t i = 0; i < n; i++) bytes[i] = cell_byte(&cells[i]);
    if (compress2(packed, &packed_len, bytes, (uLong)n, Z_BEST_COMPRESSION) != Z_OK) goto done;
    sbuf *b = &z->runs;
    double span = (double)(f.t1 - f.t0);
    sb_printf(b, "%s{\"sms\":%u,\"rows\":[", z->nruns ? "," : "", w->sm_count);
    for (uint32_t r = 0; r < w->sm_count; r++) sb_printf(b, r ? ",%u" : "%u", rows[r]);
    sb_puts(b, "],\"groups\":[");
    for (uint32_t r = 0; r < w->sm_count; r++) sb_printf(b, r ? ",%u" : "%u", groups[r]);
    /* as scene_waves says them: µs of the run, the tail from its start */
    sb_printf(b, "],\"us\":%.6f,\"tail\":%.9f,\"cells\":\"", span / 1000.0,
              span > 0 ? (double)(f.tail_start - f.t0) / span : 1.0);
    sb_base64(b, packed, packed_len);
    sb_puts(b, "\"}");
    z->run[z->nruns++] = w;
    rc = b->oom ? -1 : 0;
done:
    free(cells);
    free(bytes);
    free(packed);
    free(rows);
    free(groups);
    return rc;
}

/* The index in runs[] of w, added where new: -1 out of memory or room. */
static int run_index(html_zoom *z, const rv_waves *w)
{
    for (int k = 0; k < z->nruns; k++)
        if (z->run[k] == w) return k;
    if (z->nruns == ZOOM_RUNS || add_run(z, w)) return -1;
    return z->nruns - 1;
}

/* One line of a picture's words: [kind, words] (its colour in the page's
 * style); none where the words are empty. */
static void line(sbuf *b, int *first, const char *kind, const char *words)
{
    if (!words[0]) return;
    sb_puts(b, *first ? "[" : ",[");
    sb_json(b, kind);
    sb_puts(b, ",");
    sb_json(b, words);
    sb_puts(b, "]");
    *first = 0;
}

/* The picture of src as pics[] has it: its run and the PNG's words. */
static int add_pic(html_zoom *z, const waves_source *src, char *err, size_t errlen)
{
    static scene_waves sw; /* its words are large: off the stack */
    sbuf *b = &z->at;
    if (!src->tr) {
        sb_puts(b, "{\"none\":");
        sb_json(b, draw_waves_why(src));
        sb_puts(b, "}");
        return 0;
    }
    scene_waves_in in = {.file = src->file, .name = src->name, .beside = src->beside};
    if (scene_waves_build(src->tr, &in, &sw, err, errlen)) return -1;
    int k = run_index(z, src->tr->waves);
    if (k < 0) {
        scene_waves_free(&sw);
        snprintf(err, errlen, "%s", _("out of memory"));
        return -1;
    }
    /* the PNG's words in the PNG's colours (draw_waves.c) */
    int first = 1;
    sb_printf(b, "{\"run\":%d,\"title\":", k);
    sb_json(b, sw.title);
    sb_puts(b, ",\"lines\":[");
    line(b, &first, sw.separate ? "strong" : "dim", sw.origin);
    line(b, &first, "dim", sw.recorded);
    line(b, &first, "accent", sw.predicted);
    line(b, &first, "text", sw.observed);
    line(b, &first, "dim", sw.placed);
    line(b, &first, "tail", sw.tail);
    sb_puts(b, "],\"rows\":");
    sb_json(b, sw.sm_rows);
    sb_puts(b, ",\"legend\":");
    sb_json(b, sw.legend);
    sb_puts(b, ",\"gpcs\":");
    sb_json(b, sw.gpcs);
    sb_puts(b, "}");
    scene_waves_free(&sw);
    return 0;
}

int html_zoom_add(html_zoom *z, int pos, const waves_source *src, int n, double from, double to, char *err,
                  size_t errlen)
{
    if (to <= from) from = 0.0, to = 1.0;
    sb_printf(&z->at, "%s\"%d\":{\"from\":%.9f,\"to\":%.9f,\"pics\":[", z->npos ? "," : "", pos, from, to);
    for (int p = 0; p < n && p < 2; p++) {
        if (p) sb_puts(&z->at, ",");
        if (add_pic(z, &src[p], err, errlen)) return -1;
    }
    sb_puts(&z->at, "]}");
    z->npos++;
    if (z->at.oom || z->runs.oom) {
        snprintf(err, errlen, "%s", _("out of memory"));
        return -1;
    }
    return 0;
}

static void colour(sbuf *b, const char *name, rgba c, int first)
{
    sb_printf(b, "%s\"%s\":\"#%02x%02x%02x\"", first ? "" : ",", name, c.r, c.g, c.b);
}

/* A word of the page's: "key":"words" after a comma. */
static void word(sbuf *b, const char *key, const char *words)
{
    sb_printf(b, ",\"%s\":", key);
    sb_json(b, words);
}

const char *html_zoom_json(html_zoom *z, size_t *len)
{
    sbuf *b = &z->json;
    char axis[400], whole[400];
    /* the viewer's axis words (scene_waves.c), made templates */
    if (html_zoom_template(_("time: %.3f to %.3f µs of %.3f from the first block's start (×%.0f)"), axis,
                           sizeof axis) ||
        html_zoom_template(_("time: 0 to %.3f µs from the first block's start"), whole, sizeof whole))
        return NULL;
    b->len = 0;
    sb_printf(b, "{\"cols\":%d,\"minCols\":%d,\"fill\":%d,\"words\":{\"axis\":", HTML_ZOOM_COLS, HTML_ZOOM_MIN_COLS,
              HTML_ZOOM_FILL);
    sb_json(b, axis);
    word(b, "axisWhole", whole);
    word(b, "in", _("Zoom in"));
    word(b, "out", _("Zoom out"));
    /* TRANSLATORS: the button that shows a waves picture's whole run again after a zoom */
    word(b, "whole", _("Whole run"));
    word(b, "keys",
         _("wheel, or I and O: zoom in time about the pointer \xC2\xB7 drag, or comma and period: earlier, "
           "later \xC2\xB7 R: the whole run"));
    word(b, "label",
         _("The waves picture: one row per SM, time across, each block's time in its wave's colour, the "
           "tail marked"));
    const theme *th = z->th;
    sb_puts(b, "},\"colours\":{");
    colour(b, "full", th->full, 1);
    colour(b, "accent2", th->accent2, 0);
    colour(b, "panel", th->panel, 0);
    colour(b, "edge", th->panel_edge, 0);
    colour(b, "group", th->text_dim, 0);
    colour(b, "divergent", th->divergent, 0);
    sb_puts(b, "},\"runs\":[");
    sb_add(b, z->runs.s ? z->runs.s : "", z->runs.len);
    sb_puts(b, "],\"at\":{");
    sb_add(b, z->at.s ? z->at.s : "", z->at.len);
    sb_puts(b, "}}");
    if (b->oom) return NULL;
    *len = b->len;
    return b->s;
}
