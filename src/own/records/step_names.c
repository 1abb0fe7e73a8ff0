/* step_names.c — an own trace's steps named from what their events did
 * (step_names.h). */
#include "own/records/step_names.h"

#include <stdio.h>
#include <string.h>

#include "core/analysis.h"
#include "core/lanes.h"

/* The most common distance between a step's written word and the other word
 * its lanes read: the stride of a tree level. */
static int32_t step_stride(const rv_trace *tr, int s)
{
    int32_t best = 0;
    int votes[64] = {0}, top = 0;
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, s, t);
        if (!e->line || !RV_ACC_IS_SMEM(e->write)) continue;
        const uint64_t *r = rv_event_reads(tr, e);
        for (uint32_t k = 0; k < e->nreads; k++) {
            if (!RV_ACC_IS_SMEM(r[k])) continue;
            int64_t d = (int64_t)RV_ACC_INDEX(r[k]) - (int64_t)RV_ACC_INDEX(e->write);
            if (d < 0) d = -d;
            if (d == 0) continue;
            int bit = 0;
            while (bit < 63 && (1ll << bit) < d) bit++;
            if ((1ll << bit) != d) continue;
            if (++votes[bit] > top) {
                top = votes[bit];
                best = (int32_t)d;
            }
        }
    }
    return best;
}

/* Names a step from what its events did. */
void rv_own_name_step(rv_trace *tr, int s, int substeps, int after_shuffle, int shuffles)
{
    int shfl = shuffles, gout = 0, gin = 0, smem_w = 0, smem_r = 0, shfl_d = -1, same_d = 1;
    unsigned atom_space = 0; /* where the step's first atomic went, 0 = none */
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, s, t);
        if (!e->line) continue;
        if ((e->flags & RV_EV_ATOMIC) && !atom_space) atom_space = RV_ACC_SPACE(e->write);
        const uint64_t *r = rv_event_reads(tr, e);
        for (uint32_t k = 0; k < e->nreads; k++) {
            unsigned sp = RV_ACC_SPACE(r[k]);
            gin |= sp == RV_SPACE_GIN || sp == RV_SPACE_GIN4;
            smem_r |= RV_ACC_IS_SMEM(r[k]);
            if (sp == RV_SPACE_LANE) {
                shfl = 1;
                int d = (int)RV_ACC_INDEX(r[k]) - t % 32;
                if (d < 0) d = -d;
                if (d == 0) continue;
                if (shfl_d < 0)
                    shfl_d = d;
                else if (shfl_d != d)
                    same_d = 0;
            }
        }
        gout |= RV_ACC_SPACE(e->write) == RV_SPACE_GOUT;
        smem_w |= RV_ACC_IS_SMEM(e->write);
        shfl |= RV_ACC_SPACE(e->write) == RV_SPACE_REG && rv_value_unknown(e->value) && e->nreads &&
                RV_ACC_SPACE(rv_event_reads(tr, e)[0]) == RV_SPACE_LANE;
    }
    rv_step *st = &tr->steps[s];
    st->stride = 0;
    if (atom_space) {
        st->phase = RV_PHASE_ATOMIC;
        snprintf(st->label, sizeof st->label, "%s",
                 atom_space == RV_SPACE_TICKET           ? "ticket"
                 : atom_space == RV_SPACE_GOUT           ? "atomic out"
                 : RV_ACC_IS_SMEM(RV_ACC(atom_space, 0)) ? "atomic"
                                                         : "atomic global");
    } else if (shfl) {
        st->phase = RV_PHASE_SHUFFLE;
        st->stride = shfl_d > 0 && same_d ? shfl_d : 0;
        if (st->stride)
            snprintf(st->label, sizeof st->label, "shfl %d", st->stride);
        else
            snprintf(st->label, sizeof st->label, "shfl");
    } else if (gout) {
        st->phase = RV_PHASE_WRITE;
        snprintf(st->label, sizeof st->label, "write");
    } else if (gin) {
        st->phase = RV_PHASE_LOAD;
        snprintf(st->label, sizeof st->label, "load");
    } else if (smem_w && (after_shuffle || (!smem_r && substeps == 1))) {
        /* a warp's shuffled sum, or a thread's own sum kept in a register
           (a grid-stride loop's) put into shared memory between two
           barriers: no tree level (in a warp-synchronous stretch, the store
           half of a level whose read the compiler split off stays a warp step) */
        st->phase = RV_PHASE_STORE;
        snprintf(st->label, sizeof st->label, "store");
    } else if (smem_w) {
        st->stride = step_stride(tr, s);
        st->phase = substeps > 1 ? RV_PHASE_WARP : RV_PHASE_TREE;
        if (st->stride)
            snprintf(st->label, sizeof st->label, substeps > 1 ? "warp s=%d" : "s=%d", st->stride);
        else
            snprintf(st->label, sizeof st->label, substeps > 1 ? "warp" : "tree");
    } else {
        st->phase = RV_PHASE_STORE;
        snprintf(st->label, sizeof st->label, "read");
    }
}

