/* draw_block.c — the block pane: the step banner, warps as rows of lanes,
 * shared memory as rows of 32 banks, and the accesses between them, painted
 * from the scene (scene_block.h: what each part says and stands for).
 *
 * Colour carries the state (warp idle / full / divergent, lane wasted or
 * doing an atomic, word written / read / queued on by atomics, bank
 * conflict degree); lines carry the accesses.  Lines are
 * drawn for every executing lane when few execute, otherwise for one warp
 * only (the focused one, and the lane under the mouse): 256 crossing lines
 * teach nothing, 32 of them show a bank conflict at a glance.
 */
#include <math.h>
#include <stdio.h>
#include "draw.h"
#include "viewer/scene/value_text.h"
#include "core/i18n.h"

/* The theme's colour for what a tone stands for (n: a conflict's degree). */
static rgba tone_colour(const theme *th, block_tone tone, int n)
{
    switch (tone) {
    case BLOCK_TONE_DIM: return th->text_dim;
    case BLOCK_TONE_IDLE: return th->idle;
    case BLOCK_TONE_FULL: return th->full;
    case BLOCK_TONE_DIVERGENT: return th->divergent;
    case BLOCK_TONE_WASTED: return th->wasted;
    case BLOCK_TONE_CONFLICT: return theme_conflict(th, n);
    case BLOCK_TONE_ATOMIC: return th->atomic;
    default: return th->text;
    }
}

/* ---- banner ---------------------------------------------------------------- */

static void draw_race_band(const draw_ctx *d);

/* The step's name, then its counts (plain words plain, the rest in bold and
 * in the colour of what they count) and what it does; or, while predict
 * mode hides the step, the question and what stays hidden. */
static void draw_banner(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_block *s = d->blk;
    int x = L->banner.x + L->margin, y = L->banner.y + L->margin / 2;
    int below = y + (int)(L->fs_ui * 1.35);
    x += text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, th->text_strong, s->title) + L->fs_ui;
    if (s->veiled) {
        text_draw(d->tc, FACE_SANS_BOLD, L->fs_ui, x, y, th->accent, s->veil_words[0]);
        text_draw_fit(d->tc, FACE_SANS, L->fs_small, L->banner.x + L->margin, below, L->banner.w - 2 * L->margin,
                      th->text_dim, s->veil_words[1]);
    } else {
        for (int i = 0; i < s->ncounts; i++) {
            const block_count *c = &s->count[i];
            font_face face = c->tone == BLOCK_TONE_TEXT || c->tone == BLOCK_TONE_DIM ? FACE_SANS : FACE_SANS_BOLD;
            if (x + text_width(d->tc, face, L->fs_ui, c->text) > L->banner.x + L->banner.w - L->margin)
                break; /* the rest would leave the pane: the sentence under them says it */
            x += text_draw(d->tc, face, L->fs_ui, x, y, tone_colour(th, c->tone, c->n), c->text) + L->fs_ui;
        }
        prim_wrapped(d->tc, FACE_SANS, L->fs_small, L->banner.x + L->margin, below, L->banner.w - 2 * L->margin, 2,
                     (int)(L->fs_small * 1.2), th->text_dim, s->sentence);
    }
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
    block_race k = d->blk->race;
    const char *title = d->blk->race_title, *detail = d->blk->race_detail;
    if (b.h <= 0 || k == BLOCK_RACE_NONE) return;
    int m = L->margin, fs = L->fs_small, lh = (int)(fs * 1.35);
    int ih = b.h - m < (int)(L->fs_ui * 1.9) ? b.h - m : (int)(L->fs_ui * 1.9);
    int iw = ih * 115 / 100;
    rgba t1 = th->text_strong, t2 = th->text;
    if (k == BLOCK_RACE_HAZARD) {
        prim_fill(d->r, b, th->hazard);
        t1 = t2 = theme_text_on(th, th->hazard);
        warn_icon(d, b.x + m, b.y + (b.h - ih) / 2, ih, t1, th->hazard);
    } else if (k == BLOCK_RACE_CLEAN) {
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
    const block_lane *ln = &d->blk->lane[t];
    if (!ln->exec) return;
    lrect lr = layout_lane_rect(L, t);
    float lx = lr.x + lr.w / 2.0f, lb = (float)(lr.y + lr.h), lt = (float)lr.y;
    int thick = bold ? 3 : 2;
    /* A wasted lane's accesses are drawn faint: they happen, but feed nothing. */
    uint8_t alpha = ln->wasted && !bold ? 90 : 255;
    /* an atomic's arrow in the atomic colour: many lanes converge on one word */
    rgba c_read = prim_alpha(th->read, alpha), c_write = prim_alpha(ln->atomic ? th->atomic : th->write, alpha);
    rgba c_shfl = prim_alpha(th->shuffle, alpha);
    float head = (float)(L->col_w * 0.45 + 3);
    /* A lane that reads many lanes (a library call recorded as one step):
     * thin arcs, or 32 lanes' fans of 32 bury the row and cost a frame. */
    int arc_thick = ln->lane_reads > 2 && !bold ? 1 : thick;
    const uint16_t *link = d->blk->link + ln->link_at;
    for (int i = 0; i < ln->nlinks; i++) {
        if (!(link[i] & SCENE_BLOCK_LINK_LANE)) {
            lrect c = layout_cell_rect(L, link[i]);
            float cx = c.x + c.w / 2.0f, cy = (float)c.y;
            prim_line(d->r, lx, lb, cx, cy, c_read, bold ? 2 : 1);
            int rr = c.w >= 16 ? 3 : 2;
            prim_fill(d->r, (lrect){(int)cx - rr, c.y, 2 * rr, rr + 1}, c_read);
        } else {
            lrect s = layout_lane_rect(L, t - t % 32 + (int)(link[i] & ~SCENE_BLOCK_LINK_LANE));
            float sx = s.x + s.w / 2.0f;
            /* An arc over the row: height grows with the distance. */
            float hgt = fminf(fabsf(sx - lx) * 0.35f, L->lane_h * 1.6f) + 4;
            float px0 = sx, py0 = lt;
            for (int k = 1; k <= 12; k++) {
                float u = k / 12.0f;
                float x = (1 - u) * (1 - u) * sx + 2 * u * (1 - u) * (sx + lx) / 2 + u * u * lx;
                float y = lt - 2 * u * (1 - u) * hgt * 2;
                prim_line(d->r, px0, py0, x, y, c_shfl, arc_thick);
                if (k == 12) prim_arrowhead(d->r, px0, py0, x, y, fminf(head, 10.0f), c_shfl);
                px0 = x;
                py0 = y;
            }
        }
    }
    if (ln->write >= 0) {
        lrect c = layout_cell_rect(L, ln->write);
        float cx = c.x + c.w / 2.0f, cy = (float)c.y + 1;
        prim_line(d->r, lx, lb, cx, cy, c_write, thick);
        prim_arrowhead(d->r, lx, lb, cx, cy + 2, fminf(head, 14.0f), c_write);
    }
}

