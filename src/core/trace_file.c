/* trace_file.c — the .rvt file format: writing and reading.
 *
 * The format is little-endian and written field by field (never a struct
 * dump), so it does not depend on the compiler's padding.  The parser checks
 * every length against the bytes left before reading, and then
 * rv_trace_validate_with() (trace_validate.c) every field and access, so a
 * corrupt file is refused with a message instead of being drawn wrongly.
 * A shipped version's steps are the model's plan, which the reader is
 * handed (rv_plan_fn): the model is above core.
 */
#include "trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "versions.h"
#include "i18n.h"
#include "waves.h"

#define HEADER_BYTES 160
#define STEP_BYTES   32
#define EVENT_BYTES  16 /* without its reads */

/* ---- serialisation --------------------------------------------------------- */

typedef struct wbuf {
    uint8_t *p;
    size_t len, cap;
    int oom;
} wbuf;

static void put(wbuf *w, const void *src, size_t n)
{
    if (w->oom) return;
    if (w->len + n > w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 4096;
        while (cap < w->len + n) cap *= 2;
        uint8_t *p = realloc(w->p, cap);
        if (!p) {
            w->oom = 1;
            return;
        }
        w->p = p;
        w->cap = cap;
    }
    memcpy(w->p + w->len, src, n);
    w->len += n;
}

static void put_u(wbuf *w, uint64_t v, int bytes)
{
    uint8_t b[8];
    for (int i = 0; i < bytes; i++) b[i] = (uint8_t)(v >> (8 * i));
    put(w, b, (size_t)bytes);
}

/* Whether a launch's counts need format 7: any asynchronous or bulk copy,
 * or any access of another block's shared memory. */
static int grid_has_copies(const rv_own_grid *g)
{
    return g && (g->async_requests || g->async_bytes || g->bulk_copies || g->bulk_bytes || g->dsmem_ld_requests ||
                 g->dsmem_st_requests || g->dsmem_atom_requests);
}

/* A launch's whole-grid counts (format 5): a flag (0: this launch was not
 * counted), then the counts and the buffers it touched; format 7 puts seven
 * more counts after the first eight. */
static void put_grid(wbuf *w, const rv_own_grid *g, int format)
{
    put_u(w, g != NULL, 4);
    if (!g) return;
    const int64_t c[] = {g->ld_requests,   g->ld_wavefronts,   g->st_requests,    g->st_wavefronts,
                         g->atom_requests, g->atom_wavefronts, g->gatom_requests, g->cas_requests};
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) put_u(w, (uint64_t)c[k], 8);
    const int64_t more[] = {g->async_requests,    g->async_bytes,       g->bulk_copies,        g->bulk_bytes,
                            g->dsmem_ld_requests, g->dsmem_st_requests, g->dsmem_atom_requests};
    for (size_t k = 0; k < sizeof more / sizeof more[0] && format >= RV_TRACE_FORMAT_COPIES; k++)
        put_u(w, (uint64_t)more[k], 8);
    put_u(w, g->nbuffers, 4);
    for (uint32_t k = 0; k < g->nbuffers; k++) {
        const rv_own_buffer *b = &g->buffers[k];
        put_u(w, b->id, 4);
        put_u(w, b->role, 4);
        put_u(w, b->kind, 4);
        put_u(w, b->call, 4);
        put_u(w, b->bytes, 8);
        put_u(w, b->reads, 8);
        put_u(w, b->writes, 8);
        put_u(w, b->atomics, 8);
        put_u(w, (uint64_t)b->word, 8);
    }
}

/* Format 3 writes an event's reads compactly: a read followed by
 * RUN_MARK(count, stride) stands for count more reads of the same space, each
 * stride indices after the one before (a grid-stride loop's thousand reads
 * are two words).  The mark's space is none a trace uses. */
#define RUN_SPACE               0xFFu
#define RUN_MAX_STRIDE          ((1 << 23) - 1)
#define RUN_MARK(count, stride) RV_ACC(RUN_SPACE, ((uint64_t)((uint32_t)(stride)&0xFFFFFFu) << 32) | (uint32_t)(count))

