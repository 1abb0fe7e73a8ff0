// v5 — complete unroll with a compile-time block size ("reduce 6" in seeds 000/001/003).
//
// Changed from v4: blockSize is a template parameter.  Every `if (blockSize
// >= ...)` is decided by the compiler, so the tree loop disappears: no loop
// counter, no comparisons, no shifts, just the adds and the barriers the
// block size needs.  The host picks the instantiation at launch time.
//
// What it costs: one kernel per block size (compile time, code size).  The
// steps a teacher sees are those of v4; what changed is the number of
// instructions between them.  The block still reads only two elements per
// thread, so the tree and its barriers remain a large share of the work: v6
// gives every thread more to add first.
#include "launch.cuh"

template <unsigned int blockSize>
static __device__ void warpReduce(volatile float *sdata, unsigned int tid)
{
    if (blockSize >= 64) sdata[tid] += sdata[tid + 32];  // rv:warp32
    if (blockSize >= 32) sdata[tid] += sdata[tid + 16];  // rv:warp16
    if (blockSize >= 16) sdata[tid] += sdata[tid + 8];  // rv:warp8
    if (blockSize >= 8)  sdata[tid] += sdata[tid + 4];  // rv:warp4
    if (blockSize >= 4)  sdata[tid] += sdata[tid + 2];  // rv:warp2
    if (blockSize >= 2)  sdata[tid] += sdata[tid + 1];  // rv:warp1
}

template <unsigned int blockSize>
__global__ void reduce_v5(const float *in, float *out, unsigned int n)
{   RV_WAVES_TREE();
    __shared__ float sdata[blockSize];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + tid;

    // GMem -> SMem: two elements per thread, added on the way (0 past the end).
    sdata[tid] = ((i < n) ? in[i] : 0.0f) + ((i + blockSize < n) ? in[i + blockSize] : 0.0f);  // rv:load
    __syncthreads();

    // The tree, unrolled: the compiler keeps only the levels blockSize needs.
    if (blockSize >= 1024) {
        if (tid < 512) sdata[tid] += sdata[tid + 512];  // rv:tree512
        __syncthreads();
    }
    if (blockSize >= 512) {
        if (tid < 256) sdata[tid] += sdata[tid + 256];  // rv:tree256
        __syncthreads();
    }
    if (blockSize >= 256) {
        if (tid < 128) sdata[tid] += sdata[tid + 128];  // rv:tree128
        __syncthreads();
    }
    if (blockSize >= 128) {
        if (tid < 64) sdata[tid] += sdata[tid + 64];  // rv:tree64
        __syncthreads();
    }

    // The last six levels: one warp, warp-synchronous, no barrier.
    if (tid < 32) warpReduce<blockSize>(sdata, tid);

    // Thread 0 writes the block's sum.
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];  // rv:write
    }
}

static void launch_v5(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream)
{
    rv_with_block_size<64>(block, [&](auto bs) {
        reduce_v5<decltype(bs)::value><<<grid, bs.value, 0, stream>>>(in, out, n);
    });
}

RV_REGISTER_KERNEL(v5_complete_unroll, launch_v5, nullptr)
