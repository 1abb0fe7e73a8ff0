/* native_arch.c — what nvcc's -arch=native stands for on this machine.
 *
 * With -arch=native, nvcc asks the CUDA driver which GPUs there are before
 * every compile: a quarter of a second each on an H100 machine (its
 * __nvcc_device_query, measured alone: 0.24 s), and a call into the driver
 * that a class's checks keep busy making contexts.  The answer changes only
 * with the GPUs, so it is asked once and kept in the build cache as
 * arch-KEY.txt ("90"), KEY hashed from the GPUs and nvcc (compile.c); a
 * compile then names it: -arch=compute_90 -code=sm_90, what native stands
 * for with one kind of GPU (nvcc --dryrun: cicc's compute_90, ptxas's
 * sm_90).  No answer (no GPU, GPUs of two kinds) is never kept: nvcc is
 * left to find it, as before. */
#define _XOPEN_SOURCE 700
#include "own/nvcc/native_arch.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "own/nvcc/cache_dir.h"
#include "own/base/proc.h"

#define QUERY_LIMIT_S 30.0

/* "90", or "90,90" and the like of GPUs of one kind: the one number into
 * out; 0, or -1. */
static int one_capability(const char *said, char *out, size_t len)
{
    char first[8] = "";
    for (const char *p = said; *p;) {
        if (*p == ',' || *p == ' ' || *p == '\n') {
            p++;
            continue;
        }
        size_t n = strspn(p, "0123456789");
        if (n < 2 || n > 3 || (p[n] && !strchr(", \n", p[n]))) return -1;
        if (!first[0])
            snprintf(first, sizeof first, "%.*s", (int)n, p);
        else if (strlen(first) != n || strncmp(first, p, n))
            return -1; /* two kinds */
        p += n;
    }
    if (!first[0]) return -1;
    snprintf(out, len, "%s", first);
    return 0;
}

int rv_native_arch(const char *cache, uint64_t key, const char *nvcc, char *out, size_t len)
{
    char path[PATH_MAX + 64], fresh[PATH_MAX + 80], query[PATH_MAX + 32];
    if (!cache) return -1;
    snprintf(path, sizeof path, "%s/arch-%016llx.txt", cache, (unsigned long long)key);
    char said[64] = ""; /* the kept answer, else the query's: a small regular file, not through a link */
    if (rv_read_regular(path, said, sizeof said) == 0 && one_capability(said, out, len) == 0) return 0;
    const char *slash = strrchr(nvcc, '/');
    snprintf(query, sizeof query, "%.*s/__nvcc_device_query", slash ? (int)(slash - nvcc) : 0, nvcc);
    snprintf(fresh, sizeof fresh, "%s.%ld", path, (long)getpid());
    char *argv[] = {query, NULL};
    rv_proc_result r = access(query, X_OK) == 0 && rv_own_make_dirs(cache) == 0
                           ? rv_proc_run(argv, NULL, fresh, QUERY_LIMIT_S)
                           : (rv_proc_result){RV_PROC_CANNOT_START, 0, 0};
    int rc = -1;
    if (r.end == RV_PROC_EXITED && r.status == 0 && rv_read_regular(fresh, said, sizeof said) == 0 &&
        (rc = one_capability(said, out, len)) == 0) {
        /* kept for the next compile: written whole, then renamed into place */
        FILE *f = fopen(fresh, "w");
        if (f && fprintf(f, "%s\n", out) > 0 && fclose(f) == 0)
            f = NULL, rename(fresh, path);
        else if (f)
            fclose(f);
    }
    remove(fresh);
    return rc;
}
