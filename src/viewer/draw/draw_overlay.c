/* draw_overlay.c — what sits on top of or beside the panes: the colour key,
 * the hover tooltip (value, bank, provenance of a word; accesses of a lane:
 * the scene's lines, scene_tips.c) and the help overlay listing every key.
 */
#include "draw.h"
#include "core/i18n.h"

/* ---- legend ---------------------------------------------------------------- */

void draw_legend(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    lrect a = L->legend;
    prim_fill(d->r, a, th->panel);
    prim_stroke(d->r, a, th->panel_edge, 1);
    int m = L->margin, lh = (int)(L->fs_small * 1.4), sw = L->fs_small;
    struct {
        rgba c;
        int outline;
        const char *what;
    } keys[] = {
        {th->full, 0, N_("full warp (32 lanes)")},
        {th->divergent, 0, N_("divergent warp")},
        {th->idle, 0, N_("idle warp")},
        {th->lane_off, 0, N_("lane not executing")},
        {th->wasted, 0, N_("result never used")},
        {th->write, 0, N_("word written this step")},
        {th->read, 1, N_("word read this step")},
        {th->conflict[1], 0, N_("n-way bank conflict")},
        {th->shuffle, 0, N_("shuffle: lane to lane")},
    };
    /* Two columns, top to bottom: warps and lanes, then words and arrows;
     * an own trace with values the tracer could not see ends with "?", one
     * whose lanes do atomics with their colour (a row more where both are). */
    const char *unknown = d->sc->frame.unknown_key, *atomic = d->sc->frame.atomic_key;
    int n = (int)(sizeof keys / sizeof keys[0]), rows = (n + 2 + (unknown && atomic)) / 2;
    if (unknown && atomic && rows * lh > a.h - m / 2) /* a sixth row: the rows a little closer */
        lh = (a.h - m / 2) / rows;
    int col_w = (a.w - 2 * m) / 2, y0 = a.y + (a.h - rows * lh) / 2;
    int th_text = text_line_height(d->tc, FACE_SANS, L->fs_small);
    for (int i = 0; i < n; i++) {
        int x = a.x + m + (i / rows) * col_w, y = y0 + (i % rows) * lh;
        if (y + lh > a.y + a.h) continue;
        lrect s = {x, y + (lh - sw) / 2, sw, sw};
        prim_key(d->r, s, keys[i].c, keys[i].outline, th->cell);
        text_draw_fit(d->tc, FACE_SANS, L->fs_small, x + sw + m * 3 / 4, y + (lh - th_text) / 2,
                      col_w - sw - m * 3 / 4 - m / 2, th->text,
                      i == 0 && d->sc->frame.full_key ? d->sc->frame.full_key : _(keys[i].what));
    }
    if (unknown) {
        int x = a.x + m + (n / rows) * col_w, y = y0 + (n % rows) * lh;
        lrect s = {x, y + (lh - sw) / 2, sw, sw};
        prim_fill(d->r, s, th->cell);
        text_draw_centered(d->tc, FACE_SANS_BOLD, L->fs_small * 4 / 5, s.x, s.y, s.w, s.h, th->text, "?");
        text_draw_fit(d->tc, FACE_SANS, L->fs_small, x + sw + m * 3 / 4, y + (lh - th_text) / 2,
                      col_w - sw - m * 3 / 4 - m / 2, th->text, unknown);
        n++;
    }
    if (atomic) {
        int x = a.x + m + (n / rows) * col_w, y = y0 + (n % rows) * lh;
        if (y + lh <= a.y + a.h) {
            prim_fill(d->r, (lrect){x, y + (lh - sw) / 2, sw, sw}, th->atomic);
            text_draw_fit(d->tc, FACE_SANS, L->fs_small, x + sw + m * 3 / 4, y + (lh - th_text) / 2,
                          col_w - sw - m * 3 / 4 - m / 2, th->text, atomic);
        }
    }
}

/* ---- tooltip ---------------------------------------------------------------- */

/* The tooltip of the block pane being drawn, beside the mouse and kept
 * inside the window. */
