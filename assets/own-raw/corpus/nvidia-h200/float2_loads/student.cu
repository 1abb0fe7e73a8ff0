// float2_loads.cu — each thread reads two neighbouring elements with one
// 8-byte load (a float2), adds them, and the block sums the results with a
// shared-memory tree down to one warp, then shuffles.
//
// The idiom: "vectorised loads" as blog posts on memory bandwidth show them:
// reinterpret_cast<const float2 *>(in).  It needs `in` 8-byte aligned
// (cudaMalloc's memory always is, and so is every pass's input here).
//
// What to notice:
//  - one global load request per warp brings 256 bytes, twice what a float
//    load brings: half the load instructions for the same data;
//  - an odd n leaves one element that makes no float2: the thread just past
//    the last whole pair reads it alone;
//  - the tree runs down to 32 words with a barrier at each level; then the
//    first warp shuffles those into the block's sum, with no barrier.
__global__ void reduce_float2(const float *in, float *out, unsigned int n)
{
    extern __shared__ float s[];
    const float2 *in2 = reinterpret_cast<const float2 *>(in);
    unsigned int tid = threadIdx.x;
    unsigned int p = blockIdx.x * blockDim.x + tid;   // which pair
    unsigned int pairs = n / 2;

    float v = 0.0f;
    if (p < pairs) {
        float2 two = in2[p];
        v = two.x + two.y;
    } else if (p == pairs && (n & 1)) {
        v = in[n - 1];
    }
    s[tid] = v;
    __syncthreads();

    for (unsigned int half = blockDim.x / 2; half >= 32; half >>= 1) {
        if (tid < half)
            s[tid] = v = v + s[tid + half];
        __syncthreads();
    }
    if (tid < 32) {
        for (int d = 16; d >= 1; d >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, d);
        if (tid == 0)
            out[blockIdx.x] = v;
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int items = (n + 1) / 2;   // pairs, and the odd one out
    unsigned int grid = (items + block - 1) / block;
    reduce_float2<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
