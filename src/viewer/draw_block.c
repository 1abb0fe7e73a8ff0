/* draw_block.c — the block pane: the step banner, warps as rows of lanes,
 * shared memory as rows of 32 banks, and the accesses between them.
 *
 * Colour carries the state (warp idle / full / divergent, lane wasted, word
 * written / read, bank conflict degree); lines carry the accesses.  Lines are
 * drawn for every executing lane when few execute, otherwise for one warp
 * only (the focused one, and the lane under the mouse): 256 crossing lines
 * teach nothing, 32 of them show a bank conflict at a glance.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "draw.h"
#include "verify_words.h"
#include "predict.h"
#include "stepview.h"
#include "../i18n.h"
#include "../versions.h"
#include "../i18n.h"
#include "step_words.h"

#define LINES_ALL_MAX 32   /* up to this many executing threads, draw them all */

static rgba warp_colour(const theme *th, rv_warp_state s)
{
    return s == RV_WARP_FULL ? th->full : s == RV_WARP_DIVERGENT ? th->divergent : th->idle;
}

/* ---- banner ---------------------------------------------------------------- */

static void banner_sentence(const draw_ctx *d, const stepview *sv, char *buf, size_t len)
{
    const rv_trace *tr = d->f->tr;
    const rv_step *st = &tr->steps[d->f->step];
    const rv_step_info *si = &d->f->an->steps[d->f->step];
    const char *caption = rv_version_caption(tr->version, st->label); /* the version's own word for it */
    if (caption) {
        snprintf(buf, len, "%s", _(caption));
        return;
    }
    switch ((rv_phase)st->phase) {
    case RV_PHASE_LOAD: {
        int gl = 0, sec = 0;
        for (int w = 0; w < d->f->an->nwarps; w++) {
            gl += rv_analysis_warp(d->f->an, d->f->step, w)->gld_requests;
            sec += rv_analysis_warp(d->f->an, d->f->step, w)->gld_sectors;
        }
        if (sv->gout_reads)
            snprintf(buf, len, _("the block that drew the last ticket: %d threads read the %d partials "
                     "back from global memory (%d warp requests, %d sectors of 32 bytes)"),
                     si->active_threads, sv->gout_reads, gl, sec);
        else if (sv->gin4_reads)
            snprintf(buf, len, _("%d threads read %d input elements with %d 128-bit float4 loads%s "
                     "(%d warp requests, %d sectors of 32 bytes)"),
                     si->active_threads, sv->gin_reads, sv->gin4_reads / 4,
                     sv->gin_reads > sv->gin4_reads ? _(" and a few scalar ones") : "", gl, sec);
        else
            snprintf(buf, len, _("%d threads read %d input elements from global memory "
                     "(%d warp requests, %d sectors of 32 bytes)"),
                     si->active_threads, sv->gin_reads, gl, sec);
        break;
    }
    case RV_PHASE_TREE:
        snprintf(buf, len, ngettext("%d thread adds the word %d further on, then __syncthreads()",
                          "%d threads each add the word %d further on, then __syncthreads()", si->active_threads),
                 si->active_threads, st->stride);
        break;
    case RV_PHASE_WARP:
        snprintf(buf, len, _("warp-synchronous, no barrier: %d lanes add the word %d further on; "
                 "%d of them compute a result nobody reads"), si->active_threads, st->stride,
                 si->wasted_threads);
        break;
    case RV_PHASE_SHUFFLE:
        snprintf(buf, len, _("__shfl_down_sync: lane l reads lane l+%d's register, no shared memory "
                 "(%d lanes execute)"), sv->shuffle_delta ? sv->shuffle_delta : st->stride,
                 si->active_threads);
        break;
    case RV_PHASE_STORE:
        snprintf(buf, len, ngettext("%d thread moves partial sums between registers and shared memory",
                          "%d threads move partial sums between registers and shared memory", si->active_threads),
                 si->active_threads);
        break;
    case RV_PHASE_WRITE:
        if (sv->ticket_thread >= 0) {
            snprintf(buf, len, _("thread %d takes a ticket (acq_rel fetch_add); who draws the last of %u "
                     "sums the partials"), sv->ticket_thread, tr->grid);
        } else if (sv->gout_thread >= 0 && sv->gout_reads && sv->gout_index == tr->grid) {
            /* reads and writes the result: an atomic add */
            char v[32];
            layout_format_value(sv->gout_value, 12, v, sizeof v);
            snprintf(buf, len, _("thread %d atomicAdds the block's sum %s to out[%llu], in whatever order "
                     "blocks arrive"),
                     sv->gout_thread, v, (unsigned long long)sv->gout_index);
        } else if (sv->gout_thread >= 0 && rv_version_has(tr->version, RV_VP_SINGLE_PASS) && sv->gout_index == tr->grid) {
            char v[32];
            layout_format_value(sv->gout_value, 12, v, sizeof v);
            snprintf(buf, len, _("thread %d of the last block writes the whole array's sum %s to out[%llu], "
                     "and resets the ticket counter"), sv->gout_thread, v, (unsigned long long)sv->gout_index);
        } else if (sv->gout_thread >= 0) {
            char v[32];
            layout_format_value(sv->gout_value, 12, v, sizeof v);
            snprintf(buf, len, _("thread %d writes the block's sum %s to out[%llu]"),
                     sv->gout_thread, v, (unsigned long long)sv->gout_index);
        } else {
            snprintf(buf, len, _("the block's result goes to global memory"));
        }
        break;
    default:
        buf[0] = '\0';
    }
}

