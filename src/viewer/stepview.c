/* stepview.c — regroups a step's per-thread events by word and bank. */
#include "stepview.h"

#include <string.h>

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
    memset(sv->writer, 0xff, sizeof sv->writer);     /* all -1 */
    memset(sv->shfl_src, 0xff, sizeof sv->shfl_src);
    if (step < 0 || step >= tr->nsteps)
        return;

    for (int t = 0; t < sv->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, step, t);
        if (e->line == 0)
            continue;
        unsigned ws = RV_ACC_SPACE(e->write);
        uint64_t wi = RV_ACC_INDEX(e->write);
        if (ws == RV_SPACE_SMEM && wi < (uint64_t)sv->words) {
            sv->writer[wi] = (int16_t)t;
            sv->smem_accesses++;
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
        for (int i = 0; i < e->nreads; i++) {
            unsigned sp = RV_ACC_SPACE(rd[i]);
            uint64_t ix = RV_ACC_INDEX(rd[i]);
            if (sp == RV_SPACE_SMEM && ix < (uint64_t)sv->words) {
                if (sv->read[ix] < 255)
                    sv->read[ix]++;
                sv->smem_accesses++;
            } else if (sp == RV_SPACE_GIN) {
                sv->gin_reads++;
            } else if (sp == RV_SPACE_GIN4) {
                sv->gin_reads += 4;
                sv->gin4_reads += 4;
            } else if (sp == RV_SPACE_GOUT) {
                sv->gout_reads++;
            } else if (sp == RV_SPACE_LANE && ix < 32) {
                sv->shfl_src[t] = (int8_t)ix;
                if (sv->shuffle_delta == 0)
                    sv->shuffle_delta = (int)ix - t % 32;
            }
        }
    }
    const uint8_t *deg = an->conflict + (size_t)step * (size_t)an->smem_words;
    for (int w = 0; w < sv->words; w++)
        if (deg[w] > sv->bank_degree[w % 32])
            sv->bank_degree[w % 32] = deg[w];
}
