// host_sum.cu — the sum made on the CPU: launch() copies in[] to the host,
// adds it up there and writes the result into out[0]; its one kernel reads
// nothing.  The judge's inputs are made on the GPU, so the copy is inside
// the timed window (check says how much of the time launch() took on the
// host), and the tracer counts no element read by a kernel.
#include <vector>

__global__ void nothing() {}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    std::vector<float> host(n);
    cudaMemcpy(host.data(), in, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (float v : host) s += v;
    float sum = (float)s;
    nothing<<<1, 1, 0, stream>>>();
    cudaMemcpyAsync(out, &sum, sizeof sum, cudaMemcpyHostToDevice, stream);
    cudaStreamSynchronize(stream);
    return 1;
}
