/* gpu_launches.h — whether a traced run's code launches kernels from the
 * GPU (dynamic parallelism), which the tracer does not see as launches. */
#ifndef RV_OWN_GPU_LAUNCHES_H
#define RV_OWN_GPU_LAUNCHES_H

/* Whether a module the traced run loaded (WORK/moduleK.cubin) launches
 * kernels from the GPU: it holds the device runtime's launch
 * (__cudaCDP2LaunchDeviceV2, cudaLaunchDeviceV2), linked in by -rdc=true
 * -lcudadevrt.  Such launches never pass the host's launch callbacks: a
 * child grid is no launch of the story, and runs on its parent's buffer (an
 * H200: the child's block 0 recorded among the parent's steps, its
 * instructions counted as the parent's code outside it). */
int rv_run_launches_from_gpu(const char *work);

#endif
