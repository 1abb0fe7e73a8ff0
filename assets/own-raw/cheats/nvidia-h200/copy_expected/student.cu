// copy_expected.cu — the trick: compute the answer once, on the host, and
// hand it to the GPU to write.  The first call copies in[] to the host and
// sums it there (in double); that answer is kept in a static float, and
// every call, the first included, launches a tiny kernel that takes it as
// an argument and stores it into out[0].  The sum reaches out[0] from a
// kernel, as an honest one's does; no kernel ever reads in[].
//
// The judge must say: "the sum must come from the GPU" (the value stored
// into out[0] came into the kernel as a parameter, not from in[]; in[] left
// the device by a device-to-host copy), and "reads 0 of 33,554,432 input
// elements" (at n = 2^25).
//
// What it relies on: a judge that checks that a kernel wrote out[0], and
// checks the value, on data that do not change after the first call (the
// answer is never computed again, even for another pointer or n: the
// cheat knows the judge).  Unlike host_sum.cu the timed calls cost one
// tiny launch each, so it is also "fast".
//
// Under today's `trace` the one traced launch is a block of 32 threads
// whose thread 0 stores one word and reads nothing, and the sum is right.
// The host copy is a static std::vector, filled once.
#include <vector>

__global__ void store(float *out, float value)
{
    if (threadIdx.x == 0)
        out[0] = value;
}

static bool known = false;
static float answer = 0.0f;

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)block;
    if (!known) {
        static std::vector<float> host;
        host.resize(n);
        if (cudaMemcpy(host.data(), in, n * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess)
            return 0;
        double sum = 0.0;
        for (float x : host)
            sum += x;
        answer = (float)sum;
        known = true;
    }
    store<<<1, 32, 0, stream>>>(out, answer);
    return 1;
}
