/* grid.c — reads the tracer's allocs.txt and counts.txt (src/tracer/raw.h
 * has their lines) and turns one launch's counts into what a trace keeps:
 * shared-memory requests and wavefronts by kind, global atomics, the
 * asynchronous and bulk copies and other blocks' shared memory, and the
 * allocations the launch touched, each named by what it is to the lesson. */
#include "own/records/grid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/i18n.h"
#include "own/base/proc.h"
#include "own/records/raw_file.h"

#define MAX_ALLOCS   4096 /* allocations a run may list            */
#define MAX_LAUNCHES 1024 /* launches counts.txt may hold          */
#define MAX_PCS      (1u << 20)
#define MAX_FILE     (16u << 20) /* bytes of allocs.txt or counts.txt   */

static int bad_line(const char *file, int line, char *err, size_t errlen)
{
    snprintf(err, errlen, _("%s: line %d is damaged"), file, line);
    return -1;
}

static int kind_of(const char *w)
{
    static const char *const names[] = {"cudaMalloc", "async", "managed", "module"};
    for (int k = 0; k < 4; k++)
        if (!strcmp(w, names[k])) return RV_ALLOC_MALLOC + k;
    return 0;
}

static int parse_allocs(char *text, rv_own_grid_run *g, char *err, size_t errlen)
{
    int ln = 0;
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        ln++;
        unsigned long long addr, bytes;
        unsigned id, at, call;
        char kind[16];
        if (sscanf(l, "free addr %llu at %u", &addr, &at) == 2) {
            for (uint32_t k = g->nallocs; k-- > 0;)
                if (g->allocs[k].addr == addr && g->allocs[k].freed < 0) {
                    g->allocs[k].freed = at;
                    break;
                }
            continue;
        }
        if (sscanf(l, "alloc %u addr %llu bytes %llu kind %15s at %u call %u", &id, &addr, &bytes, kind, &at, &call) !=
                6 ||
            !kind_of(kind) || g->nallocs >= MAX_ALLOCS || bytes == 0 || addr + bytes < addr)
            return bad_line("allocs.txt", ln, err, errlen);
        rv_own_alloc *a = realloc(g->allocs, (g->nallocs + 1) * sizeof *a);
        if (!a) return bad_line("allocs.txt", ln, err, errlen);
        g->allocs = a;
        a[g->nallocs++] = (rv_own_alloc){id, at, call, -1, addr, bytes, (uint8_t)kind_of(kind)};
    }
    return 0;
}

static int add_pc(rv_own_counted *c, const rv_own_pc *pc)
{
    if (c->npcs >= MAX_PCS) return -1;
    rv_own_pc *p = realloc(c->pcs, (c->npcs + 1) * sizeof *p);
    if (!p) return -1;
    c->pcs = p;
    p[c->npcs++] = *pc;
    return 0;
}

/* A count's kind as counts.txt names it: RV_RAW_SMEM, GMEM or BULK, and
 * the flag of another block's shared memory (dsmem); 0 for none known. */
static int count_kind(const char *w, uint32_t *flags)
{
    if (!strcmp(w, "smem")) return RV_RAW_SMEM;
    if (!strcmp(w, "gmem")) return RV_RAW_GMEM;
    if (!strcmp(w, "bulk")) return RV_RAW_BULK;
    if (!strcmp(w, "dsmem")) return *flags |= RV_RAW_REMOTE, RV_RAW_SMEM;
    return 0;
}

/* One line of counts.txt, into the launch it names (the last one begun).
 * A bulk copy's line ends in its bytes (at most 1 MiB a copy); no other
 * line has them. */
