// shfl_xor_butterfly.cu — a butterfly (all-reduce) inside each warp with
// __shfl_xor_sync: at every step lane L swaps with lane L ^ mask, so after
// five steps EVERY lane holds the warp's sum, not just lane 0.
//
// The idiom: the all-reduce of the CUDA programming guide's warp shuffle
// examples, used where every lane needs the total (a softmax's max or sum,
// a norm).  Here the warps' sums meet in shared memory and the first warp
// runs the butterfly once more.
//
// What to notice: the shuffle pattern in the trace is a crossing one (lane 0
// with 16, then 8, ...) where __shfl_down_sync's is a shifting one, and no
// lane sits idle in any step.  Since every lane of the first warp ends with
// the block's sum, any of them may write it: the last lane does here.
__device__ float butterfly_sum(float x)
{
    #pragma unroll
    for (int mask = 16; mask >= 1; mask >>= 1)
        x += __shfl_xor_sync(0xffffffffu, x, mask);
    return x;
}

__global__ void reduce_butterfly(const float *in, float *out, unsigned int n)
{
    __shared__ float per_warp[32];
    const unsigned int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const unsigned int nwarps = blockDim.x >> 5;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    float x = butterfly_sum(i < n ? in[i] : 0.0f);
    if (lane == 0)
        per_warp[warp] = x;
    __syncthreads();

    if (warp == 0) {
        x = butterfly_sum(lane < nwarps ? per_warp[lane] : 0.0f);
        if (lane == 31)
            out[blockIdx.x] = x;
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    reduce_butterfly<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
