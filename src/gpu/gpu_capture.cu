// gpu_capture.cu — `capture` on the GPU: runs the instrumented kernel, copies
// the device trace buffer back, turns it into a trace, and reduces the whole
// array to check the sum against the CPU.
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vector>

#include "gpu.h"
#include "gpu_reduce.h"
#include "core/sumcheck.h"
#include "model/trace_read.h"

extern "C" int rv_gpu_available(char *err, size_t errlen)
{
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        snprintf(err, errlen, "no usable CUDA GPU (%s)", cudaGetErrorString(e));
        return 0;
    }
    if (count == 0) {
        snprintf(err, errlen, "no CUDA GPU found");
        return 0;
    }
    return 1;
}

int rv_upload_pattern(rv_data data, unsigned n, size_t extra, float **d_in, double *cpu_sum,
                      char *err, size_t errlen)
{
    size_t bytes = (size_t)n * sizeof(float), free_b = 0, total_b = 0;
    std::vector<float> host;
    *d_in = nullptr;
    RV_CUDA(cudaMemGetInfo(&free_b, &total_b), "querying GPU memory");
    if (bytes + extra > free_b) {
        snprintf(err, errlen, "N = %u needs %.2f GiB on the GPU, but only %.2f GiB of its %.2f GiB are free",
                 n, (bytes + extra) / 1073741824.0, free_b / 1073741824.0, total_b / 1073741824.0);
        return -1;
    }
    host.resize(n);
    rv_data_fill(data, host.data(), 0, n);
    {
        double sum = 0.0;
        for (unsigned i = 0; i < n; i++) sum += host[i];
        *cpu_sum = sum;
    }
    RV_CUDA(cudaMalloc(d_in, bytes), "allocating the input on the GPU");
    RV_CUDA(cudaMemcpy(*d_in, host.data(), bytes, cudaMemcpyHostToDevice), "copying the input to the GPU");
    return 0;
fail:
    cudaFree(*d_in);
    *d_in = nullptr;
    return -1;
}

bool rv_sum_matches(double gpu, double cpu, rv_data data, uint64_t n, uint64_t threads)
{
    return rv_sum_judge(data, n, threads, gpu, cpu).ok;
}

extern "C" int rv_gpu_sum(int version, int block_size, uint64_t n, rv_data data, double *sum,
                          char *err, size_t errlen)
{
    float *d_in = nullptr, *scratch = nullptr, result = 0.0f;
    double cpu = 0.0;
    if (!rv_version_runs_here(version, err, errlen)) return -1;
    size_t scratch_n = rv_reduce_scratch(version, block_size, (unsigned)n);
    if (rv_upload_pattern(data, (unsigned)n, scratch_n * sizeof(float), &d_in, &cpu, err, errlen)) return -1;
    RV_CUDA(cudaMalloc(&scratch, scratch_n * sizeof(float)), "allocating partial sums");
    {
        float *d_result = rv_reduce_all(version, block_size, d_in, (unsigned)n, scratch, 0);
        RV_CUDA(cudaGetLastError(), "launching the kernel");
        RV_CUDA(cudaMemcpy(&result, d_result, sizeof result, cudaMemcpyDeviceToHost), "running the reduction");
    }
    *sum = result;
    cudaFree(d_in);
    cudaFree(scratch);
    return 0;
fail:
    cudaFree(d_in);
    cudaFree(scratch);
    return -1;
}

// Turns the device buffer into trace events, refusing anything malformed.
static int fill_events(rv_trace *tr, const std::vector<rv_dev_event> &ev, char *err, size_t errlen)
{
    for (int s = 0; s < tr->nsteps; s++)
        for (int t = 0; t < tr->block_size; t++) {
            const rv_dev_event &e = ev[(size_t)s * tr->block_size + t];
            if (e.nreads > RV_MAX_READS) {
                snprintf(err, errlen, "step %d thread %d read more than %d values: the trace buffer overflowed",
                         s, t, RV_MAX_READS);
                return -1;
            }
            if (e.line == 0) continue;
            if (rv_trace_set(tr, s, t, e.line, e.value, e.write, e.reads, e.nreads)) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
        }
    return 0;
}

extern "C" int rv_gpu_runs_version(int v, char *err, size_t errlen) { return rv_version_runs_here(v, err, errlen); }

extern "C" void rv_gpu_device_name(char *buf, size_t len)
{
    cudaDeviceProp prop;
    int dev = 0;
    cudaGetDevice(&dev);
    if (cudaGetDeviceProperties(&prop, dev) == cudaSuccess)
        snprintf(buf, len, "%s", prop.name);
    else
        snprintf(buf, len, "CUDA device %d", dev);
}

static void describe_origin(rv_trace *tr)
{
    rv_gpu_device_name(tr->origin, sizeof tr->origin);
    time_t now = time(nullptr);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(tr->date, sizeof tr->date, "%Y-%m-%dT%H:%M:%SZ", &utc);
}

extern "C" uint32_t rv_gpu_grid(int version, int block_size, uint64_t n)
{
    return rv_grid_on_gpu(version, block_size, (unsigned)n);
}

