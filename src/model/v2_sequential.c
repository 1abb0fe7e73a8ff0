/* v2_sequential.c — the model of kernels/v2_sequential.cu: one element per
 * thread, then strides from blockDim/2 down to 1, thread tid < s adding
 * sdata[tid + s]. */
#include "sim.h"

void rv_model_v2(rv_sim *m)
{
    sim_load_one(m, m->cfg->block * (uint64_t)m->B);
    sim_tree_sequential(m, 0, "tree");
    sim_write_smem(m);
}
