/* test_check_cmd.c — the class's checks' command lines (src/class/
 * submit_check.c), from a queue made as `reducevis class` makes it: the
 * check that gives a verdict never runs the waves run, with or without the
 * class's --waves, so that a verdict keeps its cost; the grid's run, which
 * a class with --waves makes after the verdict, asks check for the waves
 * run alone (--waves-into the verdict's trace) on the same build, judges
 * nothing, and keeps its words and trace apart from the verdict's; the
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

/* The command lines of submission 3's compile, of its verdict's run on
 * GPU 0 and of its grid's, from a queue made with opt in a folder of its own. */
static void lines(submit_options *opt, words *build, words *run, words *grid)
{
    char dir[] = "/tmp/rv-check-cmd-XXXXXX", err[600] = "";
    check_cmd b, r, g;
    build->argv[0] = run->argv[0] = grid->argv[0] = NULL;
    CHECK(mkdtemp(dir) != NULL, "a folder");
    submit_queue *q = submit_queue_new(dir, "/opt/rv/reducevis", NULL, opt, err, sizeof err);
    CHECK(q != NULL, "a queue: %s", err);
    if (q) {
        submit_check_argv(q, 3, 5, -1, 0, 0, &b);
        submit_check_argv(q, 3, 5, 0, 0, 1, &r);
        submit_check_argv(q, 3, 5, 0, 1, 1, &g);
        copy_words(&b, build);
        copy_words(&r, run);
        copy_words(&g, grid);
    }
    submit_queue_free(q);
    rv_remove_tree(dir);
}

/* The word after `word` in argv ends with tail. */
static int ends(char *const *argv, const char *word, const char *tail)
{
    int i = at(argv, word);
    if (i < 0 || !argv[i + 1]) return 0;
    size_t n = strlen(argv[i + 1]), t = strlen(tail);
    return n >= t && !strcmp(argv[i + 1] + n - t, tail);
}

int main(void)
{
    unsetenv("CUDA_VISIBLE_DEVICES");
    setenv("RV_NVIDIA_PROC", "/nonexistent", 1); /* no GPU: nothing here reads one */
    words build, run, grid;
    submit_options plain = {0}, waves = {.waves = 1};

    lines(&plain, &build, &run, &grid);
    CHECK(at(run.argv, "--built") > 0 && at(run.argv, "--save-trace") > 0, "the GPU's run: --built, its trace kept");
    CHECK(at(run.argv, "--waves") < 0 && at(run.argv, "--waves-into") < 0,
          "a class without --waves: no check records the grid");
    CHECK(at(build.argv, "--waves") < 0, "nor its compile");
    free_words(&build), free_words(&run), free_words(&grid);

    lines(&waves, &build, &run, &grid);
    CHECK(at(run.argv, "--waves") < 0 && at(run.argv, "--waves-into") < 0 && at(run.argv, "--built") > 0,
          "a class with --waves: the verdict's run does not record the grid (it comes after the verdict)");
    CHECK(ends(run.argv, "--save-trace", "/submissions/3.rvt") && ends(run.argv, "--summary", "/submissions/3.json"),
          "the verdict's run keeps its trace and summary as ID.rvt and ID.json");
    int w = at(grid.argv, "--waves-into"), built = at(grid.argv, "--built");
    CHECK(w > 0 && built > 0 && !strcmp(grid.argv[0], "/opt/rv/reducevis") && !strcmp(grid.argv[1], "check"),
          "the grid's run asks check for the waves run alone (--waves-into at %d) on the build the verdict ran "
          "(--built at %d)",
          w, built);
    CHECK(ends(grid.argv, "--waves-into", "/submissions/3.rvt"), "added to the verdict's own trace, ID.rvt");
    CHECK(at(grid.argv, "--waves") < 0 && at(grid.argv, "--exercise") < 0 && at(grid.argv, "--summary") < 0 &&
              at(grid.argv, "--mark-reuse") < 0,
          "nothing judged again: no check's --waves, exercise, summary or version to beat");
    CHECK(built > 0 && at(run.argv, "--built") > 0 &&
              !strcmp(grid.argv[built + 1], run.argv[at(run.argv, "--built") + 1]),
          "the same build folder as the verdict's");
    CHECK(ends(grid.argv, "--save-trace", "/submissions/3.grid.rvt"),
          "its trace apart from the verdict's, until it is whole");
    CHECK(at(grid.argv, "--sandbox") > 0 && at(grid.argv, "--gpu-gate-fd") > 0,
          "in the sandbox, taking its turns through the GPU's gate as a verdict's run does");
    CHECK(at(build.argv, "--waves") < 0 && at(build.argv, "--build-only") > 0,
          "the compile, which runs nothing, is not asked for the waves");
    free_words(&build), free_words(&run), free_words(&grid);
    return check_report();
}
