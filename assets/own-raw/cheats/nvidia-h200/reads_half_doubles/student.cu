// reads_half_doubles.cu — the trick: read every second element and count it
// twice.  On constant data (ones) the sum is exact; on anything else it is
// off by the difference between the even and the odd elements.
//
// The judge must say: "reads 16,777,216 of 33,554,432 input elements" (at
// n = 2^25), and on data that is not constant "call 1's sum is wrong".
//
// What it relies on: a judge that checks the sum on ones only and does not
// count the elements read.  (On the GPU it saves no DRAM traffic: a 32-byte
// sector holds 8 floats, and every sector is still fetched for its even
// words; it saves half the loads and adds, and a student who tries it sees
// a kernel "twice as fast" in instructions, not in time.  Reading the
// first half and doubling it would halve the traffic; the judge's read count
// catches both.)
//
// The shape is honest otherwise: one thread per element pair, a shared tree
// per block, one atomicAdd per block into out[0] (zeroed on the stream first);
// for an odd n the last element, which has no partner, is counted once, so
// that ones sum to n exactly.  launch() returns 1.
__global__ void half_times_two(const float *in, float *total, unsigned int n)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    unsigned int i = 2 * (blockIdx.x * blockDim.x + tid);   // even elements only
    float v = 0.0f;
    if (i < n)
        v = i + 1 < n ? 2.0f * in[i] : in[i];               // in[i + 1] is never read
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

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int pairs = (n + 1) / 2;
    unsigned int grid = (pairs + block - 1) / block;
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    half_times_two<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return 1;
}
