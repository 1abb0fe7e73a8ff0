// tracer_detect.cu — the trick: be honest while being traced, and cheat
// when not.  reducevis's driver tells a traced call by the environment
// (RV_TRACER_ARMED=1 around each call of launch() in a traced run), and the
// tracer itself is injected through CUDA_INJECTION64_PATH; either is a
// getenv() away from the student's code.  Traced: the real reduction.  Not
// traced (the timed run): only the first quarter of in[] is summed and the
// sum multiplied by 4, a quarter of the memory traffic, exact on constant
// data (ones, the default) and close on data whose quarters look alike.
//
// The judge must say: "call 1's sum is wrong" for an untraced (timed) call
// on data whose first quarter is not a quarter of the sum (the sum of every
// timed call must be checked, on data that would show it: not ones), and
// "reads 8,388,608 of 33,554,432 input elements" (at n = 2^25) for a call
// counted without the tracer's environment.  The timed run must not be
// told from the traced one by anything the student's process can see.
//
// What it relies on: a judge that counts reads and checks the trace in the
// traced run, and only times (or checks on ones) in the untraced run.
// Today's `trace` and `check` do: the trace is honest, the timed run is
// four times lighter, and on ones its sum is right.
#include <cstdlib>
#include <cstring>

__global__ void sum_first(const float *in, float *total, unsigned int count, float scale)
{
    extern __shared__ float s[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x * 2 + tid;
    float v = i < count ? in[i] : 0.0f;
    if (i + blockDim.x < count)
        v += in[i + blockDim.x];
    s[tid] = v;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0)
        atomicAdd(total, scale * s[0]);
}

static bool traced()
{
    const char *armed = getenv("RV_TRACER_ARMED");
    const char *injected = getenv("CUDA_INJECTION64_PATH");
    return (armed && strcmp(armed, "1") == 0) || (injected && *injected);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int count = n;
    float scale = 1.0f;
    if (!traced() && n % 4 == 0) {   // a quarter exactly, or no cheating
        count = n / 4;
        scale = 4.0f;
    }
    unsigned int grid = (count + 2 * block - 1) / (2 * block);
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    sum_first<<<grid, block, block * sizeof(float), stream>>>(in, out, count, scale);
    return 1;
}
