/* trace.c — a trace in memory: made, filled, freed, compared.
 *
 * The file format (reading, writing, validation) is trace_file.c.
 */
#include "trace.h"
#include "versions.h"
#include "waves.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- in memory ---------------------------------------------------------- */

int rv_trace_max_steps(int version) { return version == RV_VERSION_OWN ? RV_OWN_MAX_STEPS : RV_MAX_STEPS; }

int rv_trace_count_launches(const rv_trace *tr)
{
    int n = 0;
    for (; tr; tr = tr->next) n++;
    return n;
}

rv_trace *rv_trace_new(int block_size, int nsteps)
{
    if (block_size <= 0 || nsteps <= 0 || nsteps > RV_OWN_MAX_STEPS) return NULL;
    rv_trace *tr = calloc(1, sizeof *tr);
    if (!tr) return NULL;
    tr->block_size = block_size;
    tr->nsteps = nsteps;
    tr->launch = tr->launches = tr->call = 1; /* the first launch of one, until said */
    tr->steps = calloc((size_t)nsteps, sizeof *tr->steps);
    tr->events = calloc((size_t)nsteps * (size_t)block_size, sizeof *tr->events);
    if (!tr->steps || !tr->events) {
        rv_trace_free(tr);
        return NULL;
    }
    return tr;
}

void rv_trace_free(rv_trace *tr)
{
    while (tr) {
        rv_trace *next = tr->next;
        free(tr->steps);
        free(tr->events);
        free(tr->reads);
        free(tr->own_name);
        free(tr->own_source);
        free(tr->own_kernel);
        free(tr->own_cut);
        free(tr->own_grid);
        rv_waves_free(tr->waves);
        free(tr);
        tr = next;
    }
}

void rv_trace_block_dim(const rv_trace *tr, uint32_t dim[3])
{
    int said = tr->block_dim[0] != 0;
    dim[0] = said ? tr->block_dim[0] : (uint32_t)tr->block_size;
    dim[1] = said ? tr->block_dim[1] : 1;
    dim[2] = said ? tr->block_dim[2] : 1;
}

void rv_trace_grid_dim(const rv_trace *tr, uint32_t dim[3])
{
    int said = tr->grid_dim[0] != 0;
    dim[0] = said ? tr->grid_dim[0] : tr->grid;
    dim[1] = said ? tr->grid_dim[1] : 1;
    dim[2] = said ? tr->grid_dim[2] : 1;
}

int rv_step_dsmem_ranks(const rv_step *st, char ranks[][8], int most)
{
    int n = 0, used = 0;
    if (!(st->flags & RV_STEP_DSMEM)) return 0;
    for (const char *p = st->label + strcspn(st->label, " "); n < most && sscanf(p, "%7s%n", ranks[n], &used) == 1;
         p += used)
        n++;
    return n;
}

int rv_trace_clustered(const rv_trace *tr, uint32_t dim[3], uint32_t *blocks)
{
    for (int k = 0; k < 3; k++) dim[k] = tr->cluster_dim[k] ? tr->cluster_dim[k] : 1;
    if (!rv_trace_is_own(tr)) { /* a shipped version's cluster is its row's: a row of blocks */
        dim[0] = (uint32_t)rv_version_cluster(tr->version);
        dim[1] = dim[2] = 1;
    }
    *blocks = dim[0] * dim[1] * dim[2];
    return *blocks > 1;
}

uint32_t rv_trace_cluster_rank(const rv_trace *tr)
{
    uint32_t c[3], g[3], blocks;
    rv_trace_clustered(tr, c, &blocks);
    rv_trace_grid_dim(tr, g);
    uint32_t x = tr->traced_block % g[0], y = tr->traced_block / g[0] % g[1], z = tr->traced_block / (g[0] * g[1]);
    return x % c[0] + c[0] * (y % c[1] + c[1] * (z % c[2]));
}

int rv_dims_used(const uint32_t dim[3]) { return dim[2] > 1 ? 3 : dim[1] > 1 ? 2 : 1; }

void rv_dims_text(const uint32_t dim[3], char *buf, size_t len)
{
    int used = rv_dims_used(dim);
    if (used == 1)
        snprintf(buf, len, "%u", dim[0]);
    else if (used == 2)
        snprintf(buf, len, "%u\xC3\x97%u", dim[0], dim[1]);
    else
        snprintf(buf, len, "%u\xC3\x97%u\xC3\x97%u", dim[0], dim[1], dim[2]);
}

int rv_warp_lanes(int block_size, int w)
{
    int left = block_size - w * 32;
    return left <= 0 || w < 0 ? 0 : left < 32 ? left : 32;
}

int rv_trace_smem_words(const rv_trace *tr)
{
    if (tr->version == RV_VERSION_OWN) return (int)tr->own_smem_words;
    return rv_version_smem_words(tr->version, tr->block_size);
}

int rv_trace_is_own(const rv_trace *tr) { return tr->version == RV_VERSION_OWN && tr->own_name && tr->own_source; }

