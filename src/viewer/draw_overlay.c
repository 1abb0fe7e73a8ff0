/* draw_overlay.c — what sits on top of or beside the panes: the colour key,
 * the hover tooltip (value, bank, provenance of a word; accesses of a lane)
 * and the help overlay listing every key.
 */
#include <stdio.h>
#include <string.h>
#include "draw.h"
#include "predict.h"
#include "stepview.h"
#include "step_words.h"
#include "../i18n.h"

/* ---- legend ---------------------------------------------------------------- */

void draw_legend(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    lrect a = L->legend;
    prim_fill(d->r, a, th->panel);
    prim_stroke(d->r, a, th->panel_edge, 1);
    int m = L->margin, lh = (int)(L->fs_small * 1.4), sw = L->fs_small;
    struct { rgba c; int outline; const char *what; } keys[] = {
        { th->full, 0, N_("full warp (32 lanes)") },
        { th->divergent, 0, N_("divergent warp") },
        { th->idle, 0, N_("idle warp") },
        { th->lane_off, 0, N_("lane not executing") },
        { th->wasted, 0, N_("result never used") },
        { th->write, 0, N_("word written this step") },
        { th->read, 1, N_("word read this step") },
        { th->conflict[1], 0, N_("n-way bank conflict") },
        { th->shuffle, 0, N_("shuffle: lane to lane") },
    };
    /* Two columns, top to bottom: warps and lanes, then words and arrows. */
    int n = (int)(sizeof keys / sizeof keys[0]), rows = (n + 1) / 2;
    int col_w = (a.w - 2 * m) / 2, y0 = a.y + (a.h - rows * lh) / 2;
    int th_text = text_line_height(d->tc, FACE_SANS, L->fs_small);
    for (int i = 0; i < n; i++) {
        int x = a.x + m + (i / rows) * col_w, y = y0 + (i % rows) * lh;
        if (y + lh > a.y + a.h)
            continue;
        lrect s = { x, y + (lh - sw) / 2, sw, sw };
        if (keys[i].outline) {
            prim_fill(d->r, s, th->cell);
            prim_stroke(d->r, s, keys[i].c, 2);
        } else {
            prim_fill(d->r, s, keys[i].c);
        }
        text_draw_fit(d->tc, FACE_SANS, L->fs_small, x + sw + m * 3 / 4, y + (lh - th_text) / 2,
                      col_w - sw - m * 3 / 4 - m / 2, th->text, _(keys[i].what));
    }
}

/* ---- tooltip ---------------------------------------------------------------- */

#define TIP_LINES 6
#define TIP_LEN   256

static int tip_cell(const draw_ctx *d, int word, char lines[TIP_LINES][TIP_LEN])
{
    const rv_analysis *an = d->f->an;
    int k = d->f->step, words = an->smem_words, n = 0;
    stepview sv;
    stepview_build(&sv, an, k);
    size_t after = (size_t)(k + 1) * words + word, before = (size_t)k * words + word;
    char v[32], w[32];
    snprintf(lines[n++], TIP_LEN, _("smem[%d]  \xC2\xB7  bank %d  \xC2\xB7  row %d"), word, word % 32, word / 32);
    if (!an->smem_set[after]) {
        snprintf(lines[n++], TIP_LEN, _("not written yet"));
        return n;
    }
    layout_format_value(an->smem[after], 12, v, sizeof v);
    if (sv.writer[word] >= 0 && an->smem_set[before]) {
        layout_format_value(an->smem[before], 12, w, sizeof w);
        snprintf(lines[n++], TIP_LEN, _("value %s (was %s), written by thread %d"), v, w, sv.writer[word]);
    } else if (sv.writer[word] >= 0) {
        snprintf(lines[n++], TIP_LEN, _("value %s, written by thread %d"), v, sv.writer[word]);
    } else {
        snprintf(lines[n++], TIP_LEN, _("value %s"), v);
    }
    char prov[180];
    uint64_t cnt = rv_provenance(an, k, RV_ACC(RV_SPACE_SMEM, word), prov, sizeof prov);
    snprintf(lines[n++], TIP_LEN, ngettext("= %s  (%llu element)", "= %s  (%llu elements)", cnt),
             prov, (unsigned long long)cnt);
    if (an->conflict[(size_t)k * words + word] >= 2)
        snprintf(lines[n++], TIP_LEN, _("in a %d-way bank conflict this step"), an->conflict[(size_t)k * words + word]);
    else if (sv.read[word])
        snprintf(lines[n++], TIP_LEN, _("read this step"));
    return n;
}

static void describe_acc(uint64_t a, int t, char *buf, size_t len)
{
    unsigned sp = RV_ACC_SPACE(a);
    unsigned long long ix = (unsigned long long)RV_ACC_INDEX(a);
    switch (sp) {
    case RV_SPACE_SMEM: snprintf(buf, len, "smem[%llu]", ix); break;
    case RV_SPACE_GIN:  snprintf(buf, len, "in[%llu]", ix); break;
    case RV_SPACE_GIN4: snprintf(buf, len, _("in[%llu..%llu] (one 128-bit load)"), ix, ix + 3); break;
    case RV_SPACE_TICKET: snprintf(buf, len, _("the ticket counter (atomic fetch_add)")); break;
    case RV_SPACE_GOUT: snprintf(buf, len, "out[%llu]", ix); break;
    case RV_SPACE_LANE: snprintf(buf, len, _("lane %llu's register"), ix); break;
    case RV_SPACE_REG:  snprintf(buf, len, _("its register")); break;
    default:            snprintf(buf, len, "-"); break;
    }
    (void)t;
}