static void put_reads(wbuf *w, const uint64_t *r, uint32_t n)
{
    uint32_t items = 0;
    size_t at = w->len;
    put_u(w, 0, 4); /* the item count, filled in below */
    for (uint32_t i = 0; i < n;) {
        put_u(w, r[i], 8);
        items++;
        uint32_t j = i + 1;
        if (j < n && RV_ACC_SPACE(r[j]) == RV_ACC_SPACE(r[i])) {
            int64_t d = (int64_t)RV_ACC_INDEX(r[j]) - (int64_t)RV_ACC_INDEX(r[i]);
            while (j < n && RV_ACC_SPACE(r[j]) == RV_ACC_SPACE(r[i]) &&
                   (int64_t)RV_ACC_INDEX(r[j]) - (int64_t)RV_ACC_INDEX(r[j - 1]) == d)
                j++;
            if (j - i >= 3 && d != 0 && d >= -RUN_MAX_STRIDE && d <= RUN_MAX_STRIDE) {
                put_u(w, RUN_MARK(j - i - 1, d), 8);
                items++;
                i = j;
                continue;
            }
        }
        i++;
    }
    if (!w->oom)
        for (int b = 0; b < 4; b++) w->p[at + b] = (uint8_t)(items >> (8 * b));
}

static void put_text(wbuf *w, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    put_u(w, n, 4);
    if (n) put(w, s, n);
}

static void serialize_one(wbuf *w, const rv_trace *tr, int format);

uint8_t *rv_trace_serialize(const rv_trace *tr, size_t *len)
{
    wbuf w = {0};
    /* one format for the whole run (its launches must agree): the oldest that
       holds what it has; a run the tracer did not count is written as before */
    int format = RV_TRACE_FORMAT;
    if (tr->version == RV_VERSION_OWN) {
        format = RV_TRACE_FORMAT_OWN4;
        uint32_t cd[3], blocks;
        for (const rv_trace *t = tr; t; t = t->next)
            if (t->own_grid && format < RV_TRACE_FORMAT_GRID) format = RV_TRACE_FORMAT_GRID;
        for (const rv_trace *t = tr; t; t = t->next)
            if (rv_trace_clustered(t, cd, &blocks)) format = RV_TRACE_FORMAT_CLUSTER;
        for (const rv_trace *t = tr; t; t = t->next)
            if (grid_has_copies(t->own_grid)) format = RV_TRACE_FORMAT_COPIES;
    }
    serialize_one(&w, tr, format);
    /* the waves run's section, after the whole run: only where there is one,
       so that every recording without it is written as it always was */
    if (!w.oom && tr->waves && rv_waves_serialize(tr->waves, &w.p, &w.len)) w.oom = 1;
    if (w.oom) {
        free(w.p);
        return NULL;
    }
    *len = w.len;
    return w.p;
}

