/* build_cache.c — the shipped version to beat, compiled once.
 *
 * `check` times the version to beat (v8) in the same run as the student's
 * kernel (exercise 5 holds the kernel to it).  Its source is the project's
 * own and the same for every check, so its build (trace_run.c's build
 * stage) is kept in a cache folder under a key hashed from everything that
 * makes the program: its source with the launch() added, the driver, the
 * headers it includes and the toolchain (compile.c's rv_own_toolchain_hash:
 * nvcc, the host compiler, the flags, the architecture).  The same folder
 * keeps the driver's object that every compile links (compile.c).  A check
 * copies the kept program into a fresh work folder of
 * its own and runs it there, timed only (its time is all a check needs of
 * it: no trace, no tracer), so checks running at once never share a folder.
 * A new entry is compiled in a folder of its own and renamed into place:
 * two checks filling the cache at once both finish, one keeps its build.
 * `check --prepare-cache` fills it ahead (a class does when it starts).
 * Where the judge's runner times it, the tracer's recording of its launch()
 * is kept beside the build too (recording_dir), made by the first check. */
#define _XOPEN_SOURCE 700
#include "own/nvcc/cache_dir.h"
#include "own/trace/trace_run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "own/nvcc/compile.h"
#include "core/assets.h"
#include "gpu/gpu.h"
#include "core/i18n.h"
#include "own/base/proc.h"
#include "own/run/program_run.h"

extern const char rv_tracer_driver_source[]; /* src/tracer/driver.cu, embedded */

/* Raise when what an entry holds changes. */
#define CACHE_FORMAT "rvbuild-2"

static uint64_t hash_file(uint64_t h, const char *path)
{
    size_t len = 0;
    char *text = rv_read_text(path, &len);
    h = rv_hash(h, path, strlen(path) + 1);
    if (text) h = rv_hash(h, text, len);
    free(text);
    return h;
}

/* Every header and kernel of the include folder, in any order (a sum of
 * each file's hash), and rv_access.h beside it. */
static uint64_t hash_includes(uint64_t h, const char *dir)
{
    char path[PATH_MAX + 300];
    uint64_t sum = 0;
    DIR *d = dir ? opendir(dir) : NULL;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%.3800s/%.255s", dir, e->d_name);
        sum += hash_file(0, path);
    }
    if (d) closedir(d);
    if (dir) {
        snprintf(path, sizeof path, "%.3800s/../src/rv_access.h", dir);
        sum += hash_file(0, path);
    }
    return rv_hash(h, &sum, sizeof sum);
}

static int cache_key(const rv_own_opts *o, char *key, size_t len)
{
    uint64_t h = rv_hash(0, CACHE_FORMAT, sizeof CACHE_FORMAT);
    if (!o->text || rv_own_toolchain_hash(&h)) return -1;
    h = rv_hash(h, o->text, strlen(o->text));
    h = rv_hash(h, rv_tracer_driver_source, strlen(rv_tracer_driver_source));
    h = hash_includes(h, o->extra_include);
    snprintf(key, len, "%016llx", (unsigned long long)h);
    return 0;
}

