/* test_grid_queue.c — a class with --waves records each judged kernel's grid
 * after its verdict (src/class/submit_queue.c's grid_may_run): the class's
 * own queue, run on a check that only pretends (a shell script in place of
 * reducevis, which says on a log of its own when each run started and
 * ended, and whether it was asked for the waves run, --waves-into), with 2
 * slots on the GPU:
 *   - every kernel gets its verdict from a run without the waves, and its
 *     grid from one run of the waves alone, added to the verdict's trace,
 *     started after its verdict was given and after every kernel waiting
 *     for a verdict had started its own;
 *   - never more grids' runs at once than half the slots;
 *   - the grid's trace takes the verdict's trace's place (ID.rvt), whole,
 *     and the queue's log says so ("event":"grid", kept 1); the verdict's
 *     summary (ID.json) stays;
 *   - a class stopped with grids not yet recorded records them once it is
 *     resumed on the same folder, on the builds their verdicts ran.
 * No GPU or compiler needed; the sandbox must be possible here (else the
 * queue takes no kernel: the test is skipped, saying why). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "class/submit_queue.h"
#include "own/base/proc.h"
#include "own/sandbox/sandbox.h"

enum { KERNELS = 4, SLOTS = 2 };

/* The pretend check: a compile makes its build folder; a run waits a
 * little (the grid's longer, so that a class can be stopped with grids
 * left), then writes its trace whole (under another name, renamed, as
 * check does) and its summary, and says a verdict; a grid's run refuses
 * a trace to add to that is not a verdict's, and writes that trace with
 * "+grid" after it. */
static const char fake[] =
    "#!/bin/sh\n"
    "mode=run built= summary= trace= into= waves=0\n"
    "while [ $# -gt 0 ]; do case $1 in\n"
    "  --build-only) mode=build; built=$2; shift;; --built) built=$2; shift;;\n"
    "  --summary) summary=$2; shift;; --save-trace) trace=$2; shift;;\n"
    "  --waves-into) waves=1; into=$2; shift;; --prepare-cache) mode=prepare;;\n"
    "esac; shift; done\n"
    "case $mode in prepare) exit 0;; build) mkdir -p \"$built\"; echo '{}' > \"$summary\"; exit 0;; esac\n"
    "[ -d \"$built\" ] || { echo 'no build'; exit 2; }\n"
    "echo \"start $waves $(date +%s.%N) $trace\" >> \"$RV_FAKE_LOG\"\n"
    "if [ $waves = 1 ]; then sleep 0.6; else sleep 0.3; fi\n"
    "if [ $waves = 1 ]; then [ \"$(cat \"$into\")\" = 'RVT waves=0' ] || { echo 'not a verdict trace'; exit 2; }\n"
    "  echo 'RVT waves=0+grid' > \"$trace.part\"\n"
    "else echo 'RVT waves=0' > \"$trace.part\"\n"
    "  echo '{\"pass\":true,\"ms\":1.5,\"gbps\":10,\"percent_of_mark\":50}' > \"$summary\"; fi\n"
    "mv \"$trace.part\" \"$trace\"\n"
    "echo \"end $waves $(date +%s.%N) $trace\" >> \"$RV_FAKE_LOG\"\n"
    "[ $waves = 1 ] && echo 'waves: pretended'\n"
    "echo PASS\n";

/* A line of the pretend check's log. */
typedef struct run {
    int waves, id;
    double start, end;
} run;

/* The runs the pretend check logged (at most max), each with its end. */
static int runs_of(const char *log, run *r, int max)
{
    FILE *f = fopen(log, "r");
    char what[8], path[4096];
    int waves, n = 0;
    double at;
    while (f && fscanf(f, "%7s %d %lf %4095s", what, &waves, &at, path) == 4) {
        const char *slash = strrchr(path, '/');
        int id = slash ? atoi(slash + 1) : 0;
        if (!strcmp(what, "start") && n < max) {
            r[n++] = (run){.waves = waves, .id = id, .start = at, .end = 0};
        } else if (!strcmp(what, "end")) {
            for (int i = 0; i < n; i++)
                if (r[i].id == id && r[i].waves == waves && r[i].end == 0) r[i].end = at;
        }
    }
    if (f) fclose(f);
    return n;
}

/* How many of the file's lines hold a and, where given, b. */
static int lines_with(const char *path, const char *a, const char *b)
{
    FILE *f = fopen(path, "r");
    char line[8192];
    int n = 0;
    while (f && fgets(line, sizeof line, f)) n += strstr(line, a) && (!b || strstr(line, b));
    if (f) fclose(f);
    return n;
}

/* Waits (at most 30 s) until the queue's log holds `want` grids kept. */
static int wait_grids(const char *jsonl, int want)
{
    for (int i = 0; i < 300; i++) {
        if (lines_with(jsonl, "\"event\":\"grid\"", "\"kept\":1") >= want) return 1;
        usleep(100000);
    }
    return 0;
}

/* The time (CLOCK_REALTIME s) of kernel id's "done" line. */
static double done_at(const char *jsonl, int id)
{
    FILE *f = fopen(jsonl, "r");
    char line[8192], key[32];
    double at = 0;
    snprintf(key, sizeof key, "\"id\":%d,", id);
    while (f && fgets(line, sizeof line, f))
        if (strstr(line, "\"event\":\"done\"") && strstr(line, key)) sscanf(line, "{\"at\":%lf", &at);
    if (f) fclose(f);
    return at;
}

