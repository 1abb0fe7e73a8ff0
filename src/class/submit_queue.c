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
 * SUBMIT_RUN_LIMIT_S around each stage) keep the queue moving.  With the first
 * kernel, one more child compiles the version to beat into the class's build
 * cache (`check --prepare-cache`) beside that kernel's compile, so that the
 * first check finds it built.  A check the machine refused a process or
 * memory (the sandbox says so in DIR/submissions/ID.refused: sandbox.c) is
 * no verdict: the kernel goes back to the queue once, from its compile, and
 * if it is refused again the student is told it was the machine.  Each
 * check's command line, run and words read back are submit_check.c's; what
 * the queue tells the pages and the results is submit_report.c's, over the
 * same insides (submit_private.h).
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
#include "own/base/proc.h"
#include "own/sandbox/sandbox.h"
#include "core/rules.h"
#include "trace_pages.h"
#include "core/versions.h"
#include "core/clock.h"

enum {
    MAX_SUBMISSIONS = 20000, /* a class's whole day                          */
    EXIT_MACHINE = 75,       /* the exit status kept for a kernel the machine
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
    if (!q->log) return;
    fprintf(q->log, "{\"at\":%.3f,\"event\":\"%s\",\"id\":%d,\"student\":%d,\"exercise\":%d", rv_wall_s(),
            submit_state_name(s->st), s->id, s->student, s->exercise);
    if (s->gpu >= 0 && (s->st == RUNNING || s->st == DONE)) fprintf(q->log, ",\"gpu\":%d", s->gpu);
    if (s->st == DONE) {
        fprintf(q->log,
                ",\"verdict\":\"%s\",\"exit\":%d,\"waited_s\":%.3f,\"judged_s\":%.3f,\"compile_s\":%.3f,"
                "\"output\":",
                submit_verdict_of(s), s->exit_code, s->started - s->at, s->ended - s->started, s->compile_s);
        rv_json_string(q->log, s->output ? s->output : "");
        submit_json_speed(q->log, &s->speed);
    }
    fputs("}\n", q->log);
    fflush(q->log);
}

/* The oldest submission in state st (there is one: the caller counted). */
static int oldest(const submit_queue *q, state st)
{
    int k = 0;
    while (q->s[k].st != st) k++;
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

/* A check the machine refused, or whose job step Slurm lost or ended
 * (cluster 1), or whose step's node could not run it (cluster 2: check said
 * so, e.g. no folder for the GPU's locks; under the mutex): the first time,
 * back to the queue from its
 * compile, with a note for the teacher (on reducevis's output and in
 * submissions.jsonl); the second, done with an error that says it was the
 * machine, or the cluster.  1 when it went back. */
static int refused_again(submit_queue *q, sub *s, char **text, const char *why, int cluster)
{
    if (!s->retried) {
        s->retried = 1;
        s->st = QUEUED;
        s->gpu = -1;
        q->queued++;
        if (cluster == 2)
            fprintf(stderr,
                    _("reducevis class: kernel %d (student %d) goes back to the queue once: the node its job "
                      "step ran on could not run it (%s)\n"),
                    s->id, s->student, why);
        else if (cluster)
            fprintf(stderr,
                    _("reducevis class: kernel %d (student %d) goes back to the queue once: Slurm lost or "
                      "ended its job step (%s)\n"),
                    s->id, s->student, why);
        else
            fprintf(stderr,
                    _("reducevis class: kernel %d (student %d) goes back to the queue once: the machine "
                      "refused its check a process or memory (%s)\n"),
                    s->id, s->student, why);
        if (q->log) {
            fprintf(q->log, "{\"at\":%.3f,\"event\":\"retry\",\"id\":%d,\"student\":%d,\"why\":", rv_wall_s(), s->id,
                    s->student);
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
    int n = cluster == 2 ? asprintf(&said,
                                    _("The cluster could not run this check, twice: the node its job step ran "
                                      "on could not run it (%s). This says nothing about your kernel: send "
                                      "it again.\n"),
                                    why)
            : cluster    ? asprintf(&said,
                                    _("The cluster could not run this check, twice: Slurm lost or ended its job "
                                         "step (%s). This says nothing about your kernel: send it again.\n"),
                                    why)
                         : asprintf(&said,
                                    _("The teacher's machine could not run this check, twice: it refused it a "
                                         "process or memory (%s), most likely while another program held them. This "
                                         "says nothing about your kernel: send it again.\n"),
                                    why);
    if (n >= 0) {
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
        while (!q->stop && !q->queued) pthread_cond_wait(&q->work, &q->mu);
        if (q->stop) break;
        int k = oldest(q, QUEUED), code;
        verdict_speed speed;
        sub *s = &q->s[k];
        s->st = COMPILING;
        q->queued--;
        int id = s->id, exercise = s->exercise;
        log_event(q, s);
        pthread_mutex_unlock(&q->mu);
        double t0 = rv_wall_s();
        char refused[400];
        int cluster;
        char *text = submit_run_check(q, id, exercise, -1, -1, &code, &speed, refused, sizeof refused, &cluster);
        pthread_mutex_lock(&q->mu);
        s = &q->s[k]; /* the list may have moved */
        s->compile_s = rv_wall_s() - t0;
        if (refused[0]) { /* what it left goes before it is compiled again */
            pthread_mutex_unlock(&q->mu);
            submit_drop_work(q, id);
            pthread_mutex_lock(&q->mu);
            s = &q->s[k];
            if (!refused_again(q, s, &text, refused, 0)) {
                s->started = rv_wall_s();
                finish_sub(q, s, text, EXIT_MACHINE, speed);
            }
        } else if (code == 0) {
            free(text);
            s->st = COMPILED;
            q->ready++;
            log_event(q, s);
            pthread_cond_broadcast(&q->compiled); /* a worker of a GPU with a slot free */
        } else {
            s->started = rv_wall_s();
            finish_sub(q, s, text, code, speed);
            pthread_mutex_unlock(&q->mu);
            submit_drop_work(q, id);
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
    submit_prepare_cache(q);
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
    if (q->prepare_started) return;
    q->preparing = 1; /* before the thread that clears it */
    q->prepare_started = pthread_create(&q->prepare, NULL, prepare_loop, q) == 0;
    if (!q->prepare_started) q->preparing = 0;
}

/* Whether running check s holds a slot of its GPU now (under the mutex):
 * not past SUBMIT_OVERDUE_S, nor while its student's launch() has run
 * SUBMIT_HOST_LET_GO_S on the host alone.  The first time it does not, the
 * class's log says so and why ("let_go": the bench counts honest checks let
 * go too soon). */
static int holds_slot(submit_queue *q, sub *s, double now)
{
    const char *why = now - s->started >= SUBMIT_OVERDUE_S                                                  ? "overdue"
                      : s->gate_id && gpu_gate_host_s(q->gates[s->gpu], s->gate_id) >= SUBMIT_HOST_LET_GO_S ? "host"
                                                                                                            : NULL;
    if (why && !s->let_go) {
        s->let_go = why;
        if (q->log) {
            fprintf(q->log,
                    "{\"at\":%.3f,\"event\":\"let_go\",\"id\":%d,\"student\":%d,\"why\":\"%s\",\"after_s\":%.3f}\n",
                    now, s->id, s->student, why, now - s->started);
            fflush(q->log);
        }
    }
    return !why;
}

/* The GPU's slots held (under the mutex): by its checks for a verdict
 * (holds_slot) and by its grids' runs. */
static int slots_held(submit_queue *q, int gpu)
{
    double now = rv_wall_s();
    int held = 0;
    for (int k = 0; k < q->ns; k++) {
        const sub *s = &q->s[k];
        held += (s->st == RUNNING && s->gpu == gpu && holds_slot(q, &q->s[k], now)) ||
                (s->grid == GRID_RUNNING && s->grid_gpu == gpu);
    }
    return held;
}

/* Whether a kernel may start its verdict's check on the GPU (under the
 * mutex): one is compiled, the version to beat is not being compiled, and
 * the GPU has a slot free. */
static int verdict_may_run(submit_queue *q, int gpu)
{
    return q->ready && !q->preparing && slots_held(q, gpu) < q->slots;
}

/* Whether a judged kernel's grid may be recorded on the GPU (under the
 * mutex): only while no kernel waits for its verdict, and on at most half
 * the GPU's slots, so that a kernel sent meanwhile finds a slot free.  Run
 * within the verdict's check (--waves: 2.2 s a check against 0.9 s on an
 * H200), the grid held every slot so much longer that 300 students in a
 * minute waited a p95 of 33 s (docs/class.md). */
static int grid_may_run(submit_queue *q, int gpu)
{
    return q->grids_waiting && !q->ready && !q->preparing && 2 * slots_held(q, gpu) < q->slots;
}

/* The oldest judged kernel whose grid waits (there is one: the caller counted). */
static int oldest_grid(const submit_queue *q)
{
    int k = 0;
    while (q->s[k].grid != GRID_WAITING) k++;
    return k;
}

/* A judged kernel's grid recorded (the mutex held, and released while it
 * runs): its work folder is dropped after it, as a check's is. */
static void run_grid(submit_queue *q, int gpu)
{
    int k = oldest_grid(q);
    sub *s = &q->s[k];
    s->grid = GRID_RUNNING;
    s->grid_gpu = gpu;
    q->grids_waiting--;
    long gate_id = 0;
    int gate = q->slurm.partition[0] ? -1 : gpu_gate_connect_id(q->gates[gpu], &gate_id);
    int id = s->id, exercise = s->exercise;
    double t0 = rv_wall_s();
    pthread_mutex_unlock(&q->mu);
    int kept = submit_run_grid(q, id, exercise, gpu, gate);
    submit_drop_work(q, id);
    pthread_mutex_lock(&q->mu);
    s = &q->s[k];
    s->grid = GRID_DONE;
    pthread_cond_broadcast(&q->compiled); /* its slot is free: a kernel waiting may take it */
    if (q->log) {
        double now = rv_wall_s();
        fprintf(q->log,
                "{\"at\":%.3f,\"event\":\"grid\",\"id\":%d,\"student\":%d,\"gpu\":%d,\"kept\":%d,\"ran_s\":%.3f,"
                "\"after_verdict_s\":%.3f}\n",
                now, id, s->student, gpu, kept, now - t0, now - s->ended);
        fflush(q->log);
    }
}

/* A GPU's worker: `check --built` for the oldest compiled submission, on
 * its GPU, when the GPU has a slot free (each GPU has twice its slots in
 * workers: the spares start beside checks that run on); else, in a class
 * with --waves, the oldest judged kernel's grid (grid_may_run).  It waits
 * while the version to beat is being compiled: a check started then would
 * compile the same build beside it. */
static void *gpu_loop(void *arg)
{
    gpu_worker *w = arg;
    submit_queue *q = w->q;
    pthread_mutex_lock(&q->mu);
    for (;;) {
        while (!q->stop && !verdict_may_run(q, w->gpu) && !grid_may_run(q, w->gpu)) {
            if ((!q->ready && !q->grids_waiting) || q->preparing) {
                pthread_cond_wait(&q->compiled, &q->mu);
                continue;
            }
            /* a kernel or a grid waits and the slots it may take are held:
               a check may run past its time meanwhile, or end, so look
               again within a second */
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += 1;
            pthread_cond_timedwait(&q->compiled, &q->mu, &until);
        }
        if (q->stop) break;
        if (!verdict_may_run(q, w->gpu)) {
            run_grid(q, w->gpu);
            continue;
        }
        int k = oldest(q, COMPILED), code;
        verdict_speed speed;
        sub *s = &q->s[k];
        s->st = RUNNING;
        s->started = rv_wall_s();
        s->gpu = w->gpu;
        s->gate_id = 0, s->let_go = NULL;
        int gate = q->slurm.partition[0] ? -1 : gpu_gate_connect_id(q->gates[w->gpu], &s->gate_id);
        q->ready--;
        int id = s->id, exercise = s->exercise;
        log_event(q, s);
        pthread_mutex_unlock(&q->mu);
        char refused[400];
        int cluster;
        char *text = submit_run_check(q, id, exercise, w->gpu, gate, &code, &speed, refused, sizeof refused, &cluster);
        /* a judged kernel's grid, in a class with --waves, is recorded on
           the build it kept, after the verdict (grid_may_run) */
        int grid = q->waves && !refused[0] && (code == 0 || code == 1) && speed.traced;
        if (!grid) submit_drop_work(q, id);
        if (q->slurm.partition[0]) /* the teacher hears whether the controller still answers */
            slurm_watch_controller(q->dir, cluster == 1);
        pthread_mutex_lock(&q->mu);
        if (!refused[0] || !refused_again(q, &q->s[k], &text, refused, cluster))
            finish_sub(q, &q->s[k], text, refused[0] ? EXIT_MACHINE : code, speed);
        if (grid) {
            q->s[k].grid = GRID_WAITING;
            q->grids_waiting++;
            pthread_cond_broadcast(&q->compiled);
        }
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
    q->slurm = opt->slurm;
    q->waves = opt->waves;
    if (q->slurm.partition[0]) {
        /* one set of workers for the whole partition: Slurm picks the node
           and the GPU of each step; `slots` of them run at once */
        char say[700];
        if (slurm_probe(&q->slurm, q->dir, say, sizeof say, err, errlen) < 0) return -1;
        printf("%s\n", say);
        fflush(stdout);
        q->ngpus = 1;
        memset(&q->gpus[0], 0, sizeof q->gpus[0]);
    } else {
        q->ngpus = class_gpus_find(opt->gpus, q->gpus, CLASS_MAX_GPUS, err, errlen);
    }
    if (q->ngpus < 0) return -1;
    q->slots = opt->slots > 0 ? (opt->slots < SUBMIT_MAX_SLOTS ? opt->slots : SUBMIT_MAX_SLOTS) : SUBMIT_DEFAULT_SLOTS;
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/gpu-turns.txt", q->dir);
    q->turns = fopen(path, "a"); /* for the teacher and the benchmark; none is no loss */
    for (int g = 0; g < q->ngpus; g++)
        if (!(q->gates[g] = gpu_gate_new(q->gpus[g].id, q->turns, err, errlen))) return -1;
    return 0;
}

/* The compile workers and each GPU's; 0, or -1 with why in err. */
static int start_workers(submit_queue *q, int compilers, char *err, size_t errlen)
{
    q->ncompilers = compilers_of(compilers);
    int nworkers = 2 * q->ngpus * q->slots; /* the slots, and a spare for each */
    for (int i = 0; i < q->ncompilers + nworkers; i++) {
        int gpu_side = i >= q->ncompilers;
        gpu_worker *w = &q->workers[gpu_side ? i - q->ncompilers : 0];
        if (gpu_side) w->q = q, w->gpu = (i - q->ncompilers) % q->ngpus; /* the GPUs in turn */
        if (pthread_create(&q->threads[i], NULL, gpu_side ? gpu_loop : compile_loop, gpu_side ? (void *)w : q) != 0) {
            snprintf(err, errlen, _("cannot start a thread: %s"), strerror(errno));
            return -1;
        }
        q->nthreads++;
    }
    return 0;
}

submit_queue *submit_queue_new(const char *dir, const char *exe, const char *font, const submit_options *opt, char *err,
                               size_t errlen)
{
    submit_queue *q = calloc(1, sizeof *q);
    if (!q) {
        snprintf(err, errlen, "%s", _("out of memory"));
        return NULL;
    }
    char real[PATH_MAX]; /* absolute: check names its file so, and the students are shown it without */
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
    if (q->open_n) /* resumed with kernels still to judge */
        start_prepare(q);
    if (start_workers(q, opt->compilers, err, errlen)) {
        submit_queue_free(q);
        return NULL;
    }
    return q;
}

void submit_queue_free(submit_queue *q)
{
    if (!q) return;
    pthread_mutex_lock(&q->mu);
    __atomic_store_n(&q->stop, 1, __ATOMIC_RELAXED); /* read by a compile of the cache's, unlocked */
    pthread_cond_broadcast(&q->work);
    pthread_cond_broadcast(&q->compiled);
    pthread_mutex_unlock(&q->mu);
    for (int i = 0; i < q->nthreads; i++) pthread_join(q->threads[i], NULL);
    if (q->prepare_started) pthread_join(q->prepare, NULL);
    trace_pages_free(q->pages);
    for (int g = 0; g < q->ngpus; g++) gpu_gate_free(q->gates[g]);
    if (q->turns) fclose(q->turns);
    if (q->log) fclose(q->log);
    for (int i = 0; i < q->ns; i++) free(q->s[i].output);
    free(q->s);
    pthread_cond_destroy(&q->work);
    pthread_cond_destroy(&q->compiled);
    pthread_mutex_destroy(&q->mu);
    free(q);
}

const char *submit_queue_why_closed(const submit_queue *q) { return q->why_closed[0] ? q->why_closed : NULL; }

int submit_queue_trace_owner(submit_queue *q, int id)
{
    pthread_mutex_lock(&q->mu);
    int student =
        id >= 1 && id <= q->ns && q->s[id - 1].st == DONE && q->s[id - 1].speed.traced ? q->s[id - 1].student : -1;
    pthread_mutex_unlock(&q->mu);
    return student;
}

trace_pages *submit_queue_pages(submit_queue *q) { return q->pages; }

/* The student's submission still waiting or running, or NULL (under the mutex). */
static sub *pending(submit_queue *q, int student)
{
    for (int i = q->ns - 1; i >= 0; i--)
        if (q->s[i].student == student && q->s[i].st != DONE) return &q->s[i];
    return NULL;
}

static int write_source(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "w"); /* a file left by a kill before its line: replaced */
    if (!f) return -1;
    int ok = fwrite(text, 1, len, f) == len;
    ok = fflush(f) == 0 && fsync(fileno(f)) == 0 && ok;
    return fclose(f) == 0 && ok ? 0 : -1;
}

submit_status submit_queue_add(submit_queue *q, int student, int exercise, const char *text, size_t len, int *id)
{
    if (q->why_closed[0]) return SUBMIT_CLOSED;
    if (len > SUBMIT_MAX_BYTES) return SUBMIT_TOO_LARGE;
    if (!rv_exercise_get(exercise)) return SUBMIT_BAD_EXERCISE;
    if (!len || memchr(text, '\0', len)) return SUBMIT_NOT_TEXT;
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
            *s = (sub){
                .id = q->ns, .student = student, .exercise = exercise, .st = QUEUED, .at = rv_wall_s(), .gpu = -1};
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
