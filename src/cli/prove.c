/* prove.c — an unchanged kernel's trace against its reference, access by
 * access (prove.h says what is compared and which differences are explained). */
#include "prove.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/analysis.h"
#include "core/i18n.h"
#include "model/model.h"
#include "core/versions.h"

const char *rv_prove_kind_name(rv_prove_kind k)
{
    static const char *const names[RV_PROVE_KINDS] = {N_("global reads"), N_("global writes"), N_("shared writes"),
                                                      N_("shared reads"), N_("writing lanes"), N_("bank conflicts")};
    return k < RV_PROVE_KINDS ? _(names[k]) : "?";
}

/* One thread's accesses of one kind, as 64-bit keys. */
typedef struct keys {
    uint64_t *k;
    size_t n, cap;
    int oom;
} keys;

static void add(keys *a, uint64_t k)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 64;
        uint64_t *g = realloc(a->k, cap * sizeof *g);
        if (!g) {
            a->oom = 1;
            return;
        }
        a->k = g;
        a->cap = cap;
    }
    a->k[a->n++] = k;
}

#define UNKNOWN_BITS 0xffffffffu /* a value the tracer cannot see */

/* Did the traced block read the partial sums, as the block that draws a
 * single pass's last ticket does?  (Under the tracer the traced block is the
 * slowest, so it often is that block.) */
static int read_partials(const rv_trace *tr)
{
    for (int s = 0; s < tr->nsteps; s++)
        for (int t = 0; t < tr->block_size; t++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            const uint64_t *r = rv_event_reads(tr, e);
            for (uint32_t k = 0; e->line && k < e->nreads; k++)
                if (RV_ACC_SPACE(r[k]) == RV_SPACE_GOUT) return 1;
        }
    return 0;
}

/* The steps of ref to compare: all, but a single-pass version's last block
 * phase only when the traced block on the GPU ran it too. */
static int steps_of(const rv_trace *ref, int gpu_was_last)
{
    if (gpu_was_last || !rv_version_has(ref->version, RV_VP_SINGLE_PASS)) return ref->nsteps;
    int last = rv_model_last_block_step(ref->version, ref->block_size);
    return last < ref->nsteps ? last : ref->nsteps;
}

