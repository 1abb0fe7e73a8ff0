/* layout.c — pane and grid geometry from the window size and the block shape.
 *
 * Everything scales with u = min(w/1280, h/720), so 1280x720 and 1920x1080
 * look alike, only larger.  The block pane then fits its rows: shared-memory
 * rows first, because a word's value must stay legible, then warp rows, which
 * may shrink to thin strips at block 1024 (a lane's colour carries its
 * meaning; the mouse shows its details), then the band the access lines cross.
 */
#include "layout.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }
static int px(double v) { return (int)lround(v); }

/* The block pane inside L->center: its banner, then the grids.  Needs the
 * margin and the font sizes set; the normal view and each compare pane use it. */
static void layout_grid(layout *L, double u)
{
    const layout_in *in = &L->in;
    int m = L->margin;
    /* Banner: the step's counts, then its one-sentence summary in up to two
     * lines (a long sentence in either language wraps rather than being cut); under them,
     * for the warp-synchronous versions, a band for the race note (kept on
     * every step of the trace, so the grids do not jump between steps). */
    int banner_h = px(L->fs_ui * 1.35 + L->fs_small * 1.15 + L->fs_small * 1.2) + m;
    L->warn = (lrect){L->center.x + m, L->center.y + banner_h - m / 4, L->center.w - 2 * m, 0};
    if (in->warn_lines > 0) {
        L->warn.h = px(L->fs_small * 1.35 * in->warn_lines) + m;
        banner_h += L->warn.h + m / 4;
    }
    L->banner = (lrect){L->center.x, L->center.y, L->center.w, banner_h};

    /* Columns: warp labels | 32 columns | conflict badges.  Folded rows
     * name several warps ("w0,2…30"): their labels may need twice the room. */
    L->label_w = px(L->fs_small * (L->fold.rows > 0 ? 5.2 : 3.3));
    L->badge_w = px(L->fs_small * 3.3);
    int grid_avail = L->center.w - 2 * m - L->label_w - L->badge_w;
    L->col_w = imax(4, grid_avail / LAYOUT_COLS);
    L->gap = L->col_w >= 14 ? 2 : 1;
    L->grid_x = L->center.x + (L->center.w - LAYOUT_COLS * L->col_w + L->label_w - L->badge_w) / 2;

    /* Rows: lane numbers, warps, links band, bank numbers, smem rows.
     * Shared-memory rows get their height first (values must be legible),
     * warp rows what is left down to a thin strip, the links band the rest. */
    int head_h = px(L->fs_small * 1.35);
    L->bank_h = px(L->fs_small * 1.5);
    int top = L->banner.y + L->banner.h + m / 2;
    int avail = L->center.y + L->center.h - m - top - head_h - L->bank_h;
    int links_min = px(20 * u), lane_min = in->lane_values ? 8 : 5;
    double cap = fmin(L->col_w * 1.15, 44 * u);
    /* Compact: when a row per warp would squeeze the words below legibility
     * (block 1024 on a 720p projector), warps become one strip of boxes,
     * warp w in column w, and the words get the room. */
    L->compact = in->compact > 0;
    L->folded = 0;
    /* Rows thinner than this lose their labels: fold warps of a kind. */
    int legible_lane = px(L->fs_small * 1.2);
    for (int pass = 0; pass < 3; pass++) {
        L->lane_rows = L->compact ? 1 : L->folded ? L->fold.rows : L->nwarps;
        /* Folded rows are few: each keeps room for a two-line label. */
        if (L->folded) lane_min = imax(lane_min, px(L->fs_small * 2.3));
        int strip = px(L->fs_small * 1.9);
        double pitch =
            fmin(cap, (double)(avail - links_min - (L->compact ? strip : lane_min * L->lane_rows)) / L->smem_rows);
        L->cell_h = imax(6, (int)pitch);
        double lane_p = fmin(cap, (double)(avail - links_min - L->cell_h * L->smem_rows) / L->lane_rows);
        if (!in->lane_values && lane_p > L->cell_h) lane_p = L->cell_h;
        L->lane_h = L->compact ? strip : imax(lane_min, (int)lane_p);
        if (!L->compact && !L->folded && in->compact <= 0 && L->fold.rows > 0 && L->fold.rows < L->nwarps &&
            L->nwarps <= LAYOUT_MAX_WARPS && L->lane_h < legible_lane) {
            L->folded = 1;
            continue;
        }
        if (L->compact || in->compact == 0 || L->cell_h >= LAYOUT_LEGIBLE_ROW) break;
        L->compact = 1;
        L->folded = 0;
    }
    int cell_h = L->cell_h, lane_h = L->lane_h;
    L->cell_h = cell_h;
    L->lane_h = lane_h;
    int links_h = avail - cell_h * L->smem_rows - lane_h * L->lane_rows;
    int links_max = imax(links_min, px(2.5 * cell_h));
    L->links_h = imax(links_min, imin(links_h, links_max));

    int used = head_h + lane_h * L->lane_rows + L->links_h + L->bank_h + cell_h * L->smem_rows;
    int y = top + imax(0, (L->center.y + L->center.h - m - top - used) / 3);
    L->lanes_head_y = y;
    L->lanes_y = y + head_h;
    L->links_y = L->lanes_y + lane_h * L->lane_rows;
    L->banks_y = L->links_y + L->links_h;
    L->smem_y = L->banks_y + L->bank_h;

    /* Values: three glyphs must fit a cell (more digits get a k/M suffix or
     * a smaller share, see layout_cell_chars); height caps the size. */
    int cw = L->col_w - L->gap;
    L->fs_cell = imax(6, imin(px(cell_h * 0.6), (int)(cw / (3.2 * 0.602))));
    L->fs_lane = imax(6, imin(px(lane_h * 0.6), (int)(cw / (3.2 * 0.602))));
    L->lane_text = lane_h >= 12;
}

