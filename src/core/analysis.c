/* analysis.c — derives everything the picture shows from a trace.
 *
 * Computed once, in four passes over the steps:
 *  1. forward: shared memory and registers before/after each step (apply writes);
 *  2. per step and warp: executing lanes, state, shared-memory requests and
 *     their conflict degrees, global load requests and their sectors;
 *  3. backward: liveness of every shared word and register, which marks the
 *     lanes whose result nobody reads (wasted work);
 *  4. on demand: provenance, by walking a value's writes back to the input.
 */
#include "analysis.h"
#include "versions.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "i18n.h"

const char *rv_warp_state_name(rv_warp_state s)
{
    switch (s) {
    case RV_WARP_IDLE: return "idle";
    case RV_WARP_FULL: return "full";
    default: return "divergent";
    }
}

const char *rv_phase_name(rv_phase p)
{
    static const char *const names[RV_PHASE_COUNT] = {"load", "tree", "warp", "shuffle", "store", "write", "atomic"};
    return (unsigned)p < RV_PHASE_COUNT ? names[p] : "?";
}

int rv_bank_conflict_degree(const int64_t words[RV_WARP_SIZE])
{
    /* distinct words per bank; the worst bank sets the degree */
    int64_t seen[RV_BANKS][RV_WARP_SIZE];
    int count[RV_BANKS] = {0};
    int worst = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        if (words[l] < 0) continue;
        int bank = (int)(words[l] % RV_BANKS);
        int dup = 0;
        for (int k = 0; k < count[bank]; k++) dup |= seen[bank][k] == words[l];
        if (!dup) seen[bank][count[bank]++] = words[l];
        if (count[bank] > worst) worst = count[bank];
    }
    return worst;
}

/* A request of wide shared-memory accesses (8 or 16 bytes a lane, traced
 * from the hardware) is served in phases of 16 or 8 lanes, as Nsight Compute
 * counts them: within a phase the worst bank's distinct words are its
 * wavefronts, and the request takes the phases' sum.  Its degree is that sum
 * over the phases that had a lane: 1 when every phase took one pass.  With
 * words of one width (1: the 4-byte accesses) this is the plain degree. */
int rv_smem_request(const int64_t words[RV_WARP_SIZE], int width, int *wavefronts)
{
    int per_phase = RV_WARP_SIZE / width, waves = 0, phases = 0, worst = 0;
    for (int p = 0; p < width; p++) {
        int64_t seen[RV_BANKS][RV_WARP_SIZE];
        int count[RV_BANKS] = {0}, most = 0;
        for (int l = p * per_phase; l < (p + 1) * per_phase; l++) {
            if (words[l] < 0) continue;
            for (int k = 0; k < width; k++) {
                int64_t wd = words[l] + k;
                int bank = (int)(wd % RV_BANKS), dup = 0;
                for (int j = 0; j < count[bank]; j++) dup |= seen[bank][j] == wd;
                if (!dup) seen[bank][count[bank]++] = wd;
                if (count[bank] > most) most = count[bank];
            }
        }
        waves += most;
        phases += most > 0;
        if (most > worst) worst = most;
    }
    if (wavefronts) *wavefronts = waves;
    return width == 1 ? worst : phases ? (waves + phases - 1) / phases : 0;
}

/* Global loads, of input elements (4 bytes), of float4s (16 bytes) or of
 * partials written by blocks (v8's last block), are one kind of request;
 * so are shared-memory accesses of every width. */
static int same_space(unsigned a, unsigned sp)
{
    return a == sp || (sp == RV_SPACE_GIN && (a == RV_SPACE_GIN4 || a == RV_SPACE_GOUT)) ||
           (sp == RV_SPACE_SMEM && (a == RV_SPACE_SMEM8 || a == RV_SPACE_SMEM16));
}

static int count_reads(const rv_trace *tr, const rv_event *e, unsigned sp)
{
    int c = 0;
    const uint64_t *r = rv_event_reads(tr, e);
    for (uint32_t i = 0; i < e->nreads; i++) c += same_space(RV_ACC_SPACE(r[i]), sp);
    return c;
}

/* Sectors of 32 bytes a request touches: element i lies in sector i / 8; a
 * float4 (4 elements from a multiple of 4) never straddles two. */
