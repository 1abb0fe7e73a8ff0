/* test_record.c — `reducevis record`'s plan, folder and manifest, with a fake
 * runner in place of the GPU commands: the plan covers every version of the
 * table; a complete run renames every file into place; an earlier recording
 * is refused without --force; a failing job and an interrupt leave no
 * half-file under a real name, keep what finished and mark the recording
 * partial, naming what is missing. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/json.h"
#include "gpu/record.h"
#include "core/versions.h"

#define DEVICE "NVIDIA H100 80GB HBM3"

/* The fake: writes half of a file, then all of it unless told to fail or
 * to be interrupted at job `fail_at` / `stop_at` (counted from 0). */
typedef struct fake {
    int calls, fail_at, stop_at;
    volatile sig_atomic_t *stop;
    char seen_tmp[1400];
} fake;

static int fake_run(void *ctx, const rv_record_job *job, const char *tmp, const char *log, char *err, size_t errlen)
{
    fake *f = ctx;
    int me = f->calls++;
    snprintf(f->seen_tmp, sizeof f->seen_tmp, "%s", tmp);
    FILE *lf = fopen(log, "a");
    if (lf) fprintf(lf, "ran %s\n", job->what), fclose(lf);
    FILE *out = fopen(tmp, "w");
    if (!out) {
        snprintf(err, errlen, "cannot write %s", tmp);
        return -1;
    }
    fputs("{\"half\": ", out); /* what a crash would leave */
    if (me == f->fail_at) {
        fclose(out);
        snprintf(err, errlen, "v-something failed its sum check");
        return -1;
    }
    if (me == f->stop_at) {
        fclose(out);
        *f->stop = 1;
        return RV_RECORD_INTERRUPTED;
    }
    fprintf(out, "\"%s\"}\n", job->what);
    fclose(out);
    return 0;
}

static int progress_calls;
static double last_left;
static void count_progress(void *ctx, const rv_recording *rec, int job, double spent, double left)
{
    (void)ctx; (void)rec; (void)job; (void)spent;
    progress_calls++;
    last_left = left;
}

static int exists_in(const char *dir, const char *rel, const char *suffix)
{
    char path[2000];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s%s", dir, rel, suffix ? suffix : "");
    return stat(path, &st) == 0;
}

/* Any file whose name ends in .part anywhere under dir? */
static int any_part(const char *dir)
{
    static const char *const subs[] = {"", "/traces", "/results", "/logs"};
    for (size_t k = 0; k < 4; k++) {
        char path[1400];
        snprintf(path, sizeof path, "%s%s", dir, subs[k]);
        DIR *d = opendir(path);
        if (!d) continue;
        struct dirent *e;
        int found = 0;
        while ((e = readdir(d))) {
            size_t n = strlen(e->d_name);
            if (n > 5 && !strcmp(e->d_name + n - 5, RV_RECORD_PART)) found = 1;
        }
        closedir(d);
        if (found) return 1;
    }
    return 0;
}

/* The manifest, parsed: its status and its list of missing files. */
static int manifest(const char *dir, char *status, size_t len, int *missing)
{
    char path[1400], err[256];
    size_t n = 0;
    snprintf(path, sizeof path, "%s/%s", dir, RV_RECORD_MANIFEST);
    char *text = rv_json_read_file(path, &n, err, sizeof err);
    if (!text) return -1;
    rv_json root;
    memset(&root, 0, sizeof root);
    int rc = rv_json_parse(text, n, &root, err, sizeof err);
    free(text);
    if (rc) return -1;
    rv_json_place at = {"", err, sizeof err};
    const rv_json *miss = NULL;
    rc = rv_json_text(&at, &root, "status", status, len) || rv_json_need(&at, &root, "missing", RV_JSON_ARRAY, 0, &miss);
    if (!rc) *missing = miss->nkids;
    rv_json_free(&root);
    return rc ? -1 : 0;
}

static char base[512];

