// float4_loads.cu — 16-byte loads: each thread reads four elements with one
// float4 load, in a grid-stride loop, and the block finishes with shuffles.
//
// The idiom: the bandwidth-bound kernel of every "how to reach peak memory
// bandwidth" post: float4 through reinterpret_cast, a scalar tail for the
// last n % 4 elements.  It needs `in` 16-byte aligned (cudaMalloc's memory
// is, and so is every pass's input here).
//
// What to notice:
//  - one load request per warp brings 512 bytes (four 128-byte lines);
//  - the n % 4 elements past the last whole float4 are read one by one,
//    by the first threads of block 0;
//  - the grid is at most 8 blocks per SM, each thread at least one float4
//    per loop turn; with n <= 4 * block it is one block.
__device__ __forceinline__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

__global__ void reduce_float4(const float *in, float *out, unsigned int n)
{
    __shared__ float sums[32];
    const float4 *in4 = reinterpret_cast<const float4 *>(in);
    unsigned int quads = n / 4;
    unsigned int g = blockIdx.x * blockDim.x + threadIdx.x;

    float acc = 0.0f;
    for (unsigned int q = g; q < quads; q += blockDim.x * gridDim.x) {
        float4 f = in4[q];
        acc += (f.x + f.y) + (f.z + f.w);
    }
    if (g < n % 4)
        acc += in[4 * quads + g];

    acc = warp_sum(acc);
    if (threadIdx.x % 32 == 0)
        sums[threadIdx.x / 32] = acc;
    __syncthreads();
    if (threadIdx.x < 32) {
        acc = threadIdx.x < blockDim.x / 32 ? sums[threadIdx.x] : 0.0f;
        acc = warp_sum(acc);
        if (threadIdx.x == 0)
            out[blockIdx.x] = acc;
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    static int sms = 0;
    if (!sms) {
        int dev;
        cudaGetDevice(&dev);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    }
    unsigned int grid = (n + 4 * block - 1) / (4 * block);
    if (grid > 8u * sms)
        grid = 8u * sms;
    reduce_float4<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
