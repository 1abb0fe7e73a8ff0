// reduce_add_sync_int.cu — the warp reduction done by one instruction:
// __reduce_add_sync (compute capability 8.0 and later) adds an unsigned int
// from every lane of the mask and gives the sum to all of them (REDUX.SUM).
//
// It exists for integers only.  The data here are floats, so each element is
// rounded to an unsigned int first: the sum is right only when the data are
// non-negative integers, as reducevis's default data (ones) are.  With other
// data this file gives a wrong sum, and that is the lesson: for floats use
// shuffles (shfl_down.cu) or cg::reduce (cg_reduce.cu).
//
// What to notice: no shuffle steps at all in the warp, and shared memory
// only for the warps' sums: one store per warp, one load per lane of the
// first warp.  Every lane must call __reduce_add_sync with the full mask, so
// lanes past the end of the array take part with 0.
__global__ void redux_sum(const float *in, float *out, unsigned int n)
{
    __shared__ unsigned int warp_total[32];
    unsigned int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    unsigned int i = blockIdx.x * blockDim.x * 2 + tid;

    unsigned int v = 0;
    if (i < n)
        v += __float2uint_rn(in[i]);
    if (i + blockDim.x < n)
        v += __float2uint_rn(in[i + blockDim.x]);

    v = __reduce_add_sync(0xffffffffu, v);
    if (lane == 0)
        warp_total[warp] = v;
    __syncthreads();

    if (warp == 0) {
        v = lane < blockDim.x / 32 ? warp_total[lane] : 0u;
        v = __reduce_add_sync(0xffffffffu, v);
        if (lane == 0)
            out[blockIdx.x] = (float)v;
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    redux_sum<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