/* Scale, margin, text sizes and the block's shape; returns the scale u. */
static double layout_base(layout *L, const layout_in *in)
{
    memset(L, 0, sizeof *L);
    L->in = *in;
    int w = imax(in->w, 320), h = imax(in->h, 240);
    int bs = imax(in->block_size, 1), words = imax(in->smem_words, 1);
    L->nwarps = (bs + LAYOUT_COLS - 1) / LAYOUT_COLS;
    L->smem_rows = (words + LAYOUT_COLS - 1) / LAYOUT_COLS;

    double u = fmin(w / 1280.0, h / 720.0);
    if (u < 0.6) u = 0.6;
    if (u > 3.0) u = 3.0;
    L->margin = imax(4, px(8 * u));
    L->fs_title = px(22 * u);
    L->fs_ui = px(15 * u);
    L->fs_small = px(12.5 * u);
    return u;
}

void layout_compute(layout *L, const layout_in *in) { layout_compute_folded(L, in, NULL); }

void layout_compute_folded(layout *L, const layout_in *in, const layout_fold *fold)
{
    double u = layout_base(L, in);
    if (fold) L->fold = *fold;
    int w = imax(in->w, 320), h = imax(in->h, 240);
    int m = L->margin;

    /* Rows of text: title, then two lines for "what changed". */
    int title_h = px(L->fs_title * 1.45), line_h = px(L->fs_ui * 1.3);
    L->header = (lrect){m, m, w - 2 * m, title_h + 2 * line_h};
    L->footer = (lrect){m, h - px(L->fs_small * 1.7), w - 2 * m, px(L->fs_small * 1.7)};
    int tl_h = px(L->fs_ui * 2.9);
    L->timeline = (lrect){m, L->footer.y - tl_h - m / 2, w - 2 * m, tl_h};

    int body_y = L->header.y + L->header.h + m;
    int body_h = L->timeline.y - m - body_y;
    int code_w = px(w * 0.28);
    int res_w = imax(px(w * 0.2), px(240 * u));
    /* The key sits under the code in two columns (five rows); the timed run
     * takes the whole right column: figures, bars and the sweep plot. */
    int legend_h = imin(px(L->fs_small * 1.4 * 5 + m), body_h / 3);
    L->code = (lrect){m, body_y, code_w, body_h - legend_h - m};
    L->legend = (lrect){m, body_y + body_h - legend_h, code_w, legend_h};
    L->results = (lrect){w - m - res_w, body_y, res_w, body_h};
    L->center = (lrect){L->code.x + code_w + m, body_y, L->results.x - m - (L->code.x + code_w + m), body_h};
    /* Code: about 52 columns of DejaVu Sans Mono (0.602 em per glyph). */
    L->fs_code = imax(8, imin(px(16 * u), (int)((code_w - 2 * m) / (52 * 0.602))));

    layout_grid(L, u);

    /* Timeline: a control box on the left, then one box per mark (a step,
     * or a folded run of them), as many as fit. */
    int ctrl_w = px(150 * u);
    int room = (L->timeline.w - ctrl_w) / imax(2, px(LAYOUT_MIN_STEP_W * u));
    layout_window(imax(in->nsteps, 1), in->step_cur, room, &L->steps_first, &L->steps_shown);
    L->steps_x = L->timeline.x + ctrl_w;
    L->step_w = imax(2, (L->timeline.w - ctrl_w) / L->steps_shown);
}

