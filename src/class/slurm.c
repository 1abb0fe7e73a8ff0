/* slurm.c — a class's checks as Slurm job steps (slurm.h).
 *
 * Slurm is spoken to through its own commands (srun, scontrol, sinfo) as
 * child processes with a time limit each, never through libslurm: its ABI
 * changes with every release, and the commands are what a lab's
 * administrator tries by hand when something is wrong.  srun's own words go
 * to a file of their own, apart from the check's (srun --output), so that
 * what tells a lost step from a verdict is written by srun, never by a
 * student's program, which can print anything into its own output. */
#define _GNU_SOURCE
#include "slurm.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/i18n.h"
#include "own/base/proc.h"

enum {
    ASK_LIMIT_S = 10,   /* scontrol and sinfo: the controller answers in well under
                           a second, or its MessageTimeout (10 s by default) ends them */
    WATCH_EVERY_S = 20, /* a class losing steps asks the controller at most this often */
};

/* The controller did not answer when last asked (the probe at the start,
 * or the watch after a lost step): the next step that runs says it is back. */
static int down;

int slurm_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n < 1 || n > SLURM_NAME_MAX) return -1;
    for (size_t i = 0; i < n; i++)
        if (!(name[i] >= 'a' && name[i] <= 'z') && !(name[i] >= 'A' && name[i] <= 'Z') &&
            !(name[i] >= '0' && name[i] <= '9') && !strchr("_-.", name[i]))
            return -1;
    return 0;
}

/* A Slurm command's words (stdout and stderr) into a malloc'd string ("" when
 * none); its exit status, or -1 when it could not start, was killed or ran
 * past ASK_LIMIT_S. */
static int ask(char *const argv[], const char *dir, char **words)
{
    char log[PATH_MAX + 32];
    snprintf(log, sizeof log, "%s/slurm-probe.txt", dir);
    rv_proc_result r = rv_proc_run(argv, NULL, log, ASK_LIMIT_S);
    *words = rv_read_text(log, NULL);
    if (!*words) *words = strdup("");
    return r.end == RV_PROC_EXITED ? r.status : -1;
}

/* The first line of words, for a message (at most 300 bytes). */
static void first_line(const char *words, char *out, size_t len)
{
    const char *w = words && *words ? words : "(nothing)";
    int n = (int)strcspn(w, "\n");
    snprintf(out, len, "%.*s", n < 300 ? n : 300, w);
}

/* Whether the controller answers (scontrol ping says UP); its words in why. */
static int controller_up(const char *dir, char *why, size_t len)
{
    char *argv[] = {"scontrol", "ping", NULL}, *words;
    int rc = ask(argv, dir, &words);
    int up = rc == 0 && strstr(words, "is UP") != NULL;
    first_line(rc < 0 && !*words ? _("scontrol did not answer") : words, why, len);
    free(words);
    return up;
}

