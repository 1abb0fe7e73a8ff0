/* submit_queue.c — the students' kernels, compiled in parallel on the CPU and
 * judged side by side on every GPU (submit_queue.h).
 *
 * One mutex guards the list.  A pool of compile workers each takes the
 * oldest waiting submission and runs `check --build-only` on it (nvcc, in the
 * sandbox: CPU only); a file that does not compile is done there, with
 * nvcc's messages.  Each GPU has `slots` workers; each takes the oldest
 * compiled submission and runs `check --built` on what its compile left
 * (and as many spare workers start beside checks that run past
 * SUBMIT_OVERDUE_S, so that a few that hold on to their time limit do not
 * stop the queue),
 * with that GPU alone visible and a connection to the GPU's gate: the
 * traced runs of several students share the GPU, and each timed run takes
 * it alone (gpu_gate.h), so that no time is taken beside another student's
 * program.  Every check runs as a child process under
 * --sandbox with the mutex released, so a student's program that crashes or
 * hangs takes down only that child, and its time limits (--timeout, and
 * RUN_LIMIT_S around each stage) keep the queue moving.  With the first
 * kernel, one more child compiles the version to beat into the class's build
 * cache (`check --prepare-cache`) beside that kernel's compile, so that the
 * first check finds it built.  A check the machine refused a process or
 * memory (the sandbox says so in DIR/submissions/ID.refused: sandbox.c) is
 * no verdict: the kernel goes back to the queue once, from its compile, and
 * if it is refused again the student is told it was the machine.  What the
 * queue tells the pages and the results is submit_report.c's, over the same
 * insides (submit_private.h).
 */
#define _GNU_SOURCE
#include "submit_queue.h"
#include "submit_private.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "core/exercises.h"
#include "core/i18n.h"
#include "core/json.h"
#include "own/proc.h"
#include "own/sandbox.h"
#include "core/rules.h"
#include "trace_pages.h"
#include "core/versions.h"
#include "core/clock.h"

enum {
    MAX_SUBMISSIONS = 20000,   /* a class's whole day                          */
    RUN_LIMIT_S = 240,         /* one check: compile, traced run, timed runs   */
    EXIT_MACHINE = 75,         /* the exit status kept for a kernel the machine
                                  refused twice (EX_TEMPFAIL): an error       */
};


const char *submit_status_text(submit_status s)
{
    switch (s) {
    case SUBMIT_OK: return "ok";
    case SUBMIT_CLOSED: return _("this class takes no kernels: no sandbox can be made on the teacher's machine");
    case SUBMIT_TOO_LARGE: return _("the file is too large: a kernel is at most 256 KiB");
    case SUBMIT_BAD_EXERCISE: return _("no such exercise");
    case SUBMIT_BUSY: return _("your last kernel is still waiting: wait for its result before sending another");
    case SUBMIT_FULL: return _("too many kernels are waiting: try again in a minute");
    case SUBMIT_NOT_TEXT: return _("the file is empty or is not text");
    case SUBMIT_NO_DISK: return _("the teacher's machine could not keep your file");
    }
    return "?";
}

/* One line of submissions.jsonl, flushed (called under the mutex). */
static void log_event(submit_queue *q, const sub *s)
{
    if (!q->log)
        return;
    fprintf(q->log, "{\"at\":%.3f,\"event\":\"%s\",\"id\":%d,\"student\":%d,\"exercise\":%d", rv_wall_s(),
            submit_state_name(s->st), s->id, s->student, s->exercise);
    if (s->gpu >= 0 && (s->st == RUNNING || s->st == DONE))
        fprintf(q->log, ",\"gpu\":%d", s->gpu);
    if (s->st == DONE) {
        fprintf(q->log, ",\"verdict\":\"%s\",\"exit\":%d,\"waited_s\":%.3f,\"judged_s\":%.3f,\"compile_s\":%.3f,"
                "\"output\":", submit_verdict_of(s), s->exit_code, s->started - s->at, s->ended - s->started, s->compile_s);
        rv_json_string(q->log, s->output ? s->output : "");
        submit_json_speed(q->log, &s->speed);
    }
    fputs("}\n", q->log);
    fflush(q->log);
}