static void serialize_one(wbuf *wp, const rv_trace *tr, int format)
{
    wbuf w = *wp;
    int own = tr->version == RV_VERSION_OWN;
    put(&w, RV_TRACE_MAGIC, 8);
    put_u(&w, (uint64_t)format, 4);
    put_u(&w, (uint32_t)tr->version, 4);
    put_u(&w, (uint32_t)tr->block_size, 4);
    put_u(&w, tr->traced_block, 4);
    put_u(&w, tr->n, 8);
    put_u(&w, tr->grid, 4);
    put_u(&w, (uint32_t)tr->data.kind, 4);
    put_u(&w, tr->data.seed, 8);
    put_u(&w, tr->origin_kind, 4);
    put_u(&w, (uint32_t)tr->nsteps, 4);
    put_u(&w, tr->source_hash, 8);
    put(&w, tr->origin, RV_ORIGIN_LEN);
    put(&w, tr->date, RV_DATE_LEN);
    for (int s = 0; s < tr->nsteps; s++) {
        put(&w, tr->steps[s].label, RV_LABEL_LEN);
        put_u(&w, (uint32_t)tr->steps[s].stride, 4);
        put_u(&w, tr->steps[s].phase, 4);
    }
    for (int s = 0; s < tr->nsteps; s++)
        for (int t = 0; t < tr->block_size; t++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            const uint64_t *r = rv_event_reads(tr, e);
            put_u(&w, e->line, 2);
            if (own) { /* format 3 and on */
                put_u(&w, e->flags, 2);
                put_u(&w, e->tries, 2);
                put_u(&w, rv_value_bits(e->value), 4);
                put_u(&w, e->write, 8);
                put_reads(&w, r, e->nreads);
                continue;
            }
            put_u(&w, e->nreads, 2);
            put_u(&w, rv_value_bits(e->value), 4);
            put_u(&w, e->write, 8);
            for (uint32_t k = 0; k < e->nreads; k++) put_u(&w, r[k], 8);
        }
    if (own) {
        size_t nl = strlen(tr->own_name), sl = strlen(tr->own_source);
        put_u(&w, nl, 4);
        put(&w, tr->own_name, nl);
        put_u(&w, sl, 4);
        put(&w, tr->own_source, sl);
        put_u(&w, tr->own_smem_words, 4);
        put_u(&w, tr->own_flags, 4);
        uint64_t ms, sum;
        memcpy(&ms, &tr->own_ms, sizeof ms);
        memcpy(&sum, &tr->own_sum, sizeof sum);
        put_u(&w, ms, 8);
        put_u(&w, sum, 8);
        for (int s = 0; s < tr->nsteps; s++) put_u(&w, tr->steps[s].flags, 1);
        put_u(&w, tr->own_gwords, 8);
        put_u(&w, tr->launch, 4);
        put_u(&w, tr->launches, 4);
        put_u(&w, tr->call, 4);
        put_text(&w, tr->own_kernel);
        put_text(&w, tr->own_cut);
        uint32_t bd[3], gd[3]; /* format 4: the launch's shape */
        rv_trace_block_dim(tr, bd);
        rv_trace_grid_dim(tr, gd);
        for (int k = 0; k < 3; k++) put_u(&w, bd[k], 4);
        for (int k = 0; k < 3; k++) put_u(&w, gd[k], 4);
        put_u(&w, tr->next != NULL, 4);
        if (format >= RV_TRACE_FORMAT_GRID) put_grid(&w, tr->own_grid, format);
        uint32_t cd[3], blocks;
        rv_trace_clustered(tr, cd, &blocks);
        for (int k = 0; k < 3 && format >= RV_TRACE_FORMAT_CLUSTER; k++) put_u(&w, cd[k], 4);
    }
    *wp = w;
    if (own && tr->next) serialize_one(wp, tr->next, format); /* the next launch, a whole trace */
}

typedef struct rbuf {
    const uint8_t *p;
    size_t len, pos;
} rbuf;

static int take(rbuf *r, void *dst, size_t n)
{
    if (r->len - r->pos < n) return -1;
    memcpy(dst, r->p + r->pos, n);
    r->pos += n;
    return 0;
}

static int take_u(rbuf *r, int bytes, uint64_t *v)
{
    uint8_t b[8];
    if (take(r, b, (size_t)bytes)) return -1;
    *v = 0;
    for (int i = 0; i < bytes; i++) *v |= (uint64_t)b[i] << (8 * i);
    return 0;
}

static int truncated(const rbuf *r, const char *where, char *err, size_t errlen)
{
    return rv_fail(err, errlen, RV_FAILED, _("truncated trace file: it ends at byte %zu, inside %s"), r->len, where);
}

/* A text of at most `most` bytes, NUL-free, into a new string. */
static char *take_text(rbuf *r, size_t most)
{
    uint64_t len;
    if (take_u(r, 4, &len) || len > most || r->len - r->pos < len) return NULL;
    char *s = malloc((size_t)len + 1);
    if (!s) return NULL;
    take(r, s, (size_t)len);
    s[len] = 0;
    if (strlen(s) != len) {
        free(s);
        return NULL;
    }
    return s;
}

/* A launch's whole-grid counts (format 5; 7: with the copies and the
 * other blocks' shared memory), checked: no negative count, no more bytes
 * than the copies can carry (16 a lane of a cp.async, 1 MiB a bulk copy),
 * no more buffers than a trace keeps, roles and kinds that exist. */
