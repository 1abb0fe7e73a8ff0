/* v10_cluster_dsmem.c — the model of kernels/v10_cluster_dsmem.cu: v8 up to
 * the block's sum, then the cluster's: each block leaves its sum in shared
 * memory, rank 0 adds the other blocks' sums (read through distributed
 * shared memory) and publishes one partial per cluster; the last block sums
 * those.
 *
 * The traced block's picture holds its own shared memory only, so the sums
 * rank 0 reads from the other blocks are not reads of the trace (the GPU's
 * instrumented kernel records them so, as the tracer does a kernel traced
 * from its file): the step is named for their ranks, and its value, the
 * cluster's sum, is computed here from every block's sum in the kernel's
 * float order.  A traced block of another rank takes the same steps and
 * executes none of them after the cluster's barrier.
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/versions.h"
#include "sim.h"

/* The cluster's blocks add in rank order: ((s0 + s1) + s2) + s3. */
static float cluster_sum(const float *partials, uint32_t first, uint32_t blocks)
{
    float sum = partials[first];
    for (uint32_t r = 1; r < blocks; r++) sum += partials[first + r];
    return sum;
}

/* Thread 0 leaves the block's sum in warpLevelSums[0]; after cluster.sync()
 * rank 0's thread 0 adds the other blocks' (the label names their ranks:
 * "dsmem 1 2 3", as a trace of a kernel from its file names them). */
static void cluster_step(rv_sim *m, const float *partials, uint32_t blocks)
{
    uint32_t rank = m->cfg->block % blocks, first = m->cfg->block - rank;
    char label[RV_LABEL_LEN] = "dsmem";
    for (uint32_t r = 1, o = 5; r < blocks && o < sizeof label; r++)
        o += (uint32_t)snprintf(label + o, sizeof label - o, " %u", r);

    sim_step(m, RV_PHASE_STORE, 0, "block sum", 0);
    sim_emit(m, 0, "block_sum", sim_rd_reg(m, 0), SIM_S(0));
    sim_end(m);

    sim_step(m, RV_PHASE_STORE, 0, label, 0);
    sim_flags(m, RV_STEP_CLUSTER_SYNC | RV_STEP_DSMEM);
    if (rank == 0) {
        sim_rd_reg(m, 0); /* its own sum; the others' are not this block's memory */
        sim_emit(m, 0, "dsmem", cluster_sum(partials, first, blocks), SIM_R(0));
    }
    sim_end(m);
}

/* Rank 0 publishes the cluster's partial, then takes a ticket (recorded with
 * the partial as its value, as v8's); the other ranks have left. */
static void publish(rv_sim *m, uint32_t blocks)
{
    int rank0 = m->cfg->block % blocks == 0;
    sim_step(m, RV_PHASE_WRITE, 0, "write partial", 0);
    sim_flags(m, RV_STEP_CLUSTER_SYNC);
    if (rank0) sim_emit(m, 0, "publish", sim_rd_reg(m, 0), RV_ACC(RV_SPACE_GOUT, m->cfg->block / blocks));
    sim_end(m);
    sim_step(m, RV_PHASE_WRITE, 0, "ticket", 0);
    if (rank0) {
        sim_note(m, RV_ACC(RV_SPACE_TICKET, 0));
        sim_emit(m, 0, "ticket", m->reg[0], RV_ACC(RV_SPACE_TICKET, 0));
    }
    sim_end(m);
}

/* The last block: thread t gathers the clusters' partials t, t + B, ... */
static void gather(rv_sim *m, const float *partials, uint32_t blocks)
{
    uint32_t clusters = m->grid / blocks;
    sim_step(m, RV_PHASE_LOAD, 0, "last: gather", 0);
    for (int t = 0; t < m->B; t++) {
        float total = 0.0f;
        const char *marker = "gather_none";
        for (uint32_t c = (uint32_t)t; c < clusters; c += (uint32_t)m->B) {
            sim_note(m, RV_ACC(RV_SPACE_GOUT, c));
            total += cluster_sum(partials, c * blocks, blocks);
            marker = "gather";
        }
        sim_emit(m, t, marker, total, SIM_R(t));
    }
    sim_end(m);
}

void rv_model_v10(rv_sim *m)
{
    uint32_t blocks = (uint32_t)rv_version(m->cfg->version)->cluster;
    float *partials = sim_tile_first_pass(m);
    if (!partials) return;
    cluster_step(m, partials, blocks);
    publish(m, blocks);
    sim_last_block(m);
    gather(m, partials, blocks);
    sim_tile_last_pass(m, partials);
}
