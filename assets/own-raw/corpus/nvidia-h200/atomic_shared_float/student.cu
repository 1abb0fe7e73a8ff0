// atomic_shared_float.cu — every thread adds its element into ONE float in
// shared memory with atomicAdd; thread 0 writes the block's total.
//
// The idiom: the first answer a forum gives to "how do I sum an array in a
// block": no tree, no barrier inside the sum, one atomic per thread.
//
// What to notice:
//  - all the threads of a block queue on the same word: the additions happen
//    one after another, whatever the block size;
//  - a float atomicAdd on shared memory has no single instruction on these
//    GPUs: it compiles to a load (LDS) and a compare-and-swap loop
//    (ATOMS.CAST.SPIN) that a lane retries until no other lane changed the
//    word in between.  How many rounds that takes depends on timing, so the
//    shared-memory counts of two runs (the trace's and Nsight Compute's)
//    need not agree;
//  - the order of the additions is the order in which lanes win the word:
//    with data that are not integers the sum can change from run to run.
__global__ void block_atomic_sum(const float *in, float *out, unsigned int n)
{
    __shared__ float total;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (threadIdx.x == 0)
        total = 0.0f;
    __syncthreads();

    if (i < n)
        atomicAdd(&total, in[i]);
    __syncthreads();

    if (threadIdx.x == 0)
        out[blockIdx.x] = total;
}

// One partial per block of `block` elements.
unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    block_atomic_sum<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