static int parse_grid(rbuf *r, rv_trace *tr, int format, char *err, size_t errlen)
{
    uint64_t present, c[15], nb;
    int nc = format >= RV_TRACE_FORMAT_COPIES ? 15 : 8;
    if (take_u(r, 4, &present) || present > 1)
        return rv_fail(err, errlen, RV_FAILED, _("the launch's whole-grid counts are truncated or damaged"));
    if (!present) return 0;
    rv_own_grid *g = calloc(1, sizeof *g);
    if (!g) return rv_fail(err, errlen, RV_FAILED, _("out of memory"));
    tr->own_grid = g;
    memset(c, 0, sizeof c);
    for (int k = 0; k < nc; k++)
        if (take_u(r, 8, &c[k]) || c[k] > (1ull << 62))
            return rv_fail(err, errlen, RV_FAILED, _("the launch's whole-grid counts are truncated or damaged"));
    g->ld_requests = (int64_t)c[0], g->ld_wavefronts = (int64_t)c[1], g->st_requests = (int64_t)c[2];
    g->st_wavefronts = (int64_t)c[3], g->atom_requests = (int64_t)c[4], g->atom_wavefronts = (int64_t)c[5];
    g->gatom_requests = (int64_t)c[6], g->cas_requests = (int64_t)c[7];
    if (rv_bytes_exceed(c[9], c[8], RV_OWN_MAX_ASYNC_BYTES) || rv_bytes_exceed(c[11], c[10], RV_OWN_MAX_BULK_BYTES))
        return rv_fail(err, errlen, RV_FAILED, _("the launch's whole-grid counts are truncated or damaged"));
    g->async_requests = (int64_t)c[8], g->async_bytes = (int64_t)c[9], g->bulk_copies = (int64_t)c[10];
    g->bulk_bytes = (int64_t)c[11], g->dsmem_ld_requests = (int64_t)c[12], g->dsmem_st_requests = (int64_t)c[13];
    g->dsmem_atom_requests = (int64_t)c[14];
    if (take_u(r, 4, &nb) || nb > RV_OWN_MAX_BUFFERS)
        return rv_fail(err, errlen, RV_FAILED, _("the launch's buffers are truncated or more than %d"),
                       RV_OWN_MAX_BUFFERS);
    g->nbuffers = (uint32_t)nb;
    for (uint32_t k = 0; k < g->nbuffers; k++) {
        rv_own_buffer *b = &g->buffers[k];
        uint64_t id, role, kind, call, word;
        if (take_u(r, 4, &id) || take_u(r, 4, &role) || take_u(r, 4, &kind) || take_u(r, 4, &call) ||
            take_u(r, 8, &b->bytes) || take_u(r, 8, &b->reads) || take_u(r, 8, &b->writes) ||
            take_u(r, 8, &b->atomics) || take_u(r, 8, &word) || role < RV_BUF_IN || role > RV_BUF_OTHER ||
            kind < RV_ALLOC_MALLOC || kind > RV_ALLOC_MODULE)
            return rv_fail(err, errlen, RV_FAILED, _("buffer %u of the launch is truncated or damaged"), k + 1);
        b->id = (uint32_t)id, b->role = (uint32_t)role, b->kind = (uint32_t)kind, b->call = (uint32_t)call;
        b->word = (int64_t)word;
    }
    return 0;
}

/* The section after the events of a kernel traced from its file; format 3
 * adds the launch and what was cut, format 4 the launch's shape.  *more: a
 * next launch follows. */
