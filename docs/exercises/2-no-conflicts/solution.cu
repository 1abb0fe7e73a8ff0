// Exercise 2, a solution: sequential addressing (the lesson's v2).
//
// The tree runs the other way: at step s the first s threads add the word s
// away, so a warp's lanes touch 32 consecutive words, one in each bank, and
// the working threads are still whole warps.
__global__ void reduce(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// One partial sum per block, left in out[0 .. grid).
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    reduce<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
