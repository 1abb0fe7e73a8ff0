/* waves.c — a launch's waves checked and summed up (waves.h).
 *
 * Everything goes by sorting the records once: by block (each exactly once),
 * by SM then start (each SM's order, its waves, the time it was busy), and
 * sweeps of starts and ends by SM then time, ends first at one time, for
 * the blocks an SM held at once: whole (start to first exit, against the
 * occupancy bound) and at all (start to last exit, against the SM's limit of
 * blocks; waves.h says why two).  Ends first: the clock is coarser than a
 * block's hand-over on an SM, and a block that truly ended before the next
 * began is never stamped later than it (one global clock, read after entry
 * and before exit), so a tie is a hand-over, not two blocks at once.  The
 * stamps lie inside what they mark (a warp's entry is stamped after it has
 * its resources, its exit before it gives them back; a warp that leaves in
 * parts is stamped at its first part), so a recorded span is never longer
 * than the real one: a count over a bound is a true excess, never the
 * clock's. */
#include "waves.h"

#include "grid_words.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "status.h"

rv_waves *rv_waves_new(uint32_t nblocks)
{
    rv_waves *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->blocks = calloc(nblocks ? nblocks : 1, sizeof *w->blocks);
    if (!w->blocks) {
        free(w);
        return NULL;
    }
    w->nblocks = nblocks;
    for (int k = 0; k < 3; k++) w->grid_dim[k] = w->block_dim[k] = w->cluster_dim[k] = 1;
    return w;
}

void rv_waves_free(rv_waves *w)
{
    while (w) {
        rv_waves *next = w->next;
        free(w->blocks);
        free(w->gpcs.gpc);
        free(w);
        w = next;
    }
}

/* ---- sorting ----------------------------------------------------------------- */

typedef struct edge {
    uint32_t who;
    uint64_t t;
    int up;
    uint32_t block;
} edge;

static int by_edge(const void *a, const void *b)
{
    const edge *x = a, *y = b;
    if (x->who != y->who) return x->who < y->who ? -1 : 1;
    if (x->t != y->t) return x->t < y->t ? -1 : 1;
    return x->up - y->up; /* an end (0) before a start (1) at one time */
}

static const rv_wave_block *sort_base;
static int by_sm_start(const void *a, const void *b)
{
    const rv_wave_block *x = &sort_base[*(const uint32_t *)a], *y = &sort_base[*(const uint32_t *)b];
    if (x->sm != y->sm) return x->sm < y->sm ? -1 : 1;
    if (x->start != y->start) return x->start < y->start ? -1 : 1;
    return x->block < y->block ? -1 : x->block > y->block;
}

/* The records' indexes ordered by SM, then start.  NULL: out of memory. */
static uint32_t *sm_order(const rv_waves *w)
{
    uint32_t *ix = malloc((w->nblocks ? w->nblocks : 1) * sizeof *ix);
    if (!ix) return NULL;
    for (uint32_t i = 0; i < w->nblocks; i++) ix[i] = i;
    sort_base = w->blocks;
    qsort(ix, w->nblocks, sizeof *ix, by_sm_start);
    return ix;
}

/* The most of `who`'s spans at once over n spans (a sweep of their edges,
 * sorted here), with who, count and time of the first such moment.  The
 * edges of one time are taken together, ends and starts: a span that ends
 * where another starts, or one that starts and ends in one tick of the clock
 * (a warp of threads past n leaving at once), is a hand-over, and the count
 * is never taken half-way through a tick. */
typedef struct crowd {
    uint32_t who, most;
    uint64_t at;
} crowd;
static int sweep(edge *e, size_t n, uint32_t limit, crowd *over, uint32_t *most)
{
    qsort(e, n, sizeof *e, by_edge);
    int64_t now = 0;
    uint32_t who = UINT32_MAX;
    *most = 0;
    for (size_t i = 0; i < n;) {
        uint64_t t = e[i].t;
        if (e[i].who != who) who = e[i].who, now = 0;
        for (; i < n && e[i].who == who && e[i].t == t; i++) now += e[i].up ? 1 : -1;
        if (now > (int64_t)*most) *most = (uint32_t)now;
        if (limit && now > (int64_t)limit && over->most == 0) *over = (crowd){who, (uint32_t)now, t};
    }
    return over->most ? -1 : 0;
}

/* ---- validation -------------------------------------------------------------- */

