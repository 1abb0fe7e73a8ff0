// Exercise 3, start: sequential addressing (the lesson's v2).
//
// Conflict-free and converged, but half the threads stop working after the
// first step of the tree: each thread loads a single element and the first
// addition waits until everything is in shared memory.
// Goal: each thread adds two elements while it loads, so half the blocks do
// the same work.
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