static void draw_race_band(const draw_ctx *d);

/* Predict mode, before the answer: the step's name and nothing it does. */
static void draw_banner_veiled(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const rv_trace *tr = d->f->tr;
    int x = L->banner.x + L->margin, y = L->banner.y + L->margin / 2;
    char buf[256], label[64];
    snprintf(buf, sizeof buf, _("Step %d/%d  %s"), d->f->step + 1, tr->nsteps,
             step_label(tr->steps[d->f->step].label, label, sizeof label));
    x += text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, th->text_strong, buf) + L->fs_ui;
    text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, th->accent, _("predict: what will this step do?"));
    text_draw_fit(d->tc, FACE_SANS, L->fs_small, L->banner.x + L->margin, y + (int)(L->fs_ui * 1.35),
                  L->banner.w - 2 * L->margin, th->text_dim,
                  _("Hidden until the answer: its lanes, accesses and results. Shared memory: as earlier steps left it."));
    draw_race_band(d);
}

static void draw_banner(const draw_ctx *d, const stepview *sv)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const rv_trace *tr = d->f->tr;
    const rv_step_info *si = &d->f->an->steps[d->f->step];
    const rv_step *st = &tr->steps[d->f->step];
    int x = L->banner.x + L->margin, y = L->banner.y + L->margin / 2;
    char buf[256];

    char label[64];
    snprintf(buf, sizeof buf, _("Step %d/%d  %s"), d->f->step + 1, tr->nsteps,
             step_label(st->label, label, sizeof label));
    x += text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, th->text_strong, buf) + L->fs_ui;

    /* Counts, each in the colour of what it counts. */
    snprintf(buf, sizeof buf, _("%d active"), si->active_threads);
    x += text_draw(d->tc, FACE_SANS, L->fs_ui, x, y, th->text, buf) + L->fs_ui;
    if (si->full_warps) {
        snprintf(buf, sizeof buf, _("%d full"), si->full_warps);
        x += text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, th->full, buf) + L->fs_ui;
    }
    if (si->divergent_warps) {
        snprintf(buf, sizeof buf, _("%d divergent"), si->divergent_warps);
        x += text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, th->divergent, buf) + L->fs_ui;
    }
    if (si->max_conflict >= 2) {
        snprintf(buf, sizeof buf, _("%d-way bank conflict"), si->max_conflict);
        x += text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, theme_conflict(th, si->max_conflict), buf) + L->fs_ui;
    } else if (sv->smem_accesses > 0) {
        x += text_draw(d->tc, FACE_SANS, L->fs_ui, x, y, th->text_dim, _("no bank conflict")) + L->fs_ui;
    }
    if (si->wasted_threads) {
        snprintf(buf, sizeof buf, _("%d wasted"), si->wasted_threads);
        text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, th->wasted, buf);
    }
    banner_sentence(d, sv, buf, sizeof buf);
    prim_wrapped(d->tc, FACE_SANS, L->fs_small, L->banner.x + L->margin, y + (int)(L->fs_ui * 1.35),
                 L->banner.w - 2 * L->margin, 2, (int)(L->fs_small * 1.2), th->text_dim, buf);
    draw_race_band(d);
}