static void fresh_dir(char *dir, size_t len, const char *name)
{
    snprintf(dir, len, "%s/%s", base, name);
}

static void test_slug_and_dir(void)
{
    char slug[128], dir[1024], err[256];
    rv_record_slug(DEVICE, slug, sizeof slug);
    CHECK(!strcmp(slug, "nvidia-h100-80gb-hbm3"), "slug %s", slug);
    rv_record_slug("NVIDIA H200", slug, sizeof slug);
    CHECK(!strcmp(slug, "nvidia-h200"), "slug %s", slug);
    rv_record_slug("  --Tesla  T4 (PCIe)!! ", slug, sizeof slug);
    CHECK(!strcmp(slug, "tesla-t4-pcie"), "slug %s", slug);
    rv_record_slug("\xC3\xA9\xC3\xA9", slug, sizeof slug);
    CHECK(!strcmp(slug, "gpu"), "nothing left: %s", slug);
    setenv("XDG_DATA_HOME", "/data/x", 1);
    CHECK(rv_record_default_dir("s", dir, sizeof dir, err, sizeof err) == 0 && !strcmp(dir, "/data/x/reducevis/s"), "%s", dir);
    unsetenv("XDG_DATA_HOME");
    setenv("HOME", "/home/t", 1);
    CHECK(rv_record_default_dir("s", dir, sizeof dir, err, sizeof err) == 0 &&
          !strcmp(dir, "/home/t/.local/share/reducevis/s"), "%s", dir);
    unsetenv("HOME");
    CHECK(rv_record_default_dir("s", dir, sizeof dir, err, sizeof err) == -1, "no HOME");
    CHECK_CONTAINS(err, "--out");
}

/* Every version of the table, two patterns, bench, sweep, verify. */
static void test_plan(void)
{
    static rv_recording rec;
    rv_record_plan(&rec, DEVICE, "/nowhere", 0, 1);
    CHECK(rec.njobs == 2 * RV_NUM_VERSIONS + 4, "%d jobs", rec.njobs);
    for (int v = 0; v < RV_NUM_VERSIONS; v++) {
        int found = 0;
        char want[64];
        snprintf(want, sizeof want, "traces/nvidia-h100-80gb-hbm3-%s-b", rv_version(v)->name);
        for (int i = 0; i < rec.njobs; i++)
            if (!strncmp(rec.jobs[i].path, want, strlen(want))) found++;
        CHECK(found == 2, "%s captured %d times", rv_version(v)->name, found);
    }
    int sweep = 0, verify_skipped = 0;
    for (int i = 0; i < rec.njobs; i++) {
        sweep += !strcmp(rec.jobs[i].path, "results/nvidia-h100-80gb-hbm3-sweep.json") ||
                 !strcmp(rec.jobs[i].path, "results/nvidia-h100-80gb-hbm3-sweep-cold.json");
        CHECK(rec.jobs[i].state == RV_JOB_PENDING, "all pending with ncu");
    }
    CHECK(sweep == 2, "a sweep, warm and cold");
    rv_record_plan(&rec, DEVICE, "/nowhere", 1, 0);
    CHECK(rec.njobs == 2 * RV_NUM_VERSIONS + 2, "quick: no sweep (%d jobs)", rec.njobs);
    for (int i = 0; i < rec.njobs; i++) {
        CHECK(!strstr(rec.jobs[i].path, "sweep"), "quick has no sweep");
        verify_skipped += rec.jobs[i].state == RV_JOB_SKIPPED && strstr(rec.jobs[i].why, "ncu");
    }
    CHECK(verify_skipped == 1, "no ncu: verify skipped, saying why");

    /* the waves of every version: a traced run with --waves, into waves/ */
    rv_record_plan(&rec, DEVICE, "/nowhere", 1, 1);
    int before = rec.njobs;
    rv_record_plan_waves(&rec, 1, NULL);
    CHECK(rec.njobs == before + RV_NUM_VERSIONS, "a waves job a version (%d jobs)", rec.njobs - before);
    for (int v = 0; v < RV_NUM_VERSIONS && rec.njobs == before + RV_NUM_VERSIONS; v++) {
        const rv_record_job *j = &rec.jobs[before + v];
        char want[96];
        snprintf(want, sizeof want, "waves/nvidia-h100-80gb-hbm3-%s.rvt", rv_version(v)->name);
        CHECK(!strcmp(j->path, want) && j->state == RV_JOB_PENDING, "%s: %s", rv_version(v)->name, j->path);
        int waves = 0, kernel = 0;
        for (int a = 0; a < j->nargs; a++) {
            waves += !strcmp(j->args[a], "--waves");
            kernel += a > 0 && !strcmp(j->args[a - 1], "--kernel") && !strcmp(j->args[a], rv_version(v)->name);
        }
        CHECK(!strcmp(j->args[0], "trace") && waves == 1 && kernel == 1, "%s: trace --kernel %s --waves", j->path,
              rv_version(v)->name);
    }
    rv_record_plan(&rec, DEVICE, "/nowhere", 1, 1);
    rv_record_plan_waves(&rec, 0, "no tracer here");
    int skipped = 0;
    for (int i = 0; i < rec.njobs; i++) skipped += rec.jobs[i].state == RV_JOB_SKIPPED && !strcmp(rec.jobs[i].why, "no tracer here");
    CHECK(skipped == RV_NUM_VERSIONS, "without the tracer the waves are skipped, saying why (%d)", skipped);
}

