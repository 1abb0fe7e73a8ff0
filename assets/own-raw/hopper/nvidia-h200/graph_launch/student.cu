// graph_launch.cu — an honest two-pass reduction launched through a CUDA
// graph, the way a program that launches the same work many times does: the
// first call captures both launches on the stream it is given, instantiates
// the graph, and keeps it; a later call with the same arrays launches the kept
// graph, and one with other arrays captures anew.  The tracer sees each
// kernel node of each graph launch as a launch of the story (docs/own-kernel.md).
// Traced on a GPU by hand:
//   reducevis trace tests/own/graph_launch.cu --no-view --n 4096
__device__ void block_tree(float *s, unsigned int tid)
{
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
}

__global__ void block_sums(const float *in, float *partials, unsigned int n)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x, i = blockIdx.x * blockDim.x * 2 + tid;
    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    s[tid] = v;
    __syncthreads();
    block_tree(s, tid);
    if (tid == 0)
        partials[blockIdx.x] = s[0];
}

__global__ void sum_partials(const float *partials, float *total, unsigned int count)
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
        *total = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    static cudaGraphExec_t exec;
    static const float *kept_in;
    static float *kept_out;
    static unsigned int kept_n, kept_block;
    unsigned int grid = (n + block * 2 - 1) / (block * 2);
    if (!exec || in != kept_in || out != kept_out || n != kept_n || block != kept_block) {
        if (exec) cudaGraphExecDestroy(exec);
        cudaGraph_t graph;
        size_t smem = block * sizeof(float);
        cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal);
        block_sums<<<grid, block, smem, stream>>>(in, out + 1, n);
        sum_partials<<<1, block, smem, stream>>>(out + 1, out, grid);
        cudaStreamEndCapture(stream, &graph);
        cudaGraphInstantiate(&exec, graph, 0);
        cudaGraphDestroy(graph);
        kept_in = in, kept_out = out, kept_n = n, kept_block = block;
    }
    cudaGraphLaunch(exec, stream);
    return 1;
}
