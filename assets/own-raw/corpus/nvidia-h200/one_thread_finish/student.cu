// one_thread_finish.cu — a shared-memory tree per block leaves one partial
// per block, then a kernel of ONE block of ONE thread (<<<1, 1>>>) adds the
// partials up in a loop into out[0].  launch() returns 1.
//
// The idiom: the student's second pass: "the partials are few, one thread
// can add them" — the serial loop of naive_thread0.cu moved from the end of
// every block to a kernel of its own.
//
// What to notice:
//  - the partials go to out[1 .. grid] and the total to out[0] (out[] has
//    room for (n + 31) / 32 + 1 floats, and a block covers 2 * block >= 64
//    elements, so 1 + grid fits);
//  - the second kernel is one thread on one SM: grid loads and grid adds,
//    one after another.  Its loads are independent, so the compiler unrolls
//    the loop and keeps several in flight, but the adds form one chain.  At
//    n = 2^25 and block 256 that is 65,536 partials: this kernel can take
//    longer than the whole first pass (compare two_launches.cu, where a block
//    of threads strides over the partials);
//  - the trace of the second kernel is one lane of one warp reading a run
//    of consecutive words: 1 of 32 lanes active in every step.
__global__ void block_partials(const float *in, float *partials, unsigned int n)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x * 2 + tid;
    float v = i < n ? in[i] : 0.0f;
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    s[tid] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0)
        partials[blockIdx.x] = s[0];
}

__global__ void one_thread_sum(const float *partials, float *out, unsigned int count)
{
    float total = 0.0f;
    for (unsigned int b = 0; b < count; b++)
        total += partials[b];
    out[0] = total;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    block_partials<<<grid, block, block * sizeof(float), stream>>>(in, out + 1, n);
    one_thread_sum<<<1, 1, 0, stream>>>(out + 1, out, grid);
    return 1;
}