static int distinct_sectors(const int64_t idx[RV_WARP_SIZE])
{
    int64_t sec[RV_WARP_SIZE];
    int n = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        if (idx[l] < 0) continue;
        int64_t s = idx[l] / 8; /* 8 floats = 32 bytes */
        int dup = 0;
        for (int k = 0; k < n; k++) dup |= sec[k] == s;
        if (!dup) sec[n++] = s;
    }
    return n;
}

/* ---- pass 1: contents ------------------------------------------------------ */

static void apply_writes(rv_analysis *an)
{
    const rv_trace *tr = an->tr;
    int W = an->smem_words, B = tr->block_size;
    for (int s = 0; s < tr->nsteps; s++) {
        float *sm = an->smem + (size_t)(s + 1) * W;
        uint8_t *sm_set = an->smem_set + (size_t)(s + 1) * W;
        float *rg = an->regs + (size_t)(s + 1) * B;
        uint8_t *rg_set = an->regs_set + (size_t)(s + 1) * B;
        memcpy(sm, sm - W, (size_t)W * sizeof *sm);
        memcpy(sm_set, sm_set - W, (size_t)W);
        memcpy(rg, rg - B, (size_t)B * sizeof *rg);
        memcpy(rg_set, rg_set - B, (size_t)B);
        for (int t = 0; t < B; t++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            if (!e->line) continue;
            uint64_t i = RV_ACC_INDEX(e->write);
            if (RV_ACC_IS_SMEM(e->write)) { /* a wide write: its first word's value is known */
                for (unsigned k = 0; k < RV_ACC_WORDS(e->write); k++) {
                    sm[i + k] = k ? rv_value_unknown_make() : e->value;
                    sm_set[i + k] = 1;
                }
            }
            if (RV_ACC_SPACE(e->write) == RV_SPACE_REG) {
                rg[i] = e->value;
                rg_set[i] = 1;
            }
        }
    }
}

/* ---- pass 2: warps, conflicts, coalescing ------------------------------------ */

/* The next access of space sp among an event's reads from *pos on (which it
 * moves past it), or -1: lanes walk their reads once, whatever their number
 * (a grid-stride loop's thread reads thousands). */
static int64_t next_read(const rv_trace *tr, const rv_event *e, unsigned sp, uint32_t *pos, int *width)
{
    const uint64_t *r = rv_event_reads(tr, e);
    for (; *pos < e->nreads; ++*pos)
        if (same_space(RV_ACC_SPACE(r[*pos]), sp)) {
            if (width) *width = (int)RV_ACC_WORDS(r[*pos]);
            return (int64_t)RV_ACC_INDEX(r[(*pos)++]);
        }
    return -1;
}

/* Marks the words a request touched with its degree (the worst one wins). */
static void mark_conflict(rv_analysis *an, int s, const int64_t words[RV_WARP_SIZE], int width, int deg)
{
    for (int l = 0; l < RV_WARP_SIZE; l++)
        for (int j = 0; words[l] >= 0 && j < width && words[l] + j < an->smem_words; j++) {
            uint8_t *c = &an->conflict[(size_t)s * an->smem_words + (size_t)(words[l] + j)];
            if (deg > *c) *c = (uint8_t)(deg > 255 ? 255 : deg);
        }
}

/* A warp's atomics (RV_EV_ATOMIC): round r of the instruction holds the lanes
 * still trying (a compare-and-swap loop goes round until each lane's swap
 * takes); lanes on one word are served one after another. */
static void analyse_atomics(rv_analysis *an, int s, rv_warp_info *wi, const rv_event *const ev[RV_WARP_SIZE])
{
    int rounds = 0, smem = 0;
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        if (!ev[l] || !(ev[l]->flags & RV_EV_ATOMIC)) continue;
        wi->atom_lanes++;
        wi->atom_tries += ev[l]->tries;
        if (ev[l]->tries > rounds) rounds = ev[l]->tries;
        smem |= RV_ACC_IS_SMEM(ev[l]->write);
        int seen = 0, same = 0;
        for (int m = 0; m < RV_WARP_SIZE; m++) {
            if (!ev[m] || !(ev[m]->flags & RV_EV_ATOMIC) || ev[m]->write != ev[l]->write) continue;
            same++;
            seen |= m < l;
        }
        wi->atom_words += !seen;
        if (same > wi->atom_same_word) wi->atom_same_word = same;
    }
    if (!wi->atom_lanes) return;
    if (!smem) {
        wi->gatom_requests += rounds;
        return;
    }
    for (int r = 0; r < rounds; r++) {
        int64_t words[RV_WARP_SIZE];
        for (int l = 0; l < RV_WARP_SIZE; l++)
            words[l] = ev[l] && (ev[l]->flags & RV_EV_ATOMIC) && ev[l]->tries > r && RV_ACC_IS_SMEM(ev[l]->write)
                           ? (int64_t)RV_ACC_INDEX(ev[l]->write)
                           : -1;
        int waves = 0, deg = rv_smem_request(words, 1, &waves);
        if (!deg) continue;
        wi->smem_atom_requests++;
        wi->smem_atom_wavefronts += waves;
        if (deg > wi->max_conflict) wi->max_conflict = deg;
        mark_conflict(an, s, words, 1, deg);
    }
}

