/* adopt.c — a shipped kernel traced unchanged becomes its version's GPU trace
 * (adopt.h says when). */
#include "own/records/adopt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/i18n.h"
#include "model/model.h"
#include "core/versions.h"

/* Whether a read is among an event's reads. */
static int reads_has(const rv_trace *tr, const rv_event *e, uint64_t a)
{
    const uint64_t *r = rv_event_reads(tr, e);
    for (uint32_t k = 0; k < e->nreads; k++)
        if (r[k] == a) return 1;
    return 0;
}

/* Whether the hardware's event x read the places the model's event y reads.
 * The order within one statement is the compiler's (it may fetch the second
 * operand first), so they are compared as multisets.  The tracer adds a read
 * of the thread's own register to every event after its first (it cannot see
 * registers, so it says the thread may go on from them); where the model
 * reads no register, that note is not a read to compare.  Reads are few (a
 * statement's operands), so the quadratic match costs nothing. */
static int same_reads(const rv_trace *a, const rv_event *x, const rv_trace *b, const rv_event *y, int t)
{
    const uint64_t *p = rv_event_reads(a, x), *q = rv_event_reads(b, y);
    uint64_t carried = RV_ACC(RV_SPACE_REG, (uint64_t)t);
    uint32_t skip = x->nreads && p[0] == carried && !reads_has(b, y, carried);
    if (x->nreads - skip != y->nreads || y->nreads > RV_MAX_READS) return 0;
    unsigned char used[RV_MAX_READS] = {0};
    for (uint32_t i = skip; i < x->nreads; i++) {
        uint32_t k = 0;
        while (k < y->nreads && (used[k] || q[k] != p[i])) k++;
        if (k == y->nreads) return 0;
        used[k] = 1;
    }
    return 1;
}

/* The first event where the hardware and the model differ, described in err;
 * 0 when there is none. */
static int differs(const rv_trace *gpu, const rv_trace *cpu, const char *name, char *err, size_t errlen)
{
    if (gpu->nsteps != cpu->nsteps) {
        snprintf(err, errlen, _("the kernel of %s, traced unchanged, took %d steps where its model takes %d"), name,
                 gpu->nsteps, cpu->nsteps);
        return 1;
    }
    for (int s = 0; s < cpu->nsteps; s++)
        for (int t = 0; t < cpu->block_size; t++) {
            const rv_event *x = rv_trace_event(gpu, s, t), *y = rv_trace_event(cpu, s, t);
            const char *what = x->line != y->line                                   ? _("executed or source line")
                               : rv_value_bits(x->value) != rv_value_bits(y->value) ? _("value")
                               : x->write != y->write                               ? _("write")
                               : !same_reads(gpu, x, cpu, y, t)                     ? _("reads")
                                                                                    : NULL;
            if (what) {
                snprintf(err, errlen,
                         _("the kernel of %s, traced unchanged, differs from its model at step %d ('%s') thread "
                           "%d: %s (line %u vs %u, value %.9g vs %.9g)"),
                         name, s, cpu->steps[s].label, t, what, x->line, y->line, (double)x->value, (double)y->value);
                return 1;
            }
        }
    return 0;
}

rv_trace *rv_own_adopt(const rv_trace *own, int version, char *err, size_t errlen)
{
    const rv_version_info *vi = rv_version(version);
    if (!vi || (vi->props & RV_VP_OWN)) {
        snprintf(err, errlen, _("unknown version id %d"), version);
        return NULL;
    }
    if (own->own_flags & RV_OWN_SUM_WRONG) {
        snprintf(err, errlen, _("the kernel of %s, traced unchanged, got the wrong sum (%.9g)"), vi->name,
                 own->own_sum);
        return NULL;
    }
    rv_config cfg = {version, own->block_size, own->n, own->traced_block, own->data, own->grid};
    rv_trace *cpu = rv_model_run(&cfg, err, errlen);
    if (!cpu) return NULL;
    rv_trace *out = NULL;
    if (differs(own, cpu, vi->name, err, errlen)) goto done;
    if (!(out = rv_trace_begin(&cfg, own->grid, RV_ORIGIN_GPU, err, errlen))) goto done;
    snprintf(out->origin, sizeof out->origin, "%s", own->origin);
    snprintf(out->date, sizeof out->date, "%s", own->date);
    /* The hardware's events; each one's reads in the order its statement names
     * them (the model's: the same places, as differs() has just shown), the
     * order the format lists a statement's operands in. */
    for (int s = 0; s < cpu->nsteps; s++)
        for (int t = 0; t < cpu->block_size; t++) {
            const rv_event *x = rv_trace_event(own, s, t), *y = rv_trace_event(cpu, s, t);
            if (x->line && rv_trace_set(out, s, t, x->line, x->value, x->write, rv_event_reads(cpu, y), y->nreads)) {
                snprintf(err, errlen, "%s", _("out of memory"));
                rv_trace_free(out);
                out = NULL;
                goto done;
            }
        }
done:
    rv_trace_free(cpu);
    return out;
}
