// cache_by_call_count.cu — the trick: be honest for the warm-up, then stop.
// The first 3 calls do the real reduction (and keep its sum in a static
// device word); from call 4 on, launch() only copies that word into out[0].
// 3 is the warm-up of today's timed run: one untimed whole reduction, then
// 2 more, then the 20 timed ones (src/tracer/driver.cu).
//
// The judge must say: "call 4's sum is wrong" (the first replaying call,
// when the judge's data for it differ from the warm-up's), and "reads 0 of
// 33,554,432 input elements" for a replaying call (at n = 2^25).
//
// What it relies on: a judge whose warm-up is a fixed, known number of
// calls, with the timed calls on the warm-up's data.  No check of the input
// pointer or n: a cheat that knows the judge needs none (compare
// cache_by_pointer.cu, which survives a judge that varies the call count).
//
// Under today's driver: `trace` runs one call (honest); the timed run's
// first 3 calls compute and the 20 timed calls copy; every sum is right.
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

#define HONEST_CALLS 3

static unsigned int calls = 0;
static float *cached = nullptr;   // one device word, kept between calls

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    if (!cached && cudaMalloc(&cached, sizeof(float)) != cudaSuccess)
        return 0;
    if (++calls > HONEST_CALLS) {
        cudaMemcpyAsync(out, cached, sizeof(float), cudaMemcpyDeviceToDevice, stream);
        return 1;
    }
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    tree_then_atomic<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    cudaMemcpyAsync(cached, out, sizeof(float), cudaMemcpyDeviceToDevice, stream);
    return 1;
}
