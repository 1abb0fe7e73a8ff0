// host_function_between.cu — an honest sum (each warp's part added into
// out[0] by an atomic) with host code queued in its stream between the
// memset and the kernel: a cudaLaunchHostFunc that counts the calls.  The
// judge's runner never runs the student's host code, so it cannot replay
// what follows it, and the check says so naming the line of the
// cudaLaunchHostFunc (gpu_judge_test.sh: "runs host code in a stream at
// line N, between its launches").
__global__ void sum_atomic(const float *in, float *out, unsigned int n)
{
    float v = 0.0f;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        v += in[i];
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(out, v);
}

static void CUDART_CB count_call(void *calls) { ++*(unsigned long *)calls; }
static unsigned long calls;

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    cudaLaunchHostFunc(stream, count_call, &calls);   // the line the verdict names
    sum_atomic<<<264, block, 0, stream>>>(in, out, n);
    return 1;
}
