// arg_struct.cu — launch() keeps its arguments in a small struct in device
// memory: `in`, `out` and `n`, uploaded on every call into memory it
// allocated once, and the kernel is given only the struct's address.
//
// The idiom: arguments passed by pointer, as code with many parameters (or
// one kernel reused over a list of jobs) does.  The struct is copied with
// cudaMemcpyAsync on launch()'s stream, so the kernel reads this call's
// arguments, and the buffer is kept between calls (made on the first).
//
// What to notice:
//  - the kernel reads its pointers from global memory before it reads
//    in[]: one load of 24 bytes that every thread makes (a broadcast, one
//    request a warp);
//  - the judge's runner replays the upload with this call's buffers: every
//    word of uploaded data that points into in[], out[] or memory launch()
//    allocated is mapped as a kernel's parameter is (docs/exercises.md);
//  - the host struct is static: an asynchronous copy from pageable memory
//    is staged before cudaMemcpyAsync returns, but a static one is safe
//    either way; its padding is never written, so the upload holds no
//    stray bytes.
struct args {
    const float *in;
    float *out;
    unsigned int n;
};

__global__ void args_sum(const args *a)
{
    extern __shared__ float s[];
    const float *in = a->in;
    unsigned int n = a->n, tid = threadIdx.x;
    float v = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x)
        v += in[i];
    s[tid] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0)
        a->out[blockIdx.x] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    static args *dev = nullptr;
    static args host;
    if (!dev)
        cudaMalloc(&dev, sizeof(args));
    unsigned int grid = (n + block * 8 - 1) / (block * 8);
    if (grid > 1024)
        grid = 1024;
    host.in = in;   // field by field: the padding after n stays the zero it was
    host.out = out;
    host.n = n;
    cudaMemcpyAsync(dev, &host, sizeof host, cudaMemcpyHostToDevice, stream);
    args_sum<<<grid, block, block * sizeof(float), stream>>>(dev);
    return grid;
}