static void analyse_warp(rv_analysis *an, int s, int w)
{
    const rv_trace *tr = an->tr;
    rv_warp_info *wi = &an->warps[(size_t)s * an->nwarps + w];
    const rv_event *ev[RV_WARP_SIZE];
    uint32_t pos[RV_WARP_SIZE];
    int max_smem = 0, max_gin = 0, any_smem_write = 0, lanes = rv_warp_lanes(tr->block_size, w);
    wi->warp = w;
    for (int l = 0; l < RV_WARP_SIZE; l++) {
        /* a partial warp (the last of a block that is no multiple of 32):
           the lanes past the block do not exist */
        ev[l] = l < lanes ? rv_trace_event(tr, s, w * RV_WARP_SIZE + l) : NULL;
        if (!ev[l] || !ev[l]->line) {
            ev[l] = NULL;
            continue;
        }
        wi->active_lanes++;
        int c = count_reads(tr, ev[l], RV_SPACE_SMEM);
        if (c > max_smem) max_smem = c;
        c = count_reads(tr, ev[l], RV_SPACE_GIN);
        if (c > max_gin) max_gin = c;
        any_smem_write |= RV_ACC_IS_SMEM(ev[l]->write) && !(ev[l]->flags & RV_EV_ATOMIC);
    }
    wi->state = wi->active_lanes == 0 ? RV_WARP_IDLE : wi->active_lanes == lanes ? RV_WARP_FULL : RV_WARP_DIVERGENT;
    /* shared-memory requests: the k-th read of each lane, then the write */
    memset(pos, 0, sizeof pos);
    for (int k = 0; k <= max_smem; k++) {
        int64_t words[RV_WARP_SIZE];
        int width = 1; /* the request's access width in words (one instruction: one width) */
        for (int l = 0; l < RV_WARP_SIZE; l++) {
            words[l] = -1;
            if (!ev[l]) continue;
            int wl = 1;
            if (k < max_smem)
                words[l] = next_read(tr, ev[l], RV_SPACE_SMEM, &pos[l], &wl);
            else if (RV_ACC_IS_SMEM(ev[l]->write) && !(ev[l]->flags & RV_EV_ATOMIC)) {
                words[l] = (int64_t)RV_ACC_INDEX(ev[l]->write);
                wl = (int)RV_ACC_WORDS(ev[l]->write);
            }
            if (words[l] >= 0 && wl > width) width = wl;
        }
        if (k == max_smem && !any_smem_write) break;
        int waves = 0;
        int deg = rv_smem_request(words, width, &waves);
        if (deg == 0) continue;
        wi->smem_requests++;
        wi->smem_wavefronts += waves;
        int lanes = 0;
        for (int l = 0; l < RV_WARP_SIZE; l++) lanes += words[l] >= 0;
        if (k < max_smem) {
            wi->smem_ld_requests++;
            wi->smem_ld_wavefronts += waves;
            wi->smem_ld_lanes += lanes;
        } else {
            wi->smem_st_requests++;
            wi->smem_st_wavefronts += waves;
            wi->smem_st_lanes += lanes;
        }
        if (deg > wi->max_conflict) wi->max_conflict = deg;
        mark_conflict(an, s, words, width, deg);
    }
    memset(pos, 0, sizeof pos);
    for (int k = 0; k < max_gin; k++) {
        int64_t idx[RV_WARP_SIZE];
        for (int l = 0; l < RV_WARP_SIZE; l++) idx[l] = ev[l] ? next_read(tr, ev[l], RV_SPACE_GIN, &pos[l], NULL) : -1;
        wi->gld_requests++;
        wi->gld_sectors += distinct_sectors(idx);
    }
    analyse_atomics(an, s, wi, ev);
}

