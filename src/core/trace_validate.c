/* trace_validate.c — a trace checked before anything draws it
 * (rv_trace_validate_with, trace.h): every field and access index against
 * the version's own bounds and its steps against the version's plan (its
 * model run without recording, which the caller hands in), so a corrupt or
 * hostile file is refused with a message that names what is wrong. */
#include "trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "versions.h"
#include "i18n.h"

/* A memory space as a whole noun ("shared memory", "the ticket counter"):
 * the messages that name one add no word of their own after it. */
static const char *space_name(unsigned sp)
{
    static const char *const names[RV_SPACE_COUNT] = {N_("no memory"),
                                                      N_("shared memory"),
                                                      N_("global input memory"),
                                                      N_("global output memory"),
                                                      N_("a warp's lanes"),
                                                      N_("the registers"),
                                                      N_("global input memory (float4)"),
                                                      N_("the ticket counter"),
                                                      N_("shared memory (64-bit)"),
                                                      N_("shared memory (128-bit)"),
                                                      N_("the kernel's own global memory")};
    return sp < RV_SPACE_COUNT ? _(names[sp]) : _("an unknown memory");
}

/* The exclusive upper bound of indices in a space, for this trace. */
static uint64_t space_limit(const rv_trace *tr, unsigned sp)
{
    switch (sp) {
    case RV_SPACE_SMEM: return (uint64_t)rv_trace_smem_words(tr);
    case RV_SPACE_SMEM8: return rv_trace_smem_words(tr) < 1 ? 0 : (uint64_t)rv_trace_smem_words(tr) - 1;
    case RV_SPACE_SMEM16: return rv_trace_smem_words(tr) < 3 ? 0 : (uint64_t)rv_trace_smem_words(tr) - 3;
    case RV_SPACE_GIN: return tr->n;
    case RV_SPACE_GIN4: return tr->n < 3 ? 0 : tr->n - 3; /* elements index .. index + 3 */
    case RV_SPACE_GOUT: /* a single pass: the result after the partials; an own kernel: out[]'s room */
        if (tr->version == RV_VERSION_OWN)
            return tr->n / 32 + 2 > (uint64_t)tr->grid + 1 ? tr->n / 32 + 2 : (uint64_t)tr->grid + 1;
        return (uint64_t)tr->grid + (rv_version_has(tr->version, RV_VP_SINGLE_PASS) ? 1 : 0);
    case RV_SPACE_TICKET: return 1;
    case RV_SPACE_GOWN: return tr->own_gwords;
    case RV_SPACE_LANE: return 32;
    case RV_SPACE_REG: return (uint64_t)tr->block_size;
    default: return 0;
    }
}

static int check_access(const rv_trace *tr, uint64_t a, int s, int t, const char *what, char *err, size_t errlen)
{
    unsigned sp = RV_ACC_SPACE(a);
    uint64_t idx = RV_ACC_INDEX(a);
    if (sp == RV_SPACE_NONE || sp >= RV_SPACE_COUNT ||
        ((sp == RV_SPACE_SMEM8 || sp == RV_SPACE_SMEM16 || sp == RV_SPACE_GOWN) && tr->version != RV_VERSION_OWN))
        return rv_fail(err, errlen, RV_FAILED, _("step %d thread %d: %s has unknown memory space %u"), s, t, what, sp);
    if (sp == RV_SPACE_GIN4 && idx % 4 != 0)
        return rv_fail(err, errlen, RV_FAILED,
                       _("step %d thread %d: %s of a float4 at element %" PRIu64 ", which is not a multiple of 4"), s,
                       t, what, idx);
    if (sp == RV_SPACE_GIN4 && idx >= space_limit(tr, sp))
        return rv_fail(err, errlen, RV_FAILED,
                       _("step %d thread %d: %s of a float4 at elements %" PRIu64 "..%" PRIu64
                         " runs past the array (N = %" PRIu64 ")"),
                       s, t, what, idx, idx + 3, tr->n);
    if (idx >= space_limit(tr, sp))
        return rv_fail(err, errlen, RV_FAILED,
                       _("step %d thread %d: %s index %" PRIu64 " is outside %s (size %" PRIu64 ")"), s, t, what, idx,
                       space_name(sp), space_limit(tr, sp));
    return 0;
}

/* The launch's shape: said only by an own trace (format 4), x, y, z each
 * within what a GPU allows and their product the block's threads, the
 * grid's blocks; any other trace's is a row. */
