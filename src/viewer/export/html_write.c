/* html_write.c — the lesson page, written as a stream (html_write.h).
 *
 * The head, the controls and the timeline go out when the page is opened;
 * each position's section (its frame in base64, its words) as it is added,
 * so only one frame is in memory at a time.  The tooltips are kept until
 * the end, where they go into one JSON object before the script: every line
 * once in a table of strings (a word's heading, "not written yet" and most
 * values repeat from step to step), each tooltip a list of indices into it.
 *
 * Bytes go through out(), which remembers why the first write failed, so
 * the message says "No space left on device" and not just "failed".
 */
#include "html_write.h"
#include "html_strings.h"
#include "core/i18n.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The page's own style and script: html_page.css and html_page.js, made
 * into C strings by the build (cmake/embed.cmake). */
extern const char html_page_css[];
extern const char html_page_js[];

/* ---- the writer ---------------------------------------------------------------- */

struct html_writer {
    FILE *f;
    char *path, *tmp; /* tmp: the temporary name, NULL when writing in place */
    int write_errno;  /* why the first failed write failed, or 0 */
    int npos, pos, npanes;
    char *reveal; /* the words of predict mode's reveal button */
    strtab strings;
    sbuf tips;  /* the JSON array of every position's tooltips */
    sbuf about; /* the paragraphs under the steps, as HTML */
    sbuf *live; /* a live class's words as JSON, or NULL */
    sbuf live_words;
    const char *live_js;
    sbuf more;                 /* html_write_data's blocks, written at the close */
    const char *more_js;       /* the script that reads them */
    html_withheld_fn withheld; /* a live class: answers kept from the page */
    void *withheld_arg;
    sbuf *divert; /* while set, what is written goes here, not to the file */
};

static void out(html_writer *w, const char *s, size_t n)
{
    if (w->divert) {
        sb_add(w->divert, s, n);
        return;
    }
    if (w->write_errno || n == 0) return;
    if (fwrite(s, 1, n, w->f) != n) w->write_errno = errno ? errno : EIO;
}

static void outs(html_writer *w, const char *s) { out(w, s, strlen(s)); }

/* Text for an element or an attribute, escaped (sb_html). */
static void out_text(html_writer *w, const char *s)
{
    sbuf b = {0};
    sb_html(&b, s);
    if (b.oom && !w->write_errno) w->write_errno = ENOMEM;
    out(w, b.s ? b.s : "", b.len);
    free(b.s);
}

static void out_base64(html_writer *w, const unsigned char *d, size_t n)
{
    char buf[4096];
    for (size_t i = 0; i < n; i += BASE64_CHUNK) {
        size_t k = n - i < BASE64_CHUNK ? n - i : BASE64_CHUNK;
        out(w, buf, base64_chunk(buf, d + i, k));
    }
}

static void out_colour(html_writer *w, const char *name, rgba c)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s:#%02x%02x%02x;", name, c.r, c.g, c.b);
    outs(w, buf);
}

static int fail(html_writer *w, const char *why, char *err, size_t errlen)
{
    snprintf(err, errlen, _("cannot write %s: %s"), w->path, w->write_errno ? strerror(w->write_errno) : why);
    return -1;
}

static void free_writer(html_writer *w)
{
    if (!w) return;
    if (w->f) fclose(w->f);
    if (w->tmp) unlink(w->tmp);
    strtab_free(&w->strings);
    free(w->tips.s);
    free(w->about.s);
    free(w->live_words.s);
    free(w->more.s);
    free(w->path);
    free(w->tmp);
    free(w->reveal);
    free(w);
}

/* Opens the temporary file beside path (or path itself when it is no
 * regular file).  0, or -1 with err. */
static int open_file(html_writer *w, const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, _("cannot write %s: Is a directory"), path);
        return -1;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device or a pipe: written in place, there is nothing to rename */
        if (!(w->f = fopen(path, "wb"))) {
            snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
            return -1;
        }
        return 0;
    }
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    size_t n = strlen(path) + 16;
    if (!(w->tmp = malloc(n))) {
        snprintf(err, errlen, _("cannot write %s: out of memory"), path);
        return -1;
    }
    /* "dir/.name.XXXXXX": hidden, in the same folder (so the rename is atomic) */
    snprintf(w->tmp, n, "%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
    int fd = mkstemp(w->tmp);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        free(w->tmp);
        w->tmp = NULL;
        return -1;
    }
    /* mkstemp makes the file private; a page is for sharing, as umask allows */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    if (!(w->f = fdopen(fd, "wb"))) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    return 0;
}