/* The program's output, shortened to SUBMIT_OUTPUT_MAX bytes at a line's end,
 * with the class's folder taken out of the file's name ("DIR/submissions/3.cu"
 * is "3.cu" to the student: where the teacher keeps things is not theirs). */
static char *read_output(const char *path, const char *folder)
{
    size_t len = 0;
    char *t = rv_read_text(path, &len);
    if (!t)
        return strdup("");
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

/* check's command line for one stage of a submission: its compile
 * (--build-only) into DIR/submissions/ID.work, or the GPU's run of what that
 * left (--built); or the class's build cache filled (prepare_argv).  What
 * check is asked is said here only. */
typedef struct check_cmd {
    char src[PATH_MAX + 64], work[PATH_MAX + 64], cache[PATH_MAX + 64], ex[16];
    char summary[PATH_MAX + 64], trace[PATH_MAX + 64], mark[PATH_MAX + 64];
    char *argv[30];
} check_cmd;

/* What check leaves for the class besides its words: its summary (both
 * stages: a compile that fails is a verdict too) and, from the GPU's run,
 * the trace judged.  Appended to c->argv from n; returns the new n. */
static int verdict_args(const submit_queue *q, int id, int build, check_cmd *c, int n)
{
    snprintf(c->summary, sizeof c->summary, "%s/submissions/%d.json", q->dir, id);
    submit_queue_trace_path(q, id, c->trace, sizeof c->trace);
    c->argv[n++] = "--summary", c->argv[n++] = c->summary;
    if (!build)
        c->argv[n++] = "--save-trace", c->argv[n++] = c->trace;
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
                 ? rv_json_read_file(c->summary, &len, err, sizeof err) : NULL;
    if (text && rv_json_parse(text, len, &o, err, sizeof err) == 0) {
        v.ms = submit_summary_num(&o, "ms", 1e7);
        v.gbps = submit_summary_num(&o, "gbps", 1e6);
        v.percent = submit_summary_num(&o, "percent_of_mark", 1e6);
        /* verified only with a pass: a summary that says otherwise is not believed */
        v.verified = summary_true(&o, "verified") && summary_true(&o, "pass");
        rv_json_free(&o);
    }
    free(text);
    v.traced = stat(c->trace, &st) == 0 && S_ISREG(st.st_mode);
    return v;
}

/* The class's build cache, where the version to beat and the driver's
 * object are compiled once. */
static void cache_dir(const submit_queue *q, check_cmd *c)
{
    snprintf(c->cache, sizeof c->cache, "%s/cache", q->dir);
}

/* gpu: the GPU it runs on (an index of q->gpus), -1 its compile; gated:
 * the check gets a connection to its GPU's gate as fd 4 */
static void check_argv(const submit_queue *q, int id, int exercise, int gpu, int gated, check_cmd *c)
{
    int build = gpu < 0;
    snprintf(c->src, sizeof c->src, "%s/submissions/%d.cu", q->dir, id);
    snprintf(c->work, sizeof c->work, "%s/submissions/%d.work", q->dir, id);
    cache_dir(q, c);
    snprintf(c->ex, sizeof c->ex, "%d", exercise);
    int n = 0;
    char **a = c->argv;
    a[n++] = (char *)q->exe, a[n++] = "check", a[n++] = c->src, a[n++] = "--exercise", a[n++] = c->ex;
    a[n++] = "--sandbox", a[n++] = "--timeout", a[n++] = "30";
    /* the driver's object (each compile) and the version to beat (each run)
       are compiled once for the class, kept beside its kernels */
    if (build) {
        a[n++] = "--build-only", a[n++] = c->work;
    } else {
        a[n++] = "--built", a[n++] = c->work;
        if (gated) a[n++] = "--gpu-gate-fd", a[n++] = "4";   /* RV_PROC_PASS_FD */
        /* the version to beat timed once a minute on each GPU, not once a check */
        snprintf(c->mark, sizeof c->mark, "%s/mark-gpu%d.txt", q->dir, gpu);
        a[n++] = "--mark-reuse", a[n++] = c->mark;
    }
    a[n++] = "--build-cache", a[n++] = c->cache;
    n = verdict_args(q, id, build, c, n);
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

/* Runs one stage of check (the mutex released): its compile (gpu -1), or
 * its run on GPU gpu (an index of q->gpus); its output, as the student sees
 * it, its exit status (-1 when it was stopped), its summary's speed, and
 * into `refused` why the machine refused it ("" when it did not). */
static char *run_check(submit_queue *q, int id, int exercise, int gpu, int *exit_code, verdict_speed *speed,
                       char *refused, size_t refusedlen)
{
    check_cmd c;
    char out[PATH_MAX + 64], folder[PATH_MAX + 64], envbuf[2][96], *env[4] = {NULL};
    char refusals[PATH_MAX + 64], refusals_env[PATH_MAX + 96];
    int build = gpu < 0;
    /* a compile waits for the CPU behind the checks, which hold their GPU's turns */
    rv_proc_ctl ctl = {.pass_fd = build ? -1 : gpu_gate_connect(q->gates[gpu]), .nice = build ? 10 : 0};
    if (!build) class_gpu_env(&q->gpus[gpu], envbuf, env);
    snprintf(refusals, sizeof refusals, "%s/submissions/%d.refused", q->dir, id);
    snprintf(refusals_env, sizeof refusals_env, "REDUCEVIS_REFUSALS=%s", refusals);
    env[env[0] ? 2 : 0] = refusals_env;
    remove(refusals);
    check_argv(q, id, exercise, gpu, ctl.pass_fd >= 0, &c);
    snprintf(out, sizeof out, "%s/submissions/%d.txt", q->dir, id);
    snprintf(folder, sizeof folder, "%s/submissions/", q->dir);
    remove(out);   /* a resumed class judges again what was under way */
    remove(c.summary);
    if (!build)   /* a trace left by a run the kill cut short is not this run's */
        remove(c.trace);
    rv_proc_result r = rv_proc_run_ctl(c.argv, env, out, RUN_LIMIT_S, &ctl);
    if (ctl.pass_fd >= 0) close(ctl.pass_fd);   /* the check's turns end with it */
    *exit_code = r.end == RV_PROC_EXITED ? r.status : -1;
    *speed = read_summary(&c);
    read_refusals(refusals, refused, refusedlen);
    if (r.end == RV_PROC_CANNOT_START && !refused[0])
        snprintf(refused, refusedlen, "%s", _("the class could not start the check"));
    if (*exit_code == 0) refused[0] = 0;   /* refused and tried again within it: judged all the same */
    return read_output(out, folder);
}

/* A submission's work folder, once judged: its program and the 128 MiB
 * input it ran on would fill the teacher's disk over a day of classes;
 * its source and check's words are what is kept. */
static void drop_work(const submit_queue *q, int id)
{
    char work[PATH_MAX + 64];
    snprintf(work, sizeof work, "%s/submissions/%d.work", q->dir, id);
    rv_remove_tree(work);
}

/* The oldest submission in state st (there is one: the caller counted). */
static int oldest(const submit_queue *q, state st)
{
    int k = 0;
    while (q->s[k].st != st)
        k++;
    return k;
}

/* Done (under the mutex): its output kept, its line written. */
static void finish_sub(submit_queue *q, sub *s, char *text, int exit_code, verdict_speed speed)
{
    s->output = text;
    s->speed = speed;
    s->exit_code = exit_code;
    s->ended = rv_wall_s();
    s->st = DONE;
    q->open_n--;
    log_event(q, s);
}

/* A check the machine refused (under the mutex): the first time, back to the
 * queue from its compile, with a note for the teacher (on reducevis's
 * output and in submissions.jsonl); the second, done with an error that
 * says it was the machine.  1 when it went back. */
static int refused_again(submit_queue *q, sub *s, char **text, const char *why)
{
    if (!s->retried) {
        s->retried = 1;
        s->st = QUEUED;
        s->gpu = -1;
        q->queued++;
        fprintf(stderr, _("reducevis class: kernel %d (student %d) goes back to the queue once: the machine refused "
                          "its check a process or memory (%s)\n"), s->id, s->student, why);
        if (q->log) {
            fprintf(q->log, "{\"at\":%.3f,\"event\":\"retry\",\"id\":%d,\"student\":%d,\"why\":", rv_wall_s(),
                    s->id, s->student);
            rv_json_string(q->log, why);
            fputs("}\n", q->log);
            fflush(q->log);
        }
        free(*text);
        *text = NULL;
        pthread_cond_signal(&q->work);
        return 1;
    }
    /* check's own words (kept for the teacher in DIR/submissions/ID.txt)
       would blame the file or the sandbox: the student reads this instead */
    char *said = NULL;
    if (asprintf(&said, _("The teacher's machine could not run this check, twice: it refused it a process or memory "
                          "(%s), most likely while another program held them. This says nothing about your kernel: "
                          "send it again.\n"), why) >= 0) {
        free(*text);
        *text = said;
    }
    return 0;
}

/* A compile worker: `check --build-only` for the oldest waiting submission;
 * compiled, it waits for the GPU; not, its verdict is nvcc's messages. */
static void *compile_loop(void *arg)
{
    submit_queue *q = arg;
    pthread_mutex_lock(&q->mu);
    for (;;) {
        while (!q->stop && !q->queued)
            pthread_cond_wait(&q->work, &q->mu);
        if (q->stop)
            break;
        int k = oldest(q, QUEUED), code;
        verdict_speed speed;
        sub *s = &q->s[k];
        s->st = COMPILING;
        q->queued--;
        int id = s->id, exercise = s->exercise;
        log_event(q, s);
        pthread_mutex_unlock(&q->mu);
        double t0 = rv_wall_s();
        char refused[300];
        char *text = run_check(q, id, exercise, -1, &code, &speed, refused, sizeof refused);
        pthread_mutex_lock(&q->mu);
        s = &q->s[k];   /* the list may have moved */
        s->compile_s = rv_wall_s() - t0;
        if (refused[0]) {   /* what it left goes before it is compiled again */
            pthread_mutex_unlock(&q->mu);
            drop_work(q, id);
            pthread_mutex_lock(&q->mu);
            s = &q->s[k];
            if (!refused_again(q, s, &text, refused)) {
                s->started = rv_wall_s();
                finish_sub(q, s, text, EXIT_MACHINE, speed);
            }
        } else if (code == 0) {
            free(text);
            s->st = COMPILED;
            q->ready++;
            log_event(q, s);
            pthread_cond_broadcast(&q->compiled);   /* a worker of a GPU with a slot free */
        } else {
            s->started = rv_wall_s();
            finish_sub(q, s, text, code, speed);
            pthread_mutex_unlock(&q->mu);
            drop_work(q, id);
            pthread_mutex_lock(&q->mu);
        }
    }
    pthread_mutex_unlock(&q->mu);
    return NULL;
}

/* The version to beat compiled into the cache once the first kernel comes,
 * beside that kernel's compile; what it said is kept in DIR/cache.txt.  A
 * failure only means that the first check compiles it, as it would have.
 * Stopping the class stops it (a cache entry is renamed into place whole, so
 * a compile cut short leaves none). */
static void *prepare_loop(void *arg)
{
    submit_queue *q = arg;
    check_cmd c;
    char log[PATH_MAX + 64];
    prepare_argv(q, &c);
    snprintf(log, sizeof log, "%s/cache.txt", q->dir);
    rv_proc_run_until(c.argv, NULL, log, RUN_LIMIT_S, &q->stop);
    pthread_mutex_lock(&q->mu);
    q->preparing = 0;
    pthread_cond_broadcast(&q->compiled);
    pthread_mutex_unlock(&q->mu);
    return NULL;
}

/* The version to beat's compile started, once (under the mutex, or before
 * the workers start): the GPU worker waits for it from now on. */
static void start_prepare(submit_queue *q)
{
    if (q->prepare_started)
        return;
    q->preparing = 1;   /* before the thread that clears it */
    q->prepare_started = pthread_create(&q->prepare, NULL, prepare_loop, q) == 0;
    if (!q->prepare_started)
        q->preparing = 0;
}

/* Whether the GPU has a slot free (under the mutex): fewer of its checks
 * running than its slots, a check past SUBMIT_OVERDUE_S not counted. */
static int slot_free(const submit_queue *q, int gpu)
{
    double now = rv_wall_s();
    int held = 0;
    for (int k = 0; k < q->ns; k++)
        held += q->s[k].st == RUNNING && q->s[k].gpu == gpu && now - q->s[k].started < SUBMIT_OVERDUE_S;
    return held < q->slots;
}

/* A GPU's worker: `check --built` for the oldest compiled submission, on
 * its GPU, when the GPU has a slot free (each GPU has twice its slots in
 * workers: the spares start beside checks that run on).  It waits while
 * the version to beat is being compiled: a check started then would
 * compile the same build beside it. */
static void *gpu_loop(void *arg)
{
    gpu_worker *w = arg;
    submit_queue *q = w->q;
    pthread_mutex_lock(&q->mu);
    for (;;) {
        while (!q->stop && (!q->ready || q->preparing || !slot_free(q, w->gpu))) {
            if (!q->ready || q->preparing) {
                pthread_cond_wait(&q->compiled, &q->mu);
                continue;
            }
            /* a kernel waits and every slot is held: a check may run past
               its time meanwhile, or end, so look again within a second */
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += 1;
            pthread_cond_timedwait(&q->compiled, &q->mu, &until);
        }
        if (q->stop)
            break;
        int k = oldest(q, COMPILED), code;
        verdict_speed speed;
        sub *s = &q->s[k];
        s->st = RUNNING;
        s->started = rv_wall_s();
        s->gpu = w->gpu;
        q->ready--;
        int id = s->id, exercise = s->exercise;
        log_event(q, s);
        pthread_mutex_unlock(&q->mu);
        char refused[300];
        char *text = run_check(q, id, exercise, w->gpu, &code, &speed, refused, sizeof refused);
        drop_work(q, id);
        pthread_mutex_lock(&q->mu);
        if (!refused[0] || !refused_again(q, &q->s[k], &text, refused))
            finish_sub(q, &q->s[k], text, refused[0] ? EXIT_MACHINE : code, speed);
    }
    pthread_mutex_unlock(&q->mu);
    return NULL;
}

/* The compile workers asked for, or max(1, cores - 1): one core is left to
 * the server and the GPU worker's check. */
static int compilers_of(int asked)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int n = asked > 0 ? asked : cores > 1 ? (int)cores - 1 : 1;
    return n < SUBMIT_MAX_COMPILERS ? n : SUBMIT_MAX_COMPILERS;
}

/* The GPUs, a gate each, and the file their turns are kept in: 0, or -1
 * with why in err. */
static int open_gpus(submit_queue *q, const submit_options *opt, char *err, size_t errlen)
{
    q->ngpus = class_gpus_find(opt->gpus, q->gpus, CLASS_MAX_GPUS, err, errlen);
    if (q->ngpus < 0) return -1;
    q->slots = opt->slots > 0 ? (opt->slots < SUBMIT_MAX_SLOTS ? opt->slots : SUBMIT_MAX_SLOTS) : SUBMIT_DEFAULT_SLOTS;
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/gpu-turns.txt", q->dir);
    q->turns = fopen(path, "a");   /* for the teacher and the benchmark; none is no loss */
    for (int g = 0; g < q->ngpus; g++)
        if (!(q->gates[g] = gpu_gate_new(q->gpus[g].id, q->turns, err, errlen))) return -1;
    return 0;
}

/* The compile workers and each GPU's; 0, or -1 with why in err. */
static int start_workers(submit_queue *q, int compilers, char *err, size_t errlen)
{
    q->ncompilers = compilers_of(compilers);
    int nworkers = 2 * q->ngpus * q->slots;   /* the slots, and a spare for each */
    for (int i = 0; i < q->ncompilers + nworkers; i++) {
        int gpu_side = i >= q->ncompilers;
        gpu_worker *w = &q->workers[gpu_side ? i - q->ncompilers : 0];
        if (gpu_side) w->q = q, w->gpu = (i - q->ncompilers) % q->ngpus;   /* the GPUs in turn */
        if (pthread_create(&q->threads[i], NULL, gpu_side ? gpu_loop : compile_loop, gpu_side ? (void *)w : q) != 0) {
            snprintf(err, errlen, _("cannot start a thread: %s"), strerror(errno));
            return -1;
        }
        q->nthreads++;
    }
    return 0;
}

submit_queue *submit_queue_new(const char *dir, const char *exe, const char *font, const submit_options *opt,
                               char *err, size_t errlen)
{
    submit_queue *q = calloc(1, sizeof *q);
    if (!q) {
        snprintf(err, errlen, "%s", _("out of memory"));
        return NULL;
    }
    char real[PATH_MAX];   /* absolute: check names its file so, and the students are shown it without */
    snprintf(q->dir, sizeof q->dir, "%s", realpath(dir, real) ? real : dir);
    snprintf(q->exe, sizeof q->exe, "%s", exe);
    pthread_mutex_init(&q->mu, NULL);
    pthread_cond_init(&q->work, NULL);
    pthread_cond_init(&q->compiled, NULL);
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/submissions", dir);
    if (mkdir(path, 0700) != 0 && errno != EEXIST) {
        snprintf(err, errlen, _("cannot make the folder %s: %s"), path, strerror(errno));
        submit_queue_free(q);
        return NULL;
    }
    if (open_gpus(q, opt, err, errlen)) {
        submit_queue_free(q);
        return NULL;
    }
    snprintf(path, sizeof path, "%s/submissions.jsonl", dir);
    submit_resume(q, path, MAX_SUBMISSIONS);
    if (!(q->pages = trace_pages_new(q->dir, exe, font))) {
        snprintf(err, errlen, _("cannot start a thread: %s"), strerror(errno));
        submit_queue_free(q);
        return NULL;
    }
    if (!(q->log = fopen(path, "a"))) {
        snprintf(err, errlen, _("cannot open %s: %s"), path, strerror(errno));
        submit_queue_free(q);
        return NULL;
    }
    char why[500];
    if (!rv_sandbox_possible(why, sizeof why)) {
        snprintf(q->why_closed, sizeof q->why_closed, _("no kernels are taken in this class: %s"), why);
        return q;
    }
    if (q->open_n)   /* resumed with kernels still to judge */
        start_prepare(q);
    if (start_workers(q, opt->compilers, err, errlen)) {
        submit_queue_free(q);
        return NULL;
    }
    return q;
}

void submit_queue_free(submit_queue *q)
{
    if (!q)
        return;
    pthread_mutex_lock(&q->mu);
    __atomic_store_n(&q->stop, 1, __ATOMIC_RELAXED);   /* read by a compile of the cache's, unlocked */
    pthread_cond_broadcast(&q->work);
    pthread_cond_broadcast(&q->compiled);
    pthread_mutex_unlock(&q->mu);
    for (int i = 0; i < q->nthreads; i++)
        pthread_join(q->threads[i], NULL);
    if (q->prepare_started)
        pthread_join(q->prepare, NULL);
    trace_pages_free(q->pages);
    for (int g = 0; g < q->ngpus; g++)
        gpu_gate_free(q->gates[g]);
    if (q->turns)
        fclose(q->turns);
    if (q->log)
        fclose(q->log);
    for (int i = 0; i < q->ns; i++)
        free(q->s[i].output);
    free(q->s);
    pthread_cond_destroy(&q->work);
    pthread_cond_destroy(&q->compiled);
    pthread_mutex_destroy(&q->mu);
    free(q);
}

const char *submit_queue_why_closed(const submit_queue *q)
{
    return q->why_closed[0] ? q->why_closed : NULL;
}

int submit_queue_trace_owner(submit_queue *q, int id)
{
    pthread_mutex_lock(&q->mu);
    int student = id >= 1 && id <= q->ns && q->s[id - 1].st == DONE && q->s[id - 1].speed.traced ? q->s[id - 1].student
                                                                                                 : -1;
    pthread_mutex_unlock(&q->mu);
    return student;
}

trace_pages *submit_queue_pages(submit_queue *q)
{
    return q->pages;
}

/* The student's submission still waiting or running, or NULL (under the mutex). */
static sub *pending(submit_queue *q, int student)
{
    for (int i = q->ns - 1; i >= 0; i--)
        if (q->s[i].student == student && q->s[i].st != DONE)
            return &q->s[i];
    return NULL;
}

static int write_source(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "w");   /* a file left by a kill before its line: replaced */
    if (!f)
        return -1;
    int ok = fwrite(text, 1, len, f) == len;
    ok = fflush(f) == 0 && fsync(fileno(f)) == 0 && ok;
    return fclose(f) == 0 && ok ? 0 : -1;
}