int rv_trace_unchanged(const rv_trace *tr)
{
    return tr->origin_kind == RV_ORIGIN_GPU && !rv_trace_is_own(tr) && rv_version(tr->version) &&
           tr->source_hash == rv_version_source_hash(tr->version) && !rv_version_has_macros(tr->version);
}

const char *rv_trace_name(const rv_trace *tr)
{
    return rv_trace_is_own(tr) ? tr->own_name : rv_version_name(tr->version);
}

const char *rv_trace_source(const rv_trace *tr)
{
    return rv_trace_is_own(tr) ? tr->own_source : rv_version_source(tr->version);
}

int rv_value_unknown(float v)
{
    uint32_t u;
    memcpy(&u, &v, sizeof u);
    return u == RV_VALUE_UNKNOWN_BITS;
}

float rv_value_unknown_make(void)
{
    uint32_t u = RV_VALUE_UNKNOWN_BITS;
    float v;
    memcpy(&v, &u, sizeof v);
    return v;
}

int rv_trace_set(rv_trace *tr, int s, int t, uint16_t line, float value, uint64_t write, const uint64_t *reads,
                 int nreads)
{
    if (!tr->reads || tr->nreads + (size_t)nreads > tr->reads_cap) { /* a pool even when no event reads:
                                                                       rv_event_reads never offsets NULL */
        size_t cap = tr->reads_cap ? tr->reads_cap : 1024;
        while (cap < tr->nreads + (size_t)nreads) cap *= 2;
        uint64_t *grown = realloc(tr->reads, cap * sizeof *grown);
        if (!grown) return -1;
        tr->reads = grown;
        tr->reads_cap = cap;
    }
    rv_event *e = rv_trace_event(tr, s, t);
    e->line = line;
    e->value = value;
    e->write = write;
    e->nreads = (uint32_t)nreads;
    e->reads = (uint32_t)tr->nreads;
    if (nreads > 0) memcpy(tr->reads + tr->nreads, reads, (size_t)nreads * sizeof *reads);
    tr->nreads += (size_t)nreads;
    return 0;
}

void rv_trace_set_atomic(rv_trace *tr, int s, int t, unsigned tries)
{
    rv_event *e = rv_trace_event(tr, s, t);
    e->flags |= RV_EV_ATOMIC;
    e->tries = (uint16_t)(tries < 1 ? 1 : tries > UINT16_MAX ? UINT16_MAX : tries);
}

/* ---- comparison ------------------------------------------------------------ */

static int same_shape(const rv_trace *a, const rv_trace *b)
{
    uint32_t x[3], y[3], u[3], v[3], c[3], d[3], n;
    rv_trace_block_dim(a, x);
    rv_trace_block_dim(b, y);
    rv_trace_grid_dim(a, u);
    rv_trace_grid_dim(b, v);
    rv_trace_clustered(a, c, &n);
    rv_trace_clustered(b, d, &n);
    return !memcmp(x, y, sizeof x) && !memcmp(u, v, sizeof u) && !memcmp(c, d, sizeof c);
}

int rv_trace_compare(const rv_trace *a, const rv_trace *b, char *msg, size_t msglen)
{
    if (a->version != b->version || a->block_size != b->block_size || a->n != b->n || a->grid != b->grid ||
        a->traced_block != b->traced_block || a->data.kind != b->data.kind || a->data.seed != b->data.seed ||
        a->nsteps != b->nsteps || !same_shape(a, b)) {
        snprintf(
            msg, msglen,
            "the traces describe different runs (version, block size or shape, N, grid, block, data or steps differ)");
        return 1;
    }
    for (int s = 0; s < a->nsteps; s++) {
        const rv_step *p = &a->steps[s], *q = &b->steps[s];
        if (strcmp(p->label, q->label) != 0 || p->stride != q->stride || p->phase != q->phase || p->flags != q->flags) {
            snprintf(msg, msglen, "step %d: '%s' vs '%s'", s, a->steps[s].label, b->steps[s].label);
            return 1;
        }
        for (int t = 0; t < a->block_size; t++) {
            const rv_event *x = rv_trace_event(a, s, t), *y = rv_trace_event(b, s, t);
            const char *what = NULL;
            if (x->line != y->line)
                what = "executed or source line";
            else if (x->flags != y->flags || x->tries != y->tries)
                what = "atomic";
            else if (rv_value_bits(x->value) != rv_value_bits(y->value))
                what = "value";
            else if (x->write != y->write)
                what = "write";
            else if (x->nreads != y->nreads ||
                     memcmp(rv_event_reads(a, x), rv_event_reads(b, y), x->nreads * sizeof(uint64_t)) != 0)
                what = "reads";
            if (what) {
                snprintf(msg, msglen, "step %d ('%s') thread %d: %s differ (line %u vs %u, value %.9g vs %.9g)", s,
                         a->steps[s].label, t, what, x->line, y->line, (double)x->value, (double)y->value);
                return 1;
            }
        }
    }
    return 0;
}