static int tip_lane(const draw_ctx *d, int t, char lines[TIP_LINES][TIP_LEN])
{
    const rv_trace *tr = d->f->tr;
    const rv_analysis *an = d->f->an;
    int k = d->f->step, n = 0;
    const rv_event *e = rv_trace_event(tr, k, t);
    snprintf(lines[n++], TIP_LEN, _("thread %d  \xC2\xB7  warp %d  \xC2\xB7  lane %d"), t, t / 32, t % 32);
    if (e->line == 0) {
        snprintf(lines[n++], TIP_LEN, _("does not execute this step"));
    } else {
        char v[32], acc[64], reads[200] = "";
        const uint64_t *rd = rv_event_reads(tr, e);
        size_t o = 0;
        int shown = e->nreads < 4 ? e->nreads : 4;
        for (int i = 0; i < shown; i++) {
            describe_acc(rd[i], t, acc, sizeof acc);
            o += (size_t)snprintf(reads + o, sizeof reads - o, "%s%s", i ? ", " : "", acc);
            if (o >= sizeof reads)
                break;
        }
        if (e->nreads > shown && o < sizeof reads)
            snprintf(reads + o, sizeof reads - o, _(" + %d more"), e->nreads - shown);
        snprintf(lines[n++], TIP_LEN, _("line %d reads %s"), e->line, e->nreads ? reads : _("nothing"));
        layout_format_value(e->value, 12, v, sizeof v);
        describe_acc(e->write, t, acc, sizeof acc);
        snprintf(lines[n++], TIP_LEN, _("writes %s to %s"), v, acc);
        if (an->wasted[(size_t)k * tr->block_size + t])
            snprintf(lines[n++], TIP_LEN, _("wasted: no later step uses this result"));
    }
    size_t ri = (size_t)(k + 1) * tr->block_size + t;
    if (an->regs_set[ri]) {
        char v[32], prov[160];
        layout_format_value(an->regs[ri], 12, v, sizeof v);
        rv_provenance(an, k, RV_ACC(RV_SPACE_REG, t), prov, sizeof prov);
        snprintf(lines[n++], TIP_LEN, _("register %s = %s"), v, prov);
    }
    return n;
}

static int tip_step(const draw_ctx *d, int s, char lines[TIP_LINES][TIP_LEN])
{
    const rv_trace *tr = d->f->tr;
    const rv_step_info *si = &d->f->an->steps[s];
    int n = 0;
    char label[64];
    snprintf(lines[n++], TIP_LEN, _("step %d: %s (%s)"), s + 1,
             step_label(tr->steps[s].label, label, sizeof label), step_phase_name((rv_phase)tr->steps[s].phase));
    /* Predict mode: what a step not yet shown does is the next questions' answer. */
    if (d->f->quiz && (s > d->f->step || (s == d->f->step && predict_veiled(d->f->quiz))))
        return n;
    snprintf(lines[n++], TIP_LEN, _("%d active threads, %d divergent warps"), si->active_threads, si->divergent_warps);
    if (si->max_conflict >= 2)
        snprintf(lines[n++], TIP_LEN, _("worst bank conflict %d-way"), si->max_conflict);
    if (si->wasted_threads)
        snprintf(lines[n++], TIP_LEN, _("%d threads' results are never used"), si->wasted_threads);
    return n;
}

void draw_tooltip(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    int mx = d->f->mouse_x, my = d->f->mouse_y;
    char lines[TIP_LINES][TIP_LEN];
    int n = 0, idx;
    if ((idx = layout_cell_at(L, mx, my)) >= 0)
        n = tip_cell(d, idx, lines);
    else if ((idx = layout_lane_at(L, mx, my)) >= 0)
        n = tip_lane(d, idx, lines);
    else if ((idx = layout_step_at(L, mx, my)) >= 0)
        n = tip_step(d, idx, lines);
    if (n == 0)
        return;
    int px = L->fs_ui, lh = (int)(px * 1.3), m = L->margin, w = 0;
    for (int i = 0; i < n; i++) {
        int tw = text_width(d->tc, i == 0 ? FACE_SANS_BOLD : FACE_SANS, px, lines[i]);
        if (tw > w)
            w = tw;
    }
    int maxw = L->in.w * 2 / 3;
    if (w > maxw)
        w = maxw;
    lrect box = { mx + 16, my + 18, w + 2 * m, n * lh + m };
    if (box.x + box.w > L->in.w - 4)
        box.x = mx - 12 - box.w;
    if (box.y + box.h > L->in.h - 4)
        box.y = my - 12 - box.h;
    if (box.x < 4) box.x = 4;
    if (box.y < 4) box.y = 4;
    prim_fill(d->r, (lrect){ box.x + 3, box.y + 3, box.w, box.h }, (rgba){ 0, 0, 0, 70 });
    prim_fill(d->r, box, th->tooltip);
    prim_stroke(d->r, box, th->accent, 1);
    for (int i = 0; i < n; i++)
        text_draw_fit(d->tc, i == 0 ? FACE_SANS_BOLD : FACE_SANS, px, box.x + m, box.y + m / 2 + i * lh,
                      box.w - 2 * m, i == 0 ? th->text_strong : th->text, lines[i]);
}

