/* plot_data.h — what a GB/s-against-N plot is drawn from, without drawing.
 *
 * A variant's points over a sweep's sizes, the step of its gridlines and
 * how an N is written.  Pure C, no SDL: the results panel's scene
 * (scene_panel.c) decides its plot from these, and plot.c draws them for
 * the panel and the exported charts alike.
 */
#ifndef VIEWER_PLOT_DATA_H
#define VIEWER_PLOT_DATA_H

#include <stddef.h>
#include <stdint.h>

struct rv_results;

/* A sweep doubles N at every size: 64 sizes reach every N a uint64_t holds. */
#define PLOT_MAX_POINTS 64

/* One variant's run at one size of the sweep. */
typedef struct plot_pt {
    uint64_t n;
    double gbps;   /* NAN: no run with a GB/s here (the line breaks) */
    int correct;   /* its sum check passed                           */
    double lo, hi; /* the GB/s of its third and first quartile times:
                             the spread of its runs; NAN where none was kept */
} plot_pt;

/* The points of `variant` ("v0" .. "cub") at every size of the sweep s, in
 * its order (at most max); returns how many. */
int plot_points(const struct rv_results *s, const char *variant, plot_pt *out, int max);

/* A tick step of 1, 2 or 5 times a power of ten giving at most `ticks`
 * ticks up to max (0: 5). */
double plot_nice_step(double max, int ticks);

/* "2²⁵" for a power of two, else what rv_results_n_name says. */
void plot_n_name(uint64_t n, char *buf, size_t len);

#endif