/* A warning triangle of height h with its top at (x, y), "!" inside. */
static void warn_icon(const draw_ctx *d, int x, int y, int h, rgba body, rgba mark)
{
    int w = h * 115 / 100;
    prim_triangle(d->r, (float)x + w / 2.0f, (float)y, (float)x, (float)(y + h), (float)(x + w), (float)(y + h), body);
    int px = h * 62 / 100;
    text_draw_centered(d->tc, FACE_SANS_BOLD, px, x, y + h / 5, w, h - h / 5, mark, "!");
}

/* The race note of this step in the band under the banner: v4's warp phase
 * on red with a warning sign, v4s's reassurance with a tick, v5 and v6
 * (v4's code) outlined in amber.  Nothing on other steps. */
static void draw_race_band(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    lrect b = L->warn;
    char title[200], detail[240];
    if (b.h <= 0 || d->f->step < 0)
        return;
    verify_race k = verify_race_note(d->f->verify, d->f->tr->version, d->f->tr->steps[d->f->step].phase,
                                       title, sizeof title, detail, sizeof detail);
    if (k == VERIFY_RACE_NONE)
        return;
    int m = L->margin, fs = L->fs_small, lh = (int)(fs * 1.35);
    int ih = b.h - m < (int)(L->fs_ui * 1.9) ? b.h - m : (int)(L->fs_ui * 1.9);
    int iw = ih * 115 / 100;
    rgba t1 = th->text_strong, t2 = th->text;
    if (k == VERIFY_RACE_HAZARD) {
        prim_fill(d->r, b, th->hazard);
        t1 = t2 = theme_text_on(th, th->hazard);
        warn_icon(d, b.x + m, b.y + (b.h - ih) / 2, ih, t1, th->hazard);
    } else if (k == VERIFY_RACE_CLEAN) {
        prim_fill(d->r, b, prim_alpha(th->full, 36));
        prim_stroke(d->r, b, th->full, 2);
        text_draw_centered(d->tc, FACE_SANS_BOLD, ih, b.x + m, b.y, iw, b.h, th->full, "\xE2\x9C\x93");
    } else {
        prim_stroke(d->r, b, th->divergent, 2);
        warn_icon(d, b.x + m, b.y + (b.h - ih) / 2, ih, th->divergent, theme_text_on(th, th->divergent));
    }
    /* The headline in bold (two lines at most), the evidence under it; the
     * block is centred in the band. */
    int x = b.x + 2 * m + iw, w = b.x + b.w - m - x;
    int n = text_width(d->tc, FACE_SANS_BOLD, fs, title) > w ? 2 : 1;
    int y = b.y + (b.h - (n + 1) * lh) / 2;
    y += lh * prim_wrapped(d->tc, FACE_SANS_BOLD, fs, x, y, w, n, lh, t1, title);
    text_draw_fit(d->tc, FACE_SANS, fs, x, y, w, t2, detail);
}

/* ---- access lines ------------------------------------------------------------ */

/* Draws thread t's accesses of this step: a thick arrow into the word it
 * writes, thin lines ending in a dot to the words it reads, arcs from the
 * lanes it reads through a shuffle. */