/* A button named label, after an icon (none: "") hidden from screen readers. */
static void out_button(html_writer *w, const char *id, const char *icon, const char *label, const char *key)
{
    outs(w, "<button type=\"button\" id=\"");
    outs(w, id);
    outs(w, "\" title=\"");
    out_text(w, label);
    outs(w, " (");
    outs(w, key);
    outs(w, ")\">");
    if (icon[0]) {
        outs(w, "<span aria-hidden=\"true\">");
        outs(w, icon);
        outs(w, "</span> ");
    }
    outs(w, "<span>");
    out_text(w, label);
    outs(w, "</span>");
    outs(w, "</button>\n");
}

/* The page's head: its one policy (nothing fetched from outside), its
 * title, and the theme's colours as CSS variables before the page's CSS. */
static void write_head(html_writer *w, const html_page *pg)
{
    const theme *th = pg->th;
    outs(w, "<!DOCTYPE html>\n<html lang=\"");
    out_text(w, pg->lang);
    outs(w, "\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            /* Nothing outside this file, ever: no fetch, no font, no image;
             * a live class talks to its own server, and to nothing else */
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
            "style-src 'unsafe-inline'; script-src 'unsafe-inline'");
    outs(w, pg->live_js ? "; connect-src 'self'\">\n" : "\">\n");
    outs(w, "<meta name=\"generator\" content=\"reducevis export --html\">\n<title>");
    out_text(w, pg->title);
    outs(w, "</title>\n<style>\n:root{");
    out_colour(w, "--bg", th->bg);
    out_colour(w, "--panel", th->panel);
    out_colour(w, "--edge", th->panel_edge);
    out_colour(w, "--text", th->text);
    out_colour(w, "--dim", th->text_dim);
    out_colour(w, "--strong", th->text_strong);
    out_colour(w, "--accent", th->accent);
    out_colour(w, "--on-accent", theme_text_on(th, th->accent));
    out_colour(w, "--tip", th->tooltip);
    out_colour(w, "--divergent", th->divergent);
    outs(w, "}\n");
    outs(w, html_page_css);
    if (pg->live_css) outs(w, pg->live_css);
    if (pg->more_css) outs(w, pg->more_css);
    outs(w, "</style>\n</head>\n");
}

/* The page's title, its controls (buttons, speed) and the timeline, up to
 * where the steps begin. */
static void write_controls(html_writer *w, const html_page *pg)
{
    const html_words *wd = pg->words;
    outs(w, "<body>\n<header>\n<h1>");
    out_text(w, pg->title);
    outs(w, "</h1>\n</header>\n<nav class=\"controls\" aria-label=\"");
    out_text(w, wd->controls);
    outs(w, "\">\n");
    out_button(w, "rv-first", "\xE2\x87\xA4", wd->first, "Home");       /* ⇤ */
    out_button(w, "rv-prev", "\xE2\x86\x90", wd->prev, "\xE2\x86\x90"); /* ← */
    out_button(w, "rv-play", "", wd->play, "P");
    out_button(w, "rv-next", "\xE2\x86\x92", wd->next, "\xE2\x86\x92"); /* → */
    out_button(w, "rv-last", "\xE2\x87\xA5", wd->last, "End");          /* ⇥ */
    outs(w, "<label class=\"speed\">");
    out_text(w, wd->speed);
    char buf[160];
    snprintf(buf, sizeof buf,
             " <input type=\"range\" id=\"rv-speed\" min=\"0.25\" max=\"8\" step=\"0.25\" "
             "value=\"%g\"> <output id=\"rv-speed-out\">%g</output> ",
             pg->speed, pg->speed);
    outs(w, buf);
    out_text(w, wd->per_second);
    outs(
        w,
        "</label>\n<span id=\"rv-pos\" aria-live=\"polite\"></span>\n</nav>\n<ol class=\"timeline\" id=\"rv-timeline\" aria-label=\"");
    out_text(w, wd->timeline);
    outs(w, "\">\n");
    for (int p = 0; p < pg->npos; p++) {
        snprintf(buf, sizeof buf, "<li><button type=\"button\" data-pos=\"%d\">", p);
        outs(w, buf);
        out_text(w, pg->labels[p]);
        outs(w, "</button></li>\n");
    }
    outs(w, "</ol>\n<main id=\"rv-steps\">\n");
}

/* What is written after the steps, kept until then: the page's paragraphs
 * and the start of the script's data (its words, the frame's geometry,
 * where to start). */