void layout_window(int n, int cur, int room, int *first, int *shown)
{
    room = imax(room, 1);
    if (n <= room) {
        *first = 0;
        *shown = n;
        return;
    }
    cur = imax(0, imin(cur, n - 1));
    int stride = imax(1, room * 3 / 4);
    int f = cur / stride * stride - (room - stride) / 2;
    *first = imax(0, imin(f, n - room));
    *shown = room;
}

void layout_compare_folded(layout_cmp *C, const layout_in *a, const layout_in *b, int nrows, const layout_fold fold[2])
{
    memset(C, 0, sizeof *C);
    const layout_in *ins[2] = {a, b};
    double u = 1;
    for (int p = 0; p < 2; p++) {
        u = layout_base(&C->pane[p], ins[p]);
        if (fold) C->pane[p].fold = fold[p];
    }
    const layout *L = &C->pane[0];
    int w = imax(a->w, 320), h = imax(a->h, 240), m = L->margin;
    C->margin = m;
    C->fs_title = L->fs_title;
    C->fs_ui = L->fs_ui;
    C->fs_small = L->fs_small;
    C->fs_diff = px(L->fs_ui * 1.25);

    /* Title row, then the difference at this step in larger type. */
    int title_h = px(L->fs_title * 1.45);
    C->header = (lrect){m, m, w - 2 * m, title_h};
    C->diff = (lrect){m, C->header.y + title_h, w - 2 * m, px(C->fs_diff * 1.5)};
    C->footer = (lrect){m, h - px(L->fs_small * 1.7), w - 2 * m, px(L->fs_small * 1.7)};
    C->legend = (lrect){m, C->footer.y - px(L->fs_small * 1.6), w - 2 * m, px(L->fs_small * 1.5)};
    /* The timeline: one row of boxes per version, a column per aligned step. */
    int row_h = px(L->fs_ui * 1.55);
    C->timeline = (lrect){m, C->legend.y - m / 2 - 2 * row_h - 2, w - 2 * m, 2 * row_h + 2};
    C->row_h = row_h;
    C->nrows = imax(nrows, 1);
    int ctrl_w = px(70 * u);
    int room = (C->timeline.w - ctrl_w) / imax(2, px(LAYOUT_MIN_STEP_W * u));
    layout_window(C->nrows, a->step_cur, room, &C->rows_first, &C->rows_shown);
    C->steps_x = C->timeline.x + ctrl_w;
    C->step_w = imax(2, (C->timeline.w - ctrl_w) / C->rows_shown);

    int body_y = C->diff.y + C->diff.h + m / 2;
    int body_h = C->timeline.y - m - body_y;
    int pane_w = (w - 3 * m) / 2;
    int fs_code = imax(8, imin(px(15 * u), px(L->fs_ui * 1.0)));
    for (int p = 0; p < 2; p++) {
        layout *P = &C->pane[p];
        lrect pane = {m + p * (pane_w + m), body_y, pane_w, body_h};
        C->panes[p] = pane;
        P->fs_code = fs_code;
        /* Pane title band, the timed-run figure, the cross-check and the
         * launch's shape where there are any, the current source line. */
        C->title[p] = (lrect){pane.x, pane.y, pane.w, px(P->fs_ui * 1.7)};
        C->figure[p] =
            (lrect){pane.x + m, C->title[p].y + C->title[p].h + m / 3, pane.w - 2 * m, px(P->fs_small * 1.4)};
        C->checkline[p] =
            (lrect){pane.x + m, C->figure[p].y + C->figure[p].h, pane.w - 2 * m, a->verify ? px(P->fs_small * 1.4) : 0};
        C->shapeline[p] = (lrect){pane.x + m, C->checkline[p].y + C->checkline[p].h, pane.w - 2 * m,
                                  a->shape ? px(P->fs_small * 1.4) : 0};
        C->codeline[p] =
            (lrect){pane.x + 1, C->shapeline[p].y + C->shapeline[p].h + m / 3, pane.w - 2, px(fs_code * 1.45)};
        int cy = C->codeline[p].y + C->codeline[p].h;
        P->center = (lrect){pane.x, cy, pane.w, pane.y + pane.h - cy};
        layout_grid(P, u);
    }
}