int main(void)
{
    char why[500];
    if (!rv_sandbox_possible(why, sizeof why)) {
        printf("SKIPPED: the class takes no kernel without a sandbox: %s\n", why);
        return 77;
    }
    unsetenv("CUDA_VISIBLE_DEVICES");
    setenv("RV_NVIDIA_PROC", "/nonexistent", 1); /* no GPU: one entry, as a class without one has */
    char dir[] = "/tmp/rv-grid-queue-XXXXXX", exe[600], log[600], jsonl[600], err[600] = "";
    CHECK(mkdtemp(dir) != NULL, "a folder");
    snprintf(exe, sizeof exe, "%s/fake-reducevis", dir);
    snprintf(log, sizeof log, "%s/runs.txt", dir);
    snprintf(jsonl, sizeof jsonl, "%s/submissions.jsonl", dir);
    FILE *f = fopen(exe, "w");
    CHECK(f && fputs(fake, f) >= 0 && fclose(f) == 0 && chmod(exe, 0755) == 0, "the pretend check written");
    setenv("RV_FAKE_LOG", log, 1);

    submit_options opt = {.compilers = 1, .slots = SLOTS, .waves = 1};
    submit_queue *q = submit_queue_new(dir, exe, NULL, &opt, err, sizeof err);
    CHECK(q != NULL, "a queue: %s", err);
    if (!q) return check_report();
    int id;
    for (int k = 0; k < KERNELS; k++)
        CHECK(submit_queue_add(q, k + 1, 1, "kernel\n", 7, &id) == SUBMIT_OK, "kernel %d taken", k + 1);
    CHECK(wait_grids(jsonl, KERNELS), "every kernel's grid recorded and kept");
    submit_queue_free(q);

    run r[64];
    int n = runs_of(log, r, 64), verdicts = 0, grids = 0;
    double last_verdict_start = 0;
    for (int i = 0; i < n; i++)
        if (!r[i].waves)
            verdicts++, last_verdict_start = r[i].start > last_verdict_start ? r[i].start : last_verdict_start;
    for (int i = 0; i < n; i++) {
        if (!r[i].waves) continue;
        grids++;
        double done = done_at(jsonl, r[i].id);
        CHECK(done > 0 && r[i].start >= done, "kernel %d's grid started after its verdict (%.3f >= %.3f)", r[i].id,
              r[i].start, done);
        CHECK(r[i].start >= last_verdict_start,
              "kernel %d's grid started after every kernel waiting for a verdict had started its own", r[i].id);
        int beside = 0;
        for (int j = 0; j < n; j++) beside += j != i && r[j].waves && r[j].start < r[i].start && r[j].end > r[i].start;
        CHECK(beside + 1 <= SLOTS / 2, "kernel %d's grid ran with %d others: at most half the slots", r[i].id, beside);
    }
    CHECK(verdicts == KERNELS && grids == KERNELS, "one verdict run and one grid run a kernel: %d and %d", verdicts,
          grids);
    for (int k = 1; k <= KERNELS; k++) {
        char path[700], *text;
        snprintf(path, sizeof path, "%s/submissions/%d.rvt", dir, k);
        text = rv_read_text(path, NULL);
        CHECK(text && !strcmp(text, "RVT waves=0+grid\n"),
              "kernel %d's trace is its verdict's with the grid, whole: %s", k, text ? text : "none");
        free(text);
        snprintf(path, sizeof path, "%s/submissions/%d.grid.rvt", dir, k);
        CHECK(access(path, F_OK) != 0, "kernel %d's grid trace renamed into place, none left beside it", k);
        snprintf(path, sizeof path, "%s/submissions/%d.json", dir, k);
        text = rv_read_text(path, NULL);
        CHECK(text && strstr(text, "\"pass\":true"), "kernel %d's verdict's summary kept through its grid's run", k);
        free(text);
        snprintf(path, sizeof path, "%s/submissions/%d.work", dir, k);
        CHECK(access(path, F_OK) != 0, "kernel %d's build dropped once its grid was recorded", k);
    }

    /* stopped with grids left: the next kernels' verdicts given, the class
       stopped at once (a grid's run under way ends first), then resumed */
    q = submit_queue_new(dir, exe, NULL, &opt, err, sizeof err);
    CHECK(q != NULL, "the queue again: %s", err);
    if (!q) return check_report();
    for (int k = 0; k < KERNELS; k++)
        CHECK(submit_queue_add(q, k + 11, 1, "kernel\n", 7, &id) == SUBMIT_OK, "kernel %d taken", KERNELS + k + 1);
    for (int i = 0; i < 300 && lines_with(jsonl, "\"event\":\"done\"", NULL) < 2 * KERNELS; i++) usleep(100000);
    submit_queue_free(q);
    int kept_before = lines_with(jsonl, "\"event\":\"grid\"", "\"kept\":1");
    CHECK(kept_before < 2 * KERNELS, "the class stopped with grids left (%d of %d kept)", kept_before, 2 * KERNELS);
    q = submit_queue_new(dir, exe, NULL, &opt, err, sizeof err);
    CHECK(q != NULL, "resumed: %s", err);
    CHECK(wait_grids(jsonl, 2 * KERNELS), "resumed, the grids left recorded and kept");
    submit_queue_free(q);
    for (int k = KERNELS + 1; k <= 2 * KERNELS; k++) {
        char path[700], *text;
        snprintf(path, sizeof path, "%s/submissions/%d.rvt", dir, k);
        text = rv_read_text(path, NULL);
        CHECK(text && !strcmp(text, "RVT waves=0+grid\n"), "kernel %d's grid, after the class resumed", k);
        free(text);
    }
    n = runs_of(log, r, 64);
    grids = 0;
    for (int i = 0; i < n; i++) grids += r[i].waves;
    CHECK(grids == 2 * KERNELS, "each grid recorded once, resumed or not: %d runs for %d kernels", grids, 2 * KERNELS);
    rv_remove_tree(dir);
    return check_report();
}
