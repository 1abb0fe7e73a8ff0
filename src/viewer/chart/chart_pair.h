/* chart_pair.h — two GPUs' sweeps on one chart: the same kernels, different
 * memories.  v8 and CUB of each device (the modern kernel and the library
 * it is measured against), with each device's theoretical peak; the first
 * device in solid lines and discs, the second in thin lines and squares, each
 * named in the key with its numbers at the largest N.  Every figure comes
 * from the two results files (`reducevis bench --sweep -o FILE.json`).
 */
#ifndef VIEWER_CHART_PAIR_H
#define VIEWER_CHART_PAIR_H

#include <SDL.h>
#include "viewer/draw/font.h"
#include "viewer/draw/plot.h"
#include "core/results.h"

/* The variants drawn for each device. */
#define CHART_PAIR_SERIES 2

typedef struct chart_pair_input {
    const rv_results *s[2];
    const char *source[2]; /* the files, named in the small print          */
    int theme;
    int w, h;
} chart_pair_input;

/* The axes both devices share: N over the union of their sizes, GB/s up to
 * the highest peak, copy or run of either. */
void chart_pair_axes(const chart_pair_input *in, plot_axes *ax);

/* Paints the chart (a viewer_paint_fn: arg is a chart_pair_input). */
void chart_pair_paint(SDL_Renderer *r, text_cache *tc, const void *arg);

/* The variant names drawn ("v8", "cub"), in the key's order. */
const char *chart_pair_series(int i);

#endif
