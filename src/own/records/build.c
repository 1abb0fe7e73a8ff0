/* build.c — turns the tracer's records of one block into a trace.
 *
 * Each thread's records are in its program order.  A thread's steps:
 *   - __syncthreads() ends a barrier interval;
 *   - within one, a shared-memory store, a global store or atomic, or a
 *     __syncwarp() ends the thread's current step, and so does a shuffle (with
 *     the loads before it): so code without barriers (a warp-synchronous tail, shuffles)
 *     takes a step per dynamic store or shuffle, as the hardware ran it;
 *   - an atomic (a read-modify-write) ends its step like a store, and the
 *     rounds of a compare-and-swap loop (the load, the CAS that failed, again)
 *     stay in that one step: the event is atomic, with its tries;
 *   - the k-th step of every thread in an interval is one step of the trace.
 * An event's reads are the thread's loads in its step (shared words with their
 * real width: the compiler may merge two 4-byte reads into one 8-byte load;
 * global elements of in[] and partials of out[]; the lane a shuffle read, from
 * its operand in the machine code); its write is the store that ended it; its
 * value the bytes stored.  What went through registers (a shuffle's value, a
 * sum kept in a register) the patching API cannot see: such values are
 * RV_VALUE_UNKNOWN, drawn as "?".  A global read record that counts a run
 * (src/tracer/raw.h) is as many reads.  Memory outside in[] and out[] is the
 * ticket counter or the kernel's own (RV_SPACE_GOWN), as gmem_map.c tells
 * them apart.  An asynchronous copy
 * (cp.async) is a global read and a shared write of one event, like a load
 * into shared memory, its step named "cp.async"; a bulk copy of the Tensor
 * Memory Accelerator is laid over the block's threads as such copies first
 * (bulk.c), its step named "cp.async.bulk"; the first step after a thread
 * waited for its copies says so (RV_STEP_ASYNC_WAIT).  Another block's shared
 * memory (a cluster's distributed shared memory) is not in the picture: a
 * step that used it names the blocks ("dsmem 1 2 3"), and the step after
 * cluster.sync() says so (RV_STEP_CLUSTER_SYNC).  A block with no record
 * at all (an empty kernel) is one step, "no access", that no thread runs,
 * and the trace says so (RV_OWN_NO_ACCESS).  Steps are named from
 * what they do (step_names.c).  Beyond RV_OWN_MAX_* (trace.h) the rest is cut, and own_cut
 * says what in numbers. */
#include "own/records/build.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/analysis.h"
#include "core/hash.h"
#include "core/i18n.h"
#include "core/versions.h"
#include "model/trace_read.h"
#include "own/records/bulk.h"
#include "own/records/gmem_map.h"
#include "own/records/step_names.h"

typedef struct group {
    uint32_t first, last; /* indices into the thread's record list, inclusive */
    uint16_t thread;
    uint32_t interval, k; /* barrier interval, and the thread's k-th step in it */
    uint32_t syncs;       /* __syncwarp()s the thread passed in the interval before it */
    uint32_t waits;       /* ... and waits on a cuda::barrier (an mbarrier), which
                               a bulk copy completes                            */
    uint32_t tries;       /* an atomic's attempts (it ends the group); 0: none */
} group;

/* Where a thread is in its records while they are grouped. */
typedef struct place {
    uint32_t interval, k;  /* barrier interval, and the next step's k in it */
    uint32_t syncs, waits; /* as group's, so far in the interval            */
} place;

typedef struct builder {
    const rv_own_input *in;
    const rv_raw_record *rec;
    uint32_t *order; /* record indices, grouped by thread, in order */
    uint32_t *start; /* [block_size + 1] */
    group *g;
    size_t ng, gcap;
    uint32_t *nsub; /* steps per interval */
    uint32_t nintervals;
    int smem_words, cut;
    uint64_t smem_base; /* the block's lowest shared address, down to a whole
                               row of banks: word 0 of the trace (Volta and later
                               keep the first KiB of a block's shared memory for
                               the system, so the kernel's own start above it) */
    rv_own_gmem gm;     /* where its global accesses land (gmem_map.h)   */
    uint64_t nreads;    /* reads so far, expanded                         */
    uint32_t *ranks;    /* [step]: the blocks of the cluster whose shared
                               memory the step used (bit = rank; bit 31: one
                               the tracer could not tell)                     */
    uint32_t rank;      /* the traced block's own rank in its cluster     */
    char cut_why[160];  /* what was cut, in numbers                       */
    char *err;
    size_t errlen;
} builder;

