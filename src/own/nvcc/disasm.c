/* disasm.c — nvdisasm's listings of the modules a traced run loaded.
 *
 * Listing a module takes nvdisasm most of a second of CPU (with its line
 * table, -g -gi), and it needs only the module the traced run dumped: so
 * it runs on a thread of its own while the timed run has the GPU, and a
 * check no longer waits for it in turn.
 *
 * The timed run is the student's program, and it can write in the run's
 * folder while it runs.  So nvdisasm works in a folder of its own, made
 * here, which that program never sees: the modules are copied there (read
 * after the traced run ended, when the sandbox had taken any link out of
 * the folder), and the listings are put in the run's folder only after
 * the timed run has ended.
 *
 * Most often the listing is made already: the split compile lists each
 * cubin ptxas made while the host's half still compiles (nvcc_split.h,
 * WORK/listed-K.cubin and .sass).  A module the traced run dumped that is
 * one of those cubins byte for byte takes its listing, read, like the
 * modules, before the timed run starts; any other is listed here. */
#include "own/nvcc/disasm.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/i18n.h"
#include "own/nvcc/nvcc_split.h"
#include "own/base/files.h"
#include "own/sandbox/run_cmd.h"

#define DISASM_LIMIT_S 60.0
#define LISTED_MOST    (256u << 20) /* a cubin or listing larger is listed here */

void rv_disasm_path(const char *work, uint32_t module, uint32_t first, char *out, size_t len)
{
    if (module == first)
        snprintf(out, len, "%s/kernel.sass", work);
    else
        snprintf(out, len, "%s/kernel-m%u.sass", work, module);
}

/* One module's listing, in d->own. */
static int list_module(rv_disasm *d, uint32_t module)
{
    char nd[PATH_MAX], cubin[PATH_MAX + 32], log[PATH_MAX + 16];
    if (!rv_find_program("nvdisasm", nd, sizeof nd))
        return rv_fail(
            d->err, sizeof d->err, RV_EXIT_RUNTIME, "%s",
            _("nvdisasm not found (it reads the kernel's line table): install it with the CUDA toolkit (NVIDIA's cuda-nvdisasm package) or `pip install nvidia-cuda-nvdisasm` and put it on PATH"));
    snprintf(cubin, sizeof cubin, "%s/module%u.cubin", d->own, module);
    rv_disasm_path(d->own, module, d->first, log, sizeof log);
    char *argv[] = {nd, "-g", "-gi", "-c", cubin, NULL};
    rv_proc_result r = rv_own_run_cmd(d->o, d->own, RV_SANDBOX_COMPILE, NULL, argv, NULL, log, DISASM_LIMIT_S);
    if (r.end != RV_PROC_EXITED || r.status != 0) {
        snprintf(cubin, sizeof cubin, "%s/module%u.cubin", d->work, module);
        return rv_fail(d->err, sizeof d->err, RV_EXIT_RUNTIME,
                       _("nvdisasm could not read the kernel's machine code (%s)"), cubin);
    }
    return 0;
}

/* nvdisasm on each module the compile did not list; its time in d->seconds,
 * which stays 0 (a stage not run) when the compile listed them all. */
static void *list_all(void *arg)
{
    rv_disasm *d = arg;
    double t0 = rv_mono_s();
    for (int i = 0; i < d->n && !d->rc; i++)
        if (!d->listed[i]) d->rc = list_module(d, d->module[i]);
    if (d->nlisted < d->n) d->seconds = rv_mono_s() - t0;
    return NULL;
}

/* The file `from` copied to `to`, made anew: 0, or -1. */
static int copy_file(const char *from, const char *to)
{
    size_t len = 0;
    char *bytes = rv_read_text(from, &len);
    int rc = bytes ? rv_own_write_file(to, bytes, len) : -1;
    free(bytes);
    return rc;
}

/* A plain file of the work folder (no link followed), at most `most`
 * bytes, into *len: malloc'd, or NULL. */
