/* export_bench.c — time to export every step of every version as PNG.
 *
 * What a teacher preparing slides does: v0..v7 at block 256 with the default
 * data, every step, 1920x1080, through `reducevis export` (export_main, the
 * same code as the command, run in this process one version after another).
 * Prints the total, the frames and the time per frame; the target is under
 * 10 s in total on a 2-core machine.
 * Usage: export_bench [--size WxH] [--theme light|dark] [--max-s S] [--keep DIR]
 *                     [--gif V]
 * With --max-s it fails (exit 1) when the total is slower.  With --gif V it
 * times instead one animated GIF of every step of version V (`export --gif`).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "viewer/window/viewer.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static long count_png(const char *dir, long *bytes)
{
    DIR *d = opendir(dir);
    long n = 0;
    *bytes = 0;
    if (!d)
        return 0;
    char path[1024];
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t l = strlen(e->d_name);
        if (l > 4 && !strcmp(e->d_name + l - 4, ".png")) {
            struct stat st;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            if (stat(path, &st) == 0)
                *bytes += st.st_size;
            n++;
        }
    }
    closedir(d);
    return n;
}

/* One GIF of every step of version v in dir: time, frames, size. */
static int time_gif(const char *v, const char *size, const char *theme, const char *dir, int remove_dir, double max_s)
{
    char path[400];
    snprintf(path, sizeof path, "%s/%s.gif", dir, v);
    char *args[] = { "export", "--version", (char *)v, "--size", (char *)size, "--theme", (char *)theme,
                     "--gif", path, NULL };
    double t = now_s();
    int rc = export_main(9, args);
    t = now_s() - t;
    struct stat st;
    long bytes = stat(path, &st) == 0 ? (long)st.st_size : 0;
    if (remove_dir) {
        remove(path);
        rmdir(dir);
    }
    if (rc != 0) {
        fprintf(stderr, "export_bench: GIF export of %s failed (exit %d)\n", v, rc);
        return 2;
    }
    printf("export_bench: every step of %s as one GIF at %s, %s theme: %.2f MB, total %.2f s\n", v, size, theme,
           bytes / 1e6, t);
    if (max_s > 0 && t > max_s) {
        fprintf(stderr, "export_bench: %.2f s is over the limit of %.2f s\n", t, max_s);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *size = "1920x1080", *theme = "light", *keep = NULL, *gif = NULL;
    double max_s = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--size")) size = argv[i + 1];
        else if (!strcmp(argv[i], "--theme")) theme = argv[i + 1];
        else if (!strcmp(argv[i], "--max-s")) max_s = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--keep")) keep = argv[i + 1];
        else if (!strcmp(argv[i], "--gif")) gif = argv[i + 1];
    }
    char dir[256];
    if (keep) {
        snprintf(dir, sizeof dir, "%s", keep);
    } else {
        snprintf(dir, sizeof dir, "/tmp/rv_export_bench_XXXXXX");
        if (!mkdtemp(dir)) {
            perror("export_bench: mkdtemp");
            return 2;
        }
    }
    if (gif)
        return time_gif(gif, size, theme, dir, keep == NULL, max_s);
    double t0 = now_s(), per[8];
    for (int v = 0; v < 8; v++) {
        char ver[4];
        snprintf(ver, sizeof ver, "v%d", v);
        char *args[] = { "export", "--version", ver, "--size", (char *)size, "--theme", (char *)theme,
                         "-o", dir, NULL };
        double t = now_s();
        int rc = export_main(9, args);
        per[v] = now_s() - t;
        if (rc != 0) {
            fprintf(stderr, "export_bench: export of %s failed (exit %d)\n", ver, rc);
            return 2;
        }
    }
    double total = now_s() - t0;
    long bytes, frames = count_png(dir, &bytes);
    printf("export_bench: every step of v0..v7 (block 256, ones) at %s, %s theme: %ld PNG frames, "
           "%.1f MB, total %.2f s, %.1f ms per frame\n", size, theme, frames, bytes / 1e6, total,
           frames ? total * 1000.0 / frames : 0.0);
    printf("export_bench: per version:");
    for (int v = 0; v < 8; v++)
        printf(" v%d %.2f s", v, per[v]);
    printf("\n");
    if (!keep) {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0)
            fprintf(stderr, "export_bench: could not remove %s\n", dir);
    }
    if (max_s > 0 && total > max_s) {
        fprintf(stderr, "export_bench: %.2f s is over the limit of %.2f s\n", total, max_s);
        return 1;
    }
    return 0;
}
