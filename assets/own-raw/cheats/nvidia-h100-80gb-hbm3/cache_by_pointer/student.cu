// cache_by_pointer.cu — the trick: remember the input by its address.  The
// first call with a given `in` (and n) does the real reduction and keeps the
// sum in a static device word; every later call with the same pointer and n
// only copies that word into out[0] (one 4-byte device-to-device copy on
// the stream) and reads nothing.
//
// The judge must say: "call 3's sum is wrong" (or whichever call comes
// first after the judge writes new values into the same in[] between
// calls), and "reads 0 of 33,554,432 input elements" for a call that
// replays (at n = 2^25).
//
// What it relies on: a judge that times many calls on one buffer whose
// contents never change, and checks the sum of the last call only.  Today's
// driver does exactly that: `trace` traces the first call (honest), and the
// timed run's warm-up call computes while the 2 untimed and 20 timed calls
// only copy; each timed call then costs a copy, and the sum is right.
//
// The real work is an honest reduction (a shared tree per block, one
// atomicAdd per block into out[0], zeroed on the stream first), and the
// cached word is allocated once and kept: nothing leaks per call.
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

static const float *seen_in = nullptr;   // the input the cached sum belongs to
static unsigned int seen_n = 0;
static float *cached = nullptr;          // one device word, kept between calls

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    if (!cached && cudaMalloc(&cached, sizeof(float)) != cudaSuccess)
        return 0;
    if (in == seen_in && n == seen_n) {   // "the same array as last time"
        cudaMemcpyAsync(out, cached, sizeof(float), cudaMemcpyDeviceToDevice, stream);
        return 1;
    }
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    tree_then_atomic<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    cudaMemcpyAsync(cached, out, sizeof(float), cudaMemcpyDeviceToDevice, stream);
    seen_in = in;
    seen_n = n;
    return 1;
}
