/* sandbox_box.c — each sandbox's own limits: a cgroup and a user id of its
 * own where reducevis runs as root (sandbox_box.h says why).
 *
 * What works is probed once a process, in this order: cgroup2 (at
 * /sys/fs/cgroup, or /sys/fs/cgroup/unified beside v1), where reducevis may
 * make a folder `reducevis` at the hierarchy's top with the pids and memory
 * controllers (and cpu where there is one) handed down to it; else cgroup
 * v1's pids and memory hierarchies (and cpu), a folder `reducevis` under
 * reducevis's own cgroup in each.  A probe makes a cgroup, sets its limits
 * and moves a child into it; anything refused and that way is not used.
 * Each sandbox's cgroup is `reducevis/sb-PID-N`, made before its first
 * process starts and removed after its last ended.  The user ids are slots
 * locked with flock(2) on files in a folder only root may enter, so that two
 * reducevis processes (a class's checks) never share one. */
#define _GNU_SOURCE
#include "own/sandbox/sandbox_box.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/i18n.h"
#include "own/sandbox/sandbox_limits.h"

enum { PIDS, MEMORY, CPU };
enum { CPU_PERIOD_US = 100000 }; /* the kernel's default period of a CPU quota */
static const char *const controller[RV_BOX_MAX_CG] = {"pids", "memory", "cpu"};

static struct {
    int root;
    int v2;  /* cgroup2 works: base[0] is its folder     */
    int ncg; /* v1: the hierarchies that work, in base[] */
    int cpu; /* the CPU is shared out per sandbox         */
    char base[RV_BOX_MAX_CG][PATH_MAX];
    char v1_what[RV_BOX_MAX_CG][8]; /* v1: which controller each base is        */
    char slots[64];                 /* as root: the slots' lock files' folder    */
    char why_none[200];             /* why no cgroup, for the teacher's line     */
    char line[1200];
} probe;

/* ---- small file helpers ------------------------------------------------- */

static int write_text(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = write(fd, text, strlen(text));
    int e = errno;
    close(fd);
    errno = e;
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

static int read_text(const char *path, char *buf, size_t len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, len - 1);
    close(fd);
    buf[n > 0 ? n : 0] = 0;
    return n >= 0 ? 0 : -1;
}

/* "key N" of a flat-keyed file (pids.events, memory.events), 0 where absent. */
static long keyed(const char *dir, const char *file, const char *key)
{
    char path[PATH_MAX + 64], text[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (read_text(path, text, sizeof text)) return 0;
    size_t k = strlen(key);
    for (char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (!strncmp(line, key, k) && line[k] == ' ') return strtol(line + k + 1, NULL, 10);
    return 0;
}

static int has_word(const char *list, const char *word, const char *seps)
{
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", list);
    for (char *save = NULL, *w = strtok_r(copy, seps, &save); w; w = strtok_r(NULL, seps, &save))
        if (!strcmp(w, word)) return 1;
    return 0;
}

static int set_file(const char *dir, const char *file, const char *value)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    return write_text(path, value);
}

static int exists(const char *dir, const char *file)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    return access(path, F_OK) == 0;
}

/* ---- one cgroup --------------------------------------------------------- */

/* Limits on the cgroup `dir` of kind `what` (v2: all in one); 0 or -1.
 * The CPU's is a quota of `cpus` CPUs a period, where the cpu controller
 * reaches the cgroup (its file is there). */
