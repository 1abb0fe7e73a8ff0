// batch_into_first.cu — the trick: one call does the work for the next
// ones, and they do nothing at all.  A call that does the work computes the
// sum into out[0]; the next K - 1 calls with the same in, out and n queue
// nothing and return 1, counting on out[0] still holding that sum (the
// driver hands every one-pass call the same out buffer).  Every K-th call
// works again, so the average time per call is about 1/K of an honest one.
//
// The judge must say: "call 2's sum is wrong" (when the judge writes new
// data, or a poison value into out[0], before call 2), and "reads 0 of
// 33,554,432 input elements" for a call that does nothing (at n = 2^25).
//
// What it relies on: a judge that gives every call the same data and the
// same out buffer, does not clear out[] between calls, and divides the time
// of many calls by their number.  Today's driver does: `trace` traces the
// first call (honest); the timed run's 3 warm-up and 20 timed calls find
// out[0] as call 1, 9, 17, ... left it, and read right sums.
//
// Unlike cache_by_pointer.cu there is not even a copy: a lazy call leaves
// no trace on the GPU (no launch, no copy), so a tracer has nothing to
// trace in it.
__global__ void tree_then_atomic(const float *in, float *total, unsigned int n)
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
        atomicAdd(total, s[0]);
}

#define K 8   // calls served by one call's work

static const float *last_in = nullptr;
static float *last_out = nullptr;
static unsigned int last_n = 0, lazy_left = 0;

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    if (in == last_in && out == last_out && n == last_n && lazy_left > 0) {
        lazy_left--;
        return 1;   // out[0] still holds the sum of the call that worked
    }
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    tree_then_atomic<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    last_in = in;
    last_out = out;
    last_n = n;
    lazy_left = K - 1;
    return 1;
}
