// thrust_reduce.cu — one line of Thrust: thrust::reduce over the input,
// wrapped in thrust::device_ptr, run on the driver's stream with the
// execution policy thrust::cuda::par.on(stream).  The sum comes back to the
// host as reduce's return value, and goes to out[0] with cudaMemcpyAsync.
//
// The idiom: the "STL for CUDA" answer to "how do I sum an array on the
// GPU": no kernel, no block size, no partials of one's own.  launch()
// returns 1.
//
// What to notice:
//  - `block` is ignored: Thrust runs CUB's DeviceReduce underneath (the
//    kernels in the trace are CUB's, as in cub_device_reduce.cu), with
//    temporary storage Thrust allocates and frees itself on each call
//    (its default allocator: a cudaMalloc and a cudaFree per call); the
//    kernels leave the sum in that storage, never in out[]: out[0] is
//    written by the copy alone, so the trace shows no kernel store to out;
//  - reduce returns a float on the host, so the call waits for the GPU:
//    launch() does not return until the sum is done (Thrust synchronises
//    the stream to copy the result back), and the value then makes a round
//    trip, device to host and host to device.  Nothing here is computed on
//    the host: the host only carries the GPU's sum;
//  - the copy to out[0] is from pageable memory (a local float): for a
//    host-to-device copy CUDA stages the bytes before cudaMemcpyAsync
//    returns, so the local may go out of scope at once.
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)block;
    thrust::device_ptr<const float> first = thrust::device_pointer_cast(in);
    float sum = thrust::reduce(thrust::cuda::par.on(stream), first, first + n, 0.0f);
    cudaMemcpyAsync(out, &sum, sizeof sum, cudaMemcpyHostToDevice, stream);
    return 1;
}