static int set_limits(const char *dir, int v2, const char *what, int tasks, uint64_t memory, int cpus)
{
    char n[32], m[32], quota[24], period[24], both[48];
    snprintf(n, sizeof n, "%d", tasks);
    snprintf(m, sizeof m, "%llu", (unsigned long long)memory);
    snprintf(quota, sizeof quota, "%d", cpus * CPU_PERIOD_US);
    snprintf(period, sizeof period, "%d", CPU_PERIOD_US);
    snprintf(both, sizeof both, "%s %s", quota, period);
    if (v2) {
        if (set_file(dir, "pids.max", n) || set_file(dir, "memory.max", m)) return -1;
        if (exists(dir, "cpu.max") && set_file(dir, "cpu.max", both)) return -1;
        /* no swapping instead of the limit; one out-of-memory kill takes all */
        if (exists(dir, "memory.swap.max")) set_file(dir, "memory.swap.max", "0");
        if (exists(dir, "memory.oom.group")) set_file(dir, "memory.oom.group", "1");
        return 0;
    }
    if (!strcmp(what, "pids")) return set_file(dir, "pids.max", n);
    if (!strcmp(what, "memory")) {
        if (set_file(dir, "memory.limit_in_bytes", m)) return -1;
        if (exists(dir, "memory.memsw.limit_in_bytes")) set_file(dir, "memory.memsw.limit_in_bytes", m);
        return 0;
    }
    /* cpu: its own group shares the CPU out per sandbox; the quota caps it */
    return set_file(dir, "cpu.cfs_period_us", period) || set_file(dir, "cpu.cfs_quota_us", quota) ? -1 : 0;
}

/* Everything in the cgroup killed, then the folder removed (it may take the
 * kernel a moment to empty it). */
