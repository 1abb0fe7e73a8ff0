/* nvcc_split.c — `rvnvccsplit NVCC ARGS...`: nvcc's compile of one
 * .cu file with its host and device halves side by side (nvcc_split.h).
 *
 * nvcc runs its steps one after another, but the device's (preprocess,
 * cicc, ptxas, fatbinary) wait on the host's (preprocess, cudafe++) only
 * for the module id, a name cudafe++ makes up for the file and cicc reads.
 * So this asks nvcc for its plan (`-dryrun`, nvcc_plan.c reads it), writes
 * a module id of cudafe++'s form itself, runs cudafe++ without making one,
 * runs the two lanes at once, then the rest (the host's compile, the link)
 * in order.  Thrust's file: 9.6 s of steps in a row become about 6.4 s;
 * the program is the same (its cubin byte for byte, but for the id's text).
 *
 * It runs where nvcc ran, as one command (in the compile's sandbox, which
 * shows it the program): the same environment, the same private /tmp,
 * nothing new outside.  Every step runs from its argv, never through a
 * shell; at most one step of each lane at a time, so the sandbox's process
 * limit sees about what nvcc's own steps and its shell made.
 *
 * What it prints is what nvcc would have: each step's output, kept apart
 * and printed in nvcc's order up to the first step that failed (the device
 * lane may fail first in time; the host's message still comes first, and
 * nothing of a step nvcc would not have reached), and it exits with that
 * step's status, as nvcc does.  Anything it does not know (a name with a
 * character nvcc quotes badly, a plan of another shape, no dryrun) makes it
 * exec plain nvcc with the same arguments.
 *
 * Asked to (RV_NVCC_SPLIT_LIST), it also lists the machine code while the
 * host's lane still runs: each cubin ptxas makes goes to nvdisasm at once,
 * so the trace need not wait for a listing after the traced run. */
#define _GNU_SOURCE
#include "own/nvcc/nvcc_split.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/clock.h"
#include "own/nvcc/nvcc_plan.h"
#include "own/base/proc.h"

extern char **environ;

#define MAX_DRYRUN (1u << 20) /* nvcc's plan is a few kB */

typedef struct split {
    char **nvcc_argv;   /* nvcc, its arguments                       */
    const char *source; /* the one .cu among them                    */
    char tmp[PATH_MAX]; /* nvcc's TMPDIR: its files, the steps' logs */
    char tmp_env[PATH_MAX + 8];
    char **env; /* the steps' environment                    */
    rv_nvcc_plan plan;
    int state[RV_PLAN_MAX_STEPS];       /* 0 not run, 1 ended well, 2 failed      */
    int status[RV_PLAN_MAX_STEPS];      /* its wait status                        */
    int nlist;                          /* listings started                       */
    pid_t list_pid[RV_NVCC_MAX_LISTED]; /* nvdisasm's, 0 once it ended      */
    int list_ok;                        /* listings that ended well               */
    double lane_s[2];                   /* when the host's, the device's lane ended */
} split;

/* ---- before: whether to split at all ---------------------------------- */

/* A word nvcc prints back exactly: its quoting of ", $, \ and the like is
 * not exact, and a space this reader would rather not rely on. */
static int safe_word(const char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              strchr("_./+=,:@%-", *s)))
            return 0;
    return 1;
}

/* The one .cu file of nvcc's arguments, or NULL (none, several, or an
 * argument that is not safe_word). */
static const char *source_of(char **argv)
{
    const char *cu = NULL;
    for (int i = 1; argv[i]; i++) {
        size_t n = strlen(argv[i]);
        if (!safe_word(argv[i])) return NULL;
        if (n > 3 && !strcmp(argv[i] + n - 3, ".cu")) {
            if (cu) return NULL;
            cu = argv[i];
        }
    }
    return cu;
}

/* ---- running a program ---------------------------------------------------- */

/* `prog` where it is: itself when absolute, else found on `path`: 0, or -1. */
static int resolve(const char *prog, const char *path, char *out, size_t len)
{
    if (strchr(prog, '/')) return *prog == '/' ? (snprintf(out, len, "%s", prog), 0) : -1;
    char dirs[8192];
    snprintf(dirs, sizeof dirs, "%s", path ? path : "/usr/bin:/bin");
    for (char *save = NULL, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        if (*d != '/') continue;
        snprintf(out, len, "%s/%s", d, prog);
        if (access(out, X_OK) == 0) return 0;
    }
    return -1;
}