/* ---- the pane ---------------------------------------------------------------- */

/* The strip: one box per warp (state colour, executing lanes, conflict
 * band); while veiled, only the warp asked about stands out. */
static void draw_warp_strip(const draw_ctx *d, int num_px, int lbl_px)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_block *s = d->blk;
    char buf[64];
    for (int w = 0; w < s->nwarps; w++) {
        const block_warp *bw = &s->warp[w];
        lrect bx = layout_warp_box(L, w);
        rgba wc = tone_colour(th, bw->tone, 0);
        if (s->veiled) {
            prim_fill(d->r, bx, w == s->ask_warp ? th->accent : th->lane_off);
            continue;
        }
        prim_fill(d->r, bx, wc);
        if (bw->atomic > 0) /* its lanes queue on a word: the band says so first */
            prim_fill(d->r, (lrect){bx.x, bx.y, bx.w, bx.h / 4}, th->atomic);
        else if (bw->wasted > 0)
            prim_fill(d->r, (lrect){bx.x, bx.y, bx.w, bx.h / 4}, th->wasted);
        if (bw->conflict >= 2)
            prim_fill(d->r, (lrect){bx.x, bx.y + bx.h - bx.h / 3, bx.w, bx.h / 3}, theme_conflict(th, bw->conflict));
        snprintf(buf, sizeof buf, "%d", bw->active);
        text_draw_centered(d->tc, FACE_MONO_BOLD, num_px, bx.x, bx.y, bx.w, bx.h - bx.h / 4, theme_text_on(th, wc),
                           buf);
    }
    text_draw_fit(d->tc, FACE_SANS, lbl_px, L->grid_x - L->label_w, L->lanes_y + (L->lane_h - lbl_px) / 3,
                  L->label_w - 4, th->text_dim, _("lanes"));
}

