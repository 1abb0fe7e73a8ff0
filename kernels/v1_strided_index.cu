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
#include "trace.cuh"

namespace RV_NS {

__global__ void reduce_v1(const float *in, float *out, unsigned int n RV_TRACE_PARAM)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;
    RV_TRACE_BEGIN();

    // GMem -> SMem: one element per thread (0 past the end of the array).
    RV_STEP();
    sdata[tid] = (i < n) ? in[i] : 0.0f;             RV_REC(sdata[tid], RV_S(tid), RV_G_IF(i < n, i)); // rv:load
    __syncthreads();

    // The tree: thread tid adds the pair that starts at index = 2*s*tid.
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        RV_STEP();
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x) {
            sdata[index] += sdata[index + s];        RV_REC(sdata[index], RV_S(index), RV_S(index), RV_S(index + s)); // rv:tree
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

static void launch_v1(const float *in, float *out, unsigned int n, unsigned int grid, unsigned int block,
               cudaStream_t stream RV_TRACE_PARAM)
{
    reduce_v1<<<grid, block, block * sizeof(float), stream>>>(in, out, n RV_TRACE_ARG);
}

RV_REGISTER_KERNEL(v1_strided_index, launch_v1, nullptr)

} // namespace RV_NS