/* Starts argv with env, stdin from /dev/null, stdout into fd out and stderr
 * into fd err: its pid, or -1.  The child dies with this process. */
static pid_t start_to(const char *prog, char *const argv[], char *const env[], int out, int err)
{
    pid_t pid = fork();
    if (pid != 0) return pid;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    int in = open("/dev/null", O_RDONLY);
    if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
    execve(prog, argv, env);
    dprintf(2, "rvnvccsplit: cannot run %s: %s\n", prog, strerror(errno));
    _exit(127);
}

/* start_to with stdout and stderr both into fd out. */
static pid_t start(const char *prog, char *const argv[], char *const env[], int out)
{
    return start_to(prog, argv, env, out, out);
}

/* The environment plus each NAME=value of `add` (a later one winning), as a
 * malloc'd array whose strings are environ's and add's own. */
static char **env_with(char *const add[], int nadd)
{
    size_t n = 0;
    while (environ[n]) n++;
    char **env = malloc(sizeof(char *) * (n + (size_t)nadd + 1));
    if (!env) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        size_t name = strcspn(environ[i], "=");
        int replaced = 0;
        for (int a = 0; a < nadd && !replaced; a++) replaced = !strncmp(add[a], environ[i], name + 1);
        if (!replaced) env[k++] = environ[i];
    }
    for (int a = 0; a < nadd; a++) {
        size_t name = strcspn(add[a], "=");
        int later = 0;
        for (int b = a + 1; b < nadd && !later; b++) later = !strncmp(add[b], add[a], name + 1);
        if (!later) env[k++] = add[a];
    }
    env[k] = NULL;
    return env;
}

/* `nvcc -dryrun ARGS` with TMPDIR set: its output (malloc'd), or NULL when
 * it could not run, failed or said too much. */
static char *dryrun(split *s)
{
    int argc = 0;
    while (s->nvcc_argv[argc]) argc++;
    char **argv = malloc(sizeof(char *) * (size_t)(argc + 2));
    char *add[] = {s->tmp_env};
    char **env = env_with(add, 1);
    int fds[2] = {-1, -1};
    char *out = malloc(MAX_DRYRUN + 1);
    size_t got = 0;
    pid_t pid = -1;
    if (argv && env && out && pipe2(fds, O_CLOEXEC) == 0) {
        argv[0] = s->nvcc_argv[0], argv[1] = "-dryrun";
        memcpy(argv + 2, s->nvcc_argv + 1, sizeof(char *) * (size_t)argc);
        pid = start(s->nvcc_argv[0], argv, env, fds[1]);
        close(fds[1]);
        for (ssize_t n; pid > 0 && (n = read(fds[0], out + got, MAX_DRYRUN - got)) != 0;) {
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 || (got += (size_t)n) == MAX_DRYRUN) break;
        }
        close(fds[0]);
    }
    int st = 0;
    if (pid > 0) {
        if (got == MAX_DRYRUN) kill(pid, SIGKILL);
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    }
    free(argv);
    free(env);
    if (pid <= 0 || got == MAX_DRYRUN || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        free(out);
        return NULL;
    }
    out[got] = 0;
    return out;
}

/* ---- the plan's steps ----------------------------------------------------- */

/* Step i started (its output into TMP/step-I.log), or done at once (rm):
 * the pid, 0 when it is done, -1 when it could not start (failed). */
static pid_t run_step(split *s, int i)
{
    rv_plan_step *st = &s->plan.step[i];
    if (st->tool == RV_TOOL_RM) { /* nvcc's own clean-up: a file that is not there is no error */
        unlink(st->argv[1]);
        s->state[i] = 1;
        return 0;
    }
    char prog[PATH_MAX], log[PATH_MAX + 32];
    snprintf(log, sizeof log, "%s/step-%02d.log", s->tmp, i);
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    pid_t pid = -1;
    if (fd >= 0 && resolve(st->argv[0], rv_nvcc_plan_env(&s->plan, "PATH"), prog, sizeof prog) == 0)
        pid = start(prog, st->argv, s->env, fd);
    if (fd >= 0) close(fd);
    if (pid < 0) s->state[i] = 2, s->status[i] = 127 << 8;
    return pid;
}

static void ended(split *s, int i, int status)
{
    s->status[i] = status;
    s->state[i] = WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 1 : 2;
}

/* The next step of `lane` after step i (-1: from the start), started; its
 * pid, or 0 when the lane is done or has failed. */
