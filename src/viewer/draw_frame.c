/* draw_frame.c — the frame's header (version, run, origin, what changed)
 * and footer (keys, a passing message).
 */
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "verify_words.h"
#include "predict.h"
#include "../versions.h"
#include "../i18n.h"

/* "2²⁵ = 33,554,432" for powers of two, else the number with separators. */
static void format_n(uint64_t n, char *buf, size_t len)
{
    static const char *const sup[10] = {
        "\xE2\x81\xB0", "\xC2\xB9", "\xC2\xB2", "\xC2\xB3", "\xE2\x81\xB4",
        "\xE2\x81\xB5", "\xE2\x81\xB6", "\xE2\x81\xB7", "\xE2\x81\xB8", "\xE2\x81\xB9",
    };
    char digits[32], grouped[48];
    snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
    size_t nd = strlen(digits), o = 0;
    for (size_t i = 0; i < nd; i++) {
        grouped[o++] = digits[i];
        if ((nd - 1 - i) % 3 == 0 && i + 1 < nd)
            grouped[o++] = ',';
    }
    grouped[o] = '\0';
    if (n >= 1024 && (n & (n - 1)) == 0) {
        int e = 0;
        while ((1ull << e) < n)
            e++;
        if (e >= 10)
            snprintf(buf, len, "2%s%s = %s", sup[e / 10], sup[e % 10], grouped);
        else
            snprintf(buf, len, "2%s = %s", sup[e], grouped);
    } else {
        snprintf(buf, len, "%s", grouped);
    }
}

void draw_header(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const rv_trace *tr = d->f->tr;
    const rv_version_info *vi = rv_version(tr->version);
    char buf[320], n[64], data[48], origin[200], grid[32];
    int x = L->header.x, y = L->header.y, right = L->header.x + L->header.w;

    snprintf(buf, sizeof buf, "%s  %s", vi ? vi->name : "v?", vi ? _(vi->title) : _("unknown version"));
    x += text_draw(d->tc, FACE_SANS_BOLD, L->fs_title, x, y, th->accent, buf) + L->fs_title;
    int ty = y + (L->fs_title - L->fs_ui) * 3 / 4;

    /* Where the trace came from, right-aligned and never cut: a GPU and the
     * capture date, or the CPU model. */
    if (tr->origin_kind == RV_ORIGIN_GPU)
        snprintf(origin, sizeof origin, _("GPU trace: %s%s%.10s"), tr->origin, tr->date[0] ? ", " : "", tr->date);
    else
        snprintf(origin, sizeof origin, _("CPU model%s%s"), d->f->note && d->f->note[0] ? " \xE2\x80\x94 " : "",
                 d->f->note ? d->f->note : "");
    int ow = text_width(d->tc, FACE_SANS_BOLD, L->fs_ui, origin);
    int ox = right - ow > x ? right - ow : x;
    text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_ui, ox, ty, right - ox,
                  tr->origin_kind == RV_ORIGIN_GPU ? th->full : th->divergent, origin);

    /* The run's numbers, shortened until they fit before the origin. */
    format_n(tr->n, n, sizeof n);
    rv_data_name(tr->data, data, sizeof data);
    format_n(tr->grid, grid, sizeof grid);
    int room = ox - x - L->fs_ui;
    snprintf(buf, sizeof buf, _("block %d \xC2\xB7 N %s \xC2\xB7 data %s \xC2\xB7 traced block %u of %s \xC2\xB7 step %d of %d"),
             tr->block_size, n, data, tr->traced_block, grid, d->f->step + 1, tr->nsteps);
    if (text_width(d->tc, FACE_SANS, L->fs_ui, buf) > room)
        snprintf(buf, sizeof buf, _("block %d \xC2\xB7 N %s \xC2\xB7 %s \xC2\xB7 step %d of %d"),
                 tr->block_size, n, data, d->f->step + 1, tr->nsteps);
    if (text_width(d->tc, FACE_SANS, L->fs_ui, buf) > room) {
        char *eq = strstr(n, " = ");
        if (eq)
            *eq = '\0';
        snprintf(buf, sizeof buf, _("block %d \xC2\xB7 N %s \xC2\xB7 %s \xC2\xB7 step %d/%d"),
                 tr->block_size, n, data, d->f->step + 1, tr->nsteps);
    }
    text_draw_fit(d->tc, FACE_SANS, L->fs_ui, x, ty, room, th->text, buf);

    /* What changed, in at most two lines. */
    int line_h = (int)(L->fs_ui * 1.3);
    y += (int)(L->fs_title * 1.45);
    int lw = text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, L->header.x, y, th->text_dim, _("What changed: "));
    /* The longest lessons take a slightly smaller size rather than a third line. */
    const char *lesson = vi && vi->changed ? _(vi->changed) : "";
    int lpx = prim_fit_px(d->tc, FACE_SANS, L->fs_ui, L->fs_ui * 4 / 5, L->header.w - lw, 2, lesson);
    prim_wrapped(d->tc, FACE_SANS, lpx, L->header.x + lw, y + (L->fs_ui - lpx) / 2, L->header.w - lw, 2, line_h,
                 th->text, lesson);
}

void draw_footer(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    int y = L->footer.y + (L->footer.h - text_line_height(d->tc, FACE_SANS, L->fs_small)) / 2;
    const char *keys = _("\xE2\x86\x92/Space step   \xE2\x86\x90 back   Home/End   P play   +/\xE2\x88\x92 speed   "
                         "0\xE2\x80\x93" "9 [ ] version   C compare   A predict   E save PNG   Z warps   T theme   F fullscreen   "
                         "L language   H help   Q quit   click: timeline, warp   hover: values");
    if (d->f->toast && d->f->toast[0]) {
        int tw = text_width(d->tc, FACE_SANS_BOLD, L->fs_small, d->f->toast);
        int tx = L->footer.x + L->footer.w - tw;
        if (tx < L->footer.x)
            tx = L->footer.x;
        text_draw_fit(d->tc, FACE_SANS_BOLD, L->fs_small, tx, y, L->footer.w, th->accent, d->f->toast);
        text_draw_fit(d->tc, FACE_SANS, L->fs_small, L->footer.x, y, tx - L->footer.x - L->fs_small,
                      th->text_dim, keys);
    } else {
        /* The whole list in one line: a little smaller rather than cut. */
        int kpx = prim_fit_px(d->tc, FACE_SANS, L->fs_small, L->fs_small * 4 / 5, L->footer.w, 1, keys);
        text_draw_fit(d->tc, FACE_SANS, kpx, L->footer.x, y + (L->fs_small - kpx) / 2, L->footer.w, th->text_dim,
                      keys);
    }
}