static int cmp_u64(const void *a, const void *b);

static void summarise_step(rv_analysis *an, int s)
{
    const rv_trace *tr = an->tr;
    rv_step_info *si = &an->steps[s];
    int best_line = 0, best_count = 0;
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, s, t);
        if (!e->line) continue;
        si->active_threads++;
        si->wasted_threads += an->wasted[(size_t)s * tr->block_size + t];
        if (e->line == best_line) {
            best_count++;
            continue;
        }
        int count = 0; /* lines per step are few: count this one */
        for (int u = 0; u < tr->block_size; u++) count += rv_trace_event(tr, s, u)->line == e->line;
        if (count > best_count) {
            best_count = count;
            best_line = e->line;
        }
    }
    si->line = best_line;
    /* atomics of the whole block: lanes of every warp on one word wait in turn */
    uint64_t *words = an->scratch;
    int n = 0;
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, s, t);
        if (!e->line || !(e->flags & RV_EV_ATOMIC)) continue;
        si->atom_tries += e->tries;
        words[n++] = e->write;
    }
    qsort(words, (size_t)n, sizeof *words, cmp_u64);
    si->atom_lanes = n;
    for (int i = 0, j; i < n; i = j) {
        for (j = i; j < n && words[j] == words[i]; j++) {}
        si->atom_words++;
        if (j - i > si->atom_same_word) si->atom_same_word = j - i;
    }
    for (int w = 0; w < an->nwarps; w++) {
        const rv_warp_info *wi = rv_analysis_warp(an, s, w);
        if (wi->max_conflict > si->max_conflict) si->max_conflict = wi->max_conflict;
        si->full_warps += wi->state == RV_WARP_FULL;
        si->divergent_warps += wi->state == RV_WARP_DIVERGENT;
    }
}

/* ---- pass 3: liveness -------------------------------------------------------- */

/* A location as one index: shared words first, then registers. */
static int64_t loc_of(const rv_analysis *an, int t, uint64_t acc)
{
    uint64_t i = RV_ACC_INDEX(acc);
    switch (RV_ACC_SPACE(acc)) {
    case RV_SPACE_SMEM:
    case RV_SPACE_SMEM8:
    case RV_SPACE_SMEM16: return (int64_t)i; /* a wide one: its first word */
    case RV_SPACE_REG: return an->smem_words + (int64_t)i;
    case RV_SPACE_LANE: /* a lane past a partial warp's last holds nothing of the block's */
        return (t & ~(RV_WARP_SIZE - 1)) + (int64_t)i < an->tr->block_size
                   ? an->smem_words + (int64_t)((t & ~(RV_WARP_SIZE - 1)) + (int)i)
                   : -1;
    default: return -1;
    }
}

static int mark_wasted(rv_analysis *an)
{
    const rv_trace *tr = an->tr;
    int B = tr->block_size;
    uint8_t *live = calloc((size_t)(an->smem_words + B), 1);
    uint8_t *useful = calloc((size_t)B, 1);
    if (!live || !useful) {
        free(live);
        free(useful);
        return -1;
    }
    for (int s = tr->nsteps - 1; s >= 0; s--) {
        for (int t = 0; t < B; t++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            int64_t w = loc_of(an, t, e->write);
            unsigned ws = RV_ACC_SPACE(e->write); /* global memory outlives the block: always used */
            useful[t] =
                e->line && (ws == RV_SPACE_GOUT || ws == RV_SPACE_TICKET || ws == RV_SPACE_GOWN || (w >= 0 && live[w]));
            an->wasted[(size_t)s * B + t] = e->line && !useful[t];
        }
        for (int t = 0; t < B; t++) { /* the step's writes kill (an atomic adds to what is there: it kills none) ... */
            const rv_event *e = rv_trace_event(tr, s, t);
            int64_t w = loc_of(an, t, e->write);
            if (e->line && w >= 0 && !(e->flags & RV_EV_ATOMIC)) live[w] = 0;
        }
        for (int t = 0; t < B; t++) { /* ... then what useful lanes read is needed before it */
            if (!useful[t]) continue;
            const rv_event *e = rv_trace_event(tr, s, t);
            const uint64_t *r = rv_event_reads(tr, e);
            for (uint32_t k = 0; k < e->nreads; k++) {
                int64_t l = loc_of(an, t, r[k]);
                for (unsigned j = 0; l >= 0 && j < RV_ACC_WORDS(r[k]); j++) live[l + j] = 1;
            }
            int64_t w = loc_of(an, t, e->write); /* an atomic reads the word it changes */
            if ((e->flags & RV_EV_ATOMIC) && w >= 0) live[w] = 1;
        }
    }
    free(live);
    free(useful);
    return 0;
}

