// gpu_rank.h — one GPU's part of the reduction across GPUs (gpu_rank.cu):
// NCCL loaded at run time, a rank (its communicator, stream, events and
// slice of the array), bounded waits, and the upload of the array.  The
// ways of running ranks together (threads, processes) are gpu_multi.cu.
#pragma once

#include <dlfcn.h>
#include <math.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include <nccl.h>

#include "gpu_reduce.h"
#include "core/i18n.h"
#include "multi.h"
#include "core/results.h"

#define RV_MULTI_WARMUP 3           // untimed runs before the timed ones
#define RV_MULTI_CHUNK  (1u << 24)  // elements filled on the host at a time
#define RV_MULTI_SLACK  (64u << 20) // bytes left free for NCCL's buffers and rounding

inline double now_s()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

struct nccl_api {
    void *lib = nullptr;
    int version = 0;
    char path[1024] = ""; // the file loaded
    decltype(&ncclGetVersion) GetVersion;
    decltype(&ncclGetUniqueId) GetUniqueId;
    decltype(&ncclCommInitRankConfig) CommInitRankConfig;
    decltype(&ncclCommGetAsyncError) CommGetAsyncError;
    decltype(&ncclCommFinalize) CommFinalize;
    decltype(&ncclCommDestroy) CommDestroy;
    decltype(&ncclCommAbort) CommAbort;
    decltype(&ncclAllReduce) AllReduce;
    decltype(&ncclReduce) Reduce;
    decltype(&ncclGetErrorString) GetErrorString;
    decltype(&ncclGetLastError) GetLastError;
};

// What every rank shares: a deadline for each wait, and a flag that stops
// the others when one fails (threads mode).
struct team {
    const nccl_api *api = nullptr;
    double timeout_s = RV_MULTI_TIMEOUT_S;
    std::atomic<int> failed{0};
};

// One GPU: its comm, its stream and events, and the elements [lo, hi) of the
// array it holds (its slices for every N and G it will reduce).
struct rank {
    int id = 0, nranks = 1, device = 0;
    team *t = nullptr;
    ncclComm_t comm = nullptr;
    cudaStream_t stream = nullptr;
    std::vector<cudaEvent_t> start, mid; // repeat + 1 boundaries; repeat kernel ends
    float *d_in = nullptr;               // element lo of the array
    uint64_t lo = 0, hi = 0;
    float *scratch = nullptr, *d_total = nullptr;
    double *d_cpu = nullptr; // processes mode: the CPU sums, combined by NCCL too
    char err[600] = "";
    bool stopped = false; // it stopped because another rank failed
};

// What one rank measured at one N: per timed run, from its own events.
struct rank_times {
    std::vector<float> total, kernel, nccl;
    float sum = NAN; // what this GPU holds after the step
};

// "what: NCCL says <ncclGetErrorString> (<ncclGetLastError>)"; returns -1.
int nccl_fail(const nccl_api *api, ncclComm_t comm, ncclResult_t r, const char *what, char *err, size_t errlen);

// libnccl.so.2 from the folder CMake found the header in (the wheel's
// nvidia/nccl/lib: the library that matches the header), else from the
// loader's path, or only the file RV_NCCL_LIB names when it is set; NULL with
// why, naming the package.
const nccl_api *nccl_load(char *err, size_t errlen);

// Polls until NCCL has finished what the last call started (non-blocking
// communicators answer ncclInProgress), a failure, another rank's failure,
// or the deadline.
int nccl_wait(rank &r, ncclResult_t res, const char *what);

// Joins the communicator of nranks with this id (non-blocking: returns at
// once, then polled against the deadline).
int rank_join(rank &r, const ncclUniqueId &id);

// Leaves the communicator: cleanly after success, by ncclCommAbort after a
// failure (it also stops NCCL's kernels that wait for a peer).
void rank_leave(rank &r, bool clean);

void rank_release(rank &r);

// Allocates the rank's buffers on its GPU: the array's [lo, hi), partial
// sums for the largest slice, events for `repeat` timed runs.
int rank_setup(rank &r, uint64_t lo, uint64_t hi, uint64_t largest, int repeat);

// Reduces this rank's slice [first, first + count) `repeat` times after the
// warm-up, each run the kernel then (with a communicator) the NCCL step,
// queued back to back between events; the times and the sum it ends with
// go to out.
int rank_time(rank &r, uint64_t first, uint64_t count, const char *coll, int repeat, rank_times &out);

// Waits for the stream the same way: NCCL's kernels wait for their peers,
// so a peer that died leaves them spinning until the communicator is aborted.
int stream_wait(rank &r, const char *what);

// Fills [from, to) of the pattern chunk by chunk on the host, summing it in
// double, and copies each chunk's overlap with every rank's [lo, hi) to that
// rank's GPU.  sums[k] is the sum of [from, marks[k]) (the marks ascending,
// the last == to).
int upload(rv_data data, uint64_t from, uint64_t to, rank *ranks, int nranks, const uint64_t *marks, int nmarks,
           double *sums, char *err, size_t errlen);
