/* levels_draw.c — the levels picture: five rows, lanes to GPUs, each with
 * its name, a sketch of how that level adds, and what is known of its time;
 * under them the end-to-end times drawn to scale (one GPU; G GPUs as kernel
 * then NCCL step).  Every number comes from the results file; a level with
 * no time of its own says so, and NCCL's internals are labelled as not
 * traced, never drawn as if they were.  Sizes scale from 1920x1080.
 */
#include "levels.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "viewer/draw/draw.h"
#include "viewer/draw/theme.h"
#include "core/i18n.h"
#include "gpu/multi.h"
#include "core/versions.h"

#define LEVELS_MAX_GPUS_DRAWN 8

/* ==== picking the runs ===================================================== */

int levels_pick(const rv_results *r, uint64_t n, const char *nccl, levels_input *in, char *err, size_t errlen)
{
    const rv_results_meta *m = rv_results_info(r);
    const char *version = rv_version_name(rv_multi_version());
    const uint64_t *sizes;
    int nsizes = rv_results_sizes(r, &sizes);
    memset(in, 0, sizeof *in);
    in->r = r;
    if (m->gpus < 1) {
        snprintf(err, errlen,
                 _("not a bench across GPUs (no \"gpus\" in its options): make one with "
                   "`reducevis bench --gpus G -o FILE.json`"));
        return -1;
    }
    if (n == 0) { /* 2^31 (the lesson's size) when there, else the largest N with a run on several GPUs */
        for (int i = 0; i < nsizes; i++)
            if (m->gpus > 1 && rv_results_find_gpus(r, version, sizes[i], m->gpus, nccl)) n = sizes[i];
        if (m->gpus == 1 && nsizes) n = sizes[nsizes - 1];
        if (rv_results_find_gpus(r, version, 1ull << 31, m->gpus, m->gpus > 1 ? nccl : NULL)) n = 1ull << 31;
    }
    in->one = rv_results_find_gpus(r, version, n, 1, NULL);
    in->many = m->gpus > 1 ? rv_results_find_gpus(r, version, n, m->gpus, nccl) : in->one;
    if (!in->many) {
        char name[32];
        rv_results_n_name(n, name, sizeof name);
        snprintf(err, errlen, _("no run of %s on %d GPUs with NCCL %s at N = %s in this file"), version, m->gpus, nccl,
                 name);
        return -1;
    }
    return 0;
}

/* ==== geometry ============================================================== */

static int sc(const levels_geom *g, double x) { return (int)lround(x * g->h / 1080.0); }

void levels_geom_for(const levels_input *in, int w, int h, levels_geom *g)
{
    memset(g, 0, sizeof *g);
    g->w = w;
    g->h = h;
    g->fs = sc(g, 21);
    int m = sc(g, 36), top = sc(g, 118), foot_h = sc(g, 40), bars_h = sc(g, 170);
    g->title = (lrect){m, sc(g, 22), w - 2 * m, top - sc(g, 22)};
    g->foot = (lrect){m, h - foot_h, w - 2 * m, foot_h};
    g->bars = (lrect){m, h - foot_h - bars_h, w - 2 * m, bars_h - sc(g, 10)};
    int rows_h = g->bars.y - top - sc(g, 12), row_h = rows_h / LEVELS_COUNT;
    for (int i = 0; i < LEVELS_COUNT; i++) g->rows[i] = (lrect){m, top + i * row_h, w - 2 * m, row_h - sc(g, 8)};
    g->name_w = (int)(w * 0.15);
    g->sketch_x = m + g->name_w + sc(g, 16);
    g->sketch_w = (int)(w * 0.42);
    g->time_x = g->sketch_x + g->sketch_w + sc(g, 28);
    g->time_w = w - m - g->time_x - sc(g, 12);
    /* the bars: one GPU's whole time sets the scale (or G GPUs' when longer) */
    int label_w = (int)(w * 0.15), bx = g->bars.x + label_w, bw = g->bars.w - label_w - (int)(w * 0.22);
    int bh = sc(g, 40), y1 = g->bars.y + sc(g, 48), y2 = y1 + bh + sc(g, 26);
    double one = in->one ? in->one->median_ms : NAN, many = in->many ? in->many->median_ms : NAN;
    double scale = isfinite(one) && one > 0 ? fmax(one, isfinite(many) ? many : 0) : many;
    if (isfinite(one) && scale > 0) g->bar_one = (lrect){bx, y1, (int)lround(bw * one / scale), bh};
    if (in->many && in->many->gpus > 1 && scale > 0) {
        double k = isfinite(in->many->kernel_ms) ? in->many->kernel_ms : in->many->median_ms;
        double s = isfinite(in->many->nccl_ms) ? in->many->nccl_ms : 0.0;
        g->bar_kernel = (lrect){bx, y2, (int)lround(bw * k / scale), bh};
        /* at least 2 px, so a step of 1% of the bar still shows where it is */
        int sw = (int)lround(bw * s / scale);
        g->bar_nccl = (lrect){bx + g->bar_kernel.w, y2, sw < 2 ? 2 : sw, bh};
    }
}

