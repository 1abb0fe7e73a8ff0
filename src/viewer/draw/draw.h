/* draw.h — the drawing path shared by the window and off-screen frames.
 *
 * draw_frame() paints one viewer_frame with any SDL_Renderer; it calls one
 * function per pane (code, block, timeline, results, legend, overlays), each
 * in its own file.  Primitives (filled and stroked rectangles, thick lines,
 * arrowheads, wrapped text) live in draw_prim.c.
 */
#ifndef VIEWER_DRAW_H
#define VIEWER_DRAW_H

#include <SDL.h>
#include "font.h"
#include "layout.h"
#include "theme.h"
#include "viewer/draw/canvas.h"
#include "viewer/scene/scene.h"

struct scene;
struct scene_block;

typedef struct draw_ctx {
    SDL_Renderer *r;
    text_cache *tc;
    const theme *th;
    const layout *L;
    const viewer_frame *f;         /* size, theme, mouse and toggles only */
    const struct scene *sc;        /* what the frame says (scene.h)       */
    const struct scene_block *blk; /* the block pane being drawn          */
} draw_ctx;

/* frame.c: the layout a frame is drawn with (also used for hit-testing the
 * mouse), and compare mode's; then the whole frame. */
void draw_layout_for(const viewer_frame *f, layout *L);
/* The width of frame f the steps take: all of it, but with the waves
 * picture beside them (W) the part it leaves (frame.c). */
int draw_steps_width(const viewer_frame *f);
/* Whether frame f has two waves pictures side by side (compare mode's, or
 * the trace's beside the version to beat's recording), and the words said
 * in place of a picture whose source has no trace (frame.c). */
int draw_waves_two(const viewer_frame *f);
const char *draw_waves_why(const waves_source *src);
void draw_compare_layout(const viewer_frame *f, layout_cmp *C);
void draw_frame(SDL_Renderer *r, text_cache *tc, const viewer_frame *f);

/* Panes. */
void draw_header(const draw_ctx *d);
void draw_footer(const draw_ctx *d);
void draw_code(const draw_ctx *d);
void draw_block(const draw_ctx *d);
void draw_timeline(const draw_ctx *d);
void draw_legend(const draw_ctx *d);
void draw_tooltip(const draw_ctx *d);
void draw_help(const draw_ctx *d);
void panel_results_draw(const draw_ctx *d, lrect area);
/* Predict mode (f->quiz set): its card takes the results column. */
void draw_predict_card(const draw_ctx *d, lrect area);
/* Compare mode (f->tr2 set): draw_frame hands the whole frame over. */
void draw_compare(SDL_Renderer *r, text_cache *tc, const struct scene *sc, const layout_cmp *C);

/* Where the results panel puts things: pure arithmetic from the scene's
 * panel and the layout (no text is measured), so the tests sample the same
 * pixels. */
typedef struct panel_geom {
    int x, w, lh;            /* content column; pitch of a line of small text   */
    lrect status;            /* the current version's figures, or why none      */
    int nbars;               /* 0: no bars; else RV_NUM_VERSIONS + 1 (CUB last) */
    lrect bars;              /* the rows of bars, names to values               */
    int bar_x, bar_w, bar_h; /* 0 GB/s at bar_x, scale_gbps at bar_x + bar_w   */
    double scale_gbps;
    lrect hw;         /* the hardware cross-check; h == 0 when none      */
    int hw_kind;      /* 0 none, 1 conflicts per block, 2 a sentence     */
    int hw_fs, hw_lh; /* its small print: pixel size and line pitch      */
    lrect plot;       /* the sweep plot's axes; w == 0 when none          */
    double plot_gbps; /* GB/s at the plot's top                          */
    double lo, hi;    /* log2 N at its left and right edges              */
} panel_geom;

void panel_results_geom(const scene_panel *p, const layout *L, lrect area, panel_geom *g);
/* The bar of row (a version, or RV_NUM_VERSIONS for CUB) at gbps. */
lrect panel_bar_rect(const panel_geom *g, int row, double gbps);
/* The pixel of (n, gbps) in the sweep plot. */
void panel_plot_point(const panel_geom *g, uint64_t n, double gbps, int *x, int *y);

/* Primitives.  prim_direct: r is SDL's software renderer drawing into the
 * ARGB8888 or XRGB8888 surface s (the off-screen canvas, or a window without
 * a GPU renderer), so opaque fills and text may write its pixels directly;
 * NULL s: r draws only through SDL. */
void prim_direct(SDL_Renderer *r, SDL_Surface *s);
SDL_Surface *prim_direct_surface(SDL_Renderer *r);
int prim_direct_bounds(SDL_Renderer *r, SDL_Surface *s, SDL_Rect *out);
void prim_color(SDL_Renderer *r, rgba c);
void prim_fill(SDL_Renderer *r, lrect a, rgba c);
void prim_stroke(SDL_Renderer *r, lrect a, rgba c, int thickness);
/* A legend's key: the square a filled with c, or (outline) a cell's ground
 * framed in c, as a word read is drawn. */
void prim_key(SDL_Renderer *r, lrect a, rgba c, int outline, rgba ground);
void prim_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, rgba c, int thickness);
void prim_arrowhead(SDL_Renderer *r, float x0, float y0, float x1, float y1, float size, rgba c);
/* A line t pixels thick as a solid band with round ends (prim_line's
 * parallel lines leave gaps on a slant). */
void prim_band(SDL_Renderer *r, float x0, float y0, float x1, float y1, rgba c, int thickness);
/* A filled disc of the given radius around (cx, cy). */
void prim_disc(SDL_Renderer *r, int cx, int cy, int radius, rgba c);
void prim_triangle(SDL_Renderer *r, float x0, float y0, float x1, float y1, float x2, float y2, rgba c);
void prim_clip(SDL_Renderer *r, const lrect *a); /* NULL: no clipping */
/* Wraps text into at most max_lines lines of width w (at spaces, and
 * between Chinese characters: wrap.h); returns lines used. */
int prim_wrapped(text_cache *tc, font_face face, int px, int x, int y, int w, int max_lines, int line_h, rgba c,
                 const char *text);
/* The largest pixel size from px down to min_px at which text wraps into
 * max_lines lines of width w (min_px when none does). */
int prim_fit_px(text_cache *tc, font_face face, int px, int min_px, int w, int max_lines, const char *text);
/* Lightens (amt > 0) or darkens (amt < 0) a colour by amt/255 towards white/black. */
rgba prim_shade(rgba c, int amt);
rgba prim_alpha(rgba c, uint8_t a);

#endif
