/* draw_code.c — the code pane: the version's kernel source, current line lit.
 *
 * The source is the one embedded at build time (rv_version_source), so the
 * highlighted line numbers are those the trace recorded.  The trace
 * instrumentation (RV_STEP(); before a statement, RV_REC(...) after it, the
 * RV_TRACE_* parameters) is hidden: students see the kernel as they would
 * write it, under the line numbers of the file.  Lines too long for the pane
 * wrap with a hanging indent rather than being cut.  The pane scrolls to keep
 * the current line a third of the way down, where the eye rests.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "../versions.h"
#include "../i18n.h"

#define CODE_TAB       4
#define CODE_MAX_ROWS  600   /* display rows of one kernel, wrapped */
#define CODE_LINE_LEN  512

/* Copies source line `line` (1-based) of src into buf with tabs expanded. */
static int source_line(const char *src, int line, char *buf, size_t len)
{
    const char *p = src;
    for (int i = 1; i < line && p; i++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p || !*p) {
        buf[0] = '\0';
        return -1;
    }
    size_t o = 0;
    for (; *p && *p != '\n' && *p != '\r' && o + CODE_TAB + 1 < len; p++) {
        if (*p == '\t') {
            do { buf[o++] = ' '; } while (o % CODE_TAB);
        } else {
            buf[o++] = *p;
        }
    }
    buf[o] = '\0';
    return 0;
}

static int count_lines(const char *src)
{
    int n = 0;
    for (const char *p = src; *p; p++)
        if (*p == '\n')
            n++;
    return (src[0] && src[strlen(src) - 1] != '\n') ? n + 1 : n;
}

/* Macros that are statements of their own (removed with their arguments and
 * semicolon) and parameter macros (removed as words). */
static const char *const code_calls[] = { "RV_STEP", "RV_REC", "RV_TRACE_BEGIN", "RV_TRACE_END", "RV_READ_LANES",
                                          "RV_REGISTER_KERNEL" };
static const char *const code_words[] = { "RV_TRACE_PARAM", "RV_TRACER_PARAM", "RV_TRACE_ARG", "RV_TRACER_ARG" };

int code_clean_line(char *s)
{
    int had_code = 0, removed = 0;
    char *marker = strstr(s, "// rv:"); /* the model's marker of a traced statement */
    if (marker)
        *marker = '\0';
    char *comment = strstr(s, "//");
    size_t limit = comment ? (size_t)(comment - s) : strlen(s);
    for (size_t i = 0; i < limit;) {
        int is_start = s[i] == 'R' && (i == 0 || !(isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_'));
        size_t cut = 0;
        for (size_t k = 0; is_start && !cut && k < sizeof code_calls / sizeof code_calls[0]; k++) {
            size_t n = strlen(code_calls[k]);
            if (!strncmp(s + i, code_calls[k], n) && s[i + n] == '(') {
                size_t j = i + n;
                int depth = 0;
                do {
                    depth += s[j] == '(';
                    depth -= s[j] == ')';
                    j++;
                } while (s[j] && depth > 0);
                if (s[j] == ';')
                    j++;
                cut = j - i;
            }
        }
        for (size_t k = 0; is_start && !cut && k < 4; k++) {
            size_t n = strlen(code_words[k]);
            if (!strncmp(s + i, code_words[k], n) && !(isalnum((unsigned char)s[i + n]) || s[i + n] == '_'))
                cut = n;
        }
        if (!cut) {
            had_code |= !isspace((unsigned char)s[i]);
            i++;
            continue;
        }
        /* Take the spaces before the macro too, then keep one space if code follows. */
        size_t from = i;
        while (from > 0 && s[from - 1] == ' ' && had_code)
            from--;
        size_t to = i + cut;
        while (s[to] == ' ')
            to++;
        int space = had_code && s[to] && !strchr(")],;", s[to]) && from < i;
        memmove(s + from + space, s + to, strlen(s + to) + 1);
        if (space)
            s[from] = ' ';
        limit -= (to - from) - (size_t)space;
        i = from + (size_t)space;
        removed = 1;
    }
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == ' ')
        s[--n] = '\0';
    return removed && n == 0 ? 1 : 0;
}

/* One display row: a piece of a source line. */
typedef struct code_row { int line, from, len, indent; } code_row;

/* Splits a cleaned line into rows of at most cols characters: at a space
 * when one is near, continuation rows indented four past the line. */
static int wrap_line(const char *s, int line, int cols, code_row *rows, int max)
{
    int n = (int)strlen(s), lead = 0, count = 0;
    while (s[lead] == ' ')
        lead++;
    int from = 0, indent = 0;
    if (cols < 12)
        cols = 12;
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
        if (count < max)
            rows[count++] = (code_row){ line, from, len, indent };
        from += len;
        while (from < n && s[from] == ' ')
            from++;
        indent = lead + 4;
    } while (from < n && count < max);
    return count;
}

