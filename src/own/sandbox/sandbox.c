/* sandbox.c — one command of a student's file run inside a bubblewrap
 * sandbox (sandbox.h says what it sees and may do).
 *
 * One command is one `bwrap`: new PID, network, IPC and UTS namespaces, a
 * root of its own holding read-only binds of the system and the toolkit, the
 * GPU's device nodes, a private /tmp and /dev/shm, and the work folder as the
 * one place it may write (its command line is made in sandbox_argv.c).
 * Inside, util-linux's prlimit sets the resource limits, and where reducevis
 * runs as root, setpriv then becomes an unprivileged user of
 * the sandbox's own (a slot, sandbox_box.h) with no capabilities: root ignores
 * the process limit, and would own every root file the sandbox shows.  As any
 * other user, bwrap makes a user namespace instead (and forbids further ones
 * inside).  Where a cgroup can be had, the whole sandbox runs in one of its
 * own (sandbox_box.c), limiting its processes and memory together.
 *
 * A command the machine refused a process or memory (a fork that failed
 * with EAGAIN before the file's code ran, nvcc unable to start the host
 * compiler, the machine's out-of-memory killer) is no verdict on the file:
 * its log says so, and so does a line appended to the file named by
 * REDUCEVIS_REFUSALS, which the class reads to try the check again.
 *
 * Outside, reducevis reads the output through a pipe (and stops the sandbox
 * past the output limit), watches the work folder's size and the wall clock,
 * and stops the whole sandbox by killing its first process: the PID
 * namespace dies with it, so nothing the student started lives on.  After
 * each command the work folder is cleared of links, devices and pipes,
 * because reducevis reads those files next with more rights than the sandbox
 * had. */
#define _GNU_SOURCE
#include "own/sandbox/sandbox.h"
#include "own/sandbox/sandbox_folder.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/i18n.h"
#include "core/clock.h"
#include "own/sandbox/sandbox_argv.h"
#include "own/sandbox/sandbox_box.h"
#include "own/sandbox/gpu_memory.h"

#define MIB               (1024ull * 1024)
#define GIB               (1024 * MIB)
#define MAX_WORK_FILES    10000 /* files and folders the work folder may hold    */
/* how often a run's GPU memory is counted (NVML: a few milliseconds): a
 * program taking a card's memory in 1 GiB pieces holds it some 0.3 s */
#define GPU_WATCH_EVERY_S 0.25
#define WATCH_EVERY_S \
    0.1 /* how often the work folder is measured: a disk
                                 that writes GB/s gets a few hundred MiB past
                                 the limit before it is stopped             */

/* "512 MiB", "4 GiB", for the messages. */
static void size_text(uint64_t b, char *out, size_t len)
{
    if (b >= GIB && b % GIB == 0)
        snprintf(out, len, "%llu GiB", (unsigned long long)(b / GIB));
    else
        snprintf(out, len, "%llu MiB", (unsigned long long)(b / MIB));
}

/* ---- running it -------------------------------------------------------- */

/* STOP_ASKED: the caller's flag (rv_proc_ctl: a turn alone ran out, gpu_turn.c) */
typedef enum stop_why {
    STOP_NONE,
    STOP_WALL,
    STOP_ASKED,
    STOP_OUTPUT,
    STOP_DISK,
    STOP_FILES,
    STOP_GPU_MEMORY,
    STOP_GPU_PROCS
} stop_why;

static void close_from(int lowest)
{
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)lowest, ~0u, 0u) == 0) return;
#endif
    struct rlimit r;
    long most = getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur != RLIM_INFINITY && r.rlim_cur < 65536
                    ? (long)r.rlim_cur
                    : 65536;
    for (long fd = lowest; fd < most; fd++) close((int)fd);
}

/* The child: bwrap with stdin from /dev/null, stdout and stderr into the
 * pipe, bwrap's info on fd 3, the caller's descriptor (pass, -1 none) on fd
 * 4, no other descriptor of reducevis's (a class server's sockets and files
 * stay out), in the box's cgroups.  Nothing here allocates: the parent may
 * have threads. */
