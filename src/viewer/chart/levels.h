/* levels.h — the whole reduction, level by level, as one picture: lanes ->
 * warp -> block -> grid (one GPU's kernel) -> GPUs (NCCL), each with what is
 * known of its time: measured (the kernel per GPU, the NCCL step, end to
 * end, from a `bench --gpus` results file), or inside a measured level and
 * traced (the levels within a kernel), or measured but not traced (NCCL's
 * internals).  `reducevis levels` writes it as a PNG (levels.c); the
 * painting is levels_draw.c's.
 */
#ifndef VIEWER_LEVELS_H
#define VIEWER_LEVELS_H

#include <stdint.h>
#include <SDL.h>
#include "viewer/draw/font.h"
#include "viewer/draw/layout.h"
#include "core/results.h"

#define LEVELS_COUNT 5 /* lanes, warp, block, grid, GPUs */

/* What the picture shows: the runs at one N, from one results file. */
typedef struct levels_input {
    const rv_results *r;
    const rv_result_run *one;  /* the version on one GPU at n (NULL: not timed) */
    const rv_result_run *many; /* on the most GPUs at n with the collective      */
    const char *source;        /* the file's name, for the small print           */
    int theme;
    const struct levels_geom *g; /* where things go (levels_geom_for)              */
} levels_input;

/* Picks the runs at n (0: 2^31 when the file has it, else its largest N
 * with a run on several GPUs) combined by collective nccl.  0, or -1 with why
 * (not a bench across GPUs, no such N, no run on several GPUs there). */
int levels_pick(const rv_results *r, uint64_t n, const char *nccl, levels_input *in, char *err, size_t errlen);

/* Where things go at w x h: pure arithmetic, so tests sample the same pixels. */
typedef struct levels_geom {
    int w, h, fs; /* size; body text size                          */
    lrect title, rows[LEVELS_COUNT], bars, foot;
    int name_w, sketch_x, sketch_w, time_x, time_w; /* the rows' three columns */
    lrect bar_one, bar_kernel, bar_nccl;            /* the time bars, to scale */
} levels_geom;

void levels_geom_for(const levels_input *in, int w, int h, levels_geom *g);

/* Paints the picture (a viewer_paint_fn; arg is a levels_input). */
void levels_paint(SDL_Renderer *r, text_cache *tc, const void *arg);

#endif