static int validate_shape(const rv_waves *w, char *err, size_t errlen)
{
    for (int k = 0; k < 3; k++)
        if (!w->grid_dim[k] || !w->block_dim[k] || !w->cluster_dim[k] || w->grid_dim[k] % w->cluster_dim[k])
            return rv_fail(
                err, errlen, RV_FAILED,
                _("waves of launch %u: a grid of %u×%u×%u blocks in clusters of %u×%u×%u is no grid a GPU runs"),
                w->launch, w->grid_dim[0], w->grid_dim[1], w->grid_dim[2], w->cluster_dim[0], w->cluster_dim[1],
                w->cluster_dim[2]);
    uint64_t blocks = (uint64_t)w->grid_dim[0] * w->grid_dim[1] * w->grid_dim[2];
    if (blocks > RV_WAVES_MAX_BLOCKS)
        return rv_fail(err, errlen, RV_FAILED,
                       _("waves of launch %u: %" PRIu64 " blocks, more than the %u a recording holds"), w->launch,
                       blocks, RV_WAVES_MAX_BLOCKS);
    if (w->sm_count == 0 || w->sm_count > RV_WAVES_MAX_SMS)
        return rv_fail(err, errlen, RV_FAILED, _("waves of launch %u: a GPU of %u SMs (expected 1 to %u)"), w->launch,
                       w->sm_count, RV_WAVES_MAX_SMS);
    if (w->bound == 0 || w->bound > 2048)
        return rv_fail(
            err, errlen, RV_FAILED,
            _("waves of launch %u: an occupancy of %u blocks per SM (expected 1 to 2048: the launch could not run)"),
            w->launch, w->bound);
    if (w->sm_blocks < w->bound || w->sm_blocks > 2048)
        return rv_fail(
            err, errlen, RV_FAILED,
            _("waves of launch %u: an SM that holds %u blocks at all, where the occupancy lets it hold %u (expected %u to 2048)"),
            w->launch, w->sm_blocks, w->bound, w->bound);
    int clustered = rv_waves_cluster_blocks(w) > 1;
    if (clustered != (w->cluster_bound != 0))
        return rv_fail(err, errlen, RV_FAILED,
                       clustered ? _("waves of launch %u: a cluster launch without the clusters' occupancy bound")
                                 : _("waves of launch %u: a clusters' occupancy bound for a launch without clusters"),
                       w->launch);
    return 0;
}

/* Every block of the grid exactly once, each on an SM the GPU has, never
 * ending before it starts, as its cluster says. */
static int validate_blocks(const rv_waves *w, char *err, size_t errlen)
{
    uint32_t grid = rv_waves_grid_blocks(w);
    uint8_t *seen = calloc(grid ? grid : 1, 1);
    if (!seen) return rv_fail(err, errlen, RV_FAILED, _("out of memory"));
    int clustered = rv_waves_cluster_blocks(w) > 1, rc = -1;
    for (uint32_t i = 0; i < w->nblocks; i++) {
        const rv_wave_block *b = &w->blocks[i];
        uint32_t cluster, rank;
        if (b->block >= grid) {
            rv_fail(err, errlen, RV_FAILED, _("waves of launch %u: block %u is past the grid's %u blocks"), w->launch,
                    b->block, grid);
            goto out;
        }
        if (seen[b->block]++) {
            rv_fail(err, errlen, RV_FAILED, _("waves of launch %u: block %u is recorded twice"), w->launch, b->block);
            goto out;
        }
        if (b->sm >= w->sm_count) {
            rv_fail(err, errlen, RV_FAILED,
                    _("waves of launch %u: block %u ran on SM %u, but the GPU has %u SMs (0 to %u)"), w->launch,
                    b->block, b->sm, w->sm_count, w->sm_count - 1);
            goto out;
        }
        if (b->end < b->start) {
            rv_fail(err, errlen, RV_FAILED,
                    _("waves of launch %u: block %u ends at %" PRIu64 " ns, before it starts at %" PRIu64 " ns"),
                    w->launch, b->block, b->end, b->start);
            goto out;
        }
        if (b->first_end < b->start || b->first_end > b->end) {
            rv_fail(err, errlen, RV_FAILED,
                    b->first_end < b->start ? _("waves of launch %u: block %u's first warp leaves at %" PRIu64
                                                " ns, before the block starts at %" PRIu64 " ns")
                                            : _("waves of launch %u: block %u's first warp leaves at %" PRIu64
                                                " ns, after its last warp at %" PRIu64 " ns"),
                    w->launch, b->block, b->first_end, b->first_end < b->start ? b->start : b->end);
            goto out;
        }
        rv_waves_cluster_of(w, b->block, &cluster, &rank);
        if (clustered != !!(b->flags & RV_WAVE_CLUSTER)) {
            rv_fail(err, errlen, RV_FAILED,
                    clustered ? _("waves of launch %u: block %u ran outside any cluster in a launch of clusters")
                              : _("waves of launch %u: block %u ran as a cluster's in a launch without clusters"),
                    w->launch, b->block);
            goto out;
        }
        if (b->rank != (clustered ? rank : 0)) {
            rv_fail(
                err, errlen, RV_FAILED,
                _("waves of launch %u: block %u ran as rank %u of its cluster, where its place in the grid makes it rank %u"),
                w->launch, b->block, b->rank, clustered ? rank : 0);
            goto out;
        }
    }
    for (uint32_t k = 0; k < grid; k++)
        if (!seen[k]) {
            rv_fail(err, errlen, RV_FAILED, _("waves of launch %u: block %u was never recorded (%u of %u blocks are)"),
                    w->launch, k, w->nblocks, grid);
            goto out;
        }
    rc = 0;
out:
    free(seen);
    return rc;
}

