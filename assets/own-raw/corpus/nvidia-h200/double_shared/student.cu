// double_shared.cu — accumulating in double: each thread adds its elements
// as doubles, and the block's tree runs on a shared array of doubles.
//
// The idiom: "my float sum is off, use double" — the first fix students and
// forum answers reach for when a large sum loses precision.
//
// What to notice:
//  - every shared access is 8 bytes: a warp's load of 32 doubles is 256
//    bytes, two wavefronts (two passes through the 32 banks) for one
//    request, even with no bank conflict;
//  - the array takes twice the shared memory of a float tree;
//  - doubles are slow on gaming GPUs (1/64 rate) but full rate on data-centre
//    ones like H100 and H200; here the adds are few, memory dominates;
//  - the partial is rounded to float only when it is written out.
__global__ void reduce_double(const float *in, float *out, unsigned int n)
{
    extern __shared__ double dsum[];
    unsigned int t = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x * 2 + t;

    double acc = 0.0;
    if (i < n) acc += (double)in[i];
    if (i + blockDim.x < n) acc += (double)in[i + blockDim.x];
    dsum[t] = acc;
    __syncthreads();

    for (unsigned int s = blockDim.x >> 1; s > 0; s >>= 1) {
        if (t < s)
            dsum[t] += dsum[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = (float)dsum[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    reduce_double<<<grid, block, block * sizeof(double), stream>>>(in, out, n);
    return grid;
}
