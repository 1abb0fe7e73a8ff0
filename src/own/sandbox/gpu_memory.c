/* gpu_memory.c — a sandbox's processes' GPU memory, and how many of them
 * are on a GPU (gpu_memory.h), from
 * libnvidia-ml's list of the processes on each GPU: loaded once, on the
 * first question, and never where it is not installed.  The process ids it
 * gives are the machine's, as its cgroup.procs are read from outside the
 * sandbox's namespace. */
#define _GNU_SOURCE
#include "own/sandbox/gpu_memory.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { MOST_GPUS = 64, MOST_PROCS = 4096 };

/* nvmlProcessInfo_t as nvmlDeviceGetComputeRunningProcesses_v3 fills it */
typedef struct {
    unsigned int pid;
    unsigned long long used; /* bytes; ULLONG_MAX: not counted */
    unsigned int gpu_instance, compute_instance;
} nvml_process;

static struct {
    int ok;
    unsigned int ngpus;
    void *gpu[MOST_GPUS];
    int (*processes)(void *gpu, unsigned int *count, nvml_process *infos);
} N;

static void load(void)
{
    void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!h) return;
    int (*init)(void) = (int (*)(void))dlsym(h, "nvmlInit_v2");
    int (*count)(unsigned int *) = (int (*)(unsigned int *))dlsym(h, "nvmlDeviceGetCount_v2");
    int (*handle)(unsigned int, void **) = (int (*)(unsigned int, void **))dlsym(h, "nvmlDeviceGetHandleByIndex_v2");
    *(void **)&N.processes = dlsym(h, "nvmlDeviceGetComputeRunningProcesses_v3");
    if (!init || !count || !handle || !N.processes || init() != 0 || count(&N.ngpus) != 0) return;
    if (N.ngpus > MOST_GPUS) N.ngpus = MOST_GPUS;
    for (unsigned int i = 0; i < N.ngpus; i++)
        if (handle(i, &N.gpu[i]) != 0) return;
    N.ok = 1;
}

/* pid's place in pids, or -1 */
static int index_of(const int *pids, int n, unsigned int pid)
{
    for (int i = 0; i < n; i++)
        if ((unsigned int)pids[i] == pid) return i;
    return -1;
}

int rv_gpu_use_of_cgroup(const char *dir, long long *bytes, int *procs)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    if (!N.ok) return -1;
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/cgroup.procs", dir);
    FILE *f = fopen(path, "r");
    int *pids = f ? malloc(MOST_PROCS * sizeof *pids) : NULL;
    char *on_gpu = pids ? calloc(MOST_PROCS, 1) : NULL; /* a process on several GPUs counts once */
    nvml_process *infos = on_gpu ? malloc(MOST_PROCS * sizeof *infos) : NULL;
    int npids = 0, told = infos != NULL;
    while (infos && npids < MOST_PROCS && fscanf(f, "%d", &pids[npids]) == 1) npids++;
    if (f) fclose(f);
    *bytes = 0, *procs = 0;
    for (unsigned int g = 0; g < N.ngpus && told; g++) {
        unsigned int n = MOST_PROCS;
        if (N.processes(N.gpu[g], &n, infos) != 0) told = 0; /* too many to list, too: not told */
        for (unsigned int i = 0; told && i < n && i < MOST_PROCS; i++) {
            int k = index_of(pids, npids, infos[i].pid);
            if (k < 0) continue;
            *procs += !on_gpu[k], on_gpu[k] = 1;
            if (*bytes >= 0) *bytes = infos[i].used == ~0ull ? -1 : *bytes + (long long)infos[i].used;
        }
    }
    free(pids);
    free(on_gpu);
    free(infos);
    return told ? 0 : -1;
}