static pid_t next_of(split *s, rv_plan_lane lane, int *i)
{
    for (int k = *i + 1; k < s->plan.nsteps; k++) {
        if (s->plan.step[k].lane != lane) continue;
        *i = k;
        pid_t pid = run_step(s, k);
        if (pid > 0) return pid;
        if (pid < 0) return 0;
    }
    return 0;
}

/* Whether `path` is in our folder (nvcc's temporary files are). */
static int ours(const split *s, const char *path)
{
    size_t n = strlen(s->tmp);
    return !strncmp(path, s->tmp, n) && path[n] == '/' && !strstr(path, "/../");
}

/* ---- the listing beside: nvdisasm on each cubin ptxas made --------------- */

/* DIR/listed-K.EXT (ext "sass.part": the listing while it is made). */
static void listed_path(int k, const char *ext, char *out, size_t len)
{
    snprintf(out, len, "%s/listed-%d.%s", getenv("RV_NVCC_SPLIT_LIST"), k, ext);
}

/* The file `from` copied to a new `to` (no link followed): 0, or -1. */
static int copy_new(const char *from, const char *to)
{
    char buf[65536];
    int in = open(from, O_RDONLY | O_CLOEXEC), rc = -1;
    unlink(to);
    int out = in < 0 ? -1 : open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (out >= 0) {
        ssize_t n;
        rc = 0;
        while (!rc && (n = read(in, buf, sizeof buf)) != 0) rc = n < 0 || write(out, buf, (size_t)n) != n ? -1 : 0;
        if (close(out)) rc = -1;
    }
    if (in >= 0) close(in);
    return rc;
}

/* Step i, ptxas, ended well: its cubin copied to DIR/listed-K.cubin and
 * nvdisasm started on it, where RV_NVCC_SPLIT_LIST names the folder DIR
 * and RV_NVCC_SPLIT_NVDISASM the program (both absolute).  -g -gi, as the
 * trace's own listing (disasm.c).  Nothing of it reaches nvcc's output. */
static void start_listing(split *s, int i)
{
    const char *dir = getenv("RV_NVCC_SPLIT_LIST"), *nd = getenv("RV_NVCC_SPLIT_NVDISASM");
    const rv_plan_step *st = &s->plan.step[i];
    if (!dir || *dir != '/' || !nd || *nd != '/' || st->tool != RV_TOOL_PTXAS || s->nlist == RV_NVCC_MAX_LISTED) return;
    const char *cubin = NULL;
    for (int a = 1; a + 1 < st->argc; a++)
        if (!strcmp(st->argv[a], "-o")) cubin = st->argv[a + 1];
    char copy[PATH_MAX + 32], part[PATH_MAX + 32];
    int k = s->nlist;
    listed_path(k, "cubin", copy, sizeof copy);
    listed_path(k, "sass.part", part, sizeof part);
    if (!cubin || !ours(s, cubin) || copy_new(cubin, copy)) return;
    unlink(part);
    int out = open(part, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644),
        err = open("/dev/null", O_WRONLY | O_CLOEXEC);
    char *argv[] = {(char *)nd, "-g", "-gi", "-c", (char *)cubin, NULL};
    pid_t pid = out >= 0 && err >= 0 ? start_to(nd, argv, s->env, out, err) : -1;
    if (out >= 0) close(out);
    if (err >= 0) close(err);
    if (pid > 0)
        s->list_pid[s->nlist++] = pid;
    else
        unlink(part), unlink(copy);
}

/* Whether pid was a listing's; if so it is done with (kept when it ended
 * well and `keep`, else its files removed). */
static int listing_ended(split *s, pid_t pid, int status, int keep)
{
    for (int k = 0; k < s->nlist; k++) {
        if (pid <= 0 || s->list_pid[k] != pid) continue;
        char part[PATH_MAX + 32], done[PATH_MAX + 32], copy[PATH_MAX + 32];
        listed_path(k, "sass.part", part, sizeof part);
        listed_path(k, "sass", done, sizeof done);
        listed_path(k, "cubin", copy, sizeof copy);
        s->list_pid[k] = 0;
        if (keep && WIFEXITED(status) && WEXITSTATUS(status) == 0 && rename(part, done) == 0) {
            s->list_ok++;
            return 1;
        }
        unlink(part), unlink(copy);
        return 1;
    }
    return 0;
}

/* The listings still running waited for; all kept only when the compile
 * succeeded (keep), else every one removed. */