submit_status submit_queue_add(submit_queue *q, int student, int exercise, const char *text, size_t len, int *id)
{
    if (q->why_closed[0])
        return SUBMIT_CLOSED;
    if (len > SUBMIT_MAX_BYTES)
        return SUBMIT_TOO_LARGE;
    if (!rv_exercise_get(exercise))
        return SUBMIT_BAD_EXERCISE;
    if (!len || memchr(text, '\0', len))
        return SUBMIT_NOT_TEXT;
    pthread_mutex_lock(&q->mu);
    submit_status st = SUBMIT_OK;
    if (pending(q, student))
        st = SUBMIT_BUSY;
    else if (q->open_n >= SUBMIT_MAX_QUEUED || q->ns >= MAX_SUBMISSIONS)
        st = SUBMIT_FULL;
    else if (q->ns == q->cap) {
        int cap = q->cap ? 2 * q->cap : 64;
        sub *more = realloc(q->s, (size_t)cap * sizeof *more);
        if (!more)
            st = SUBMIT_NO_DISK;
        else
            q->s = more, q->cap = cap;
    }
    if (st == SUBMIT_OK) {
        /* the file is on disk before the student hears it was taken; the
           mutex keeps ids unique, and a write of 256 KiB is short */
        char path[PATH_MAX + 64];
        snprintf(path, sizeof path, "%s/submissions/%d.cu", q->dir, q->ns + 1);
        if (write_source(path, text, len) != 0) {
            st = SUBMIT_NO_DISK;
        } else {
            sub *s = &q->s[q->ns++];
            *s = (sub){ .id = q->ns, .student = student, .exercise = exercise, .st = QUEUED, .at = rv_wall_s(),
                        .gpu = -1 };
            *id = s->id;
            q->queued++;
            q->open_n++;
            start_prepare(q);
            log_event(q, s);
            pthread_cond_signal(&q->work);
        }
    }
    pthread_mutex_unlock(&q->mu);
    return st;
}
