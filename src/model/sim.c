/* sim.c — the block simulator: steps, reads, events, and the pieces of
 * kernel that several versions share (loads, tree levels, the warp phase,
 * shuffles, float4 tiles).  See sim.h for the rules a step follows. */
#include "sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/versions.h"

/* ---- steps and events ------------------------------------------------------- */

void sim_step(rv_sim *m, rv_phase phase, int stride, const char *fmt, int arg)
{
    if (m->step >= RV_MAX_STEPS) {
        m->overflow = 1;
        return;
    }
    rv_step *s = &m->plan[m->step];
    memset(s, 0, sizeof *s);
    snprintf(s->label, sizeof s->label, fmt, arg);
    s->stride = stride;
    s->phase = (uint32_t)phase;
    if (m->tr && m->step < m->tr->nsteps) m->tr->steps[m->step] = *s;
    m->nreads = 0;
}

void sim_end(rv_sim *m)
{
    memcpy(m->smem, m->smem_next, (size_t)m->B * sizeof(float));
    memcpy(m->reg, m->reg_next, (size_t)m->B * sizeof(float));
    if (m->step < RV_MAX_STEPS) m->step++;
}

void sim_flags(rv_sim *m, uint32_t flags)
{
    if (m->step >= RV_MAX_STEPS) return;
    m->plan[m->step].flags = flags;
    if (m->tr && m->step < m->tr->nsteps) m->tr->steps[m->step].flags = flags;
}

void sim_last_block(rv_sim *m) { m->last_block = m->step; }

float sim_rd_smem(rv_sim *m, uint64_t w)
{
    sim_note(m, SIM_S(w));
    return m->smem[w];
}
float sim_rd_reg(rv_sim *m, int t)
{
    sim_note(m, SIM_R(t));
    return m->reg[t];
}

float sim_rd_lane(rv_sim *m, int t, int lane)
{
    sim_note(m, RV_ACC(RV_SPACE_LANE, lane));
    return m->reg[(t & ~31) + lane];
}

float sim_rd_global(rv_sim *m, uint64_t i)
{
    if (i >= m->cfg->n) return 0.0f;
    sim_note(m, RV_ACC(RV_SPACE_GIN, i));
    return rv_data_value(m->cfg->data, i);
}

void sim_note(rv_sim *m, uint64_t access)
{
    if (m->nreads < RV_MAX_READS)
        m->reads[m->nreads++] = access;
    else
        m->overflow = 1;
}

/* The kernel line of a marker, remembered: a block emits thousands of events
 * at a handful of lines. */
static int marker_line(int v, const char *marker)
{
    static struct {
        int v;
        char name[32];
        int line;
    } cache[32];
    static int used, next;
    for (int i = 0; i < used; i++)
        if (cache[i].v == v && !strcmp(cache[i].name, marker)) return cache[i].line;
    int line = rv_version_line(v, marker);
    int i = used < 32 ? used++ : next++ % 32;
    cache[i].v = v;
    snprintf(cache[i].name, sizeof cache[i].name, "%s", marker);
    cache[i].line = line;
    return line;
}

void sim_emit(rv_sim *m, int t, const char *marker, float value, uint64_t write)
{
    unsigned sp = RV_ACC_SPACE(write);
    uint64_t idx = RV_ACC_INDEX(write);
    if (sp == RV_SPACE_SMEM) m->smem_next[idx] = value;
    if (sp == RV_SPACE_REG) m->reg_next[idx] = value;
    if (m->tr) {
        int line = marker_line(m->cfg->version, marker);
        if (line == 0) {
            fprintf(stderr, "model: no line marked '// rv:%s' (exactly once) in %s\n", marker,
                    rv_version(m->cfg->version)->file);
            abort(); /* a programmer error: the model and the kernel disagree */
        }
        if (rv_trace_set(m->tr, m->step, t, (uint16_t)line, value, write, m->reads, m->nreads)) m->oom = 1;
    }
    m->nreads = 0;
}

/* ---- loads ------------------------------------------------------------------- */

void sim_load_one(rv_sim *m, uint64_t base)
{
    sim_step(m, RV_PHASE_LOAD, 0, "load", 0);
    for (int t = 0; t < m->B; t++) sim_emit(m, t, "load", sim_rd_global(m, base + (uint64_t)t), SIM_S(t));
    sim_end(m);
}

void sim_load_two(rv_sim *m, uint64_t base)
{
    sim_step(m, RV_PHASE_LOAD, 0, "load + add", 0);
    for (int t = 0; t < m->B; t++) {
        float a = sim_rd_global(m, base + (uint64_t)t);
        float b = sim_rd_global(m, base + (uint64_t)t + (uint64_t)m->B);
        sim_emit(m, t, "load", a + b, SIM_S(t));
    }
    sim_end(m);
}

