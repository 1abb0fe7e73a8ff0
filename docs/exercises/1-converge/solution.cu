// Exercise 1, a solution: strided index (the lesson's v1).
//
// Thread tid now works on the word index = 2*s*tid, so the threads that
// work at step s are the first blockDim.x / (2*s) of the block: whole warps
// are busy and the rest wholly idle until fewer than 32 threads are left.
// (The price: lanes 2*s words apart hit the same banks; exercise 2.)
__global__ void reduce(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + s];
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
