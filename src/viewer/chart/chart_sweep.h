/* chart_sweep.h — the sweep chart: one picture for a slide of how fast every
 * version and CUB reduced N floats on a real GPU, N = 2^20 .. 2^30.
 *
 * GB/s against N (log2 scale), a line with markers per variant in the file,
 * each in its theme colour and named in a key at the right (v8 and CUB drawn
 * thicker: the modern kernel and the library it is measured against); the
 * device's theoretical bandwidth as a solid line with its value and source,
 * the measured device-to-device copy as a dashed one; a ring and a cross on
 * every run whose sum was wrong.  Every number comes from the results file
 * (`reducevis bench --sweep -o FILE.json`); what it does not know, the chart
 * says it does not know.
 *
 * chart_sweep_geom() is pure arithmetic, shared by the drawing and the tests
 * that sample its pixels, in the manner of panel_results_geom().
 */
#ifndef VIEWER_CHART_SWEEP_H
#define VIEWER_CHART_SWEEP_H

#include <stddef.h>
#include <SDL.h>
#include "viewer/draw/font.h"
#include "viewer/draw/layout.h"
#include "viewer/draw/plot.h"
#include "core/results.h"

#define CHART_MIN_W    640 /* smaller, the key and the axes do not fit */
#define CHART_MIN_H    360
#define CHART_MAX_SIDE 8192

/* Where the chart puts things, for a size and a file. */
typedef struct chart_geom {
    int w, h, margin;
    int fs_title, fs_label, fs_small; /* pixel sizes: title; axes, key; notes */
    int title_y, sub_y;               /* the title and the line under it      */
    plot_axes axes;                   /* the plot's box and scales            */
    int x_every;                      /* N named at every x_every-th power    */
    int tick;                         /* x ticks under the axes               */
    lrect key;                        /* the key, right of the plot           */
    int key_lh;                       /* pitch of its rows                    */
    int key_small;                    /* lines of small print under the peak's
                                           and the copy's rows (0 .. 2)         */
    int nseries;                      /* variants with a run in the file      */
    int series[RV_RESULTS_NVARIANTS]; /* their rv_results_variant() index     */
    int failed;                       /* runs whose sum check failed          */
    int line_t, strong_t;             /* line thickness: others; v8 and CUB   */
    int dot, strong_dot;              /* marker diameter: others; v8 and CUB  */
    int ref_t, dash;                  /* the peak and copy lines; copy dashes */
    int note_y;                       /* the first line of small print        */
} chart_geom;

/* Key rows, after its heading: one per series, then the peak, the copy and,
 * when a sum failed, what the cross means. */
enum { CHART_KEY_PEAK = 0, CHART_KEY_COPY = 1, CHART_KEY_FAILED = 2 };

/* 0 when s can be charted; else -1 with why (not a sweep; fewer than 2
 * sizes; nothing with a GB/s), to follow the file's name in a message. */
int chart_sweep_check(const rv_results *s, char *why, size_t len);

/* The geometry of a w x h chart of s (s passed chart_sweep_check). */
void chart_sweep_geom(const rv_results *s, int w, int h, chart_geom *g);

/* Row `row` of the key: a series (0 .. nseries-1), or nseries + CHART_KEY_*. */
lrect chart_key_row(const chart_geom *g, int row);

/* CUB and the version the table makes its peer: the lines drawn thicker. */
int chart_series_strong(int variant);

/* What the chart is drawn from. */
typedef struct chart_input {
    const rv_results *s;
    const char *source; /* the file, named in the small print        */
    int theme;          /* THEME_LIGHT or THEME_DARK                   */
    const chart_geom *g;
} chart_input;

/* Paints the chart (a viewer_paint_fn: arg is a chart_input). */
void chart_sweep_paint(SDL_Renderer *r, text_cache *tc, const void *arg);

#endif
