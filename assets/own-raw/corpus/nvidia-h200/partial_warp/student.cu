// partial_warp.cu — a block of 48 threads, whatever `block` says: one whole
// warp and half of another.  The tree starts at the largest power of two
// below 48 (32) and guards its reads, so a block size that is not a power
// of two still sums right.
//
// The idiom: the student who picks a block size by the data ("each block
// does 96 elements: 48 threads, two each") or by a formula, not by powers
// of two, and has to make the halving tree cope.
//
// What to notice:
//  - the hardware cuts the block into warps of 32: warp 0 is full, warp 1
//    has 16 threads and 16 lanes that do not exist (they are not idle
//    threads: no thread is there at all), so every instruction of warp 1
//    runs with half a mask;
//  - the first level (k = 32) folds words 32 .. 47 onto 0 .. 15: only 16
//    lanes of warp 0 work, and the `tid + k < 48` guard keeps the others
//    from reading past the array; from then on the tree is the usual one
//    over 32 words, all in warp 0;
//  - `block` is ignored, so the driver's block size changes nothing: the
//    grid is n / 96 blocks (each thread adds two elements while loading),
//    and launch() returns it.
#define THREADS 48
#define FIRST_HALF 32   // the largest power of two below THREADS

__global__ void __launch_bounds__(THREADS) reduce_48(const float *in, float *out, unsigned int n)
{
    __shared__ float s[THREADS];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * THREADS * 2 + tid;

    float v = i < n ? in[i] : 0.0f;
    if (i + THREADS < n)
        v += in[i + THREADS];
    s[tid] = v;
    __syncthreads();

    for (unsigned int k = FIRST_HALF; k > 0; k >>= 1) {
        if (tid < k && tid + k < THREADS)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)block;
    unsigned int grid = (n + 2 * THREADS - 1) / (2 * THREADS);
    reduce_48<<<grid, THREADS, 0, stream>>>(in, out, n);
    return grid;
}
