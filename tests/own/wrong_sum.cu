// wrong_sum.cu — a tree that stops one level early, so each block's result
// misses half its elements: traced anyway, and marked wrong.
__global__ void reduce_short(const float *in, float *out, unsigned int n)
{
    extern __shared__ float s[];
    unsigned int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int h = blockDim.x / 2; h > 1; h /= 2) {
        if (t < h) s[t] += s[t + h];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    reduce_short<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
