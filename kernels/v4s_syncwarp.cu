// v4s — v4's last warp, made correct for Volta and later (not in the seeds).
//
// Changed from v4: v4's warp phase reads its neighbour's word and writes its
// own in one statement, trusting the 32 lanes to run in lockstep so that all
// reads of a statement happen before any write.  Since Volta, independent
// thread scheduling no longer promises that, and compute-sanitizer's racecheck
// reports the read/write hazards.  Here each lane keeps its running sum in a
// register, adds the neighbour's word, and waits at __syncwarp() before it
// stores, then again before the next read: the order is now guaranteed by the
// code, not by the hardware's habits.  (CUDA's programming guide gives the
// same fix; v7 avoids the question with register shuffles.)
//
// What it costs: two __syncwarp() per level, cheap for a converged warp; no
// volatile needed, since __syncwarp() also orders the memory accesses.
#include "trace.cuh"

namespace RV_NS {

static __device__ void warpReduce(float *cache, unsigned int tid RV_TRACER_PARAM)
{
    RV_STEP(); float v = cache[tid];                 RV_REC(v, RV_REG(), RV_S(tid)); // rv:warp_load
    RV_STEP(); v += cache[tid + 32]; RV_REC(v, RV_REG(), RV_REG(), RV_S(tid + 32)); __syncwarp(); RV_STEP(); cache[tid] = v; RV_REC(v, RV_S(tid), RV_REG()); __syncwarp(); // rv:warp32
    RV_STEP(); v += cache[tid + 16]; RV_REC(v, RV_REG(), RV_REG(), RV_S(tid + 16)); __syncwarp(); RV_STEP(); cache[tid] = v; RV_REC(v, RV_S(tid), RV_REG()); __syncwarp(); // rv:warp16
    RV_STEP(); v += cache[tid + 8];  RV_REC(v, RV_REG(), RV_REG(), RV_S(tid + 8));  __syncwarp(); RV_STEP(); cache[tid] = v; RV_REC(v, RV_S(tid), RV_REG()); __syncwarp(); // rv:warp8
    RV_STEP(); v += cache[tid + 4];  RV_REC(v, RV_REG(), RV_REG(), RV_S(tid + 4));  __syncwarp(); RV_STEP(); cache[tid] = v; RV_REC(v, RV_S(tid), RV_REG()); __syncwarp(); // rv:warp4
    RV_STEP(); v += cache[tid + 2];  RV_REC(v, RV_REG(), RV_REG(), RV_S(tid + 2));  __syncwarp(); RV_STEP(); cache[tid] = v; RV_REC(v, RV_S(tid), RV_REG()); __syncwarp(); // rv:warp2
    RV_STEP(); v += cache[tid + 1];  RV_REC(v, RV_REG(), RV_REG(), RV_S(tid + 1));  __syncwarp(); RV_STEP(); cache[tid] = v; RV_REC(v, RV_S(tid), RV_REG()); __syncwarp(); // rv:warp1
}

__global__ void reduce_v4s(const float *in, float *out, unsigned int n RV_TRACE_PARAM)
{   RV_WAVES_BLOCK();
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

    // The last six levels: one warp, ordered by __syncwarp().
    if (tid < 32) warpReduce(sdata, tid RV_TRACER_ARG);

    // Thread 0 writes the block's sum.
    RV_STEP();
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];                  RV_REC(sdata[0], RV_OUT(blockIdx.x), RV_S(0)); // rv:write
    }
    RV_TRACE_END();
}

static void launch_v4s(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
                cudaStream_t stream RV_TRACE_PARAM)
{
    reduce_v4s<<<grid, block, block * sizeof(float), stream>>>(in, out, n RV_TRACE_ARG);
}

RV_REGISTER_KERNEL(v4s_syncwarp, launch_v4s, nullptr)

} // namespace RV_NS