static int copy_file(const char *from, const char *to, mode_t mode)
{
    int in = open(from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    int out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    char buf[1 << 16];
    ssize_t n = 0;
    int ok = in >= 0 && out >= 0;
    while (ok && (n = read(in, buf, sizeof buf)) > 0) ok = write(out, buf, (size_t)n) == n;
    ok = ok && n == 0;
    if (in >= 0) close(in);
    if (out >= 0 && close(out) != 0) ok = 0;
    return ok ? 0 : -1;
}

/* The entry of this key, compiled now if it is not there whole: 0, or the
 * build's exit status with its message. */
static int fill(const rv_own_opts *o, const char *cache, const char *entry, char *err, size_t errlen)
{
    char stamp[PATH_MAX + 32], program[PATH_MAX + 32], fresh[PATH_MAX + 32];
    snprintf(stamp, sizeof stamp, "%s/build.txt", entry);
    snprintf(program, sizeof program, "%s/program", entry);
    if (access(stamp, R_OK) == 0 && access(program, R_OK) == 0) return 0;
    if (access(entry, F_OK) == 0) /* damaged: else the new build could not take its place */
        rv_remove_tree(entry);
    snprintf(fresh, sizeof fresh, "%s/new-XXXXXX", cache);
    if (!mkdtemp(fresh)) {
        snprintf(err, errlen, _("cannot make the folder %s: %s"), fresh, strerror(errno));
        return 2;
    }
    rv_own_opts k = *o; /* the driver's object from this cache too */
    k.build_cache = cache;
    int rc = rv_own_compile(&k, fresh, err, errlen);
    /* another check may have put it there meanwhile: then its build stays */
    if (rc || rename(fresh, entry) != 0) rv_remove_tree(fresh);
    return rc;
}

/* The entry of o's build in the cache (the folder made if need be) into
 * entry: 0, or -1 where the cache cannot be used (none, no nvcc to key it
 * by, a folder that cannot be made). */
static int entry_of(const rv_own_opts *o, const char *cache, char *entry, size_t len)
{
    char key[32];
    if (!cache || cache_key(o, key, sizeof key) || rv_own_make_dirs(cache)) return -1;
    snprintf(entry, len, "%.3000s/%s", cache, key);
    return 0;
}

/* The version to beat's launch(), as the tracer recorded it for the judge's
 * runner (queued.txt and the modules it loaded, moduleK.cubin), is kept in
 * its entry per N, block and GPU (v8's grid follows the GPU's SMs): recorded
 * by the first check, only replayed by every later one.  The version to beat
 * is the project's own code, so its recording is the same every time. */
static void recording_dir(const rv_own_opts *o, const char *entry, char *dir, size_t len)
{
    char device[128], slug[128];
    rv_gpu_device_name(device, sizeof device);
    assets_device_slug(device, slug, sizeof slug);
    snprintf(dir, len, "%.3000s/recorded-%llu-%d-%s", entry, (unsigned long long)o->n, o->block_size, slug);
}

/* queued.txt and every moduleK.cubin of one folder copied into another: 0
 * or -1 (what was copied stays; the caller removes it). */
static int copy_recording(const char *from, const char *to)
{
    char a[PATH_MAX + 300], b[PATH_MAX + 300];
    int rc = 0, queued = 0;
    DIR *d = opendir(from);
    for (struct dirent *e; d && !rc && (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        int module = strncmp(e->d_name, "module", 6) == 0 && len > 6 + 6 && strcmp(e->d_name + len - 6, ".cubin") == 0;
        if (!module && strcmp(e->d_name, "queued.txt") != 0) continue;
        queued += !module;
        snprintf(a, sizeof a, "%.3800s/%.255s", from, e->d_name);
        snprintf(b, sizeof b, "%.3800s/%.255s", to, e->d_name);
        rc = copy_file(a, b, 0644);
    }
    if (d) closedir(d);
    return d && !rc && queued ? 0 : -1;
}

/* The recording the judge's runner made this check (work/queued.txt) kept
 * for the next, where the entry has none yet: copied into a folder of its
 * own and renamed into place, as fill() does. */
static void keep_recording(const rv_own_opts *o, const char *cache, const char *work)
{
    char entry[PATH_MAX], dir[PATH_MAX + 300], fresh[PATH_MAX + 32];
    if (!o->judge || entry_of(o, cache, entry, sizeof entry)) return;
    recording_dir(o, entry, dir, sizeof dir);
    if (access(dir, F_OK) == 0) return;
    snprintf(fresh, sizeof fresh, "%.3000s/rec-XXXXXX", entry);
    if (!mkdtemp(fresh)) return;
    if (copy_recording(work, fresh) || rename(fresh, dir) != 0) rv_remove_tree(fresh);
}

/* The cached build (compiled now if the cache has none) copied into a fresh
 * work folder: 0 with its path in work; -1 where the cache cannot be used
 * (the caller does without it); else the compile's exit status with its
 * message.  work is empty unless a folder was made. */
static int take_build(const rv_own_opts *o, const char *cache, char *work, size_t len, char *err, size_t errlen)
{
    char entry[PATH_MAX], from[PATH_MAX + 32], to[PATH_MAX + 32];
    work[0] = 0;
    if (entry_of(o, cache, entry, sizeof entry)) return -1;
    int rc = fill(o, cache, entry, err, errlen);
    if (rc) return rc;
    if (rv_own_temp_dir("trace", work, len)) return -1;
    static const char *const kept[] = {"program", "build.txt"};
    for (int i = 0; i < 2 && !rc; i++) {
        snprintf(from, sizeof from, "%s/%s", entry, kept[i]);
        snprintf(to, sizeof to, "%s/%s", work, kept[i]);
        rc = copy_file(from, to, i == 0 ? 0755 : 0644);
    }
    if (rc) { /* a damaged entry: compiled afresh next time */
        rv_remove_tree(entry);
        rv_remove_tree(work);
        work[0] = 0;
        return -1;
    }
    if (o->judge) { /* the recording where one is kept, whole or not at all */
        recording_dir(o, entry, from, sizeof from);
        if (access(from, F_OK) == 0 && copy_recording(from, work)) {
            rv_remove_tree(from); /* damaged: recorded afresh */
            snprintf(to, sizeof to, "%s/queued.txt", work);
            unlink(to);
        }
    }
    return 0;
}

/* The timed run's results (work/timed.txt, whatever they say) copied where
 * o->keep_timed names, for a replay of the check to judge again; none there
 * when the run left none.  What was there is removed first, never written
 * through (a link included). */
static void keep_timed(const rv_own_opts *o, const char *work)
{
    char from[PATH_MAX + 32];
    if (!o->keep_timed) return;
    unlink(o->keep_timed);
    snprintf(from, sizeof from, "%s/%s.txt", work, o->judge ? "judged" : "timed");
    if (work[0] && access(from, F_OK) == 0 && copy_file(from, o->keep_timed, 0644)) unlink(o->keep_timed);
}

int rv_own_time_cached(const rv_own_opts *o, const char *cache, double *ms, char *err, size_t errlen)
{
    char work[PATH_MAX];
    *ms = 0;
    keep_timed(o, ""); /* an earlier check's results are never this one's */
    int rc = take_build(o, cache, work, sizeof work, err, errlen);
    if (rc < 0) { /* without the cache: compiled in the work folder itself */
        if (rv_own_temp_dir("trace", work, sizeof work))
            return snprintf(err, errlen, _("cannot make a work folder: %s"), strerror(errno)), 2;
        rc = rv_own_compile(o, work, err, errlen);
    }
    if (rc == 0) rc = rv_own_time_built(o, work, ms, err, errlen);
    if (rc == 0) keep_recording(o, cache, work);
    if (work[0]) keep_timed(o, work), rv_remove_tree(work);
    return rc;
}

int rv_own_fill_cache(const rv_own_opts *o, const char *cache, char *err, size_t errlen)
{
    char entry[PATH_MAX], nvcc[PATH_MAX];
    if (!rv_find_program("nvcc", nvcc, sizeof nvcc))
        return snprintf(err, errlen, "%s",
                        _("nvcc not found: install the CUDA toolkit (Debian: nvidia-cuda-toolkit, "
                          "or NVIDIA's cuda-nvcc package) and put its bin folder on PATH")),
               2;
    if (entry_of(o, cache, entry, sizeof entry))
        return snprintf(err, errlen, _("cannot make the folder %s: %s"), cache ? cache : "", strerror(errno)), 2;
    return fill(o, cache, entry, err, errlen);
}
