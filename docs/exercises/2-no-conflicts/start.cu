// Exercise 2, start: strided index (the lesson's v1).
//
// The warps no longer diverge, but at step s a warp's lanes touch words
// 2*s apart: with 32 banks (bank = word % 32), two, four, eight lanes land
// in one bank and the hardware serves them one after another.
// Goal: the same sums with every shared-memory request conflict-free.
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
