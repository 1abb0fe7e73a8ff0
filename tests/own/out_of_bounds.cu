// out_of_bounds.cu — reads far past the end of in[] (a wrong index that
// forgets blockDim): `reducevis trace` must say where, and write no trace.
__global__ void reduce_oob(const float *in, float *out, unsigned int n)
{
    extern __shared__ float s[];
    unsigned int t = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * 4096ull * 1024ull * 1024ull + t;
    s[t] = in[i];
    __syncthreads();
    for (unsigned int h = blockDim.x / 2; h > 0; h /= 2) {
        if (t < h) s[t] += s[t + h];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    reduce_oob<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
