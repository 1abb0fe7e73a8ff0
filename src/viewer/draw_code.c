/* draw_code.c — the code pane: the version's kernel source, current line lit.
 *
 * The source is the one embedded at build time (rv_version_source), so the
 * highlighted line numbers are those the trace recorded.  The pane scrolls to
 * keep the current line a third of the way down, where the eye rests.
 */
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "../versions.h"

#define CODE_TAB 4

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
                  "(source not embedded in this build)");
        return;
    }

    int lh = text_line_height(d->tc, FACE_MONO, L->fs_code);
    int top = pane.y + m / 2 + (int)(L->fs_small * 1.6);
    int visible = (pane.y + pane.h - m / 2 - top) / lh;
    int total = count_lines(src);
    int cur = d->f->an->steps[d->f->step].line;
    int first = 1;
    if (total > visible) {
        first = cur > 0 ? cur - visible / 3 : 1;
        if (first > total - visible + 1)
            first = total - visible + 1;
        if (first < 1)
            first = 1;
    }
    char num[16], line[512];
    int gutter = text_width(d->tc, FACE_MONO, L->fs_code, "000 ");
    lrect clip = { pane.x + 1, top, pane.w - 2, pane.y + pane.h - 1 - top };
    prim_clip(d->r, &clip);
    for (int i = 0; i < visible && first + i <= total; i++) {
        int ln = first + i, y = top + i * lh;
        if (source_line(src, ln, line, sizeof line) != 0)
            break;
        int is_cur = ln == cur;
        if (is_cur) {
            prim_fill(d->r, (lrect){ pane.x + 1, y, pane.w - 2, lh }, th->code_line);
            prim_fill(d->r, (lrect){ pane.x + 1, y, 4, lh }, th->accent);
        }
        snprintf(num, sizeof num, "%3d", ln);
        text_draw(d->tc, FACE_MONO, L->fs_code, pane.x + m, y, is_cur ? th->accent : th->text_dim, num);
        text_draw(d->tc, is_cur ? FACE_MONO_BOLD : FACE_MONO, L->fs_code, pane.x + m + gutter, y,
                  is_cur ? th->text_strong : th->text, line);
    }
    prim_clip(d->r, NULL);
}
