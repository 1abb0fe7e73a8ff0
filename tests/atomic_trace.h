/* atomic_trace.h — a student's kernel with atomics, made in memory for the
 * tests of what the viewer and predict mode say of atomics.
 *
 * Block 64 (two warps), traced unchanged (RV_VERSION_OWN):
 *   step 0  load    every thread stores its input element to smem[t];
 *   step 1  atomic  every thread atomicAdds into smem[0] (one word: 64
 *                   lanes served one after another, 32 in each warp);
 *   step 2  atomic  a compare-and-swap loop: thread t adds into smem[t % 4],
 *                   3 attempts each (8 lanes of a warp on each word);
 *   step 3  write   thread 0 writes smem[0] to out[0].
 * Step 1 is marked RV_STEP_UNSYNCED, as a tracer that took the atomics for
 * a race would mark it: the viewer must not say it raced.
 *
 * atomic_trace_fill: the analysis's atomic counts (analysis.h) computed
 * here from the events, written apart from analysis.c, where the analysis
 * left them 0: what they mean, so that the tests hold either way.
 */
#ifndef RV_TEST_ATOMIC_TRACE_H
#define RV_TEST_ATOMIC_TRACE_H

#include <stdlib.h>
#include <string.h>
#include "core/analysis.h"
#include "core/trace.h"
#include "core/versions.h"

#define ATOMIC_BLOCK 64

static inline char *atomic_copy(const char *s)
{
    char *c = malloc(strlen(s) + 1);
    return c ? strcpy(c, s) : NULL;
}

static inline rv_trace *atomic_trace(void)
{
    rv_trace *tr = rv_trace_new(ATOMIC_BLOCK, 4);
    if (!tr)
        return NULL;
    tr->version = RV_VERSION_OWN;
    tr->own_name = atomic_copy("atomics.cu");
    tr->own_source = atomic_copy("__global__ void reduce(const float *in, float *out, unsigned n)\n{\n"
                            "    __shared__ float s[64];\n    s[threadIdx.x] = in[threadIdx.x];\n"
                            "    atomicAdd(&s[0], s[threadIdx.x]);\n    cas_add(&s[threadIdx.x % 4], 1.0f);\n"
                            "    if (threadIdx.x == 0) out[0] = s[0];\n}\n");
    tr->own_smem_words = ATOMIC_BLOCK;
    tr->n = ATOMIC_BLOCK;
    tr->grid = 1;
    tr->origin_kind = RV_ORIGIN_GPU;
    strcpy(tr->origin, "NVIDIA H200");
    strcpy(tr->date, "2026-11-24T12:00:00Z");
    static const struct { const char *label; rv_phase phase; } kinds[] = {
        { "load", RV_PHASE_LOAD }, { "atomic", RV_PHASE_ATOMIC }, { "atomic", RV_PHASE_ATOMIC },
        { "write", RV_PHASE_WRITE },
    };
    for (int s = 0; s < 4; s++) {
        strcpy(tr->steps[s].label, kinds[s].label);
        tr->steps[s].phase = (uint32_t)kinds[s].phase;
    }
    tr->steps[1].flags = RV_STEP_UNSYNCED;
    for (int t = 0; t < ATOMIC_BLOCK; t++) {
        uint64_t rd[2] = { RV_ACC(RV_SPACE_GIN, (uint64_t)t), 0 };
        rv_trace_set(tr, 0, t, 4, 1.0f, RV_ACC(RV_SPACE_SMEM, t), rd, 1);
        rd[0] = RV_ACC(RV_SPACE_SMEM, (uint64_t)t);
        rd[1] = RV_ACC(RV_SPACE_SMEM, 0);
        rv_trace_set(tr, 1, t, 5, 1.0f + t, RV_ACC(RV_SPACE_SMEM, 0), rd, 2);
        rv_trace_set_atomic(tr, 1, t, 1);
        rd[0] = RV_ACC(RV_SPACE_SMEM, (uint64_t)(t % 4));
        rv_trace_set(tr, 2, t, 6, 2.0f, RV_ACC(RV_SPACE_SMEM, t % 4), rd, 1);
        rv_trace_set_atomic(tr, 2, t, 3);
    }
    uint64_t rd0 = RV_ACC(RV_SPACE_SMEM, 0);
    rv_trace_set(tr, 3, 0, 7, 65.0f, RV_ACC(RV_SPACE_GOUT, 0), &rd0, 1);
    return tr;
}

/* Distinct accesses among n, and the most of one of them. */
static inline int atomic_distinct(const uint64_t *acc, int n, int *most)
{
    int distinct = 0;
    *most = 0;
    for (int i = 0; i < n; i++) {
        int same = 0, first = 1;
        for (int j = 0; j < n; j++) {
            same += acc[j] == acc[i];
            first &= !(j < i && acc[j] == acc[i]);
        }
        distinct += first;
        *most = same > *most ? same : *most;
    }
    return distinct;
}

static inline void atomic_trace_fill(rv_analysis *an)
{
    const rv_trace *tr = an->tr;
    for (int s = 0; s < tr->nsteps; s++) {
        rv_step_info *si = &an->steps[s];
        if (si->atom_lanes)
            continue;   /* the analysis counted them itself */
        uint64_t all[1024];
        int nall = 0;
        for (int w = 0; w < an->nwarps; w++) {
            rv_warp_info *wi = &an->warps[(size_t)s * (size_t)an->nwarps + (size_t)w];
            uint64_t acc[32];
            int n = 0, tries = 0;
            for (int l = 0; l < 32 && w * 32 + l < tr->block_size; l++) {
                const rv_event *e = rv_trace_event(tr, s, w * 32 + l);
                if (!e->line || !(e->flags & RV_EV_ATOMIC))
                    continue;
                acc[n++] = e->write;
                all[nall++] = e->write;
                tries += e->tries;
            }
            wi->atom_lanes = n;
            wi->atom_words = atomic_distinct(acc, n, &wi->atom_same_word);
            wi->atom_tries = tries;
            si->atom_lanes += n;
            si->atom_tries += tries;
            si->atom_same_word = wi->atom_same_word > si->atom_same_word ? wi->atom_same_word : si->atom_same_word;
        }
        int most;
        si->atom_words = atomic_distinct(all, nall, &most);
    }
}

#endif