static int parse_own(rbuf *r, rv_trace *tr, int format, int *more, char *err, size_t errlen)
{
    uint64_t smem, flags, ms, sum;
    *more = 0;
    tr->own_name = take_text(r, 4096);
    tr->own_source = tr->own_name ? take_text(r, RV_OWN_MAX_SOURCE) : NULL;
    if (!tr->own_source || take_u(r, 4, &smem) || take_u(r, 4, &flags) || take_u(r, 8, &ms) || take_u(r, 8, &sum))
        return rv_fail(err, errlen, RV_FAILED,
                       _("the traced kernel's file name or source is truncated, too long or holds a NUL byte"));
    tr->own_smem_words = (uint32_t)smem;
    tr->own_flags = (uint32_t)flags;
    memcpy(&tr->own_ms, &ms, sizeof ms);
    memcpy(&tr->own_sum, &sum, sizeof sum);
    if (!(tr->own_ms >= 0 && tr->own_ms < 1e9))
        return rv_fail(err, errlen, RV_FAILED, _("the traced kernel's time or sum is not a number"));
    for (int s = 0; s < tr->nsteps; s++) {
        uint64_t f;
        if (take_u(r, 1, &f)) return rv_fail(err, errlen, RV_FAILED, _("the traced kernel's step flags are truncated"));
        tr->steps[s].flags = (uint32_t)f;
    }
    tr->launch = tr->launches = tr->call = 1;
    if (format < RV_TRACE_FORMAT_OWN3) return 0;
    uint64_t gwords, launch, launches, call, next;
    if (take_u(r, 8, &gwords) || take_u(r, 4, &launch) || take_u(r, 4, &launches) || take_u(r, 4, &call))
        return rv_fail(err, errlen, RV_FAILED, _("the traced kernel's launch is truncated"));
    tr->own_gwords = gwords;
    tr->launch = (uint32_t)launch;
    tr->launches = (uint32_t)launches;
    tr->call = (uint32_t)call;
    if (!(tr->own_kernel = take_text(r, 4096)) || !(tr->own_cut = take_text(r, 4096)))
        return rv_fail(err, errlen, RV_FAILED,
                       _("the traced kernel's name, cut or next launch is truncated or damaged"));
    for (int k = 0; k < 6 && format >= RV_TRACE_FORMAT_OWN4; k++) {
        uint64_t d;
        if (take_u(r, 4, &d) || d == 0) /* said whole: one encoding per trace */
            return rv_fail(err, errlen, RV_FAILED, _("the traced launch's shape is truncated or damaged"));
        if (k < 3)
            tr->block_dim[k] = (uint32_t)d;
        else
            tr->grid_dim[k - 3] = (uint32_t)d;
    }
    if (take_u(r, 4, &next) || next > 1)
        return rv_fail(err, errlen, RV_FAILED,
                       _("the traced kernel's name, cut or next launch is truncated or damaged"));
    if (!tr->own_cut[0]) {
        free(tr->own_cut);
        tr->own_cut = NULL;
    }
    if (gwords > (1ull << 40) || launch < 1 || launches < launch || launches > (1u << 20) || call < 1)
        return rv_fail(
            err, errlen, RV_FAILED,
            _("launch %" PRIu64 " of %" PRIu64 " (call %" PRIu64 ", %" PRIu64 " words of its own) is out of range"),
            launch, launches, call, gwords);
    *more = (int)next;
    if (format >= RV_TRACE_FORMAT_GRID && parse_grid(r, tr, format, err, errlen)) return -1;
    for (int k = 0; k < 3 && format >= RV_TRACE_FORMAT_CLUSTER; k++) {
        uint64_t d;
        /* a cluster tiles the grid and holds at most 16 blocks */
        if (take_u(r, 4, &d) || d < 1 || d > 16 || tr->grid_dim[k] % d)
            return rv_fail(err, errlen, RV_FAILED, _("the traced launch's cluster is truncated or damaged"));
        tr->cluster_dim[k] = (uint32_t)d;
    }
    return 0;
}

/* An event's reads in format 3: items, a run mark repeating the item before
 * it.  Expanded into *buf (grown), at most `room` reads. */
