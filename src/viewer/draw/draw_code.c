/* draw_code.c — the code pane: the version's kernel source, current line lit.
 *
 * The scene gives the source lines as students read them (scene_code.c:
 * the trace instrumentation hidden, under the line numbers of the file).
 * Lines too long for the pane wrap with a hanging indent rather than being
 * cut.  The pane scrolls to keep the current line a third of the way down,
 * where the eye rests; in a long file (a student's own may have thousands
 * of lines) the rows are wrapped from a little before the current line, so
 * that it is always among them, and the gutter widens for its numbers.
 */
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "core/i18n.h"

#define CODE_MAX_ROWS 600 /* display rows of one kernel, wrapped */

/* One display row: a piece of a source line. */
typedef struct code_row {
    const char *text;
    int line, from, len, indent;
} code_row;

/* Splits a cleaned line into rows of at most cols characters: at a space
 * when one is near, continuation rows indented four past the line. */
static int wrap_line(const char *s, int line, int cols, code_row *rows, int max)
{
    int n = (int)strlen(s), lead = 0, count = 0;
    while (s[lead] == ' ') lead++;
    int from = 0, indent = 0;
    if (cols < 12) cols = 12;
    do {
        int room = cols - indent, len = n - from;
        if (len > room) {
            len = room;
            for (int k = room; k > room / 2; k--)
                if (s[from + k] == ' ') {
                    len = k;
                    break;
                }
        }
        if (count < max) rows[count++] = (code_row){s, line, from, len, indent};
        from += len;
        while (from < n && s[from] == ' ') from++;
        indent = lead + 4;
    } while (from < n && count < max);
    return count;
}

void draw_code(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_code *code = &d->sc->frame.code;
    lrect pane = L->code;
    prim_fill(d->r, pane, th->panel);
    prim_stroke(d->r, pane, th->panel_edge, 1);

    int m = L->margin;
    text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_small, pane.x + m, pane.y + m / 2, pane.w - 2 * m, th->text_dim,
                  code->title);
    if (!code->has_source) {
        text_draw(d->tc, FACE_SANS, L->fs_small, pane.x + m, pane.y + 3 * m, th->text_dim,
                  _("(source not embedded in this build)"));
        return;
    }

    int lh = text_line_height(d->tc, FACE_MONO, L->fs_code);
    int top = pane.y + m / 2 + (int)(L->fs_small * 1.6);
    int visible = (pane.y + pane.h - m / 2 - top) / lh;
    int last_line = code->nlines ? code->lines[code->nlines - 1].line : 0;
    int digits = last_line >= 10000 ? 5 : last_line >= 1000 ? 4 : 3;
    int gutter = text_width(d->tc, FACE_MONO, L->fs_code, digits == 5 ? "00000 " : digits == 4 ? "0000 " : "000 ");
    int glyph = text_width(d->tc, FACE_MONO, L->fs_code, "0");
    int cols = glyph > 0 ? (pane.w - 2 * m - gutter) / glyph : 52;
    int cur = code->cur;

    /* The display rows of the file, from a few screens above the current
     * line where the file has more than the rows hold. */
    static code_row rows[CODE_MAX_ROWS];
    int nrows = 0, cur_row = -1, from = 0;
    for (int i = 0; i < code->nlines; i++)
        if (code->lines[i].line == cur) {
            from = i > CODE_MAX_ROWS / 4 ? i - CODE_MAX_ROWS / 4 : 0;
            break;
        }
    for (int i = from; i < code->nlines && nrows < CODE_MAX_ROWS; i++) {
        const scene_code_line *ln = &code->lines[i];
        if (ln->line == cur && cur_row < 0) cur_row = nrows;
        nrows += wrap_line(ln->text, ln->line, cols, rows + nrows, CODE_MAX_ROWS - nrows);
    }
    int first = 0;
    if (nrows > visible) {
        first = cur_row >= 0 ? cur_row - visible / 3 : 0;
        if (first > nrows - visible) first = nrows - visible;
        if (first < 0) first = 0;
    }
    char num[16], piece[SCENE_CODE_LEN + 64];
    lrect clip = {pane.x + 1, top, pane.w - 2, pane.y + pane.h - 1 - top};
    prim_clip(d->r, &clip);
    for (int i = 0; i < visible && first + i < nrows; i++) {
        const code_row *cr = &rows[first + i];
        int y = top + i * lh;
        int is_cur = cr->line == cur;
        if (is_cur) {
            prim_fill(d->r, (lrect){pane.x + 1, y, pane.w - 2, lh}, th->code_line);
            prim_fill(d->r, (lrect){pane.x + 1, y, 4, lh}, th->accent);
        }
        if (cr->indent == 0) {
            snprintf(num, sizeof num, "%*d", digits, cr->line);
            text_draw(d->tc, FACE_MONO, L->fs_code, pane.x + m, y, is_cur ? th->accent : th->text_dim, num);
        }
        snprintf(piece, sizeof piece, "%*s%.*s", cr->indent, "", cr->len, cr->text + cr->from);
        text_draw(d->tc, is_cur ? FACE_MONO_BOLD : FACE_MONO, L->fs_code, pane.x + m + gutter, y,
                  is_cur ? th->text_strong : th->text, piece);
    }
    prim_clip(d->r, NULL);
}
