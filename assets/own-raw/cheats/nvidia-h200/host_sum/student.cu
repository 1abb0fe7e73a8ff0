// host_sum.cu — the trick: do the sum on the CPU.  cudaMemcpy in[] to the
// host, add it up there (in double, so it is even more accurate than the
// GPU's), cudaMemcpy the sum back into out[0].  No kernel at all.
//
// The judge must say: "the sum must come from the GPU" (no kernel read the
// input; it left the device by a device-to-host copy of all n elements),
// and "reads 0 of 33,554,432 input elements" (at n = 2^25).
//
// What it relies on: a judge that compares only the value in out[0] and
// times only the stream.  It is not faster (the copy alone moves the array
// over PCIe), but it is always right, on every data pattern, so it passes a
// judge that checks sums and not who computed them.
//
// Notes for the judge: cudaMemcpy runs on the legacy default stream, which
// waits for the driver's (blocking) stream and which the driver's stream
// waits for, so the copies are ordered with the stream's work and counted
// in its events' time.  The host buffer is a static std::vector, grown when
// n grows and never freed: nothing leaks per call.  Under today's `trace`
// there is no kernel launch to trace ("no launch ... was traced").
#include <vector>

static std::vector<float> host;   // kept between calls

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)block;
    (void)stream;
    if (host.size() < n)
        host.resize(n);
    if (cudaMemcpy(host.data(), in, n * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess)
        return 0;
    double sum = 0.0;
    for (unsigned int i = 0; i < n; i++)
        sum += host[i];
    float result = (float)sum;
    cudaMemcpy(out, &result, sizeof result, cudaMemcpyHostToDevice);
    return 1;
}