int slurm_probe(const slurm_opts *o, const char *dir, char *say, size_t saylen, char *err, size_t errlen)
{
    char path[PATH_MAX], why[400];
    if (!rv_find_program("srun", path, sizeof path) || !rv_find_program("scontrol", path, sizeof path)) {
        snprintf(err, errlen, "%s",
                 _("--slurm: srun and scontrol are not installed here (Debian's slurm-client): "
                   "the class starts the checks through them"));
        return -1;
    }
    if (!controller_up(dir, why, sizeof why)) {
        __atomic_store_n(&down, 1, __ATOMIC_RELAXED);
        snprintf(say, saylen,
                 _("slurm: the controller does not answer (%s): the class goes on; a check sent while "
                   "it does not goes back to the queue once, then tells the student it was the cluster"),
                 why);
        return 1;
    }
    char *show[] = {"scontrol", "show", "partition", (char *)o->partition, NULL}, *words;
    int rc = ask(show, dir, &words);
    if (rc != 0) {
        first_line(words, why, sizeof why);
        int missing = strstr(words, "not found") != NULL;
        free(words);
        if (!missing) { /* it stopped answering since the ping: the class goes on, as above */
            __atomic_store_n(&down, 1, __ATOMIC_RELAXED);
            snprintf(say, saylen,
                     _("slurm: the controller does not answer (%s): the class goes on; a check sent "
                       "while it does not goes back to the queue once, then tells the student it was "
                       "the cluster"),
                     why);
            return 1;
        }
        snprintf(err, errlen, _("--slurm %s: no such partition on this cluster (scontrol says: %s)"), o->partition,
                 why);
        return -1;
    }
    free(words);
    /* the GPU gres of the partition's nodes, one line each: "gpu:h100:4", "(null)" */
    char *gres[] = {"sinfo", "--noheader", "--partition", (char *)o->partition, "--format=%G", NULL};
    rc = ask(gres, dir, &words);
    char want[SLURM_NAME_MAX + 8] = "gpu";
    if (o->gpu[0]) snprintf(want, sizeof want, "gpu:%s", o->gpu);
    if (o->shard) snprintf(want, sizeof want, "shard");
    int none = !strcmp(o->gpu, "none");
    if (!none && (rc != 0 || !strstr(words, want))) {
        first_line(words, why, sizeof why);
        if (o->shard)
            snprintf(err, errlen,
                     _("--slurm %s: no node of the partition has a gres shard (sinfo says: %s): "
                       "configure gres/shard on its nodes, or leave out --slurm-shard to ask for "
                       "whole GPUs"),
                     o->partition, why);
        else
            snprintf(err, errlen,
                     _("--slurm %s: no node of the partition has a GPU gres %s (sinfo says: %s): "
                       "configure gres/gpu on its nodes, or give --slurm-gpu none to ask for no GPU"),
                     o->partition, want, why);
        free(words);
        return -1;
    }
    free(words);
    char turns[512] = "";
    if (slurm_shares_gpu(o))
        snprintf(turns, sizeof turns, _("; the steps on one GPU take their turns through lock files in %s on its node"),
                 o->lock_dir[0] ? o->lock_dir : SLURM_LOCK_DIR);
    snprintf(say, saylen,
             _("slurm: each check runs as a job step in partition %s (%s, %d MiB), the version to beat "
               "timed in the same step%s"),
             o->partition,
             none       ? _("no GPU asked for")
             : o->shard ? _("a shard of a GPU")
                        : want,
             SLURM_STEP_MEM_MB, turns);
    return 0;
}

int slurm_shares_gpu(const slurm_opts *o) { return o->shard || !strcmp(o->gpu, "none"); }

/* A file name for srun's --output, whose '%' would be a pattern. */
static int escape_percent(const char *in, char *out, size_t len)
{
    size_t n = 0;
    for (; *in; in++) {
        if (n + 3 > len) return -1;
        if (*in == '%') out[n++] = '%';
        out[n++] = *in;
    }
    out[n] = 0;
    return 0;
}