static int push_group(builder *b, uint16_t t, uint32_t first, uint32_t last, place *at)
{
    if (b->ng == b->gcap) {
        size_t cap = b->gcap ? b->gcap * 2 : 1024;
        group *g = realloc(b->g, cap * sizeof *g);
        if (!g) return -1;
        b->g = g;
        b->gcap = cap;
    }
    b->g[b->ng++] = (group){first, last, t, at->interval, at->k++, at->syncs, at->waits, 0};
    return 0;
}

static const rv_sass_insn *insn_of(const builder *b, const rv_raw_record *r);

/* The records of thread t after the atomic at record `at` that are more
 * rounds of it: a compare-and-swap loop (what a float atomicAdd on shared
 * memory compiles to) loads the word, tries, and goes round again when
 * another lane changed it first.  Returns the last record of the last round,
 * counting the rounds into *tries.  Other atomics are one round each. */
static uint32_t more_rounds(const builder *b, uint16_t t, uint32_t at, uint32_t *tries)
{
    const rv_raw_record *a = &b->rec[b->order[at]];
    uint32_t end = b->start[t + 1], last = at;
    *tries = 1;
    const rv_sass_insn *in = insn_of(b, a);
    if (!in || !in->cas) return at;
    for (uint32_t i = at + 1; i < end;) {
        const rv_raw_record *r = &b->rec[b->order[i]];
        uint32_t j = i;
        if (r->kind == a->kind && r->addr == a->addr && !(r->flags & RV_RAW_WRITE) && j + 1 < end) j++;
        const rv_raw_record *c = &b->rec[b->order[j]];
        if (!rv_raw_is_atomic(c) || c->pc != a->pc || c->addr != a->addr) break;
        last = j;
        ++*tries;
        i = j + 1;
    }
    return last;
}

/* One thread's records into steps. */
static int group_thread(builder *b, uint16_t t)
{
    place at = {0, 0, 0, 0};
    uint32_t open = UINT32_MAX;
    for (uint32_t i = b->start[t]; i < b->start[t + 1]; i++) {
        const rv_raw_record *r = &b->rec[b->order[i]];
        int ends = 0;
        switch (r->kind) {
        case RV_RAW_BARRIER:
            if (open != UINT32_MAX && push_group(b, t, open, i - 1, &at)) return -1;
            open = UINT32_MAX;
            at = (place){at.interval + 1, 0, 0, 0};
            continue;
        case RV_RAW_SYNCWARP:
            if (open != UINT32_MAX && push_group(b, t, open, i - 1, &at)) return -1;
            open = UINT32_MAX;
            at.syncs++;
            continue;
        case RV_RAW_WAIT: /* the thread waits for its asynchronous copies: what
                             follows is a step after the wait (fill_event) */
            if (open != UINT32_MAX && push_group(b, t, open, i - 1, &at)) return -1;
            open = UINT32_MAX;
            if (r->value[0] == RV_RAW_WAIT_MBARRIER) at.waits++;
            continue;
        case RV_RAW_BULK: /* laid over the threads as pieces before (bulk.c) */ continue;
        case RV_RAW_SHFL: /* ends the step, with the loads before it: a lane that
                             loads its operand first and one that does not stay
                             in step with each other */
            if (open == UINT32_MAX) open = i;
            ends = 1;
            break;
        default:
            if (open == UINT32_MAX) open = i;
            ends = (r->flags & RV_RAW_WRITE) != 0;
        }
        if (ends) {
            uint32_t tries = 0, last = rv_raw_is_atomic(r) ? more_rounds(b, t, i, &tries) : i;
            if (push_group(b, t, open, last, &at)) return -1;
            b->g[b->ng - 1].tries = tries;
            open = UINT32_MAX;
            i = last;
        }
    }
    if (open != UINT32_MAX && push_group(b, t, open, b->start[t + 1] - 1, &at)) return -1;
    if (at.interval + 1 > b->nintervals) b->nintervals = at.interval + 1;
    return 0;
}

