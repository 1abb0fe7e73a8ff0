// registry.cuh — how a kernel file hands its launchers to the host side.
//
// Each kernel file ends with RV_REGISTER_KERNEL(stem, launch, resident_grid),
// stem being its file name without ".cu".  The build generates the list of
// every kernels/v*_*.cu file's entries
// (cmake/kernel_registry.cmake), and the host finds a version's launchers by
// the file its row in the version table names: nobody keeps a second list.
#pragma once

#include <cuda_runtime.h>

struct rv_trace_args; // trace.cuh

namespace timed {
typedef void (*launch_fn)(const float *in, float *out, unsigned n, unsigned grid, unsigned block, cudaStream_t s);
struct kernel_entry {
    launch_fn launch;
    unsigned (*resident_grid)(unsigned block); // blocks that fill the GPU, or nullptr
};
}
namespace traced {
typedef void (*launch_fn)(const float *in, float *out, unsigned n, unsigned grid, unsigned block, cudaStream_t s,
                          rv_trace_args trace);
struct kernel_entry {
    launch_fn launch;
    unsigned (*resident_grid)(unsigned block);
};
}

// The waves build (RV_WAVES_STAMPS, kernels/waves.cuh): the timed build's
// launchers with the stamps compiled in, and the function that points the
// file's stamps at a launch's slots (each file is a module of its own, with
// its own pointer).
namespace waves {
typedef timed::launch_fn launch_fn;
struct kernel_entry {
    launch_fn launch;
    unsigned (*resident_grid)(unsigned block);
    cudaError_t (*set_slots)(void *slots, cudaStream_t stream);
};
}

// One kernel file's entries in its three builds, by the file it comes from.
struct rv_registered_kernel {
    const char *file;
    const timed::kernel_entry *timed;
    const traced::kernel_entry *traced;
    const waves::kernel_entry *waves;
};
// The generated list, ended by an entry whose file is nullptr.
extern const rv_registered_kernel rv_kernels[];

// A file with trace macros includes trace.cuh, which names the build it is
// compiled for (RV_NS: timed or traced) and wraps its code in that
// namespace; it registers inside it.  A file without them (`capture` traces
// it unchanged; docs/kernels.md says which and why) has the timed build only
// and registers from file scope.
//
// The waves build compiles each file inside a namespace of its own
// (rv_waves_STEM, cmake/waves_build.cmake), so its kernels, at file scope or
// in RV_NS, never meet the timed build's; it registers where it stands, with
// its stamps' slot setter (waves.cuh, included by launch.cuh before the file).
#define RV_KERNEL_ENTRY(stem, launch, resident_grid) \
    extern const kernel_entry rv_kernel_##stem;       \
    const kernel_entry rv_kernel_##stem = {launch, resident_grid};
#if defined(RV_WAVES_STAMPS)
#define RV_REGISTER_KERNEL(stem, launch, resident_grid)    \
    extern const ::waves::kernel_entry rv_kernel_##stem; \
    const ::waves::kernel_entry rv_kernel_##stem = {launch, resident_grid, rv_waves_set_slots};
#elif defined(RV_NS)
#define RV_REGISTER_KERNEL(stem, launch, resident_grid) RV_KERNEL_ENTRY(stem, launch, resident_grid)
#else
#define RV_REGISTER_KERNEL(stem, launch, resident_grid) \
    namespace timed { RV_KERNEL_ENTRY(stem, launch, resident_grid) }
#endif
