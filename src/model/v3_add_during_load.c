/* v3_add_during_load.c — the model of kernels/v3_add_during_load.cu: two
 * elements per thread added while loading, then v2's tree. */
#include "sim.h"

void rv_model_v3(rv_sim *m)
{
    sim_load_two(m, m->cfg->block * 2 * (uint64_t)m->B);
    sim_tree_sequential(m, 0, "tree");
    sim_write_smem(m);
}