static char *read_plain(const char *path, size_t most, size_t *len)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    char *bytes = NULL;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size <= most &&
        (bytes = malloc((size_t)st.st_size + 1))) {
        size_t got = 0;
        for (ssize_t n; got < (size_t)st.st_size && (n = read(fd, bytes + got, (size_t)st.st_size - got)) > 0;)
            got += (size_t)n;
        if (got != (size_t)st.st_size)
            free(bytes), bytes = NULL;
        else
            *len = got;
    }
    if (fd >= 0) close(fd);
    return bytes;
}

/* Module `i` (copied to d->own) is a cubin the compile listed: that
 * listing put where nvdisasm's would go.  1 when it was, else 0. */
static int take_listed(rv_disasm *d, int i)
{
    char path[PATH_MAX + 32], out[PATH_MAX + 32];
    size_t mlen = 0, clen = 0, slen = 0;
    snprintf(path, sizeof path, "%s/module%u.cubin", d->own, d->module[i]);
    char *module = read_plain(path, LISTED_MOST, &mlen);
    int taken = 0;
    for (int k = 0; module && !taken && k < RV_NVCC_MAX_LISTED; k++) {
        snprintf(path, sizeof path, "%s/listed-%d.cubin", d->work, k);
        char *cubin = read_plain(path, LISTED_MOST, &clen), *sass = NULL;
        if (cubin && clen == mlen && !memcmp(cubin, module, mlen)) {
            snprintf(path, sizeof path, "%s/listed-%d.sass", d->work, k);
            rv_disasm_path(d->own, d->module[i], d->first, out, sizeof out);
            taken = (sass = read_plain(path, LISTED_MOST, &slen)) && !rv_own_write_file(out, sass, slen);
        }
        free(cubin);
        free(sass);
    }
    free(module);
    return taken;
}

int rv_disasm_start(rv_disasm *d, const rv_own_opts *o, const char *work, const uint32_t *modules, int n, char *err,
                    size_t errlen)
{
    memset(d, 0, sizeof *d);
    d->o = o;
    snprintf(d->work, sizeof d->work, "%s", work);
    d->first = n > 0 ? modules[0] : 0;
    for (int i = 0; i < n; i++) {
        int seen = 0;
        for (int k = 0; k < d->n; k++) seen |= d->module[k] == modules[i];
        if (!seen && d->n < RV_OWN_MAX_LAUNCHES) d->module[d->n++] = modules[i];
    }
    char made[PATH_MAX];
    /* the sandbox binds its work folder at its own path: an absolute one */
    if (rv_own_temp_dir("disasm", made, sizeof made) || !realpath(made, d->own))
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot make a work folder: %s"), strerror(errno));
    for (int i = 0; i < d->n; i++) {
        char name[64], from[PATH_MAX + 80], to[PATH_MAX + 80];
        snprintf(name, sizeof name, "module%u.cubin", d->module[i]);
        snprintf(from, sizeof from, "%s/%s", d->work, name);
        snprintf(to, sizeof to, "%s/%s", d->own, name);
        if (copy_file(from, to)) {
            rv_remove_tree(d->own);
            return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("nvdisasm could not read the kernel's machine code (%s/%s)"),
                           work, name);
        }
        d->nlisted += d->listed[i] = take_listed(d, i);
    }
    int rc = pthread_create(&d->thread, NULL, list_all, d);
    if (rc) {
        rv_remove_tree(d->own);
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot start a thread: %s"), strerror(rc));
    }
    d->started = 1;
    return 0;
}

int rv_disasm_finish(rv_disasm *d, int keep, char *err, size_t errlen)
{
    if (!d->started) return 0;
    pthread_join(d->thread, NULL);
    d->started = 0;
    int rc = d->rc;
    if (rc) snprintf(err, errlen, "%s", d->err);
    for (int i = 0; keep && !rc && i < d->n; i++) {
        char from[PATH_MAX + 32], to[PATH_MAX + 32];
        rv_disasm_path(d->own, d->module[i], d->first, from, sizeof from);
        rv_disasm_path(d->work, d->module[i], d->first, to, sizeof to);
        if (copy_file(from, to)) rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot write %s"), to);
    }
    rv_remove_tree(d->own);
    return rc;
}