/* ==== painting ============================================================== */

typedef struct ctx {
    SDL_Renderer *r;
    text_cache *tc;
    const theme *th;
    const levels_input *in;
    const levels_geom *g;
} ctx;

static int S(const ctx *c, double x) { return sc(c->g, x); }

/* A box with centred text. */
static void box(const ctx *c, int x, int y, int w, int h, rgba fill, rgba edge, const char *label, int px)
{
    prim_fill(c->r, (lrect){x, y, w, h}, fill);
    prim_stroke(c->r, (lrect){x, y, w, h}, edge, 1);
    if (label) text_draw_centered(c->tc, FACE_SANS, px, x, y, w, h, theme_text_on(c->th, fill), label);
}

static void arrow(const ctx *c, float x0, float y0, float x1, float y1, rgba col)
{
    prim_line(c->r, x0, y0, x1, y1, col, S(c, 2));
    prim_arrowhead(c->r, x0, y0, x1, y1, (float)S(c, 10), col);
}

/* Row i's sketch area: the middle column of the row. */
static lrect sketch(const ctx *c, int i)
{
    const lrect *row = &c->g->rows[i];
    return (lrect){c->g->sketch_x, row->y + S(c, 8), c->g->sketch_w, row->h - S(c, 16)};
}

static void sketch_lanes(const ctx *c, lrect a)
{
    /* one thread: float4 loads into four accumulators, added into one sum */
    int cell = S(c, 26), y = a.y + a.h / 2 - cell / 2, x = a.x;
    for (int k = 0; k < 4; k++) {
        char t[16];
        snprintf(t, sizeof t, "f4");
        box(c, x + k * (cell + S(c, 6)), y, cell, cell, c->th->cell, c->th->panel_edge, t, S(c, 13));
    }
    int x1 = x + 4 * (cell + S(c, 6)) + S(c, 10), ax = x1 + S(c, 50);
    arrow(c, (float)x1, (float)(y + cell / 2), (float)ax, (float)(y + cell / 2), c->th->text_dim);
    for (int k = 0; k < 4; k++) {
        char t[16];
        snprintf(t, sizeof t, "acc%d", k);
        box(c, ax + S(c, 8) + k * S(c, 66), y, S(c, 60), cell, c->th->write, c->th->panel_edge, t, S(c, 14));
    }
    int sx = ax + S(c, 8) + 4 * S(c, 66) + S(c, 10);
    arrow(c, (float)sx, (float)(y + cell / 2), (float)(sx + S(c, 50)), (float)(y + cell / 2), c->th->text_dim);
    box(c, sx + S(c, 58), y, S(c, 70), cell, c->th->accent, c->th->panel_edge, _("sum"), S(c, 15));
}

static void sketch_warp(const ctx *c, lrect a)
{
    /* 32 lanes, shuffle-down by 16, 8, 4, 2, 1: at each step lanes below d
     * add the value of lane + d; lane 0 ends with the warp's sum */
    int lanes = 32, step = (int)(a.w * 0.6) / lanes, r = S(c, 5);
    int y0 = a.y + S(c, 8), dy = (a.h - S(c, 16)) / 5, lx = a.x + S(c, 10) + lanes * step + S(c, 16);
    char t[48];
    for (int d = 16, row = 0; d >= 1; d /= 2, row++) {
        int y = y0 + row * dy;
        for (int l = 0; l < lanes; l++)
            prim_disc(c->r, a.x + S(c, 10) + l * step, y, r, l < d ? c->th->full : c->th->lane_off);
        snprintf(t, sizeof t, _("lane i += lane i + %d"), d);
        text_draw(c->tc, FACE_MONO, S(c, 14), lx, y - S(c, 8), d == 1 ? c->th->accent : c->th->text_dim, t);
    }
    text_draw(c->tc, FACE_SANS, S(c, 14), lx + S(c, 190), y0 + 4 * dy - S(c, 8), c->th->accent,
              _("lane 0: the warp's sum"));
}