static void test_complete_then_refused(void)
{
    static rv_recording rec;
    char dir[1024], err[1600], status[32];
    int missing = -1;
    fake f = {0, -1, -1, NULL, ""};
    fresh_dir(dir, sizeof dir, "complete");
    rv_record_plan(&rec, DEVICE, dir, 1, 0);
    CHECK(rv_record_prepare(&rec, 0, err, sizeof err) == 0, "%s", err);
    progress_calls = 0;
    int rc = rv_record_run(&rec, fake_run, &f, count_progress, NULL, NULL, err, sizeof err);
    CHECK(rc == 0, "complete: rc %d %s", rc, err);
    CHECK(f.calls == rec.njobs - 1, "every job but the skipped verify ran (%d)", f.calls);
    CHECK(progress_calls == f.calls + 1 && last_left == 0.0, "progress before each job and at the end");
    CHECK_CONTAINS(f.seen_tmp, ".part");
    for (int i = 0; i < rec.njobs; i++)
        if (rec.jobs[i].state != RV_JOB_SKIPPED)
            CHECK(exists_in(dir, rec.jobs[i].path, NULL), "%s in place", rec.jobs[i].path);
    CHECK(!any_part(dir), "no temporary file left");
    CHECK(manifest(dir, status, sizeof status, &missing) == 0 && !strcmp(status, "complete"), "status %s", status);
    CHECK(missing == 1, "only the skipped verify is missing (%d)", missing);

    /* again into the same folder: refused, the files untouched */
    static rv_recording again;
    rv_record_plan(&again, DEVICE, dir, 1, 0);
    CHECK(rv_record_prepare(&again, 0, err, sizeof err) == -1, "an earlier recording is refused");
    CHECK_CONTAINS(err, "--force");
    CHECK(exists_in(dir, rec.jobs[0].path, NULL), "still there");
    /* --force replaces: the old files are gone before the new ones come */
    CHECK(rv_record_prepare(&again, 1, err, sizeof err) == 0, "%s", err);
    CHECK(!exists_in(dir, rec.jobs[0].path, NULL) && !exists_in(dir, RV_RECORD_MANIFEST, NULL), "cleared by --force");
}

