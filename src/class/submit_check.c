/* submit_check.c — one check of a student's kernel, as the queue runs it
 * (submit_private.h): check's command line for each stage (the compile, the
 * GPU's run, the class's build cache), the child process run with its GPU
 * and its gate, and what it leaves read back: its words as the student sees
 * them, its summary's speed, the machine's refusals.  What check is asked
 * is said here only. */
#define _GNU_SOURCE
#include "submit_private.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/i18n.h"
#include "core/json.h"
#include "own/base/proc.h"
#include "slurm.h"

/* The program's output, shortened to SUBMIT_OUTPUT_MAX bytes at a line's end,
 * with the class's folder taken out of the file's name ("DIR/submissions/3.cu"
 * is "3.cu" to the student: where the teacher keeps things is not theirs). */
static char *read_output(const char *path, const char *folder)
{
    size_t len = 0;
    char *t = rv_read_text(path, &len);
    if (!t) return strdup("");
    size_t flen = strlen(folder);
    for (char *at = flen ? strstr(t, folder) : NULL; at; at = strstr(at, folder)) {
        memmove(at, at + flen, len + 1 - (size_t)(at + flen - t));
        len -= flen;
    }
    if (len > SUBMIT_OUTPUT_MAX) {
        char *cut = memrchr(t, '\n', SUBMIT_OUTPUT_MAX);
        size_t keep = cut ? (size_t)(cut - t) + 1 : SUBMIT_OUTPUT_MAX;
        snprintf(t + keep, len + 1 - keep, "%s", "[...]\n");
    }
    return t;
}

/* What check leaves for the class besides its words: its summary (both
 * stages: a compile that fails is a verdict too) and, from the GPU's run,
 * the trace judged; a grid's run judges nothing and leaves the verdict's
 * trace with the grid in it as ID.grid.rvt, which replaces the verdict's
 * once whole.  Appended to c->argv from n; returns the new n. */
static int verdict_args(const submit_queue *q, int id, int build, int grid, check_cmd *c, int n)
{
    c->summary[0] = 0; /* a grid's run: none, the verdict's stays */
    if (grid) {
        snprintf(c->trace, sizeof c->trace, "%s/submissions/%d.grid.rvt", q->dir, id);
    } else {
        submit_queue_trace_path(q, id, c->trace, sizeof c->trace);
        snprintf(c->summary, sizeof c->summary, "%s/submissions/%d.json", q->dir, id);
        c->argv[n++] = "--summary", c->argv[n++] = c->summary;
    }
    if (!build) c->argv[n++] = "--save-trace", c->argv[n++] = c->trace;
    return n;
}

/* A boolean of the summary: 1 only where it is there and true. */
static int summary_true(const rv_json *o, const char *key)
{
    for (int i = 0; o->type == RV_JSON_OBJECT && i < o->nkids; i++)
        if (!strcmp(o->kids[i].key, key)) return o->kids[i].type == RV_JSON_BOOL && o->kids[i].number != 0;
    return 0;
}

double submit_summary_num(const rv_json *o, const char *key, double most)
{
    for (int i = 0; o->type == RV_JSON_OBJECT && i < o->nkids; i++)
        if (!strcmp(o->kids[i].key, key) && o->kids[i].type == RV_JSON_NUMBER)
            return o->kids[i].number > 0 && o->kids[i].number < most ? o->kids[i].number : 0;
    return 0;
}

void submit_summary_gpu(const rv_json *o, const char *key, char *out, size_t len)
{
    out[0] = 0;
    for (int i = 0; o->type == RV_JSON_OBJECT && i < o->nkids; i++) {
        const rv_json *k = &o->kids[i];
        if (strcmp(k->key, key) || k->type != RV_JSON_STRING || strlen(k->text) > 95) continue;
        for (const char *c = k->text; *c; c++)
            if (*c < 0x20 || *c > 0x7e) return;
        snprintf(out, len, "%s", k->text);
    }
}

/* check's summary of a run, read back: written by our own check process,
 * but after a student's program ran, so data that may be missing, cut or
 * odd (read by json.c, at most 64 KiB; a field that is not a sane number is
 * left unsaid). */
