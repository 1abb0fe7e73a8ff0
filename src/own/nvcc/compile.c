/* compile.c — nvcc's compile of a student's file (trace_run.c's build
 * stage), with the driver compiled once.
 *
 * The program is the student's file (student.cu) linked with the driver
 * (src/tracer/driver.cu, embedded) that calls its launch(), each compiled
 * by nvcc as a translation unit of its own with the same flags.  The
 * driver is the same for every file, and it is about half the compile of a
 * small one (1.5 of 3 s on a 2-core machine), so its object is kept in the
 * build cache (build_cache.c's folder: a class's DIR/cache, else
 * ~/.cache/reducevis/builds) under a key hashed from its source and the
 * toolchain (rv_own_toolchain_hash: nvcc, the host compiler, the flags, the
 * architecture).  A compile then runs `nvcc FLAGS -o program student.cu
 * driver.o`: the same program as `... student.cu driver.cu`, whose nvcc
 * compiles driver.cu alone into that same object and links in the same
 * order.  Where the cache cannot be used (none can be named or written, a
 * read-only home; nvcc fails on the driver alone) both files are compiled
 * together, as before.
 *
 * An entry is the folder CACHE/driver-KEY holding driver.o and its stamp
 * driver.txt (the key, the object's size and hash).  It is compiled in a
 * folder of its own (in the sandbox when the student's compile is) and
 * renamed into place: two compiles filling it at once both finish.  It is
 * read as data: no link followed, regular files only, the stamp's key this
 * key and the object's size and hash its own; else the entry is removed and
 * compiled again.  That finds an entry cut short, damaged, moved or
 * replaced by a link; the cache itself is as trusted as the user's own
 * files (folders private to the user, as build_cache.c makes them): the
 * object is copied into the work folder, so the student's compile,
 * sandboxed or not, never sees the cache, let alone writes in it.
 *
 * The student's compile beside that object runs through rvnvccsplit
 * (nvcc_split.c, a program beside the tracer): nvcc's own steps, the host's and the device's
 * side by side, where nvcc runs them one after another (Thrust's file, a
 * check --build-only on a 2-core machine: 9.4-9.8 s became 6.5-7.8 s; a
 * small one 0.9-1.2 s became 0.75-0.9 s; docs/own-kernel.md has them).  The
 * sandbox shows it the program, read-only.
 * Where rvnvccsplit cannot be started, plain nvcc runs; RV_NVCC_SPLIT=0 asks
 * for plain nvcc always.  WORK/nvcc-split.txt says which ran, and why. */
#define _XOPEN_SOURCE 700
#include "own/nvcc/compile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "own/nvcc/cache_dir.h"
#include "core/gpu_list.h"
#include "core/i18n.h"
#include "own/nvcc/native_arch.h"
#include "own/nvcc/nvcc_split.h"
#include "own/base/files.h"
#include "own/sandbox/run_cmd.h"

extern const char rv_tracer_driver_source[]; /* src/tracer/driver.cu, embedded */

#define COMPILE_LIMIT_S 180.0
/* Raise when what an entry holds changes. */
#define DRIVER_STAMP    "rvdriver-1\nkey %s\nsize %llu\nhash %016llx\n"
#define MAX_OBJECT      (64u << 20)

/* The flags of every compile: the student's file, the driver alone, the
 * link; then -arch (arch_option).  Not --threads: nvcc's device side waits
 * for cudafe++'s module id anyway (Thrust's file compiled in 11.6 s with
 * it against 12.7 without, on an H100 machine), and its threads, one per
 * core, count against the sandbox's process limit, which every sandbox of
 * a class shares (its one user): a class's compiles then failed.
 * -g is the host's line table only (the host compiler's -g: the same
 * machine code, the device's untouched; -G would change the device's), so
 * that a verdict can name the student's line of a host call
 * (host_line.h). */
static const char *const nvcc_flags[] = {"-O3", "-g", "-lineinfo", "-std=c++17"};
#define NFLAGS (sizeof nvcc_flags / sizeof nvcc_flags[0])

static const char *arch_name(void)
{
    const char *arch = getenv("RV_TRACE_ARCH");
    return arch && *arch ? arch : "native";
}

