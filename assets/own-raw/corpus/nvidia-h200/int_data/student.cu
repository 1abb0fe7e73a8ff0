// int_data.cu — integer data: the elements are counts, so the kernel reads
// them as ints (each float is rounded to an int as it is loaded) and the
// whole tree runs on a shared array of ints.
//
// The idiom: the reduction of a counting problem (votes, histogram bins).
// Integer addition is exact and associative: the sum does not depend on the
// order of the additions, unlike a float sum.  The input here is floats, so
// this is right only when they hold integers, as reducevis's default data
// (ones) do; other data give a wrong sum, on purpose not hidden.
//
// What to notice: the same tree as a float one (v3: add during load,
// sequential addressing), and the same shared accesses, 4 bytes each; the
// last warp uses __syncwarp() between its steps, since its lanes read what
// other lanes wrote with no block barrier.
__global__ void reduce_ints(const float *in, float *out, unsigned int n)
{
    extern __shared__ int cnt[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x * 2 + tid;

    int c = 0;
    if (i < n) c = __float2int_rn(in[i]);
    if (i + blockDim.x < n) c += __float2int_rn(in[i + blockDim.x]);
    cnt[tid] = c;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            cnt[tid] = c = c + cnt[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        for (unsigned int s = blockDim.x >= 64 ? 32 : 16; s > 0; s >>= 1) {
            int other = tid < s ? cnt[tid + s] : 0;
            __syncwarp();   // every read of this step before any write
            if (tid < s)
                cnt[tid] = c = c + other;
            __syncwarp();   // every write before the next step's reads
        }
    }
    if (tid == 0)
        out[blockIdx.x] = (float)c;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    reduce_ints<<<grid, block, block * sizeof(int), stream>>>(in, out, n);
    return grid;
}