static int take_reads(rbuf *r, uint64_t **buf, uint32_t *cap, uint32_t *n, uint64_t room, const char *where, char *err,
                      size_t errlen)
{
    uint64_t items;
    *n = 0;
    if (take_u(r, 4, &items)) return truncated(r, where, err, errlen);
    if (items > (r->len - r->pos) / 8) return truncated(r, where, err, errlen);
    for (uint64_t k = 0; k < items; k++) {
        uint64_t a = 0;
        take_u(r, 8, &a); /* there are bytes enough: counted above */
        uint64_t count = 1, base = a;
        int64_t stride = 0;
        if (RV_ACC_SPACE(a) == RUN_SPACE) {
            if (*n == 0) return rv_fail(err, errlen, RV_FAILED, _("%s: a run of reads repeats no read"), where);
            count = RV_ACC_INDEX(a) & 0xFFFFFFFFu;
            stride = (int64_t)(int32_t)((uint32_t)(RV_ACC_INDEX(a) >> 32) << 8) >> 8; /* 24-bit signed */
            base = (*buf)[*n - 1];
            if (count == 0 || stride == 0)
                return rv_fail(err, errlen, RV_FAILED, _("%s: a run of reads is empty"), where);
        }
        if (*n + count > room)
            return rv_fail(err, errlen, RV_FAILED, _("%s: more than %u reads in one trace"), where, RV_OWN_MAX_READS);
        if (*n + count > *cap) {
            uint64_t c = *cap ? *cap : 64;
            while (c < *n + count) c *= 2;
            uint64_t *g = realloc(*buf, c * sizeof *g);
            if (!g) return rv_fail(err, errlen, RV_FAILED, _("out of memory"));
            *buf = g;
            *cap = (uint32_t)c;
        }
        for (uint64_t j = 1; j <= count; j++) {
            int64_t idx = (int64_t)RV_ACC_INDEX(base) + stride * (int64_t)(stride ? j : 0);
            if (idx < 0) return rv_fail(err, errlen, RV_FAILED, _("%s: a run of reads goes below index 0"), where);
            (*buf)[(*n)++] = stride ? RV_ACC(RV_ACC_SPACE(base), (uint64_t)idx) : base;
        }
    }
    return 0;
}

static rv_trace *parse_one(rbuf *rp, int depth, int first_format, rv_plan_fn plan, char *err, size_t errlen);

rv_trace *rv_trace_parse_with(const uint8_t *buf, size_t len, rv_plan_fn plan, char *err, size_t errlen)
{
    rbuf r = {buf, len, 0};
    rv_trace *tr = parse_one(&r, 0, 0, plan, err, errlen);
    if (tr && rv_waves_section_at(r.p + r.pos, r.len - r.pos)) {
        size_t used = 0;
        char inner[300];
        if (!(tr->waves = rv_waves_parse(r.p + r.pos, r.len - r.pos, &used, inner, sizeof inner))) {
            rv_fail(err, errlen, RV_FAILED, _("the waves run: %s"), inner);
            rv_trace_free(tr);
            return NULL;
        }
        r.pos += used;
    }
    if (tr && r.pos != r.len) {
        rv_fail(err, errlen, RV_FAILED, _("%zu unexpected bytes after the last event"), r.len - r.pos);
        rv_trace_free(tr);
        return NULL;
    }
    return tr;
}

/* One trace from r (an own trace of format 3: with every launch after it). */
/* Every step's event of every thread: the line, the value, the write and
 * the reads (format 3: flags, tries and a read list of any length, kept in
 * *rbufp).  0, or -1 with err. */
static int parse_events(rbuf *r, rv_trace *tr, int format, uint64_t **rbufp, uint32_t *rcap, char *err, size_t errlen)
{
    for (int s = 0; s < tr->nsteps; s++)
        for (int t = 0; t < tr->block_size; t++) {
            uint64_t line, nreads = 0, bits, write, flags = 0, tries = 0, reads[RV_MAX_READS];
            uint32_t nr = 0;
            char where[64];
            snprintf(where, sizeof where, _("step %d, thread %d"), s, t);
            if (take_u(r, 2, &line) ||
                (format >= RV_TRACE_FORMAT_OWN3 ? take_u(r, 2, &flags) || take_u(r, 2, &tries)
                                                : take_u(r, 2, &nreads)) ||
                take_u(r, 4, &bits) || take_u(r, 8, &write)) {
                truncated(r, where, err, errlen);
                return -1;
            }
            if (format >= RV_TRACE_FORMAT_OWN3) {
                if (take_reads(r, rbufp, rcap, &nr, RV_OWN_MAX_READS - tr->nreads, where, err, errlen)) return -1;
            } else {
                if (nreads > RV_MAX_READS) {
                    rv_fail(err, errlen, RV_FAILED, _("step %d thread %d: %" PRIu64 " reads (at most %d)"), s, t,
                            nreads, RV_MAX_READS);
                    return -1;
                }
                for (uint64_t k = 0; k < nreads; k++)
                    if (take_u(r, 8, &reads[k])) {
                        truncated(r, where, err, errlen);
                        return -1;
                    }
                nr = (uint32_t)nreads;
            }
            uint32_t b32 = (uint32_t)bits;
            float value;
            memcpy(&value, &b32, sizeof value);
            if (rv_trace_set(tr, s, t, (uint16_t)line, value, write, format >= RV_TRACE_FORMAT_OWN3 ? *rbufp : reads,
                             (int)nr)) {
                rv_fail(err, errlen, RV_FAILED, _("out of memory"));
                return -1;
            }
            rv_event *e = rv_trace_event(tr, s, t);
            e->flags = (uint16_t)flags;
            e->tries = (uint16_t)tries;
        }
    return 0;
}