/* A program on PATH (or /usr/local/cuda/bin): its real path, size and time. */
static int hash_program(uint64_t *h, const char *name)
{
    char path[PATH_MAX], real[PATH_MAX], line[PATH_MAX + 64];
    struct stat st;
    if (!rv_find_program(name, path, sizeof path) || !realpath(path, real) || stat(real, &st) != 0) return -1;
    snprintf(line, sizeof line, "%s %lld %lld", real, (long long)st.st_size, (long long)st.st_mtime);
    *h = rv_hash(*h, line, strlen(line) + 1);
    return 0;
}

/* "native" is whatever GPUs nvcc finds: their models (the NVIDIA driver's
 * /proc files, no CUDA call) and the devices shown, in the key, so that a
 * cache in a home shared by machines of other GPUs keeps each apart. */
static uint64_t hash_gpus(uint64_t h)
{
    char models[16][RV_GPU_MODEL_LEN];
    const char *shown = getenv("CUDA_VISIBLE_DEVICES");
    uint64_t sum = 0;
    for (int i = 0, n = rv_gpu_list(models, 16); i < n; i++) sum += rv_hash(0, models[i], strlen(models[i]));
    h = rv_hash(h, &sum, sizeof sum);
    return shown ? rv_hash(h, shown, strlen(shown) + 1) : h;
}

int rv_own_toolchain_hash(uint64_t *h)
{
    if (hash_program(h, "nvcc")) return -1;
    if (hash_program(h, "gcc")) *h = rv_hash(*h, "-", 1); /* none: nvcc then fails */
    for (size_t i = 0; i < NFLAGS; i++) *h = rv_hash(*h, nvcc_flags[i], strlen(nvcc_flags[i]) + 1);
    const char *arch = arch_name();
    *h = rv_hash(*h, arch, strlen(arch) + 1);
    if (!strcmp(arch, "native")) *h = hash_gpus(*h);
    return 0;
}

/* The build cache: the option's, else the default one; -1 where none. */
static int cache_of(const rv_own_opts *o, char *cache, size_t len)
{
    if (o->build_cache) return snprintf(cache, len, "%s", o->build_cache), 0;
    return rv_own_default_cache(cache, len);
}

/* The architecture options: RV_TRACE_ARCH's, else what native stands for
 * here, named (native_arch.c: nvcc then asks no driver), else native. */
typedef struct arch_opts {
    char arch[64], code[64]; /* code "": none */
} arch_opts;

static void arch_of(const rv_own_opts *o, const char *nvcc, arch_opts *a)
{
    char cache[PATH_MAX], cc[8];
    uint64_t key = 0;
    a->code[0] = 0;
    if (!strcmp(arch_name(), "native") && cache_of(o, cache, sizeof cache) == 0 && hash_program(&key, "nvcc") == 0 &&
        rv_native_arch(cache, hash_gpus(key), nvcc, cc, sizeof cc) == 0) {
        snprintf(a->arch, sizeof a->arch, "-arch=compute_%s", cc);
        snprintf(a->code, sizeof a->code, "-code=sm_%s", cc);
        return;
    }
    snprintf(a->arch, sizeof a->arch, "-arch=%s", arch_name());
}

/* nvcc's argv: nvcc, the flags, the architecture; the caller adds the rest.
 * The count. */
static int nvcc_argv(const rv_own_opts *o, char *nvcc, arch_opts *a, char **argv)
{
    int argc = 0;
    arch_of(o, nvcc, a);
    argv[argc++] = nvcc;
    for (size_t i = 0; i < NFLAGS; i++) argv[argc++] = (char *)nvcc_flags[i];
    argv[argc++] = a->arch;
    if (a->code[0]) argv[argc++] = a->code;
    return argc;
}

/* ---- the driver's object ------------------------------------------------ */

/* The whole regular file NAME of the folder dfd, not through a link, at most
 * cap bytes, into a malloc'd buffer (*len its size); NULL if not. */
static char *read_in(int dfd, const char *name, size_t cap, size_t *len)
{
    struct stat st;
    int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    char *buf = NULL;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size <= cap &&
        (buf = malloc((size_t)st.st_size + 1))) {
        ssize_t got = read(fd, buf, (size_t)st.st_size);
        if (got == st.st_size)
            buf[got] = 0, *len = (size_t)got;
        else
            free(buf), buf = NULL;
    }
    if (fd >= 0) close(fd);
    return buf;
}

/* The entry's object, checked against its stamp, copied to WORK/driver.o:
 * 0, or -1 (none there, or not whole). */
