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
#include "trace.cuh"

namespace RV_NS {

template <unsigned int blockSize>
static __device__ void warpReduce(volatile float *sdata, unsigned int tid RV_TRACER_PARAM)
{
    if (blockSize >= 64) { RV_STEP(); sdata[tid] += sdata[tid + 32]; RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 32)); } // rv:warp32
    if (blockSize >= 32) { RV_STEP(); sdata[tid] += sdata[tid + 16]; RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 16)); } // rv:warp16
    if (blockSize >= 16) { RV_STEP(); sdata[tid] += sdata[tid + 8];  RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 8)); } // rv:warp8
    if (blockSize >= 8)  { RV_STEP(); sdata[tid] += sdata[tid + 4];  RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 4)); } // rv:warp4
    if (blockSize >= 4)  { RV_STEP(); sdata[tid] += sdata[tid + 2];  RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 2)); } // rv:warp2
    if (blockSize >= 2)  { RV_STEP(); sdata[tid] += sdata[tid + 1];  RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 1)); } // rv:warp1
}

template <unsigned int blockSize>
__global__ void reduce_v6(const float *in, float *out, unsigned int n RV_TRACE_PARAM)
{
    __shared__ float sdata[blockSize];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + tid;
    unsigned int gridSize = blockSize * 2 * gridDim.x;
    RV_TRACE_BEGIN();

    // GMem -> register: a grid-stride loop, two elements per iteration.
    RV_STEP();
    float sum = 0.0f;
    while (i < n) {
        sum += in[i] + ((i + blockSize < n) ? in[i + blockSize] : 0.0f);  RV_REC(sum, RV_REG(), RV_G(i), RV_G_IF(i + blockSize < n, i + blockSize));
        i += gridSize;
    }
    sdata[tid] = sum;                                RV_REC(sum, RV_S(tid)); // rv:load
    __syncthreads();

    // The tree, unrolled: the compiler keeps only the levels blockSize needs.
    if (blockSize >= 1024) {
        RV_STEP();
        if (tid < 512) { sdata[tid] += sdata[tid + 512]; RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 512)); } // rv:tree512
        __syncthreads();
    }
    if (blockSize >= 512) {
        RV_STEP();
        if (tid < 256) { sdata[tid] += sdata[tid + 256]; RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 256)); } // rv:tree256
        __syncthreads();
    }
    if (blockSize >= 256) {
        RV_STEP();
        if (tid < 128) { sdata[tid] += sdata[tid + 128]; RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 128)); } // rv:tree128
        __syncthreads();
    }
    if (blockSize >= 128) {
        RV_STEP();
        if (tid < 64) { sdata[tid] += sdata[tid + 64];   RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + 64)); } // rv:tree64
        __syncthreads();
    }

    // The last six levels: one warp, warp-synchronous, no barrier.
    if (tid < 32) warpReduce<blockSize>(sdata, tid RV_TRACER_ARG);

    // Thread 0 writes the block's sum.
    RV_STEP();
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];                  RV_REC(sdata[0], RV_OUT(blockIdx.x), RV_S(0)); // rv:write
    }
    RV_TRACE_END();
}

static void launch_v6(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream RV_TRACE_PARAM)
{
    rv_with_block_size<64>(block, [&](auto bs) {
        reduce_v6<decltype(bs)::value><<<grid, bs.value, 0, stream>>>(in, out, n RV_TRACE_ARG);
    });
}

RV_REGISTER_KERNEL(v6_many_per_thread, launch_v6, nullptr)

} // namespace RV_NS