/* first_format: the format of the run's first launch (depth 0: none yet);
 * every launch after it is of that format. */
static rv_trace *parse_one(rbuf *rp, int depth, int first_format, rv_plan_fn plan, char *err, size_t errlen)
{
    rbuf r = *rp;
    char magic[8];
    uint64_t format, version, bs, block, n, grid, kind, seed, okind, nsteps, hash;
    uint64_t *rbufp = NULL;
    uint32_t rcap = 0;
    if (r.len - r.pos < 8 || take(&r, magic, 8) || memcmp(magic, RV_TRACE_MAGIC, 8) != 0) {
        rv_fail(err, errlen, RV_FAILED, _("not a reducevis trace (the file does not start with '%s')"), RV_TRACE_MAGIC);
        return NULL;
    }
    if (take_u(&r, 4, &format)) {
        truncated(&r, _("the header"), err, errlen);
        return NULL;
    }
    if (format < RV_TRACE_FORMAT || format > RV_TRACE_FORMAT_LAST) {
        rv_fail(err, errlen, RV_FAILED,
                _("trace format version %" PRIu64 " is not supported (this build reads versions 1 to %d)"), format,
                RV_TRACE_FORMAT_LAST);
        return NULL;
    }
    if (take_u(&r, 4, &version) || take_u(&r, 4, &bs) || take_u(&r, 4, &block) || take_u(&r, 8, &n) ||
        take_u(&r, 4, &grid) || take_u(&r, 4, &kind) || take_u(&r, 8, &seed) || take_u(&r, 4, &okind) ||
        take_u(&r, 4, &nsteps) || take_u(&r, 8, &hash) || r.len - r.pos < RV_ORIGIN_LEN + RV_DATE_LEN) {
        truncated(&r, _("the header"), err, errlen);
        return NULL;
    }
    /* Bound the sizes before allocating anything from them. */
    int own_format = format >= RV_TRACE_FORMAT_OWN;
    if (own_format != (version == RV_VERSION_OWN) || (depth > 0 && format != (uint64_t)first_format)) {
        rv_fail(err, errlen, RV_FAILED,
                _("trace format %" PRIu64 " with kernel version %" PRIu64
                  ": only a kernel traced from its file uses format %d"),
                format, version, first_format > RV_TRACE_FORMAT_OWN ? first_format : RV_TRACE_FORMAT_LAST);
        return NULL;
    }
    if (version >= RV_NUM_VERSIONS && version != RV_VERSION_OWN) {
        rv_fail(err, errlen, RV_FAILED, _("unknown kernel version %" PRIu64 " (expected 0..%d: %s)"), version,
                RV_NUM_VERSIONS - 1, rv_version_list());
        return NULL;
    }
    const char *why = rv_version_check_block((int)version, bs > 4096 ? 4096 : (int)bs);
    if (why) {
        rv_fail(err, errlen, RV_FAILED, _("block size %" PRIu64 " for %s: %s"), bs, rv_version_name((int)version),
                _(why));
        return NULL;
    }
    int most = format >= RV_TRACE_FORMAT_OWN3 ? RV_OWN_MAX_STEPS : RV_MAX_STEPS;
    if (nsteps == 0 || nsteps > (uint64_t)most || (format >= RV_TRACE_FORMAT_OWN3 && nsteps * bs > RV_OWN_MAX_CELLS)) {
        rv_fail(err, errlen, RV_FAILED, _("%" PRIu64 " steps is absurd (at most %d)"), nsteps, most);
        return NULL;
    }
    rv_trace *tr = rv_trace_new((int)bs, (int)nsteps);
    if (!tr) {
        rv_fail(err, errlen, RV_FAILED, _("out of memory"));
        return NULL;
    }
    tr->version = (int)version;
    tr->traced_block = (uint32_t)block;
    tr->n = n;
    tr->grid = (uint32_t)grid;
    tr->data.kind = (rv_data_kind)kind;
    tr->data.seed = seed;
    tr->origin_kind = (uint32_t)okind;
    tr->source_hash = hash;
    take(&r, tr->origin, RV_ORIGIN_LEN);
    take(&r, tr->date, RV_DATE_LEN);
    for (int s = 0; s < tr->nsteps; s++) {
        uint64_t stride, phase;
        if (take(&r, tr->steps[s].label, RV_LABEL_LEN) || take_u(&r, 4, &stride) || take_u(&r, 4, &phase)) {
            truncated(&r, _("the step table"), err, errlen);
            goto bad;
        }
        tr->steps[s].stride = (int32_t)(uint32_t)stride;
        tr->steps[s].phase = (uint32_t)phase;
    }
    if (!own_format) { /* a shipped version's step flags (a cluster's) are not stored: they are its plan's */
        rv_step steps[RV_MAX_STEPS];
        int nplan = plan(tr->version, tr->block_size, steps);
        for (int s = 0; s < tr->nsteps && s < nplan; s++) tr->steps[s].flags = steps[s].flags;
    }
    if (parse_events(&r, tr, (int)format, &rbufp, &rcap, err, errlen)) goto bad;
    int more = 0;
    if (own_format && parse_own(&r, tr, (int)format, &more, err, errlen)) goto bad;
    if (more && depth + 1 >= RV_OWN_MAX_LAUNCHES) {
        rv_fail(err, errlen, RV_FAILED, _("more than %d launches in one trace"), RV_OWN_MAX_LAUNCHES);
        goto bad;
    }
    if (more && !(tr->next = parse_one(&r, depth + 1, (int)format, plan, err, errlen))) goto bad;
    if (rv_trace_validate_with(tr, plan, err, errlen)) goto bad;
    free(rbufp);
    *rp = r;
    return tr;
bad:
    free(rbufp);
    rv_trace_free(tr);
    return NULL;
}

