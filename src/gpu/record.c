/* record.c — the plan of a recording, its folder, its manifest, and the
 * loop that runs its jobs through a runner, each file written under a
 * temporary name and renamed into place only when complete. */
#include "record.h"
#include "core/datadir.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/i18n.h"
#include "core/json.h"
#include "model/model.h"
#include "core/versions.h"
#include "core/clock.h"

/* Guesses of each job's time on a recent GPU, for the first estimate of the
 * time left (measured times replace them as the jobs finish). */
#define RV_RECORD_EST_CAPTURE 0.6
#define RV_RECORD_EST_BENCH   4.0
#define RV_RECORD_EST_WAVES   2.0 /* a traced run and a waves run of one version */
#define RV_RECORD_EST_SWEEP   40.0
#define RV_RECORD_EST_VERIFY  70.0

/* The two data patterns every version is captured with, and the words in
 * the trace files' names ("random:1" -> "random1", as the bundled ones). */
static const char *const patterns[] = {"ones", "random:1"};

/* ==== names and places ==================================================== */

void rv_record_slug(const char *device, char *slug, size_t len)
{
    size_t at = 0;
    int dash = 0;
    if (len == 0) return;
    for (const char *p = device; *p && at + 1 < len; p++) {
        unsigned char c = (unsigned char)*p;
        if (isalnum(c) && c < 128) {
            if (dash && at > 0 && at + 2 < len) slug[at++] = '-';
            slug[at++] = (char)tolower(c);
            dash = 0;
        } else {
            dash = 1;
        }
    }
    slug[at] = '\0';
    if (at == 0) snprintf(slug, len, "gpu");
}

int rv_record_default_dir(const char *slug, char *dir, size_t len, char *err, size_t errlen)
{
    char root[RV_DATA_PATH_LEN];
    if (rv_user_data_root(root, sizeof root, err, errlen) != 0) return -1;
    int n = snprintf(dir, len, "%s/%s", root, slug);
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, errlen, _("the data folder's path is too long: say where with --out DIR"));
        return -1;
    }
    return 0;
}