void sim_load_strided_to_reg(rv_sim *m)
{
    uint64_t B = (uint64_t)m->B;
    uint64_t start = (uint64_t)m->cfg->block * B * RV_ELEMS_PER_THREAD;
    sim_step(m, RV_PHASE_LOAD, 0, "load", 0);
    for (int t = 0; t < m->B; t++) {
        float sum = 0.0f;
        int any = 0;
        for (uint64_t it = 0; it < RV_ELEMS_PER_THREAD; it++) {
            uint64_t idx = start + it * B + (uint64_t)t;
            if (idx < m->cfg->n) {
                sum += sim_rd_global(m, idx);
                any = 1;
            }
        }
        if (any) sim_emit(m, t, "load", sum, SIM_R(t));
    }
    sim_end(m);
}

/* ---- the tree ------------------------------------------------------------------ */

int sim_works_sequential(int t, int s, int B, int *dst)
{
    (void)B;
    *dst = t;
    return t < s;
}

void sim_tree_level(rv_sim *m, int s, const char *marker, sim_works_fn works)
{
    sim_step(m, RV_PHASE_TREE, s, "s=%d", s);
    for (int t = 0; t < m->B; t++) {
        int dst;
        if (!works(t, s, m->B, &dst)) continue;
        float a = sim_rd_smem(m, (uint64_t)dst);
        float b = sim_rd_smem(m, (uint64_t)(dst + s));
        sim_emit(m, t, marker, a + b, SIM_S(dst));
    }
    sim_end(m);
}

void sim_tree_sequential(rv_sim *m, int last, const char *marker_fmt)
{
    char marker[32];
    for (int s = m->B / 2; s > last; s >>= 1) {
        snprintf(marker, sizeof marker, marker_fmt, s);
        sim_tree_level(m, s, marker, sim_works_sequential);
    }
}

void sim_warp_phase(rv_sim *m)
{
    char marker[32];
    for (int s = 32; s > 0; s >>= 1) {
        snprintf(marker, sizeof marker, "warp%d", s);
        sim_step(m, RV_PHASE_WARP, s, "warp s=%d", s);
        for (int t = 0; t < 32; t++) {
            float a = sim_rd_smem(m, (uint64_t)t);
            float b = sim_rd_smem(m, (uint64_t)(t + s));
            sim_emit(m, t, marker, a + b, SIM_S(t));
        }
        sim_end(m);
    }
}

/* ---- shuffles ------------------------------------------------------------------ */

static void shuffles(rv_sim *m, int width, int nthreads, const char *label)
{
    char marker[32];
    for (int d = width / 2; d > 0; d >>= 1) {
        snprintf(marker, sizeof marker, "shfl%d", d);
        sim_step(m, RV_PHASE_SHUFFLE, d, label, d);
        for (int t = 0; t < nthreads; t++) {
            int lane = t & 31;
            int src = lane + d < 32 ? lane + d : lane;
            float own = sim_rd_reg(m, t);
            float other = sim_rd_lane(m, t, src);
            sim_emit(m, t, marker, own + other, SIM_R(t));
        }
        sim_end(m);
    }
}

void sim_block_sum(rv_sim *m, const char *prefix)
{
    char label[RV_LABEL_LEN];
    int B = m->B, nwarps = B / 32;
    snprintf(label, sizeof label, "%sshfl %%d", prefix);
    shuffles(m, 32, B, label);
    snprintf(label, sizeof label, "%swarp sums", prefix);
    sim_step(m, RV_PHASE_STORE, 0, label, 0); /* lane 0 of each warp -> shared */
    for (int t = 0; t < B; t += 32) sim_emit(m, t, "warp_sums", sim_rd_reg(m, t), SIM_S(t / 32));
    sim_end(m);
    snprintf(label, sizeof label, "%sreload", prefix);
    sim_step(m, RV_PHASE_STORE, 0, label, 0); /* the first warp reloads the partials */
    for (int t = 0; t < 32; t++) {
        float x = t < nwarps ? sim_rd_smem(m, (uint64_t)t) : 0.0f;
        sim_emit(m, t, "reload", x, SIM_R(t));
    }
    sim_end(m);
    snprintf(label, sizeof label, "%sfinal shfl %%d", prefix);
    shuffles(m, nwarps, 32, label);
}

/* ---- the block's result ----------------------------------------------------------- */

void sim_write_reg(rv_sim *m)
{
    sim_step(m, RV_PHASE_WRITE, 0, "write", 0);
    sim_emit(m, 0, "write", sim_rd_reg(m, 0), RV_ACC(RV_SPACE_GOUT, m->cfg->block));
    sim_end(m);
}

