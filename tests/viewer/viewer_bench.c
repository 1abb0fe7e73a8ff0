/* viewer_bench.c — time to draw frames with SDL's software renderer.
 *
 * Default: the worst case a class meets: 1920x1080, block 1024, the step with
 * the most executing lanes and the mouse over a word (tooltip and
 * provenance).  Prints the median and mean over many frames after warm-up
 * (atlases built).  With --max-ms it fails (exit 1) when the median is slower.
 *
 * --all: every step of every version of the table, at block 256 and 1024,
 * in both themes, at 1920x1080, through the same viewer_canvas_draw() as the
 * exporter (drawing alone: no PNG encoding).  Each frame is drawn --reps
 * times after a warm-up pass and its median kept; prints the median and the
 * worst of those per block size (wall clock, and this thread's CPU time,
 * which other work on a shared machine disturbs less), and the slowest frames.  A benchmark, not
 * a test: it always exits 0 once it has drawn.
 * Usage: viewer_bench [--frames N] [--version V] [--max-ms MS] | --all [--reps R]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <SDL.h>
#include "viewer/draw/draw.h"
#include "viewer/window/shown.h"
#include "viewer/window/viewer.h"
#include "core/versions.h"

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct slow { double ms; int version, block, theme, step; } slow;

static double now_ms(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

/* CPU time of this thread: what the drawing itself took, whatever else the
 * shared machine was running meanwhile. */
static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* Every step of every version, blocks 256 and 1024, both themes. */
static int bench_all(int reps)
{
    static const int blocks[] = { 256, 1024 };
    char err[512];
    viewer_canvas *c = viewer_canvas_new(NULL, err, sizeof err);
    if (!c) {
        fprintf(stderr, "viewer_bench: %s\n", err);
        return 2;
    }
    double load[3] = { 0 };
    FILE *la = fopen("/proc/loadavg", "r");
    if (la) {
        if (fscanf(la, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3)
            load[0] = -1;
        fclose(la);
    }
    char cpu[128] = "?", line[256];
    FILE *ci = fopen("/proc/cpuinfo", "r");
    while (ci && fgets(line, sizeof line, ci))
        if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
            snprintf(cpu, sizeof cpu, "%s", strchr(line, ':') + 2);
            cpu[strcspn(cpu, "\n")] = '\0';
            break;
        }
    if (ci)
        fclose(ci);
    printf("viewer_bench --all: 1920x1080, SDL software renderer, drawing only (no PNG), median of %d draws per "
           "frame\n  %s, %d CPUs online; load average at start %.2f %.2f %.2f\n", reps, cpu, SDL_GetCPUCount(),
           load[0], load[1], load[2]);
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
        int cap = RV_NUM_VERSIONS * RV_MAX_STEPS * 2, n = 0;
        double *ms = malloc(sizeof *ms * (size_t)cap), *cpu = malloc(sizeof *cpu * (size_t)cap), rep[16], crep[16];
        slow worst[3] = { { 0 } };
        for (int v = 0; v < RV_NUM_VERSIONS; v++) {
            if (!rv_version(v) || rv_version_check_block(v, blocks[b]))
                continue;
            shown sc = { 0 };
            rv_config cfg = rv_config_default();
            cfg.version = v;
            cfg.block_size = blocks[b];
            if (shown_simulate(&sc, &cfg, err, sizeof err) != 0) {
                fprintf(stderr, "viewer_bench: %s: %s\n", rv_version_name(v), err);
                return 2;
            }
            for (int theme = 0; theme < 2; theme++)
                for (int s = 0; s < sc.tr->nsteps; s++) {
                    viewer_frame f = { .tr = sc.tr, .an = sc.an, .step = s, .theme = theme,
                                       .width = 1920, .height = 1080 };
                    if (viewer_canvas_draw(c, &f) != 0)   /* warm-up: atlases */
                        return 2;
                    for (int r = 0; r < reps; r++) {
                        double t0 = now_ms(), c0 = cpu_ms();
                        viewer_canvas_draw(c, &f);
                        rep[r] = now_ms() - t0;
                        crep[r] = cpu_ms() - c0;
                    }
                    qsort(rep, (size_t)reps, sizeof *rep, cmp);
                    qsort(crep, (size_t)reps, sizeof *crep, cmp);
                    double m = rep[reps / 2];
                    cpu[n] = crep[reps / 2];
                    ms[n++] = m;
                    slow here = { m, v, blocks[b], theme, s };
                    for (int k = 0; k < 3; k++)
                        if (m > worst[k].ms) {
                            memmove(&worst[k + 1], &worst[k], sizeof worst[0] * (size_t)(2 - k));
                            worst[k] = here;
                            break;
                        }
                }
            shown_close(&sc);
        }
        qsort(ms, (size_t)n, sizeof *ms, cmp);
        qsort(cpu, (size_t)n, sizeof *cpu, cmp);
        printf("block %4d: %3d frames (every step of %d versions, 2 themes): median %.2f ms, worst %.2f ms; "
               "CPU time median %.2f ms, worst %.2f ms (slowest: %s step %d %s %.2f, %s step %d %s %.2f)\n",
               blocks[b], n, RV_NUM_VERSIONS, ms[n / 2], ms[n - 1], cpu[n / 2], cpu[n - 1],
               rv_version_name(worst[0].version), worst[0].step + 1, worst[0].theme ? "light" : "dark", worst[0].ms,
               rv_version_name(worst[1].version), worst[1].step + 1, worst[1].theme ? "light" : "dark", worst[1].ms);
        free(ms);
        free(cpu);
    }
    viewer_canvas_free(c);
    return 0;
}

int main(int argc, char **argv)
{
    int frames = 60, version = 1, reps = 3;
    double max_ms = 0;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[i + 1]);
    if (reps < 1 || reps > 16)
        reps = 3;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--all"))
            return bench_all(reps);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--frames")) frames = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--version")) version = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--max-ms")) max_ms = atof(argv[i + 1]);
    }
    if (frames < 1)
        frames = 1;
    char err[512];
    shown sc = { 0 };
    rv_config cfg = rv_config_default();
    cfg.version = version;
    cfg.block_size = 1024;
    if (shown_simulate(&sc, &cfg, err, sizeof err) != 0) {
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
    shown_close(&sc);
    if (max_ms > 0 && median > max_ms) {
        fprintf(stderr, "viewer_bench: median %.2f ms is over the limit of %.2f ms\n", median, max_ms);
        return 1;
    }
    return 0;
}
