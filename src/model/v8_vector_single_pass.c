/* v8_vector_single_pass.c — the model of kernels/v8_vector_single_pass.cu.
 *
 * A single pass: the block that draws the last ticket sums every block's
 * partial.  The model computes all partials first (in the kernel's exact
 * floating-point order, without recording), records the traced block's
 * steps, then the last block's phase from those partials.
 */
#include <stdlib.h>

#include "sim.h"

/* Thread 0 publishes the partial, then takes a ticket (recorded with the
 * partial as its value: the ticket itself depends on which blocks finished first). */
static void publish(rv_sim *m)
{
    sim_step(m, RV_PHASE_WRITE, 0, "write partial", 0);
    sim_emit(m, 0, "publish", sim_rd_reg(m, 0), RV_ACC(RV_SPACE_GOUT, m->cfg->block));
    sim_end(m);
    sim_step(m, RV_PHASE_WRITE, 0, "ticket", 0);
    sim_note(m, RV_ACC(RV_SPACE_TICKET, 0));
    sim_emit(m, 0, "ticket", m->reg[0], RV_ACC(RV_SPACE_TICKET, 0));
    sim_end(m);
}

/* The last block: thread t gathers partials t, t + B, ... from 0. */
static void gather(rv_sim *m, const float *partials)
{
    sim_step(m, RV_PHASE_LOAD, 0, "last: gather", 0);
    for (int t = 0; t < m->B; t++) {
        float total = 0.0f;
        const char *marker = "gather_none";
        for (uint32_t b = (uint32_t)t; b < m->grid; b += (uint32_t)m->B) {
            sim_note(m, RV_ACC(RV_SPACE_GOUT, b));
            total += partials[b];
            marker = "gather";
        }
        sim_emit(m, t, marker, total, SIM_R(t));
    }
    sim_end(m);
}

void rv_model_v8(rv_sim *m)
{
    float *partials = sim_tile_first_pass(m);
    if (!partials) return;
    publish(m);
    sim_last_block(m);
    gather(m, partials);
    sim_tile_last_pass(m, partials);
}