/* Each block's whole span (whole: start to first exit) or full span (start
 * to last exit) as two edges on its SM, into e[2 * nblocks]. */
static void span_edges(const rv_waves *w, int whole, edge *e)
{
    for (uint32_t i = 0; i < w->nblocks; i++) {
        const rv_wave_block *b = &w->blocks[i];
        e[2 * i] = (edge){b->sm, b->start, 1, b->block};
        e[2 * i + 1] = (edge){b->sm, whole ? b->first_end : b->end, 0, b->block};
    }
}

/* No SM holds more blocks whole at once than the bound, nor more at all
 * than its limit of blocks (waves.h); no more clusters run at once than
 * theirs (a cluster runs from its first block's start to its last block's
 * end). */
static int validate_crowds(const rv_waves *w, char *err, size_t errlen)
{
    size_t n = 2 * (size_t)w->nblocks;
    edge *e = malloc((n ? n : 1) * sizeof *e);
    if (!e) return rv_fail(err, errlen, RV_FAILED, _("out of memory"));
    crowd over = {0};
    uint32_t most;
    span_edges(w, 1, e);
    if (sweep(e, n, w->bound, &over, &most)) {
        free(e);
        return rv_fail(err, errlen, RV_FAILED,
                       _("waves of launch %u: SM %u held %u blocks with all their warps at once at %" PRIu64
                         " ns, more than the %u its occupancy allows"),
                       w->launch, over.who, over.most, over.at, w->bound);
    }
    span_edges(w, 0, e);
    if (sweep(e, n, w->sm_blocks, &over, &most)) {
        free(e);
        return rv_fail(
            err, errlen, RV_FAILED,
            _("waves of launch %u: SM %u held %u blocks at once at %" PRIu64 " ns, more than the %u an SM can hold"),
            w->launch, over.who, over.most, over.at, w->sm_blocks);
    }
    uint32_t per = rv_waves_cluster_blocks(w);
    if (per > 1) {
        uint32_t nclusters = rv_waves_grid_blocks(w) / per;
        uint64_t *first = malloc(nclusters * sizeof *first), *last = calloc(nclusters, sizeof *last);
        if (!first || !last) {
            free(first), free(last), free(e);
            return rv_fail(err, errlen, RV_FAILED, _("out of memory"));
        }
        for (uint32_t c = 0; c < nclusters; c++) first[c] = UINT64_MAX;
        for (uint32_t i = 0; i < w->nblocks; i++) {
            uint32_t c, rank;
            rv_waves_cluster_of(w, w->blocks[i].block, &c, &rank);
            if (w->blocks[i].start < first[c]) first[c] = w->blocks[i].start;
            if (w->blocks[i].end > last[c]) last[c] = w->blocks[i].end;
        }
        for (uint32_t c = 0; c < nclusters; c++) {
            e[2 * c] = (edge){0, first[c], 1, c};
            e[2 * c + 1] = (edge){0, last[c], 0, c};
        }
        free(first), free(last);
        memset(&over, 0, sizeof over);
        if (sweep(e, 2 * (size_t)nclusters, w->cluster_bound, &over, &most)) {
            free(e);
            return rv_fail(
                err, errlen, RV_FAILED,
                _("waves of launch %u: %u clusters ran at once at %" PRIu64 " ns, more than the %u the GPU holds"),
                w->launch, over.most, over.at, w->cluster_bound);
        }
    }
    free(e);
    return 0;
}

int rv_waves_validate(const rv_waves *w, char *err, size_t errlen)
{
    for (; w; w = w->next)
        if (validate_shape(w, err, errlen) || validate_blocks(w, err, errlen) || validate_crowds(w, err, errlen) ||
            rv_gpcs_check(w, err, errlen))
            return -1;
    return 0;
}