static void listings_done(split *s, int keep)
{
    for (int k = 0; k < s->nlist; k++) {
        pid_t pid = s->list_pid[k];
        int st = 0;
        if (!pid) continue;
        if (!keep) kill(pid, SIGKILL);
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
        listing_ended(s, pid, st, keep);
    }
    for (int k = 0; !keep && k < s->nlist; k++) {
        char path[PATH_MAX + 32];
        listed_path(k, "sass", path, sizeof path);
        unlink(path);
        listed_path(k, "cubin", path, sizeof path);
        unlink(path);
    }
    if (!keep) s->list_ok = 0;
}

/* The host's and the device's lanes side by side.  A failed host step ends
 * the device's lane (nvcc would not have reached it); a failed device step
 * lets the host's lane finish (nvcc ran it first). */
static void both_lanes(split *s)
{
    static const rv_plan_lane lanes[2] = {RV_LANE_HOST, RV_LANE_DEVICE};
    int at[2] = {-1, -1}, host_failed = 0;
    pid_t pid[2] = {next_of(s, RV_LANE_HOST, &at[0]), 0};
    double t0 = rv_mono_s();
    host_failed = at[0] >= 0 && s->state[at[0]] == 2;
    if (!host_failed) pid[1] = next_of(s, RV_LANE_DEVICE, &at[1]);
    while (pid[0] > 0 || pid[1] > 0) {
        int st;
        pid_t w = waitpid(-1, &st, 0);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) break;
        if (listing_ended(s, w, st, 1)) continue;
        for (int l = 0; l < 2; l++) {
            if (w != pid[l]) continue;
            ended(s, at[l], st);
            pid[l] = 0;
            if (s->state[at[l]] == 1) start_listing(s, at[l]);
            if (s->state[at[l]] == 1 && !host_failed) pid[l] = next_of(s, lanes[l], &at[l]);
            if (!pid[l]) s->lane_s[l] = rv_mono_s() - t0;
            if (l == 0 && s->state[at[0]] == 2) host_failed = 1;
        }
        if (host_failed && pid[1] > 0) kill(pid[1], SIGKILL);
    }
}

/* The steps after both lanes, in order, up to the first that fails. */
static void after_lanes(split *s)
{
    for (int i = 0; i < s->plan.nsteps; i++) {
        if (s->plan.step[i].lane != RV_LANE_AFTER) continue;
        pid_t pid = run_step(s, i);
        int st;
        if (pid > 0) {
            while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
            ended(s, i, st);
        }
        if (s->state[i] == 2) return;
    }
}

/* The module id written where cudafe++ and cicc read it, after the plan's
 * files that are this process's to write or remove were found in its
 * folder: 0, or -1. */
static int write_module_id(split *s)
{
    const rv_nvcc_plan *p = &s->plan;
    for (int i = 0; i < p->nsteps; i++)
        if (p->step[i].tool == RV_TOOL_RM && !ours(s, p->step[i].argv[1])) return -1;
    if (!ours(s, p->module_id_file)) return -1;
    uint32_t sum = 0;
    char buf[65536], id[512];
    int fd = open(p->source_path, O_RDONLY | O_CLOEXEC);
    for (ssize_t got; fd >= 0 && (got = read(fd, buf, sizeof buf)) > 0;) sum = rv_nvcc_crc32(sum, buf, (size_t)got);
    if (fd >= 0) close(fd);
    if (rv_nvcc_module_id(p->source_name, p->source_path, sum, id, sizeof id)) return -1;
    fd = open(p->module_id_file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return -1;
    int rc = write(fd, id, strlen(id)) == (ssize_t)strlen(id) ? 0 : -1;
    return close(fd) || rc ? -1 : 0;
}

/* ---- after: what nvcc would have printed ---------------------------------- */

static void copy_out(const char *path)
{
    char buf[65536];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    for (ssize_t n; fd >= 0 && (n = read(fd, buf, sizeof buf)) > 0;)
        for (ssize_t put = 0, w; put < n; put += w)
            if ((w = write(1, buf + put, (size_t)(n - put))) <= 0) {
                close(fd);
                return;
            }
    if (fd >= 0) close(fd);
}

/* Each step's output in nvcc's order up to the first that failed, and the
 * exit status nvcc would give: 0, that step's, or 128 + its signal (with
 * the line the shell nvcc runs it in prints then). */
static int report(const split *s)
{
    if (s->plan.said && write(1, s->plan.said, strlen(s->plan.said)) < 0) {}
    for (int i = 0; i < s->plan.nsteps; i++) {
        char log[PATH_MAX + 32];
        snprintf(log, sizeof log, "%s/step-%02d.log", s->tmp, i);
        if (s->state[i]) copy_out(log);
        if (s->state[i] != 2) continue;
        int st = s->status[i];
        if (WIFEXITED(st)) return WEXITSTATUS(st);
        dprintf(1, "%s\n", strsignal(WTERMSIG(st)));
        return 128 + WTERMSIG(st);
    }
    return 0;
}

/* A line on what was done, into the file RV_NVCC_SPLIT_NOTE names (the
 * caller's: WORK/nvcc-split.txt), for whoever asks why a compile took the
 * time it did; nvcc's output is left as nvcc's. */
static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
    const char *path = getenv("RV_NVCC_SPLIT_NOTE");
    int fd = path && *path ? open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644) : -1;
    if (fd < 0) return;
    va_list ap;
    va_start(ap, fmt);
    vdprintf(fd, fmt, ap);
    va_end(ap);
    close(fd);
}

