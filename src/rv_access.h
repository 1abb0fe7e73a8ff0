/* rv_access.h — how one memory access is written down in a trace.
 *
 * Shared by the host (C) and the instrumented kernels (CUDA), so it holds
 * plain integer encodings and nothing else.  An access is a 64-bit word: the
 * top 8 bits name the space, the low 56 bits the index in that space.
 */
#ifndef RV_ACCESS_H
#define RV_ACCESS_H

#include <stdint.h>

enum rv_space {
    RV_SPACE_NONE = 0,   /* no access (slot unused)                          */
    RV_SPACE_SMEM = 1,   /* shared-memory word (4 bytes), index = word        */
    RV_SPACE_GIN = 2,    /* global input array element, index = element       */
    RV_SPACE_GOUT = 3,   /* global output array element (per-block partials)  */
    RV_SPACE_LANE = 4,   /* register of another lane, read by a warp shuffle  */
    RV_SPACE_REG = 5,    /* the thread's own register (value kept, no memory) */
    RV_SPACE_GIN4 = 6,   /* a 128-bit global load (float4): index = the first of
                            four consecutive input elements, a multiple of 4  */
    RV_SPACE_TICKET = 7, /* the ticket counter of a single-pass reduction (index
                            0), read and written by one atomic fetch_add     */
    RV_SPACE_SMEM8 = 8,  /* one 64-bit shared-memory access: words index, index+1
                            (traced from the hardware: the compiler merged two) */
    RV_SPACE_SMEM16 = 9, /* one 128-bit shared-memory access: words index .. +3 */
    RV_SPACE_GOWN = 10,  /* the kernel's own global memory (a scratch array it
                            allocated, a __device__ array): index = 4-byte word
                            from the lowest such address it touched (own traces) */
    RV_SPACE_COUNT
};

/* The most reads one thread records in one step of a shipped version's trace
 * (formats 1 and 2; own traces of format 3 hold any number): v6/v7 load 32 elements;
 * v8 and v9 read four float4s from each of their block's tiles (of 4 x
 * block size float4s, dealt in turn to the grid), so this bounds the tiles
 * per block of their traces to 32 (checked by the model). */
#define RV_MAX_READS        128
/* Elements each thread sums while loading in v6 and v7 (fixed share per block). */
#define RV_ELEMS_PER_THREAD 32
/* The most steps any shipped version has (load, 10 tree levels, warp phase,
 * write...); own traces hold up to RV_OWN_MAX_STEPS (trace.h). */
#define RV_MAX_STEPS        48

#define RV_ACC(space, index) ((((uint64_t)(space)) << 56) | ((uint64_t)(index)&0x00FFFFFFFFFFFFFFull))
#define RV_ACC_SPACE(a)      ((unsigned)((uint64_t)(a) >> 56))
#define RV_ACC_INDEX(a)      ((uint64_t)(a)&0x00FFFFFFFFFFFFFFull)

/* Shared-memory words one access covers: 1, or 2 and 4 for the wide ones. */
#define RV_ACC_WORDS(a) (RV_ACC_SPACE(a) == RV_SPACE_SMEM8 ? 2u : RV_ACC_SPACE(a) == RV_SPACE_SMEM16 ? 4u : 1u)
/* Whether an access is to shared memory, of any width. */
#define RV_ACC_IS_SMEM(a) \
    (RV_ACC_SPACE(a) == RV_SPACE_SMEM || RV_ACC_SPACE(a) == RV_SPACE_SMEM8 || RV_ACC_SPACE(a) == RV_SPACE_SMEM16)

/* One thread's work in one step, as the device trace buffer holds it.
 * line == 0 means the thread did not execute in that step. */
typedef struct rv_dev_event {
    uint16_t line;
    uint16_t nreads;
    float value;                  /* the value it produced                */
    uint64_t write;               /* where that value went (RV_ACC)       */
    uint64_t reads[RV_MAX_READS]; /* what it read, in program order       */
} rv_dev_event;

#endif