int slurm_step_argv(const slurm_opts *o, int id, const char *task_out, const char *dir, int limit_s, char *const cmd[],
                    slurm_step *step)
{
    char(*b)[sizeof step->opt[0]] = step->opt;
    char **a = step->argv, out[sizeof step->opt[0] - 16];
    int n = 0, minutes = (limit_s + 59) / 60;
    a[n++] = "srun";
    snprintf(b[0], sizeof b[0], "--partition=%s", o->partition), a[n++] = b[0];
    if (o->account[0]) snprintf(b[1], sizeof b[1], "--account=%s", o->account), a[n++] = b[1];
    if (o->qos[0]) snprintf(b[2], sizeof b[2], "--qos=%s", o->qos), a[n++] = b[2];
    if (strcmp(o->gpu, "none")) {
        snprintf(b[3], sizeof b[3],
                 o->shard    ? "--gres=shard:1"
                 : o->gpu[0] ? "--gres=gpu:%s:1"
                             : "--gres=gpu:1",
                 o->gpu);
        a[n++] = b[3];
    }
    /* Slurm's limit a minute past the class's own (SUBMIT_RUN_LIMIT_S), which
       ends the step first: the class kills srun, and Slurm ends a job whose
       srun is gone; its own limit is the backstop */
    snprintf(b[4], sizeof b[4], "--time=%d", minutes + 1), a[n++] = b[4];
    snprintf(b[5], sizeof b[5], "--mem=%dM", SLURM_STEP_MEM_MB), a[n++] = b[5];
    snprintf(b[6], sizeof b[6], "--job-name=reducevis-check-%d", id), a[n++] = b[6];
    if (escape_percent(task_out, out, sizeof out) ||
        snprintf(b[7], sizeof b[7], "--output=%s", out) >= (int)sizeof b[7] ||
        snprintf(b[8], sizeof b[8], "--chdir=%s", dir) >= (int)sizeof b[8])
        return -1;
    a[n++] = b[7], a[n++] = b[8];
    /* one task on one node; the step ends as soon as it does */
    a[n++] = "--nodes=1", a[n++] = "--ntasks=1", a[n++] = "--cpus-per-task=1", a[n++] = "--kill-on-bad-exit=1";
    a[n++] = "--input=none";
    for (int i = 0; cmd[i]; i++) {
        if (n + 2 > (int)(sizeof step->argv / sizeof step->argv[0])) return -1;
        a[n++] = cmd[i];
    }
    a[n] = NULL;
    return 0;
}

/* A line of srun's own that says Slurm ended or could not start the step.
 * "task 0: Exited with exit code 1" is check's verdict, said again. */
static int lost_line(const char *line)
{
    if (strstr(line, "Exited with exit code")) return 0;
    return !strncmp(line, "srun: error:", 12) || strstr(line, "Job step aborted") || strstr(line, "CANCELLED") ||
           strstr(line, "NODE_FAIL") || strstr(line, "PREEMPT") || strstr(line, "TIME LIMIT") ||
           strstr(line, "Force Terminated") || strstr(line, "Unable to");
}

int slurm_step_lost(const char *srun_log, int exited, int status, char *why, size_t len)
{
    char *words = rv_read_text(srun_log, NULL);
    const char *found = NULL;
    for (char *line = words; line && *line && !found;) {
        char *end = strchr(line, '\n');
        if (end) *end = 0;
        if (lost_line(line)) found = line;
        line = end ? end + 1 : line + strlen(line);
    }
    /* check's own exit statuses are 0, 1 and 2; srun passes them on, and gives
       128 + the signal, or its own 1 with an error line, when Slurm ended it */
    int verdict = exited && status >= 0 && status <= 2 && !found;
    if (!verdict) {
        if (found)
            snprintf(why, len, "%.300s", found);
        else if (exited)
            snprintf(why, len, _("srun ended with status %d"), status);
        else
            snprintf(why, len, "%s", _("the step did not end within the check's time limit"));
    }
    free(words);
    return !verdict;
}

void slurm_watch_controller(const char *dir, int lost)
{
    static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    static double last;
    if (!lost && !__atomic_load_n(&down, __ATOMIC_RELAXED))
        return;                                  /* the usual case, a step ran with the controller up: no lock */
    if (pthread_mutex_trylock(&mu) != 0) return; /* another worker is asking it now */
    double now = rv_mono_s();
    if (!lost && down) { /* a step ran: the controller gave it its node */
        fprintf(stderr, "%s", _("reducevis class: the Slurm controller answers again\n"));
        __atomic_store_n(&down, 0, __ATOMIC_RELAXED);
    } else if (lost && (!last || now - last >= WATCH_EVERY_S)) {
        char why[400];
        last = now;
        int up = controller_up(dir, why, sizeof why);
        if (!up && !down)
            fprintf(stderr,
                    _("reducevis class: the Slurm controller does not answer (%s): the class goes on; its "
                      "checks go back to the queue once, then tell the student it was the cluster\n"),
                    why);
        else if (up && down)
            fprintf(stderr, "%s", _("reducevis class: the Slurm controller answers again\n"));
        __atomic_store_n(&down, !up, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&mu);
}
