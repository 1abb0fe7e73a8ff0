// registry.cuh — how a kernel file hands its launchers to the host side.
//
// Each kernel file ends with RV_REGISTER_KERNEL(stem, launch, resident_grid)
// inside its RV_NS namespace, stem being its file name without ".cu".  The
// build generates the list of every kernels/v*_*.cu file's entries
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

// One kernel file's entries in both builds, by the file it comes from.
struct rv_registered_kernel {
    const char *file;
    const timed::kernel_entry *timed;
    const traced::kernel_entry *traced;
};
// The generated list, ended by an entry whose file is nullptr.
extern const rv_registered_kernel rv_kernels[];

#define RV_REGISTER_KERNEL(stem, launch, resident_grid) \
    extern const kernel_entry rv_kernel_##stem;         \
    const kernel_entry rv_kernel_##stem = {launch, resident_grid};