/* dir/rel into buf; -1 when it does not fit. */
static int join(char *buf, size_t len, const char *dir, const char *rel, const char *suffix)
{
    int n = snprintf(buf, len, "%s/%s%s", dir, rel, suffix ? suffix : "");
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* ==== the plan ============================================================ */

static rv_record_job *add_job(rv_recording *rec, double estimate, const char *log, const char *fmt_path, ...)
{
    if (rec->njobs >= RV_RECORD_MAX_JOBS) return NULL; /* the table would need a larger plan */
    rv_record_job *j = &rec->jobs[rec->njobs++];
    memset(j, 0, sizeof *j);
    va_list ap;
    va_start(ap, fmt_path);
    vsnprintf(j->path, sizeof j->path, fmt_path, ap);
    va_end(ap);
    snprintf(j->log, sizeof j->log, "logs/%s-%s.txt", rec->slug, log);
    j->estimate_s = estimate;
    j->state = RV_JOB_PENDING;
    return j;
}

static void add_arg(rv_record_job *j, const char *arg)
{
    if (j->nargs < RV_RECORD_MAX_ARGS) snprintf(j->args[j->nargs++], sizeof j->args[0], "%s", arg);
}

/* "random:1" -> "random1" */
static void pattern_word(const char *pattern, char *buf, size_t len)
{
    size_t at = 0;
    for (const char *p = pattern; *p && at + 1 < len; p++)
        if (*p != ':') buf[at++] = *p;
    buf[at] = '\0';
}

void rv_record_plan(rv_recording *rec, const char *device, const char *dir, int quick, int have_ncu)
{
    memset(rec, 0, sizeof *rec);
    snprintf(rec->device, sizeof rec->device, "%s", device);
    snprintf(rec->dir, sizeof rec->dir, "%s", dir);
    rv_record_slug(device, rec->slug, sizeof rec->slug);
    rec->quick = quick;
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(rec->started, sizeof rec->started, "%Y-%m-%dT%H:%M:%SZ", &utc);

    /* every version of the table, at the default block size (or its least) */
    int default_block = rv_config_default().block_size;
    for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++)
        for (int v = 0; v < RV_NUM_VERSIONS; v++) {
            const rv_version_info *info = rv_version(v);
            int block = default_block < info->min_block ? info->min_block : default_block;
            char word[32], bs[16];
            pattern_word(patterns[p], word, sizeof word);
            rv_record_job *j = add_job(rec, RV_RECORD_EST_CAPTURE, "capture", "traces/%s-%s-b%d-%s.rvt", rec->slug,
                                       info->name, block, word);
            if (!j) return;
            snprintf(j->what, sizeof j->what, _("capture %s, data %s"), info->name, patterns[p]);
            snprintf(bs, sizeof bs, "%d", block);
            add_arg(j, "capture");
            add_arg(j, "--version");
            add_arg(j, info->name);
            add_arg(j, "--block-size");
            add_arg(j, bs);
            add_arg(j, "--data");
            add_arg(j, patterns[p]);
        }
    rv_record_job *j = add_job(rec, RV_RECORD_EST_BENCH, "bench", "results/%s.json", rec->slug);
    if (!j) return;
    snprintf(j->what, sizeof j->what, _("bench, N = 2^25"));
    add_arg(j, "bench");
    if (!quick) {
        if (!(j = add_job(rec, RV_RECORD_EST_SWEEP, "bench-sweep", "results/%s-sweep.json", rec->slug))) return;
        snprintf(j->what, sizeof j->what, _("bench sweep, N = 2^20 .. 2^30"));
        add_arg(j, "bench");
        add_arg(j, "--sweep");
        add_arg(j, "--repeat");
        add_arg(j, "30");
        /* the same with L2 flushed before every run: small N read from memory, not from L2 */
        if (!(j = add_job(rec, RV_RECORD_EST_SWEEP, "bench-sweep-cold", "results/%s-sweep-cold.json", rec->slug)))
            return;
        snprintf(j->what, sizeof j->what, _("bench sweep, cold L2"));
        add_arg(j, "bench");
        add_arg(j, "--sweep");
        add_arg(j, "--repeat");
        add_arg(j, "30");
        add_arg(j, "--cold");
    }
    if (!(j = add_job(rec, RV_RECORD_EST_VERIFY, "verify", "results/%s-verify.json", rec->slug))) return;
    snprintf(j->what, sizeof j->what, _("verify with Nsight Compute"));
    add_arg(j, "verify");
    if (!have_ncu) {
        j->state = RV_JOB_SKIPPED;
        snprintf(j->why, sizeof j->why, "%s",
                 _("Nsight Compute (ncu) is not on the PATH: install it and record again "
                   "to compare the predictions with the hardware's counters"));
    }
}

void rv_record_plan_waves(rv_recording *rec, int have_tracer, const char *why_not)
{
    for (int v = 0; v < RV_NUM_VERSIONS; v++) {
        const rv_version_info *info = rv_version(v);
        int block = rv_config_default().block_size;
        char bs[16];
        if (block < info->min_block) block = info->min_block;
        snprintf(bs, sizeof bs, "%d", block);
        rv_record_job *j = add_job(rec, RV_RECORD_EST_WAVES, "waves", "waves/%s-%s.rvt", rec->slug, info->name);
        if (!j) return;
        snprintf(j->what, sizeof j->what, _("waves of %s"), info->name);
        add_arg(j, "trace");
        add_arg(j, "--kernel");
        add_arg(j, info->name);
        add_arg(j, "--block-size");
        add_arg(j, bs);
        add_arg(j, "--waves");
        add_arg(j, "--no-time");
        add_arg(j, "--no-view");
        if (!have_tracer) {
            j->state = RV_JOB_SKIPPED;
            snprintf(j->why, sizeof j->why, "%s", why_not ? why_not : "");
        }
    }
}

/* ==== the folder ========================================================== */

/* mkdir -p */
static int make_dirs(const char *path, char *err, size_t errlen)
{
    char buf[1400];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(buf, 0777) && errno != EEXIST) {
                snprintf(err, errlen, _("cannot make the folder %s: %s"), buf, strerror(errno));
                return -1;
            }
            struct stat st;
            if (stat(buf, &st) || !S_ISDIR(st.st_mode)) {
                snprintf(err, errlen, _("%s is not a folder"), buf);
                return -1;
            }
            if (!c) return 0;
            *p = c;
        }
    }
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Removes path (a file) when it is there. */
static int remove_file(const char *path, char *err, size_t errlen)
{
    if (unlink(path) == 0 || errno == ENOENT) return 0;
    snprintf(err, errlen, _("cannot remove %s: %s"), path, strerror(errno));
    return -1;
}

