// naive_thread0.cu — every thread copies its element into shared memory,
// and then thread 0 alone adds them up in a loop.
//
// The idiom: the first kernel many students write: "the block loads in
// parallel, then one thread sums", the serial loop moved onto the GPU.
//
// What to notice:
//  - after the load, one lane of one warp works and every other thread of
//    the block waits: blockDim.x additions one after another;
//  - thread 0's loop reads every word of the block's array: nvcc unrolls it
//    and reads four words at a time (LDS.128, since the array is 16-byte
//    aligned), blockDim.x / 4 requests of one lane each, where a tree needs
//    a handful per warp;
//  - with 1024 threads that is 256 reads by one thread in one step, more
//    than a trace holds for one thread (128): such a trace is marked CUT.
__global__ void reduce_serial(const float *in, float *out, unsigned int n)
{
    extern __shared__ float vals[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;

    vals[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();

    if (tid == 0) {
        float total = 0.0f;
        for (unsigned int k = 0; k < blockDim.x; k++)
            total += vals[k];
        out[blockIdx.x] = total;
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    reduce_serial<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
