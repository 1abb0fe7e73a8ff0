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
#include "launch.cuh"

static __device__ void warpReduce(volatile float *cache, unsigned int tid)
{
    cache[tid] += cache[tid + 32];  // rv:warp32
    cache[tid] += cache[tid + 16];  // rv:warp16
    cache[tid] += cache[tid + 8];  // rv:warp8
    cache[tid] += cache[tid + 4];  // rv:warp4
    cache[tid] += cache[tid + 2];  // rv:warp2
    cache[tid] += cache[tid + 1];  // rv:warp1
}

__global__ void reduce_v4(const float *in, float *out, unsigned int n)
{   RV_WAVES_TREE();
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + tid;

    // GMem -> SMem: two elements per thread, added on the way (0 past the end).
    sdata[tid] = ((i < n) ? in[i] : 0.0f) + ((i + blockDim.x < n) ? in[i + blockDim.x] : 0.0f);  // rv:load
    __syncthreads();

    // The tree, while more than one warp's worth of threads work.
    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];  // rv:tree
        }
        __syncthreads();
    }

    // The last six levels: one warp, warp-synchronous, no barrier.
    if (tid < 32) warpReduce(sdata, tid);

    // Thread 0 writes the block's sum.
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];  // rv:write
    }
}

static void launch_v4(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream)
{
    reduce_v4<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
}

RV_REGISTER_KERNEL(v4_unroll_last_warp, launch_v4, nullptr)