int rv_trace_save(const rv_trace *tr, const char *path, char *err, size_t errlen)
{
    size_t len;
    uint8_t *buf = rv_trace_serialize(tr, &len);
    if (!buf) return rv_fail(err, errlen, RV_FAILED, _("out of memory"));
    FILE *f = fopen(path, "wb");
    if (!f) {
        rv_fail(err, errlen, RV_FAILED, _("cannot write %s: %s"), path, strerror(errno));
        free(buf);
        return -1;
    }
    size_t wrote = fwrite(buf, 1, len, f);
    int closed = fclose(f);
    free(buf);
    if (wrote != len || closed != 0)
        return rv_fail(err, errlen, RV_FAILED, _("cannot write %s: %s"), path, strerror(errno));
    return 0;
}

rv_trace *rv_trace_load_with(const char *path, rv_plan_fn plan, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        rv_fail(err, errlen, RV_FAILED, _("cannot open %s: %s"), path, strerror(errno));
        return NULL;
    }
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 65536;
            if (cap > (size_t)1 << 30) {
                rv_fail(err, errlen, RV_FAILED, _("%s is too large to be a trace"), path);
                goto out;
            }
            uint8_t *grown = realloc(buf, cap);
            if (!grown) {
                rv_fail(err, errlen, RV_FAILED, _("out of memory reading %s"), path);
                goto out;
            }
            buf = grown;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        rv_fail(err, errlen, RV_FAILED, _("cannot read %s: %s"), path, strerror(errno));
        goto out;
    }
    fclose(f);
    char inner[400];
    rv_trace *tr = rv_trace_parse_with(buf, len, plan, inner, sizeof inner);
    free(buf);
    if (!tr) rv_fail(err, errlen, RV_FAILED, _("%s: %s"), path, inner);
    return tr;
out:
    fclose(f);
    free(buf);
    return NULL;
}
