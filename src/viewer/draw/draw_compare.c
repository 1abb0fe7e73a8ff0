/* draw_compare.c — compare mode: two versions side by side, stepping together.
 *
 * Each pane is the block pane of the normal view (draw_block, same banner,
 * warps, banks and words) under a title band in the version's colour, its
 * timed-run figure and its current source line.  Above both, the difference
 * at this step; below, a timeline with one row per version and one column
 * per aligned step, so a step that only one version has shows as a gap in
 * the other's row.  Every word and fact comes from the scene
 * (scene_compare.c); this file measures and paints.
 */
#include "draw.h"
#include "viewer/scene/scene.h"
#include "core/i18n.h"

static rgba pane_colour(const theme *th, int p) { return p == 0 ? th->accent : th->accent2; }

/* The first of n wordings, longest first, that fits in w; else the last. */
static const char *first_fit(text_cache *tc, font_face face, int px, int w, const char (*alt)[SCENE_CMP_LEN], int n)
{
    int i = 0;
    while (i < n - 1 && text_width(tc, face, px, alt[i]) > w) i++;
    return alt[i];
}

/* No matching step at this row: the pane hatched, and a card saying what
 * this version lacks. */
static void draw_missing(const draw_ctx *d, const layout_cmp *C, const layout *P, const scene_cmp_pane *pn, rgba pc)
{
    const theme *th = d->th;
    int m = C->margin;
    lrect c = P->center;
    prim_fill(d->r, c, th->panel);
    prim_stroke(d->r, c, th->panel_edge, 1);
    rgba hatch = prim_alpha(th->panel_edge, 160);
    prim_clip(d->r, &c);
    for (int x = c.x - c.h; x < c.x + c.w; x += 3 * m)
        prim_line(d->r, (float)x, (float)(c.y + c.h), (float)(x + c.h), (float)c.y, hatch, 1);
    prim_clip(d->r, NULL);
    int bw = c.w * 3 / 4, bh = (int)(C->fs_title * 4.2);
    lrect box = {c.x + (c.w - bw) / 2, c.y + c.h / 3 - bh / 2, bw, bh};
    prim_fill(d->r, box, th->panel);
    prim_stroke(d->r, box, pc, 2);
    text_draw_centered(d->tc, FACE_SANS_BOLD, C->fs_title, box.x, box.y + m, box.w, (int)(C->fs_title * 1.5),
                       th->text_strong, pn->missing);
    prim_wrapped(d->tc, FACE_SANS, C->fs_ui, box.x + 2 * m, box.y + m + (int)(C->fs_title * 1.8), box.w - 4 * m, 2,
                 (int)(C->fs_ui * 1.3), th->text, pn->another_way);
}

