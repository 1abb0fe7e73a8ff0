// v0 — interleaved addressing (the baseline; "reduce 1" in seeds 000/001/003).
//
// Each block copies blockDim.x elements into shared memory, then adds pairs at
// strides 1, 2, 4, ...  Thread tid works at stride s when tid % (2*s) == 0.
//
// What it costs: the working threads are scattered over every warp (at s = 1
// the even lanes, at s = 2 every fourth lane ...), so every warp that still has
// work diverges: its idle lanes wait while the others add.  The % operator is
// slow on the GPU, too.  The next version (v1) keeps the working threads
// together instead.
#include "launch.cuh"

__global__ void reduce_v0(const float *in, float *out, unsigned int n)
{   RV_WAVES_TREE();
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;

    // GMem -> SMem: one element per thread (0 past the end of the array).
    sdata[tid] = (i < n) ? in[i] : 0.0f;  // rv:load
    __syncthreads();

    // The tree: at stride s only threads with tid % (2*s) == 0 add.
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) {
            sdata[tid] += sdata[tid + s];  // rv:tree
        }
        __syncthreads();
    }

    // Thread 0 writes the block's sum.
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];  // rv:write
    }
}

static void launch_v0(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream)
{
    reduce_v0<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
}

RV_REGISTER_KERNEL(v0_interleaved, launch_v0, nullptr)
