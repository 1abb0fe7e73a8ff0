/* v9_atomic_add.c — the model of kernels/v9_atomic_add.cu: v8 up to the
 * block's sum, which thread 0 then adds atomically into out[grid].  Only the
 * traced block is recorded, so only its sum is needed; the atomic add is
 * recorded with the sum it adds (the old value atomicAdd returns depends on
 * which blocks came first, so no two runs would agree on it). */
#include "sim.h"

void rv_model_v9(rv_sim *m)
{
    sim_tile_load(m);
    sim_block_sum(m, "");
    sim_step(m, RV_PHASE_WRITE, 0, "atomicAdd", 0);
    float sum = sim_rd_reg(m, 0);
    sim_note(m, RV_ACC(RV_SPACE_GOUT, m->grid));
    sim_emit(m, 0, "atomic", sum, RV_ACC(RV_SPACE_GOUT, m->grid));
    sim_end(m);
}
