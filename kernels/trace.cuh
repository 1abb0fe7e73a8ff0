// trace.cuh — the instrumentation of the kernels whose lesson shows values
// that live in registers, which the Compute Sanitizer path that traces the
// other kernels unchanged cannot see (docs/kernels.md says which and why).
//
// Compiled without RV_TRACE (the timed build) every macro here expands to
// nothing: the timed kernels contain no trace code at all.  Compiled with
// RV_TRACE (the instrumented build) the kernels take one extra argument and
// record, for one chosen block, one event per thread per step into a device
// buffer laid out [step][thread] (see src/rv_access.h):
//
//   RV_STEP();                          every thread: the next step begins
//   RV_READ(access);                    note one read (loops that read many)
//   RV_READ_LANES(w);                   note a read of lanes 0 .. w-1 (a library
//                                       call whose result depends on every lane)
//   RV_REC(value, write, reads...);     this thread's event: the value it produced,
//                                       where it went, the reads of this statement
//
// RV_REC goes on the same line as the statement it describes, so __LINE__ is
// that statement's line.  Accesses: RV_S(word) shared memory, RV_G(i) global
// input, RV_G4(i) a 128-bit load of input elements i..i+3, RV_OUT(b) global
// output, RV_LANE(l) another lane's register (shuffle), RV_REG() the thread's
// own register, RV_TICKET() the ticket counter of a single pass; RV_G_IF /
// RV_S_IF record only if a condition holds (a bounds check that skipped the
// read; RV_G4_IF likewise).  Called again in the same step (a loop), RV_REC adds its reads to
// the event and replaces the value, the destination and the line.
//
//   RV_SKIP(k);                         k steps this thread takes no part in
//                                       (keeps every thread's step count equal)
//   RV_RECORD_IF(cond);                 from here on, record this block only if
//                                       cond holds (v8: the block that sums the
//                                       partials, whichever it is)
#pragma once

#include <cuda_runtime.h>
#include <type_traits>
#include "rv_access.h"

// What the host passes to an instrumented kernel (a type only; the timed
// kernels never take one).
struct rv_trace_args {
    rv_dev_event *events;      // [max_steps][blockDim.x], zeroed; NULL: record nothing
    unsigned int  block;       // the block to record
    int           max_steps;
    int          *steps_taken; // thread 0 of that block writes how many steps it saw
};

#ifdef RV_TRACE
#define RV_NS traced

// Per-thread recording state, passed by reference to __device__ helpers.
struct rv_tracer {
    rv_dev_event *events;
    int step;
    int max_steps;
    bool on;
};

__device__ __forceinline__ rv_tracer rv_tracer_begin(const rv_trace_args &a)
{
    rv_tracer t;
    t.events = a.events;
    t.step = -1;
    t.max_steps = a.max_steps;
    t.on = a.events != nullptr && blockIdx.x == a.block;
    return t;
}

__device__ __forceinline__ rv_dev_event *rv_event_now(rv_tracer &rv)
{
    if (!rv.on || rv.step < 0 || rv.step >= rv.max_steps) return nullptr;
    return &rv.events[(size_t)rv.step * blockDim.x + threadIdx.x];
}

__device__ __forceinline__ void rv_read(rv_tracer &rv, uint64_t a)
{
    rv_dev_event *e = rv_event_now(rv);
    if (!e || RV_ACC_SPACE(a) == RV_SPACE_NONE) return;
    if (e->nreads >= RV_MAX_READS) { e->nreads = 0xFFFF; return; } // overflow: the host refuses it
    e->reads[e->nreads++] = a;
}

template <typename... Reads>
__device__ __forceinline__ void rv_record(rv_tracer &rv, int line, float value, uint64_t write, Reads... reads)
{
    rv_dev_event *e = rv_event_now(rv);
    if (!e) return;
    if constexpr (sizeof...(Reads) > 0) {
        const uint64_t list[] = {(uint64_t)reads...};
        for (uint64_t a : list) rv_read(rv, a);
    }
    e->line = (uint16_t)line;
    e->value = value;
    e->write = write;
}

#define RV_TRACE_PARAM  , rv_trace_args rv_args
#define RV_TRACE_ARG    , rv_args
#define RV_TRACER_PARAM , rv_tracer &rv
#define RV_TRACER_ARG   , rv
#define RV_TRACE_BEGIN() rv_tracer rv = rv_tracer_begin(rv_args)
#define RV_TRACE_END() \
    do { if (rv.on && threadIdx.x == 0) *rv_args.steps_taken = rv.step + 1; } while (0)
#define RV_STEP()       (++rv.step)
#define RV_SKIP(k)      (rv.step += (int)(k))
#define RV_RECORD_IF(c) (rv.on = rv.events != nullptr && (c))
#define RV_READ(a)      rv_read(rv, (a))
#define RV_READ_LANES(w) for (unsigned rv_l = 0; rv_l < (w); rv_l++) rv_read(rv, RV_LANE(rv_l))
#define RV_REC(value, write, ...) rv_record(rv, __LINE__, (value), (write), ##__VA_ARGS__)

#define RV_S(w)         RV_ACC(RV_SPACE_SMEM, (w))
#define RV_G(i)         RV_ACC(RV_SPACE_GIN, (i))
#define RV_G4(i)        RV_ACC(RV_SPACE_GIN4, (i))
#define RV_TICKET()     RV_ACC(RV_SPACE_TICKET, 0)
#define RV_OUT(b)       RV_ACC(RV_SPACE_GOUT, (b))
#define RV_LANE(l)      RV_ACC(RV_SPACE_LANE, (l))
#define RV_REG()        RV_ACC(RV_SPACE_REG, threadIdx.x)
#define RV_G_IF(c, i)   ((c) ? RV_G(i) : (uint64_t)0)
#define RV_G4_IF(c, i)  ((c) ? RV_G4(i) : (uint64_t)0)
#define RV_S_IF(c, w)   ((c) ? RV_S(w) : (uint64_t)0)
// The lane __shfl_down_sync(mask, v, d) reads: lane + d, or itself past lane 31.
#define RV_LANE_DOWN(lane, d) RV_LANE((lane) + (d) < 32 ? (lane) + (d) : (lane))

#else  // the timed build, and the waves build: no trace code at all
#ifdef RV_WAVES_STAMPS
#define RV_NS waves // inside the file's own namespace (registry.cuh)
#else
#define RV_NS timed
#endif
#define RV_TRACE_PARAM
#define RV_TRACE_ARG
#define RV_TRACER_PARAM
#define RV_TRACER_ARG
#define RV_TRACE_BEGIN()
#define RV_TRACE_END()
#define RV_STEP()
#define RV_SKIP(k)
#define RV_RECORD_IF(c)
#define RV_READ(a)
#define RV_READ_LANES(w)
#define RV_REC(value, write, ...)
#endif

#include "launch.cuh"
