// v1 — strided index, no divergent branch ("reduce 2" in seeds 000/001/003).
//
// Changed from v0: thread tid works on index = 2*s*tid, so the threads that
// work are always the first ones (tid < blockDim/(2s)): whole warps are either
// busy or idle until fewer than 32 threads are left, and there is no modulo.
//
// What it costs: neighbouring lanes now touch words 2s apart.  A bank holds
// every 32nd word, so at s = 1 two lanes share each bank, at s = 2 four ...:
// n-way shared-memory bank conflicts that serialise the accesses.  (The
// seeds' tables stop at 4-way and call the later steps conflict-free; the
// tool computes the real degree from the addresses.)  v2 fixes it.
#include "launch.cuh"

__global__ void reduce_v1(const float *in, float *out, unsigned int n)
{   RV_WAVES_TREE();
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;

    // GMem -> SMem: one element per thread (0 past the end of the array).
    sdata[tid] = (i < n) ? in[i] : 0.0f;  // rv:load
    __syncthreads();

    // The tree: thread tid adds the pair that starts at index = 2*s*tid.
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x) {
            sdata[index] += sdata[index + s];  // rv:tree
        }
        __syncthreads();
    }

    // Thread 0 writes the block's sum.
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];  // rv:write
    }
}

static void launch_v1(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream)
{
    reduce_v1<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
}

RV_REGISTER_KERNEL(v1_strided_index, launch_v1, nullptr)
