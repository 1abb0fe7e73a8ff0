/* test_check_cmd.c — the class's checks' command lines (src/class/
 * submit_check.c), from a queue made as `reducevis class` makes it: the
 * class's --waves reaches the GPU run of every check as check's --waves (a
 * waves run, one more run of the student's program), and a class started
 * without it asks no check for one, so that a check keeps its cost; the
 * compile, which runs nothing, never gets it.  No GPU or sandbox needed:
 * nothing is run. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "class/submit_private.h"
#include "own/base/proc.h"

/* Where word stands in argv, or -1. */
static int at(char *const *argv, const char *word)
{
    for (int i = 0; argv[i]; i++)
        if (!strcmp(argv[i], word)) return i;
    return -1;
}

/* The command lines of submission 3's compile and of its run on GPU 0,
 * from a queue made with opt in a folder of its own. */
static void lines(submit_options *opt, check_cmd *build, check_cmd *run)
{
    char dir[] = "/tmp/rv-check-cmd-XXXXXX", err[600] = "";
    CHECK(mkdtemp(dir) != NULL, "a folder");
    submit_queue *q = submit_queue_new(dir, "/opt/rv/reducevis", NULL, opt, err, sizeof err);
    CHECK(q != NULL, "a queue: %s", err);
    if (q) {
        submit_check_argv(q, 3, 5, -1, 0, build);
        submit_check_argv(q, 3, 5, 0, 1, run);
    }
    submit_queue_free(q);
    rv_remove_tree(dir);
}

int main(void)
{
    unsetenv("CUDA_VISIBLE_DEVICES");
    setenv("RV_NVIDIA_PROC", "/nonexistent", 1); /* no GPU: nothing here reads one */
    check_cmd build, run;
    submit_options plain = {0}, waves = {.waves = 1};

    lines(&plain, &build, &run);
    CHECK(at(run.argv, "--built") > 0 && at(run.argv, "--save-trace") > 0, "the GPU's run: --built, its trace kept");
    CHECK(at(run.argv, "--waves") < 0, "a class without --waves: no check records the grid");
    CHECK(at(build.argv, "--waves") < 0, "nor its compile");

    lines(&waves, &build, &run);
    int w = at(run.argv, "--waves"), built = at(run.argv, "--built");
    CHECK(w > 0 && built > 0 && !strcmp(run.argv[0], "/opt/rv/reducevis") && !strcmp(run.argv[1], "check"),
          "a class with --waves: the GPU's run of each check asks check for --waves (at %d)", w);
    CHECK(at(run.argv, "--save-trace") > 0, "and keeps the trace the waves go into");
    CHECK(at(build.argv, "--waves") < 0 && at(build.argv, "--build-only") > 0,
          "the compile, which runs nothing, is not asked for the waves");
    return check_report();
}
