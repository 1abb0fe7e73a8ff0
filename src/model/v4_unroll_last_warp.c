/* v4_unroll_last_warp.c — the model of kernels/v4_unroll_last_warp.cu: v3's
 * load, the tree down to stride 64, then the last warp's six volatile
 * statements run by all 32 lanes. */
#include "sim.h"

void rv_model_v4(rv_sim *m)
{
    sim_load_two(m, m->cfg->block * 2 * (uint64_t)m->B);
    sim_tree_sequential(m, 32, "tree");
    sim_warp_phase(m);
    sim_write_smem(m);
}