int layout_compare_row_at(const layout_cmp *C, int x, int y)
{
    if (!lrect_contains(C->timeline, x, y) || x < C->steps_x) return -1;
    int r = (x - C->steps_x) / C->step_w;
    return r < C->rows_shown ? C->rows_first + r : -1;
}

lrect layout_compare_cell(const layout_cmp *C, int row, int pane)
{
    return (lrect){C->steps_x + (row - C->rows_first) * C->step_w, C->timeline.y + pane * (C->row_h + 2), C->step_w - 2,
                   C->row_h};
}

int layout_warp_row(const layout *L, int warp)
{
    if (L->folded && warp >= 0 && warp < LAYOUT_MAX_WARPS) return L->fold.warp_row[warp];
    return warp;
}

int layout_row_warp(const layout *L, int row)
{
    if (!L->folded) return row >= 0 && row < L->nwarps ? row : -1;
    for (int w = 0; w < L->nwarps && w < LAYOUT_MAX_WARPS; w++)
        if (L->fold.warp_row[w] == row) return w;
    return -1;
}

lrect layout_lane_rect(const layout *L, int t)
{
    if (L->compact) return layout_warp_box(L, t / LAYOUT_COLS);
    int row = layout_warp_row(L, t / LAYOUT_COLS);
    return (lrect){L->grid_x + (t % LAYOUT_COLS) * L->col_w, L->lanes_y + row * L->lane_h, L->col_w - L->gap,
                   L->lane_h - (L->lane_h >= 8 ? L->gap : 1)};
}

lrect layout_warp_box(const layout *L, int warp)
{
    return (lrect){L->grid_x + warp * L->col_w, L->lanes_y, L->col_w - L->gap, L->lane_h - L->gap};
}

lrect layout_warp_label(const layout *L, int warp)
{
    lrect r = layout_lane_rect(L, warp * LAYOUT_COLS);
    r.x = L->grid_x - L->label_w;
    r.w = L->label_w - 2 * L->gap - 2;
    return r;
}

