/* sandbox_argv.c — the command line of one sandboxed command
 * (sandbox_argv.h): bwrap and its rules, util-linux's prlimit with the
 * step's limits, and, where reducevis runs as root, setpriv to the
 * sandbox's own user.  sandbox.c runs it. */
#define _GNU_SOURCE
#include "own/sandbox/sandbox_argv.h"

#include <glob.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/i18n.h"

static void add(rv_sandbox_args *a, const char *s)
{
    if (a->n + 1 >= RV_SANDBOX_MAX_ARGS) {
        a->full = 1;
        return;
    }
    a->v[a->n++] = (char *)s;
    a->v[a->n] = NULL;
}

static void addf(rv_sandbox_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void addf(rv_sandbox_args *a, const char *fmt, ...)
{
    char *s = NULL;
    va_list ap;
    va_start(ap, fmt);
    int ok = vasprintf(&s, fmt, ap) >= 0;
    va_end(ap);
    if (!ok || a->nowned >= RV_SANDBOX_MAX_ARGS) {
        free(ok ? s : NULL);
        a->full = 1;
        return;
    }
    a->owned[a->nowned++] = s;
    add(a, s);
}

void rv_sandbox_args_free(rv_sandbox_args *a)
{
    for (int i = 0; i < a->nowned; i++) free(a->owned[i]);
    a->nowned = a->n = 0;
}

/* A program of util-linux where the sandbox sees it. */
static const char *util(const char *name, char *out, size_t len)
{
    static const char *const dirs[] = {"/usr/bin", "/bin", "/usr/sbin", "/sbin"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        snprintf(out, len, "%s/%s", dirs[i], name);
        if (access(out, X_OK) == 0) return out;
    }
    return NULL;
}

int rv_sandbox_find_on_path(const char *name, char *out, size_t len)
{
    const char *path = getenv("PATH");
    char dirs[8192];
    snprintf(dirs, sizeof dirs, "%s", path && *path ? path : "/usr/bin:/bin");
    for (char *save = NULL, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        if (*d != '/') continue; /* a relative PATH entry names nothing fixed */
        snprintf(out, len, "%s/%s", d, name);
        if (access(out, X_OK) == 0) return 1;
    }
    return 0;
}

/* The folder two levels above a program's real path: the CUDA toolkit above
 * bin/nvcc. */
static int toolkit_of(const char *prog, char *out, size_t len)
{
    char real[PATH_MAX];
    if (!realpath(prog, real)) return 0;
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(real, '/');
        if (!slash || slash == real) return 0;
        *slash = 0;
    }
    snprintf(out, len, "%s", real);
    return 1;
}

static int under_usr(const char *p) { return !strncmp(p, "/usr/", 5) || !strcmp(p, "/usr"); }

/* The folders above `dest` made first, open to all (0755): the ones bwrap
 * makes by itself are root's alone, and the sandbox's user could not pass. */
static void parents(rv_sandbox_args *a, const char *dest)
{
    for (const char *p = strchr(dest + 1, '/'); p; p = strchr(p + 1, '/'))
        add(a, "--perms"), add(a, "0755"), add(a, "--dir"), addf(a, "%.*s", (int)(p - dest), dest);
}

/* A bind of `src` at `dest`: `how` is --ro-bind or --bind. */
static void bind(rv_sandbox_args *a, const char *how, const char *src, const char *dest)
{
    parents(a, dest);
    add(a, how), addf(a, "%s", src), addf(a, "%s", dest);
}

/* A file or folder shown read-only at its real path, and at the path it was
 * named by where that differs (a link on the way), so that both lead to it. */
static void show(rv_sandbox_args *a, const char *path)
{
    char real[PATH_MAX];
    if (!path || !*path || !realpath(path, real) || under_usr(real)) return;
    bind(a, "--ro-bind", real, real);
    if (*path == '/' && strcmp(path, real) && !strstr(path, "/./") && !strstr(path, "/../") && !under_usr(path))
        bind(a, "--ro-bind", real, path);
}

static int running_as_root(void) { return geteuid() == 0; }

/* The folders of the caller's LD_LIBRARY_PATH that hold the CUDA driver
 * (libcuda.so.1 outside the system's folders: /usr/local/nvidia/lib64 and
 * the like), "a:b": shown to the sandbox and put on its LD_LIBRARY_PATH, and
 * no other folder of that variable. */
static void driver_dirs(char *out, size_t len)
{
    const char *ld = getenv("LD_LIBRARY_PATH");
    char dirs[8192], lib[PATH_MAX + 32];
    out[0] = 0;
    snprintf(dirs, sizeof dirs, "%s", ld ? ld : "");
    for (char *save = NULL, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        snprintf(lib, sizeof lib, "%s/libcuda.so.1", d);
        size_t used = strlen(out);
        if (*d == '/' && access(lib, R_OK) == 0 && used + strlen(d) + 2 < len)
            snprintf(out + used, len - used, "%s%s", used ? ":" : "", d);
    }
}

/* The groups (other than root's) that open the GPU's device nodes where
 * others may not (0660 root:video and the like), "44,109": the sandbox's user
 * gets them and no other group. */