static verdict_speed read_summary(const check_cmd *c)
{
    verdict_speed v = {0};
    struct stat st;
    char err[200];
    size_t len;
    rv_json o;
    char *text = stat(c->summary, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= 64 * 1024
                     ? rv_json_read_file(c->summary, &len, err, sizeof err)
                     : NULL;
    if (text && rv_json_parse(text, len, &o, err, sizeof err) == 0) {
        v.ms = submit_summary_num(&o, "ms", 1e7);
        v.gbps = submit_summary_num(&o, "gbps", 1e6);
        v.percent = submit_summary_num(&o, "percent_of_mark", 1e6);
        /* verified only with a pass: a summary that says otherwise is not believed */
        v.verified = summary_true(&o, "verified") && summary_true(&o, "pass");
        submit_summary_gpu(&o, "gpu", v.node_gpu, sizeof v.node_gpu);
        rv_json_free(&o);
    }
    free(text);
    v.traced = stat(c->trace, &st) == 0 && S_ISREG(st.st_mode);
    return v;
}

/* The class's build cache, where the version to beat and the driver's
 * object are compiled once. */
static void cache_dir(const submit_queue *q, check_cmd *c) { snprintf(c->cache, sizeof c->cache, "%s/cache", q->dir); }

/* What check is asked is said here only.  Through Slurm each check lands on
 * whichever node has a GPU free, so the file of the version to beat's time
 * is named by the step for the GPU it landed on. */
void submit_check_argv(const submit_queue *q, int id, int exercise, int gpu, int grid, int gated, check_cmd *c)
{
    int build = gpu < 0;
    snprintf(c->src, sizeof c->src, "%s/submissions/%d.cu", q->dir, id);
    submit_work_path(q, id, c->work, sizeof c->work);
    cache_dir(q, c);
    snprintf(c->ex, sizeof c->ex, "%d", exercise);
    int n = 0;
    char **a = c->argv;
    a[n++] = (char *)q->exe, a[n++] = "check", a[n++] = c->src;
    /* the grid, asked of the class: the waves run alone of the build the
       verdict ran, added to the verdict's trace (submit_queue.c) */
    if (grid) {
        submit_queue_trace_path(q, id, c->verdict_trace, sizeof c->verdict_trace);
        a[n++] = "--waves-into", a[n++] = c->verdict_trace;
    } else {
        a[n++] = "--exercise", a[n++] = c->ex;
    }
    a[n++] = "--sandbox", a[n++] = "--timeout", a[n++] = "30";
    /* the driver's object (each compile) and the version to beat (each run)
       are compiled once for the class, kept beside its kernels */
    if (build) {
        a[n++] = "--build-only", a[n++] = c->work;
    } else {
        a[n++] = "--built", a[n++] = c->work;
        if (gated) a[n++] = "--gpu-gate-fd", a[n++] = "4"; /* RV_PROC_PASS_FD */
        /* steps that share a GPU keep its turns through lock files on its node */
        if (slurm_shares_gpu(&q->slurm))
            a[n++] = "--gpu-lock", a[n++] = (char *)(q->slurm.lock_dir[0] ? q->slurm.lock_dir : SLURM_LOCK_DIR);
        /* the version to beat timed once a minute on each GPU, not once a
           check; a step names its GPU itself, once Slurm has put it on one
           (the node and its gres GPU: check's "%g") */
        if (q->slurm.partition[0])
            snprintf(c->mark, sizeof c->mark, "%s/mark-%%g.txt", q->dir);
        else
            snprintf(c->mark, sizeof c->mark, "%s/mark-gpu%d.txt", q->dir, gpu);
        if (!grid) a[n++] = "--mark-reuse", a[n++] = c->mark;
    }
    if (!grid) a[n++] = "--build-cache", a[n++] = c->cache;
    n = verdict_args(q, id, build, grid, c, n);
    a[n] = NULL;
}

/* The version to beat compiled into the cache, in the sandbox as the
 * checks that use it compile. */
static void prepare_argv(const submit_queue *q, check_cmd *c)
{
    cache_dir(q, c);
    char **a = c->argv;
    a[0] = (char *)q->exe, a[1] = "check", a[2] = "--prepare-cache", a[3] = c->cache, a[4] = "--sandbox";
    a[5] = NULL;
}

/* The refusals the sandboxes of a check noted, read back into `why` (its
 * first line; "" none): written by our own check process, and never by the
 * student's code, which sees neither the class's folder nor the variable. */
static void read_refusals(const char *path, char *why, size_t len)
{
    char *text = rv_read_text(path, NULL);
    snprintf(why, len, "%.*s", text ? (int)strcspn(text, "\n") : 0, text ? text : "");
    free(text);
    remove(path);
}

/* Its GPU's run as a Slurm job step: srun's own words into ID.srun, the
 * check's into out; a step Slurm lost or ended is said in refused, and
 * *cluster set.  The gate is this machine's: a step keeps its GPU's turns
 * with the other steps on its node through lock files (check --gpu-lock). */
static rv_proc_result run_step(submit_queue *q, int id, const check_cmd *c, const char *out, char *const env[],
                               char *refused, size_t refusedlen, int *cluster)
{
    slurm_step step;
    char srun_log[PATH_MAX + 64];
    snprintf(srun_log, sizeof srun_log, "%s/submissions/%d.srun", q->dir, id);
    int bad = slurm_step_argv(&q->slurm, id, out, q->dir, SUBMIT_RUN_LIMIT_S, c->argv, &step);
    rv_proc_result r = {RV_PROC_CANNOT_START, 0, 0};
    if (bad) {
        snprintf(refused, refusedlen, "%s", _("the class's folder's name is too long for srun"));
        *cluster = 1;
    } else {
        /* a class killed takes its steps with it: srun told SIGTERM cancels its job */
        rv_proc_ctl ctl = {.pass_fd = -1, .death_signal = SIGTERM};
        r = rv_proc_run_ctl(step.argv, env, srun_log, SUBMIT_RUN_LIMIT_S, &ctl);
        *cluster = slurm_step_lost(srun_log, r.end == RV_PROC_EXITED, r.status, refused, refusedlen);
    }
    return r;
}

/* One stage of check run (the mutex released), its words into out: what
 * submit_run_check says of it, but for the words themselves; its command's
 * paths into *cmd (only those: its argv pointed into run_stage's own copy). */
static void run_stage(submit_queue *q, int id, int exercise, int gpu, int grid, int gate, const char *out,
                      check_cmd *cmd, int *exit_code, verdict_speed *speed, char *refused, size_t refusedlen,
                      int *cluster)
{
    check_cmd c;
    char envbuf[2][96], *env[4] = {NULL};
    char refusals[PATH_MAX + 64], refusals_env[PATH_MAX + 96];
    int build = gpu < 0, step = !build && q->slurm.partition[0];
    *cluster = 0;
    /* a compile waits for the CPU behind the checks, which hold their GPU's turns */
    rv_proc_ctl ctl = {.pass_fd = build || step ? -1 : gate, .nice = build ? 10 : 0};
    if (!build && !step) class_gpu_env(&q->gpus[gpu], envbuf, env);
    snprintf(refusals, sizeof refusals, "%s/submissions/%d.refused", q->dir, id);
    snprintf(refusals_env, sizeof refusals_env, "REDUCEVIS_REFUSALS=%s", refusals);
    env[env[0] ? 2 : 0] = refusals_env;
    remove(refusals);
    submit_check_argv(q, id, exercise, gpu, grid, ctl.pass_fd >= 0, &c);
    remove(out); /* a resumed class judges again what was under way */
    if (c.summary[0]) remove(c.summary);
    if (!build) /* a trace left by a run the kill cut short is not this run's */
        remove(c.trace);
    rv_proc_result r = step ? run_step(q, id, &c, out, env, refused, refusedlen, cluster)
                            : rv_proc_run_ctl(c.argv, env, out, SUBMIT_RUN_LIMIT_S, &ctl);
    if (ctl.pass_fd >= 0) close(ctl.pass_fd); /* the check's turns end with it */
    *exit_code = r.end == RV_PROC_EXITED ? r.status : -1;
    *speed = read_summary(&c);
    char node_said[PATH_MAX + 256] = "";
    read_refusals(refusals, *cluster ? node_said : refused, *cluster ? sizeof node_said : refusedlen);
    if (*cluster && node_said[0]) { /* the step's check said why its node could not run it (--gpu-lock) */
        snprintf(refused, refusedlen, "%s", node_said);
        *cluster = 2;
    }
    if (r.end == RV_PROC_CANNOT_START && !refused[0])
        snprintf(refused, refusedlen, "%s", _("the class could not start the check"));
    if (*exit_code == 0 && !*cluster) refused[0] = 0; /* refused and tried again within it: judged all the same */
    *cmd = c;
}

char *submit_run_check(submit_queue *q, int id, int exercise, int gpu, int gate, int *exit_code, verdict_speed *speed,
                       char *refused, size_t refusedlen, int *cluster)
{
    char out[PATH_MAX + 64], folder[PATH_MAX + 64];
    check_cmd c;
    snprintf(out, sizeof out, "%s/submissions/%d.txt", q->dir, id);
    snprintf(folder, sizeof folder, "%s/submissions/", q->dir);
    run_stage(q, id, exercise, gpu, 0, gate, out, &c, exit_code, speed, refused, refusedlen, cluster);
    return read_output(out, folder);
}

int submit_run_grid(submit_queue *q, int id, int exercise, int gpu, int gate)
{
    char out[PATH_MAX + 64], refused[400];
    int code, cluster;
    verdict_speed speed;
    check_cmd c;
    snprintf(out, sizeof out, "%s/submissions/%d.grid.txt", q->dir, id);
    run_stage(q, id, exercise, gpu, 1, gate, out, &c, &code, &speed, refused, sizeof refused, &cluster);
    /* ID.grid.rvt (verdict_args), over the verdict's trace it was added to */
    const char *grid = c.trace, *trace = c.verdict_trace;
    /* the waves added (exit 0) and the trace written whole: check writes
       it under another name and renames it, so one that is there is whole */
    struct stat st;
    int kept = code == 0 && !refused[0] && lstat(grid, &st) == 0 && S_ISREG(st.st_mode) && rename(grid, trace) == 0;
    if (!kept) remove(grid);
    return kept;
}

void submit_work_path(const submit_queue *q, int id, char *buf, size_t len)
{
    snprintf(buf, len, "%s/submissions/%d.work", q->dir, id);
}

void submit_drop_work(const submit_queue *q, int id)
{
    char work[PATH_MAX + 64];
    submit_work_path(q, id, work, sizeof work);
    rv_remove_tree(work);
}

void submit_prepare_cache(submit_queue *q)
{
    check_cmd c;
    char log[PATH_MAX + 64];
    prepare_argv(q, &c);
    snprintf(log, sizeof log, "%s/cache.txt", q->dir);
    rv_proc_run_until(c.argv, NULL, log, SUBMIT_RUN_LIMIT_S, &q->stop);
}