static void draw_pane(const draw_ctx *d, const layout_cmp *C, int p)
{
    const scene_cmp_pane *pn = &d->sc->cmp.pane[p];
    const theme *th = d->th;
    const layout *P = &C->pane[p];
    draw_ctx pd = {d->r, d->tc, th, P, &pn->req, d->sc, &d->sc->block[p]};
    int m = C->margin;

    /* Title band: name and title in the pane's colour, origin on the right. */
    lrect t = C->title[p];
    rgba pc = pane_colour(th, p), on = theme_text_on(th, pc);
    prim_fill(d->r, t, pc);
    int ty = t.y + (t.h - text_line_height(d->tc, FACE_SANS_BOLD, C->fs_ui)) / 2;
    int tw = text_draw(d->tc, FACE_SANS_BOLD, C->fs_ui, t.x + m, ty, on, pn->title);
    int ow = text_width(d->tc, FACE_SANS, C->fs_small, pn->origin);
    int ox = t.x + t.w - m - ow, min_x = t.x + 2 * m + tw;
    if (ox < min_x) ox = min_x;
    text_draw_fit(d->tc, FACE_SANS, C->fs_small, ox, t.y + (t.h - text_line_height(d->tc, FACE_SANS, C->fs_small)) / 2,
                  t.x + t.w - m - ox, on, pn->origin);

    /* Timed run of the whole reduction. */
    lrect fg = C->figure[p];
    font_face face =
        pn->timed ? FACE_SANS_BOLD : FACE_SANS; /* a little smaller rather than cut: the spread made it long */
    int fpx = prim_fit_px(d->tc, face, C->fs_small, C->fs_small * 2 / 3, fg.w, 1, pn->figure);
    text_draw_fit(d->tc, face, fpx, fg.x, fg.y, fg.w, pn->timed ? th->text_strong : th->text_dim, pn->figure);

    /* Bank conflicts per block, predicted and measured on the hardware. */
    lrect hc = C->checkline[p];
    if (hc.h > 0 && pn->verify_kind >= 0) {
        const char *v = first_fit(d->tc, FACE_SANS, C->fs_small, hc.w, pn->verify_line, pn->nverify);
        int hpx = prim_fit_px(d->tc, FACE_SANS, C->fs_small, C->fs_small * 4 / 5, hc.w, 1, v);
        text_draw_fit(d->tc, FACE_SANS, hpx, hc.x, hc.y, hc.w, pn->verify_kind == 1 ? th->text : th->text_dim, v);
    }

    /* The launch's shape, where the picture cannot show it (a partial warp,
     * a block of rows): a little smaller rather than cut. */
    lrect sl = C->shapeline[p];
    if (sl.h > 0 && pn->shape[0]) {
        int spx = prim_fit_px(d->tc, FACE_SANS, C->fs_small, C->fs_small * 2 / 3, sl.w, 1, pn->shape);
        text_draw_fit(d->tc, FACE_SANS, spx, sl.x, sl.y, sl.w, th->text_strong, pn->shape);
    }

    /* The statement this step runs. */
    lrect cl = C->codeline[p];
    prim_fill(d->r, cl, th->code_line);
    prim_fill(d->r, (lrect){cl.x, cl.y, 4, cl.h}, pc);
    int cy = cl.y + (cl.h - text_line_height(d->tc, FACE_MONO, P->fs_code)) / 2;
    if (pn->source == SCENE_CMP_STATEMENT) {
        int nw = text_draw(d->tc, FACE_MONO, P->fs_code, cl.x + m, cy, th->text_dim, pn->line_no);
        /* A long statement takes a smaller size before it is cut. */
        int sw = cl.w - 2 * m - nw - P->fs_code;
        int spx = prim_fit_px(d->tc, FACE_MONO_BOLD, P->fs_code, P->fs_code * 7 / 10, sw, 1, pn->statement);
        text_draw_fit(d->tc, FACE_MONO_BOLD, spx, cl.x + m + nw + P->fs_code, cy + (P->fs_code - spx) / 2, sw,
                      th->text_strong, pn->statement);
    } else {
        text_draw_fit(d->tc, FACE_SANS, C->fs_small, cl.x + m, cy, cl.w - 2 * m, th->text_dim, pn->statement);
    }
    if (pn->source == SCENE_CMP_NO_STEP) {
        draw_missing(d, C, P, pn, pc);
        return;
    }
    draw_block(&pd);
    if (d->f->hover) draw_tooltip(&pd);
}