static void keep_after_steps(html_writer *w, const html_page *pg)
{
    /* The page's paragraphs go under the steps, so the frame is what one
     * sees first; they are kept until then. */
    for (int i = 0; i < pg->nintro && i < HTML_MAX_PARAS; i++) {
        sb_puts(&w->about, "<p>");
        sb_html(&w->about, pg->intro[i]);
        sb_puts(&w->about, "</p>\n");
    }

    /* The data the script needs besides the tooltips: the page's words,
     * the geometry of the frame, where to start. */
    w->withheld = pg->withheld;
    w->withheld_arg = pg->withheld_arg;
    w->more_js = pg->more_js;
    if (pg->live_js) {
        w->live = &w->live_words;
        w->live_js = pg->live_js;
        sb_puts(w->live, "{");
        for (int i = 0; i < pg->nlive && i < HTML_LIVE_WORDS; i++) {
            sb_puts(w->live, i ? "," : "");
            sb_json(w->live, pg->live_key[i]);
            sb_puts(w->live, ":");
            sb_json(w->live, pg->live_word[i]);
        }
        sb_puts(w->live, "}");
    }
    const html_words *wd = pg->words;
    sbuf *t = &w->tips;
    sb_puts(t, "{\"words\":{\"play\":");
    sb_json(t, wd->play);
    sb_puts(t, ",\"pause\":");
    sb_json(t, wd->pause);
    sb_puts(t, ",\"position\":");
    sb_json(t, wd->position);
    sb_printf(t, "},\"width\":%d,\"height\":%d,\"npos\":%d,\"start\":%d,\"speed\":%g,\"panes\":[", pg->width,
              pg->height, pg->npos, pg->start, pg->speed);
    for (int p = 0; p < pg->npanes; p++) {
        const html_pane *pn = &pg->pane[p];
        sb_puts(t, p ? ",{\"cells\":[" : "{\"cells\":[");
        for (int i = 0; i < 4 * pn->ncells; i++) sb_printf(t, i ? ",%d" : "%d", pn->cells[i]);
        sb_puts(t, "],\"lanes\":[");
        for (int i = 0; i < 4 * pn->nlanes; i++) sb_printf(t, i ? ",%d" : "%d", pn->lanes[i]);
        sb_puts(t, "]}");
    }
    sb_puts(t, "],\"timeline\":[");
    for (int i = 0; pg->timeline && i < 4 * pg->npos; i++) sb_printf(t, i ? ",%d" : "%d", pg->timeline[i]);
    sb_puts(t, "],\"timelineTips\":[");
    for (int p = 0; pg->timeline_tips && p < pg->npos; p++) {
        const html_tip *tp = &pg->timeline_tips[p];
        sb_puts(t, p ? ",[" : "[");
        for (int i = 0; i < tp->n && i < HTML_TIP_LINES; i++)
            sb_printf(t, i ? ",%ld" : "%ld", strtab_index(&w->strings, tp->line[i]));
        sb_puts(t, "]");
    }
    sb_puts(t, "],\"tips\":[");
}

html_writer *html_write_open(const char *path, const html_page *pg, char *err, size_t errlen)
{
    html_writer *w = calloc(1, sizeof *w);
    size_t plen = strlen(path) + 1;
    if (!w || !(w->path = malloc(plen))) {
        snprintf(err, errlen, _("cannot write %s: out of memory"), path);
        free(w);
        return NULL;
    }
    memcpy(w->path, path, plen);
    w->npos = pg->npos;
    w->npanes = pg->npanes;
    const char *reveal = pg->words->reveal ? pg->words->reveal : "";
    if (!(w->reveal = malloc(strlen(reveal) + 1))) {
        snprintf(err, errlen, _("cannot write %s: out of memory"), path);
        free_writer(w);
        return NULL;
    }
    memcpy(w->reveal, reveal, strlen(reveal) + 1);
    if (open_file(w, path, err, errlen) != 0) {
        free_writer(w);
        return NULL;
    }
    write_head(w, pg);
    write_controls(w, pg);
    keep_after_steps(w, pg);
    const sbuf *t = &w->tips;
    if (w->write_errno || t->oom || w->about.oom || w->strings.oom || w->live_words.oom) {
        fail(w, _("out of memory"), err, errlen);
        free_writer(w);
        return NULL;
    }
    return w;
}

