/* plot.h — GB/s against N: the axes, grid and lines that the results panel's
 * sweep plot and the exported sweep chart (chart_sweep.h) both draw.
 *
 * N runs along x on a log2 scale (a sweep doubles N at every size), GB/s up
 * y from 0.  A plot_axes value holds the mapping; plot_point() is the one
 * place that turns (N, GB/s) into a pixel, so the drawing code and the tests
 * that sample its pixels agree.  Styles are plain structs: each caller says
 * how large and in which colours, the code that draws is shared.
 */
#ifndef VIEWER_PLOT_H
#define VIEWER_PLOT_H

#include <stddef.h>
#include <stdint.h>
#include <SDL.h>
#include "font.h"
#include "layout.h"
#include "viewer/scene/plot_data.h"
#include "theme.h"

struct rv_results;

/* Where the axes are and what their edges mean. */
typedef struct plot_axes {
    lrect area;    /* the axes' box: 0 GB/s on its bottom row        */
    double lo, hi; /* log2 N at its left and right edges             */
    double top;    /* GB/s at its top row                            */
} plot_axes;

/* The pixel of (n, gbps). */
void plot_point(const plot_axes *a, uint64_t n, double gbps, int *x, int *y);

/* A dashed line along x (horizontal) or y (vertical), t pixels thick,
 * dashes and gaps `dash` pixels long. */
void plot_dashed(SDL_Renderer *r, int x0, int y0, int len, int vertical, int t, int dash, rgba c);

/* How the grid is drawn. */
typedef struct plot_grid_style {
    font_face face; /* the labels' face and pixel size                 */
    int px;
    int gap;     /* between the y labels and the axes               */
    int tick;    /* length of the x ticks under the axes            */
    int x_every; /* label every x_every-th power of two; 0: the     */
                 /* first, the middle and the last only             */
    int width;   /* gridline and axis thickness (0: 1)              */
    int ticks;   /* at most this many gridlines above 0 (0: 5)      */
    rgba grid, axis, label;
} plot_grid_style;

/* Horizontal gridlines at every plot_nice_step(a->top, s->ticks) with their GB/s on
 * the left (the 0 line in the axis colour), the y axis, and a tick under
 * each power of two of N with its name below. */
void plot_grid(SDL_Renderer *r, text_cache *tc, const plot_axes *a, const plot_grid_style *s);

/* How one variant's line is drawn. */
typedef struct plot_line_style {
    rgba c;    /* line and markers                                 */
    int t;     /* line thickness                                   */
    int dot;   /* marker size in pixels, 0: none                   */
    int solid; /* discs for markers and solid bands for the line   */
               /* (prim_band); 0: squares and prim_line            */
    rgba bad;  /* the marker of a run whose sum check failed       */
} plot_line_style;

/* The line through npts points (plot_data.h); a point without a GB/s
 * breaks it. */
void plot_line_pts(SDL_Renderer *r, const plot_axes *a, const plot_pt *pts, int npts, const plot_line_style *st);

/* The spread of the runs at every point that kept one: a vertical bar from
 * pt.lo to pt.hi.  Returns how many bars. */
int plot_spread_pts(SDL_Renderer *r, const plot_axes *a, const plot_pt *pts, int npts, rgba c, int t);

/* The pixel of the last point with a GB/s; 0 when none. */
int plot_last_pts(const plot_axes *a, const plot_pt *pts, int npts, int *x, int *y);

/* The same for `variant` ("v0" .. "cub") over the sweep s's sizes
 * (plot_points): a size the variant lacks, or whose GB/s is unknown, breaks
 * the line; older files kept no spread. */
void plot_line(SDL_Renderer *r, const plot_axes *a, const struct rv_results *s, const char *variant,
               const plot_line_style *st);
int plot_spread(SDL_Renderer *r, const plot_axes *a, const struct rv_results *s, const char *variant, rgba c, int t);
int plot_last_point(const plot_axes *a, const struct rv_results *s, const char *variant, int *x, int *y);

#endif