/* ---- help ------------------------------------------------------------------- */

static const char *const help_keys[][2] = {
    { N_("\xE2\x86\x92  or  Space"), N_("next step") },
    { "\xE2\x86\x90", N_("previous step") },
    { N_("Home / End"), N_("first / last step") },
    { "P", N_("play / pause") },
    { "+  /  \xE2\x88\x92", N_("faster / slower") },
    { "0 \xE2\x80\x93 9", N_("the version of that number (same block size, same point of the reduction)") },
    { "[  /  ]", N_("previous / next version, in teaching order (reaches every version)") },
    { N_("C  then  a digit"), N_("compare: that version beside this one, stepping together") },
    { "C  C", N_("compare off") },
    { "A", N_("predict mode: the class answers before each step is shown, scored") },
    { "Shift+A", N_("predict mode for the teacher: the question, then a key shows the answer") },
    { N_("digits, Enter"), N_("in predict mode: answer (or click lanes, words); Space shows the step") },
    { N_("C  then  D"), N_("compare: this version on the next recorded GPU, side by side") },
    { "E", N_("save this frame as PNG in the working folder") },
    { "D", N_("the next recorded GPU: its trace, timed runs and cross-check") },
    { "Z", N_("warps as a row of lanes each, or as one strip (big blocks)") },
    { "T", N_("dark / light theme (light for projectors)") },
    { "F", N_("fullscreen") },
    { "L", N_("language: English / Chinese") },
    { N_("H  or  ?"), N_("this help") },
    { N_("Q  or  Esc"), N_("quit (Esc first closes this help)") },
    { N_("click timeline"), N_("jump to that step") },
    { N_("click a warp"), N_("draw that warp's accesses (click again: automatic)") },
    { N_("hover"), N_("a word's value, bank and the inputs it sums; a lane's accesses") },
};

void draw_help(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    int n = (int)(sizeof help_keys / sizeof help_keys[0]);
    int px = L->fs_ui, lh = (int)(px * 1.6), m = L->margin * 2;
    int kw = 0, dw = 0;
    for (int i = 0; i < n; i++) {
        int a = text_width(d->tc, FACE_SANS_BOLD, px, _(help_keys[i][0]));
        int b = text_width(d->tc, FACE_SANS, px, _(help_keys[i][1]));
        if (a > kw) kw = a;
        if (b > dw) dw = b;
    }
    int w = kw + dw + 3 * m, h = (n + 2) * lh + m;
    if (w > L->in.w - 20) w = L->in.w - 20;
    lrect box = { (L->in.w - w) / 2, (L->in.h - h) / 2, w, h };
    prim_fill(d->r, (lrect){ 0, 0, L->in.w, L->in.h }, prim_alpha(th->bg, 150));
    prim_fill(d->r, box, th->overlay);
    prim_stroke(d->r, box, th->accent, 2);
    int y = box.y + m / 2;
    text_draw(d->tc, FACE_SANS_BOLD, (int)(px * 1.2), box.x + m, y, th->accent, _("Keys"));
    y += (int)(lh * 1.4);
    for (int i = 0; i < n; i++, y += lh) {
        text_draw(d->tc, FACE_SANS_BOLD, px, box.x + m, y, th->text_strong, _(help_keys[i][0]));
        text_draw_fit(d->tc, FACE_SANS, px, box.x + 2 * m + kw, y, box.w - 3 * m - kw, th->text, _(help_keys[i][1]));
    }
}

/* ---- the tooltip's words, for other outputs (the HTML lesson) ---------------- */

_Static_assert(TIP_LINES == SCENE_TIP_LINES && TIP_LEN == SCENE_TIP_LEN, "draw.h sizes the tooltip's lines");

int scene_tip_text(const viewer_frame *f, scene_tip_kind what, int idx, char lines[SCENE_TIP_LINES][SCENE_TIP_LEN])
{
    draw_ctx d = { NULL, NULL, NULL, NULL, f, NULL, NULL };   /* the tip_* functions read the frame only */
    if (f->step < 0 || idx < 0)
        return 0;
    switch (what) {
    case SCENE_TIP_CELL: return idx < f->an->smem_words ? tip_cell(&d, idx, lines) : 0;
    case SCENE_TIP_LANE: return idx < f->tr->block_size ? tip_lane(&d, idx, lines) : 0;
    case SCENE_TIP_STEP: return idx < f->tr->nsteps ? tip_step(&d, idx, lines) : 0;
    }
    return 0;
}
