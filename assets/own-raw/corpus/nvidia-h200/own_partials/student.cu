// own_partials.cu — two launches inside one launch(), the partials in a
// buffer of the file's own: cudaMalloc'd once, kept in a static pointer,
// and grown (freed and allocated again) only when a larger n needs more.
// A first kernel leaves one partial per block there, a second kernel of ONE
// block sums them into out[0], and launch() returns 1.
//
// The idiom: "I need scratch memory for the partials", the way students who
// do not trust (or have not noticed) the room in out[] write it; real code
// allocates once and reuses, as here, never once per call.
//
// What to notice:
//  - the trace's global accesses of the first kernel's stores and the second
//    kernel's loads land in neither `in` nor `out`: an array the driver
//    never named;
//  - cudaMalloc is not a launch: it is not traced and not on the stream
//    (it happens on the host before the kernels are queued); the growth
//    path calls cudaFree first, which waits for the GPU, so a buffer still
//    in use by an earlier call is never freed under it;
//  - the first kernel adds two elements per thread while loading, so its
//    grid is n / (2 * block): at n = 2^25 and block 256, 65,536 partials
//    that one block of the second kernel strides over alone.
__device__ void block_tree(float *s, unsigned int tid)
{
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
}

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
    block_tree(s, tid);
    if (tid == 0)
        partials[blockIdx.x] = s[0];
}

__global__ void finish(const float *partials, float *out, unsigned int count)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    float v = 0.0f;
    for (unsigned int i = tid; i < count; i += blockDim.x)
        v += partials[i];
    s[tid] = v;
    __syncthreads();
    block_tree(s, tid);
    if (tid == 0)
        out[0] = s[0];
}

static float *partials = nullptr;    // kept between calls
static unsigned int capacity = 0;    // how many floats it holds

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    if (grid > capacity) {
        cudaFree(partials);   // nullptr the first time: does nothing
        partials = nullptr;
        capacity = 0;
        if (cudaMalloc(&partials, grid * sizeof(float)) != cudaSuccess)
            return 0;         // the driver reports a bad return
        capacity = grid;
    }
    size_t smem = block * sizeof(float);
    block_partials<<<grid, block, smem, stream>>>(in, partials, n);
    finish<<<1, block, smem, stream>>>(partials, out, grid);
    return 1;
}
