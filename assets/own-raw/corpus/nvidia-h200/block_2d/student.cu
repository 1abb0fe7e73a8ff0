// block_2d.cu — the block is two-dimensional: dim3(16, 16) when the driver
// asks for 256 threads (generally as square as a power of two allows:
// 8 x 4 for 32, 16 x 8 for 128, 32 x 16 for 512, 32 x 32 for 1024).  The
// kernel flattens (threadIdx.x, threadIdx.y) to one index for the tree.
//
// The idiom: the student who learnt CUDA from matrix code, where blocks are
// dim3(16, 16) tiles, and reuses that launch for a 1-D sum; the grid stays
// 1-D, the data is 1-D, only the block has two sides.
//
// What to notice:
//  - the flat index is threadIdx.y * blockDim.x + threadIdx.x, the same
//    order the hardware uses to cut a block into warps (x fastest, then y):
//    with a 16-wide block a warp is two rows of 16, so flattening this way
//    keeps every warp on 32 consecutive elements and 32 consecutive words of
//    shared memory.  Flattening the other way (threadIdx.x * blockDim.y +
//    threadIdx.y) would still sum right but spread a warp's loads 16 apart;
//  - the tree, the banks and the barriers are those of a 1-D block of the
//    same size: the block's shape changes the names of the threads, not
//    the work;
//  - each thread adds two elements while loading (a block covers
//    2 * 16 * 16 = 512 elements), thread (0, 0) of each block writes its
//    partial, and launch() returns the grid.  `block` is a power of two
//    (32 .. 1024, as trace and check ask), so bx * by == block.
__global__ void reduce_2d_block(const float *in, float *out, unsigned int n)
{
    extern __shared__ float s[];
    unsigned int threads = blockDim.x * blockDim.y;
    unsigned int tid = threadIdx.y * blockDim.x + threadIdx.x;   // row-major, like the warps
    unsigned int i = blockIdx.x * threads * 2 + tid;

    float v = i < n ? in[i] : 0.0f;
    if (i + threads < n)
        v += in[i + threads];
    s[tid] = v;
    __syncthreads();

    for (unsigned int k = threads / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int log2 = 0;
    while ((1u << (log2 + 1)) <= block)
        log2++;
    unsigned int bx = 1u << ((log2 + 1) / 2);   // 256 -> 16, 512 -> 32, 32 -> 8
    unsigned int by = block / bx;               // 256 -> 16, 512 -> 16, 32 -> 4
    dim3 threads(bx, by);
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    reduce_2d_block<<<grid, threads, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
