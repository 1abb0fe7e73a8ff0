/* gpu_memory.h — what of the GPUs a sandbox's processes hold: their memory,
 * by the driver's own count of each process (NVML, loaded at run time), and
 * how many of them have a context.  A program that takes all the card's
 * memory would leave every check beside it without a context, so a
 * sandboxed run may hold at most rv_sandbox_limits's gpu_bytes; one that
 * starts copies of itself on the GPU makes a context for each, and the
 * machine makes contexts one at a time for every check of the class, so it
 * may have at most gpu_procs processes on the GPU (sandbox.c stops it past
 * either). */
#ifndef RV_OWN_SANDBOX_GPU_MEMORY_H
#define RV_OWN_SANDBOX_GPU_MEMORY_H

/* The bytes the processes of cgroup `dir` (its cgroup.procs) hold on every
 * GPU together into *bytes, and how many of them have a context on some
 * GPU into *procs: 0, or -1 where it cannot be told (no NVML: no driver, no
 * GPU; no such cgroup); *bytes alone is -1 where the driver does not count
 * per process. */
int rv_gpu_use_of_cgroup(const char *dir, long long *bytes, int *procs);

#endif