static void draw_lane_links(const draw_ctx *d, int t, int bold)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const rv_trace *tr = d->f->tr;
    const rv_event *e = rv_trace_event(tr, d->f->step, t);
    if (e->line == 0)
        return;
    lrect ln = layout_lane_rect(L, t);
    float lx = ln.x + ln.w / 2.0f, lb = (float)(ln.y + ln.h), lt = (float)ln.y;
    int thick = bold ? 3 : 2;
    /* A wasted lane's accesses are drawn faint: they happen, but feed nothing. */
    int wasted = d->f->an->wasted[(size_t)d->f->step * tr->block_size + t];
    uint8_t alpha = wasted && !bold ? 90 : 255;
    rgba c_read = prim_alpha(th->read, alpha), c_write = prim_alpha(th->write, alpha);
    rgba c_shfl = prim_alpha(th->shuffle, alpha);
    float head = (float)(L->col_w * 0.45 + 3);
    uint64_t wacc = e->write;
    const uint64_t *rd = rv_event_reads(tr, e);
    /* A lane that reads many lanes (a library call recorded as one step):
     * thin arcs, or 32 lanes' fans of 32 bury the row and cost a frame. */
    int lane_reads = 0;
    for (int i = 0; i < e->nreads; i++)
        lane_reads += RV_ACC_SPACE(rd[i]) == RV_SPACE_LANE;
    int arc_thick = lane_reads > 2 && !bold ? 1 : thick;
    for (int i = 0; i < e->nreads; i++) {
        unsigned sp = RV_ACC_SPACE(rd[i]);
        uint64_t ix = RV_ACC_INDEX(rd[i]);
        if (sp == RV_SPACE_SMEM && ix < (uint64_t)d->f->an->smem_words && rd[i] != wacc) {
            lrect c = layout_cell_rect(L, (int)ix);
            float cx = c.x + c.w / 2.0f, cy = (float)c.y;
            prim_line(d->r, lx, lb, cx, cy, c_read, bold ? 2 : 1);
            int rr = c.w >= 16 ? 3 : 2;
            prim_fill(d->r, (lrect){ (int)cx - rr, c.y, 2 * rr, rr + 1 }, c_read);
        } else if (sp == RV_SPACE_LANE && ix < 32) {
            lrect s = layout_lane_rect(L, t - t % 32 + (int)ix);
            float sx = s.x + s.w / 2.0f;
            /* An arc over the row: height grows with the distance. */
            float hgt = fminf(fabsf(sx - lx) * 0.35f, L->lane_h * 1.6f) + 4;
            float px0 = sx, py0 = lt;
            for (int k = 1; k <= 12; k++) {
                float u = k / 12.0f;
                float x = (1 - u) * (1 - u) * sx + 2 * u * (1 - u) * (sx + lx) / 2 + u * u * lx;
                float y = lt - 2 * u * (1 - u) * hgt * 2;
                prim_line(d->r, px0, py0, x, y, c_shfl, arc_thick);
                if (k == 12)
                    prim_arrowhead(d->r, px0, py0, x, y, fminf(head, 10.0f), c_shfl);
                px0 = x;
                py0 = y;
            }
        }
    }
    if (RV_ACC_SPACE(wacc) == RV_SPACE_SMEM && RV_ACC_INDEX(wacc) < (uint64_t)d->f->an->smem_words) {
        lrect c = layout_cell_rect(L, (int)RV_ACC_INDEX(wacc));
        float cx = c.x + c.w / 2.0f, cy = (float)c.y + 1;
        prim_line(d->r, lx, lb, cx, cy, c_write, thick);
        prim_arrowhead(d->r, lx, lb, cx, cy + 2, fminf(head, 14.0f), c_write);
    }
}

/* ---- the pane ---------------------------------------------------------------- */

/* The warps drawn in warp w's row: itself, or when folded all warps of its
 * kind.  Writes "w5", "w0–15", "w0,2…30" or "w1,3,9…" into buf; returns how many. */
static int row_warps(const layout *L, int w, char *buf, size_t len)
{
    int ws[LAYOUT_MAX_WARPS], n = 0;
    for (int v = 0; v < L->nwarps && v < LAYOUT_MAX_WARPS; v++)
        if (layout_warp_row(L, v) == layout_warp_row(L, w))
            ws[n++] = v;
    if (n <= 1) {
        snprintf(buf, len, "w%d", w);
        return 1;
    }
    int step = ws[1] - ws[0], even = 1;
    for (int i = 2; i < n; i++)
        even &= ws[i] - ws[i - 1] == step;
    if (n == 2)
        snprintf(buf, len, "w%d,%d", ws[0], ws[1]);
    else if (even && step == 1)
        snprintf(buf, len, "w%d\xE2\x80\x93%d", ws[0], ws[n - 1]);
    else if (even)
        snprintf(buf, len, "w%d,%d\xE2\x80\xA6%d", ws[0], ws[1], ws[n - 1]);
    else
        snprintf(buf, len, "w%d,%d,%d\xE2\x80\xA6", ws[0], ws[1], ws[2]);
    return n;
}