static int take(const char *entry, const char *key, const char *work)
{
    char want[128], path[PATH_MAX + 32];
    size_t len = 0, slen = 0;
    int dfd = open(entry, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dfd < 0) return -1;
    char *stamp = read_in(dfd, "driver.txt", 512, &slen);
    char *obj = stamp ? read_in(dfd, "driver.o", MAX_OBJECT, &len) : NULL;
    close(dfd);
    int rc = -1;
    if (obj) {
        snprintf(want, sizeof want, DRIVER_STAMP, key, (unsigned long long)len,
                 (unsigned long long)rv_hash(0, obj, len));
        snprintf(path, sizeof path, "%s/driver.o", work);
        if (!strcmp(stamp, want)) rc = rv_own_write_file(path, obj, len);
    }
    free(stamp);
    free(obj);
    return rc;
}

/* The driver compiled alone into the fresh folder dir, its stamp beside it:
 * 0, or -1. */
static int compile_driver(const rv_own_opts *o, const char *dir, const char *key)
{
    char nvcc[PATH_MAX], src[PATH_MAX + 16], obj[PATH_MAX + 16], log[PATH_MAX + 16], stamp[128];
    arch_opts archopt;
    char *argv[16];
    snprintf(src, sizeof src, "%s/driver.cu", dir);
    snprintf(obj, sizeof obj, "%s/driver.o", dir);
    snprintf(log, sizeof log, "%s/nvcc.log", dir);
    if (!rv_find_program("nvcc", nvcc, sizeof nvcc) ||
        rv_own_write_file(src, rv_tracer_driver_source, strlen(rv_tracer_driver_source)))
        return -1;
    int argc = nvcc_argv(o, nvcc, &archopt, argv);
    argv[argc++] = "-c", argv[argc++] = "-o", argv[argc++] = obj, argv[argc++] = src, argv[argc] = NULL;
    rv_proc_result r = rv_own_run_cmd(o, dir, RV_SANDBOX_COMPILE, NULL, argv, NULL, log, COMPILE_LIMIT_S);
    size_t len = 0;
    char *bytes = r.end == RV_PROC_EXITED && r.status == 0 ? rv_read_text(obj, &len) : NULL;
    if (!bytes) return -1;
    snprintf(stamp, sizeof stamp, DRIVER_STAMP, key, (unsigned long long)len,
             (unsigned long long)rv_hash(0, bytes, len));
    free(bytes);
    snprintf(src, sizeof src, "%s/driver.txt", dir);
    return rv_own_write_file(src, stamp, strlen(stamp));
}

/* The entry compiled and put in place (or another compile's, which got
 * there first): 0, or -1 where the cache cannot be written or nvcc failed. */
static int fill(const rv_own_opts *o, const char *cache, const char *entry, const char *key)
{
    char fresh[PATH_MAX], real[PATH_MAX];
    snprintf(fresh, sizeof fresh, "%.3000s/new-XXXXXX", cache);
    if (!mkdtemp(fresh)) return -1;
    /* the sandbox binds its work folder at its own path: an absolute one */
    int rc = realpath(fresh, real) ? compile_driver(o, real, key) : -1;
    if (rc == 0 && rename(fresh, entry) != 0 && errno != EEXIST && errno != ENOTEMPTY) rc = -1;
    if (access(fresh, F_OK) == 0) rv_remove_tree(fresh);
    return rc;
}

/* WORK/driver.o from the cache, the entry compiled first where it has none
 * whole: 0, or -1 where there is no cache to use. */
static int driver_object(const rv_own_opts *o, const char *work)
{
    char cache[PATH_MAX], entry[PATH_MAX + 64], key[32], nvcc[PATH_MAX];
    uint64_t h = 0;
    arch_opts a;
    if (cache_of(o, cache, sizeof cache) || !rv_find_program("nvcc", nvcc, sizeof nvcc)) return -1;
    if (rv_own_toolchain_hash(&h)) return -1;
    h = rv_hash(h, rv_tracer_driver_source, strlen(rv_tracer_driver_source));
    /* native named or not: the object of the options it is compiled with */
    arch_of(o, nvcc, &a);
    h = rv_hash(rv_hash(h, a.arch, strlen(a.arch) + 1), a.code, strlen(a.code) + 1);
    snprintf(key, sizeof key, "%016llx", (unsigned long long)h);
    snprintf(entry, sizeof entry, "%.3000s/driver-%s", cache, key);
    if (take(entry, key, work) == 0) return 0;
    if (rv_own_make_dirs(cache)) return -1; /* a read-only home: none */
    struct stat st;
    if (lstat(entry, &st) == 0) rv_remove_tree(entry); /* not whole, or not a folder: made anew */
    if (fill(o, cache, entry, key)) return -1;
    return take(entry, key, work);
}