static int fail(builder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(builder *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->err, b->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static const rv_sass_insn *insn_of(const builder *b, const rv_raw_record *r)
{
    const rv_raw_header *h = &b->in->raw->h;
    uint64_t off = r->pc >= h->func_pc && r->pc < h->func_pc + h->func_size ? r->pc - h->func_pc : r->pc;
    return off <= UINT32_MAX ? rv_sass_at(b->in->sass, (uint32_t)off) : NULL;
}

static uint32_t line_of(const builder *b, const rv_raw_record *r)
{
    const rv_sass_insn *in = insn_of(b, r);
    return in ? in->line : 0;
}

/* A shared-memory access as a trace access: its first word, with its width. */
static uint64_t smem_acc(builder *b, const rv_raw_record *r)
{
    uint64_t word = (r->addr - b->smem_base) / 4;
    unsigned space = r->size == 8 && r->addr % 8 == 0     ? RV_SPACE_SMEM8
                     : r->size == 16 && r->addr % 16 == 0 ? RV_SPACE_SMEM16
                                                          : RV_SPACE_SMEM;
    int words = space == RV_SPACE_SMEM8 ? 2 : space == RV_SPACE_SMEM16 ? 4 : 1;
    if ((int)(word + (uint64_t)words) > b->smem_words) b->smem_words = (int)(word + (uint64_t)words);
    return RV_ACC(space, word);
}

/* A global access as trace accesses (gmem_map.c); -1 with a message for an
 * access just past in[] or out[]. */
static int gmem_acc(builder *b, const rv_raw_record *r, uint64_t addr, uint64_t acc[4], int *nacc)
{
    rv_own_gmem_miss miss;
    if (!rv_own_gmem_acc(&b->gm, r, addr, acc, nacc, &miss)) return 0;
    return fail(b,
                _("thread %u of block %u %s %s[%llu] at line %u, past the end of %s[] (%llu elements): "
                  "an out-of-bounds access"),
                r->thread, b->in->raw->h.traced_block, (r->flags & RV_RAW_WRITE) ? _("wrote") : _("read"), miss.array,
                (unsigned long long)miss.index, line_of(b, r), miss.array, (unsigned long long)miss.n);
}

static float bytes_value(const rv_raw_record *r)
{
    float v;
    memcpy(&v, r->value, sizeof v);
    return v;
}

/* The lane a shuffle read, from its instruction's operand; -1 when the
 * operand was a register (the API does not say which lane). */
static int shfl_lane(const rv_sass_insn *in, int lane)
{
    if (!in || in->shfl_arg < 0) return -1;
    int d = in->shfl_arg, src;
    switch (in->shfl) {
    case RV_SHFL_DOWN: src = lane + d < 32 ? lane + d : lane; break;
    case RV_SHFL_UP: src = lane - d >= 0 ? lane - d : lane; break;
    case RV_SHFL_BFLY: src = (lane ^ d) & 31; break;
    case RV_SHFL_IDX: src = d & 31; break;
    default: return -1;
    }
    return src;
}

/* Notes the first thing cut, in numbers. */
static void cut(builder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void cut(builder *b, const char *fmt, ...)
{
    if (b->cut_why[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->cut_why, sizeof b->cut_why, fmt, ap);
    va_end(ap);
}

/* A growing list of one event's reads. */
typedef struct reads {
    uint64_t *a;
    uint32_t n, cap;
} reads;

static int add_read(builder *b, reads *rd, uint64_t acc)
{
    if (b->nreads >= RV_OWN_MAX_READS) {
        cut(b, _("the block read more than %u values; a trace holds %u"), RV_OWN_MAX_READS, RV_OWN_MAX_READS);
        return 0;
    }
    if (rd->n == rd->cap) {
        uint32_t cap = rd->cap ? rd->cap * 2 : 64;
        uint64_t *g = realloc(rd->a, cap * sizeof *g);
        if (!g) return -1;
        rd->a = g;
        rd->cap = cap;
    }
    rd->a[rd->n++] = acc;
    b->nreads++;
    return 0;
}

/* One event from one group.  `carried`: the thread did something before, and
 * may go on from what it holds in registers, which the tracer cannot see; so
 * the event reads the thread's register (the liveness pass then never calls
 * work wasted that a later step of the same thread may use).  An atomic's
 * reads are its loads; the word it changes is its write (flagged atomic,
 * which reads it too), and the loads of that word by a compare-and-swap loop
 * are reads like any other: the hardware made them. */

/* Whether group g is the thread's first step after it waited for its
 * asynchronous copies (a pipeline's or an mbarrier's wait), with nothing
 * but barriers between: the step the copies are there for. */
static int after_wait(const builder *b, const group *g)
{
    for (uint32_t i = g->first; i > b->start[g->thread]; i--) {
        const rv_raw_record *r = &b->rec[b->order[i - 1]];
        if (r->kind == RV_RAW_WAIT) return 1;
        if (r->kind != RV_RAW_BARRIER && r->kind != RV_RAW_SYNCWARP) return 0;
    }
    return 0;
}

/* Whether r is an access of another block's shared memory.  The block's
 * own, reached through the cluster's mapping with its own rank, is its
 * shared memory as any other access of it (Nsight Compute counts it a
 * shared load): the tracer records it so, and a recording made before
 * flagged it RV_RAW_REMOTE with the block's own rank. */
static int other_block(const builder *b, const rv_raw_record *r)
{
    return r->kind == RV_RAW_SMEM && (r->flags & RV_RAW_REMOTE) && r->rank != b->rank;
}

static int fill_event(builder *b, rv_trace *tr, int s, const group *g, int carried, reads *rd)
{
    rd->n = 0;
    if (carried && add_read(b, rd, RV_ACC(RV_SPACE_REG, g->thread))) return -1;
    uint64_t write = RV_ACC(RV_SPACE_REG, g->thread);
    float value = rv_value_unknown_make();
    uint32_t line = 0;
    int atomic = 0;
    if (g->first > b->start[g->thread]) { /* the step right after cluster.sync() */
        const rv_raw_record *before = &b->rec[b->order[g->first - 1]];
        if (before->kind == RV_RAW_BARRIER && (before->flags & RV_RAW_CLUSTER))
            tr->steps[s].flags |= RV_STEP_CLUSTER_SYNC;
    }
    if (after_wait(b, g)) tr->steps[s].flags |= RV_STEP_ASYNC_WAIT;
    for (uint32_t i = g->first; i <= g->last; i++) {
        const rv_raw_record *r = &b->rec[b->order[i]];
        uint32_t l = line_of(b, r);
        if (l) line = l;
        if (other_block(b, r)) {
            /* another block's shared memory: not in this block's picture;
               the step names the block, and a write's bytes are its value */
            b->ranks[s] |= r->rank < 31 ? 1u << r->rank : 1u << 31;
            if (r->flags & RV_RAW_WRITE) value = bytes_value(r);
            continue;
        }
        uint64_t acc[4];
        int nacc = 0;
        uint32_t times = 1;
        int64_t stride = 0;
        if (r->kind == RV_RAW_GMEM && r->flags == RV_RAW_READ && r->value[0]) { /* a run (raw.h) */
            times = r->value[0] + 1;
            stride = rv_raw_run_stride(r);
        }
        for (uint32_t k = 0; k < times; k++) {
            if (r->kind == RV_RAW_SMEM) {
                acc[nacc++] = smem_acc(b, r);
            } else if (r->kind == RV_RAW_GMEM) {
                if (gmem_acc(b, r, r->addr + (uint64_t)(stride * (int64_t)k), acc, &nacc)) return -1;
            } else if (r->kind == RV_RAW_SHFL) {
                int src = shfl_lane(insn_of(b, r), g->thread % 32);
                if (src >= 0) acc[nacc++] = RV_ACC(RV_SPACE_LANE, src);
            }
            if ((r->flags & RV_RAW_WRITE) && nacc) { /* the store or atomic that ends the group */
                atomic = rv_raw_is_atomic(r);
                if (r->flags & RV_RAW_ASYNC) tr->steps[s].flags |= STEP_ASYNC;
                if (r->flags & RV_RAW_BULKPART) tr->steps[s].flags |= STEP_BULK;
                write = acc[0];
                value = atomic ? rv_value_unknown_make() : bytes_value(r);
                nacc = 0;
            }
            for (int j = 0; j < nacc; j++)
                if (add_read(b, rd, acc[j])) return -1;
            nacc = 0;
        }
    }
    /* no line of the student's file (a library's code without line
       information): drawn on line 1, the step told so (lines_said) */
    tr->steps[s].flags |= line == 0 || line > RV_MAX_LINE ? STEP_NO_LINE : STEP_A_LINE;
    if (line == 0 || line > RV_MAX_LINE) line = 1;
    if (rv_trace_set(tr, s, g->thread, (uint16_t)line, value, write, rd->a, (int)rd->n)) return -1;
    if (atomic) rv_trace_set_atomic(tr, s, g->thread, g->tries ? g->tries : 1);
    return 0;
}

/* Whether addr lies in memory that is neither the program's nor the
 * driver's arrays: in no allocation, or in one made outside every call of
 * launch() that is not in[], out[] or a __device__ variable (the CUDA
 * runtime's own, made as it starts: 512 bytes on an H200). */
static int runtime_memory(const builder *b, uint64_t addr)
{
    const rv_own_alloc *a = rv_own_grid_alloc_at(b->in->grid, addr, 4, b->in->raw->h.launch);
    return !a || rv_own_alloc_role(a, b->in->meta) == RV_BUF_OTHER;
}

/* A step whose atomics all land in the runtime's memory (and the program's
 * allocations are known): the counter cooperative groups' grid.sync()
 * counts the arriving blocks on.  Named for what it is, not as the
 * student's atomics. */
static void name_grid_syncs(rv_trace *tr, const builder *b)
{
    const rv_own_grid_run *g = b->in->grid;
    if (!g || !g->nallocs) return;
    for (int s = 0; s < tr->nsteps; s++) {
        int outside = 0, inside = 0;
        for (int t = 0; t < tr->block_size; t++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            if (!e->line || !(e->flags & RV_EV_ATOMIC) || RV_ACC_SPACE(e->write) != RV_SPACE_GOWN) continue;
            uint64_t addr = b->gm.base + 4 * RV_ACC_INDEX(e->write);
            if (runtime_memory(b, addr))
                outside++;
            else
                inside++;
        }
        if (outside && !inside) snprintf(tr->steps[s].label, sizeof tr->steps[s].label, "grid.sync");
    }
}

/* Whether group g ends in a piece of a bulk copy (bulk.c): its word is
 * written by the Tensor Memory Accelerator, whose completion a
 * cuda::barrier's wait orders. */
static int bulk_piece(const builder *b, const group *g)
{
    return (b->rec[b->order[g->last]].flags & RV_RAW_BULKPART) != 0;
}

/* Marks the steps that read a shared word another thread wrote earlier in
 * the same barrier interval with nothing ordering the two: no __syncwarp
 * between them in one warp, and no barrier at all across warps.  A word of
 * a bulk copy is ordered for a reader that waited on a cuda::barrier after
 * the copy was issued (the copy completes that barrier).  Atomics on one
 * word are ordered by the hardware: they race with no one, but a plain
 * read of a word while others still add to it does.  `at[s*B+t]` is the
 * group of thread t at step s (or NULL); `interval` of each step. */
static int mark_unsynced(rv_trace *tr, const builder *b, const group *const *at, const uint32_t *interval, int words)
{
    int B = tr->block_size;
    struct writer {
        int32_t step;
        uint16_t thread;
        uint32_t syncs, waits;
        int bulk;
    } *last = malloc((size_t)words * sizeof *last);
    if (!last) return -1;
    for (int w = 0; w < words; w++) last[w].step = -1;
    for (int s = 0; s < tr->nsteps; s++) {
        for (int t = 0; t < B; t++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            const group *g = at[(size_t)s * B + t];
            if (!e->line || !g) continue;
            const uint64_t *r = rv_event_reads(tr, e);
            for (uint32_t k = 0; k < e->nreads; k++) {
                if (!RV_ACC_IS_SMEM(r[k])) continue;
                for (unsigned j = 0; j < RV_ACC_WORDS(r[k]); j++) {
                    uint64_t w = RV_ACC_INDEX(r[k]) + j;
                    if (w >= (uint64_t)words || last[w].step < 0 || last[w].thread == t ||
                        interval[last[w].step] != interval[s])
                        continue;
                    /* a compare-and-swap loop loads the word it changes: the
                       atomic orders it, so it is no race */
                    if ((e->flags & RV_EV_ATOMIC) && RV_ACC_IS_SMEM(e->write) && RV_ACC_INDEX(e->write) == w) continue;
                    if (last[w].bulk && g->waits > last[w].waits) continue;
                    int same_warp = last[w].thread / 32 == t / 32;
                    if (!same_warp || g->syncs <= last[w].syncs) tr->steps[s].flags |= RV_STEP_UNSYNCED;
                }
            }
        }
        for (int t = 0; t < B; t++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            const group *g = at[(size_t)s * B + t];
            if (!e->line || !g || !RV_ACC_IS_SMEM(e->write)) continue;
            for (unsigned j = 0; j < RV_ACC_WORDS(e->write); j++) {
                uint64_t w = RV_ACC_INDEX(e->write) + j;
                if (w < (uint64_t)words)
                    last[w] = (struct writer){s, (uint16_t)t, g->syncs, g->waits, bulk_piece(b, g)};
            }
        }
    }
    free(last);
    return 0;
}

/* A record of the block's own shared memory (not another block's of its
 * cluster). */
static int own_shared(const builder *b, const rv_raw_record *r) { return r->kind == RV_RAW_SMEM && !other_block(b, r); }

/* Where the block's shared memory starts (bank-aligned, in b->smem_base)
 * and about how many words it spans: what a trace of it must hold. */
static uint64_t shared_extent(builder *b)
{
    const rv_raw_header *h = &b->in->raw->h;
    uint64_t end = 0;
    b->smem_base = UINT64_MAX;
    for (uint32_t i = 0; i < h->nrec; i++)
        if (own_shared(b, &b->rec[i]) && b->rec[i].addr < b->smem_base) b->smem_base = b->rec[i].addr;
    b->smem_base &= ~(uint64_t)(RV_BANKS * 4 - 1);
    for (uint32_t i = 0; i < h->nrec; i++)
        if (own_shared(b, &b->rec[i]) && b->rec[i].addr + b->rec[i].size > end) end = b->rec[i].addr + b->rec[i].size;
    return end > b->smem_base ? (end - b->smem_base + 3) / 4 : 1;
}

/* Which steps hold a shuffle (what a step is named for first): a calloc'd
 * flag per step, or NULL. */
static uint8_t *steps_with_shuffle(const builder *b, const group **at, uint32_t nsteps, uint32_t B)
{
    uint8_t *has = calloc(nsteps, 1);
    for (uint32_t s = 0; has && s < nsteps; s++)
        for (uint32_t t = 0; t < B && !has[s]; t++) {
            const group *g = at[(size_t)s * B + t];
            for (uint32_t i = g ? g->first : 1; g && i <= g->last && !has[s]; i++)
                has[s] = b->rec[b->order[i]].kind == RV_RAW_SHFL;
        }
    return has;
}

/* What the trace says of where it came from: the launch, the run, the
 * device, the student's file.  0, or -1 out of memory. */
static int describe(rv_trace *tr, const builder *b)
{
    const rv_own_input *in = b->in;
    const rv_raw_header *h = &in->raw->h;
    tr->version = RV_VERSION_OWN;
    tr->traced_block = h->traced_block;
    tr->n = in->arrays->in_n ? in->arrays->in_n : in->n;
    tr->launch = h->launch;
    tr->launches = in->launches > h->launch ? in->launches : h->launch;
    tr->call = h->call;
    tr->own_gwords = b->gm.words;
    tr->grid = h->grid;
    memcpy(tr->block_dim, h->block_dim, sizeof tr->block_dim); /* the launch's shape, as it ran */
    memcpy(tr->grid_dim, h->grid_dim, sizeof tr->grid_dim);
    memcpy(tr->cluster_dim, h->cluster_dim, sizeof tr->cluster_dim);
    tr->data = in->data;
    tr->origin_kind = RV_ORIGIN_GPU;
    snprintf(tr->origin, sizeof tr->origin, "%s", in->device);
    snprintf(tr->date, sizeof tr->date, "%s", in->date);
    tr->source_hash = rv_hash_text(in->source);
    tr->own_name = strdup(in->name);
    tr->own_source = strdup(in->source);
    tr->own_smem_words = (uint32_t)(b->smem_words > 0 ? b->smem_words : 1);
    tr->own_kernel = strdup(h->func_name);
    tr->own_flags = b->cut_why[0] ? RV_OWN_CUT : 0;
    tr->own_grid = rv_own_grid_of(in->grid, h->launch, in->sass, in->meta);
    for (uint32_t k = 0; tr->own_grid && k < tr->own_grid->nbuffers; k++) {
        rv_own_buffer *buf = &tr->own_grid->buffers[k];
        const rv_own_alloc *a = rv_own_grid_alloc(in->grid, buf->id);
        if (a && b->gm.words)
            buf->word = ((int64_t)a->addr - (int64_t)b->gm.base) / 4; /* where the picture's words lie */
    }
    tr->own_cut = b->cut_why[0] ? strdup(b->cut_why) : NULL;
    return !tr->own_name || !tr->own_source || !tr->own_kernel || (b->cut_why[0] && !tr->own_cut) ? -1 : 0;
}

/* The trace of a block that made no shared or global access: an empty
 * kernel, or one whose loads the compiler dropped because nothing it wrote
 * used them.  One step in which no thread executes, and the trace says so
 * (RV_OWN_NO_ACCESS): the check judges it by the rules it breaks (its sum,
 * its reads, its calls), as any kernel, instead of stopping at it. */
static rv_trace *empty_block(builder *b)
{
    const rv_raw_header *h = &b->in->raw->h;
    if (h->claimed > h->nrec)
        cut(b, _("the block made %u records; the tracer keeps %u a launch (RV_TRACER_CAP)"), h->claimed, h->nrec);
    rv_trace *tr = rv_trace_new((int)h->block_size, 1);
    if (!tr || describe(tr, b)) {
        rv_trace_free(tr);
        fail(b, _("out of memory building the trace"));
        return NULL;
    }
    snprintf(tr->steps[0].label, sizeof tr->steps[0].label, "no access");
    tr->steps[0].phase = RV_PHASE_LOAD;
    tr->own_flags |= RV_OWN_NO_ACCESS;
    if (rv_trace_validate(tr, b->err, b->errlen)) {
        rv_trace_free(tr);
        return NULL;
    }
    return tr;
}

/* The trace of one launch whose bulk copies, if any, are laid over the
 * threads already (bulk.c); `bulk_cut`: words of a copy no thread holds. */
static rv_trace *build(const rv_own_input *in, uint64_t bulk_cut, char *err, size_t errlen)
{
    const rv_raw_header *h = &in->raw->h;
    builder b = {.in = in, .rec = in->raw->rec, .err = err, .errlen = errlen};
    err[0] = 0;
    if (bulk_cut)
        cut(&b, _("a bulk copy held %llu words more than 4 a thread of the block: they are not drawn"),
            (unsigned long long)bulk_cut);
    rv_trace *tr = NULL;
    uint32_t B = h->block_size;
    if (B < 1 || B > 1024) { /* any shape a GPU runs: raw.c checked x, y, z against it */
        fail(&b, _("the traced launch used %u threads per block: a GPU runs blocks of 1 to 1024 threads"), B);
        return NULL;
    }
    { /* the traced block's rank in its cluster: x fastest, as the grid's blocks */
        const uint32_t *c = h->cluster_dim, *g = h->grid_dim;
        uint32_t x = h->traced_block % g[0], y = h->traced_block / g[0] % g[1], z = h->traced_block / (g[0] * g[1]);
        b.rank = x % c[0] + c[0] * (y % c[1] + c[1] * (z % c[2]));
    }
    if (h->nrec == 0) return empty_block(&b);
    b.order = malloc((size_t)h->nrec * sizeof *b.order);
    b.start = calloc(B + 1, sizeof *b.start);
    if (!b.order || !b.start) goto oom;
    for (uint32_t i = 0; i < h->nrec; i++) b.start[b.rec[i].thread + 1]++;
    uint64_t smem_est = shared_extent(&b);
    b.gm = (rv_own_gmem){.arrays = in->arrays, .grid = in->grid, .launch = in->raw->h.launch};
    rv_own_gmem_find(&b.gm, b.rec, in->raw->h.nrec);
    for (uint32_t t = 0; t < B; t++) b.start[t + 1] += b.start[t];
    {
        uint32_t *fill = calloc(B, sizeof *fill);
        if (!fill) goto oom;
        for (uint32_t i = 0; i < h->nrec; i++) {
            uint16_t t = b.rec[i].thread;
            b.order[b.start[t] + fill[t]++] = i;
        }
        free(fill);
    }
    for (uint32_t t = 0; t < B; t++)
        if (group_thread(&b, (uint16_t)t)) goto oom;
    b.nsub = calloc(b.nintervals + 1, sizeof *b.nsub);
    if (!b.nsub) goto oom;
    for (size_t i = 0; i < b.ng; i++)
        if (b.g[i].k + 1 > b.nsub[b.g[i].interval]) b.nsub[b.g[i].interval] = b.g[i].k + 1;
    uint32_t *first = calloc(b.nintervals + 1, sizeof *first), nsteps = 0;
    if (!first) goto oom;
    for (uint32_t v = 0; v < b.nintervals; v++) {
        first[v] = nsteps;
        nsteps += b.nsub[v];
    }
    uint32_t most = RV_OWN_MAX_STEPS;
    if ((uint64_t)most * (B + smem_est) > RV_OWN_MAX_CELLS) most = (uint32_t)(RV_OWN_MAX_CELLS / (B + smem_est));
    if (most < 1) most = 1;
    if (nsteps > most) {
        cut(&b, _("the block took %u steps; a trace of %u threads and %llu shared words holds %u"), nsteps, B,
            (unsigned long long)smem_est, most);
        nsteps = most;
    }
    if (h->claimed > h->nrec)
        cut(&b, _("the block made %u records; the tracer keeps %u a launch (RV_TRACER_CAP)"), h->claimed, h->nrec);
    tr = nsteps ? rv_trace_new((int)B, (int)nsteps) : NULL;
    if (!tr) {
        free(first);
        goto oom;
    }
    const group **at = calloc((size_t)nsteps * B, sizeof *at);
    uint32_t *interval = calloc(nsteps, sizeof *interval);
    b.ranks = calloc(nsteps, sizeof *b.ranks);
    reads rd = {0};
    if (!at || !interval || !b.ranks) {
        free(at);
        free(interval);
        free(first);
        goto oom;
    }
    for (uint32_t v = 0; v < b.nintervals; v++)
        for (uint32_t k = 0; k < b.nsub[v] && first[v] + k < nsteps; k++) interval[first[v] + k] = v;
    for (size_t i = 0; i < b.ng; i++) {
        uint32_t s = first[b.g[i].interval] + b.g[i].k;
        if (s >= nsteps) continue;
        at[(size_t)s * B + b.g[i].thread] = &b.g[i];
        int carried = i > 0 && b.g[i - 1].thread == b.g[i].thread;
        if (fill_event(&b, tr, (int)s, &b.g[i], carried, &rd)) {
            free(rd.a);
            free(at);
            free(interval);
            free(first);
            if (!err[0]) goto oom;
            goto bad;
        }
    }
    free(rd.a);
    rv_own_lines_said(tr);
    int marked = mark_unsynced(tr, &b, at, interval, b.smem_words);
    uint8_t *has_shfl = steps_with_shuffle(&b, at, nsteps, B);
    free(at);
    free(interval);
    if (marked || !has_shfl) {
        free(has_shfl);
        free(first);
        goto oom;
    }
    int shuffled = 0;
    for (uint32_t v = 0; v < b.nintervals; v++) {
        int substeps =
            rv_own_threads_steps(tr, first[v], b.nsub[v], nsteps); /* before rv_own_name_async clears the marks */
        for (uint32_t k = 0; k < b.nsub[v] && first[v] + k < nsteps; k++) {
            rv_own_name_step(tr, (int)(first[v] + k), substeps, shuffled, has_shfl[first[v] + k]);
            rv_own_name_async(tr, (int)(first[v] + k));
            rv_own_name_dsmem(tr, (int)(first[v] + k), b.ranks[first[v] + k]);
            shuffled |= tr->steps[first[v] + k].phase == RV_PHASE_SHUFFLE;
        }
    }
    free(first);
    free(has_shfl);
    rv_own_infer_shuffles(tr);
    name_grid_syncs(tr, &b);
    if (describe(tr, &b)) goto oom;
    if (rv_trace_validate(tr, err, errlen)) goto bad;
    goto done;
oom:
    fail(&b, _("out of memory building the trace"));
bad:
    rv_trace_free(tr);
    tr = NULL;
done:
    free(b.order);
    free(b.start);
    free(b.g);
    free(b.nsub);
    free(b.ranks);
    return tr;
}

rv_trace *rv_own_build(const rv_own_input *in, char *err, size_t errlen)
{
    /* the values a bulk copy's pieces show: the driver's input, where they
       come from there (bulk.c) */
    const rv_own_meta *m = in->meta;
    rv_bulk_input input = {m && m->ncalls ? m->calls[0].in_addr
                           : m            ? m->in_addr
                                          : 0,
                           m && m->ncalls ? m->calls[0].in_n
                           : m            ? m->in_n
                                          : 0,
                           in->data};
    rv_raw laid;
    uint64_t bulk_cut = 0;
    int k = rv_own_bulk_expand(in->raw, &input, &laid, &bulk_cut);
    if (k < 0) {
        snprintf(err, errlen, "%s", _("out of memory building the trace"));
        return NULL;
    }
    if (k == 0) return build(in, 0, err, errlen);
    rv_own_input with = *in;
    with.raw = &laid;
    rv_trace *tr = build(&with, bulk_cut, err, errlen);
    rv_raw_free(&laid);
    return tr;
}