static void draw_cmp_header(const draw_ctx *d, const layout_cmp *C)
{
    const theme *th = d->th;
    const scene_compare *s = &d->sc->cmp;
    int x = C->header.x, y = C->header.y;
    x += text_draw(d->tc, FACE_SANS_BOLD, C->fs_title, x, y, th->text_strong, _("Compare  "));
    x += text_draw(d->tc, FACE_SANS_BOLD, C->fs_title, x, y, th->accent, s->pane[0].header);
    x += text_draw(d->tc, FACE_SANS, C->fs_title, x, y, th->text_dim, _("  vs  "));
    /* accent2 is a light colour: on the light theme, draw it as a band. */
    rgba c2 = th->accent2;
    int w2 = text_width(d->tc, FACE_SANS_BOLD, C->fs_title, s->pane[1].header);
    if (theme_text_on(th, th->bg).r < 128) {
        prim_fill(d->r, (lrect){x - 4, y, w2 + 8, (int)(C->fs_title * 1.3)}, c2);
        c2 = theme_text_on(th, c2);
    }
    x += text_draw(d->tc, FACE_SANS_BOLD, C->fs_title, x, y, c2, s->pane[1].header) + C->fs_title;
    int bw = text_width(d->tc, FACE_SANS, C->fs_ui, s->where);
    int bx = C->header.x + C->header.w - bw;
    if (bx < x) bx = x;
    text_draw_fit(d->tc, FACE_SANS, C->fs_ui, bx, y + (C->fs_title - C->fs_ui) * 3 / 4, C->header.x + C->header.w - bx,
                  th->text, s->where);

    /* The difference at this step, each side after a chip of its colour: in
     * the largest of three sizes that holds it (two aspects on both sides,
     * a conflict and a phase, make the longest lines). */
    lrect df = C->diff;
    const int sizes[3] = {C->fs_diff, C->fs_ui, C->fs_small};
    int px = sizes[0], chip = 0;
    for (int k = 0; k < 3; k++) {
        px = sizes[k];
        chip = px * 7 / 10;
        int need = text_width(d->tc, FACE_SANS, px, s->at) + text_width(d->tc, FACE_SANS, px, "   \xC2\xB7   ") +
                   2 * (chip + px / 2) + text_width(d->tc, FACE_SANS_BOLD, px, s->part[0]) +
                   text_width(d->tc, FACE_SANS_BOLD, px, s->part[1]);
        if (need <= df.w) break;
    }
    int lh = text_line_height(d->tc, FACE_SANS_BOLD, px);
    int dy = df.y + (df.h - lh) / 2;
    x = df.x;
    x += text_draw(d->tc, FACE_SANS, px, x, dy, th->text_dim, s->at);
    for (int p = 0; p < 2; p++) {
        if (p == 1) x += text_draw(d->tc, FACE_SANS, px, x, dy, th->text_dim, "   \xC2\xB7   ");
        prim_fill(d->r, (lrect){x, dy + (lh - chip) / 2, chip, chip}, pane_colour(th, p));
        x += chip + px / 2;
        int room = df.x + df.w - x;
        x += text_draw_fit(d->tc, FACE_SANS_BOLD, px, x, dy, room, th->text_strong, s->part[p]);
    }
}

static void draw_cmp_timeline(const draw_ctx *d, const layout_cmp *C)
{
    const theme *th = d->th;
    const scene_compare *s = &d->sc->cmp;
    int dot = C->fs_small / 2 > 3 ? C->fs_small / 2 : 3;
    for (int p = 0; p < 2; p++) {
        lrect lab = {C->timeline.x, C->timeline.y + p * (C->row_h + 2), C->steps_x - C->timeline.x - C->margin,
                     C->row_h};
        prim_fill(d->r, lab, pane_colour(th, p));
        text_draw_centered(d->tc, FACE_SANS_BOLD, C->fs_ui, lab.x, lab.y, lab.w, lab.h,
                           theme_text_on(th, pane_colour(th, p)), s->pane[p].row_label);
        for (int r = C->rows_first; r < C->rows_first + C->rows_shown && r < s->nrows; r++) {
            lrect b = layout_compare_cell(C, r, p);
            const scene_cmp_cell *c = &s->cell[r][p];
            int cur = r == s->row;
            if (c->step < 0) {
                prim_stroke(d->r, b, cur ? pane_colour(th, p) : th->panel_edge, cur ? 2 : 1);
                continue;
            }
            rgba bg = cur ? pane_colour(th, p) : th->phase[c->phase];
            prim_fill(d->r, b, bg);
            if (r < s->row) prim_fill(d->r, (lrect){b.x, b.y + b.h - 3, b.w, 3}, pane_colour(th, p));
            font_face face = cur ? FACE_SANS_BOLD : FACE_SANS;
            int fpx = C->fs_small;
            while (fpx > C->fs_small * 7 / 10 && text_width(d->tc, face, fpx, c->label) > b.w - 4 - dot) fpx--;
            if (text_width(d->tc, face, fpx, c->label) <= b.w - 4 - dot)
                text_draw_centered(d->tc, face, fpx, b.x, b.y, b.w - dot, b.h, theme_text_on(th, bg), c->label);
            /* A mark in the corner: divergence or a bank conflict at this step. */
            lrect mk = {b.x + b.w - dot - 2, b.y + 2, dot, dot};
            if (c->conflict >= 2)
                prim_fill(d->r, mk, theme_conflict(th, c->conflict));
            else if (c->divergent)
                prim_fill(d->r, mk, th->divergent);
        }
    }
}