/* ---- the split compile -------------------------------------------------- */

/* An AddressSanitizer build reserves terabytes of address space for its
 * shadow at start, which the sandbox's memory limit refuses: its
 * rvnvccsplit cannot start there. */
#if defined(__SANITIZE_ADDRESS__)
#define RV_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RV_ASAN 1
#endif
#endif

/* Why plain nvcc runs rather than rvnvccsplit (nvcc_split.c,
 * nvcc's steps with the host's and the device's halves side by side), or
 * NULL: split.  Only the student's file alone, beside the driver's object,
 * is split (rvnvccsplit takes one .cu file). */
static const char *no_split(const rv_own_opts *o, int object)
{
    const char *want = getenv("RV_NVCC_SPLIT");
    if (want && !strcmp(want, "0")) return "RV_NVCC_SPLIT=0";
    if (!object) return "the driver's source is compiled beside the file (no build cache)";
#ifdef RV_ASAN
    if (o->sandbox) return "an AddressSanitizer build does not start in the sandbox";
#else
    (void)o;
#endif
    return NULL;
}

/* The machine code's listing made while compiling (nvcc_split.h): the
 * environment that asks for it, into `dir` and `nd`, once the work folder's
 * earlier listings are gone; 0 where nvdisasm is not found (the trace then
 * lists what the traced run loaded, disasm.c). */
static int listing_env(const char *work, char *dir, size_t dirlen, char *nd, size_t ndlen)
{
    char path[PATH_MAX], abs[PATH_MAX], old[PATH_MAX + 32];
    static const char *const ext[] = {"cubin", "sass", "sass.part"};
    for (int k = 0; k < RV_NVCC_MAX_LISTED; k++)
        for (int e = 0; e < 3; e++) {
            snprintf(old, sizeof old, "%s/listed-%d.%s", work, k, ext[e]);
            remove(old);
        }
    if (!rv_find_program("nvdisasm", path, sizeof path) || !realpath(work, abs)) return 0;
    snprintf(dir, dirlen, "RV_NVCC_SPLIT_LIST=%s", abs);
    snprintf(nd, ndlen, "RV_NVCC_SPLIT_NVDISASM=%s", path);
    return 1;
}

/* nvcc's argv run, through rvnvccsplit where it can be: its result.
 * rvnvccsplit writes WORK/nvcc-split.txt (split, or plain nvcc and why)
 * before it ends; where it ended without (it could not be started: in the
 * sandbox or by its loader, or stopped), plain nvcc runs, whose message is
 * the one a compile that fails gives, every time.  plain_why: plain nvcc
 * at once, for that reason. */
static rv_proc_result run_nvcc(const rv_own_opts *o, const char *work, char **argv, int object, const char *plain_why,
                               const char *src_dir, const char *log)
{
    static const char *const helper[] = {"rvnvccsplit"};
    char self[1][PATH_MAX + 32], *sargv[32], note[PATH_MAX + 32], env_note[PATH_MAX + 64], said[200];
    char env_list[PATH_MAX + 32], env_nd[PATH_MAX + 32];
    snprintf(note, sizeof note, "%s/nvcc-split.txt", work);
    snprintf(env_note, sizeof env_note, "RV_NVCC_SPLIT_NOTE=%s", note);
    char *env[] = {env_note, NULL, NULL, NULL};
    rv_proc_ctl ctl = {.pass_fd = -1, .stop = o->stop_compile};
    int argc = 0;
    while (argv[argc]) argc++;
    remove(note);
    if (listing_env(work, env_list, sizeof env_list, env_nd, sizeof env_nd)) env[1] = env_list, env[2] = env_nd;
    const char *why = plain_why ? plain_why : no_split(o, object);
    if (!why && (rv_own_find_beside(1, helper, self) || argc + 2 > 32)) why = "rvnvccsplit was not found";
    if (!why) {
        sargv[0] = self[0];
        memcpy(sargv + 1, argv, sizeof(char *) * (size_t)(argc + 1));
        /* the sandbox shows rvnvccsplit too, read-only */
        const char *show[] = {self[0], o->extra_include, src_dir, NULL};
        rv_proc_result r = rv_own_run_ctl(o, work, RV_SANDBOX_COMPILE, show, sargv, env, log, COMPILE_LIMIT_S, &ctl);
        struct stat st;
        if (r.end == RV_PROC_TIMED_OUT || (lstat(note, &st) == 0 && S_ISREG(st.st_mode))) return r;
        why = "rvnvccsplit could not be started, or was stopped";
    }
    snprintf(said, sizeof said, "plain nvcc: %s\n", why);
    rv_own_write_file(note, said, strlen(said));
    const char *show[] = {o->extra_include, src_dir, NULL};
    return rv_own_run_ctl(o, work, RV_SANDBOX_COMPILE, show, argv, NULL, log, COMPILE_LIMIT_S, &ctl);
}