static void gpu_groups(char *out, size_t len)
{
    glob_t g;
    out[0] = 0;
    if (glob("/dev/nvidia*", 0, NULL, &g) != 0) return;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        struct stat st;
        char one[24];
        if (stat(g.gl_pathv[i], &st) != 0 || st.st_gid == 0) continue;
        if ((st.st_mode & (S_IROTH | S_IWOTH)) == (S_IROTH | S_IWOTH)) continue;
        if ((st.st_mode & (S_IRGRP | S_IWGRP)) != (S_IRGRP | S_IWGRP)) continue;
        snprintf(one, sizeof one, "%u", (unsigned)st.st_gid);
        int seen = 0;
        for (const char *p = out; (p = strstr(p, one)); p++)
            if ((p == out || p[-1] == ',') && (p[strlen(one)] == ',' || !p[strlen(one)])) seen = 1;
        if (!seen && strlen(out) + strlen(one) + 2 < len)
            snprintf(out + strlen(out), len - strlen(out), "%s%s", out[0] ? "," : "", one);
    }
    globfree(&g);
}

/* The whole command line: bwrap, its rules, prlimit's limits, setpriv where
 * root, then argv.  0, or -1 when a helper is missing (why in `why`). */
int rv_sandbox_args_build(rv_sandbox_args *a, const char *bwrap, const rv_sandbox_job *job, char *const argv[],
                          char *const env[], int uid, char *why, size_t whylen)
{
    char prlimit[64], setpriv[64], nvcc[PATH_MAX], toolkit[PATH_MAX], cs[PATH_MAX], cs_dir[PATH_MAX];
    int root = running_as_root();
    if (!util("prlimit", prlimit, sizeof prlimit) || (root && !util("setpriv", setpriv, sizeof setpriv))) {
        snprintf(why, whylen, "%s", _("util-linux's prlimit and setpriv were not found in /usr/bin or /bin"));
        return -1;
    }
    rv_sandbox_limits lim = rv_sandbox_limits_of(job->step, job->input_bytes);
    memset(a, 0, sizeof *a);
    add(a, bwrap);
    /* its own processes, no network, dies with reducevis, no terminal to type into */
    static const char *const fixed[] = {"--die-with-parent", "--new-session", "--unshare-pid",        "--unshare-net",
                                        "--unshare-ipc",     "--unshare-uts", "--unshare-cgroup-try", "--hostname",
                                        "reducevis-sandbox", "--clearenv"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) add(a, fixed[i]);
    if (!root) { /* a user namespace of its own, as nobody, and no more of them inside */
        static const char *const userns[] = {"--unshare-user", "--disable-userns", "--uid", "65534", "--gid", "65534"};
        for (size_t i = 0; i < sizeof userns / sizeof userns[0]; i++) add(a, userns[i]);
    }
    /* the environment: nothing of the caller's but the GPU it is to use */
    if (!rv_sandbox_find_on_path("nvcc", nvcc, sizeof nvcc)) snprintf(nvcc, sizeof nvcc, "/usr/local/cuda/bin/nvcc");
    int have_toolkit = toolkit_of(nvcc, toolkit, sizeof toolkit);
    add(a, "--setenv"), add(a, "PATH");
    if (have_toolkit)
        addf(a, "%s/bin:/usr/local/bin:/usr/bin:/bin", toolkit);
    else
        add(a, "/usr/local/bin:/usr/bin:/bin");
    static const char *const plain_env[] = {"HOME", "/tmp", "TMPDIR", "/tmp", "LC_ALL", "C"};
    for (size_t i = 0; i < sizeof plain_env / sizeof plain_env[0]; i += 2)
        add(a, "--setenv"), add(a, plain_env[i]), add(a, plain_env[i + 1]);
    static const char *const pass[] = {"CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER"};
    for (size_t i = 0; i < sizeof pass / sizeof pass[0]; i++) {
        const char *v = getenv(pass[i]);
        if (v) add(a, "--setenv"), add(a, pass[i]), add(a, v);
    }
    char driver[4096];
    driver_dirs(driver, sizeof driver);
    if (driver[0]) add(a, "--setenv"), add(a, "LD_LIBRARY_PATH"), addf(a, "%s", driver);
    for (int i = 0; env && env[i]; i++) { /* after, so that the caller's own LD_LIBRARY_PATH wins */
        const char *eq = strchr(env[i], '=');
        if (!eq) continue;
        add(a, "--setenv");
        addf(a, "%.*s", (int)(eq - env[i]), env[i]);
        add(a, eq + 1);
    }
    /* the system's programs and libraries, and the two /etc entries they read */
    add(a, "--ro-bind"), add(a, "/usr"), add(a, "/usr");
    static const char *const top[] = {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};
    for (size_t i = 0; i < sizeof top / sizeof top[0]; i++) {
        struct stat st;
        char target[PATH_MAX];
        if (lstat(top[i], &st) != 0) continue;
        if (S_ISLNK(st.st_mode)) { /* merged /usr: /bin -> usr/bin */
            ssize_t n = readlink(top[i], target, sizeof target - 1);
            if (n <= 0) continue;
            target[n] = 0;
            add(a, "--symlink"), addf(a, "%s", target), add(a, top[i]);
        } else if (S_ISDIR(st.st_mode)) {
            add(a, "--ro-bind"), add(a, top[i]), add(a, top[i]);
        }
    }
    static const char *const etc[] = {"/etc/ld.so.cache", "/etc/alternatives"};
    for (size_t i = 0; i < sizeof etc / sizeof etc[0]; i++) bind(a, "--ro-bind-try", etc[i], etc[i]);
    /* its own /proc (its processes only), a minimal /dev, the GPU */
    add(a, "--proc"), add(a, "/proc");
    add(a, "--dev"), add(a, "/dev");
    glob_t g;
    if (glob("/dev/nvidia*", 0, NULL, &g) == 0) {
        for (size_t i = 0; i < g.gl_pathc; i++)
            add(a, "--dev-bind"), addf(a, "%s", g.gl_pathv[i]), addf(a, "%s", g.gl_pathv[i]);
        /* what the CUDA driver reads of the GPU's place in the machine */
        static const char *const sys[] = {"/sys/bus", "/sys/class", "/sys/dev", "/sys/devices", "/sys/module"};
        for (size_t i = 0; i < sizeof sys / sizeof sys[0]; i++) bind(a, "--ro-bind-try", sys[i], sys[i]);
        globfree(&g);
    }
    /* a private /tmp of bounded size, writable by all as any /tmp, and a small
       /dev/shm for the libraries that share memory between their threads */
    add(a, "--perms"), add(a, "1777"), add(a, "--size"), addf(a, "%llu", (unsigned long long)lim.tmp_bytes);
    add(a, "--tmpfs"), add(a, "/tmp");
    add(a, "--perms"), add(a, "1777"), add(a, "--size"), addf(a, "%llu", (unsigned long long)lim.shm_bytes);
    add(a, "--tmpfs"), add(a, "/dev/shm");
    /* the toolkit, compute-sanitizer, the driver's libraries, and what the caller names */
    if (have_toolkit) show(a, toolkit);
    if (rv_sandbox_find_on_path("compute-sanitizer", cs, sizeof cs) && toolkit_of(cs, cs_dir, sizeof cs_dir))
        show(a, cs_dir);
    for (char *save = NULL, *d = strtok_r(driver, ":", &save); d; d = strtok_r(NULL, ":", &save)) show(a, d);
    for (int i = 0; i < RV_SANDBOX_MAX_SHOW; i++) show(a, job->show[i]);
    /* the one writable folder, where it starts */
    bind(a, "--bind", job->work, job->work);
    add(a, "--chdir"), add(a, job->work);
    add(a, "--info-fd"), add(a, "3");
    if (root) { /* just what setpriv needs to leave root; it drops them */
        static const char *const caps[] = {"CAP_SETUID", "CAP_SETGID", "CAP_SETPCAP"};
        for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) add(a, "--cap-add"), add(a, caps[i]);
    }
    add(a, "--");
    /* the limits, each no higher than the caller's own hard limit */
    struct {
        const char *opt;
        int res;
        uint64_t v;
    } rl[] = {
        {"--cpu", RLIMIT_CPU, (uint64_t)lim.cpu_s},        {"--data", RLIMIT_DATA, lim.mem_bytes},
        {"--fsize", RLIMIT_FSIZE, lim.file_bytes},         {"--nproc", RLIMIT_NPROC, (uint64_t)lim.nproc},
        {"--nofile", RLIMIT_NOFILE, (uint64_t)lim.nofile}, {"--core", RLIMIT_CORE, 0},
    };
    addf(a, "%s", prlimit);
    for (size_t i = 0; i < sizeof rl / sizeof rl[0]; i++) {
        struct rlimit cur;
        uint64_t v = rl[i].v, hard = v;
        if (getrlimit(rl[i].res, &cur) == 0 && cur.rlim_max != RLIM_INFINITY && cur.rlim_max < v)
            v = hard = cur.rlim_max;
        /* the CPU limit's signal (SIGXCPU, which says why) comes a second before the kill */
        if (rl[i].res == RLIMIT_CPU && hard == rl[i].v) hard = v + 1;
        addf(a, "%s=%llu:%llu", rl[i].opt, (unsigned long long)v, (unsigned long long)hard);
    }
    add(a, "--");
    if (root) {
        char groups[256];
        gpu_groups(groups, sizeof groups);
        addf(a, "%s", setpriv);
        addf(a, "--reuid=%d", uid), addf(a, "--regid=%d", uid);
        if (groups[0])
            addf(a, "--groups=%s", groups);
        else
            add(a, "--clear-groups");
        static const char *const drop[] = {"--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"};
        for (size_t i = 0; i < sizeof drop / sizeof drop[0]; i++) add(a, drop[i]);
    }
    for (int i = 0; argv[i]; i++) add(a, argv[i]);
    if (a->full) {
        snprintf(why, whylen, "%s", _("the sandbox's command line is too long"));
        return -1;
    }
    return 0;
}