/* A failing job: no file under its name, the others done, partial. */
static void test_failing_job(void)
{
    static rv_recording rec;
    char dir[1024], err[1600], status[32];
    int missing = -1;
    fake f = {0, 3, -1, NULL, ""};
    fresh_dir(dir, sizeof dir, "failing");
    rv_record_plan(&rec, DEVICE, dir, 0, 1);
    CHECK(rv_record_prepare(&rec, 0, err, sizeof err) == 0, "%s", err);
    CHECK(rv_record_run(&rec, fake_run, &f, NULL, NULL, NULL, err, sizeof err) == 1, "partial");
    CHECK(f.calls == rec.njobs, "the jobs after the failure still ran");
    CHECK(rec.jobs[3].state == RV_JOB_FAILED && strstr(rec.jobs[3].why, "sum check"), "failed, saying why");
    CHECK(!exists_in(dir, rec.jobs[3].path, NULL) && !exists_in(dir, rec.jobs[3].path, RV_RECORD_PART),
          "no half-file of the failed job");
    CHECK(exists_in(dir, rec.jobs[2].path, NULL) && exists_in(dir, rec.jobs[4].path, NULL), "the others kept");
    CHECK(manifest(dir, status, sizeof status, &missing) == 0 && !strcmp(status, "partial") && missing == 1,
          "partial, one missing (%s, %d)", status, missing);
}

/* Interrupted in the middle (Ctrl-C during the sweep): what finished stays,
 * the rest is not run, the manifest says partial and names them. */
static void test_interrupt(void)
{
    static rv_recording rec;
    char dir[1024], err[1600], status[32];
    int missing = -1;
    volatile sig_atomic_t stop = 0;
    fresh_dir(dir, sizeof dir, "interrupted");
    rv_record_plan(&rec, DEVICE, dir, 0, 1);
    int sweep = -1;
    for (int i = 0; i < rec.njobs; i++)
        if (strstr(rec.jobs[i].path, "-sweep.json")) sweep = i; /* the warm one, first */
    fake f = {0, -1, sweep, &stop, ""};
    CHECK(rv_record_prepare(&rec, 0, err, sizeof err) == 0, "%s", err);
    CHECK(rv_record_run(&rec, fake_run, &f, NULL, NULL, &stop, err, sizeof err) == 1, "partial");
    CHECK(f.calls == sweep + 1, "nothing ran after the interrupt (%d calls)", f.calls);
    CHECK(!exists_in(dir, rec.jobs[sweep].path, NULL) && !any_part(dir), "no half sweep");
    CHECK(exists_in(dir, rec.jobs[sweep - 1].path, NULL), "the bench before it kept");
    CHECK(rec.jobs[sweep + 1].state == RV_JOB_NOT_RUN && rec.jobs[sweep + 2].state == RV_JOB_NOT_RUN,
          "the cold sweep and verify not run");
    CHECK(manifest(dir, status, sizeof status, &missing) == 0 && !strcmp(status, "partial") && missing == 3,
          "partial, both sweeps and verify missing (%s, %d)", status, missing);
    /* the same folder again without --force: refused, as any recording */
    static rv_recording again;
    rv_record_plan(&again, DEVICE, dir, 0, 1);
    CHECK(rv_record_prepare(&again, 0, err, sizeof err) == -1, "a partial recording is not overwritten either");
}

/* A folder that cannot be made: a message, no crash. */
static void test_bad_folder(void)
{
    static rv_recording rec;
    char err[1600];
    rv_record_plan(&rec, DEVICE, "/dev/null/rec", 1, 0);
    CHECK(rv_record_prepare(&rec, 0, err, sizeof err) == -1, "under /dev/null");
    CHECK_CONTAINS(err, "/dev/null");
}

int main(int argc, char **argv)
{
    snprintf(base, sizeof base, "%s/test_record_XXXXXX", argc > 1 ? argv[1] : "/tmp");
    if (!mkdtemp(base)) {
        perror("mkdtemp");
        return 1;
    }
    test_slug_and_dir();
    test_plan();
    test_complete_then_refused();
    test_failing_job();
    test_interrupt();
    test_bad_folder();
    return check_report();
}
