/* frame.c — one whole frame, the only entry point of the drawing path.
 *
 * The window loop and the off-screen canvas both call draw_frame(), so what
 * a test samples is what the teacher sees.  It runs the frame one way: the
 * scene (every word and fact, from the trace and its analysis), the layout,
 * then each pane painting its part of the scene.  The hover tooltip is the
 * one word of the scene that needs the layout: what is under the mouse is
 * found here, between the two, and its lines asked of the scene.
 */
#include "draw.h"
#include "draw_waves.h"

#include <stdio.h>

#include "core/i18n.h"
#include "viewer/scene/scene.h"
#include "viewer/scene/story.h"

void draw_layout_for(const viewer_frame *f, layout *L)
{
    layout_in in;
    layout_fold fold;
    viewer_frame g = *f; /* with the waves beside them, the steps' own part */
    g.width = draw_steps_width(f);
    scene_block_layout(&g, 0, &in, &fold);
    layout_compute_folded(L, &in, &fold);
}

/* Compare mode's layout from each pane's layout inputs (as the block
 * scene decides them). */
static void panes_layout(const viewer_frame *f, const layout_in lin[2], const layout_fold fold[2], layout_cmp *C)
{
    layout_in in[2] = {lin[0], lin[1]};
    for (int p = 0; p < 2; p++) in[p].compact = f->warps_view == 1 ? 0 : f->warps_view == 2 ? 1 : -1;
    /* Both panes keep the same banner height, so their grids line up. */
    int warn = in[0].warn_lines > in[1].warn_lines ? in[0].warn_lines : in[1].warn_lines;
    in[0].warn_lines = in[1].warn_lines = warn;
    in[0].verify = f->verify || (f->verify_note && f->verify_note[0]);
    in[0].shape = scene_compare_shapes(f); /* a line in both panes, so that their grids line up */
    in[0].step_cur = f->row;               /* the aligned row shown: kept in the timeline's view */
    layout_compare_folded(C, &in[0], &in[1], f->nrows, fold);
}

void draw_compare_layout(const viewer_frame *f, layout_cmp *C)
{
    layout_in in[2];
    layout_fold fold[2];
    for (int p = 0; p < 2; p++) scene_block_layout(f, p, &in[p], &fold[p]);
    panes_layout(f, in, fold, C);
}

/* The tooltip of the word, thread or timeline step under the mouse in a
 * block pane laid out by L, showing frame g. */
static void hover_tip(scene_tip *tip, const viewer_frame *g, const layout *L)
{
    int mx = g->mouse_x, my = g->mouse_y, idx;
    if ((idx = layout_cell_at(L, mx, my)) >= 0)
        tip->n = scene_tip_text(g, SCENE_TIP_CELL, idx, tip->lines);
    else if ((idx = layout_lane_at(L, mx, my)) >= 0)
        tip->n = scene_tip_text(g, SCENE_TIP_LANE, idx, tip->lines);
    else if ((idx = layout_step_at(L, mx, my)) >= 0) {
        /* a folded run's box: the step at that point of it */
        lrect b = layout_step_rect(L, idx);
        int pos = scene_timeline_position(g, idx, mx - b.x, b.w);
        tip->n = pos >= 0 ? scene_tip_text(g, SCENE_TIP_STEP, pos, tip->lines) : 0;
    }
}

int draw_waves_two(const viewer_frame *f)
{
    const waves_source *b = &f->waves_src[1];
    return f->tr2 || b->tr || b->why;
}

int draw_steps_width(const viewer_frame *f)
{
    if (f->waves != VIEW_WAVES_BESIDE || draw_waves_two(f) || !f->waves_src[0].tr) return f->width;
    return f->width * 3 / 5; /* the steps keep the larger part: the picture's words wrap */
}

/* Whether predict mode's grid question is open: the picture keeps its
 * waves until it is answered. */
static int waves_asked(const viewer_frame *f) { return f->waves_quiz == 1; }

const char *draw_waves_why(const waves_source *src)
{
    return src->why ? src->why : _("no waves run in this trace: record one with `reducevis trace --waves`");
}

/* The picture of src in the area of in, or why there is none. */
static void waves_pane(SDL_Renderer *r, text_cache *tc, const viewer_frame *f, const waves_source *src, waves_input *in)
{
    static scene_waves sw; /* its words are large: off the stack */
    char why[400];
    scene_waves_in si = {.file = src->file,
                         .name = src->name,
                         .beside = src->beside,
                         .from = f->waves_from,
                         .to = f->waves_to,
                         .veiled = waves_asked(f)};
    if (!src->tr || scene_waves_build(src->tr, &si, &sw, why, sizeof why)) {
        if (!src->tr) snprintf(why, sizeof why, "%s", draw_waves_why(src));
        waves_paint_none(r, tc, in, why);
        return;
    }
    in->s = &sw;
    waves_paint(r, tc, in);
    scene_waves_free(&sw);
}

/* The waves alone: the run's picture over the whole frame, or two side by
 * side (compare mode's, or beside the version to beat's).  0, or -1 when
 * there is none to draw (then the steps are drawn). */