int rv_record_prepare(rv_recording *rec, int force, char *err, size_t errlen)
{
    char path[1400], found[1400] = "";
    static const char *const subdirs[] = {"", "/traces", "/results", "/logs", "/waves"};
    if (join(path, sizeof path, rec->dir, RV_RECORD_MANIFEST, NULL) == 0 && exists(path))
        snprintf(found, sizeof found, "%s", path);
    for (int i = 0; i < rec->njobs && !found[0]; i++)
        if (join(path, sizeof path, rec->dir, rec->jobs[i].path, NULL) == 0 && exists(path))
            snprintf(found, sizeof found, "%s", path);
    if (found[0] && !force) {
        snprintf(err, errlen,
                 _("%s already holds a recording (%s); add --force to replace it, or record into "
                   "another folder with --out DIR"),
                 rec->dir, found);
        return -1;
    }
    for (size_t k = 0; k < sizeof subdirs / sizeof subdirs[0]; k++) {
        snprintf(path, sizeof path, "%s%s", rec->dir, subdirs[k]);
        if (make_dirs(path, err, errlen)) return -1;
    }
    if (!force) return 0;
    /* --force: what the plan writes goes first, so that nothing of the old
     * recording is mistaken for a part of the new one */
    if (join(path, sizeof path, rec->dir, RV_RECORD_MANIFEST, NULL) || remove_file(path, err, errlen)) return -1;
    for (int i = 0; i < rec->njobs; i++) {
        if (join(path, sizeof path, rec->dir, rec->jobs[i].path, NULL) || remove_file(path, err, errlen)) return -1;
        if (join(path, sizeof path, rec->dir, rec->jobs[i].path, RV_RECORD_PART) || remove_file(path, err, errlen))
            return -1;
    }
    return 0;
}

/* ==== the manifest ======================================================== */