void draw_code(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const rv_trace *tr = d->f->tr;
    const rv_version_info *vi = rv_version(tr->version);
    const char *src = rv_version_source(tr->version);
    lrect pane = L->code;
    prim_fill(d->r, pane, th->panel);
    prim_stroke(d->r, pane, th->panel_edge, 1);

    int m = L->margin;
    char title[128];
    snprintf(title, sizeof title, "kernels/%s", vi && vi->file ? vi->file : "?");
    text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_small, pane.x + m, pane.y + m / 2, pane.w - 2 * m,
                  th->text_dim, title);
    if (!src || !src[0]) {
        text_draw(d->tc, FACE_SANS, L->fs_small, pane.x + m, pane.y + 3 * m, th->text_dim,
                  _("(source not embedded in this build)"));
        return;
    }

    int lh = text_line_height(d->tc, FACE_MONO, L->fs_code);
    int top = pane.y + m / 2 + (int)(L->fs_small * 1.6);
    int visible = (pane.y + pane.h - m / 2 - top) / lh;
    int gutter = text_width(d->tc, FACE_MONO, L->fs_code, "000 ");
    int glyph = text_width(d->tc, FACE_MONO, L->fs_code, "0");
    int cols = glyph > 0 ? (pane.w - 2 * m - gutter) / glyph : 52;
    int total = count_lines(src);
    int cur = d->f->an->steps[d->f->step].line;

    /* All display rows of the file; the lines' cleaned text kept by row. */
    static code_row rows[CODE_MAX_ROWS];
    static char text[CODE_MAX_ROWS][CODE_LINE_LEN];
    int nrows = 0, cur_row = -1;
    char line[CODE_LINE_LEN];
    for (int ln = 1; ln <= total && nrows < CODE_MAX_ROWS; ln++) {
        if (source_line(src, ln, line, sizeof line) != 0)
            break;
        if (code_clean_line(line) && ln != cur)
            continue;   /* a line of instrumentation only */
        int k = wrap_line(line, ln, cols, rows + nrows, CODE_MAX_ROWS - nrows);
        for (int i = 0; i < k; i++)
            memcpy(text[nrows + i], line, sizeof line);
        if (ln == cur && cur_row < 0)
            cur_row = nrows;
        nrows += k;
    }
    int first = 0;
    if (nrows > visible) {
        first = cur_row >= 0 ? cur_row - visible / 3 : 0;
        if (first > nrows - visible)
            first = nrows - visible;
        if (first < 0)
            first = 0;
    }
    char num[16], piece[CODE_LINE_LEN + 64];
    lrect clip = { pane.x + 1, top, pane.w - 2, pane.y + pane.h - 1 - top };
    prim_clip(d->r, &clip);
    for (int i = 0; i < visible && first + i < nrows; i++) {
        const code_row *cr = &rows[first + i];
        int y = top + i * lh;
        int is_cur = cr->line == cur;
        if (is_cur) {
            prim_fill(d->r, (lrect){ pane.x + 1, y, pane.w - 2, lh }, th->code_line);
            prim_fill(d->r, (lrect){ pane.x + 1, y, 4, lh }, th->accent);
        }
        if (cr->indent == 0) {
            snprintf(num, sizeof num, "%3d", cr->line);
            text_draw(d->tc, FACE_MONO, L->fs_code, pane.x + m, y, is_cur ? th->accent : th->text_dim, num);
        }
        snprintf(piece, sizeof piece, "%*s%.*s", cr->indent, "", cr->len, text[first + i] + cr->from);
        text_draw(d->tc, is_cur ? FACE_MONO_BOLD : FACE_MONO, L->fs_code, pane.x + m + gutter, y,
                  is_cur ? th->text_strong : th->text, piece);
    }
    prim_clip(d->r, NULL);
}

int code_statement(int version, int line, char *buf, size_t len)
{
    const char *src = rv_version_source(version);
    char tmp[CODE_LINE_LEN];
    if (!src || line <= 0 || source_line(src, line, tmp, sizeof tmp) != 0) {
        buf[0] = '\0';
        return -1;
    }
    code_clean_line(tmp);
    const char *p = tmp;
    while (*p == ' ')
        p++;
    snprintf(buf, len, "%s", p);
    return 0;
}
