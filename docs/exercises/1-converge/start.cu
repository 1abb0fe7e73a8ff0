// Exercise 1, start: interleaved addressing (the lesson's v0).
//
// At step s the threads whose index is a multiple of 2*s add the word s
// away.  It sums right, but at s = 1 every warp has half its lanes working
// and half idle: all eight warps of a 256-thread block diverge, and the
// further the tree goes, the fewer lanes of each warp do anything.
// Goal: the same sums, with warps that are either wholly busy or wholly idle.
__global__ void reduce(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
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
