// v2 — sequential addressing, no bank conflicts ("reduce 3" in seeds 000/001/003).
//
// Changed from v1: the stride starts at blockDim/2 and halves; at stride s
// thread tid (tid < s) adds sdata[tid + s] to sdata[tid].  Consecutive lanes
// touch consecutive words, one per bank: no bank conflicts, and the working
// threads are still contiguous.
//
// What it costs: half of the threads are idle from the very first step (only
// tid < blockDim/2 adds), right after they did nothing but one load.  v3 puts
// them to work during the load.
#include "launch.cuh"

__global__ void reduce_v2(const float *in, float *out, unsigned int n)
{   RV_WAVES_TREE();
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;

    // GMem -> SMem: one element per thread (0 past the end of the array).
    sdata[tid] = (i < n) ? in[i] : 0.0f;  // rv:load
    __syncthreads();

    // The tree: the stride halves, threads tid < s add the word s further on.
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];  // rv:tree
        }
        __syncthreads();
    }

    // Thread 0 writes the block's sum.
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];  // rv:write
    }
}

static void launch_v2(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream)
{
    reduce_v2<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
}

RV_REGISTER_KERNEL(v2_sequential, launch_v2, nullptr)
