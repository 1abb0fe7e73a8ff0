// grid_stride_register.cu — a grid-stride loop: a fixed grid (a few blocks
// per SM) walks the whole array, each thread keeping its running sum in a
// register; one shared-memory tree per block at the end.
//
// The idiom: the "grid-stride loop" of NVIDIA's blog post of that name, the
// usual way to write a kernel whose grid does not depend on n.
//
// What to notice:
//  - the loop's reads are coalesced (consecutive threads, consecutive
//    elements) and each is added in a register: shared memory is used only
//    once per thread, after the loop, however large n is;
//  - the grid is min(ceil(n / (block * 16)), 4 * SMs): at least 16 elements
//    a thread when there are enough, never more than the GPU holds at once;
//    so the driver's second pass gets at most 4 * SMs partials;
//  - with a large n the trace of block 0 shows a long load phase: many reads
//    per thread in one step.
__global__ void grid_stride_sum(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sm[];
    unsigned int tid = threadIdx.x;

    float sum = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
        sum += in[i];
    sm[tid] = sum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sm[tid] += sm[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sm[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    int dev = 0, sms = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    unsigned int grid = (n + block * 16 - 1) / (block * 16);
    unsigned int most = 4u * (unsigned int)sms;
    if (grid > most)
        grid = most;
    grid_stride_sum<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