/* One pane's tooltips of one kind: [[3,5,9],0,...] (0: no tooltip). */
static void tips_json(html_writer *w, const html_tip *tips, int n)
{
    sbuf *t = &w->tips;
    sb_puts(t, "[");
    for (int k = 0; k < n; k++) {
        if (k) sb_puts(t, ",");
        if (tips[k].n <= 0) {
            sb_puts(t, "0");
            continue;
        }
        sb_puts(t, "[");
        for (int i = 0; i < tips[k].n && i < HTML_TIP_LINES; i++)
            sb_printf(t, i ? ",%ld" : "%ld", strtab_index(&w->strings, tips[k].line[i] ? tips[k].line[i] : ""));
        sb_puts(t, "]");
    }
    sb_puts(t, "]");
}

/* One pane's tooltips of one kind, each line as its text (a withheld
 * answer's: not in the page's table of strings, which every student has). */
static void tips_json_text(sbuf *t, const html_tip *tips, int n)
{
    sb_puts(t, "[");
    for (int k = 0; k < n; k++) {
        sb_puts(t, k ? "," : "");
        if (tips[k].n <= 0) {
            sb_puts(t, "0");
            continue;
        }
        sb_puts(t, "[");
        for (int i = 0; i < tips[k].n && i < HTML_TIP_LINES; i++) {
            sb_puts(t, i ? "," : "");
            sb_json(t, tips[k].line[i] ? tips[k].line[i] : "");
        }
        sb_puts(t, "]");
    }
    sb_puts(t, "]");
}

int html_write_step(html_writer *w, const html_step *s, char *err, size_t errlen)
{
    char buf[200];
    int n = w->pos + 1;
    int quiz = s->question_png != NULL;
    /* a live class keeps the answer (its frame, words and tooltips) from the
     * page: handed to w->withheld, served once the teacher reveals it */
    int hold = quiz && w->withheld;
    sbuf stage = {0}, caption = {0};
    snprintf(buf, sizeof buf,
             "<section class=\"step%s\" id=\"step-%d\" data-pos=\"%d\" aria-labelledby=\"h-%d\">\n"
             "<div class=\"stage\">",
             quiz ? " quiz" : "", n, w->pos, n);
    outs(w, buf);
    if (quiz) { /* the question's frame, then the answer's */
        outs(w, "<img class=\"question-part\" src=\"data:image/png;base64,");
        out_base64(w, s->question_png, s->question_png_len);
        outs(w, "\" alt=\"");
        out_text(w, s->question_alt);
        outs(w, "\" decoding=\"async\">");
    }
    w->divert = hold ? &stage : NULL;
    outs(w, quiz ? "<img class=\"answer-part\" src=\"data:image/png;base64," : "<img src=\"data:image/png;base64,");
    out_base64(w, s->png, s->png_len);
    outs(w, "\" alt=\"");
    out_text(w, s->alt);
    outs(w, "\" decoding=\"async\">");
    w->divert = NULL;
    outs(w, "</div>\n<div class=\"caption\">\n");
    snprintf(buf, sizeof buf, "<h2 id=\"h-%d\">", n);
    outs(w, buf);
    out_text(w, s->heading);
    outs(w, "</h2>\n");
    if (quiz) {
        outs(w, "<p class=\"question\">");
        out_text(w, s->question);
        outs(w, "</p>\n<p class=\"question-part\">");
        out_text(w, s->hint);
        outs(w, " <button type=\"button\" class=\"reveal\">");
        out_text(w, w->reveal);
        outs(w, " (A)</button></p>\n<div class=\"answer-part\">\n");
        w->divert = hold ? &caption : NULL;
        outs(w, "<p class=\"answer\">");
        out_text(w, s->answer);
        outs(w, "</p>\n<p>");
        out_text(w, s->explain);
        outs(w, "</p>\n");
    }
    for (int i = 0; i < s->nparas && i < HTML_MAX_PARAS; i++) {
        outs(w, "<p>");
        out_text(w, s->para[i]);
        outs(w, "</p>\n");
    }
    w->divert = NULL;
    outs(w, quiz ? "</div>\n</div>\n</section>\n" : "</div>\n</section>\n");

    sbuf *t = &w->tips, held = {0};
    sb_puts(t, w->pos ? "," : "");
    if (hold) { /* {"stage": html, "caption": html, "tips": [...]} */
        sb_puts(t, "0");
        sb_puts(&held, "{\"stage\":");
        sb_json(&held, stage.s ? stage.s : "");
        sb_puts(&held, ",\"caption\":");
        sb_json(&held, caption.s ? caption.s : "");
        sb_puts(&held, ",\"tips\":[");
        for (int p = 0; p < w->npanes; p++) {
            sb_puts(&held, p ? ",[" : "[");
            tips_json_text(&held, s->tips[p].cells, s->tips[p].ncells);
            sb_puts(&held, ",");
            tips_json_text(&held, s->tips[p].lanes, s->tips[p].nlanes);
            sb_puts(&held, "]");
        }
        sb_puts(&held, "]}");
    } else {
        sb_puts(t, "[");
        for (int p = 0; p < w->npanes; p++) {
            sb_puts(t, p ? ",[" : "[");
            tips_json(w, s->tips[p].cells, s->tips[p].ncells);
            sb_puts(t, ",");
            tips_json(w, s->tips[p].lanes, s->tips[p].nlanes);
            sb_puts(t, "]");
        }
        sb_puts(t, "]");
    }
    int oom = stage.oom || caption.oom || held.oom;
    if (hold && !oom) w->withheld(w->pos, held.s, held.len, w->withheld_arg);
    free(stage.s);
    free(caption.s);
    free(held.s);
    w->pos++;
    if (w->write_errno || t->oom || w->strings.oom || oom) return fail(w, _("out of memory"), err, errlen);
    return 0;
}