extern "C" rv_trace *rv_gpu_capture(const rv_config *cfg_in, char *err, size_t errlen)
{
    // A grid that fills the GPU, unless chosen, is the one the timed runs use on this GPU.
    rv_config c = *cfg_in;
    const rv_config *cfg = &c;
    if (rv_config_check(cfg, err, errlen) || !rv_version_runs_here(cfg->version, err, errlen)) return nullptr;
    if (!c.grid) {
        c.grid = rv_grid_on_gpu(c.version, c.block_size, (unsigned)c.n);
        // Clusters can leave the GPU's own grid too few blocks for a trace,
        // which holds RV_MAX_READS reads per thread in a step (v10 at 64
        // threads: 992 blocks on an H200). The trace then takes the default
        // grid, which the check above passed; its header says which grid ran.
        char why[512];
        if (rv_config_check(cfg, why, sizeof why)) c.grid = (uint32_t)rv_version_grid(c.version, c.block_size, c.n);
    }
    if (rv_config_check(cfg, err, errlen)) return nullptr;

    if (!rv_gpu_instrumented(cfg->version)) {
        snprintf(err, errlen, "%s carries no trace macros: its kernel is traced unchanged (reducevis capture)",
                 rv_version_name(cfg->version));
        return nullptr;
    }
    unsigned n = (unsigned)cfg->n, B = (unsigned)cfg->block_size;
    unsigned grid = c.grid;
    bool single = rv_version_has(cfg->version, RV_VP_SINGLE_PASS);
    rv_trace *tr = rv_trace_begin(cfg, grid, RV_ORIGIN_GPU, err, errlen);
    if (!tr) return nullptr;
    int nsteps = tr->nsteps;
    size_t nev = (size_t)nsteps * B;
    size_t partial_n = grid + (single ? 1 : 0);  // a single pass: the result after the partial slots
    size_t scratch_n = single ? 0 : rv_reduce_scratch(cfg->version, cfg->block_size, grid);
    float *d_in = nullptr, *d_partial = nullptr, *scratch = nullptr, result = 0.0f;
    rv_dev_event *d_events = nullptr;
    int *d_steps = nullptr, steps_taken = 0;
    double cpu = 0.0;
    std::vector<rv_dev_event> events(nev);

    if (rv_upload_pattern(cfg->data, n, (partial_n + scratch_n) * sizeof(float) + nev * sizeof(rv_dev_event),
                          &d_in, &cpu, err, errlen)) {
        rv_trace_free(tr);
        return nullptr;
    }
    RV_CUDA(cudaMalloc(&d_partial, partial_n * sizeof(float)), "allocating partial sums");
    if (scratch_n) RV_CUDA(cudaMalloc(&scratch, scratch_n * sizeof(float)), "allocating partial sums");
    RV_CUDA(cudaMalloc(&d_events, nev * sizeof(rv_dev_event)), "allocating the device trace buffer");
    RV_CUDA(cudaMalloc(&d_steps, sizeof(int)), "allocating the device trace buffer");
    RV_CUDA(cudaMemset(d_events, 0, nev * sizeof(rv_dev_event)), "clearing the device trace buffer");
    RV_CUDA(cudaMemset(d_steps, 0, sizeof(int)), "clearing the device trace buffer");
    {
        // Pass 1 instrumented (it records cfg->block, and a last block where
        // the version has one; a launcher zeroes what it must), the other
        // passes timed.
        rv_trace_args args = {d_events, cfg->block, nsteps, d_steps};
        rv_traced_launch(cfg->version)(d_in, d_partial, n, grid, B, 0, args);
        RV_CUDA(cudaGetLastError(), "launching the instrumented kernel");
        float *d_result = d_partial + grid;
        if (!single) {
            d_result = rv_reduce_all(cfg->version, cfg->block_size, d_partial, grid, scratch, 0);
            RV_CUDA(cudaGetLastError(), "launching the second pass");
        }
        RV_CUDA(cudaMemcpy(&result, d_result, sizeof result, cudaMemcpyDeviceToHost), "running the kernels");
    }
    RV_CUDA(cudaMemcpy(events.data(), d_events, nev * sizeof(rv_dev_event), cudaMemcpyDeviceToHost),
            "copying the trace buffer back");
    RV_CUDA(cudaMemcpy(&steps_taken, d_steps, sizeof(int), cudaMemcpyDeviceToHost), "copying the step count back");
    if (steps_taken != nsteps) {
        snprintf(err, errlen, "the kernel took %d steps but %s at block size %u should take %d: the kernel and the model disagree",
                 steps_taken, rv_version_name(cfg->version), B, nsteps);
        goto fail;
    }
    describe_origin(tr);
    if (fill_events(tr, events, err, errlen) || rv_trace_validate(tr, err, errlen)) goto fail;
    if (!rv_sum_matches(result, cpu, cfg->data, cfg->n, (uint64_t)grid * B)) {
        snprintf(err, errlen, "%s summed the array to %.9g on the GPU, but the CPU (double) gets %.9g: the kernel is wrong",
                 rv_version_name(cfg->version), (double)result, cpu);
        goto fail;
    }
    fprintf(stderr, "capture: %s, whole-array sum %.9g (CPU double %.9g): correct\n", tr->origin, (double)result, cpu);
    cudaFree(d_in); cudaFree(d_partial); cudaFree(scratch); cudaFree(d_events); cudaFree(d_steps);
    return tr;
fail:
    cudaFree(d_in); cudaFree(d_partial); cudaFree(scratch); cudaFree(d_events); cudaFree(d_steps);
    rv_trace_free(tr);
    return nullptr;
}
