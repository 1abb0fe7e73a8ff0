// kahan.cu — a compensated (Kahan) sum: each thread walks its share of the
// array in a grid-stride loop carrying, beside its running sum, the rounding
// error of the last addition, and feeds that error back into the next one.
//
// The idiom: Kahan summation, the textbook answer to "my float sum of
// millions of elements is wrong" when double is too slow or not wanted.
//
// What to notice:
//  - four float additions per element instead of one; it is still memory
//    bound, so the time barely moves;
//  - it is correct only because nvcc does not reorder float arithmetic
//    (no -use_fast_math): (t - sum) - y would otherwise fold to 0 and the
//    compensation disappear;
//  - the block's tree adds pairs of (sum, compensation) the same way, with
//    two shared arrays: twice the shared traffic of a plain tree.
__device__ __forceinline__ void kahan_add(float &sum, float &c, float x)
{
    float y = x - c;
    float t = sum + y;
    c = (t - sum) - y;
    sum = t;
}

__global__ void reduce_kahan(const float *in, float *out, unsigned int n)
{
    extern __shared__ float smem[];
    float *ssum = smem, *scomp = smem + blockDim.x;
    unsigned int tid = threadIdx.x;

    float sum = 0.0f, c = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
        kahan_add(sum, c, in[i]);
    ssum[tid] = sum;
    scomp[tid] = c;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            // the other thread's sum, less its own rounding error, added into ours
            kahan_add(sum, c, ssum[tid + s]);
            kahan_add(sum, c, -scomp[tid + s]);
            ssum[tid] = sum;
            scomp[tid] = c;
        }
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sum - c;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    int dev, sms;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    unsigned int grid = (n + 8 * block - 1) / (8 * block);
    if (grid > 2u * (unsigned int)sms)
        grid = 2u * (unsigned int)sms;
    reduce_kahan<<<grid, block, 2 * block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
