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

/* A command line's words, copied: some of check_cmd's point into the queue,
 * which is freed before they are read. */
typedef struct words {
    char *argv[32];
} words;

static void copy_words(const check_cmd *c, words *w)
{
    int i = 0;
    for (; i < 31 && c->argv[i]; i++) w->argv[i] = strdup(c->argv[i]);
    w->argv[i] = NULL;
}

static void free_words(words *w)
{
    for (int i = 0; w->argv[i]; i++) free(w->argv[i]);
    w->argv[0] = NULL;
}

/* The command lines of submission 3's compile and of its run on GPU 0,
 * from a queue made with opt in a folder of its own. */
static void lines(submit_options *opt, words *build, words *run)
{
    char dir[] = "/tmp/rv-check-cmd-XXXXXX", err[600] = "";
    check_cmd b, r;
    build->argv[0] = run->argv[0] = NULL;
    CHECK(mkdtemp(dir) != NULL, "a folder");
    submit_queue *q = submit_queue_new(dir, "/opt/rv/reducevis", NULL, opt, err, sizeof err);
    CHECK(q != NULL, "a queue: %s", err);
    if (q) {
        submit_check_argv(q, 3, 5, -1, 0, &b);
        submit_check_argv(q, 3, 5, 0, 1, &r);
        copy_words(&b, build);
        copy_words(&r, run);
    }
    submit_queue_free(q);
    rv_remove_tree(dir);
}

int main(void)
{
    unsetenv("CUDA_VISIBLE_DEVICES");
    setenv("RV_NVIDIA_PROC", "/nonexistent", 1); /* no GPU: nothing here reads one */
    words build, run;
    submit_options plain = {0}, waves = {.waves = 1};

    lines(&plain, &build, &run);
    CHECK(at(run.argv, "--built") > 0 && at(run.argv, "--save-trace") > 0, "the GPU's run: --built, its trace kept");
    CHECK(at(run.argv, "--waves") < 0, "a class without --waves: no check records the grid");
    CHECK(at(build.argv, "--waves") < 0, "nor its compile");

    free_words(&build), free_words(&run);
    lines(&waves, &build, &run);
    int w = at(run.argv, "--waves"), built = at(run.argv, "--built");
    CHECK(w > 0 && built > 0 && !strcmp(run.argv[0], "/opt/rv/reducevis") && !strcmp(run.argv[1], "check"),
          "a class with --waves: the GPU's run of each check asks check for --waves (at %d)", w);
    CHECK(at(run.argv, "--save-trace") > 0, "and keeps the trace the waves go into");
    CHECK(at(build.argv, "--waves") < 0 && at(build.argv, "--build-only") > 0,
          "the compile, which runs nothing, is not asked for the waves");
    free_words(&build), free_words(&run);
    return check_report();
}