static int waves_frame(SDL_Renderer *r, text_cache *tc, const viewer_frame *f)
{
    if (draw_waves_two(f)) {
        int half = f->width / 2;
        waves_input a = {NULL, f->theme, half, f->height, 0, 0},
                    b = {NULL, f->theme, f->width - half, f->height, half, 0};
        waves_pane(r, tc, f, &f->waves_src[0], &a);
        waves_pane(r, tc, f, &f->waves_src[1], &b);
        prim_line(r, (float)half, 0, (float)half, (float)f->height, theme_get((theme_id)f->theme)->panel_edge, 2);
        return 0;
    }
    if (!f->waves_src[0].tr) return -1;
    waves_input in = {NULL, f->theme, f->width, f->height, 0, 0};
    if (f->waves_quiz) { /* predict mode's card where the steps have it */
        static scene sc; /* large: off the stack */
        layout L;
        scene_build(&sc, f);
        draw_layout_for(f, &L);
        in.w = L.results.x;
        waves_pane(r, tc, f, &f->waves_src[0], &in);
        draw_ctx d = {r, tc, theme_get((theme_id)f->theme), &L, f, &sc, &sc.block[0]};
        prim_fill(r, (lrect){in.w, 0, f->width - in.w, f->height}, d.th->bg);
        draw_predict_card(&d, L.results);
        return 0;
    }
    waves_pane(r, tc, f, &f->waves_src[0], &in);
    return 0;
}

/* H's keys over a frame the waves took whole, as over the steps. */
static void waves_help(SDL_Renderer *r, text_cache *tc, const viewer_frame *f)
{
    static scene sc; /* large: off the stack */
    layout L;
    scene_build(&sc, f);
    draw_layout_for(f, &L);
    draw_ctx d = {r, tc, theme_get((theme_id)f->theme), &L, f, &sc, &sc.block[0]};
    draw_help(&d);
}

/* The toast over a frame the waves took whole, where the footer says it
 * over the steps (bottom right, on the background): what a key did, or
 * why the trace file that changed was not read (app.c's reload). */
static void waves_toast(SDL_Renderer *r, text_cache *tc, const viewer_frame *f)
{
    if (!f->toast || !f->toast[0]) return;
    layout L;
    draw_layout_for(f, &L);
    const theme *th = theme_get((theme_id)f->theme);
    int pad = L.fs_small / 2, tw = text_width(tc, FACE_SANS_BOLD, L.fs_small, f->toast);
    if (tw > L.footer.w - 2 * pad) tw = L.footer.w - 2 * pad;
    lrect box = {L.footer.x + L.footer.w - tw - 2 * pad, L.footer.y, tw + 2 * pad, L.footer.h};
    prim_fill(r, box, th->bg);
    int y = L.footer.y + (L.footer.h - text_line_height(tc, FACE_SANS, L.fs_small)) / 2;
    text_draw_fit(tc, FACE_SANS_BOLD, L.fs_small, box.x + pad, y, tw, th->accent, f->toast);
}

void draw_frame(SDL_Renderer *r, text_cache *tc, const viewer_frame *f)
{
    static scene sc; /* large: off the stack; frames are drawn one at a time */
    if (f->waves == VIEW_WAVES_ALONE || (f->waves && draw_waves_two(f))) {
        /* a toast takes the footer's strip, as over the steps, and the
           picture the rest: it covers none of the picture's words */
        viewer_frame g = *f;
        if (f->toast && f->toast[0] && !f->help) {
            layout L;
            draw_layout_for(f, &L);
            g.height = L.footer.y;
            prim_fill(r, (lrect){0, L.footer.y, f->width, f->height - L.footer.y}, theme_get((theme_id)f->theme)->bg);
        }
        if (waves_frame(r, tc, &g) == 0) {
            if (f->help)
                waves_help(r, tc, f);
            else
                waves_toast(r, tc, f);
            return;
        }
    }
    int steps_w = draw_steps_width(f);
    if (steps_w < f->width) { /* the steps in the left part, the waves beside them */
        viewer_frame g = *f;
        g.width = steps_w;
        g.waves = VIEW_WAVES_OFF;
        draw_frame(r, tc, &g);
        waves_input in = {NULL, f->theme, f->width - steps_w, f->height, steps_w, 0};
        waves_pane(r, tc, f, &f->waves_src[0], &in);
        const theme *th = theme_get((theme_id)f->theme);
        prim_line(r, (float)steps_w, 0, (float)steps_w, (float)f->height, th->panel_edge, 2);
        return;
    }
    scene_build(&sc, f);
    if (sc.compare) {
        static layout_cmp C; /* two layouts: kept off the stack */
        const layout_in lin[2] = {sc.block[0].lin, sc.block[1].lin};
        const layout_fold fold[2] = {sc.block[0].fold, sc.block[1].fold};
        panes_layout(f, lin, fold, &C);
        for (int p = 0; p < 2 && f->hover; p++) {
            viewer_frame g = scene_compare_pane(f, p);
            if (g.step >= 0) hover_tip(&sc.frame.tip[p], &g, &C.pane[p]);
        }
        draw_compare(r, tc, &sc, &C);
        return;
    }
    layout L;
    layout_compute_folded(&L, &sc.block[0].lin, &sc.block[0].fold);
    if (f->hover && !sc.frame.veiled) /* a tooltip would tell the answer */
        hover_tip(&sc.frame.tip[0], f, &L);
    draw_ctx d = {r, tc, theme_get((theme_id)f->theme), &L, f, &sc, &sc.block[0]};
    prim_clip(r, NULL);
    prim_color(r, d.th->bg);
    if (SDL_RenderClear(r) != 0) SDL_Log("viewer: SDL_RenderClear failed: %s", SDL_GetError());
    draw_header(&d);
    draw_code(&d);
    draw_block(&d);
    if (sc.frame.asking)
        draw_predict_card(&d, L.results);
    else
        panel_results_draw(&d, L.results);
    draw_legend(&d);
    draw_timeline(&d);
    draw_footer(&d);
    draw_tooltip(&d);
    if (f->help) draw_help(&d);
}
