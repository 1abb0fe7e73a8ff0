/* viewer_bench.c — time to draw one frame with SDL's software renderer.
 *
 * The worst case a class meets: 1920x1080, block 1024, the step with the most
 * executing lanes and the mouse over a word (tooltip and provenance).  Prints
 * the median and mean over many frames after warm-up (atlases built).
 * Usage: viewer_bench [--frames N] [--version V] [--max-ms MS]
 * With --max-ms it fails (exit 1) when the median is slower.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL.h>
#include "draw.h"
#include "scene.h"
#include "viewer.h"

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int frames = 60, version = 1;
    double max_ms = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--frames")) frames = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--version")) version = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--max-ms")) max_ms = atof(argv[i + 1]);
    }
    if (frames < 1)
        frames = 1;
    char err[512];
    scene sc = { 0 };
    rv_config cfg = rv_config_default();
    cfg.version = version;
    cfg.block_size = 1024;
    if (scene_simulate(&sc, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "viewer_bench: %s\n", err);
        return 2;
    }
    int step = -1;
    for (int s = 0; s < sc.tr->nsteps; s++)
        if (sc.tr->steps[s].phase != RV_PHASE_LOAD
            && (step < 0 || sc.an->steps[s].active_threads > sc.an->steps[step].active_threads))
            step = s;
    if (step < 0)
        step = 0;
    viewer_canvas *c = viewer_canvas_new(NULL, err, sizeof err);
    if (!c) {
        fprintf(stderr, "viewer_bench: %s\n", err);
        return 2;
    }
    viewer_frame f = { .tr = sc.tr, .an = sc.an, .step = step, .width = 1920, .height = 1080,
                       .warps_view = getenv("RV_BENCH_ROWS") ? 1 : 0 };
    layout L;
    draw_layout_for(&f, &L);
    lrect cell = layout_cell_rect(&L, 517);
    f.hover = 1;
    f.mouse_x = cell.x + 2;
    f.mouse_y = cell.y + 2;
    for (int i = 0; i < 5; i++)
        viewer_canvas_draw(c, &f);
    double *ms = malloc(sizeof *ms * (size_t)frames), sum = 0;
    Uint64 hz = SDL_GetPerformanceFrequency();
    for (int i = 0; i < frames; i++) {
        Uint64 t0 = SDL_GetPerformanceCounter();
        if (viewer_canvas_draw(c, &f) != 0)
            return 2;
        ms[i] = (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)hz;
        sum += ms[i];
    }
    qsort(ms, (size_t)frames, sizeof *ms, cmp);
    double median = ms[frames / 2];
    printf("viewer_bench: v%d block 1024, step %d (%s, %d active), 1920x1080, software renderer: "
           "median %.2f ms, mean %.2f ms, min %.2f ms over %d frames\n",
           version, step, sc.tr->steps[step].label, sc.an->steps[step].active_threads,
           median, sum / frames, ms[0], frames);
    free(ms);
    viewer_canvas_free(c);
    scene_close(&sc);
    if (max_ms > 0 && median > max_ms) {
        fprintf(stderr, "viewer_bench: median %.2f ms is over the limit of %.2f ms\n", median, max_ms);
        return 1;
    }
    return 0;
}
