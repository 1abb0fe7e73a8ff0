/* stepview.c — regroups a step's per-thread events by word and bank; a
 * wide shared access (8 or 16 bytes) marks every word it covers, and the
 * first one is kept so that the step's words can name it.  Atomics are
 * counted by the word they hit, block-wide: the hardware serves the lanes on
 * one word one after another, whichever warp they are in. */
#include "stepview.h"

#include <stdlib.h>
#include <string.h>

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The most atomic lanes on one word: the step's atomic writes sorted, the
 * longest run of one access. */
static int most_on_one_word(const rv_trace *tr, int step, int nthreads)
{
    uint64_t acc[SV_MAX_THREADS];
    int n = 0, most = 0;
    for (int t = 0; t < nthreads; t++) {
        const rv_event *e = rv_trace_event(tr, step, t);
        if (e->line && (e->flags & RV_EV_ATOMIC)) acc[n++] = e->write;
    }
    qsort(acc, (size_t)n, sizeof acc[0], cmp_u64);
    for (int i = 0, run = 0; i < n; i++) {
        run = i > 0 && acc[i] == acc[i - 1] ? run + 1 : 1;
        most = run > most ? run : most;
    }
    return most;
}

int stepview_atomic_on(const rv_analysis *an, int step, uint64_t acc)
{
    const rv_trace *tr = an->tr;
    int n = 0;
    if (step < 0 || step >= tr->nsteps) return 0;
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, step, t);
        n += e->line && (e->flags & RV_EV_ATOMIC) && e->write == acc;
    }
    return n;
}

/* Counts a shared access of 8 or 16 bytes, keeping the first. */
static void note_wide(stepview *sv, int t, uint64_t acc, int is_write)
{
    int words = (int)RV_ACC_WORDS(acc);
    if (words < 2) return;
    sv->wide_accesses++;
    if (4 * words > sv->wide_bytes) sv->wide_bytes = 4 * words;
    if (sv->wide_thread < 0) {
        sv->wide_thread = t;
        sv->wide_word = (int)RV_ACC_INDEX(acc);
        sv->wide_words = words;
        sv->wide_write = is_write;
    }
}

void stepview_build(stepview *sv, const rv_analysis *an, int step)
{
    const rv_trace *tr = an->tr;
    memset(sv, 0, sizeof *sv);
    sv->step = step;
    sv->block_size = tr->block_size < SV_MAX_THREADS ? tr->block_size : SV_MAX_THREADS;
    sv->words = an->smem_words < SV_MAX_WORDS ? an->smem_words : SV_MAX_WORDS;
    sv->nwarps = an->nwarps;
    sv->gout_thread = -1;
    sv->ticket_thread = -1;
    sv->wide_thread = -1;
    memset(sv->writer, 0xff, sizeof sv->writer); /* all -1 */
    memset(sv->shfl_src, 0xff, sizeof sv->shfl_src);
    if (step < 0 || step >= tr->nsteps) return;

    for (int t = 0; t < sv->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, step, t);
        if (e->line == 0) continue;
        unsigned ws = RV_ACC_SPACE(e->write);
        uint64_t wi = RV_ACC_INDEX(e->write);
        if (e->flags & RV_EV_ATOMIC) {
            sv->atomic_lanes++;
            if (RV_ACC_IS_SMEM(e->write)) {
                sv->atomic_shared++;
                if (wi < (uint64_t)sv->words && sv->atomic_on[wi] < UINT16_MAX) sv->atomic_on[wi]++;
            } else {
                sv->atomic_global++;
            }
        }
        if (RV_ACC_IS_SMEM(e->write) && wi < (uint64_t)sv->words) {
            for (uint64_t k = 0; k < RV_ACC_WORDS(e->write) && wi + k < (uint64_t)sv->words; k++)
                sv->writer[wi + k] = (int16_t)t;
            sv->smem_accesses++;
            note_wide(sv, t, e->write, 1);
        } else if (ws == RV_SPACE_REG) {
            sv->reg_written[t] = 1;
        } else if (ws == RV_SPACE_GOUT) {
            sv->gout_thread = t;
            sv->gout_index = wi;
            sv->gout_value = e->value;
        } else if (ws == RV_SPACE_TICKET) {
            sv->ticket_thread = t;
        }
        const uint64_t *rd = rv_event_reads(tr, e);
        for (uint32_t i = 0; i < e->nreads; i++) {
            unsigned sp = RV_ACC_SPACE(rd[i]);
            uint64_t ix = RV_ACC_INDEX(rd[i]);
            if (RV_ACC_IS_SMEM(rd[i]) && ix < (uint64_t)sv->words) {
                for (uint64_t k = 0; k < RV_ACC_WORDS(rd[i]) && ix + k < (uint64_t)sv->words; k++)
                    if (sv->read[ix + k] < 255) sv->read[ix + k]++;
                sv->smem_accesses++;
                note_wide(sv, t, rd[i], 0);
            } else if (sp == RV_SPACE_GIN) {
                sv->gin_reads++;
            } else if (sp == RV_SPACE_GIN4) {
                sv->gin_reads += 4;
                sv->gin4_reads += 4;
            } else if (sp == RV_SPACE_GOUT) {
                sv->gout_reads++;
            } else if (sp == RV_SPACE_LANE && ix < 32) {
                sv->shfl_src[t] = (int8_t)ix;
            }
        }
    }
    if (sv->atomic_lanes) sv->atomic_turns = most_on_one_word(tr, step, sv->block_size);
    sv->shuffle = rv_step_lanes(tr, step, &sv->shuffle_delta);
    const uint8_t *deg = an->conflict + (size_t)step * (size_t)an->smem_words;
    for (int w = 0; w < sv->words; w++)
        if (deg[w] > sv->bank_degree[w % 32]) sv->bank_degree[w % 32] = deg[w];
}
