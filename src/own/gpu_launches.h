/* gpu_launches.h — whether a traced run's code launches kernels from the
 * GPU (dynamic parallelism), which the tracer cannot see. */
#ifndef RV_OWN_GPU_LAUNCHES_H
#define RV_OWN_GPU_LAUNCHES_H

/* Whether a module the traced run loaded (WORK/moduleK.cubin) launches
 * kernels from the GPU: it holds the device runtime's launch
 * (__cudaCDP2LaunchDeviceV2, cudaLaunchDeviceV2), linked in by -rdc=true
 * -lcudadevrt.  Such launches never pass the host's launch callbacks, so
 * the tracer neither records nor counts them. */
int rv_run_launches_from_gpu(const char *work);

#endif