static void sketch_block(const ctx *c, lrect a, int block)
{
    /* the warps' sums into shared memory, then warp 0 adds them */
    int warps = block / 32, bw = (a.w - S(c, 260)) / (warps > 0 ? warps : 1), bh = S(c, 24), y = a.y + S(c, 6);
    if (bw > S(c, 40)) bw = S(c, 40);
    for (int w = 0; w < warps; w++) {
        box(c, a.x + w * bw, y, bw - S(c, 4), bh, c->th->full, c->th->panel_edge, NULL, 0);
        arrow(c, (float)(a.x + w * bw + bw / 2), (float)(y + bh), (float)(a.x + w * bw + bw / 2),
              (float)(y + bh + S(c, 22)), c->th->text_dim);
    }
    int sy = y + bh + S(c, 26), sw = warps * bw - S(c, 4);
    box(c, a.x, sy, sw, bh, c->th->cell, c->th->panel_edge, _("shared memory: one sum per warp"), S(c, 14));
    arrow(c, (float)(a.x + sw + S(c, 8)), (float)(sy + bh / 2), (float)(a.x + sw + S(c, 60)), (float)(sy + bh / 2),
          c->th->text_dim);
    box(c, a.x + sw + S(c, 68), sy, S(c, 160), bh, c->th->accent, c->th->panel_edge, _("warp 0: block sum"), S(c, 14));
}

static void sketch_grid(const ctx *c, lrect a, const char *how)
{
    /* the blocks' partial sums, then the last block to finish adds them */
    int n = 14, bw = S(c, 22), bh = S(c, 22), y = a.y + S(c, 6);
    for (int b = 0; b < n; b++) box(c, a.x + b * (bw + S(c, 4)), y, bw, bh, c->th->full, c->th->panel_edge, NULL, 0);
    text_draw(c->tc, FACE_SANS, S(c, 16), a.x + n * (bw + S(c, 4)) + S(c, 6), y, c->th->text_dim,
              _("... as many blocks as the GPU holds at once"));
    int ly = y + bh + S(c, 30);
    arrow(c, (float)(a.x + S(c, 200)), (float)(y + bh + S(c, 2)), (float)(a.x + S(c, 200)), (float)(ly - S(c, 2)),
          c->th->text_dim);
    box(c, a.x, ly, S(c, 400), bh + S(c, 4), c->th->accent, c->th->panel_edge, how, S(c, 15));
}

static void sketch_gpus(const ctx *c, lrect a, int gpus, const char *coll)
{
    /* each GPU's partial into NCCL; allreduce leaves the total on every GPU, reduce on GPU 0 */
    int shown = gpus < LEVELS_MAX_GPUS_DRAWN ? gpus : LEVELS_MAX_GPUS_DRAWN;
    int gw = S(c, 130), gh = S(c, 30), y = a.y + S(c, 4), nx = a.x + shown * (gw + S(c, 12)) + S(c, 40);
    int ny = y + S(c, 10), nh = a.h - S(c, 28);
    char t[64];
    for (int g = 0; g < shown; g++) {
        snprintf(t, sizeof t, _("GPU %d: partial"), g);
        box(c, a.x + g * (gw + S(c, 12)), y, gw, gh, c->th->full, c->th->panel_edge, t, S(c, 15));
        snprintf(t, sizeof t, _("GPU %d: total"), g);
        int holds = strcmp(coll, "reduce") || g == 0;
        box(c, a.x + g * (gw + S(c, 12)), y + nh, gw, gh, holds ? c->th->accent : c->th->lane_off, c->th->panel_edge,
            holds ? t : "-", S(c, 15));
    }
    /* NCCL as a box with no inside: what happens there is not traced */
    lrect nb = {nx, ny, S(c, 220), nh - S(c, 10)};
    prim_fill(c->r, nb, c->th->panel);
    prim_stroke(c->r, nb, c->th->text_dim, S(c, 2));
    snprintf(t, sizeof t, "NCCL %s", coll);
    text_draw_centered(c->tc, FACE_SANS_BOLD, S(c, 18), nb.x, nb.y, nb.w, nb.h / 2, c->th->text_strong, t);
    text_draw_centered(c->tc, FACE_SANS, S(c, 14), nb.x, nb.y + nb.h / 2, nb.w, nb.h / 2, c->th->text_dim,
                       _("(not traced)"));
    arrow(c, (float)(a.x + shown * (gw + S(c, 12)) - S(c, 8)), (float)(y + gh / 2), (float)(nx - S(c, 4)),
          (float)(ny + S(c, 14)), c->th->text_dim);
    arrow(c, (float)(nx - S(c, 4)), (float)(ny + nb.h - S(c, 14)), (float)(a.x + shown * (gw + S(c, 12)) - S(c, 8)),
          (float)(y + nh + gh / 2), c->th->text_dim);
}