static int check_shape(const rv_trace *tr, char *err, size_t errlen)
{
    const uint32_t *b = tr->block_dim, *g = tr->grid_dim;
    int own = tr->version == RV_VERSION_OWN;
    if (b[0] && (!own || !b[1] || !b[2] || b[0] > 1024 || b[1] > 1024 || b[2] > 64 ||
                 (uint64_t)b[0] * b[1] * b[2] != (uint64_t)tr->block_size))
        return rv_fail(err, errlen, RV_FAILED,
                       _("block shape %" PRIu32 " x %" PRIu32 " x %" PRIu32 " is not a block of %d threads a GPU runs"),
                       b[0], b[1], b[2], tr->block_size);
    if (g[0] &&
        (!own || !g[1] || !g[2] || g[1] > 65535 || g[2] > 65535 || (uint64_t)g[0] * g[1] * g[2] != (uint64_t)tr->grid))
        return rv_fail(
            err, errlen, RV_FAILED,
            _("grid shape %" PRIu32 " x %" PRIu32 " x %" PRIu32 " is not a grid of %" PRIu32 " blocks a GPU runs"),
            g[0], g[1], g[2], tr->grid);
    return 0;
}

static int nul_terminated(const char *s, size_t len) { return memchr(s, '\0', len) != NULL; }

