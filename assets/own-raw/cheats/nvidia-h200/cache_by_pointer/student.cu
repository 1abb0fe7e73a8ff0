// cache_by_pointer.cu — the trick: remember the input by its address.  The
// first call with a given `in` (and n) does the real reduction and keeps the
// sum in a static device word; every later call with the same pointer and n
// only copies that word into out[0] (one 4-byte device-to-device copy on
// the stream) and reads nothing.
//
// The judge must say: "call 1 of 20's sum is wrong" (or whichever call
// comes first after the judge writes new values into an in[] it has used
// before).  It remembers 4 addresses: the judge's 3 buffers, taken in
// turn, are each seen again.
//
// What it relies on: a judge that times many calls on one buffer whose
// contents never change, and checks the sum of the last call only.  Today's
// driver does exactly that: `trace` traces the first call (honest), and the
// timed run's warm-up call computes while the 2 untimed and 20 timed calls
// only copy; each timed call then costs a copy, and the sum is right.
//
// The real work is an honest reduction (a shared tree per block, one
// atomicAdd per block into out[0], zeroed on the stream first), and each
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

// The inputs seen, each with its sum in a device word kept between calls:
// up to 4 of them, for a judge that takes turns between a few buffers.
enum { SEEN = 4 };
static const float *seen_in[SEEN];
static unsigned int seen_n[SEEN];
static float *cached[SEEN];
static int next_slot;

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    for (int k = 0; k < SEEN; k++)
        if (cached[k] && in == seen_in[k] && n == seen_n[k]) {   // "the same array as before"
            cudaMemcpyAsync(out, cached[k], sizeof(float), cudaMemcpyDeviceToDevice, stream);
            return 1;
        }
    int k = next_slot;
    next_slot = (next_slot + 1) % SEEN;
    if (!cached[k] && cudaMalloc(&cached[k], sizeof(float)) != cudaSuccess)
        return 0;
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    tree_then_atomic<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    cudaMemcpyAsync(cached[k], out, sizeof(float), cudaMemcpyDeviceToDevice, stream);
    seen_in[k] = in;
    seen_n[k] = n;
    return 1;
}
