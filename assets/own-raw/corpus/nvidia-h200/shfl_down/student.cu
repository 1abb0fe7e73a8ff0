// shfl_down.cu — the shuffle reduction of NVIDIA's "Faster Parallel
// Reductions on Kepler" style: a warp sums its values with
// __shfl_down_sync, lane 0 of each warp puts the warp's sum in shared
// memory, and the first warp shuffles those into the block's sum.
//
// What to notice:
//  - each thread adds two elements while it loads them (a block covers
//    2 * blockDim.x elements, half the grid);
//  - inside a warp there is no shared memory and no barrier: five shuffles
//    take 32 values to 1 (lane 0 holds the sum; the other lanes hold partial
//    garbage, which is fine);
//  - shared memory is touched only twice: one store per warp (lane 0) and
//    one load per lane of the first warp.  One __syncthreads() in all.
__inline__ __device__ float warp_reduce_sum(float val)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        val += __shfl_down_sync(0xffffffffu, val, offset);
    return val;
}

__inline__ __device__ float block_reduce_sum(float val)
{
    static __shared__ float shared[32];   // one slot per warp
    int lane = threadIdx.x % warpSize;
    int wid = threadIdx.x / warpSize;

    val = warp_reduce_sum(val);
    if (lane == 0)
        shared[wid] = val;
    __syncthreads();

    // only the first warp reads them back; lanes past the last warp add 0
    val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0.0f;
    if (wid == 0)
        val = warp_reduce_sum(val);
    return val;
}

__global__ void reduce_shfl(const float *in, float *out, unsigned int n)
{
    unsigned int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    float sum = 0.0f;
    if (i < n)
        sum = in[i];
    if (i + blockDim.x < n)
        sum += in[i + blockDim.x];

    sum = block_reduce_sum(sum);
    if (threadIdx.x == 0)
        out[blockIdx.x] = sum;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    reduce_shfl<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