const char *rv_record_state_name(rv_job_state s)
{
    static const char *const names[] = {N_("pending"), N_("running"), N_("done"),
                                        N_("failed"),  N_("skipped"), N_("not run")};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

int rv_record_count(const rv_recording *rec, rv_job_state s)
{
    int n = 0;
    for (int i = 0; i < rec->njobs; i++) n += rec->jobs[i].state == s;
    return n;
}

/* Complete: every job that could run is done (a skipped one says why). */
static int is_complete(const rv_recording *rec)
{
    return rv_record_count(rec, RV_JOB_DONE) + rv_record_count(rec, RV_JOB_SKIPPED) == rec->njobs;
}

static void write_manifest(const rv_recording *rec, FILE *f)
{
    time_t now = time(NULL);
    struct tm utc;
    char updated[32];
    gmtime_r(&now, &utc);
    strftime(updated, sizeof updated, "%Y-%m-%dT%H:%M:%SZ", &utc);
    fprintf(f, "{\n  \"format\": \"%s\",\n  \"format_version\": 1,\n  \"device\": ", RV_RECORD_FORMAT);
    rv_json_string(f, rec->device);
    fputs(",\n  \"slug\": ", f);
    rv_json_string(f, rec->slug);
    fprintf(f, ",\n  \"status\": \"%s\",\n  \"quick\": %s,\n  \"started\": \"%s\",\n  \"updated\": \"%s\",\n",
            is_complete(rec) ? "complete" : "partial", rec->quick ? "true" : "false", rec->started, updated);
    fputs("  \"missing\": [", f);
    int first = 1;
    for (int i = 0; i < rec->njobs; i++) {
        if (rec->jobs[i].state == RV_JOB_DONE) continue;
        fputs(first ? "" : ", ", f);
        rv_json_string(f, rec->jobs[i].path);
        first = 0;
    }
    fputs("],\n  \"jobs\": [", f);
    for (int i = 0; i < rec->njobs; i++) {
        const rv_record_job *j = &rec->jobs[i];
        fputs(i ? ",\n    {\"what\": " : "\n    {\"what\": ", f);
        rv_json_string(f, j->what);
        fputs(", \"file\": ", f);
        rv_json_string(f, j->path);
        fputs(", \"log\": ", f);
        rv_json_string(f, j->log);
        fprintf(f, ", \"state\": \"%s\", \"seconds\": %.1f", rv_record_state_name(j->state), j->seconds);
        if (j->why[0]) {
            fputs(", \"why\": ", f);
            rv_json_string(f, j->why);
        }
        fputs("}", f);
    }
    fputs("\n  ]\n}\n", f);
}

int rv_record_write_manifest(const rv_recording *rec, char *err, size_t errlen)
{
    char path[1400], tmp[1400];
    if (join(path, sizeof path, rec->dir, RV_RECORD_MANIFEST, NULL) ||
        join(tmp, sizeof tmp, rec->dir, RV_RECORD_MANIFEST, RV_RECORD_PART)) {
        snprintf(err, errlen, _("the recording's folder name is too long"));
        return -1;
    }
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, _("cannot write %s: %s"), tmp, strerror(errno));
        return -1;
    }
    write_manifest(rec, f);
    int bad = ferror(f);
    if (fclose(f) || bad) {
        snprintf(err, errlen, _("writing %s failed (disk full?)"), tmp);
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path)) {
        snprintf(err, errlen, _("cannot rename %s to %s: %s"), tmp, path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* ==== running ============================================================= */

/* The time left: the guesses of the jobs to come, scaled by how the
 * finished jobs' times compared with their guesses. */
static double time_left(const rv_recording *rec, int next)
{
    double guessed = 0.0, took = 0.0, left = 0.0;
    for (int i = 0; i < rec->njobs; i++) {
        const rv_record_job *j = &rec->jobs[i];
        if (j->state == RV_JOB_DONE || j->state == RV_JOB_FAILED) {
            guessed += j->estimate_s;
            took += j->seconds;
        } else if (i >= next && j->state == RV_JOB_PENDING) {
            left += j->estimate_s;
        }
    }
    return guessed > 0.0 && took > 0.0 ? left * took / guessed : left;
}

/* One job: its file under the temporary name, renamed when complete. */
static int run_job(rv_recording *rec, rv_record_job *j, rv_record_runner run, void *ctx)
{
    char final[1400], tmp[1400], log[1400];
    j->why[0] = '\0';
    if (join(final, sizeof final, rec->dir, j->path, NULL) ||
        join(tmp, sizeof tmp, rec->dir, j->path, RV_RECORD_PART) || join(log, sizeof log, rec->dir, j->log, NULL)) {
        snprintf(j->why, sizeof j->why, _("the recording's folder name is too long"));
        return -1;
    }
    unlink(tmp);
    double t0 = rv_mono_s();
    int rc = run(ctx, j, tmp, log, j->why, sizeof j->why);
    j->seconds = rv_mono_s() - t0;
    if (rc == 0 && !exists(tmp)) {
        snprintf(j->why, sizeof j->why, _("the command succeeded but wrote no %s"), j->path);
        rc = -1;
    }
    if (rc == 0 && rename(tmp, final)) {
        snprintf(j->why, sizeof j->why, _("cannot rename %s into place: %s"), j->path, strerror(errno));
        rc = -1;
    }
    if (rc != 0) unlink(tmp); /* a half-written file never stays */
    return rc;
}

int rv_record_run(rv_recording *rec, rv_record_runner run, void *run_ctx, rv_record_progress progress,
                  void *progress_ctx, volatile sig_atomic_t *stop, char *err, size_t errlen)
{
    double start = rv_mono_s();
    int stopped = 0;
    for (int i = 0; i < rec->njobs; i++) {
        rv_record_job *j = &rec->jobs[i];
        if (j->state != RV_JOB_PENDING) continue;
        if (stopped || (stop && *stop)) {
            stopped = 1;
            j->state = RV_JOB_NOT_RUN;
            snprintf(j->why, sizeof j->why, _("the recording was interrupted before it"));
            continue;
        }
        if (progress) progress(progress_ctx, rec, i, rv_mono_s() - start, time_left(rec, i));
        j->state = RV_JOB_RUNNING;
        if (rv_record_write_manifest(rec, err, errlen)) return -1;
        int rc = run_job(rec, j, run, run_ctx);
        if (rc == RV_RECORD_INTERRUPTED || (rc != 0 && stop && *stop)) {
            stopped = 1;
            j->state = RV_JOB_NOT_RUN;
            snprintf(j->why, sizeof j->why, _("interrupted while it ran"));
        } else {
            j->state = rc == 0 ? RV_JOB_DONE : RV_JOB_FAILED;
        }
        if (rv_record_write_manifest(rec, err, errlen)) return -1;
    }
    if (progress) progress(progress_ctx, rec, rec->njobs, rv_mono_s() - start, 0.0);
    if (rv_record_write_manifest(rec, err, errlen)) return -1;
    return is_complete(rec) ? 0 : 1;
}
