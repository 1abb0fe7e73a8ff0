// dynamic_smem.cu — the textbook tree with its shared array sized at launch:
// `extern __shared__ float s[]` in the kernel, block * sizeof(float) bytes
// as the third argument of <<<grid, block, bytes, stream>>>; one element
// per thread, sequential addressing (thread t adds word t + k, k halving),
// one partial per block, and launch() returns the grid.
//
// The idiom: Harris's "reduction #3" as students copy it from the slides,
// with the one change every course makes: the shared array's size comes
// from the launch, so one compiled kernel serves every block size the
// driver asks for (no template, no #define BLOCK 256).
//
// What to notice:
//  - the kernel never says how big s[] is: blockDim.x words are there
//    because launch() asked for block * sizeof(float) bytes.  Forget the
//    third <<<>>> argument and the array has 0 bytes: the stores run past
//    the block's shared memory (compute-sanitizer's memcheck reports them;
//    without it the kernel may fail or quietly sum garbage);
//  - sequential addressing: at every level the active threads are the
//    first k and read the words k apart, so a warp's 32 loads hit 32
//    different banks (no conflicts) and whole warps drop out together
//    (no divergence once k >= 32);
//  - one element per thread, so half the threads are idle from the first
//    level on (the other corpus files add two or more while loading);
//  - grid = n / block partials: at n = 2^25 and block 256, 131,072, for the
//    driver's next pass.
__global__ void reduce_dynamic(const float *in, float *out, unsigned int n)
{
    extern __shared__ float s[];   // blockDim.x floats, sized by the launch
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;

    s[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    size_t bytes = block * sizeof(float);
    reduce_dynamic<<<grid, block, bytes, stream>>>(in, out, n);
    return grid;
}