/* ---- the facts ---------------------------------------------------------------- */

int rv_waves_number(const rv_waves *w, uint32_t *wave)
{
    uint32_t *ix = sm_order(w);
    if (!ix) return -1;
    for (uint32_t i = 0, k = 0; i < w->nblocks; i++, k++) {
        if (i && w->blocks[ix[i]].sm != w->blocks[ix[i - 1]].sm) k = 0;
        wave[ix[i]] = k / (w->bound ? w->bound : 1);
    }
    free(ix);
    return 0;
}

static uint64_t overlap(uint64_t a, uint64_t b, uint64_t from, uint64_t to)
{
    if (a < from) a = from;
    if (b > to) b = to;
    return b > a ? b - a : 0;
}

int rv_waves_cluster_sets(const rv_waves *w, uint32_t *size, uint32_t *nsets)
{
    uint32_t n = w->sm_count, *up = malloc(n * sizeof *up), *number = malloc(n * sizeof *number);
    uint8_t *ran = calloc(n, 1);
    if (up && number && ran)
        for (uint32_t s = 0; s < n; s++) up[s] = s, number[s] = UINT32_MAX;
    if (!up || !number || !ran || rv_waves_join_clusters(w, up, NULL)) {
        free(up), free(number), free(ran);
        return -1;
    }
    for (uint32_t i = 0; i < w->nblocks; i++) ran[w->blocks[i].sm] = 1;
    /* numbered by their smallest SM: the SMs in order, a set counted where
       its root is first met; an SM that ran no block in none */
    *nsets = 0;
    for (uint32_t s = 0; s < n; s++) {
        if (!ran[s]) continue;
        uint32_t r = rv_waves_set_of(up, s);
        if (number[r] == UINT32_MAX) size[number[r] = (*nsets)++] = 0;
        size[number[r]]++;
    }
    free(up), free(number), free(ran);
    return 0;
}

int rv_waves_cluster_sets_words(const rv_waves *w, char *buf, size_t len, uint32_t *nsets)
{
    uint32_t *size = malloc(w->sm_count * sizeof *size);
    if (!size || rv_waves_cluster_sets(w, size, nsets)) {
        free(size);
        return -1;
    }
    rv_waves_sizes_words(size, *nsets, w->sm_count, buf, len);
    free(size);
    return 0;
}

int rv_waves_facts_of(const rv_waves *w, rv_waves_facts *f)
{
    memset(f, 0, sizeof *f);
    f->blocks = rv_waves_grid_blocks(w);
    uint32_t per = rv_waves_cluster_blocks(w);
    f->clusters = per > 1 ? f->blocks / per : 0;
    uint64_t room = (uint64_t)w->bound * w->sm_count;
    f->waves_predicted = f->clusters ? (uint32_t)((f->clusters + (uint64_t)w->cluster_bound - 1) / w->cluster_bound)
                                     : (uint32_t)((f->blocks + room - 1) / room);
    if (!w->nblocks) return 0;
    uint32_t *ix = sm_order(w);
    uint64_t *last_end = calloc(w->sm_count, sizeof *last_end);
    edge *e = malloc(2 * (size_t)w->nblocks * sizeof *e);
    if (!ix || !last_end || !e) {
        free(ix), free(last_end), free(e);
        return -1;
    }
    f->t0 = UINT64_MAX;
    for (uint32_t i = 0; i < w->nblocks; i++) {
        const rv_wave_block *b = &w->blocks[i];
        if (b->start < f->t0) f->t0 = b->start;
        if (b->end > f->t1) f->t1 = b->end;
        if (b->end > last_end[b->sm]) last_end[b->sm] = b->end;
    }
    crowd none = {0};
    span_edges(w, 1, e);
    sweep(e, 2 * (size_t)w->nblocks, 0, &none, &f->most_at_once);
    span_edges(w, 0, e);
    sweep(e, 2 * (size_t)w->nblocks, 0, &none, &f->most_held);
    f->tail_start = UINT64_MAX;
    /* an SM that ran nothing does not start the tail (the tail is a few
       blocks running while the SMs that ran theirs wait, and a grid of
       clusters may leave SMs unused all along: v10's, 8 of the H200's 132);
       it idles throughout, so it counts in idle and in the tail's idle */
    for (uint32_t s = 0; s < w->sm_count; s++)
        if (last_end[s] && last_end[s] < f->tail_start) f->tail_start = last_end[s];
    /* each SM's busy time (the union of its blocks' spans), in all and in the tail */
    uint64_t busy = 0, busy_tail = 0;
    for (uint32_t i = 0; i < w->nblocks;) {
        uint32_t sm = w->blocks[ix[i]].sm, count = 0;
        uint64_t a = w->blocks[ix[i]].start, b = w->blocks[ix[i]].end;
        f->sms_used++;
        for (; i < w->nblocks && w->blocks[ix[i]].sm == sm; i++, count++) {
            const rv_wave_block *r = &w->blocks[ix[i]];
            if (r->start > b) { /* a gap: the span so far is done */
                busy += b - a, busy_tail += overlap(a, b, f->tail_start, f->t1);
                a = r->start, b = r->end;
            } else if (r->end > b)
                b = r->end;
        }
        busy += b - a, busy_tail += overlap(a, b, f->tail_start, f->t1);
        if (count > f->most_on_sm) f->most_on_sm = count;
        uint32_t waves = (count + w->bound - 1) / w->bound;
        if (waves > f->waves) f->waves = waves;
    }
    double all = (double)w->sm_count * (double)(f->t1 - f->t0),
           tail = (double)w->sm_count * (double)(f->t1 - f->tail_start);
    f->idle = all > 0 ? 1.0 - (double)busy / all : 0.0;
    f->tail_idle = tail > 0 ? 1.0 - (double)busy_tail / tail : 0.0;
    free(ix), free(last_end), free(e);
    return 0;
}