/* ---- the student's compile ---------------------------------------------- */

/* A kernel that launches kernels (dynamic parallelism) needs nvcc's
 * separate compilation and the device runtime, and nvcc says so: "kernel
 * launch from __device__ or __global__ functions requires separate
 * compilation mode".  Such a file is compiled again with -rdc=true
 * -lcudadevrt, by plain nvcc (rvnvccsplit takes whole-program compiles);
 * WORK/nvcc-split.txt says why. */
#define RDC_WHY "separate compilation (-rdc=true -lcudadevrt): the file launches kernels from kernels"

static int needs_rdc(const char *log)
{
    char *text = rv_read_text(log, NULL);
    int yes = text && strstr(text, "requires separate compilation mode") != NULL;
    free(text);
    return yes;
}

int rv_own_nvcc(const rv_own_opts *o, const char *work, char *err, size_t errlen)
{
    char nvcc[PATH_MAX], src[PATH_MAX + 16], drv[PATH_MAX + 16], prog[PATH_MAX + 16], log[PATH_MAX + 16],
        inc[PATH_MAX + 16], inc2[PATH_MAX + 32];
    arch_opts archopt;
    char *argv[24];
    if (!rv_find_program("nvcc", nvcc, sizeof nvcc))
        return rv_fail(
            err, errlen, RV_EXIT_RUNTIME, "%s",
            _("nvcc not found: install the CUDA toolkit (Debian: nvidia-cuda-toolkit, or NVIDIA's cuda-nvcc package) and put its bin folder on PATH"));
    snprintf(src, sizeof src, "%s/student.cu", work);
    snprintf(prog, sizeof prog, "%s/program", work);
    snprintf(log, sizeof log, "%s/nvcc.log", work);
    /* the object where the cache gives it, else the source beside the file */
    snprintf(drv, sizeof drv, "%s/driver.o", work);
    remove(drv);
    int object = driver_object(o, work) == 0;
    if (!object) snprintf(drv, sizeof drv, "%s/driver.cu", work);
    int argc = nvcc_argv(o, nvcc, &archopt, argv);
    argv[argc++] = "-o", argv[argc++] = prog, argv[argc++] = src, argv[argc++] = drv;
    if (o->extra_include) { /* the shipped kernels' folder, and src/ for rv_access.h */
        snprintf(inc, sizeof inc, "-I%.4000s", o->extra_include);
        snprintf(inc2, sizeof inc2, "-I%.4000s/../src", o->extra_include);
        argv[argc++] = inc;
        argv[argc++] = inc2;
    }
    argv[argc] = NULL;
    char src_dir[PATH_MAX + 16];
    snprintf(src_dir, sizeof src_dir, "%s/../src", o->extra_include ? o->extra_include : "");
    rv_proc_result r = run_nvcc(o, work, argv, object, NULL, src_dir, log);
    if (r.end == RV_PROC_EXITED && r.status == 0) return 0;
    if (r.end == RV_PROC_EXITED && needs_rdc(log)) {
        /* the same, in separate compilation mode with the device runtime */
        memmove(argv + 2, argv + 1, sizeof(char *) * (size_t)argc);
        argv[1] = "-rdc=true";
        argv[++argc] = "-lcudadevrt";
        argv[++argc] = NULL;
        r = run_nvcc(o, work, argv, object, RDC_WHY, src_dir, log);
        if (r.end == RV_PROC_EXITED && r.status == 0) return 0;
    }
    char tail[4000];
    rv_own_log_tail(log, src, o->file, tail, sizeof tail);
    if (r.end == RV_PROC_TIMED_OUT)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("nvcc took longer than %.0f s on %s; stopped"), COMPILE_LIMIT_S,
                       o->file);
    return rv_fail(err, errlen, RV_EXIT_USAGE, _("%s does not compile:\n%s"), o->file, tail);
}
