/* class_summary.c — the summary slide of a class (class_summary.h).
 *
 * The words are decided first (a row per question asked: its step, its
 * text, "k of n right"), sorted by the share answered wrong, then painted
 * on the export's canvas in the light theme: a slide for the next lesson.
 */
#include "class_summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "viewer/draw/draw.h"
#include "viewer/export/export_file.h"
#include "viewer/draw/font.h"
#include "viewer/draw/theme.h"
#include "core/i18n.h"
#include "core/versions.h"
#include "class/room_export.h"

enum { W = 1600, H = 900, MAX_ROWS = 12 };

typedef struct summary_row {
    int step, answered, right;
    double wrong; /* share of the answers given that were wrong */
    char text[QUIZ_TEXT_LEN + 32];
    char count[80];
} summary_row;

typedef struct summary {
    char title[200], empty[120];
    int n;
    summary_row row[MAX_ROWS];
} summary;

static int by_wrong(const void *x, const void *y)
{
    const summary_row *a = x, *b = y;
    if (a->wrong != b->wrong) return a->wrong < b->wrong ? 1 : -1;
    return a->step - b->step;
}

static void paint(SDL_Renderer *rd, text_cache *tc, const void *arg)
{
    const summary *s = arg;
    const theme *th = theme_get(THEME_LIGHT);
    prim_fill(rd, (lrect){0, 0, W, H}, th->bg);
    text_draw(tc, FACE_SANS_BOLD, 34, 40, 30, th->text_strong, s->title);
    if (!s->n) text_draw(tc, FACE_SANS, 26, 40, 110, th->text_dim, s->empty);
    int y = 100, bar_x = 1080, bar_w = 460, row_h = (H - 130) / MAX_ROWS;
    for (int i = 0; i < s->n; i++, y += row_h) {
        const summary_row *r = &s->row[i];
        text_draw_fit(tc, FACE_SANS, 20, 40, y + 4, bar_x - 60, th->text, r->text);
        text_draw(tc, FACE_SANS, 18, bar_x, y + row_h - 30, th->text_dim, r->count);
        lrect all = {bar_x, y + 4, bar_w, 22};
        prim_fill(rd, all, th->cell_empty);
        if (r->answered) {
            int right_w = bar_w * r->right / r->answered;
            prim_fill(rd, (lrect){bar_x, y + 4, right_w, 22}, th->full);
            prim_fill(rd, (lrect){bar_x + right_w, y + 4, bar_w - right_w, 22},
                      th->conflict[THEME_CONFLICT_LEVELS - 1]);
        }
        prim_stroke(rd, all, th->panel_edge, 1);
    }
}

int class_summary_write(room *r, app *a, const char *font, const char *path, char *err, size_t errlen)
{
    int n = a->sc.tr->nsteps;
    int *asked = calloc((size_t)n, sizeof *asked), *answered = calloc((size_t)n, sizeof *answered);
    int *right = calloc((size_t)n, sizeof *right);
    summary *s = calloc(1, sizeof *s);
    int rc = -1;
    if (!asked || !answered || !right || !s) {
        snprintf(err, errlen, "cannot write %s: out of memory", path);
        goto out;
    }
    room_results(r, asked, answered, right);
    const rv_version_info *vi = rv_version(a->sc.tr->version);
    snprintf(s->title, sizeof s->title, _("%s: the questions the class got wrong most"), vi ? vi->name : "");
    snprintf(s->empty, sizeof s->empty, "%s", _("No question was asked."));
    summary_row all[256];
    int m = 0;
    for (int k = 0; k < n && m < 256; k++) {
        const quiz_question *q = room_question(r, k);
        if (!asked[k] || !q) continue;
        summary_row *row = &all[m++];
        row->step = k;
        row->answered = answered[k];
        row->right = right[k];
        row->wrong = answered[k] ? 1.0 - (double)right[k] / answered[k] : 0;
        snprintf(row->text, sizeof row->text, _("step %d: %s"), k + 1, q->text);
        snprintf(row->count, sizeof row->count, _("%d of %d right"), right[k], answered[k]);
    }
    qsort(all, (size_t)m, sizeof all[0], by_wrong);
    s->n = m < MAX_ROWS ? m : MAX_ROWS;
    memcpy(s->row, all, sizeof all[0] * (size_t)s->n);
    viewer_canvas *c = viewer_canvas_new(font, err, errlen);
    if (!c) goto out;
    if (viewer_canvas_paint(c, W, H, paint, s) != 0)
        snprintf(err, errlen, _("drawing failed: %s"), SDL_GetError());
    else
        rc = export_write_png(viewer_canvas_surface(c), path, err, errlen);
    viewer_canvas_free(c);
out:
    free(asked);
    free(answered);
    free(right);
    free(s);
    return rc;
}