/* ---- the whole analysis ----------------------------------------------------- */

rv_analysis *rv_analyze(const rv_trace *tr, char *err, size_t errlen)
{
    rv_analysis *an = calloc(1, sizeof *an);
    if (!an) goto oom;
    size_t S = (size_t)tr->nsteps, B = (size_t)tr->block_size;
    an->tr = tr;
    an->nwarps = (int)((B + RV_WARP_SIZE - 1) / RV_WARP_SIZE);
    an->smem_words = rv_trace_smem_words(tr);
    size_t W = (size_t)an->smem_words;
    an->steps = calloc(S, sizeof *an->steps);
    an->warps = calloc(S * (size_t)an->nwarps, sizeof *an->warps);
    an->wasted = calloc(S * B, 1);
    an->conflict = calloc(S * W, 1);
    an->smem = calloc((S + 1) * W, sizeof *an->smem);
    an->smem_set = calloc((S + 1) * W, 1);
    an->regs = calloc((S + 1) * B, sizeof *an->regs);
    an->regs_set = calloc((S + 1) * B, 1);
    an->scratch = calloc(B, sizeof *an->scratch);
    if (!an->scratch || !an->steps || !an->warps || !an->wasted || !an->conflict || !an->smem || !an->smem_set ||
        !an->regs || !an->regs_set)
        goto oom;
    apply_writes(an);
    for (int s = 0; s < tr->nsteps; s++)
        for (int w = 0; w < an->nwarps; w++) analyse_warp(an, s, w);
    if (mark_wasted(an)) goto oom;
    for (int s = 0; s < tr->nsteps; s++) {
        summarise_step(an, s);
        for (int w = 0; w < an->nwarps; w++) {
            rv_warp_info *wi = &an->warps[(size_t)s * an->nwarps + w];
            for (int l = 0; l < rv_warp_lanes((int)B, w); l++)
                wi->wasted_lanes += an->wasted[(size_t)s * B + (size_t)w * RV_WARP_SIZE + l];
        }
    }
    return an;
oom:
    snprintf(err, errlen, _("out of memory analysing the trace"));
    rv_analysis_free(an);
    return NULL;
}

void rv_analysis_free(rv_analysis *an)
{
    if (!an) return;
    free(an->steps);
    free(an->warps);
    free(an->wasted);
    free(an->conflict);
    free(an->smem);
    free(an->smem_set);
    free(an->regs);
    free(an->regs_set);
    free(an->scratch);
    free(an);
}

rv_smem_totals rv_analysis_totals(const rv_analysis *an)
{
    rv_smem_totals t = {0};
    for (int s = 0; s < an->tr->nsteps; s++)
        for (int w = 0; w < an->nwarps; w++) {
            const rv_warp_info *wi = rv_analysis_warp(an, s, w);
            t.ld_requests += wi->smem_ld_requests;
            t.ld_wavefronts += wi->smem_ld_wavefronts;
            t.st_requests += wi->smem_st_requests;
            t.st_wavefronts += wi->smem_st_wavefronts;
            t.atom_requests += wi->smem_atom_requests;
            t.atom_wavefronts += wi->smem_atom_wavefronts;
            t.gatom_requests += wi->gatom_requests;
        }
    return t;
}

/* ---- pass 4: provenance ------------------------------------------------------ */

typedef struct ilist {
    uint64_t *v;
    size_t n, cap;
    int oom;
} ilist;

static void ilist_push(ilist *l, uint64_t x)
{
    if (l->oom) return;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        uint64_t *p = realloc(l->v, cap * sizeof *p);
        if (!p) {
            l->oom = 1;
            return;
        }
        l->v = p;
        l->cap = cap;
    }
    l->v[l->n++] = x;
}

