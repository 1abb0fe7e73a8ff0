/* proc.c — runs nvcc, nvdisasm and the traced program for `reducevis trace`:
 * fork and exec with an argv (never a shell), output to a file, a time limit
 * enforced by killing the process group (a hanging kernel's program, and
 * anything it started, goes with it). */
#include "own/base/proc.h"
#include "core/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static int put_env(char *const env[])
{
    for (int i = 0; env && env[i]; i++)
        if (putenv(env[i]) != 0) return -1;
    return 0;
}

rv_proc_result rv_proc_run(char *const argv[], char *const env[], const char *log, double limit_s)
{
    return rv_proc_run_until(argv, env, log, limit_s, NULL);
}

rv_proc_result rv_proc_run_until(char *const argv[], char *const env[], const char *log, double limit_s,
                                 const int *stop)
{
    rv_proc_ctl ctl = {.pass_fd = -1, .stop = stop};
    return rv_proc_run_ctl(argv, env, log, limit_s, &ctl);
}

double rv_proc_paused_s(const rv_proc_ctl *ctl)
{
    double s = ctl && ctl->paused_ms ? __atomic_load_n(ctl->paused_ms, __ATOMIC_RELAXED) * 1e-3 : 0.0;
    long began = ctl && ctl->pause_began ? __atomic_load_n(ctl->pause_began, __ATOMIC_RELAXED) : 0;
    return began > 0 ? s + rv_mono_s() - began * 1e-3 : s;
}

/* In the child: ctl's priority, and its descriptor as fd RV_PROC_PASS_FD,
 * open across exec. */
static int child_setup(const rv_proc_ctl *ctl)
{
    if (ctl && ctl->nice > 0 && nice(ctl->nice) < 0) {} /* a higher priority is never asked: no error to miss */
    if (!ctl || ctl->pass_fd < 0) return 0;
    if (ctl->pass_fd == RV_PROC_PASS_FD) return fcntl(RV_PROC_PASS_FD, F_SETFD, 0);
    return dup2(ctl->pass_fd, RV_PROC_PASS_FD) < 0 ? -1 : 0;
}

rv_proc_result rv_proc_run_ctl(char *const argv[], char *const env[], const char *log, double limit_s,
                               const rv_proc_ctl *ctl)
{
    const int *stop = ctl ? ctl->stop : NULL;
    rv_proc_result r = {RV_PROC_CANNOT_START, 0, 0};
    double t0 = rv_mono_s();
    pid_t parent = getpid(), pid = fork();
    if (pid < 0) return r;
    if (pid == 0) {
        setpgid(0, 0);
        /* asked for, and not too late: the caller may have died before this */
        if (ctl && ctl->death_signal && (prctl(PR_SET_PDEATHSIG, ctl->death_signal) != 0 || getppid() != parent))
            _exit(127);
        int fd = open(log ? log : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        int in = open("/dev/null", O_RDONLY);
        if (in >= 0) {
            dup2(in, 0);
            close(in);
        }
        if (put_env(env) != 0 || child_setup(ctl) != 0) _exit(127);
        execvp(argv[0], argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    for (;;) {
        int st;
        pid_t w = waitpid(pid, &st, WNOHANG);
        if (w == pid) {
            r.seconds = rv_mono_s() - t0;
            if (WIFEXITED(st)) {
                r.end = WEXITSTATUS(st) == 127 ? RV_PROC_CANNOT_START : RV_PROC_EXITED;
                r.status = WEXITSTATUS(st);
            } else {
                r.end = RV_PROC_SIGNALED;
                r.status = WTERMSIG(st);
            }
            kill(-pid, SIGKILL); /* anything it left behind */
            return r;
        }
        if (w < 0 && errno != EINTR) return r;
        int stopped = stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
        if (stopped || rv_mono_s() - t0 - rv_proc_paused_s(ctl) > limit_s) {
            kill(-pid, SIGKILL);
            waitpid(pid, &st, 0);
            r.end = RV_PROC_TIMED_OUT;
            r.seconds = rv_mono_s() - t0;
            return r;
        }
        struct timespec nap = {0, 5 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
}

char *rv_proc_output(char *const argv[], double limit_s, rv_proc_result *res)
{
    char log[] = "/tmp/reducevis-output-XXXXXX";
    int fd = mkstemp(log);
    if (fd < 0) {
        *res = (rv_proc_result){RV_PROC_CANNOT_START, errno, 0.0};
        return NULL;
    }
    close(fd);
    *res = rv_proc_run(argv, NULL, log, limit_s);
    char *text = res->end == RV_PROC_CANNOT_START ? NULL : rv_read_text(log, NULL);
    unlink(log);
    return text;
}

char *rv_read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
        if (n + 1 == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            } else
                buf = nb;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}

int rv_find_program(const char *name, char *out, size_t outlen)
{
    const char *path = getenv("PATH");
    char dirs[8192];
    snprintf(dirs, sizeof dirs, "%s:/usr/local/cuda/bin", path ? path : "/usr/bin:/bin");
    for (char *save = NULL, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        char p[4096];
        snprintf(p, sizeof p, "%s/%s", *d ? d : ".", name);
        if (access(p, X_OK) == 0) {
            snprintf(out, outlen, "%s", p);
            return 1;
        }
    }
    return 0;
}

int rv_remove_tree(const char *dir)
{
    char *argv[] = {"rm", "-rf", "--", (char *)dir, NULL};
    rv_proc_result r = rv_proc_run(argv, NULL, NULL, 60);
    return r.end == RV_PROC_EXITED && r.status == 0 ? 0 : -1;
}

int rv_read_regular(const char *path, char *buf, size_t cap)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT) return 1;
    ssize_t got =
        fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size < (off_t)cap ? read(fd, buf, cap - 1) : -1;
    if (fd >= 0) close(fd);
    if (got < 0) return -1;
    buf[got] = 0;
    return strlen(buf) == (size_t)got ? 0 : -2;
}