void draw_tooltip(const draw_ctx *d)
{
    const layout *L = d->L;
    const theme *th = d->th;
    int mx = d->f->mouse_x, my = d->f->mouse_y;
    /* compare mode: each pane its own (d->blk is &sc->block[1] for the second) */
    const scene_tip *tip = &d->sc->frame.tip[d->blk == &d->sc->block[1] ? 1 : 0];
    int n = tip->n;
    if (n == 0) return;
    int px = L->fs_ui, lh = (int)(px * 1.3), m = L->margin, w = 0;
    for (int i = 0; i < n; i++) {
        int tw = text_width(d->tc, i == 0 ? FACE_SANS_BOLD : FACE_SANS, px, tip->lines[i]);
        if (tw > w) w = tw;
    }
    int maxw = L->in.w * 2 / 3;
    if (w > maxw) w = maxw;
    lrect box = {mx + 16, my + 18, w + 2 * m, n * lh + m};
    if (box.x + box.w > L->in.w - 4) box.x = mx - 12 - box.w;
    if (box.y + box.h > L->in.h - 4) box.y = my - 12 - box.h;
    if (box.x < 4) box.x = 4;
    if (box.y < 4) box.y = 4;
    prim_fill(d->r, (lrect){box.x + 3, box.y + 3, box.w, box.h}, (rgba){0, 0, 0, 70});
    prim_fill(d->r, box, th->tooltip);
    prim_stroke(d->r, box, th->accent, 1);
    for (int i = 0; i < n; i++)
        text_draw_fit(d->tc, i == 0 ? FACE_SANS_BOLD : FACE_SANS, px, box.x + m, box.y + m / 2 + i * lh, box.w - 2 * m,
                      i == 0 ? th->text_strong : th->text, tip->lines[i]);
}

/* ---- help ------------------------------------------------------------------- */

static const char *const help_keys[][2] = {
    {N_("\xE2\x86\x92  or  Space"), N_("next step")},
    {"\xE2\x86\x90", N_("previous step")},
    {N_("Home / End"), N_("first / last step")},
    {"P", N_("play / pause")},
    {"+  /  \xE2\x88\x92", N_("faster / slower")},
    {"0 \xE2\x80\x93 9", N_("the version of that number (same block size, same point of the reduction)")},
    {"[  /  ]", N_("previous / next version, in teaching order (reaches every version)")},
    {N_("C  then  a digit"), N_("compare: that version beside this one, stepping together")},
    {"C  C", N_("compare off")},
    {"A", N_("predict mode: the class answers before each step is shown, scored")},
    {"Shift+A", N_("predict mode for the teacher: the question, then a key shows the answer")},
    {N_("digits, Enter"), N_("in predict mode: answer (or click lanes, words); Space shows the step")},
    {"K", N_("in a live class: the students' kernels; a digit or a click opens one beside its version")},
    {N_("C  then  D"), N_("compare: this version on the next recorded GPU, side by side")},
    {"E", N_("save this frame as PNG in the working folder")},
    {"D", N_("the next recorded GPU: its trace, timed runs and cross-check")},
    {"Z", N_("warps as a row of lanes each, or as one strip (big blocks)")},
    {"W", N_("the waves: which SM ran each block, and when (its run, else its GPU and version's recording); beside the "
             "steps, alone, off")},
    {N_("I O   , .   R"), N_("in the waves picture: zoom in / out on time, earlier / later, R the whole run")},
    {"T", N_("dark / light theme (light for projectors)")},
    {"F", N_("fullscreen")},
    {"L", N_("language: English / Chinese")},
    {N_("H  or  ?"), N_("this help")},
    {N_("Q  or  Esc"), N_("quit (Esc first closes this help)")},
    {N_("click timeline"), N_("jump to that step")},
    {N_("click a warp"), N_("draw that warp's accesses (click again: automatic)")},
    {N_("hover"), N_("a word's value, bank and the inputs it sums; a lane's accesses")},
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
    lrect box = {(L->in.w - w) / 2, (L->in.h - h) / 2, w, h};
    prim_fill(d->r, (lrect){0, 0, L->in.w, L->in.h}, prim_alpha(th->bg, 150));
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