void draw_block(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const viewer_frame *f = d->f;
    const rv_trace *tr = f->tr;
    const rv_analysis *an = f->an;
    const int k = f->step;
    static stepview sv;   /* 6 KiB: kept off the stack; frames are drawn one at a time */
    char buf[64];
    /* Predict mode with a question open: draw the block as it stands before
     * the step (no lanes, states, conflicts, accesses or new values), plus
     * what the class has picked so far. */
    const predict *pq = f->quiz;
    int veil = predict_veiled(pq);
    stepview_build(&sv, an, veil ? -1 : k);
    int pick_warp = veil ? pq->q.warp : -1;
    int pick_lane = veil && pq->q.pick == QUIZ_PICK_LANE && pq->input[0] ? atoi(pq->input) : -1;
    int pick_word = veil && pq->q.pick == QUIZ_PICK_WORD && pq->input[0] ? atoi(pq->input) : -1;
    uint32_t picked = veil && pq->q.type == QUIZ_LANE_SET ? pq->picked : 0;
    if (pick_lane >= 0 && pick_lane < 32)
        picked |= 1u << pick_lane;

    prim_fill(d->r, L->center, th->panel);
    prim_stroke(d->r, L->center, th->panel_edge, 1);
    if (veil)
        draw_banner_veiled(d);
    else
        draw_banner(d, &sv);

    int has_shuffle = L->in.lane_values;
    int cw = L->col_w - L->gap;
    int lbl_px = L->fs_small;
    /* Column headings: lane numbers above (warp numbers in the strip), bank
     * numbers below the links. */
    text_draw_fit(d->tc, FACE_SANS, lbl_px, L->grid_x - L->label_w, L->lanes_head_y,
                  L->label_w, th->text_dim, L->compact ? _("warp") : _("lane"));
    int num_px = cw >= 3 * 0.62 * lbl_px ? lbl_px : (int)(cw / 1.9);
    for (int c = 0; c < LAYOUT_COLS && (!L->compact || c < an->nwarps); c++) {
        if (cw < 14 && c % 4 != 0)
            continue;
        snprintf(buf, sizeof buf, "%d", c);
        text_draw_centered(d->tc, FACE_MONO, num_px, L->grid_x + c * L->col_w, L->lanes_head_y,
                           cw, (int)(lbl_px * 1.3), th->text_dim, buf);
    }

    int label_px = L->lane_h >= 10 ? (L->lane_h - 2 < lbl_px ? L->lane_h - 2 : lbl_px) : 0;
    if (L->compact) {
        /* One box per warp: state colour, executing lanes, conflict band. */
        for (int w = 0; w < an->nwarps; w++) {
            const rv_warp_info *wi = rv_analysis_warp(an, k, w);
            lrect bx = layout_warp_box(L, w);
            rgba wc = warp_colour(th, wi->state);
            if (veil) {
                prim_fill(d->r, bx, w == pick_warp ? th->accent : th->lane_off);
                continue;
            }
            prim_fill(d->r, bx, wc);
            if (wi->wasted_lanes > 0)
                prim_fill(d->r, (lrect){ bx.x, bx.y, bx.w, bx.h / 4 }, th->wasted);
            if (wi->max_conflict >= 2)
                prim_fill(d->r, (lrect){ bx.x, bx.y + bx.h - bx.h / 3, bx.w, bx.h / 3 },
                          theme_conflict(th, wi->max_conflict));
            snprintf(buf, sizeof buf, "%d", wi->active_lanes);
            text_draw_centered(d->tc, FACE_MONO_BOLD, num_px, bx.x, bx.y, bx.w, bx.h - bx.h / 4,
                               theme_text_on(th, wc), buf);
        }
        text_draw_fit(d->tc, FACE_SANS, lbl_px, L->grid_x - L->label_w, L->lanes_y + (L->lane_h - lbl_px) / 3,
                      L->label_w - 4, th->text_dim, _("lanes"));
    }
    /* Warps: a state box, 32 lanes, a conflict badge. */
    for (int w = 0; w < an->nwarps && !L->compact; w++) {
        if (L->folded && layout_row_warp(L, layout_warp_row(L, w)) != w)
            continue;   /* drawn in the row of the first warp of its kind */
        const rv_warp_info *wi = rv_analysis_warp(an, k, w);
        lrect lb = layout_warp_label(L, w);
        rgba wc = veil ? th->panel_edge : warp_colour(th, wi->state);
        prim_fill(d->r, lb, wc);
        int in_row = row_warps(L, w, buf, sizeof buf);
        if (label_px > 0 && in_row > 1 && lb.h >= 2 * label_px + 4) {
            /* Two lines: which warps, and how many. */
            char count[32];
            snprintf(count, sizeof count, _("%d warps"), in_row);
            text_draw_centered(d->tc, FACE_SANS_BOLD, label_px, lb.x, lb.y, lb.w, lb.h / 2 + 2,
                               theme_text_on(th, wc), buf);
            text_draw_centered(d->tc, FACE_SANS, label_px, lb.x, lb.y + lb.h / 2 - 2, lb.w, lb.h / 2,
                               theme_text_on(th, wc), count);
        } else if (label_px > 0) {
            text_draw_centered(d->tc, FACE_SANS_BOLD, label_px, lb.x, lb.y, lb.w, lb.h,
                               theme_text_on(th, wc), buf);
        }
        for (int l = 0; l < 32 && w * 32 + l < tr->block_size; l++) {
            int t = w * 32 + l;
            const rv_event *e = rv_trace_event(tr, k, t);
            lrect r = layout_lane_rect(L, t);
            int exec = e->line != 0 && !veil;
            int wasted = exec && an->wasted[(size_t)k * tr->block_size + t];
            rgba c = !exec ? th->lane_off : wasted ? th->wasted : wc;
            if (w == pick_warp && ((picked >> l) & 1))
                c = th->accent;   /* picked by the class */
            prim_fill(d->r, r, c);
            if (!L->lane_text || in_row > 1)
                continue;   /* a row of several warps: whose values would it show? */
            /* Registers in shuffle traces (before the step while veiled);
             * else the value an executing lane produced. */
            const char *txt = NULL;
            size_t ri = (size_t)(k + !veil) * tr->block_size + t;
            if (has_shuffle && an->regs_set[ri]) {
                layout_format_value(an->regs[ri], layout_cell_chars(L, L->fs_lane), buf, sizeof buf);
                txt = buf;
            } else if (!has_shuffle && exec) {
                layout_format_value(e->value, layout_cell_chars(L, L->fs_lane), buf, sizeof buf);
                txt = buf;
            }
            if (txt)
                text_draw_centered(d->tc, FACE_MONO, L->fs_lane, r.x, r.y, r.w, r.h,
                                   exec ? theme_text_on(th, c) : th->text_dim, txt);
        }
        if (wi->max_conflict >= 2 && !veil) {
            lrect bg = layout_warp_badge(L, w);
            rgba cc = theme_conflict(th, wi->max_conflict);
            prim_fill(d->r, bg, cc);
            if (label_px > 0) {
                snprintf(buf, sizeof buf, _("%d-way"), wi->max_conflict);
                if (text_width(d->tc, FACE_SANS_BOLD, label_px, buf) > bg.w - 2)
                    snprintf(buf, sizeof buf, "%d\xC3\x97", wi->max_conflict);
                text_draw_centered(d->tc, FACE_SANS_BOLD, label_px, bg.x, bg.y, bg.w, bg.h,
                                   th->conflict_text, buf);
            }
        }
    }
    int focus = veil ? pick_warp : d->blk->focus;
    if (focus >= 0 && L->compact) {
        lrect fr = layout_warp_box(L, focus);
        prim_stroke(d->r, (lrect){ fr.x - 2, fr.y - 2, fr.w + 4, fr.h + 4 }, th->accent, 2);
    } else if (focus >= 0) {
        lrect fr = layout_warp_label(L, focus);
        fr.w = L->grid_x + LAYOUT_COLS * L->col_w - fr.x;
        prim_stroke(d->r, (lrect){ fr.x - 2, fr.y - 2, fr.w + 3, fr.h + 4 }, th->accent, 2);
    }

    /* Banks: number, or the n-way degree on a conflict colour. */
    text_draw_fit(d->tc, FACE_SANS, lbl_px, L->grid_x - L->label_w, L->banks_y, L->label_w,
                  th->text_dim, _("bank"));
    for (int b = 0; b < LAYOUT_COLS; b++) {
        lrect r = layout_bank_rect(L, b);
        int deg = sv.bank_degree[b];
        if (deg >= 2) {
            prim_fill(d->r, r, theme_conflict(th, deg));
            snprintf(buf, sizeof buf, cw >= 3 * 0.62 * lbl_px ? "%d\xC3\x97" : "%d", deg);
            text_draw_centered(d->tc, FACE_SANS_BOLD, num_px, r.x, r.y, r.w, r.h, th->conflict_text, buf);
        } else if (cw >= 14 || b % 4 == 0) {
            snprintf(buf, sizeof buf, "%d", b);
            text_draw_centered(d->tc, FACE_MONO, num_px, r.x, r.y, r.w, r.h, th->text_dim, buf);
        }
    }

    /* Shared memory: value after this step's writes; written words filled. */
    int words = an->smem_words;
    static const uint8_t no_conflict[SV_MAX_WORDS];
    const float *vals = an->smem + (size_t)(k + !veil) * words;
    const uint8_t *set = an->smem_set + (size_t)(k + !veil) * words;
    const uint8_t *deg = veil ? no_conflict : an->conflict + (size_t)k * words;
    int row_px = L->cell_h - 2 < lbl_px ? L->cell_h - 2 : lbl_px;
    for (int row = 0; row < L->smem_rows; row++) {
        if (row_px >= 7 && (L->smem_rows <= 16 || row % 2 == 0)) {
            snprintf(buf, sizeof buf, "%d", row * 32);
            lrect c0 = layout_cell_rect(L, row * 32);
            int tw = text_width(d->tc, FACE_MONO, row_px, buf);
            text_draw(d->tc, FACE_MONO, row_px, L->grid_x - tw - L->gap - 4, c0.y + (c0.h - row_px * 1.2) / 2,
                      th->text_dim, buf);
        }
    }
    int cell_chars = layout_cell_chars(L, L->fs_cell);
    for (int wd = 0; wd < words && wd < SV_MAX_WORDS; wd++) {
        lrect r = layout_cell_rect(L, wd);
        int written = sv.writer[wd] >= 0;
        rgba c = written ? th->write : set[wd] ? th->cell : th->cell_empty;
        prim_fill(d->r, r, c);
        if (sv.read[wd] && !written)
            prim_stroke(d->r, r, th->read, r.w >= 16 ? 2 : 1);
        if (wd == pick_word)
            prim_stroke(d->r, r, th->accent, r.w >= 16 ? 3 : 2);
        if (deg[wd] >= 2) {
            /* A corner notch: the word took part in an n-way conflict. */
            float s = fmaxf(5.0f, r.w * 0.38f);
            prim_triangle(d->r, (float)(r.x + r.w), (float)r.y, (float)(r.x + r.w) - s, (float)r.y,
                          (float)(r.x + r.w), (float)r.y + s, theme_conflict(th, deg[wd]));
        }
        if (set[wd] && L->fs_cell >= 7) {
            layout_format_value(vals[wd], cell_chars, buf, sizeof buf);
            text_draw_centered(d->tc, FACE_MONO, L->fs_cell, r.x, r.y, r.w, r.h,
                               written ? th->write_text : th->cell_text, buf);
        }
    }

    /* Accesses: all lanes when few execute, else the focused warp's. */
    const rv_step_info *si = &an->steps[k];
    if (veil) {
        /* nothing the step does is drawn before the answer */
    } else if (L->compact) {
        /* Lines from one warp box would all start at one point: the cells'
         * colours tell the story, the mouse gives the details. */
    } else if (si->active_threads <= LINES_ALL_MAX) {
        for (int t = 0; t < tr->block_size; t++)
            draw_lane_links(d, t, 0);
    } else if (focus >= 0) {
        for (int l = 0; l < 32 && focus * 32 + l < tr->block_size; l++)
            draw_lane_links(d, focus * 32 + l, 0);
    }
    if (f->hover && !L->compact && !veil) {
        int t = layout_lane_at(L, f->mouse_x, f->mouse_y);
        if (t >= 0)
            draw_lane_links(d, t, 1);
    }
}

/* ---- the banner's words, for other outputs (the HTML lesson) ----------------- */

void scene_block_sentence(const viewer_frame *f, char *buf, size_t len)
{
    static stepview sv;   /* as in draw_block: off the stack, one frame at a time */
    buf[0] = '\0';
    if (f->step < 0 || f->step >= f->tr->nsteps)
        return;
    stepview_build(&sv, f->an, f->step);
    draw_ctx d = { NULL, NULL, NULL, NULL, f, NULL, NULL };   /* banner_sentence reads the frame only */
    banner_sentence(&d, &sv, buf, len);
}
