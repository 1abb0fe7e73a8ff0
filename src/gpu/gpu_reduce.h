// gpu_reduce.h — CUDA-side helpers shared by capture and bench: the launch
// functions of every version (timed and instrumented builds) and the
// multi-pass driver that reduces a whole array to one number.
#pragma once

#include <cuda_runtime.h>
#include <stddef.h>
#include <stdio.h>

#include "trace.cuh"
#include "core/data.h"
#include "core/versions.h"

// The launch functions of version v, timed and instrumented builds: those
// its kernel file registered (kernels/registry.cuh); the instrumented one is
// nullptr for a file without trace macros.
timed::launch_fn rv_timed_launch(int v);
traced::launch_fn rv_traced_launch(int v);
// Version v's waves build (kernels/waves.cuh, cmake/waves_build.cmake): its
// stamped launchers and the setter of its stamps' slots.
const waves::kernel_entry *rv_waves_entry(int v);

// Blocks in version v's first pass over n elements on this GPU: the
// version's formula, or for a version that fills the GPU the blocks that
// stay resident at once (SMs x occupancy of its timed kernel, asked once per
// version and block size), capped by rv_version_grid_max.
unsigned rv_grid_on_gpu(int v, int block, unsigned n);

// Floats of scratch space rv_reduce_all needs (two ping-pong buffers; for
// a single-pass version, its grid's partial slots and the result after them).
size_t rv_reduce_scratch(int v, int block, unsigned n);

// Reduces d_in[0..n) to one float with version v's timed build, launching
// pass after pass on the partial sums until one is left (n == 1 still runs
// one pass; a single-pass version runs exactly one launch, whose launcher
// zeroes what it must on the same stream).  Returns the device pointer to the result,
// inside scratch.
float *rv_reduce_all(int v, int block, const float *d_in, unsigned n, float *scratch, cudaStream_t s);

// Whether version v runs on the GPU in use (its row's lowest compute
// capability: v10's clusters need 9.0); 0 with the row's reason in err.
int rv_version_runs_here(int v, char *err, size_t errlen);

// cudaError_t -> message; returns -1 after writing "what: error" into err.
int rv_cuda_fail(cudaError_t e, const char *what, char *err, size_t errlen);
#define RV_CUDA(call, what) \
    do { \
        cudaError_t rv_e_ = (call); \
        if (rv_e_ != cudaSuccess) { \
            rv_cuda_fail(rv_e_, what, err, errlen); \
            goto fail; \
        } \
    } while (0)

// Allocates d_in and fills it with n elements of the pattern; *cpu_sum gets
// their sum in double precision.  Refuses an n that does not fit the GPU's
// free memory (with `extra` more bytes needed beside it) with a clear message.
int rv_upload_pattern(rv_data data, unsigned n, size_t extra, float **d_in, double *cpu_sum, char *err, size_t errlen);

// Is the GPU's float sum of n elements of `data`, read by `threads` threads
// in the first pass, right?  Exact for integer data below 2^24, else within
// the rounding bound of its addition tree (sumcheck.h); cpu: the double sum.
bool rv_sum_matches(double gpu, double cpu, rv_data data, uint64_t n, uint64_t threads);
