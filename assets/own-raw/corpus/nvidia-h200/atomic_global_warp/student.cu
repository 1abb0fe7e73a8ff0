// atomic_global_warp.cu — each warp sums its 32 values with __shfl_down_sync
// and lane 0 alone adds the warp's sum into out[0] with a global atomicAdd.
//
// The idiom: "warp-aggregated atomics": the shuffle does the work inside the
// warp, the atomic only crosses warps and blocks.  No shared memory, no
// __syncthreads(), one launch (launch() returns 1).
//
// What to notice: one global atomic per warp instead of one per thread
// (compare atomic_global_thread.cu), and not one shared-memory access.  The
// atomic's result is unused, so it is a REDG (..._op_global_red).  out[0] is
// zeroed first with cudaMemsetAsync on the same stream.
__global__ void warp_then_atomic(const float *in, float *total, unsigned int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;   // every lane takes part in the shuffles

    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);

    if ((threadIdx.x & 31) == 0)
        atomicAdd(total, v);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    warp_then_atomic<<<grid, block, 0, stream>>>(in, out, n);
    return 1;
}