static void draw_cmp_legend(const draw_ctx *d, const layout_cmp *C)
{
    const theme *th = d->th;
    const struct {
        rgba c;
        int outline;
        const char *what;
    } keys[] = {
        {th->full, 0, N_("full warp")},     {th->divergent, 0, N_("divergent warp")},
        {th->idle, 0, N_("idle warp")},     {th->lane_off, 0, N_("lane off")},
        {th->wasted, 0, N_("wasted lane")}, {th->write, 0, N_("word written")},
        {th->read, 1, N_("word read")},     {th->conflict[1], 0, N_("n-way bank conflict")},
        {th->shuffle, 0, N_("shuffle")},
    };
    int x = C->legend.x, y = C->legend.y, sw = C->fs_small * 8 / 10;
    int lh = text_line_height(d->tc, FACE_SANS, C->fs_small);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        lrect s = {x, y + (lh - sw) / 2, sw, sw};
        prim_key(d->r, s, keys[i].c, keys[i].outline, th->cell);
        x += sw + C->fs_small / 3;
        x += text_draw(d->tc, FACE_SANS, C->fs_small, x, y, th->text, _(keys[i].what)) + C->fs_small * 3 / 2;
        if (x > C->legend.x + C->legend.w) return;
    }
    const char *atomic = d->sc->frame.atomic_key; /* lanes doing atomics */
    if (atomic) {
        prim_fill(d->r, (lrect){x, y + (lh - sw) / 2, sw, sw}, th->atomic);
        x += sw + C->fs_small / 3;
        x += text_draw_fit(d->tc, FACE_SANS, C->fs_small, x, y, C->legend.x + C->legend.w - x, th->text, atomic) +
             C->fs_small * 3 / 2;
        if (x > C->legend.x + C->legend.w) return;
    }
    const char *unknown = d->sc->frame.unknown_key; /* an own trace's "?" */
    if (unknown) {
        lrect s = {x, y + (lh - sw) / 2, sw, sw};
        prim_fill(d->r, s, th->cell);
        text_draw_centered(d->tc, FACE_SANS_BOLD, sw, s.x, s.y, s.w, s.h, th->text, "?");
        x += sw + C->fs_small / 3;
        text_draw_fit(d->tc, FACE_SANS, C->fs_small, x, y, C->legend.x + C->legend.w - x, th->text, unknown);
    }
}

void draw_compare(SDL_Renderer *r, text_cache *tc, const scene *sc, const layout_cmp *C)
{
    const viewer_frame *f = sc->f;
    draw_ctx d = {r, tc, theme_get((theme_id)f->theme), &C->pane[0], f, sc, &sc->block[0]};
    prim_clip(r, NULL);
    prim_color(r, d.th->bg);
    if (SDL_RenderClear(r) != 0) SDL_Log("viewer: SDL_RenderClear failed: %s", SDL_GetError());
    draw_cmp_header(&d, C);
    for (int p = 0; p < 2; p++) draw_pane(&d, C, p);
    draw_cmp_timeline(&d, C);
    draw_cmp_legend(&d, C);
    const theme *th = d.th;
    int y = C->footer.y + (C->footer.h - text_line_height(tc, FACE_SANS, C->fs_small)) / 2;
    const char *keys = _("\xE2\x86\x92/Space step together   \xE2\x86\x90 back   C then a digit: compare with   "
                         "C C: compare off   0\xE2\x80\x93"
                         "9 [ ] left version   T theme   L language   E save PNG   H help   Q quit");
    if (f->toast && f->toast[0]) {
        int tw = text_width(tc, FACE_SANS_BOLD, C->fs_small, f->toast);
        int tx = C->footer.x + C->footer.w - tw;
        if (tx < C->footer.x) tx = C->footer.x;
        text_draw_fit(tc, FACE_SANS_BOLD, C->fs_small, tx, y, C->footer.w, th->accent, f->toast);
        text_draw_fit(tc, FACE_SANS, C->fs_small, C->footer.x, y, tx - C->footer.x - C->fs_small, th->text_dim, keys);
    } else {
        text_draw_fit(tc, FACE_SANS, C->fs_small, C->footer.x, y, C->footer.w, th->text_dim, keys);
    }
    if (f->help) {
        layout L;
        layout_compute(&L, &sc->cmp.help);
        draw_ctx hd = {r, tc, th, &L, f, sc, &sc->block[0]};
        draw_help(&hd);
    }
}