int rv_trace_validate_with(const rv_trace *tr, rv_plan_fn plan, char *err, size_t errlen)
{
    const char *why;
    if (!rv_version(tr->version))
        return rv_fail(err, errlen, RV_FAILED, _("unknown kernel version %d (expected 0..%d: %s)"), tr->version,
                       RV_NUM_VERSIONS - 1, rv_version_list());
    if ((why = rv_version_check_block(tr->version, tr->block_size)))
        return rv_fail(err, errlen, RV_FAILED, _("block size %d for %s: %s"), tr->block_size,
                       rv_version_name(tr->version), _(why));
    if (check_shape(tr, err, errlen)) return -1;
    if (tr->n < 1 || tr->n > RV_MAX_N)
        return rv_fail(err, errlen, RV_FAILED, _("N = %" PRIu64 " is out of range (1 .. 2^31)"), tr->n);
    int own = tr->version == RV_VERSION_OWN;
    if (own != (tr->own_source != NULL) || own != (tr->own_name != NULL))
        return rv_fail(err, errlen, RV_FAILED, _("only a kernel traced from its file carries its source"));
    if (tr->nsteps < 1 || tr->nsteps > rv_trace_max_steps(tr->version))
        return rv_fail(err, errlen, RV_FAILED, _("%d steps is absurd (at most %d)"), tr->nsteps,
                       rv_trace_max_steps(tr->version));
    for (int s = 0; s < tr->nsteps; s++) /* a shipped version's flags are its plan's (below) */
        if (tr->steps[s].flags & ~RV_STEP_OWN_FLAGS)
            return rv_fail(err, errlen, RV_FAILED, _("step %d has unknown flags 0x%x"), s,
                           (unsigned)tr->steps[s].flags);
    if (own && (tr->launch > tr->launches || tr->launches > 1u << 20 || (tr->next && tr->next->launch <= tr->launch)))
        return rv_fail(err, errlen, RV_FAILED, _("launch %u of %u is out of order"), tr->launch, tr->launches);
    if (own && (tr->own_smem_words > RV_OWN_MAX_SMEM_WORDS || tr->grid < 1 ||
                (tr->own_flags & ~(RV_OWN_SUM_WRONG | RV_OWN_CUT | RV_OWN_GPU_LAUNCHES | RV_OWN_NO_ACCESS))))
        return rv_fail(err, errlen, RV_FAILED, _("the traced kernel's shared memory, grid or flags are out of range"));
    uint64_t grid = rv_version_grid(tr->version, tr->block_size, tr->n);
    uint64_t most = rv_version_grid_max(tr->version, tr->block_size, tr->n);
    if (own)
        ; /* a student's kernel chooses its grid */
    else if (rv_version_has(tr->version, RV_VP_FILLS_GPU) && (tr->grid < 1 || tr->grid > most))
        return rv_fail(err, errlen, RV_FAILED,
                       _("grid of %" PRIu32 " blocks is outside what %s can run with N = %" PRIu64
                         " and block size %d (1 .. %" PRIu64 ")"),
                       tr->grid, rv_version_name(tr->version), tr->n, tr->block_size, most);
    else if (!rv_version_has(tr->version, RV_VP_FILLS_GPU) && tr->grid != grid)
        return rv_fail(
            err, errlen, RV_FAILED,
            _("grid of %" PRIu32 " blocks does not match %s with N = %" PRIu64 " and block size %d (%" PRIu64 ")"),
            tr->grid, rv_version_name(tr->version), tr->n, tr->block_size, grid);
    if (tr->grid % (uint32_t)rv_version_cluster(tr->version))
        return rv_fail(err, errlen, RV_FAILED,
                       _("grid of %" PRIu32 " blocks is not whole clusters of %d blocks, which %s launches"), tr->grid,
                       rv_version_cluster(tr->version), rv_version_name(tr->version));
    if (tr->traced_block >= tr->grid)
        return rv_fail(err, errlen, RV_FAILED, _("traced block %" PRIu32 " is outside the grid of %" PRIu32 " blocks"),
                       tr->traced_block, tr->grid);
    if ((unsigned)tr->data.kind >= RV_DATA_KIND_COUNT)
        return rv_fail(err, errlen, RV_FAILED, _("unknown data pattern %u"), (unsigned)tr->data.kind);
    if (tr->origin_kind > RV_ORIGIN_GPU)
        return rv_fail(err, errlen, RV_FAILED, _("unknown origin kind %" PRIu32), tr->origin_kind);
    if (!nul_terminated(tr->origin, sizeof tr->origin) || !nul_terminated(tr->date, sizeof tr->date))
        return rv_fail(err, errlen, RV_FAILED, _("origin or date text is not terminated"));

    rv_step steps[RV_MAX_STEPS];
    int nplan = own ? tr->nsteps : plan(tr->version, tr->block_size, steps); /* an own trace's steps are its own */
    if (tr->nsteps != nplan)
        return rv_fail(err, errlen, RV_FAILED, _("%d steps, but %s at block size %d takes %d"), tr->nsteps,
                       rv_version_name(tr->version), tr->block_size, nplan);
    for (int s = 0; s < tr->nsteps; s++) {
        const rv_step *st = &tr->steps[s];
        if (!nul_terminated(st->label, sizeof st->label))
            return rv_fail(err, errlen, RV_FAILED, _("step %d: label is not terminated"), s);
        if (own ? st->phase >= RV_PHASE_COUNT
                : (st->phase != steps[s].phase || st->stride != steps[s].stride || st->flags != steps[s].flags ||
                   strcmp(st->label, steps[s].label) != 0))
            return rv_fail(err, errlen, RV_FAILED, _("step %d ('%s') does not match %s's step '%s'"), s, st->label,
                           rv_version_name(tr->version), own ? "?" : steps[s].label);
        for (int t = 0; t < tr->block_size; t++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            if (e->line == 0) {
                if (e->nreads || e->write || e->flags)
                    return rv_fail(err, errlen, RV_FAILED, _("step %d thread %d: did not execute but records accesses"),
                                   s, t);
                continue;
            }
            if ((e->flags & ~(own ? RV_EV_ATOMIC : 0u)) || !(e->flags & RV_EV_ATOMIC) != !e->tries ||
                ((e->flags & RV_EV_ATOMIC) &&
                 (RV_ACC_SPACE(e->write) == RV_SPACE_REG || RV_ACC_SPACE(e->write) == RV_SPACE_NONE)))
                return rv_fail(err, errlen, RV_FAILED,
                               _("step %d thread %d: atomic flags 0x%x with %u tries do not fit its write"), s, t,
                               (unsigned)e->flags, (unsigned)e->tries);
            if (e->line > RV_MAX_LINE)
                return rv_fail(err, errlen, RV_FAILED, _("step %d thread %d: source line %u is absurd"), s, t, e->line);
            if (e->nreads > RV_MAX_READS && !own)
                return rv_fail(err, errlen, RV_FAILED, _("step %d thread %d: %u reads (at most %d)"), s, t, e->nreads,
                               RV_MAX_READS);
            if ((size_t)e->reads + e->nreads > tr->nreads)
                return rv_fail(err, errlen, RV_FAILED, _("step %d thread %d: reads lie outside the trace"), s, t);
            if (check_access(tr, e->write, s, t, _("write"), err, errlen)) return -1;
            unsigned wsp = RV_ACC_SPACE(e->write);
            if (wsp == RV_SPACE_GIN || wsp == RV_SPACE_GIN4 || wsp == RV_SPACE_LANE)
                return rv_fail(err, errlen, RV_FAILED, _("step %d thread %d: writes to %s"), s, t, space_name(wsp));
            const uint64_t *r = rv_event_reads(tr, e);
            for (uint32_t k = 0; k < e->nreads; k++)
                if (check_access(tr, r[k], s, t, _("read"), err, errlen)) return -1;
        }
    }
    return 0;
}
