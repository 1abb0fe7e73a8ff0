/* html_write.h — the lesson as one self-contained HTML page.
 *
 * A page is a heading, a row of controls, a timeline of positions (steps,
 * or aligned steps of two versions), and one section per position: its
 * frame as an embedded PNG and its caption as real text.  A small
 * hand-written script (html_page.js, with html_page.css built into the
 * program) shows one position at a time and steps with the keys, the
 * timeline, play/pause and #step=N; the hover data (where each lane and
 * shared-memory word sits in the frame, and the tooltip's lines for it at
 * each position) goes into the page as JSON, shown where the mouse is.
 *
 * The writer composes no words: every text a person reads (captions, the
 * tooltip's lines, the controls' labels) comes in through these structs,
 * already in the page's language.  Nothing outside the file is referenced,
 * and a Content-Security-Policy forbids fetching anything.
 *
 * The file is written under a temporary name in the same folder and renamed
 * when complete, so a failure never leaves a partial page (a path that is no
 * regular file, such as /dev/full, is written in place).
 */
#ifndef VIEWER_HTML_WRITE_H
#define VIEWER_HTML_WRITE_H

#include <stddef.h>
#include "viewer/draw/theme.h"

#define HTML_TIP_LINES  6
#define HTML_MAX_PANES  2
#define HTML_MAX_PARAS  8
#define HTML_LIVE_WORDS 64

/* The lines of one hover tooltip (the first is its heading); n 0: none. */
typedef struct html_tip {
    int n;
    const char *line[HTML_TIP_LINES];
} html_tip;

/* Where a pane's hover targets sit in the frame, in frame pixels: 4 ints
 * (x, y, w, h) per shared-memory word and per thread (nlanes 0 when warps
 * are drawn as one strip).  The same at every position. */
typedef struct html_pane {
    int ncells, nlanes;
    const int *cells, *lanes;
} html_pane;

/* The words of the page's own controls. */
typedef struct html_words {
    const char *first, *prev, *play, *pause, *next, *last;
    const char *speed;      /* label of the speed control                   */
    const char *per_second; /* after the speed: "steps/s"                   */
    const char *position;   /* "Step {n} of {total}": the script fills in   */
    const char *timeline;   /* the timeline's accessible name               */
    const char *keys;       /* one line: what the keys and the mouse do     */
    const char *controls;   /* the controls' accessible name                */
    const char *reveal;     /* predict mode: the button that shows the answer */
} html_words;

/* A live class's answer kept from the page: position pos's JSON object
 * {"stage": the answer frame's HTML, "caption": the answer's words as HTML,
 * "tips": the position's tooltips with their lines as text}. */
typedef void (*html_withheld_fn)(int pos, const char *json, size_t len, void *arg);

typedef struct html_page {
    const char *lang;  /* "en", ...                                    */
    const char *title; /* <title> and the heading                      */
    int nintro;
    const char *intro[HTML_MAX_PARAS]; /* paragraphs under the heading       */
    const html_words *words;
    const theme *th;   /* the frames' theme: the page takes its colours */
    int width, height; /* frame size in pixels                          */
    int npanes;        /* 1, or 2 when comparing                        */
    html_pane pane[HTML_MAX_PANES];
    int npos;                      /* positions, at least 1                         */
    const char *const *labels;     /* npos timeline labels                          */
    const int *timeline;           /* 4 ints per position: its box in the frame's
                                 timeline (a click there goes to it); NULL    */
    const html_tip *timeline_tips; /* npos tooltips over those boxes; NULL   */
    int start;                     /* position shown first (0-based)                */
    double speed;                  /* steps per second at first                     */
    /* A live class (`reducevis class`): a second style and script after the
     * page's own, the words they show (as a JSON object of key: word), and
     * a policy that lets the page talk to the server it came from (and
     * nothing else).  NULL: a page for the disk, which fetches nothing. */
    const char *live_css, *live_js;
    /* A part of the page that does more where the script runs (the waves
     * pictures' zoom, html_waves_zoom.h): its style and its script, after
     * the page's own, reading the data html_write_data gives.  NULL: none. */
    const char *more_css, *more_js;
    int nlive;
    const char *live_key[HTML_LIVE_WORDS], *live_word[HTML_LIVE_WORDS];
    /* With withheld set, a position with a question keeps its answer (the
     * frame, the words, the tooltips) out of the page and hands it to
     * withheld(arg) instead: a class's page must not hold the answers the
     * students are asked for.  NULL: everything in the page. */
    html_withheld_fn withheld;
    void *withheld_arg;
} html_page;

/* One position: its frame and words, and the tooltips of each pane's words
 * and lanes at this position (as many as the pane's geometry has; ncells 0
 * when the pane shows nothing here).  Predict mode (export --quiz): with a
 * question frame, the position first shows it with the question and its
 * hint, and the frame, the answer, the explanation, the paragraphs and the
 * tooltips only once the answer is asked for (the reveal button, or A). */
typedef struct html_step {
    const unsigned char *png;
    size_t png_len;
    const char *alt; /* the frame's alternative text                  */
    const char *heading;
    int nparas;
    const char *para[HTML_MAX_PARAS];
    struct {
        int ncells, nlanes;
        const html_tip *cells, *lanes;
    } tips[HTML_MAX_PANES];
    const unsigned char *question_png; /* NULL: no question at this position */
    size_t question_png_len;
    const char *question_alt, *question, *hint, *answer, *explain;
} html_step;

typedef struct html_writer html_writer;

/* Starts the page at path and writes everything before the first position.
 * NULL with err naming the file and the problem. */
html_writer *html_write_open(const char *path, const html_page *page, char *err, size_t errlen);

/* Appends the next position (npos of them, in order).  0, or -1 with err. */
int html_write_step(html_writer *w, const html_step *s, char *err, size_t errlen);

/* Data for the page's more_js: json (len bytes) as a JSON block of its
 * own, <script type="application/json" id="ID">, written before the
 * scripts when the page closes (copied; every '<' in it escaped, as
 * sb_json writes it).  0, or -1 with err. */
int html_write_data(html_writer *w, const char *id, const char *json, size_t len, char *err, size_t errlen);

/* Writes the hover data and the script, and puts the file in place; with
 * keep 0 (or on failure) nothing is left at path.  *bytes (when not NULL)
 * gets the file's size.  Frees w.  0, or -1 with err. */
int html_write_close(html_writer *w, int keep, long long *bytes, char *err, size_t errlen);

#endif