static void exec_bwrap(const rv_sandbox_args *a, const rv_box *box, int out_w, int info_w, int pass)
{
    rv_box_enter(box); /* its cgroup before anything of it runs */
    int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
    if (fd >= 0) { /* when memory runs out, the sandbox goes first */
        if (write(fd, "1000", 4) != 4) {}
        close(fd);
    }
    int in = open("/dev/null", O_RDONLY);
    if (in < 0 || dup2(in, 0) < 0 || dup2(out_w, 1) < 0 || dup2(out_w, 2) < 0) _exit(127);
    info_w = fcntl(info_w, F_DUPFD_CLOEXEC, 10); /* out of the way of 3 and 4 first */
    pass = pass >= 0 ? fcntl(pass, F_DUPFD_CLOEXEC, 10) : -1;
    if (info_w < 0 || dup2(info_w, 3) < 0) _exit(127);
    if (pass >= 0 && dup2(pass, RV_PROC_PASS_FD) < 0) _exit(127);
    close_from(pass >= 0 ? RV_PROC_PASS_FD + 1 : 4);
    execv(a->v[0], a->v);
    static const char msg[] = "bwrap: cannot be started\n";
    if (write(2, msg, sizeof msg - 1) < 0) {}
    _exit(127);
}

/* The first process inside, from bwrap's info ("child-pid": N): killing it
 * ends the PID namespace, and with it everything the student started.  Only
 * a child of `outer` is taken: a pid nobody vouches for is never killed. */
static pid_t child_pid_of(const char *info, pid_t outer)
{
    const char *k = strstr(info, "\"child-pid\"");
    if (!k || !(k = strchr(k, ':'))) return 0;
    long v = strtol(k + 1, NULL, 10);
    if (v <= 1 || v > INT_MAX) return 0;
    char path[64], stat[512] = "";
    snprintf(path, sizeof path, "/proc/%ld/stat", v);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = 0;
    const char *end = strrchr(stat, ')'); /* "pid (name) state ppid ..." */
    long ppid = 0;
    if (!end || sscanf(end + 1, " %*c %ld", &ppid) != 1 || ppid != (long)outer) return 0;
    return (pid_t)v;
}

static void stop_all(pid_t outer, pid_t inner)
{
    if (inner > 0)
        kill(inner, SIGKILL);
    else
        kill(outer, SIGKILL);
}

/* The line a stop adds to the log, translated. */
static void stop_note(stop_why why, int signal_, const rv_sandbox_limits *l, double limit_s, char *out, size_t len)
{
    char size[32];
    out[0] = 0;
    switch (why) {
    case STOP_WALL:
        snprintf(out, len,
                 _("reducevis sandbox: stopped after %.0f s of wall-clock time (the time limit); "
                   "everything it started was stopped with it"),
                 limit_s);
        return;
    case STOP_ASKED:
        snprintf(out, len, "%s", _("reducevis sandbox: stopped: its time alone on the GPU ran out"));
        return;
    case STOP_OUTPUT:
        size_text(l->output_bytes, size, sizeof size);
        snprintf(out, len, _("reducevis sandbox: stopped: it printed more than %s (the output limit)"), size);
        return;
    case STOP_DISK:
        size_text(l->work_bytes, size, sizeof size);
        snprintf(out, len, _("reducevis sandbox: stopped: it wrote more than %s into its folder (the disk limit)"),
                 size);
        return;
    case STOP_FILES:
        snprintf(out, len, _("reducevis sandbox: stopped: it made more than %d files (the file count limit)"),
                 MAX_WORK_FILES);
        return;
    case STOP_GPU_MEMORY:
        size_text(l->gpu_bytes, size, sizeof size);
        snprintf(out, len,
                 _("reducevis sandbox: stopped: its processes held more than %s of the GPU's memory (the GPU "
                   "memory limit: the checks beside it need theirs)"),
                 size);
        return;
    case STOP_GPU_PROCS:
        snprintf(out, len,
                 _("reducevis sandbox: stopped: more than %d of its processes were on the GPU at once (the GPU "
                   "process limit: each makes a context, and the machine makes contexts one at a time for every "
                   "check)"),
                 l->gpu_procs);
        return;
    case STOP_NONE: break;
    }
    if (signal_ == SIGXCPU)
        snprintf(out, len, _("reducevis sandbox: stopped: a process used %.0f s of CPU time (the CPU limit)"),
                 l->cpu_s);
    else if (signal_ == SIGXFSZ) {
        size_text(l->file_bytes, size, sizeof size);
        snprintf(out, len, _("reducevis sandbox: stopped: it wrote a file of %s (the file size limit)"), size);
    }
}

