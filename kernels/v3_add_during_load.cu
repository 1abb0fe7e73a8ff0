// v3 — first add during the global load ("reduce 4" in seeds 000/001/003).
//
// Changed from v2: each thread loads two elements, tid and tid + blockDim,
// and stores their sum, so one block covers 2 * blockDim elements and only
// half as many blocks are launched.  No thread is idle while loading, and the
// first tree step of v2 (where half the threads did nothing) is gone.
//
// What it costs: nothing new in the tree; but its last steps still run with
// fewer than 32 threads, each behind a full __syncthreads().  v4 unrolls them.
#include "trace.cuh"

namespace RV_NS {

__global__ void reduce_v3(const float *in, float *out, unsigned int n RV_TRACE_PARAM)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + tid;
    RV_TRACE_BEGIN();

    // GMem -> SMem: two elements per thread, added on the way (0 past the end).
    RV_STEP();
    sdata[tid] = ((i < n) ? in[i] : 0.0f) + ((i + blockDim.x < n) ? in[i + blockDim.x] : 0.0f);  RV_REC(sdata[tid], RV_S(tid), RV_G_IF(i < n, i), RV_G_IF(i + blockDim.x < n, i + blockDim.x)); // rv:load
    __syncthreads();

    // The tree: the stride halves, threads tid < s add the word s further on.
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        RV_STEP();
        if (tid < s) {
            sdata[tid] += sdata[tid + s];            RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + s)); // rv:tree
        }
        __syncthreads();
    }

    // Thread 0 writes the block's sum.
    RV_STEP();
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];                  RV_REC(sdata[0], RV_OUT(blockIdx.x), RV_S(0)); // rv:write
    }
    RV_TRACE_END();
}

static void launch_v3(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream RV_TRACE_PARAM)
{
    reduce_v3<<<grid, block, block * sizeof(float), stream>>>(in, out, n RV_TRACE_ARG);
}

RV_REGISTER_KERNEL(v3_add_during_load, launch_v3, nullptr)

} // namespace RV_NS
