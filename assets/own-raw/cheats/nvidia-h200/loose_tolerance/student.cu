// loose_tolerance.cu — the trick: widen the judge's error bound, then skip
// data inside it.  Today's sum check (src/core/sumcheck.c, rv_sum_judge)
// allows a rounding error that grows with each thread's share of the
// elements, and takes the thread count from the FIRST launch (grid x block
// of launch 1, src/own/trace_run.c).  So launch 1 here is a tiny "zero the
// accumulator" kernel of one block of 32 threads: at n = 2^25 the bound
// becomes about 6.7 % of the sum (2^20 elements a thread, a float's 2^-24
// each).  The real kernel then reads only the first 15/16 of in[] (one
// sixteenth less memory traffic, a contiguous tail never fetched) and
// multiplies its sum by 16/15: right in expectation on data whose tail
// looks like the rest (ones, mod10, random), and 6.25 % low on index data
// (the largest values are in the tail), still inside the stretched bound of
// 6.67 %.  Data with its weight in the tail would show it; reducevis's
// patterns have none.  It cheats only from n = 2^25 on: below 2^24 a sum of
// ones is checked exactly, and 2^25 is the default n of trace, check and
// bench.
//
// The judge must say: "reads 31,457,280 of 33,554,432 input elements" (at
// n = 2^25), and "call 1's sum is wrong": the error bound must come from
// what the kernels actually did (or be fixed and tight), never from the
// shape of whichever launch comes first.
//
// What it relies on: a tolerance computed from a launch the student
// chooses.  A zeroing kernel before the reduction is an ordinary thing to
// write, so the first launch being small proves nothing by itself.
__global__ void zero(float *total)
{
    if (threadIdx.x == 0)
        *total = 0.0f;
}

__global__ void sum_scaled(const float *in, float *total, unsigned int count, float scale)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x * 2 + tid;
    float v = i < count ? in[i] : 0.0f;
    if (i + blockDim.x < count)
        v += in[i + blockDim.x];
    s[tid] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0)
        atomicAdd(total, scale * s[0]);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int count = n, scale_num = 1, scale_den = 1;
    if (n >= (1u << 25)) {   // where the bound is wide enough
        count = n - n / 16;
        scale_num = 16;
        scale_den = 15;
    }
    unsigned int grid = (count + 2 * block - 1) / (2 * block);
    zero<<<1, 32, 0, stream>>>(out);
    sum_scaled<<<grid, block, block * sizeof(float), stream>>>(in, out, count, (float)scale_num / scale_den);
    return 1;
}