static int counts_line(const char *l, rv_own_grid_run *g)
{
    unsigned k, grid, block, flags, size, alloc;
    long long off;
    unsigned long long req, lanes, waves, rd, wr, at, bytes = 0;
    char kind[8];
    int end = 0;
    rv_own_counted *c = g->nlaunches ? &g->launches[g->nlaunches - 1] : NULL;
    if (sscanf(l, "launch %u grid %u block %u kernel", &k, &grid, &block) == 3) {
        if (g->nlaunches >= MAX_LAUNCHES || (c && k <= c->launch)) return -1;
        c = realloc(g->launches, (g->nlaunches + 1) * sizeof *c);
        if (!c) return -1;
        g->launches = c;
        c[g->nlaunches++] = (rv_own_counted){.launch = k, .grid = grid, .block = block};
        return 0;
    }
    if (sscanf(l, "count %u pc %lld kind %7s flags %u size %u requests %llu lanes %llu wavefronts %llu%n", &k, &off,
               kind, &flags, &size, &req, &lanes, &waves, &end) == 8 &&
        end) {
        uint32_t fl = flags;
        int kd = count_kind(kind, &fl), more = 0;
        if (kd == RV_RAW_BULK && (sscanf(l + end, " bytes %llu%n", &bytes, &more) != 1 || l[end + more] || size ||
                                  waves || rv_bytes_exceed(bytes, req, RV_OWN_MAX_BULK_BYTES)))
            return -1;
        if (!c || k != c->launch || !kd || off < -1 || size > 16 || lanes > req * 32 || waves > req * 128) return -1;
        rv_own_pc pc = {off, (uint8_t)kd, (uint8_t)size, fl, req, lanes, waves, bytes};
        return add_pc(c, &pc);
    }
    if (sscanf(l, "buffer %u alloc %u reads %llu writes %llu atomics %llu", &k, &alloc, &rd, &wr, &at) == 5) {
        if (!c || k != c->launch || c->nbuf >= RV_RAW_MAX_BUFFERS) return -1;
        c->buf[c->nbuf].alloc = alloc, c->buf[c->nbuf].reads = rd, c->buf[c->nbuf].writes = wr;
        c->buf[c->nbuf++].atomics = at;
        return 0;
    }
    return -1;
}

/* One of the tracer's files from the folder the traced program could write
 * in: NULL (and *rc 1) where there is none, or -1 where it is no small text. */
static char *read_file(const char *work, const char *name, int *rc, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", work, name);
    char *text = malloc(MAX_FILE);
    if (!text) {
        *rc = -1;
        snprintf(err, errlen, "%s", _("out of memory"));
        return NULL;
    }
    *rc = rv_read_regular(path, text, MAX_FILE);
    if (*rc == 0) return text;
    free(text);
    if (*rc < 0) snprintf(err, errlen, _("%s is not the tracer's text (a regular file under 16 MiB)"), name), *rc = -1;
    return NULL;
}

int rv_own_grid_load(const char *work, rv_own_grid_run *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    int rc;
    char *text = read_file(work, "allocs.txt", &rc, err, errlen);
    if (rc < 0) return -1;
    if (text && parse_allocs(text, g, err, errlen)) {
        free(text);
        rv_own_grid_free(g);
        return -1;
    }
    free(text);
    if (!(text = read_file(work, "counts.txt", &rc, err, errlen))) {
        if (rc < 0) rv_own_grid_free(g);
        return rc < 0 ? -1 : 0;
    }
    int ln = 0;
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
        if (++ln, counts_line(l, g)) {
            free(text);
            rv_own_grid_free(g);
            return bad_line("counts.txt", ln, err, errlen);
        }
    free(text);
    return 0;
}

void rv_own_grid_free(rv_own_grid_run *g)
{
    for (uint32_t k = 0; k < g->nlaunches; k++) free(g->launches[k].pcs);
    free(g->launches);
    free(g->allocs);
    memset(g, 0, sizeof *g);
}

const rv_own_alloc *rv_own_grid_alloc_at(const rv_own_grid_run *g, uint64_t addr, uint32_t size, uint32_t launch)
{
    if (!g) return NULL;
    for (uint32_t k = g->nallocs; k-- > 0;) {
        const rv_own_alloc *a = &g->allocs[k];
        int live = a->at < launch && (a->freed < 0 || a->freed >= (int64_t)launch);
        if (live && addr >= a->addr && addr - a->addr + size <= a->bytes) return a;
    }
    return NULL;
}

