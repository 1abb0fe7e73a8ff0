// launch.cuh — launch plumbing every kernel file shares: a run-time block
// size to a template constant, launch bounds that fill an SM, the grid that
// fills the GPU, and the registration of a file's launchers.  What a kernel
// teaches stays in its own file; only the plumbing is written once, here.
// It brings the waves stamps (waves.cuh) too, so that every kernel file can
// say RV_WAVES_BLOCK(); without an include line of its own, which would move
// the lesson's line numbers.
#pragma once

#include <cuda_runtime.h>
#include <type_traits>
#include "registry.cuh"
#include "waves.cuh"

// Calls f(std::integral_constant<unsigned, B>) for the block size b, so that
// versions whose block size is a template constant can be launched from a
// run-time choice.  Sizes below Min are not instantiated.
template <unsigned Min, typename F>
void rv_with_block_size(unsigned b, F f)
{
    switch (b) {
    case 32:   if constexpr (Min <= 32) f(std::integral_constant<unsigned, 32>{}); break;
    case 64:   if constexpr (Min <= 64) f(std::integral_constant<unsigned, 64>{}); break;
    case 128:  f(std::integral_constant<unsigned, 128>{}); break;
    case 256:  f(std::integral_constant<unsigned, 256>{}); break;
    case 512:  f(std::integral_constant<unsigned, 512>{}); break;
    case 1024: f(std::integral_constant<unsigned, 1024>{}); break;
    default:   break;
    }
}

// Blocks per SM to ask registers for in __launch_bounds__: room for as many
// threads per SM as the GPU being compiled for holds, within the blocks one
// SM can run (compute capability 7.5: 1024 threads, 16 blocks; 8.6: 1536,
// 16; 8.9: 1536, 24; 8.0 and 9.0: 2048, 32).  A hint past the GPU's limits
// is ignored, with a warning, so it follows the architecture compiled.
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 800 || __CUDA_ARCH__ >= 900)
constexpr unsigned int rv_threads_per_sm = 2048, rv_blocks_per_sm = 32;
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 860
constexpr unsigned int rv_threads_per_sm = 1536, rv_blocks_per_sm = __CUDA_ARCH__ >= 890 ? 24 : 16;
#else
constexpr unsigned int rv_threads_per_sm = 1024, rv_blocks_per_sm = 16;
#endif
constexpr unsigned int rv_min_blocks_per_sm(unsigned int blockSize)
{
    return rv_threads_per_sm / blockSize < rv_blocks_per_sm ? rv_threads_per_sm / blockSize : rv_blocks_per_sm;
}

// The grid that fills the GPU on which it runs: blocks of this size resident
// on one SM at once (the occupancy of kernel_of(bs)), times the SMs; 0 if
// the runtime cannot say.
template <unsigned Min, typename KernelOf>
unsigned int rv_resident_grid(unsigned int block, KernelOf kernel_of)
{
    int dev = 0, sms = 0, per_sm = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess)
        return 0;
    rv_with_block_size<Min>(block, [&](auto bs) {
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel_of(bs), bs.value, 0) != cudaSuccess)
            per_sm = 0;
    });
    return (unsigned int)(sms * per_sm);
}
