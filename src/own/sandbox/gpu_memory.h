/* gpu_memory.h — how much of the GPUs' memory a sandbox's processes hold,
 * by the driver's own count of each process (NVML, loaded at run time): a
 * program that takes all the card's memory would leave every check beside
 * it without a context, so a sandboxed run may hold at most
 * rv_sandbox_limits's gpu_bytes (sandbox.c stops it past that). */
#ifndef RV_OWN_SANDBOX_GPU_MEMORY_H
#define RV_OWN_SANDBOX_GPU_MEMORY_H

/* The bytes the processes of cgroup `dir` (its cgroup.procs) hold on every
 * GPU together, or -1 where it cannot be told: no NVML (no driver, no
 * GPU), no such cgroup, or a driver that does not count per process. */
long long rv_gpu_memory_of_cgroup(const char *dir);

#endif