/* ---- the run ------------------------------------------------------------ */

/* The run itself; `head` gets the first bytes of the output (for a failed
 * trial's message), `refused` why the machine refused it ("" when it did
 * not). */
static rv_proc_result run(const rv_sandbox_job *job, const char *bwrap, char *const argv[], char *const env[],
                          const char *log, double limit_s, char *head_out, size_t head_outlen, char *refused,
                          size_t refusedlen)
{
    rv_proc_result r = {RV_PROC_CANNOT_START, 0, 0};
    rv_sandbox_limits lim = rv_sandbox_limits_of(job->step, job->input_bytes);
    char why[200], head[512] = "";
    const size_t headlen = sizeof head;
    rv_sandbox_args a;
    rv_box box;
    int logfd = -1;
    refused[0] = 0;
    if (head_out && head_outlen) head_out[0] = 0;
    if (log) { /* made anew, so that nothing the sandbox left under that name is written through */
        unlink(log);
        logfd = open(log, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (logfd < 0) return r;
    }
    if (rv_box_open(&box, lim.box_tasks, lim.box_bytes, lim.box_cpus, why, sizeof why)) {
        snprintf(refused, refusedlen, "%s", why);
        rv_sandbox_tell_refused(logfd, refused);
        if (logfd >= 0) close(logfd);
        return r;
    }
    if (rv_sandbox_args_build(&a, bwrap, job, argv, env, box.uid, why, sizeof why)) {
        if (logfd >= 0) dprintf(logfd, "reducevis sandbox: %s\n", why), close(logfd);
        if (head_out && head_outlen) snprintf(head_out, head_outlen, "%s", why);
        rv_sandbox_args_free(&a);
        rv_box_close(&box, NULL);
        return r;
    }
    rv_sandbox_hand_over(job->work, box.uid);
    uint64_t base_bytes, bytes;
    long files, oom_before = rv_box_machine_oom_kills();
    rv_sandbox_work_usage(job->work, MAX_WORK_FILES, &base_bytes, &files);
    int out[2] = {-1, -1}, info[2] = {-1, -1};
    pid_t pid = -1;
    int fork_errno = 0;
    double t0 = rv_mono_s(), last_watch = t0;
    int lowered = 0; /* its share of the CPU made the least (ctl->low_cpu) */
    double last_gpu = t0;
    if (pipe2(out, O_CLOEXEC) == 0 && pipe2(info, O_CLOEXEC) == 0) {
        pid = fork();
        fork_errno = errno;
        if (pid == 0) exec_bwrap(&a, &box, out[1], info[1], job->ctl ? job->ctl->pass_fd : -1);
    } else {
        fork_errno = errno;
    }
    int *ends[] = {&out[1], &info[1], &out[0], &info[0]}; /* the child's ends; all of them without one */
    for (int i = 0; i < (pid < 0 ? 4 : 2); i++)
        if (*ends[i] >= 0) close(*ends[i]);
    rv_sandbox_args_free(&a);
    if (pid < 0) { /* reducevis itself was refused a process, or descriptors */
        snprintf(refused, refusedlen, _("reducevis could not start the sandbox: %s"), strerror(fork_errno));
        rv_sandbox_tell_refused(logfd, refused);
        if (logfd >= 0) close(logfd);
        rv_box_close(&box, NULL);
        return r;
    }
    fcntl(out[0], F_SETFL, O_NONBLOCK);
    fcntl(info[0], F_SETFL, O_NONBLOCK);
    char buf[65536], infobuf[1024] = "";
    size_t infolen = 0, headused = 0;
    uint64_t printed = 0;
    pid_t inner = 0;
    stop_why stopped = STOP_NONE;
    double stop_at = 0, exit_at = 0;
    int status = 0, exited = 0, out_open = 1, info_open = 1;
    while (!exited || out_open) {
        struct pollfd p[2] = {{out_open ? out[0] : -1, POLLIN, 0}, {info_open ? info[0] : -1, POLLIN, 0}};
        poll(p, 2, exited ? 50 : 100);
        for (;;) { /* the output, kept up to the limit */
            ssize_t n = out_open ? read(out[0], buf, sizeof buf) : -1;
            if (n == 0) {
                out_open = 0;
                close(out[0]);
            }
            if (n <= 0) break;
            if (headused + 1 < headlen) {
                size_t k = (size_t)n < headlen - 1 - headused ? (size_t)n : headlen - 1 - headused;
                memcpy(head + headused, buf, k);
                head[headused += k] = 0;
            }
            uint64_t room = printed < lim.output_bytes ? lim.output_bytes - printed : 0;
            if (logfd >= 0 && room && write(logfd, buf, (size_t)n < room ? (size_t)n : room) < 0) {}
            printed += (uint64_t)n;
            if (printed > lim.output_bytes && stopped == STOP_NONE) {
                stopped = STOP_OUTPUT, stop_at = rv_mono_s();
                stop_all(pid, inner);
            }
        }
        if (info_open) {
            ssize_t n = read(info[0], infobuf + infolen, sizeof infobuf - 1 - infolen);
            if (n > 0)
                infobuf[infolen += (size_t)n] = 0;
            else if (n == 0 || infolen + 1 >= sizeof infobuf) {
                info_open = 0;
                close(info[0]);
            }
            if (!inner) inner = child_pid_of(infobuf, pid);
            if (inner && stopped != STOP_NONE) kill(inner, SIGKILL); /* it was stopped before it said */
        }
        double t = rv_mono_s();
        if (!exited && waitpid(pid, &status, WNOHANG) == pid) exited = 1, exit_at = t;
        if (exited && out_open && t - exit_at > 2) break; /* the namespace is gone: nobody writes any more */
        if (exited) continue;
        int asked = job->ctl && job->ctl->stop && __atomic_load_n(job->ctl->stop, __ATOMIC_RELAXED);
        if (!lowered && job->ctl && job->ctl->low_cpu && __atomic_load_n(job->ctl->low_cpu, __ATOMIC_RELAXED))
            lowered = 1, rv_box_lower_cpu(&box);
        if (stopped == STOP_NONE && (asked || t - t0 - rv_proc_paused_s(job->ctl) > limit_s))
            stopped = asked ? STOP_ASKED : STOP_WALL, stop_at = t, stop_all(pid, inner);
        if (stopped == STOP_NONE && t - last_watch > WATCH_EVERY_S) {
            last_watch = t;
            rv_sandbox_work_usage(job->work, MAX_WORK_FILES, &bytes, &files);
            if (files > MAX_WORK_FILES)
                stopped = STOP_FILES;
            else if (bytes > base_bytes + lim.work_bytes)
                stopped = STOP_DISK;
            if (stopped != STOP_NONE) stop_at = t, stop_all(pid, inner);
        }
        if (stopped == STOP_NONE && lim.gpu_bytes && box.ncg && t - last_gpu > GPU_WATCH_EVERY_S) {
            last_gpu = t;
            long long held;
            int procs;
            if (rv_gpu_use_of_cgroup(box.cg[0], &held, &procs) == 0)
                stopped = held > (long long)lim.gpu_bytes ? STOP_GPU_MEMORY
                          : procs > lim.gpu_procs         ? STOP_GPU_PROCS
                                                          : STOP_NONE;
            if (stopped != STOP_NONE) stop_at = t, stop_all(pid, inner);
        }
        if (stopped != STOP_NONE && t - stop_at > 5) kill(pid, SIGKILL); /* bwrap itself did not end */
    }
    if (out_open) close(out[0]);
    if (info_open) close(info[0]);
    if (!exited) waitpid(pid, &status, 0);
    rv_box_end end;
    rv_box_close(&box, &end);
    long oom_after = rv_box_machine_oom_kills();
    r.seconds = rv_mono_s() - t0;
    int sig = 0;
    if (stopped == STOP_WALL || stopped == STOP_ASKED)
        r.end = RV_PROC_TIMED_OUT;
    else if (stopped != STOP_NONE)
        r.end = RV_PROC_SIGNALED, r.status = SIGKILL;
    else if (WIFSIGNALED(status))
        r.end = RV_PROC_SIGNALED, r.status = sig = WTERMSIG(status);
    else {
        int code = WEXITSTATUS(status);
        /* bwrap passes on a death by signal N as 128 + N, as a shell does */
        if (code > 128 && code < 128 + 32)
            r.end = RV_PROC_SIGNALED, r.status = sig = code - 128;
        else
            r.end = code == 127 ? RV_PROC_CANNOT_START : RV_PROC_EXITED, r.status = code;
    }
    char note[400];
    stop_note(stopped, sig, &lim, limit_s, note, sizeof note);
    int failed = !(r.end == RV_PROC_EXITED && r.status == 0);
    if (!note[0] && sig == SIGKILL && end.memory_full) {
        size_text(lim.box_bytes, why, sizeof why);
        snprintf(note, sizeof note,
                 _("reducevis sandbox: stopped: its processes together used more than %s of "
                   "memory (the sandbox's memory limit)"),
                 why);
    } else if (failed && stopped == STOP_NONE) { /* the machine's doing? */
        if (rv_sandbox_refused_at_start(head))
            snprintf(refused, refusedlen, "%.*s", (int)strcspn(head, "\n"), head);
        else if (sig == SIGKILL && oom_before >= 0 && oom_after > oom_before)
            snprintf(refused, refusedlen, "%s", _("the machine's out-of-memory killer ended it"));
        else if (r.end == RV_PROC_EXITED && r.status == 126 && !printed)
            snprintf(refused, refusedlen, "%s", _("it could not be put in its cgroup"));
    }
    if (!note[0] && !refused[0] && r.end == RV_PROC_EXITED && r.status == 1 &&
        (!strncmp(head, "bwrap:", 6) || !strncmp(head, "prlimit:", 8) || !strncmp(head, "setpriv:", 8)))
        snprintf(note, sizeof note, "%s",
                 _("reducevis sandbox: the sandbox could not be made (the line above says "
                   "why); nothing of the file ran"));
    if (logfd >= 0) {
        if (note[0]) dprintf(logfd, "%s%s\n", printed ? "\n" : "", note);
        if (!refused[0] && failed && stopped == STOP_NONE && !end.memory_full)
            rv_sandbox_refused_in_log(log, job->step, refused, refusedlen);
        if (refused[0]) rv_sandbox_tell_refused(logfd, refused);
        close(logfd);
    } else if (refused[0]) {
        rv_sandbox_tell_refused(-1, refused);
    }
    rv_sandbox_scrub(job->work);
    if (head_out && head_outlen) snprintf(head_out, head_outlen, "%s", head);
    return r;
}

/* bwrap on PATH (a copy unpacked from its .deb is found by putting its
 * folder first). */
static int find_bwrap(char *out, size_t len) { return rv_sandbox_find_on_path("bwrap", out, len); }

/* Why user namespaces may be off, for the message of a failed trial. */
static const char *userns_hint(void)
{
    static const struct {
        const char *file, *off, *says;
    } knobs[] = {
        {"/proc/sys/kernel/unprivileged_userns_clone", "0",
         N_("unprivileged user namespaces are turned off (sysctl kernel.unprivileged_userns_clone=0)")},
        {"/proc/sys/user/max_user_namespaces", "0",
         N_("user namespaces are turned off (sysctl user.max_user_namespaces=0)")},
        {"/proc/sys/kernel/apparmor_restrict_unprivileged_userns", "1",
         N_("AppArmor forbids unprivileged user namespaces (sysctl kernel.apparmor_restrict_unprivileged_userns=1)")},
    };
    if (geteuid() == 0) return NULL; /* root: no user namespace is made */
    for (size_t i = 0; i < sizeof knobs / sizeof knobs[0]; i++) {
        char v[32] = "";
        FILE *f = fopen(knobs[i].file, "r");
        if (!f) continue;
        if (!fgets(v, sizeof v, f)) v[0] = 0;
        fclose(f);
        if (!strncmp(v, knobs[i].off, strlen(knobs[i].off)) && (v[1] == '\n' || !v[1])) return _(knobs[i].says);
    }
    return NULL;
}

/* The trial, made once a process (a class server asks from several threads). */
static int trial_ok;
static char trial_said[600];

static void trial(void)
{
    char bwrap[PATH_MAX], work[PATH_MAX], head[512];
    const char *tmp = getenv("TMPDIR");
    snprintf(work, sizeof work, "%s/reducevis-sandbox-XXXXXX", tmp && *tmp == '/' ? tmp : "/tmp");
    if (!find_bwrap(bwrap, sizeof bwrap)) {
        snprintf(trial_said, sizeof trial_said, "%s",
                 _("bubblewrap (bwrap) is not installed: install Debian's bubblewrap package"));
        return;
    }
    if (!mkdtemp(work)) {
        snprintf(trial_said, sizeof trial_said, _("cannot make a folder to try a sandbox in (%s): %s"), work,
                 strerror(errno));
        return;
    }
    rv_sandbox_job job = {.work = work, .step = RV_SANDBOX_COMPILE};
    char *argv[] = {"/usr/bin/true", NULL};
    char refused[300];
    rv_proc_result r = run(&job, bwrap, argv, NULL, NULL, 30, head, sizeof head, refused, sizeof refused);
    rmdir(work);
    trial_ok = r.end == RV_PROC_EXITED && r.status == 0;
    if (trial_ok) return;
    if (refused[0]) { /* not lasting: the next process tries again */
        snprintf(trial_said, sizeof trial_said,
                 _("the machine refused the sandbox a process or memory just now (%s): "
                   "this is not lasting; try again"),
                 refused);
        return;
    }
    char *nl = strchr(head, '\n');
    if (nl) *nl = 0;
    const char *hint = strstr(head, "nknown option") ? _("bubblewrap 0.8 or later is needed") : userns_hint();
    const char *reason = head[0] ? head : _("it gave no reason");
    if (hint)
        snprintf(trial_said, sizeof trial_said, _("bubblewrap cannot make a sandbox here (%s): %s"), hint, reason);
    else
        snprintf(trial_said, sizeof trial_said, _("bubblewrap cannot make a sandbox here: %s"), reason);
}

int rv_sandbox_possible(char *why, size_t len)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, trial);
    if (!trial_ok) snprintf(why, len, "%s", trial_said);
    return trial_ok;
}

rv_proc_result rv_sandbox_run(const rv_sandbox_job *job, char *const argv[], char *const env[], const char *log,
                              double limit_s)
{
    char bwrap[PATH_MAX], why[600];
    rv_proc_result r = {RV_PROC_CANNOT_START, 0, 0};
    if (!rv_sandbox_possible(why, sizeof why) || !find_bwrap(bwrap, sizeof bwrap)) {
        /* never run unsandboxed: say why in the log */
        if (log) {
            unlink(log);
            int fd = open(log, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
            if (fd >= 0) dprintf(fd, "reducevis sandbox: %s\n", why), close(fd);
        }
        return r;
    }
    char refused[300];
    return run(job, bwrap, argv, env, log, limit_s, NULL, 0, refused, sizeof refused);
}