/* The thread whose write put the value into location acc at step s, or -1. */
static int writer(const rv_analysis *an, int s, uint64_t acc)
{
    const rv_trace *tr = an->tr;
    if (RV_ACC_SPACE(acc) == RV_SPACE_REG) {
        int t = (int)RV_ACC_INDEX(acc);
        if (RV_ACC_INDEX(acc) >= (uint64_t)tr->block_size) return -1; /* a lane past a partial warp */
        const rv_event *e = rv_trace_event(tr, s, t);
        return e->line && e->write == acc ? t : -1;
    }
    uint64_t i = RV_ACC_INDEX(acc);
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, s, t);
        if (!e->line) continue;
        if (e->write == acc) return t;
        /* a word inside a wide store (own traces): that thread's too */
        if (RV_ACC_SPACE(acc) == RV_SPACE_SMEM && RV_ACC_IS_SMEM(e->write) && RV_ACC_WORDS(e->write) > 1 &&
            i >= RV_ACC_INDEX(e->write) && i < RV_ACC_INDEX(e->write) + RV_ACC_WORDS(e->write))
            return t;
    }
    return -1;
}

/* Adds the input elements that location acc holds after step `step`. */
static void collect(const rv_analysis *an, int step, uint64_t acc, ilist *out)
{
    for (int s = step; s >= 0; s--) {
        int t = writer(an, s, acc);
        if (t < 0) continue;
        const rv_event *e = rv_trace_event(an->tr, s, t);
        const uint64_t *r = rv_event_reads(an->tr, e);
        for (uint32_t k = 0; k < e->nreads; k++) {
            uint64_t a = r[k];
            switch (RV_ACC_SPACE(a)) {
            case RV_SPACE_GIN: ilist_push(out, RV_ACC_INDEX(a)); break;
            case RV_SPACE_GIN4: /* a 128-bit load: four elements */
                for (uint64_t j = 0; j < 4; j++) ilist_push(out, RV_ACC_INDEX(a) + j);
                break;
            case RV_SPACE_LANE: /* another lane's register */
                collect(an, s - 1, RV_ACC(RV_SPACE_REG, (t & ~(RV_WARP_SIZE - 1)) + (int)RV_ACC_INDEX(a)), out);
                break;
            case RV_SPACE_SMEM:
            case RV_SPACE_REG: collect(an, s - 1, a, out); break;
            case RV_SPACE_SMEM8:
            case RV_SPACE_SMEM16: /* a wide load: each of its words */
                for (unsigned j = 0; j < RV_ACC_WORDS(a); j++)
                    collect(an, s - 1, RV_ACC(RV_SPACE_SMEM, RV_ACC_INDEX(a) + j), out);
                break;
            default: break;
            }
        }
        return;
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

uint64_t rv_provenance(const rv_analysis *an, int step, uint64_t acc, char *buf, size_t len)
{
    ilist l = {0};
    collect(an, step, acc, &l);
    if (l.oom) {
        snprintf(buf, len, _("(out of memory)"));
        free(l.v);
        return 0;
    }
    if (l.n) qsort(l.v, l.n, sizeof *l.v, cmp_u64); /* l.v is NULL when nothing was collected */
    size_t distinct = 0;
    for (size_t i = 0; i < l.n; i++)
        if (i == 0 || l.v[i] != l.v[i - 1]) l.v[distinct++] = l.v[i];
    int twice = distinct != l.n;
    size_t pos = 0;
    buf[0] = '\0';
    if (distinct == 0) snprintf(buf, len, _("no input elements"));
    int ranges = 0;
    for (size_t i = 0; i < distinct && pos < len;) {
        size_t j = i;
        while (j + 1 < distinct && l.v[j + 1] == l.v[j] + 1) j++;
        if (++ranges > 6) { /* keep hover text short */
            pos += (size_t)snprintf(buf + pos, len - pos, " + ...");
            break;
        }
        if (j == i)
            pos += (size_t)snprintf(buf + pos, len - pos, "%sin[%" PRIu64 "]", i ? " + " : "", l.v[i]);
        else
            pos += (size_t)snprintf(buf + pos, len - pos, "%sin[%" PRIu64 "..%" PRIu64 "]", i ? " + " : "", l.v[i],
                                    l.v[j]);
        i = j + 1;
    }
    if (twice && pos < len) snprintf(buf + pos, len - pos, _(" (some counted more than once)"));
    free(l.v);
    return distinct;
}