/* Thread t's accesses of kind k in program order, into out. */
static void collect(const rv_trace *tr, int nsteps, int t, rv_prove_kind kind, keys *out)
{
    for (int s = 0; s < nsteps; s++) {
        const rv_event *e = rv_trace_event(tr, s, t);
        if (!e->line) continue;
        unsigned ws = RV_ACC_SPACE(e->write);
        uint32_t vb = rv_value_unknown(e->value) || RV_ACC_WORDS(e->write) > 1 ? UNKNOWN_BITS : rv_value_bits(e->value);
        if (kind == RV_PROVE_GWRITES && ws == RV_SPACE_GOUT) add(out, RV_ACC_INDEX(e->write) << 32 | vb);
        if (kind == RV_PROVE_SWRITES && RV_ACC_IS_SMEM(e->write))
            for (unsigned j = 0; j < RV_ACC_WORDS(e->write); j++)
                add(out, (RV_ACC_INDEX(e->write) + j) << 32 | (j ? UNKNOWN_BITS : vb));
        if (kind != RV_PROVE_GREADS && kind != RV_PROVE_SREADS) continue;
        const uint64_t *r = rv_event_reads(tr, e);
        for (uint32_t k = 0; k < e->nreads; k++) {
            unsigned sp = RV_ACC_SPACE(r[k]);
            uint64_t i = RV_ACC_INDEX(r[k]);
            if (kind == RV_PROVE_GREADS && sp == RV_SPACE_GIN) add(out, i);
            if (kind == RV_PROVE_GREADS && sp == RV_SPACE_GOUT) add(out, 1ull << 62 | i); /* a partial */
            if (kind == RV_PROVE_GREADS && sp == RV_SPACE_GIN4)
                for (uint64_t j = 0; j < 4; j++) add(out, i + j);
            if (kind == RV_PROVE_SREADS && RV_ACC_IS_SMEM(r[k]))
                for (unsigned j = 0; j < RV_ACC_WORDS(r[k]); j++) add(out, i + j);
        }
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Did thread t of ref write shared word w before reading it (so a register
 * could hold it)? */
static int wrote_itself(const rv_trace *ref, int nsteps, int t, uint64_t w)
{
    for (int s = 0; s < nsteps; s++) {
        const rv_event *e = rv_trace_event(ref, s, t);
        if (e->line && RV_ACC_IS_SMEM(e->write) && RV_ACC_INDEX(e->write) <= w &&
            w < RV_ACC_INDEX(e->write) + RV_ACC_WORDS(e->write))
            return 1;
    }
    return 0;
}

static void note(rv_proof *p, const char *fmt, int t, uint64_t a, uint64_t b, const char *kind)
{
    if (!p->first[0]) snprintf(p->first, sizeof p->first, fmt, kind, t, (unsigned long long)a, (unsigned long long)b);
}

/* Writes: the same list in program order; an unknown value matches any. */
static void compare_ordered(rv_proof *p, rv_prove_kind kind, int t, const keys *g, const keys *r)
{
    rv_prove_row *row = &p->row[kind];
    size_t n = g->n < r->n ? g->n : r->n;
    for (size_t i = 0; i < n; i++) {
        uint64_t a = g->k[i], b = r->k[i];
        int same = (a >> 32) == (b >> 32) && ((uint32_t)a == (uint32_t)b || (uint32_t)a == UNKNOWN_BITS);
        if (same) {
            row->same++;
            continue;
        }
        row->only_gpu++;
        row->only_ref++;
        note(p, _("%s of thread %d: 0x%llx on the GPU, 0x%llx in the reference (index << 32 | value bits)"), t, a, b,
             rv_prove_kind_name(kind));
    }
    row->only_gpu += (long)(g->n - n);
    row->only_ref += (long)(r->n - n);
    if (g->n != r->n)
        note(p, _("%s of thread %d: %llu on the GPU, %llu in the reference"), t, g->n, r->n, rv_prove_kind_name(kind));
}

/* Reads: the same multiset; the reference's extra reads of words the thread
 * wrote itself are explained (a register kept them). */
static void compare_multiset(rv_proof *p, rv_prove_kind kind, int t, keys *g, keys *r, const rv_trace *ref, int nref)
{
    rv_prove_row *row = &p->row[kind];
    if (g->n) qsort(g->k, g->n, sizeof *g->k, cmp_u64);
    if (r->n) qsort(r->k, r->n, sizeof *r->k, cmp_u64);
    size_t i = 0, j = 0;
    while (i < g->n || j < r->n) {
        if (i < g->n && j < r->n && g->k[i] == r->k[j]) {
            row->same++;
            i++;
            j++;
            continue;
        }
        if (j >= r->n || (i < g->n && g->k[i] < r->k[j])) {
            row->only_gpu++;
            note(p, _("%s of thread %d: %llu on the GPU only"), t, g->k[i], 0, rv_prove_kind_name(kind));
            i++;
            continue;
        }
        row->only_ref++;
        if (kind == RV_PROVE_SREADS && wrote_itself(ref, nref, t, r->k[j])) {
            row->explained++;
            row->why = N_("the compiler kept a word the thread wrote itself in a register");
        } else {
            note(p, _("%s of thread %d: %llu in the reference only"), t, r->k[j], 0, rv_prove_kind_name(kind));
        }
        j++;
    }
}

/* Per warp: the lanes of each step's shared writes, in order. */
static void compare_lanes(rv_proof *p, const rv_trace *gpu, int ng, const rv_trace *ref, int nr)
{
    for (int w = 0; w < gpu->block_size / RV_WARP_SIZE; w++) {
        keys a = {0}, b = {0};
        const rv_trace *tr[2] = {gpu, ref};
        int ns[2] = {ng, nr};
        keys *out[2] = {&a, &b};
        for (int x = 0; x < 2; x++)
            for (int s = 0; s < ns[x]; s++) {
                uint32_t mask = 0;
                for (int l = 0; l < RV_WARP_SIZE; l++) {
                    const rv_event *e = rv_trace_event(tr[x], s, w * RV_WARP_SIZE + l);
                    if (e->line && RV_ACC_IS_SMEM(e->write)) mask |= 1u << l;
                }
                if (mask) add(out[x], mask);
            }
        compare_ordered(p, RV_PROVE_LANES, w * RV_WARP_SIZE, &a, &b);
        p->unexplained += a.oom || b.oom;
        free(a.k);
        free(b.k);
    }
}

/* Per warp: the passes its shared requests took beyond one each (what bank
 * conflicts cost), summed over the steps compared. */
static void compare_conflicts(rv_proof *p, const rv_analysis *ga, int ng, const rv_analysis *ra, int nr)
{
    rv_prove_row *row = &p->row[RV_PROVE_CONFLICTS];
    for (int w = 0; w < ga->nwarps; w++) {
        long extra[2] = {0, 0};
        int wide = 0;
        for (int s = 0; s < ng; s++) {
            const rv_warp_info *wi = rv_analysis_warp(ga, s, w);
            extra[0] += wi->smem_wavefronts - wi->smem_requests;
            for (int l = 0; l < rv_warp_lanes(ga->tr->block_size, w) && !wide; l++) {
                const rv_event *e = rv_trace_event(ga->tr, s, w * RV_WARP_SIZE + l);
                const uint64_t *r = rv_event_reads(ga->tr, e);
                wide |= e->line && RV_ACC_WORDS(e->write) > 1 && RV_ACC_IS_SMEM(e->write);
                for (uint32_t k = 0; e->line && k < e->nreads; k++)
                    wide |= RV_ACC_IS_SMEM(r[k]) && RV_ACC_WORDS(r[k]) > 1;
            }
        }
        for (int s = 0; s < nr; s++) {
            const rv_warp_info *wi = rv_analysis_warp(ra, s, w);
            extra[1] += wi->smem_wavefronts - wi->smem_requests;
        }
        if (extra[0] == extra[1]) {
            row->same++;
            continue;
        }
        *(extra[0] > extra[1] ? &row->only_gpu : &row->only_ref) += 1;
        if (wide) {
            row->explained++;
            row->why = N_("the compiler merged neighbouring words into 8- or 16-byte accesses");
        } else if (!p->first[0]) {
            snprintf(p->first, sizeof p->first,
                     _("bank conflicts of warp %d: %ld extra passes on the GPU, %ld in the reference"), w, extra[0],
                     extra[1]);
        }
    }
}

int rv_prove(const rv_trace *gpu, const rv_trace *ref, rv_proof *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    if (gpu->block_size != ref->block_size || gpu->n != ref->n || gpu->grid != ref->grid ||
        gpu->traced_block != ref->traced_block || gpu->data.kind != ref->data.kind ||
        gpu->data.seed != ref->data.seed) {
        snprintf(err, errlen, "%s",
                 _("the traces are not of the same run (block size, N, grid, block or data differ)"));
        return -1;
    }
    int ng = gpu->nsteps, nr = steps_of(ref, read_partials(gpu));
    p->skipped_steps = ref->nsteps - nr;
    for (int t = 0; t < gpu->block_size; t++)
        for (int k = RV_PROVE_GREADS; k <= RV_PROVE_SREADS; k++) {
            keys g = {0}, r = {0};
            collect(gpu, ng, t, (rv_prove_kind)k, &g);
            collect(ref, nr, t, (rv_prove_kind)k, &r);
            if (g.oom || r.oom) {
                free(g.k);
                free(r.k);
                snprintf(err, errlen, "%s", _("out of memory comparing the traces"));
                return -1;
            }
            if (k == RV_PROVE_GWRITES || k == RV_PROVE_SWRITES)
                compare_ordered(p, (rv_prove_kind)k, t, &g, &r);
            else
                compare_multiset(p, (rv_prove_kind)k, t, &g, &r, ref, nr);
            free(g.k);
            free(r.k);
        }
    compare_lanes(p, gpu, ng, ref, nr);
    rv_analysis *ga = rv_analyze(gpu, err, errlen), *ra = ga ? rv_analyze(ref, err, errlen) : NULL;
    if (!ra) {
        rv_analysis_free(ga);
        return -1;
    }
    compare_conflicts(p, ga, ng, ra, nr);
    rv_analysis_free(ga);
    rv_analysis_free(ra);
    for (int k = 0; k < RV_PROVE_KINDS; k++)
        p->unexplained += p->row[k].only_gpu + p->row[k].only_ref - p->row[k].explained;
    return 0;
}
