// v4 — unroll the last warp ("reduce 5" in seeds 000/001/003).
//
// Changed from v3: the tree stops at stride 64 (s > 32); the last six levels
// (32, 16, 8, 4, 2, 1) are unrolled in warpReduce, run by the first warp
// alone with no __syncthreads() and no loop: the 32 lanes of a warp execute
// each statement together, and `volatile` makes every += really go to shared
// memory so that lanes see each other's results.  Exactly as the seeds write it.
//
// What it costs: all 32 lanes execute all six statements, though at stride 16
// only lanes 0..15 compute anything that is used, at stride 1 only lane 0:
// the rest is wasted work (harmless, the results are never read).  And the
// code relies on the warp executing in lockstep, which Volta's independent
// thread scheduling no longer guarantees (the fix is __syncwarp()).
#include "trace.cuh"

namespace RV_NS {

static __device__ void warpReduce(volatile float *cache, unsigned int tid RV_TRACER_PARAM)
{
    RV_STEP(); cache[tid] += cache[tid + 32];        RV_REC(cache[tid], RV_S(tid), RV_S(tid), RV_S(tid + 32)); // rv:warp32
    RV_STEP(); cache[tid] += cache[tid + 16];        RV_REC(cache[tid], RV_S(tid), RV_S(tid), RV_S(tid + 16)); // rv:warp16
    RV_STEP(); cache[tid] += cache[tid + 8];         RV_REC(cache[tid], RV_S(tid), RV_S(tid), RV_S(tid + 8)); // rv:warp8
    RV_STEP(); cache[tid] += cache[tid + 4];         RV_REC(cache[tid], RV_S(tid), RV_S(tid), RV_S(tid + 4)); // rv:warp4
    RV_STEP(); cache[tid] += cache[tid + 2];         RV_REC(cache[tid], RV_S(tid), RV_S(tid), RV_S(tid + 2)); // rv:warp2
    RV_STEP(); cache[tid] += cache[tid + 1];         RV_REC(cache[tid], RV_S(tid), RV_S(tid), RV_S(tid + 1)); // rv:warp1
}

__global__ void reduce_v4(const float *in, float *out, unsigned int n RV_TRACE_PARAM)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + tid;
    RV_TRACE_BEGIN();

    // GMem -> SMem: two elements per thread, added on the way (0 past the end).
    RV_STEP();
    sdata[tid] = ((i < n) ? in[i] : 0.0f) + ((i + blockDim.x < n) ? in[i + blockDim.x] : 0.0f);  RV_REC(sdata[tid], RV_S(tid), RV_G_IF(i < n, i), RV_G_IF(i + blockDim.x < n, i + blockDim.x)); // rv:load
    __syncthreads();

    // The tree, while more than one warp's worth of threads work.
    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        RV_STEP();
        if (tid < s) {
            sdata[tid] += sdata[tid + s];            RV_REC(sdata[tid], RV_S(tid), RV_S(tid), RV_S(tid + s)); // rv:tree
        }
        __syncthreads();
    }

    // The last six levels: one warp, warp-synchronous, no barrier.
    if (tid < 32) warpReduce(sdata, tid RV_TRACER_ARG);

    // Thread 0 writes the block's sum.
    RV_STEP();
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];                  RV_REC(sdata[0], RV_OUT(blockIdx.x), RV_S(0)); // rv:write
    }
    RV_TRACE_END();
}

static void launch_v4(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream RV_TRACE_PARAM)
{
    reduce_v4<<<grid, block, block * sizeof(float), stream>>>(in, out, n RV_TRACE_ARG);
}

RV_REGISTER_KERNEL(v4_unroll_last_warp, launch_v4, nullptr)

} // namespace RV_NS

// ---- added by `reducevis trace --kernel`: the launch() every traced file has ----
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    const timed::kernel_entry &k = timed::rv_kernel_v4_unroll_last_warp;
    unsigned int per_block = block * 2, grid = (n + per_block - 1) / per_block;
    if (0) { /* fills the GPU: its resident blocks, at most one float4 a thread */
        unsigned int most = (n + 4 * block - 1) / (4 * block), r = k.resident_grid ? k.resident_grid(block) : 0;
        grid = r && r < most ? r : most;
    }
    k.launch(in, out, n, grid, block, stream);
    if (0) { /* a single pass leaves the result after the partials */
        cudaMemcpyAsync(out, out + grid, sizeof(float), cudaMemcpyDeviceToDevice, stream);
        return 1;
    }
    return grid;
}
