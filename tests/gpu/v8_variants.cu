// v8_variants.cu — the tuning bench behind v8's shape: one-pass reductions that
// differ in one choice each (how a block walks the array, loads in flight per
// thread, block size, blocks per SM or more blocks than fit, the load's cache
// hint, how the last block learns it is last and who sums the partials), timed
// exactly as `reducevis bench` times (warm-up, back-to-back runs between
// events, median) beside CUB, over N = 2^20 .. 2^30.  Probes show the floor:
// an empty kernel, and the streaming without any ordered final sum.
//
// Built with the CUDA side (target v8_variants) so that it keeps compiling;
// tests/gpu/v8_variants.sh runs it on the GPU machine, and its output is
// committed as assets/logs/<device>-v8-variants.txt.
// Usage: v8_variants [REPEAT [LOG2_N_FIRST [LOG2_N_LAST]]]
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>

#include <cub/cub.cuh>
#include <cuda/atomic>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(2); } } while (0)

enum Walk { GRID_STRIDE, SEGMENT, TILE_STRIDE };   // how a block walks the float4s
enum Ticket { FENCE_ATOMIC, ACQ_REL_ATOMIC, NO_LAST, FLOAT_ATOMIC, WARP_FINAL, BLOCK0_WAITS };
// how the last block knows (NO_LAST: a probe, partials only, no sum;
// FLOAT_ATOMIC: each block adds its partial to the result, in no fixed order;
// WARP_FINAL: as FENCE_ATOMIC, but only the first warp takes the ticket and
// sums the partials, with shuffles: no block-wide barrier after the block sum;
// BLOCK0_WAITS: no ticket; each block stores {launch number, partial} in one
// 64-bit word and block 0 waits until every word carries this launch's
// number: needs every block resident, i.e. a grid no larger than the GPU holds)
enum Hint { PLAIN, STREAMING, NC };                 // the loads' cache hint

__device__ unsigned int counter = 0;
__device__ unsigned int launch_number = 1;           // BLOCK0_WAITS: this launch's stamp
__device__ unsigned long long stamped[1 << 14];     // BLOCK0_WAITS: {stamp, partial} per block

template <Hint H>
__device__ __forceinline__ float4 load(const float4 *p)
{
    if constexpr (H == STREAMING) return __ldcs(p);
    else if constexpr (H == NC) return __ldg(p);
    else return *p;
}

template <unsigned B>
__device__ __forceinline__ float block_sum(float s, float *warp_sums)
{
    for (int d = 16; d; d /= 2) s += __shfl_down_sync(0xffffffff, s, d);
    if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = s;
    __syncthreads();
    if (threadIdx.x < 32) {
        s = threadIdx.x < B / 32 ? warp_sums[threadIdx.x] : 0.0f;
        for (int d = 16; d; d /= 2) s += __shfl_down_sync(0xffffffff, s, d);
    }
    return s;
}