int rv_waves_cells_span(const rv_waves *w, double from, double to, uint32_t ncols, rv_waves_cell *cells)
{
    size_t n = (size_t)w->sm_count * ncols;
    uint32_t *wave = malloc((w->nblocks ? w->nblocks : 1) * sizeof *wave);
    double *busy = calloc(n ? n : 1, sizeof *busy), *best = calloc(n ? n : 1, sizeof *best);
    if (!wave || !busy || !best || rv_waves_number(w, wave)) {
        free(wave), free(busy), free(best);
        return -1;
    }
    for (size_t i = 0; i < n; i++) cells[i] = (rv_waves_cell){0.0f, RV_WAVES_NO_WAVE};
    uint64_t t0 = UINT64_MAX, t1 = 0;
    for (uint32_t i = 0; i < w->nblocks; i++) {
        if (w->blocks[i].start < t0) t0 = w->blocks[i].start;
        if (w->blocks[i].end > t1) t1 = w->blocks[i].end;
    }
    if (!(to > from)) from = 0.0, to = 1.0;
    /* the window, in ns from the first start */
    double run = t1 > t0 ? (double)(t1 - t0) : 0.0, lo = from * run, span = (to - from) * run;
    double width = ncols && span > 0 ? span / ncols : 1.0;
    for (uint32_t i = 0; i < w->nblocks && ncols; i++) {
        const rv_wave_block *b = &w->blocks[i];
        double a = (double)(b->start - t0) - lo, e = (double)(b->end - t0) - lo;
        /* outside the window, or only touching its edge (a block shorter than
           the clock's step, start and end alike, is drawn where it lies) */
        if (e < 0 || a > span || (e > a && (e <= 0 || a >= span))) continue;
        if (a < 0) a = 0;
        if (e > span) e = span;
        uint32_t c0 = (uint32_t)(a / width), c1 = (uint32_t)(e / width);
        if (c1 > c0 && c1 * width >= e) c1--; /* ending on a column's edge: not in the next */
        if (c0 >= ncols) c0 = ncols - 1;
        if (c1 >= ncols) c1 = ncols - 1;
        for (uint32_t c = c0; c <= c1; c++) {
            double clo = c * width, chi = clo + width;
            double part = (e < chi ? e : chi) - (a > clo ? a : clo);
            size_t k = (size_t)b->sm * ncols + c;
            if (part < 0) part = 0;
            busy[k] += part;
            /* a block shorter than the clock's step still marks its cell */
            if (part > best[k] || cells[k].wave == RV_WAVES_NO_WAVE) {
                best[k] = part;
                cells[k].wave = (uint16_t)(wave[i] < RV_WAVES_NO_WAVE ? wave[i] : RV_WAVES_NO_WAVE - 1);
            }
        }
    }
    for (size_t k = 0; k < n; k++) {
        double f = busy[k] / (width * (w->bound ? w->bound : 1));
        cells[k].fill = (float)(f > 1.0 ? 1.0 : f);
    }
    free(wave), free(busy), free(best);
    return 0;
}

int rv_waves_cells(const rv_waves *w, uint32_t ncols, rv_waves_cell *cells)
{
    return rv_waves_cells_span(w, 0.0, 1.0, ncols, cells);
}