/* A row per warp: a state box, 32 lanes, a conflict badge. */
static void draw_warp_rows(const draw_ctx *d, int label_px)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_block *s = d->blk;
    char buf[64];
    for (int w = 0; w < s->nwarps && !L->compact; w++) {
        if (L->folded && layout_row_warp(L, layout_warp_row(L, w)) != w)
            continue; /* drawn in the row of the first warp of its kind */
        const block_warp *bw = &s->warp[w];
        lrect lb = layout_warp_label(L, w);
        rgba wc = s->veiled ? th->panel_edge : tone_colour(th, bw->tone, 0);
        prim_fill(d->r, lb, wc);
        int in_row = L->folded ? bw->in_row : 1;
        const char *label = L->folded ? bw->row_label : bw->label;
        if (label_px > 0 && in_row > 1 && lb.h >= 2 * label_px + 4) {
            /* Two lines: which warps, and how many. */
            text_draw_centered(d->tc, FACE_SANS_BOLD, label_px, lb.x, lb.y, lb.w, lb.h / 2 + 2, theme_text_on(th, wc),
                               label);
            text_draw_centered(d->tc, FACE_SANS, label_px, lb.x, lb.y + lb.h / 2 - 2, lb.w, lb.h / 2,
                               theme_text_on(th, wc), bw->row_count);
        } else if (label_px > 0) {
            text_draw_centered(d->tc, FACE_SANS_BOLD, label_px, lb.x, lb.y, lb.w, lb.h, theme_text_on(th, wc), label);
        }
        for (int l = 0; l < 32 && w * 32 + l < s->nthreads; l++) {
            int t = w * 32 + l;
            const block_lane *ln = &s->lane[t];
            lrect r = layout_lane_rect(L, t);
            rgba c = !ln->exec ? th->lane_off : ln->atomic ? th->atomic : ln->wasted ? th->wasted : wc;
            if (w == s->ask_warp && ((s->picked >> l) & 1)) c = th->accent; /* picked by the class */
            prim_fill(d->r, r, c);
            if (!L->lane_text || in_row > 1 || !ln->has_value)
                continue; /* a row of several warps: whose values would it show? */
            value_text(ln->value, layout_cell_chars(L, L->fs_lane), buf, sizeof buf);
            text_draw_centered(d->tc, FACE_MONO, L->fs_lane, r.x, r.y, r.w, r.h,
                               ln->exec ? theme_text_on(th, c) : th->text_dim, buf);
        }
        if (bw->conflict >= 2 && !s->veiled) {
            lrect bg = layout_warp_badge(L, w);
            prim_fill(d->r, bg, theme_conflict(th, bw->conflict));
            if (label_px > 0) {
                const char *badge =
                    text_width(d->tc, FACE_SANS_BOLD, label_px, bw->badge[0]) > bg.w - 2 ? bw->badge[1] : bw->badge[0];
                text_draw_centered(d->tc, FACE_SANS_BOLD, label_px, bg.x, bg.y, bg.w, bg.h, th->conflict_text, badge);
            }
        }
    }
}

/* The warp the class is asked about, or the focused one: outlined. */
static void draw_outline(const draw_ctx *d)
{
    const layout *L = d->L;
    const scene_block *s = d->blk;
    if (s->outline >= 0 && L->compact) {
        lrect fr = layout_warp_box(L, s->outline);
        prim_stroke(d->r, (lrect){fr.x - 2, fr.y - 2, fr.w + 4, fr.h + 4}, d->th->accent, 2);
    } else if (s->outline >= 0) {
        /* round the lanes the warp has: a partial warp's end where the block does */
        int lanes = s->nthreads - s->outline * 32 < 32 ? s->nthreads - s->outline * 32 : 32;
        lrect fr = layout_warp_label(L, s->outline);
        fr.w = L->grid_x + (lanes > 0 ? lanes : 32) * L->col_w - fr.x;
        prim_stroke(d->r, (lrect){fr.x - 2, fr.y - 2, fr.w + 3, fr.h + 4}, d->th->accent, 2);
    }
}

/* Banks: number, or the n-way degree on a conflict colour. */
static void draw_banks(const draw_ctx *d, int cw, int num_px, int lbl_px)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_block *s = d->blk;
    char buf[64];
    text_draw_fit(d->tc, FACE_SANS, lbl_px, L->grid_x - L->label_w, L->banks_y, L->label_w, th->text_dim, _("bank"));
    for (int b = 0; b < LAYOUT_COLS; b++) {
        lrect r = layout_bank_rect(L, b);
        int deg = s->bank[b];
        if (deg >= 2) {
            prim_fill(d->r, r, theme_conflict(th, deg));
            snprintf(buf, sizeof buf, cw >= 3 * 0.62 * lbl_px ? "%d\xC3\x97" : "%d", deg);
            text_draw_centered(d->tc, FACE_SANS_BOLD, num_px, r.x, r.y, r.w, r.h, th->conflict_text, buf);
        } else if (cw >= 14 || b % 4 == 0) {
            snprintf(buf, sizeof buf, "%d", b);
            text_draw_centered(d->tc, FACE_MONO, num_px, r.x, r.y, r.w, r.h, th->text_dim, buf);
        }
    }
}

