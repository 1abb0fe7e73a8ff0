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
#include "theme.h"

struct rv_results;

/* Where the axes are and what their edges mean. */
typedef struct plot_axes {
    lrect area;          /* the axes' box: 0 GB/s on its bottom row        */
    double lo, hi;       /* log2 N at its left and right edges             */
    double top;          /* GB/s at its top row                            */
} plot_axes;

/* The pixel of (n, gbps). */
void plot_point(const plot_axes *a, uint64_t n, double gbps, int *x, int *y);

/* A tick step of 1, 2 or 5 times a power of ten giving at most `ticks`
 * ticks up to max (0: 5). */
double plot_nice_step(double max, int ticks);

/* "2²⁵" for a power of two, else what rv_results_n_name says. */
void plot_n_name(uint64_t n, char *buf, size_t len);

/* A dashed line along x (horizontal) or y (vertical), t pixels thick,
 * dashes and gaps `dash` pixels long. */
void plot_dashed(SDL_Renderer *r, int x0, int y0, int len, int vertical, int t, int dash, rgba c);

/* How the grid is drawn. */
typedef struct plot_grid_style {
    font_face face;      /* the labels' face and pixel size                 */
    int px;
    int gap;             /* between the y labels and the axes               */
    int tick;            /* length of the x ticks under the axes            */
    int x_every;         /* label every x_every-th power of two; 0: the     */
                         /* first, the middle and the last only             */
    int width;           /* gridline and axis thickness (0: 1)              */
    int ticks;           /* at most this many gridlines above 0 (0: 5)      */
    rgba grid, axis, label;
} plot_grid_style;

/* Horizontal gridlines at every plot_nice_step(a->top, s->ticks) with their GB/s on
 * the left (the 0 line in the axis colour), the y axis, and a tick under
 * each power of two of N with its name below. */
void plot_grid(SDL_Renderer *r, text_cache *tc, const plot_axes *a, const plot_grid_style *s);

/* How one variant's line is drawn. */
typedef struct plot_line_style {
    rgba c;              /* line and markers                                 */
    int t;               /* line thickness                                   */
    int dot;             /* marker size in pixels, 0: none                   */
    int solid;           /* discs for markers and solid bands for the line   */
                         /* (prim_band); 0: squares and prim_line            */
    rgba bad;            /* the marker of a run whose sum check failed       */
} plot_line_style;

/* The line of `variant` ("v0" .. "cub") over the sweep's sizes; a size the
 * variant lacks, or whose GB/s is unknown, breaks the line. */
void plot_line(SDL_Renderer *r, const plot_axes *a, const struct rv_results *s, const char *variant,
               const plot_line_style *st);

/* The spread of the variant's timed runs at every size that kept one: a
 * vertical bar from the GB/s of the third quartile's time to the first's
 * (older files kept none: nothing is drawn).  Returns how many bars. */
int plot_spread(SDL_Renderer *r, const plot_axes *a, const struct rv_results *s, const char *variant, rgba c, int t);

/* The pixel of the variant's run at the largest N it has; 0 when none. */
int plot_last_point(const plot_axes *a, const struct rv_results *s, const char *variant, int *x, int *y);

#endif
