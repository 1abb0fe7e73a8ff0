#define _GNU_SOURCE
/* test_mark_reuse.c — the version to beat's time shared by a class's checks
 * on one GPU (src/cli/mark_reuse.c): a time kept is found again for the
 * same version, N and block size while it is fresh, and never for another
 * key, once stale, from a file that is damaged, a link or not there; the
 * fastest is kept beside it for ten minutes, and a time over 5% slower than
 * it is not clean (check times it again, and shares only a clean one). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "cli/mark_reuse.h"

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

int main(void)
{
    char dir[] = "/tmp/rv-test-mark-XXXXXX", file[300], link_[300], text[300];
    if (!mkdtemp(dir)) return 1;
    snprintf(file, sizeof file, "%s/mark-gpu0.txt", dir);
    snprintf(link_, sizeof link_, "%s/link.txt", dir);
    double age = -1;
    CHECK(mark_reuse_read(file, "v8", 1u << 25, 256, &age) == 0, "no file: no time");
    CHECK(mark_reuse_write(file, "v8", 1u << 25, 256, 0.0580) == 0, "a time kept");
    double ms = mark_reuse_read(file, "v8", 1u << 25, 256, &age);
    CHECK(ms > 0.05799 && ms < 0.05801 && age >= 0 && age < 5, "found again: %.6f ms, %.1f s old", ms, age);
    CHECK(mark_reuse_read(file, "v7", 1u << 25, 256, &age) == 0, "not for another version");
    CHECK(mark_reuse_read(file, "v8", 1u << 24, 256, &age) == 0, "not at another N");
    CHECK(mark_reuse_read(file, "v8", 1u << 25, 512, &age) == 0, "not at another block size");
    /* the fastest kept beside it: a slower time kept leaves it, a faster one replaces it */
    double best = mark_reuse_best(file, "v8", 1u << 25, 256, &age);
    CHECK(best > 0.05799 && best < 0.05801, "the first time is the fastest: %.6f", best);
    CHECK(mark_reuse_write(file, "v8", 1u << 25, 256, 0.0600) == 0, "a slower time kept");
    ms = mark_reuse_read(file, "v8", 1u << 25, 256, &age);
    best = mark_reuse_best(file, "v8", 1u << 25, 256, &age);
    CHECK(ms > 0.05999 && ms < 0.06001 && best > 0.05799 && best < 0.05801, "shared %.6f, the fastest still %.6f", ms,
          best);
    mark_reuse_write(file, "v8", 1u << 25, 256, 0.0570);
    best = mark_reuse_best(file, "v8", 1u << 25, 256, &age);
    CHECK(best > 0.05699 && best < 0.05701, "a faster one is the fastest: %.6f", best);
    CHECK(mark_reuse_best(file, "v8", 1u << 25, 512, &age) == 0, "not at another block size");
    /* the rule: within 5% of the fastest, or no fastest */
    CHECK(mark_reuse_clean(0.0422, 0.0417) && mark_reuse_clean(0.0437, 0.0417) && mark_reuse_clean(0.05, 0),
          "1.2%% and 4.8%% slower than the fastest are clean, and any time with none");
    CHECK(!mark_reuse_clean(0.0480, 0.0417) && !mark_reuse_clean(0.0439, 0.0417),
          "15%% (the flood of issue 58) and 5.3%% slower are not");
    double now = (double)time(NULL);
    snprintf(text, sizeof text, "mark v8 n 33554432 block 256 ms 0.058 at %.3f best 0.041 best_at %.3f\n",
             now - MARK_REUSE_S - 5, now - 100);
    put(file, text);
    CHECK(mark_reuse_read(file, "v8", 1u << 25, 256, &age) == 0, "not once older than a minute");
    best = mark_reuse_best(file, "v8", 1u << 25, 256, &age);
    CHECK(best > 0.04099 && best < 0.04101 && age > 95 && age < 105, "the fastest is kept longer: %.6f, %.0f s old",
          best, age);
    snprintf(text, sizeof text, "mark v8 n 33554432 block 256 ms 0.058 at %.3f best 0.041 best_at %.3f\n", now,
             now - MARK_BEST_S - 5);
    put(file, text);
    CHECK(mark_reuse_best(file, "v8", 1u << 25, 256, &age) == 0, "but not past ten minutes (a GPU that slowed for good)");
    mark_reuse_write(file, "v8", 1u << 25, 256, 0.0600);
    best = mark_reuse_best(file, "v8", 1u << 25, 256, &age);
    CHECK(best > 0.05999 && best < 0.06001, "the next time kept is then the fastest: %.6f", best);
    snprintf(text, sizeof text, "mark v8 n 33554432 block 256 ms 0.058 at %.3f best 0.041 best_at %.3f\n",
             now + 3600, now);
    put(file, text);
    CHECK(mark_reuse_read(file, "v8", 1u << 25, 256, &age) == 0, "not from the future");
    const char *bad[] = {"mark v8 n 33554432 block 256 ms -1 at %.3f best 0.04 best_at %.3f\n",
                         "mark v8 n 33554432 block 256 ms nan at %.3f best 0.04 best_at %.3f\n",
                         "mark v8 n 33554432 block 256 ms 0.058 at %.3f best 0.04 best_at %.3f junk\n",
                         "mark v8 n 33554432 block 256 at %.3f best 0.04 best_at %.3f\n",
                         "mark v8 n 33554432 block 256 ms 0.058 at %.3f best -1 best_at %.3f\n",
                         "mark v8 n 33554432 block 256 ms 0.058 at %.3f\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, bad[i], now, now);
        put(file, text);
        CHECK(mark_reuse_read(file, "v8", 1u << 25, 256, &age) == 0 && mark_reuse_best(file, "v8", 1u << 25, 256, &age) == 0,
              "a damaged line refused: %s", text);
    }
    mark_reuse_write(file, "v8", 1u << 25, 256, 0.0580);
    if (symlink(file, link_) == 0)
        CHECK(mark_reuse_read(link_, "v8", 1u << 25, 256, &age) == 0, "not through a link");
    unlink(link_);
    unlink(file);
    rmdir(dir);
    /* a Slurm step names the file for the GPU it landed on */
    char path[256];
    setenv("SLURMD_NODENAME", "node3", 1), setenv("SLURM_STEP_GPUS", "1", 1);
    CHECK(mark_reuse_path("/class%g/mark-%g.txt", path, sizeof path) == 0 && !strcmp(path, "/class%g/mark-node3-1.txt"),
          "the file's last part takes the node and its gres GPU, the folder's name stays: %s", path);
    setenv("SLURM_STEP_GPUS", "0", 1);
    CHECK(mark_reuse_path("/class/mark-%g.txt", path, sizeof path) == 0 && !strcmp(path, "/class/mark-node3-0.txt"),
          "another GPU of the node, another file: %s", path);
    CHECK(mark_reuse_path("/class/mark-gpu0.txt", path, sizeof path) == 0 && !strcmp(path, "/class/mark-gpu0.txt"),
          "a class's own GPU's file as given: %s", path);
    CHECK(mark_reuse_path("/class/mark-%g.txt", path, 12) == -1, "a name too long is refused");
    return check_report();
}
