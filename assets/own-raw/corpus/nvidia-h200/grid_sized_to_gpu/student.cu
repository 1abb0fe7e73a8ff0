// grid_sized_to_gpu.cu — a grid-stride kernel whose grid is the GPU, not
// the data: SMs x blocks per SM (cudaOccupancyMaxActiveBlocksPerMultiprocessor
// for this kernel and block size), however small n is.  Each block writes a
// partial, and launch() returns how many — when the driver has room for
// them; when it has not, a second kernel of one block sums them into out[0]
// and launch() returns 1.
//
// The idiom: "launch exactly one full wave": the grid-stride advice taken
// to its end, with the grid from the occupancy API rather than a guess
// (compare grid_stride_register.cu, whose grid shrinks with n).
//
// What to notice:
//  - even at n = 256 the grid is the whole GPU (on an H100 at block 256,
//    132 SMs x 8 = 1,056 blocks): block 0 sums 256 elements, every other
//    block finds no element, and each still writes its partial, a 0;
//  - the driver's rule: a first pass over m elements may return g partials
//    only with 1 <= g <= (m + 31) / 32 + 1 (out[]'s room) and g < m; 1,056
//    partials of 256 elements break it, so then they go to a buffer of the
//    file's own (cudaMalloc'd once, static, grown when the grid grows) and
//    a one-block kernel finishes them into out[0].  At n = 2^25 the first
//    call returns the grid, and the driver's second call (m = 1,056, room
//    for 34) takes the finishing path;
//  - with a large n, block 0's trace is a long grid-stride load phase:
//    n / (grid x block) loads per thread.
__device__ float block_tree(float *s, float v)
{
    unsigned int tid = threadIdx.x;
    s[tid] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    return s[0];
}

__global__ void grid_stride_partials(const float *in, float *partials, unsigned int n)
{
    extern __shared__ float s[];
    float v = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += in[i];
    float total = block_tree(s, v);
    if (threadIdx.x == 0)
        partials[blockIdx.x] = total;
}

__global__ void finish(const float *partials, float *out, unsigned int count)
{
    extern __shared__ float s[];
    float v = 0.0f;
    for (unsigned int i = threadIdx.x; i < count; i += blockDim.x)
        v += partials[i];
    float total = block_tree(s, v);
    if (threadIdx.x == 0)
        out[0] = total;
}

static float *partials = nullptr;   // for grids the driver has no room for
static unsigned int capacity = 0;

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    int dev = 0, sms = 0, per_sm = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    size_t smem = block * sizeof(float);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_stride_partials, (int)block, smem);
    unsigned int grid = (unsigned int)(sms * (per_sm > 0 ? per_sm : 1));

    unsigned int room = (n + 31) / 32 + 1;   // the driver's out[] for n elements
    if (grid < n && grid <= room) {
        grid_stride_partials<<<grid, block, smem, stream>>>(in, out, n);
        return grid;
    }
    if (grid > capacity) {
        cudaFree(partials);
        partials = nullptr;
        capacity = 0;
        if (cudaMalloc(&partials, grid * sizeof(float)) != cudaSuccess)
            return 0;   // the driver reports a bad return
        capacity = grid;
    }
    grid_stride_partials<<<grid, block, smem, stream>>>(in, partials, n);
    finish<<<1, block, smem, stream>>>(partials, out, grid);
    return 1;
}
