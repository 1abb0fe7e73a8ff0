/* gpu_launches.c — whether a traced run's code launches kernels from the
 * GPU (gpu_launches.h). */
#include "own/records/gpu_launches.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "own/base/proc.h"

/* Whether the n bytes at p hold s. */
static int holds(const char *p, size_t n, const char *s)
{
    size_t k = strlen(s);
    for (size_t i = 0; i + k <= n; i++)
        if (p[i] == s[0] && memcmp(p + i, s, k) == 0) return 1;
    return 0;
}

int rv_run_launches_from_gpu(const char *work)
{
    char path[PATH_MAX + 32];
    int found = 0;
    /* the modules a run loads are few, numbered from 0 (tool.c) */
    for (unsigned k = 0; k < 64 && !found; k++) {
        snprintf(path, sizeof path, "%s/module%u.cubin", work, k);
        size_t len;
        char *cubin = rv_read_text(path, &len);
        if (!cubin) continue;
        found = holds(cubin, len, "LaunchDeviceV2") || holds(cubin, len, "cudaLaunchDevice");
        free(cubin);
    }
    return found;
}