/* A shuffle whose lane operand is a register (the patching API gives only
 * its pc, and the machine code names no lane) records no lane.  Between two
 * shuffle steps whose distances are known, halving or doubling (a loop over
 * offsets the compiler did not unroll into immediates), the distances of the
 * steps between are what the loop must have used: the lanes are filled in so,
 * and the step says it was inferred (RV_STEP_INFERRED). */
void rv_own_infer_shuffles(rv_trace *tr)
{
    for (int a = 0; a < tr->nsteps; a++) {
        if (tr->steps[a].phase != RV_PHASE_SHUFFLE || !tr->steps[a].stride) continue;
        int b = a + 1;
        while (b < tr->nsteps && tr->steps[b].phase == RV_PHASE_SHUFFLE && !tr->steps[b].stride) b++;
        if (b == a + 1 || b >= tr->nsteps || tr->steps[b].phase != RV_PHASE_SHUFFLE || !tr->steps[b].stride) continue;
        int da, db, gap = b - a;
        rv_lane_pattern pa = rv_step_lanes(tr, a, &da), pb = rv_step_lanes(tr, b, &db);
        if (pa != pb || (pa != RV_LANES_DOWN && pa != RV_LANES_UP && pa != RV_LANES_XOR)) continue;
        int halving = gap < 31 && (da >> gap) == db && (db << gap) == da;
        int doubling = gap < 31 && (db >> gap) == da && (da << gap) == db;
        if (!halving && !doubling) continue;
        for (int k = a + 1; k < b; k++) {
            int d = halving ? da >> (k - a) : da << (k - a);
            for (int t = 0; t < tr->block_size; t++) {
                rv_event *e = rv_trace_event(tr, k, t);
                if (!e->line || e->nreads > 64) continue;
                uint64_t r[65];
                memcpy(r, rv_event_reads(tr, e), e->nreads * sizeof *r);
                r[e->nreads] = RV_ACC(RV_SPACE_LANE, rv_lane_source(pa, d, t % 32));
                uint16_t flags = e->flags, tries = e->tries;
                if (rv_trace_set(tr, k, t, e->line, e->value, e->write, r, (int)e->nreads + 1)) return;
                e->flags = flags;
                e->tries = tries;
            }
            tr->steps[k].stride = d;
            tr->steps[k].flags |= RV_STEP_INFERRED;
            snprintf(tr->steps[k].label, sizeof tr->steps[k].label, "shfl %d", d);
        }
        a = b - 1;
    }
}

/* ---- what the builder marked on a step, said (step_names.h) ---------------- */

/* A step whose shared writes came by asynchronous copies from global memory
 * is the block's tile copied: named "cp.async" (the threads' own copies) or
 * "cp.async.bulk" (one bulk copy of the Tensor Memory Accelerator), a load,
 * said so in the viewer (step_sentence.c).  The internal marks are cleared. */
void rv_own_name_async(rv_trace *tr, int s)
{
    uint32_t f = tr->steps[s].flags;
    if (!(f & STEP_ASYNC)) return;
    tr->steps[s].flags &= ~(STEP_ASYNC | STEP_BULK);
    tr->steps[s].phase = RV_PHASE_LOAD;
    tr->steps[s].stride = 0;
    snprintf(tr->steps[s].label, sizeof tr->steps[s].label, "%s", (f & STEP_BULK) ? "cp.async.bulk" : "cp.async");
}

/* How many of an interval's n steps (from step `first`) the threads compute
 * themselves: an asynchronous copy before its wait does not make the step
 * after it a warp-synchronous level (a bulk copy, then the tree's first
 * level after the barrier's wait, share one barrier interval). */
int rv_own_threads_steps(const rv_trace *tr, uint32_t first, uint32_t n, uint32_t nsteps)
{
    int mine = 0;
    for (uint32_t k = 0; k < n && first + k < nsteps; k++) mine += !(tr->steps[first + k].flags & STEP_ASYNC);
    return mine;
}

/* A step that used other blocks' shared memory (distributed shared memory)
 * is named for it, with their ranks: "dsmem 1 2 3" ("dsmem ?" for a block
 * the tracer could not tell), its phase kept. */
void rv_own_name_dsmem(rv_trace *tr, int s, uint32_t ranks)
{
    if (!ranks) return;
    rv_step *st = &tr->steps[s];
    st->flags |= RV_STEP_DSMEM;
    size_t o = (size_t)snprintf(st->label, sizeof st->label, "dsmem");
    for (uint32_t k = 0; k < 32 && o < sizeof st->label; k++)
        if (ranks & (1u << k)) o += (size_t)snprintf(st->label + o, sizeof st->label - o, k == 31 ? " ?" : " %u", k);
}

void rv_own_lines_said(rv_trace *tr)
{
    for (int s = 0; s < tr->nsteps; s++) {
        uint32_t f = tr->steps[s].flags;
        if ((f & STEP_NO_LINE) && !(f & STEP_A_LINE)) f |= RV_STEP_LIBRARY;
        tr->steps[s].flags = f & ~(STEP_NO_LINE | STEP_A_LINE);
    }
}