template <unsigned B, unsigned U, Walk W, Ticket T, Hint H, unsigned MinBlocks>
__global__ void __launch_bounds__(B, MinBlocks)
reduce(const float *__restrict__ in, float *__restrict__ out, unsigned n)
{
    __shared__ float warp_sums[32];
    const float4 *in4 = reinterpret_cast<const float4 *>(in);
    unsigned n4 = n / 4, tid = threadIdx.x;
    float acc[4] = {0, 0, 0, 0};
    unsigned stamp = 0;
    if constexpr (T == BLOCK0_WAITS)
        stamp = cuda::atomic_ref<unsigned, cuda::thread_scope_device>(launch_number).load(cuda::memory_order_relaxed);
    auto add = [&](float4 v) { acc[0] += v.x; acc[1] += v.y; acc[2] += v.z; acc[3] += v.w; };

    unsigned first, end, stride;            // this thread's float4s: first, first + stride, ... < end
    if constexpr (W == GRID_STRIDE) {
        first = blockIdx.x * B + tid; end = n4; stride = gridDim.x * B;
    } else if constexpr (W == SEGMENT) {
        // contiguous per block, the share rounded up to whole rows of B float4s
        unsigned rows = (n4 + B - 1) / B, share = (rows + gridDim.x - 1) / gridDim.x * B;
        unsigned lo = min(n4, blockIdx.x * share);
        first = lo + tid; end = min(n4, lo + share); stride = B;
    }
    if constexpr (W != TILE_STRIDE) {
        unsigned i = first;
        for (; i + (U - 1) * stride < end; i += U * stride) {
            float4 v[U];
            #pragma unroll
            for (unsigned k = 0; k < U; k++) v[k] = load<H>(in4 + i + k * stride);
            #pragma unroll
            for (unsigned k = 0; k < U; k++) add(v[k]);
        }
        for (; i < end; i += stride) add(load<H>(in4 + i));
    } else {
        // tiles of U * B float4s, tile t to block t % grid; in a tile, rows B apart
        unsigned tile = U * B;
        unsigned t = blockIdx.x;
        for (; (t + 1) * tile <= n4; t += gridDim.x) {
            float4 v[U];
            #pragma unroll
            for (unsigned k = 0; k < U; k++) v[k] = load<H>(in4 + t * tile + k * B + tid);
            #pragma unroll
            for (unsigned k = 0; k < U; k++) add(v[k]);
        }
        if (t * tile < n4)
            for (unsigned i = t * tile + tid; i < n4; i += B) add(load<H>(in4 + i));
    }
    if (blockIdx.x * B + tid < n % 4) acc[0] += in[4 * n4 + blockIdx.x * B + tid];
    float s = block_sum<B>((acc[0] + acc[1]) + (acc[2] + acc[3]), warp_sums);

    if constexpr (T == NO_LAST) {
        if (tid == 0) out[blockIdx.x] = s;
        return;
    }
    if constexpr (T == FLOAT_ATOMIC) {
        if (tid == 0) atomicAdd(out + gridDim.x, s);
        return;
    }
    if constexpr (T == BLOCK0_WAITS) {
        if (blockIdx.x != 0) {
            if (tid == 0)
                cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(stamped[blockIdx.x])
                    .store((unsigned long long)stamp << 32 | __float_as_uint(s), cuda::memory_order_relaxed);
            return;
        }
        float total = tid == 0 ? s : 0.0f;             // block 0's own partial
        for (unsigned b = tid == 0 ? B : tid; b < gridDim.x; b += B) {
            cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> w(stamped[b]);
            unsigned long long v;
            while ((unsigned)((v = w.load(cuda::memory_order_relaxed)) >> 32) != stamp) {}
            total += __uint_as_float((unsigned)v);
        }
        total = block_sum<B>(total, warp_sums);
        if (tid == 0) {
            out[gridDim.x] = total;
            launch_number = stamp + 1 == 0 ? 1 : stamp + 1;
        }
        return;
    }
    if constexpr (T == WARP_FINAL) {
        if (tid >= 32) return;
        unsigned ticket = 0;
        if (tid == 0) {
            out[blockIdx.x] = s;
            __threadfence();
            ticket = atomicAdd(&counter, 1u);
            __threadfence();
        }
        if (__shfl_sync(0xffffffff, ticket, 0) != gridDim.x - 1) return;
        float total = 0.0f;
        #pragma unroll 4
        for (unsigned b = tid; b < gridDim.x; b += 32) total += __ldcg(out + b);
        for (int d = 16; d; d /= 2) total += __shfl_down_sync(0xffffffff, total, d);
        if (tid == 0) { out[gridDim.x] = total; counter = 0; }
        return;
    }
    bool last;
    if constexpr (T == FENCE_ATOMIC) {
        unsigned ticket = 0;
        if (tid == 0) {
            out[blockIdx.x] = s;
            __threadfence();
            ticket = atomicAdd(&counter, 1u);
            __threadfence();
        }
        last = __syncthreads_or(tid == 0 && ticket == gridDim.x - 1);
    } else {
        unsigned ticket = 0;
        if (tid == 0) {
            out[blockIdx.x] = s;
            cuda::atomic_ref<unsigned, cuda::thread_scope_device> c(counter);
            ticket = c.fetch_add(1u, cuda::memory_order_acq_rel);
        }
        last = __syncthreads_or(tid == 0 && ticket == gridDim.x - 1);
    }
    if (!last) return;
    float total = 0.0f;
    for (unsigned b = tid; b < gridDim.x; b += B) total += __ldcg(out + b);
    total = block_sum<B>(total, warp_sums);
    if (tid == 0) { out[gridDim.x] = total; counter = 0; }
}

__global__ void empty_kernel(const float *, float *, unsigned) {}

struct Variant {
    const char *name;
    void (*launch)(const float *, float *, unsigned, unsigned);
    unsigned grid;
};

// PerSM: blocks per SM (0: as many as fit); Waves: that grid times this many;
// MinBlocks: the launch bound's blocks per SM (0: a full SM, 2048 / B, which
// caps registers at 32 a thread; fewer let U float4s in flight stay in registers)
template <unsigned B, unsigned U, Walk W, Ticket T, Hint H, unsigned PerSM, unsigned Waves = 1, unsigned MinBlocks = 0>
Variant make(const char *name, int sms)
{
    constexpr unsigned min_blocks = MinBlocks ? MinBlocks : 2048 / B;
    auto k = reduce<B, U, W, T, H, min_blocks>;
    int occ = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, k, B, 0));
    unsigned per = PerSM ? std::min<unsigned>(PerSM, occ) : occ;
    Variant v{name, [](const float *in, float *out, unsigned n, unsigned grid) {
                  reduce<B, U, W, T, H, min_blocks><<<grid, B>>>(in, out, n);
              }, per * sms * Waves};
    if (strstr(name, "coop"))
        v.launch = [](const float *in, float *out, unsigned n, unsigned grid) {
            void *args[] = {(void *)&in, (void *)&out, (void *)&n};
            CK(cudaLaunchCooperativeKernel((void *)reduce<B, U, W, T, H, min_blocks>, grid, B, args, 0, 0));
        };
    return v;
}