lrect layout_warp_badge(const layout *L, int warp)
{
    lrect r = layout_lane_rect(L, warp * LAYOUT_COLS);
    r.x = L->grid_x + LAYOUT_COLS * L->col_w + L->gap + 2;
    r.w = L->badge_w - 2 * L->gap - 2;
    return r;
}

lrect layout_cell_rect(const layout *L, int word)
{
    return (lrect){L->grid_x + (word % LAYOUT_COLS) * L->col_w, L->smem_y + (word / LAYOUT_COLS) * L->cell_h,
                   L->col_w - L->gap, L->cell_h - L->gap};
}

lrect layout_bank_rect(const layout *L, int bank)
{
    return (lrect){L->grid_x + bank * L->col_w, L->banks_y, L->col_w - L->gap, L->bank_h - L->gap};
}

lrect layout_step_rect(const layout *L, int s)
{
    return (lrect){L->steps_x + (s - L->steps_first) * L->step_w, L->timeline.y, L->step_w - 2, L->timeline.h};
}

lrect layout_card_row(const layout *L, int i)
{
    const lrect *c = &L->results;
    int m = L->margin, small = L->fs_small * 135 / 100, lh = L->fs_ui * 3;
    int top = c->y + m / 2 + L->fs_title * 16 / 10 + 3 * small + m / 2 + i * lh;
    int bottom = c->y + c->h - m - 2 * (L->fs_small * 14 / 10) - m;
    return (lrect){c->x + m, top, c->w - 2 * m, top + lh <= bottom ? lh - 4 : 0};
}

int layout_card_row_at(const layout *L, int n, int x, int y)
{
    for (int i = 0; i < n; i++)
        if (lrect_contains(layout_card_row(L, i), x, y)) return i;
    return -1;
}

static int grid_col(const layout *L, int x)
{
    if (x < L->grid_x || x >= L->grid_x + LAYOUT_COLS * L->col_w) return -1;
    return (x - L->grid_x) / L->col_w;
}

int layout_lane_at(const layout *L, int x, int y)
{
    int c = grid_col(L, x);
    int rows = L->folded ? L->fold.now : L->nwarps;
    if (L->compact || c < 0 || y < L->lanes_y || y >= L->lanes_y + rows * L->lane_h) return -1;
    int w = layout_row_warp(L, (y - L->lanes_y) / L->lane_h);
    int t = w * LAYOUT_COLS + c;
    return w >= 0 && t < L->in.block_size ? t : -1;
}

int layout_warp_at(const layout *L, int x, int y)
{
    if (L->compact) {
        int c = grid_col(L, x);
        return y >= L->lanes_y && y < L->lanes_y + L->lane_h && c >= 0 && c < L->nwarps ? c : -1;
    }
    int rows = L->folded ? L->fold.now : L->nwarps;
    if (y < L->lanes_y || y >= L->lanes_y + rows * L->lane_h) return -1;
    if (x < L->grid_x - L->label_w || x >= L->grid_x + LAYOUT_COLS * L->col_w + L->badge_w) return -1;
    return layout_row_warp(L, (y - L->lanes_y) / L->lane_h);
}

int layout_cell_at(const layout *L, int x, int y)
{
    int c = grid_col(L, x);
    if (c < 0 || y < L->smem_y || y >= L->smem_y + L->smem_rows * L->cell_h) return -1;
    int word = (y - L->smem_y) / L->cell_h * LAYOUT_COLS + c;
    return word < L->in.smem_words ? word : -1;
}

int layout_step_at(const layout *L, int x, int y)
{
    if (!lrect_contains(L->timeline, x, y) || x < L->steps_x) return -1;
    int s = (x - L->steps_x) / L->step_w;
    return s < L->steps_shown ? L->steps_first + s : -1;
}

int layout_cell_chars(const layout *L, int font_px)
{
    int n = (int)((L->col_w - L->gap - 2) / (font_px * 0.602));
    return n < 1 ? 1 : n;
}
