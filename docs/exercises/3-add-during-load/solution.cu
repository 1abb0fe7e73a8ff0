// Exercise 3, a solution: add during load (the lesson's v3).
//
// A block now covers 2 * blockDim.x elements: each thread reads one from
// each half (both reads coalesced) and stores their sum, so the grid is half
// as large and no thread is idle at the first addition.
__global__ void reduce(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (2 * blockDim.x) + threadIdx.x;

    float sum = i < n ? in[i] : 0.0f;
    if (i + blockDim.x < n)
        sum += in[i + blockDim.x];
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// One partial sum per block of 2 * block elements, left in out[0 .. grid).
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    reduce<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