void sim_write_smem(rv_sim *m)
{
    sim_step(m, RV_PHASE_WRITE, 0, "write", 0);
    sim_emit(m, 0, "write", sim_rd_smem(m, 0), RV_ACC(RV_SPACE_GOUT, m->cfg->block));
    sim_end(m);
}

/* ---- float4 tiles ------------------------------------------------------------------ */

float sim_tile_sum(const rv_config *cfg, uint32_t grid, uint64_t b, uint64_t tid, rv_sim *m, const char **marker)
{
    uint64_t n = cfg->n, n4 = n / 4, B = (uint64_t)cfg->block_size, tile = RV_FILL_UNROLL * B, t = b;
    float acc0 = 0.0f, acc1 = 0.0f, acc2 = 0.0f, acc3 = 0.0f;
    *marker = NULL;
    for (; t * tile < n4; t += grid) {
        int whole = (t + 1) * tile <= n4, any = 0;
        for (uint64_t k = 0, i = t * tile + tid; k < RV_FILL_UNROLL && i < n4; k++, i += B, any = 1) {
            if (m) sim_note(m, RV_ACC(RV_SPACE_GIN4, 4 * i));
            acc0 += rv_data_value(cfg->data, 4 * i);
            acc1 += rv_data_value(cfg->data, 4 * i + 1);
            acc2 += rv_data_value(cfg->data, 4 * i + 2);
            acc3 += rv_data_value(cfg->data, 4 * i + 3);
        }
        if (any) *marker = whole ? "tiles" : "partial_tile";
        if (!whole) break; /* the partial tile is the last */
    }
    uint64_t g = b * B + tid;
    if (g < n % 4) {
        if (m) sim_note(m, RV_ACC(RV_SPACE_GIN, 4 * n4 + g));
        acc0 += rv_data_value(cfg->data, 4 * n4 + g);
        *marker = "tail";
    }
    return (acc0 + acc1) + (acc2 + acc3);
}

void sim_tile_load(rv_sim *m)
{
    sim_step(m, RV_PHASE_LOAD, 0, "load float4", 0);
    for (int t = 0; t < m->B; t++) {
        const char *marker;
        float sum = sim_tile_sum(m->cfg, m->grid, m->cfg->block, (uint64_t)t, m, &marker);
        if (marker)
            sim_emit(m, t, marker, sum, SIM_R(t));
        else
            m->nreads = 0;
    }
    sim_end(m);
}

/* __shfl_down_sync over one warp's 32 registers, d = width/2 .. 1: lane l adds
 * lane l + d's value, or its own past lane 31. */
static void shuffle_warp(float *v, int width)
{
    for (int d = width / 2; d > 0; d >>= 1) {
        float next[32];
        for (int l = 0; l < 32; l++) next[l] = v[l] + v[l + d < 32 ? l + d : l];
        memcpy(v, next, sizeof next);
    }
}

/* sim_block_sum without recording: thread 0's result from every thread's value. */
static float block_sum(const float *vals, int B)
{
    float ws[32] = {0}, v[32];
    int W = B / 32;
    for (int w = 0; w < W; w++) {
        memcpy(v, vals + 32 * w, sizeof v);
        shuffle_warp(v, 32);
        ws[w] = v[0];
    }
    for (int l = 0; l < 32; l++) v[l] = l < W ? ws[l] : 0.0f;
    shuffle_warp(v, W);
    return v[0];
}

float *sim_tile_partials(const rv_config *cfg, uint32_t grid)
{
    int B = cfg->block_size;
    float *partials = malloc((size_t)grid * sizeof *partials), vals[1024];
    if (!partials) return NULL;
    for (uint32_t b = 0; b < grid; b++) {
        const char *marker;
        for (int t = 0; t < B; t++) vals[t] = sim_tile_sum(cfg, grid, b, (uint64_t)t, NULL, &marker);
        partials[b] = block_sum(vals, B);
    }
    return partials;
}

float *sim_tile_first_pass(rv_sim *m)
{
    float *partials = sim_tile_partials(m->cfg, m->grid);
    if (!partials) {
        m->oom = 1;
        return NULL;
    }
    sim_tile_load(m);
    sim_block_sum(m, "");
    if (m->reg[0] != partials[m->cfg->block]) abort(); /* the traced block and the fast path disagree */
    return partials;
}

void sim_tile_last_pass(rv_sim *m, float *partials)
{
    sim_block_sum(m, "last: ");
    sim_step(m, RV_PHASE_WRITE, 0, "write result", 0);
    sim_emit(m, 0, "result", sim_rd_reg(m, 0), RV_ACC(RV_SPACE_GOUT, m->grid));
    sim_end(m);
    free(partials);
}
