// v6 — many elements per thread ("reduce 7" in seeds 000/001/003; 001 sums a
// fixed share of 32768 elements per block, 003 uses this grid-stride loop).
//
// Changed from v5: the grid is sized so that each block sums a fixed share of
// the array (32 elements per thread: gridDim = n / (32 * blockSize)).  Each
// thread first walks the array in a grid-stride loop, adding two elements per
// iteration into a register; only then does the block run the tree.  The loads
// stay coalesced (consecutive lanes, consecutive addresses), far fewer blocks
// run the tree, and the time goes into streaming memory, which is the limit a
// reduction should hit.
//
// What it costs: each block's result now depends on the grid size (the share
// a thread sums), and the warp phase is still the volatile warp-synchronous
// code of v4.  v7 replaces it with register shuffles.
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
__global__ void reduce_v6(const float *in, float *out, unsigned int n)
{   RV_WAVES_TREE();
    __shared__ float sdata[blockSize];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + tid;
    unsigned int gridSize = blockSize * 2 * gridDim.x;

    // GMem -> register: a grid-stride loop, two elements per iteration.
    float sum = 0.0f;
    while (i < n) {
        sum += in[i] + ((i + blockSize < n) ? in[i + blockSize] : 0.0f);
        i += gridSize;
    }
    sdata[tid] = sum;  // rv:load
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

static void launch_v6(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream)
{
    rv_with_block_size<64>(block, [&](auto bs) {
        reduce_v6<decltype(bs)::value><<<grid, bs.value, 0, stream>>>(in, out, n);
    });
}

RV_REGISTER_KERNEL(v6_many_per_thread, launch_v6, nullptr)