/* Plain nvcc, in this process, and why. */
static int plain(split *s, const char *why)
{
    note("plain nvcc: %s\n", why);
    if (s->tmp[0]) rv_remove_tree(s->tmp);
    rv_nvcc_plan_free(&s->plan);
    free(s->env);
    fflush(NULL);
    execv(s->nvcc_argv[0], s->nvcc_argv);
    fprintf(stderr, "rvnvccsplit: cannot run %s: %s\n", s->nvcc_argv[0], strerror(errno));
    return 127;
}

int rv_nvcc_split_main(int argc, char **argv)
{
    static split s; /* large; one a process */
    if (argc < 3 || *argv[1] != '/') {
        fprintf(stderr, "usage: rvnvccsplit /path/to/nvcc ARGS... (what reducevis's compile runs in its sandbox)\n");
        return 1;
    }
    s.nvcc_argv = argv + 1;
    const char *tmpdir = getenv("TMPDIR");
    snprintf(s.tmp, sizeof s.tmp, "%s/rv-nvcc-XXXXXX", tmpdir && *tmpdir == '/' ? tmpdir : "/tmp");
    if (!(s.source = source_of(s.nvcc_argv)) || !safe_word(s.tmp) || !mkdtemp(s.tmp)) {
        s.tmp[0] = 0;
        return plain(&s, "not one .cu file, or a word nvcc would not print back exactly");
    }
    snprintf(s.tmp_env, sizeof s.tmp_env, "TMPDIR=%s", s.tmp);
    char why[300] = "", *text = dryrun(&s);
    if (!text) return plain(&s, "nvcc -dryrun failed");
    int ok = rv_nvcc_plan_read(text, &s.plan, why, sizeof why) == 0;
    free(text);
    if (!ok) return plain(&s, why);
    /* the plan's source is the file named, and its files are in our folder */
    int named = 0;
    for (int i = 1; i < s.plan.step[0].argc; i++) named |= !strcmp(s.plan.step[0].argv[i], s.source);
    if (!named) return plain(&s, "the plan's first step does not name the source");
    if (write_module_id(&s)) return plain(&s, "the module id or a file to remove outside nvcc's temporary folder");
    char *add[RV_PLAN_MAX_ENV + 1];
    memcpy(add, s.plan.env, sizeof(char *) * (size_t)s.plan.nenv);
    add[s.plan.nenv] = s.tmp_env;
    if (!(s.env = env_with(add, s.plan.nenv + 1))) return plain(&s, "out of memory");
    double t0 = rv_mono_s();
    both_lanes(&s);
    double t1 = rv_mono_s();
    int failed = 0, unstarted = 0;
    for (int i = 0; i < s.plan.nsteps; i++) failed |= s.state[i] == 2;
    if (!failed) after_lanes(&s);
    for (int i = 0; i < s.plan.nsteps; i++) { /* 127: its program could not be run (or said so) */
        unstarted |= s.state[i] == 2 && WIFEXITED(s.status[i]) && WEXITSTATUS(s.status[i]) == 127;
        failed |= s.state[i] == 2;
    }
    listings_done(&s, !failed);
    if (unstarted) return plain(&s, "a step of nvcc's plan could not be started");
    int rc = report(&s);
    note("split: %d steps, host and device side by side %.2f s (host %.2f, device %.2f), then %.2f s; exit %d; "
         "listed %d of %d\n",
         s.plan.nsteps, t1 - t0, s.lane_s[0], s.lane_s[1], rv_mono_s() - t1, rc, s.list_ok, s.nlist);
    rv_remove_tree(s.tmp);
    rv_nvcc_plan_free(&s.plan);
    free(s.env);
    return rc;
}