/* Shared memory: value after this step's writes; written words filled. */
static void draw_shared(const draw_ctx *d, int lbl_px)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_block *s = d->blk;
    char buf[64];
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
    for (int wd = 0; wd < s->nwords; wd++) {
        const block_word *word = &s->word[wd];
        lrect r = layout_cell_rect(L, wd);
        rgba c = word->written ? th->write : word->set ? th->cell : th->cell_empty;
        prim_fill(d->r, r, c);
        if (word->atomic) /* lanes queued on it: edged in the atomic colour */
            prim_stroke(d->r, r, th->atomic, r.w >= 16 ? 3 : 2);
        else if (word->read && !word->written)
            prim_stroke(d->r, r, th->read, r.w >= 16 ? 2 : 1);
        if (wd == s->pick_word) prim_stroke(d->r, r, th->accent, r.w >= 16 ? 3 : 2);
        if (word->conflict >= 2) {
            /* A corner notch: the word took part in an n-way conflict. */
            float n = fmaxf(5.0f, r.w * 0.38f);
            prim_triangle(d->r, (float)(r.x + r.w), (float)r.y, (float)(r.x + r.w) - n, (float)r.y, (float)(r.x + r.w),
                          (float)r.y + n, theme_conflict(th, word->conflict));
        }
        if (word->set && L->fs_cell >= 7) {
            value_text(word->value, cell_chars, buf, sizeof buf);
            text_draw_centered(d->tc, FACE_MONO, L->fs_cell, r.x, r.y, r.w, r.h,
                               word->written ? th->write_text : th->cell_text, buf);
        }
    }
}

/* Accesses: all lanes when few execute, else the focused warp's, and the
 * lane under the mouse.  Lines from one warp box of the strip would all
 * start at one point: there the cells' colours tell the story, the mouse
 * gives the details. */
static void draw_links(const draw_ctx *d)
{
    const layout *L = d->L;
    const viewer_frame *f = d->f;
    const scene_block *s = d->blk;
    if (s->links == BLOCK_LINKS_ALL && !L->compact) {
        for (int t = 0; t < s->nthreads; t++) draw_lane_links(d, t, 0);
    } else if (s->links == BLOCK_LINKS_FOCUS && !L->compact) {
        for (int l = 0; l < 32 && s->focus * 32 + l < s->nthreads; l++) draw_lane_links(d, s->focus * 32 + l, 0);
    }
    if (f->hover && !L->compact && !s->veiled) {
        int t = layout_lane_at(L, f->mouse_x, f->mouse_y);
        if (t >= 0) draw_lane_links(d, t, 1);
    }
}

void draw_block(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    const scene_block *s = d->blk;
    char buf[64];

    prim_fill(d->r, L->center, th->panel);
    prim_stroke(d->r, L->center, th->panel_edge, 1);
    draw_banner(d);

    int cw = L->col_w - L->gap;
    int lbl_px = L->fs_small;
    /* Column headings: lane numbers above (warp numbers in the strip), bank
     * numbers below the links. */
    text_draw_fit(d->tc, FACE_SANS, lbl_px, L->grid_x - L->label_w, L->lanes_head_y, L->label_w, th->text_dim,
                  L->compact ? _("warp") : _("lane"));
    int num_px = cw >= 3 * 0.62 * lbl_px ? lbl_px : (int)(cw / 1.9);
    for (int c = 0; c < LAYOUT_COLS && (!L->compact || c < s->nwarps); c++) {
        if (cw < 14 && c % 4 != 0) continue;
        snprintf(buf, sizeof buf, "%d", c);
        text_draw_centered(d->tc, FACE_MONO, num_px, L->grid_x + c * L->col_w, L->lanes_head_y, cw, (int)(lbl_px * 1.3),
                           th->text_dim, buf);
    }

    int label_px = L->lane_h >= 10 ? (L->lane_h - 2 < lbl_px ? L->lane_h - 2 : lbl_px) : 0;
    if (L->compact)
        draw_warp_strip(d, num_px, lbl_px);
    else
        draw_warp_rows(d, label_px);
    draw_outline(d);
    draw_banks(d, cw, num_px, lbl_px);
    draw_shared(d, lbl_px);
    draw_links(d);
}