/* The right column: a figure in bold (or NULL) and a line or two of words. */
static void time_text(const ctx *c, int i, const char *figure, const char *words)
{
    const lrect *row = &c->g->rows[i];
    int y = row->y + S(c, 10), px = c->g->fs;
    if (figure) {
        text_draw_fit(c->tc, FACE_SANS_BOLD, S(c, 26), c->g->time_x, y, c->g->time_w, c->th->text_strong, figure);
        y += S(c, 36);
    }
    prim_wrapped(c->tc, FACE_SANS, px, c->g->time_x, y, c->g->time_w, figure ? 2 : 3, S(c, 26),
                 figure ? c->th->text : c->th->text_dim, words);
}

static void row_name(const ctx *c, int i, const char *name, const char *what)
{
    const lrect *row = &c->g->rows[i];
    prim_fill(c->r, *row, c->th->panel);
    prim_stroke(c->r, *row, c->th->panel_edge, 1);
    text_draw(c->tc, FACE_SANS_BOLD, S(c, 30), row->x + S(c, 16), row->y + S(c, 10), c->th->accent, name);
    prim_wrapped(c->tc, FACE_SANS, S(c, 18), row->x + S(c, 16), row->y + S(c, 50), c->g->name_w - S(c, 16), 3, S(c, 23),
                 c->th->text_dim, what);
}

static void paint_rows(const ctx *c)
{
    const levels_input *in = c->in;
    const rv_result_run *many = in->many, *one = in->one;
    int v = rv_multi_version(), G = many->gpus > 1 ? many->gpus : 1;
    const rv_version_info *vi = rv_version(v);
    char fig[160], words[400], what[160], how[160], n_name[32], slice[32];
    rv_results_n_name(many->n, n_name, sizeof n_name);
    rv_results_n_name(many->n / (uint64_t)G, slice, sizeof slice);
    /* the other single-pass version(s) of the table: the other ending of the grid level */
    char others[120] = "";
    for (int k = 0; k < RV_NUM_VERSIONS; k++)
        if (k != v && rv_version_has(k, RV_VP_SINGLE_PASS)) {
            size_t at = strlen(others);
            snprintf(others + at, sizeof others - at, "%s%s (%s)", at ? "; " : "", rv_version_name(k),
                     _(rv_version(k)->title));
        }

    snprintf(what, sizeof what, _("one thread of %s"), vi->name);
    row_name(c, 0, _("lanes"), what);
    sketch_lanes(c, sketch(c, 0));
    time_text(c, 0, NULL,
              _("Inside the kernel's time (no time of its own). Traced: the viewer replays every "
                "lane's loads and adds, recorded on the GPU."));

    row_name(c, 1, _("warp"), _("32 lanes, shuffle-down 16, 8, 4, 2, 1"));
    sketch_warp(c, sketch(c, 1));
    time_text(c, 1, NULL, _("Inside the kernel's time. Traced: each shuffle step, lane by lane."));

    snprintf(what, sizeof what, _("%d threads: %d warps"), many->block_size, many->block_size / 32);
    row_name(c, 2, _("block"), what);
    sketch_block(c, sketch(c, 2), many->block_size);
    time_text(c, 2, NULL, _("Inside the kernel's time. Traced: shared memory, bank by bank."));

    snprintf(what, sizeof what, _("one GPU, one launch (%s)"), vi->name);
    row_name(c, 3, _("grid"), what);
    snprintf(how, sizeof how, _("last block to finish adds the partials"));
    sketch_grid(c, sketch(c, 3), how);
    snprintf(fig, sizeof fig, _("kernel per GPU: %.3f ms"),
             isfinite(many->kernel_ms) ? many->kernel_ms : many->median_ms);
    snprintf(words, sizeof words,
             _("%s, %s floats per GPU, the slowest of %d, median of %d. The other "
               "single-pass ending: %s."),
             vi->name, slice, G, rv_results_info(in->r)->repeat, others);
    time_text(c, 3, fig, words);

    snprintf(what, sizeof what, _("%d GPUs, one partial each"), G);
    row_name(c, 4, _("GPUs"), what);
    sketch_gpus(c, sketch(c, 4), G, many->nccl[0] ? many->nccl : "allreduce");
    if (G > 1 && isfinite(many->nccl_ms)) {
        snprintf(fig, sizeof fig, _("NCCL step: %.4f ms"), many->nccl_ms);
        time_text(c, 4, fig,
                  _("NCCL's internals are not traced: measured time only (CUDA events around the "
                    "collective of one float per GPU)."));
    } else {
        time_text(c, 4, NULL, _("Not measured: this file has no run on several GPUs."));
    }
    (void)one;
}

