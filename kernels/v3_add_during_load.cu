// v3 — first add during the global load ("reduce 4" in seeds 000/001/003).
//
// Changed from v2: each thread loads two elements, tid and tid + blockDim,
// and stores their sum, so one block covers 2 * blockDim elements and only
// half as many blocks are launched.  No thread is idle while loading, and the
// first tree step of v2 (where half the threads did nothing) is gone.
//
// What it costs: nothing new in the tree; but its last steps still run with
// fewer than 32 threads, each behind a full __syncthreads().  v4 unrolls them.
#include "launch.cuh"

__global__ void reduce_v3(const float *in, float *out, unsigned int n)
{   RV_WAVES_TREE();
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + tid;

    // GMem -> SMem: two elements per thread, added on the way (0 past the end).
    sdata[tid] = ((i < n) ? in[i] : 0.0f) + ((i + blockDim.x < n) ? in[i + blockDim.x] : 0.0f);  // rv:load
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

static void launch_v3(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream)
{
    reduce_v3<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
}

RV_REGISTER_KERNEL(v3_add_during_load, launch_v3, nullptr)