int html_write_data(html_writer *w, const char *id, const char *json, size_t len, char *err, size_t errlen)
{
    sb_puts(&w->more, "</script>\n<script type=\"application/json\" id=\"");
    sb_html(&w->more, id);
    sb_puts(&w->more, "\">");
    /* no '<' may end the block early: a JSON string's, written \u003c */
    for (const char *p = json, *end = json + len; p < end;) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        sb_add(&w->more, p, (size_t)((lt ? lt : end) - p));
        if (lt) sb_puts(&w->more, "\\u003c");
        p = lt ? lt + 1 : end;
    }
    if (w->more.oom) return fail(w, _("out of memory"), err, errlen);
    return 0;
}

int html_write_close(html_writer *w, int keep, long long *bytes, char *err, size_t errlen)
{
    if (!w) return 0;
    if (!keep) {
        free_writer(w);
        return 0;
    }
    if (w->pos != w->npos) {
        snprintf(err, errlen, _("cannot write %s: %d of %d positions were given"), w->path, w->pos, w->npos);
        free_writer(w);
        return -1;
    }
    outs(w, "</main>\n<footer>\n");
    out(w, w->about.s, w->about.len);
    outs(w, "</footer>\n<div id=\"rv-tip\" role=\"tooltip\" hidden></div>\n"
            "<script type=\"application/json\" id=\"rv-data\">");
    sbuf *t = &w->tips;
    sb_puts(t, "],\"strings\":[");
    for (size_t i = 0; i < w->strings.n; i++) {
        if (i) sb_puts(t, ",");
        sb_json(t, w->strings.str[i]);
    }
    sb_puts(t, "]}");
    if (t->oom || w->strings.oom) {
        fail(w, _("out of memory"), err, errlen);
        free_writer(w);
        return -1;
    }
    out(w, t->s, t->len);
    out(w, w->more.s, w->more.len); /* each block closes the one before */
    if (w->live) {                  /* the live class's words, before the page's script looks for them */
        outs(w, "</script>\n<script type=\"application/json\" id=\"rv-live\">");
        out(w, w->live->s, w->live->len);
    }
    outs(w, "</script>\n<script>\n");
    outs(w, html_page_js);
    if (w->more_js) {
        outs(w, "</script>\n<script>\n");
        outs(w, w->more_js);
    }
    if (w->live) {
        outs(w, "</script>\n<script>\n");
        outs(w, w->live_js);
    }
    outs(w, "</script>\n</body>\n</html>\n");
    if (!w->write_errno && fflush(w->f) != 0) w->write_errno = errno ? errno : EIO;
    if (!w->write_errno && fsync(fileno(w->f)) != 0 && errno != EINVAL && errno != EROFS) w->write_errno = errno;
    long long size = ftell(w->f);
    int rc = fclose(w->f);
    w->f = NULL;
    if (rc != 0 && !w->write_errno) w->write_errno = errno ? errno : EIO;
    if (w->write_errno) {
        fail(w, _("write failed"), err, errlen);
        free_writer(w);
        return -1;
    }
    if (w->tmp && rename(w->tmp, w->path) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", w->path, strerror(errno));
        free_writer(w);
        return -1;
    }
    free(w->tmp);
    w->tmp = NULL;
    if (bytes) *bytes = size;
    free_writer(w);
    return 0;
}
