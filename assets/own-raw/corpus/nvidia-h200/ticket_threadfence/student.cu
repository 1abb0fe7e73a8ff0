// ticket_threadfence.cu — a single-pass reduction with a ticket, as CUDA's
// threadFenceReduction sample does it: every block writes its partial,
// makes it visible with __threadfence(), and takes a ticket with atomicInc
// on a __device__ counter; the block that draws the last ticket knows all
// the partials are written and sums them.  One launch; launch() returns 1.
//
// What to notice:
//  - without __threadfence() the last block could see the ticket count
//    before it sees another block's partial (the write may still be on its
//    way): the fence orders "partial written" before "ticket taken";
//  - the ticket is one global atomic per block whose result is used (an
//    ATOMG, not a REDG), taken by thread 0 and passed to the block through
//    shared memory;
//  - the last block resets the counter, so the next launch starts at 0;
//  - the partials are read back with volatile loads, so that the last block
//    reads them from L2 and not from a stale copy in its L1.
__device__ unsigned int retirement_count = 0;

__device__ float sum_block(float v, float *s)
{
    unsigned int tid = threadIdx.x;
    s[tid] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    return s[0];   // the same in every thread
}

__global__ void reduce_single_pass(const float *in, float *out, unsigned int n)
{
    extern __shared__ float s[];
    __shared__ bool am_last;
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x * 2 + tid;

    float v = i < n ? in[i] : 0.0f;
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    float block_total = sum_block(v, s);

    if (tid == 0) {
        out[blockIdx.x] = block_total;
        __threadfence();
        unsigned int ticket = atomicInc(&retirement_count, gridDim.x);
        am_last = (ticket == gridDim.x - 1);
    }
    __syncthreads();   // am_last is set, and every thread has read s[0]

    if (am_last) {
        const volatile float *partials = out;
        float t = 0.0f;
        for (unsigned int b = tid; b < gridDim.x; b += blockDim.x)
            t += partials[b];
        float total = sum_block(t, s);
        if (tid == 0) {
            out[0] = total;
            retirement_count = 0;
        }
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    reduce_single_pass<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return 1;
}
