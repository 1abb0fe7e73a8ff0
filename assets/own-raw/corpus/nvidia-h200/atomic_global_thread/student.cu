// atomic_global_thread.cu — no shared memory at all: every thread adds what
// it read straight into out[0] with a global atomicAdd.  One launch, and the
// result is already the total (launch() returns 1).
//
// The idiom: the shortest correct reduction there is, and the slowest way to
// use atomics: every warp sends its own atomic to the same address in L2.
//
// What to notice:
//  - out[0] must be zeroed before the kernel runs, on the same stream
//    (cudaMemsetAsync), or the sum adds to whatever was there;
//  - the result is not used, so atomicAdd compiles to a reduction without a
//    return value (REDG.E.ADD.F32): Nsight Compute counts it under
//    ..._op_global_red, not ..._op_global_atom;
//  - a float total of ones stops counting at 2^24 (2^24 + 1 rounds back to
//    2^24).  So each thread first adds FOUR elements, a block apart, in a
//    register: every atomic then adds a multiple of 4 and the total of
//    2^25 ones stays exact.  With one element a thread it would come out
//    16777216.
__global__ void add_into_total(const float *in, float *total, unsigned int n)
{
    unsigned int i = blockIdx.x * blockDim.x * 4 + threadIdx.x;
    float mine = 0.0f;
    for (int k = 0; k < 4; k++, i += blockDim.x)
        if (i < n)
            mine += in[i];
    atomicAdd(total, mine);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 4 * block - 1) / (4 * block);
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    add_into_total<<<grid, block, 0, stream>>>(in, out, n);
    return 1;
}