const rv_own_alloc *rv_own_grid_alloc(const rv_own_grid_run *g, uint32_t id)
{
    for (uint32_t k = 0; k < g->nallocs; k++)
        if (g->allocs[k].id == id) return &g->allocs[k];
    return NULL;
}

/* in[] is the array the first call is given; out[] every array a call
 * writes its partials to (the driver has two, and hands them on as in[]). */
rv_buffer_role rv_own_alloc_role(const rv_own_alloc *a, const rv_own_meta *m)
{
    if (a->addr == m->in_addr) return RV_BUF_IN;
    for (int k = 0; k < m->ncalls; k++)
        if (a->addr == m->calls[k].out_addr) return RV_BUF_OUT;
    if (a->kind == RV_ALLOC_MODULE) return RV_BUF_VARIABLE;
    return a->call ? RV_BUF_OWN : RV_BUF_OTHER;
}

/* Adds one instruction's counts to the totals, as Nsight Compute counts
 * them: a shared compare-and-swap (ATOMS.CAS, the loop a float atomicAdd
 * compiles to) carries two words a lane, so two wavefronts a request; a
 * cp.async (LDGSTS) is neither a global load nor a shared store, its bytes
 * every lane's; a bulk copy (UBLKCP) is one request a copy; another
 * block's shared memory (dshared) is none of the block's own. */
static void add_counts(rv_own_grid *t, const rv_own_pc *pc, const rv_sass *sass)
{
    /* an atomic reads and writes; RV_RAW_ATOMIC marks only the system-scope ones */
    int atomic = (pc->flags & RV_RAW_WRITE) && (pc->flags & (RV_RAW_READ | RV_RAW_ATOMIC));
    int64_t r = (int64_t)pc->requests, w = (int64_t)pc->wavefronts;
    if (pc->kind == RV_RAW_BULK) {
        t->bulk_copies += r, t->bulk_bytes += (int64_t)pc->bytes;
        return;
    }
    if (pc->kind == RV_RAW_GMEM) {
        if (pc->flags & RV_RAW_ASYNC)
            t->async_requests += r, t->async_bytes += (int64_t)(pc->lanes * pc->size);
        else if (atomic)
            t->gatom_requests += r;
        return;
    }
    if (pc->flags & RV_RAW_REMOTE) {
        if (atomic)
            t->dsmem_atom_requests += r;
        else if (pc->flags & RV_RAW_WRITE)
            t->dsmem_st_requests += r;
        else
            t->dsmem_ld_requests += r;
        return;
    }
    const rv_sass_insn *in = sass && pc->offset >= 0 ? rv_sass_at(sass, (uint32_t)pc->offset) : NULL;
    if (atomic) {
        int cas = in && in->cas;
        t->atom_requests += r;
        t->atom_wavefronts += cas ? 2 * w : w;
        t->cas_requests += cas ? r : 0;
    } else if (pc->flags & RV_RAW_WRITE) {
        t->st_requests += r, t->st_wavefronts += w;
    } else {
        t->ld_requests += r, t->ld_wavefronts += w;
    }
}

rv_own_grid *rv_own_grid_of(const rv_own_grid_run *g, uint32_t launch, const rv_sass *sass, const rv_own_meta *meta)
{
    const rv_own_counted *c = NULL;
    if (!g) return NULL;
    for (uint32_t k = 0; k < g->nlaunches; k++)
        if (g->launches[k].launch == launch) c = &g->launches[k];
    if (!c) return NULL;
    rv_own_grid *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    for (uint32_t k = 0; k < c->npcs; k++) add_counts(t, &c->pcs[k], sass);
    for (uint32_t k = 0; k < c->nbuf && t->nbuffers < RV_OWN_MAX_BUFFERS; k++) {
        const rv_own_alloc *a = rv_own_grid_alloc(g, c->buf[k].alloc);
        if (!a) continue;
        t->buffers[t->nbuffers++] =
            (rv_own_buffer){a->id,           rv_own_alloc_role(a, meta), a->kind,           a->call,  a->bytes,
                            c->buf[k].reads, c->buf[k].writes,           c->buf[k].atomics, INT64_MIN};
    }
    return t;
}