static void remove_cgroup(const char *dir, int v2)
{
    if (v2 && exists(dir, "cgroup.kill")) set_file(dir, "cgroup.kill", "1");
    for (int tries = 0; tries < 100; tries++) {
        if (rmdir(dir) == 0 || errno == ENOENT) return;
        char path[PATH_MAX + 64], pids[4096];
        snprintf(path, sizeof path, "%s/cgroup.procs", dir);
        if (read_text(path, pids, sizeof pids) == 0)
            for (char *save = NULL, *p = strtok_r(pids, "\n", &save); p; p = strtok_r(NULL, "\n", &save))
                if (atoi(p) > 1) kill(atoi(p), SIGKILL);
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

/* ---- the probe ---------------------------------------------------------- */

/* A child moved into `procs` (a cgroup.procs): whether that works. */
static int can_move_into(const char *procs)
{
    pid_t pid = fork();
    if (pid == 0) _exit(write_text(procs, "0") == 0 ? 0 : 1);
    int status = 0;
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* A cgroup made under base, limited and entered, then removed: 0 or -1. */
static int try_base(const char *base, int v2, const char *what)
{
    char dir[PATH_MAX], procs[PATH_MAX + 32];
    snprintf(dir, sizeof dir, "%s/probe-%d", base, (int)getpid());
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) return -1;
    snprintf(procs, sizeof procs, "%s/cgroup.procs", dir);
    int ok = set_limits(dir, v2, what, 64, 64ull << 20, 1) == 0 && can_move_into(procs);
    remove_cgroup(dir, v2);
    return ok ? 0 : -1;
}

/* Folders sb-PID-N whose reducevis is gone (killed before it removed
 * them): removed where empty. */
static void sweep(const char *base, int v2)
{
    DIR *d = opendir(base);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        int pid = 0;
        if (sscanf(e->d_name, "sb-%d-", &pid) != 1 && sscanf(e->d_name, "probe-%d", &pid) != 1) continue;
        if (pid <= 0 || (kill(pid, 0) == 0 || errno == EPERM)) continue;
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s/%s", base, e->d_name);
        if (rmdir(dir) != 0 && v2) {} /* a sandbox still in it: left */
    }
    closedir(d);
}

/* Where a cgroup2 is mounted: /sys/fs/cgroup (the unified layout), or
 * /sys/fs/cgroup/unified beside v1's hierarchies. */
static const char *v2_mount(void)
{
    static const char *const where[] = {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"};
    for (size_t i = 0; i < sizeof where / sizeof where[0]; i++)
        if (exists(where[i], "cgroup.controllers") && exists(where[i], "cgroup.subtree_control")) return where[i];
    return NULL;
}

static int probe_v2(char *why, size_t len)
{
    const char *mnt = v2_mount();
    char have[512] = "", path[PATH_MAX + 32], want[64] = "+pids +memory";
    if (!mnt) return snprintf(why, len, "%s", _("no cgroup2 is mounted")), -1;
    snprintf(path, sizeof path, "%s/cgroup.controllers", mnt);
    read_text(path, have, sizeof have);
    if (!has_word(have, "pids", " \n") || !has_word(have, "memory", " \n"))
        return snprintf(why, len, _("cgroup2 at %s offers no pids and memory controllers"), mnt), -1;
    int cpu = has_word(have, "cpu", " \n");
    if (cpu) strcat(want, " +cpu");
    snprintf(path, sizeof path, "%s/cgroup.subtree_control", mnt);
    if (write_text(path, want) != 0)
        return snprintf(why, len, _("cgroup2 at %s: the controllers cannot be handed down (%s)"), mnt, strerror(errno)),
               -1;
    snprintf(probe.base[0], sizeof probe.base[0], "%s/reducevis", mnt);
    if (mkdir(probe.base[0], 0755) != 0 && errno != EEXIST)
        return snprintf(why, len, _("cannot make %s: %s"), probe.base[0], strerror(errno)), -1;
    snprintf(path, sizeof path, "%s/cgroup.subtree_control", probe.base[0]);
    if (write_text(path, want) != 0)
        return snprintf(why, len, _("cgroup2: %s refuses the controllers (%s)"), probe.base[0], strerror(errno)), -1;
    sweep(probe.base[0], 1);
    if (try_base(probe.base[0], 1, NULL) != 0)
        return snprintf(why, len, _("cgroup2: a cgroup under %s cannot be limited or entered"), probe.base[0]), -1;
    probe.cpu = cpu;
    return 0;
}

/* cgroup v1: the hierarchy of controller `what`, and reducevis's own cgroup
 * in it, into out ("/sys/fs/cgroup/pids/PATH/reducevis"). */
static int v1_base(const char *what, char *out, size_t len)
{
    char line[1024], mnt[PATH_MAX] = "", own[PATH_MAX] = "";
    FILE *f = fopen("/proc/mounts", "r");
    while (f && fgets(line, sizeof line, f)) {
        char dev[256], dir[PATH_MAX], type[64], opts[512];
        if (sscanf(line, "%255s %4095s %63s %511s", dev, dir, type, opts) == 4 && !strcmp(type, "cgroup") &&
            has_word(opts, what, ","))
            snprintf(mnt, sizeof mnt, "%s", dir);
    }
    if (f) fclose(f);
    f = fopen("/proc/self/cgroup", "r");
    while (f && fgets(line, sizeof line, f)) {
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2) continue;
        *c2 = 0;
        if (has_word(c1 + 1, what, ",")) snprintf(own, sizeof own, "%.*s", (int)strcspn(c2 + 1, "\n"), c2 + 1);
    }
    if (f) fclose(f);
    if (!mnt[0] || !own[0]) return -1;
    snprintf(out, len, "%s%s/reducevis", mnt, strcmp(own, "/") ? own : "");
    return mkdir(out, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

static int probe_v1(char *why, size_t len)
{
    probe.ncg = 0;
    for (int c = PIDS; c <= CPU; c++) {
        char *base = probe.base[probe.ncg];
        if (v1_base(controller[c], base, PATH_MAX) != 0 || try_base(base, 0, controller[c]) != 0) {
            if (c == CPU) break; /* fine without: the CPU is then shared per thread */
            snprintf(why, len, _("no cgroup2, and cgroup1's %s hierarchy cannot be used"), controller[c]);
            return -1;
        }
        sweep(base, 0);
        snprintf(probe.v1_what[probe.ncg++], sizeof probe.v1_what[0], "%s", controller[c]);
    }
    probe.cpu = probe.ncg > CPU;
    return 0;
}

/* The slots' folder: root's alone, made where it is not there. */
static void probe_slots(void)
{
    static const char *const where[] = {"/run/reducevis", "/tmp/reducevis-root"};
    for (size_t i = 0; i < sizeof where / sizeof where[0]; i++) {
        struct stat st;
        mkdir(where[i], 0700);
        if (lstat(where[i], &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == 0 && !(st.st_mode & 077)) {
            snprintf(probe.slots, sizeof probe.slots, "%s", where[i]);
            return;
        }
    }
}

/* Linux counts RLIMIT_NPROC per user namespace from 5.14 on. */
static int nproc_per_userns(void)
{
    struct utsname u;
    int major = 0, minor = 0;
    return uname(&u) == 0 && sscanf(u.release, "%d.%d", &major, &minor) == 2 &&
           (major > 5 || (major == 5 && minor >= 14));
}

static void say(void)
{
    rv_sandbox_limits run = rv_sandbox_limits_of(RV_SANDBOX_RUN, 0);
    char *l = probe.line;
    size_t len = sizeof probe.line;
    double gib = (double)run.box_bytes / (1 << 30), proc_gib = (double)run.mem_bytes / (1 << 30);
    const char *gpu = _("GPU memory is the card's, shared: a program may hold it until its run's time limit, "
                        "and a check refused it goes back to the queue once");
    char gpu_held[300]; /* with a cgroup, a run's processes are known, and their GPU memory counted */
    snprintf(gpu_held, sizeof gpu_held,
             _("at most %.0f GiB of the GPU's memory for all a run's processes and %d of them on the GPU (the GPU "
               "driver's count); a check refused GPU memory goes back to the queue once"),
             (double)run.gpu_bytes / (1 << 30), run.gpu_procs);
    char cpus[160];
    snprintf(cpus, sizeof cpus,
             ngettext("at most %d CPU busy at once, and the CPU shared out per sandbox",
                      "at most %d CPUs busy at once, and the CPU shared out per sandbox", run.box_cpus),
             run.box_cpus);
    if (probe.root && (probe.v2 || probe.ncg >= 2))
        snprintf(l, len,
                 _("sandboxes: each has a cgroup (%s) and a user id of its own: at most %d processes and "
                   "threads and %.1f GiB of memory for all its processes, %s; %s"),
                 probe.v2 ? "cgroup2" : "cgroup1", run.nproc, gib,
                 probe.cpu ? cpus
                           : _("the CPU shared per thread (no cpu controller): "
                               "a program spinning on every core slows the others"),
                 gpu_held);
    else if (probe.root)
        snprintf(l, len,
                 _("sandboxes: each has a user id of its own, so its own %d processes, but no cgroup (%s): "
                   "memory is limited per process only (%.0f GiB), so one hostile program's processes together "
                   "could take %.0f GiB and starve the others' checks, and the CPU is shared per thread; %s"),
                 run.nproc, probe.why_none, proc_gib, proc_gib * run.nproc, gpu);
    else if (nproc_per_userns())
        snprintf(l, len,
                 _("sandboxes: each has a user namespace and so its own %d processes, but no cgroup (reducevis "
                   "is not root): memory is limited per process only (%.0f GiB), so one hostile program's "
                   "processes together could take %.0f GiB and starve the others' checks, and the CPU is shared "
                   "per thread; %s"),
                 run.nproc, proc_gib, proc_gib * run.nproc, gpu);
    else
        snprintf(l, len,
                 _("sandboxes: all share one user's %d processes (Linux before 5.14, reducevis not root) and "
                   "memory is limited per process only: one hostile program that forks all it may stops every "
                   "other check until it ends; %s"),
                 run.nproc, gpu);
}

static void probe_once(void)
{
    probe.root = geteuid() == 0;
    if (probe.root) {
        char why2[200] = "", why1[200] = "";
        probe_slots();
        if (!getenv("RV_SANDBOX_NO_CGROUP")) { /* the tests' way to see the fallback */
            probe.v2 = probe_v2(why2, sizeof why2) == 0;
            if (!probe.v2 && probe_v1(why1, sizeof why1) != 0) probe.ncg = 0;
        } else {
            snprintf(why2, sizeof why2, "%s", "RV_SANDBOX_NO_CGROUP");
        }
        snprintf(probe.why_none, sizeof probe.why_none, "%s", why1[0] ? why1 : why2);
    }
    say();
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

const char *rv_box_line(void)
{
    pthread_once(&once, probe_once);
    return probe.line;
}

/* ---- one sandbox -------------------------------------------------------- */

static int take_slot(rv_box *b, char *why, size_t len)
{
    if (!probe.slots[0])
        return snprintf(why, len, "%s", _("no folder for the sandboxes' user ids (/run/reducevis)")), -1;
    unsigned start = (unsigned)getpid() * 7u;
    for (unsigned i = 0; i < RV_BOX_SLOTS; i++) {
        unsigned slot = (start + i) % RV_BOX_SLOTS;
        char path[128];
        snprintf(path, sizeof path, "%s/slot-%u", probe.slots, slot);
        int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0) continue;
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
            b->slot_fd = fd, b->uid = RV_BOX_UID_BASE + (int)slot;
            return 0;
        }
        close(fd);
    }
    return snprintf(why, len, _("all %d of the sandboxes' user ids are in use"), RV_BOX_SLOTS), -1;
}

int rv_box_open(rv_box *b, int tasks, uint64_t memory, int cpus, char *why, size_t len)
{
    static int counter;
    pthread_once(&once, probe_once);
    memset(b, 0, sizeof *b);
    b->uid = -1, b->slot_fd = -1, b->v2 = probe.v2;
    if (!probe.root) return 0;
    if (take_slot(b, why, len)) return -1;
    int n = __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED), bases = probe.v2 ? 1 : probe.ncg;
    for (int i = 0; i < bases; i++) {
        snprintf(b->cg[i], sizeof b->cg[i], "%s/sb-%d-%d", probe.base[i], (int)getpid(), n);
        if (mkdir(b->cg[i], 0755) != 0 ||
            set_limits(b->cg[i], probe.v2, probe.v2 ? NULL : probe.v1_what[i], tasks, memory, cpus) != 0) {
            snprintf(why, len, _("cannot make the sandbox's cgroup %s: %s"), b->cg[i], strerror(errno));
            b->ncg = i + (access(b->cg[i], F_OK) == 0);
            rv_box_close(b, NULL);
            return -1;
        }
        b->ncg = i + 1;
    }
    return 0;
}

int rv_box_lower_cpu(const rv_box *b)
{
    int rc = 0;
    for (int i = 0; i < b->ncg && probe.cpu; i++)
        if (b->v2 || !strcmp(probe.v1_what[i], "cpu"))
            rc |= b->v2 ? set_file(b->cg[i], "cpu.weight", "1") : set_file(b->cg[i], "cpu.shares", "2");
    return rc;
}

void rv_box_enter(const rv_box *b)
{
    for (int i = 0; i < b->ncg; i++) {
        char path[PATH_MAX + 32];
        size_t k = strlen(b->cg[i]);
        memcpy(path, b->cg[i], k), memcpy(path + k, "/cgroup.procs", 14); /* no snprintf: after fork */
        if (write_text(path, "0") != 0) _exit(126);                       /* its limits or nothing */
    }
}

void rv_box_close(rv_box *b, rv_box_end *end)
{
    if (end) memset(end, 0, sizeof *end);
    for (int i = 0; i < b->ncg; i++) {
        const char *what = b->v2 ? "" : probe.v1_what[i];
        if (end && (b->v2 || !strcmp(what, "pids"))) end->forks_refused += keyed(b->cg[i], "pids.events", "max");
        if (end && b->v2) {
            end->memory_full = keyed(b->cg[i], "memory.events", "oom") > 0;
            end->oom_kills = keyed(b->cg[i], "memory.events", "oom_kill");
        } else if (end && !strcmp(what, "memory")) {
            char fail[32] = "";
            char path[PATH_MAX + 32];
            snprintf(path, sizeof path, "%s/memory.failcnt", b->cg[i]);
            end->oom_kills = keyed(b->cg[i], "memory.oom_control", "oom_kill");
            end->memory_full = read_text(path, fail, sizeof fail) == 0 && atol(fail) > 0 && end->oom_kills > 0;
        }
        remove_cgroup(b->cg[i], b->v2);
    }
    b->ncg = 0;
    if (b->slot_fd >= 0) close(b->slot_fd);
    b->slot_fd = -1;
}

long rv_box_machine_oom_kills(void)
{
    char text[32768];
    if (read_text("/proc/vmstat", text, sizeof text)) return -1;
    const char *k = strstr(text, "\noom_kill ");
    return k ? strtol(k + 10, NULL, 10) : -1;
}