template <class Run>
static double median_ms(Run run, int repeat, std::vector<cudaEvent_t> &ev)
{
    for (int i = 0; i < 3; i++) run();
    CK(cudaEventRecord(ev[0]));
    for (int i = 0; i < repeat; i++) { run(); CK(cudaEventRecord(ev[i + 1])); }
    CK(cudaEventSynchronize(ev[repeat]));
    std::vector<float> ms(repeat);
    for (int i = 0; i < repeat; i++) CK(cudaEventElapsedTime(&ms[i], ev[i], ev[i + 1]));
    std::sort(ms.begin(), ms.end());
    return repeat % 2 ? ms[repeat / 2] : 0.5 * (ms[repeat / 2 - 1] + ms[repeat / 2]);
}

int main(int argc, char **argv)
{
    int repeat = argc > 1 ? atoi(argv[1]) : 30, lo = argc > 2 ? atoi(argv[2]) : 20, hi = argc > 3 ? atoi(argv[3]) : 30;
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    std::vector<Variant> vs = {
        Variant{"probe: empty kernel B1024", [](const float *in, float *out, unsigned n, unsigned grid) {
                    empty_kernel<<<grid, 1024>>>(in, out, n); }, 2u * sms},
        make<1024, 4, TILE_STRIDE, NO_LAST, PLAIN, 0>("probe: tile B1024 U4, no last block", sms),
        make<1024, 4, TILE_STRIDE, FLOAT_ATOMIC, PLAIN, 0>("probe: tile B1024 U4, float atomic", sms),
        // how a block walks the array, at two block sizes (v8 before: grid B256 fence)
        make<256, 4, GRID_STRIDE, FENCE_ATOMIC, PLAIN, 0>("grid   B256  U4 fence", sms),
        make<1024, 4, GRID_STRIDE, FENCE_ATOMIC, PLAIN, 0>("grid   B1024 U4 fence", sms),
        make<256, 4, SEGMENT, FENCE_ATOMIC, PLAIN, 0>("seg    B256  U4 fence", sms),
        make<1024, 4, SEGMENT, FENCE_ATOMIC, PLAIN, 0>("seg    B1024 U4 fence", sms),
        make<256, 4, TILE_STRIDE, FENCE_ATOMIC, PLAIN, 0>("tile   B256  U4 fence", sms),
        make<512, 4, TILE_STRIDE, FENCE_ATOMIC, PLAIN, 0>("tile   B512  U4 fence", sms),
        make<1024, 4, TILE_STRIDE, FENCE_ATOMIC, PLAIN, 0>("tile   B1024 U4 fence", sms),
        // loads in flight, blocks per SM, cache hints
        make<512, 8, TILE_STRIDE, FENCE_ATOMIC, PLAIN, 0>("tile   B512  U8 fence", sms),
        make<1024, 8, TILE_STRIDE, FENCE_ATOMIC, PLAIN, 0>("tile   B1024 U8 fence", sms),
        make<1024, 4, SEGMENT, FENCE_ATOMIC, PLAIN, 1>("seg    B1024 U4 fence 1/SM", sms),
        make<1024, 4, SEGMENT, FENCE_ATOMIC, STREAMING, 0>("seg    B1024 U4 fence ldcs", sms),
        make<1024, 4, SEGMENT, FENCE_ATOMIC, NC, 0>("seg    B1024 U4 fence ldg", sms),
        // how the last block learns it is last, and who sums the partials
        make<512, 4, TILE_STRIDE, ACQ_REL_ATOMIC, PLAIN, 0>("tile   B512  U4 acqrel (v8 now)", sms),
        make<1024, 4, TILE_STRIDE, ACQ_REL_ATOMIC, PLAIN, 0>("tile   B1024 U4 acqrel", sms),
        // more bytes in flight a thread, with the registers to hold them; the streaming hint
        make<512, 8, TILE_STRIDE, ACQ_REL_ATOMIC, PLAIN, 0, 1, 2>("tile   B512  U8 acqrel 64 regs", sms),
        make<1024, 4, TILE_STRIDE, ACQ_REL_ATOMIC, STREAMING, 0>("tile   B1024 U4 acqrel ldcs", sms),
        make<512, 16, TILE_STRIDE, NO_LAST, PLAIN, 0, 1, 1>("probe: tile B512 U16, no last block", sms),
        make<1024, 4, TILE_STRIDE, WARP_FINAL, PLAIN, 0>("tile   B1024 U4 warp-final", sms),
        make<512, 4, TILE_STRIDE, BLOCK0_WAITS, PLAIN, 0>("tile   B512  U4 block0 waits", sms),
        make<512, 4, TILE_STRIDE, BLOCK0_WAITS, PLAIN, 0>("tile   B512  U4 block0 waits coop", sms),
        // more blocks than fit at once: the scheduler hands the next block to whichever SM frees up
        make<512, 4, TILE_STRIDE, ACQ_REL_ATOMIC, PLAIN, 0, 2>("tile   B512  U4 acqrel x2 waves", sms),
        make<512, 4, TILE_STRIDE, ACQ_REL_ATOMIC, PLAIN, 0, 4>("tile   B512  U4 acqrel x4 waves", sms),
        make<512, 4, TILE_STRIDE, ACQ_REL_ATOMIC, PLAIN, 0, 8>("tile   B512  U4 acqrel x8 waves", sms),
        make<256, 4, TILE_STRIDE, ACQ_REL_ATOMIC, PLAIN, 0, 4>("tile   B256  U4 acqrel x4 waves", sms),
        make<256, 4, SEGMENT, ACQ_REL_ATOMIC, PLAIN, 0, 5>("seg    B256  U4 acqrel x5 waves", sms),
        make<1024, 4, TILE_STRIDE, ACQ_REL_ATOMIC, PLAIN, 0, 4>("tile   B1024 U4 acqrel x4 waves", sms),
    };
    size_t nmax = size_t(1) << hi;
    float *in = nullptr, *out = nullptr, *cub_out = nullptr;
    void *temp = nullptr;
    size_t temp_bytes = 0;
    CK(cudaMalloc(&in, nmax * 4));
    CK(cudaMalloc(&out, 1 << 20));
    CK(cudaMalloc(&cub_out, 4));
    std::vector<float> h(1 << 24);
    for (size_t i = 0; i < h.size(); i++) h[i] = (float)((i * 2654435761u) % 1000) / 1000.0f;
    for (size_t off = 0; off < nmax; off += h.size())
        CK(cudaMemcpy(in + off, h.data(), std::min(h.size(), nmax - off) * 4, cudaMemcpyHostToDevice));
    CK(cub::DeviceReduce::Sum(nullptr, temp_bytes, in, cub_out, (unsigned)nmax));
    CK(cudaMalloc(&temp, temp_bytes));
    std::vector<cudaEvent_t> ev(repeat + 1);
    for (auto &e : ev) CK(cudaEventCreate(&e));
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    printf("device %s, %d SMs, repeat %d; each cell: median ms, and time / CUB's\n", p.name, sms, repeat);
    printf("%-36s", "N = 2^");
    for (int k = lo; k <= hi; k++) printf(" %14d", k);
    printf("\n");
    std::vector<double> cub_ms;
    printf("%-36s", "cub");
    for (int k = lo; k <= hi; k++) {
        unsigned n = 1u << k;
        if (k == 32) n = ~0u;
        double ms = median_ms([&] { size_t b = temp_bytes; CK(cub::DeviceReduce::Sum(temp, b, in, cub_out, n)); }, repeat, ev);
        cub_ms.push_back(ms);
        printf(" %8.4f      ", ms);
    }
    printf("\n");
    for (auto &v : vs) {
        printf("%-30s g%-5u", v.name, v.grid);
        for (int k = lo; k <= hi; k++) {
            unsigned n = 1u << k;
            bool probe = !strncmp(v.name, "probe", 5);
            double ms = median_ms([&] { v.launch(in, out, n, v.grid); CK(cudaGetLastError()); }, repeat, ev);
            if (strstr(v.name, "float atomic")) { CK(cudaMemset(out + v.grid, 0, 4)); v.launch(in, out, n, v.grid); }
            float got = 0, want = 0;
            size_t b = temp_bytes;
            CK(cub::DeviceReduce::Sum(temp, b, in, cub_out, n));
            CK(cudaMemcpy(&got, out + v.grid, 4, cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(&want, cub_out, 4, cudaMemcpyDeviceToHost));
            bool ok = fabsf(got - want) <= 1e-4f * fabsf(want) || (probe && !strstr(v.name, "float atomic"));
            printf(" %8.4f %5.3f%s", ms, ms / cub_ms[k - lo], ok ? "" : "!WRONG");
        }
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