static void paint_bars(const ctx *c)
{
    const levels_geom *g = c->g;
    const rv_result_run *one = c->in->one, *many = c->in->many;
    char t[200];
    int px = g->fs, lx = g->bars.x;
    text_draw(c->tc, FACE_SANS_BOLD, S(c, 24), lx, g->bars.y, c->th->text_strong, _("end to end, to scale"));
    if (g->bar_one.w > 0) {
        text_draw(c->tc, FACE_SANS, px, lx, g->bar_one.y + S(c, 8), c->th->text, _("1 GPU"));
        prim_fill(c->r, g->bar_one, c->th->full);
        snprintf(t, sizeof t, _("%.3f ms"), one->median_ms);
        text_draw(c->tc, FACE_SANS_BOLD, px, g->bar_one.x + g->bar_one.w + S(c, 12), g->bar_one.y + S(c, 8),
                  c->th->text, t);
    }
    if (g->bar_kernel.w > 0) {
        snprintf(t, sizeof t, _("%d GPUs"), many->gpus);
        text_draw(c->tc, FACE_SANS, px, lx, g->bar_kernel.y + S(c, 8), c->th->text, t);
        prim_fill(c->r, g->bar_kernel, c->th->full);
        prim_fill(c->r, g->bar_nccl, c->th->divergent);
        if (isfinite(many->speedup_1gpu))
            snprintf(t, sizeof t, _("%.3f ms = kernel %.3f + NCCL %.4f: %.2fx one GPU"), many->median_ms,
                     many->kernel_ms, many->nccl_ms, many->speedup_1gpu);
        else
            snprintf(t, sizeof t, _("%.3f ms = kernel %.3f + NCCL %.4f"), many->median_ms, many->kernel_ms,
                     many->nccl_ms);
        text_draw(c->tc, FACE_SANS_BOLD, px, g->bar_nccl.x + g->bar_nccl.w + S(c, 12), g->bar_kernel.y + S(c, 8),
                  c->th->text, t);
    }
}

void levels_paint(SDL_Renderer *r, text_cache *tc, const void *arg)
{
    const levels_input *in = arg;
    ctx c = {r, tc, theme_get(in->theme), in, in->g};
    const rv_results_meta *m = rv_results_info(in->r);
    char t[400], n_name[32];
    prim_fill(r, (lrect){0, 0, in->g->w, in->g->h}, c.th->bg);
    rv_results_n_name(in->many->n, n_name, sizeof n_name);
    text_draw(tc, FACE_SANS_BOLD, S(&c, 36), in->g->title.x, in->g->title.y, c.th->text_strong,
              _("One sum, five levels: lanes, warp, block, grid, GPUs"));
    snprintf(t, sizeof t, _("%s x %d, N = %s floats, data %s, %s; every time from %s"), m->device, m->gpus, n_name,
             m->data, m->date, in->source);
    text_draw_fit(tc, FACE_SANS, S(&c, 20), in->g->title.x, in->g->title.y + S(&c, 50), in->g->title.w, c.th->text_dim,
                  t);
    paint_rows(&c);
    paint_bars(&c);
    text_draw_fit(tc, FACE_SANS, S(&c, 17), in->g->foot.x, in->g->foot.y + S(&c, 8), in->g->foot.w, c.th->text_dim,
                  _("Times: CUDA events on every GPU, median of the timed runs; the kernel is the slowest GPU's, the "
                    "NCCL step the GPU that waited least. Levels inside a kernel have no time of their own."));
}
