// grid_stride_shared.cu — a grid-stride loop that adds every element into
// the thread's own word of shared memory (sdata[tid] += in[i]) instead of a
// register, then the usual tree.
//
// The idiom: a common first grid-stride kernel in student code and forum
// questions: the shared array is "where the sum lives", so the loop adds
// into it directly.  The word is declared volatile, as such code often
// does "so the other threads see it": without it nvcc -O3 would keep the
// sum in a register through the loop and store it once at the end (the
// machine code shows it), which is grid_stride_register.cu.
//
// What to notice: every turn of the loop is a shared load AND a shared
// store, besides the global load: shared traffic grows with n / threads,
// where grid_stride_register.cu has one store per thread whatever n is.
// Correct, but it spends shared-memory bandwidth and a round trip through
// the shared pipe for every element.
__global__ void grid_stride_into_shared(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    volatile float *mine = sdata;
    unsigned int tid = threadIdx.x;

    mine[tid] = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
        mine[tid] += in[i];
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    int dev = 0, sms = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    unsigned int grid = (n + block * 16 - 1) / (block * 16);
    if (grid > 2u * (unsigned int)sms)
        grid = 2u * (unsigned int)sms;
    grid_stride_into_shared<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
