/* v5_complete_unroll.c — the model of kernels/v5_complete_unroll.cu: v4's
 * steps, each tree level its own unrolled statement (tree512 .. tree64). */
#include "sim.h"

void rv_model_v5(rv_sim *m)
{
    sim_load_two(m, m->cfg->block * 2 * (uint64_t)m->B);
    sim_tree_sequential(m, 32, "tree%d");
    sim_warp_phase(m);
    sim_write_smem(m);
}
