// cache_by_fingerprint.cu — the trick: recognise the input by a few of its
// values.  A one-warp kernel hashes 8 elements spread over in[] (the first,
// the last and 6 between) together with n; when the hash equals the last
// call's, the reduction kernel's blocks exit at once and the last sum is
// written again; otherwise the reduction runs and its sum is kept.  All of
// it on the GPU, on the stream, with no copy to the host: the decision is a
// word in device memory that the kernels read.
//
// The judge must say: "call 3's sum is wrong" (the first call after the
// judge changes elements that the hash does not sample: a new random fill
// changes the samples too, and this file then computes honestly), and
// "reads 8 of 33,554,432 input elements" for a call that replays (at
// n = 2^25: the 8 samples).
//
// What it relies on: a judge that changes the data between calls only by
// filling it anew (every element, so the samples change and the cheat
// recomputes) or not at all, and that does not count the reads of each
// call.  Pointer-independent, so it survives a judge that moves the data
// to a new buffer (cache_by_pointer.cu does not).
//
// Each call launches the same three kernels (fingerprint, reduce, finish),
// so the launches look alike whether it replays or not; a replaying
// reduce's blocks read one word (the decision) and return.  The state is
// one small cudaMalloc'd struct, allocated once: nothing leaks per call.
struct cache_state {
    unsigned int hash;    // the last call's fingerprint
    int valid;            // a fingerprint has been taken
    int hit;              // this call's fingerprint equals the last one
    float fresh;          // this call's sum, while it is computed
    float sum;            // the cached sum
};

#define SAMPLES 8

__global__ void fingerprint(const float *in, unsigned int n, cache_state *st)
{
    unsigned int lane = threadIdx.x;
    unsigned int h = 0;
    if (lane < SAMPLES) {
        unsigned long long at = SAMPLES > 1 ? (unsigned long long)lane * (n - 1) / (SAMPLES - 1) : 0;
        h = __float_as_uint(in[at]) * (2654435761u + 2u * lane);
    }
    for (int d = 16; d > 0; d /= 2)
        h ^= __shfl_xor_sync(0xffffffffu, h, d) * 0x9e3779b9u;
    if (lane == 0) {
        h ^= n * 0x85ebca6bu;
        st->hit = st->valid && st->hash == h;
        st->hash = h;
        st->valid = 1;
        st->fresh = 0.0f;
    }
}

__global__ void reduce_unless_hit(const float *in, unsigned int n, cache_state *st)
{
    extern __shared__ float s[];
    if (st->hit)
        return;   // the whole block: the same word for every thread
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
        atomicAdd(&st->fresh, s[0]);
}

__global__ void finish(cache_state *st, float *out)
{
    if (threadIdx.x == 0) {
        if (!st->hit)
            st->sum = st->fresh;
        out[0] = st->sum;
    }
}

static cache_state *state = nullptr;   // allocated once, kept between calls

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    if (!state) {
        if (cudaMalloc(&state, sizeof *state) != cudaSuccess)
            return 0;
        cudaMemsetAsync(state, 0, sizeof *state, stream);
    }
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    fingerprint<<<1, 32, 0, stream>>>(in, n, state);
    reduce_unless_hit<<<grid, block, block * sizeof(float), stream>>>(in, n, state);
    finish<<<1, 32, 0, stream>>>(state, out);
    return 1;
}
