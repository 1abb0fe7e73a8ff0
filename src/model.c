/* model.c — the CPU reference model of v0..v9.
 *
 * Strategy: a tiny block simulator.  Each version is written as the sequence
 * of steps its kernel takes; within a step every executing thread reads from
 * the state as it was when the step began and its write lands when the step
 * ends.  Between barriers that is exactly what the kernels guarantee, and in
 * the warp-synchronous phases (v4..v6's volatile statements, v7's shuffles) it
 * is what a warp executing in lockstep does: every lane loads before any lane
 * stores.  Additions happen in float, in the kernels' order, so the values
 * match the GPU's bit for bit.  Source lines are looked up in the embedded
 * kernel source by the text of the statement, so editing a kernel's comments
 * cannot make model and GPU disagree.
 *
 * v8 is a single pass: the block that draws the last ticket sums every
 * block's partial.  The model computes all partials (in the kernel's exact
 * floating-point order, without recording), records the traced block's
 * steps, then the last block's final phase from those partials.  v9 is v8
 * up to the block's sum, which thread 0 then adds atomically into the
 * result: only the traced block is recorded, so only its sum is needed.
 */
#include "model.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "versions.h"

rv_config rv_config_default(void)
{
    rv_config c = {0, 256, 1ull << 25, 0, {RV_DATA_ONES, 0}, 0};
    return c;
}

uint32_t rv_config_grid(const rv_config *cfg)
{
    return cfg->grid ? cfg->grid : (uint32_t)rv_version_grid(cfg->version, cfg->block_size, cfg->n);
}

/* v8 and v9: the most reads one thread records in one step, at this grid
 * (four float4s from each tile of block 0, which has the most, plus one tail
 * element; or the partials one thread of v8's last block gathers). */
static uint64_t v8_reads_per_thread(int B, uint64_t n, uint64_t grid, uint64_t *gather)
{
    uint64_t tiles = (n / 4 + RV_V8_UNROLL * (uint64_t)B - 1) / (RV_V8_UNROLL * (uint64_t)B);
    *gather = (grid + (uint64_t)B - 1) / (uint64_t)B;
    return RV_V8_UNROLL * ((tiles + grid - 1) / grid) + (n % 4 ? 1 : 0);
}

int rv_config_check(const rv_config *cfg, char *err, size_t errlen)
{
    const char *why;
    if (!rv_version(cfg->version)) {
        snprintf(err, errlen, "unknown version %d (expected 0..%d: %s)", cfg->version, RV_NUM_VERSIONS - 1, rv_version_list());
        return -1;
    }
    if ((why = rv_version_check_block(cfg->version, cfg->block_size))) {
        snprintf(err, errlen, "block size %d for %s: %s", cfg->block_size, rv_version_name(cfg->version), why);
        return -1;
    }
    if (cfg->n < 1 || cfg->n > RV_MAX_N) {
        snprintf(err, errlen, "N = %" PRIu64 " is out of range: it must be at least 1 and at most 2^31", cfg->n);
        return -1;
    }
    uint64_t most = rv_version_grid_max(cfg->version, cfg->block_size, cfg->n);
    if (cfg->grid && rv_version_grid_free(cfg->version) && cfg->grid > most) {
        snprintf(err, errlen, "a grid of %" PRIu32 " blocks is more than %s can use at N = %" PRIu64 " and block size %d: "
                 "at most %" PRIu64 " (one float4 per thread)", cfg->grid, rv_version_name(cfg->version), cfg->n, cfg->block_size, most);
        return -1;
    }
    if (cfg->grid && !rv_version_grid_free(cfg->version) && cfg->grid != most) {
        snprintf(err, errlen, "%s at N = %" PRIu64 " and block size %d runs exactly %" PRIu64 " blocks; only the grids of v8 and v9 can be chosen",
                 rv_version_name(cfg->version), cfg->n, cfg->block_size, most);
        return -1;
    }
    uint64_t grid = rv_config_grid(cfg);
    if (rv_version_grid_free(cfg->version)) {
        uint64_t gather, reads = v8_reads_per_thread(cfg->block_size, cfg->n, grid, &gather);
        if (cfg->version != RV_V8) gather = 0; /* only v8 has a last block that gathers */
        if (reads > RV_MAX_READS || gather > RV_MAX_READS) {
            snprintf(err, errlen, "%s at N = %" PRIu64 " with %" PRIu64 " blocks of %d threads reads %" PRIu64 " values per thread in one step, "
                     "but a trace holds at most %d: choose a larger grid (up to %" PRIu64 ") or a smaller N",
                     rv_version_name(cfg->version), cfg->n, grid, cfg->block_size, reads > gather ? reads : gather, RV_MAX_READS, most);
            return -1;
        }
    }
    if (cfg->block >= grid) {
        snprintf(err, errlen, "block %" PRIu32 " does not exist: %s with N = %" PRIu64 " and block size %d runs %" PRIu64 " block%s (0..%" PRIu64 ")",
                 cfg->block, rv_version_name(cfg->version), cfg->n, cfg->block_size, grid, grid == 1 ? "" : "s", grid - 1);
        return -1;
    }
    if ((unsigned)cfg->data.kind >= RV_DATA_KIND_COUNT) {
        snprintf(err, errlen, "unknown data pattern");
        return -1;
    }
    return 0;
}

/* ---- the step plan -------------------------------------------------------- */

typedef struct plan { rv_step *steps; int n; } plan;

static void add(plan *p, rv_phase phase, int stride, const char *fmt, int arg)
{
    rv_step *s = &p->steps[p->n++];
    memset(s, 0, sizeof *s);
    snprintf(s->label, sizeof s->label, fmt, arg);
    s->stride = stride;
    s->phase = phase;
}

/* v7's and v8's block sum: shuffles, warp sums, reload, final shuffles. */
static void add_block_sum(plan *p, int B, const char *prefix)
{
    char fmt[RV_LABEL_LEN];
    for (int d = 16; d > 0; d >>= 1) {
        snprintf(fmt, sizeof fmt, "%sshfl %%d", prefix);
        add(p, RV_PHASE_SHUFFLE, d, fmt, d);
    }
    snprintf(fmt, sizeof fmt, "%swarp sums", prefix);
    add(p, RV_PHASE_STORE, 0, fmt, 0);
    snprintf(fmt, sizeof fmt, "%sreload", prefix);
    add(p, RV_PHASE_STORE, 0, fmt, 0);
    for (int d = B / 32 / 2; d > 0; d >>= 1) {
        snprintf(fmt, sizeof fmt, "%sfinal shfl %%d", prefix);
        add(p, RV_PHASE_SHUFFLE, d, fmt, d);
    }
}

int rv_model_plan(int v, int B, rv_step *steps)
{
    plan p = {steps, 0};
    if (v < 0 || v >= RV_NUM_VERSIONS) return 0;
    if (rv_version_grid_free(v)) { /* v8 and v9: the traced block up to its sum */
        add(&p, RV_PHASE_LOAD, 0, "load float4", 0);
        add_block_sum(&p, B, "");
        if (v == RV_V9) { /* one atomic add, and the block is done */
            add(&p, RV_PHASE_WRITE, 0, "atomicAdd", 0);
            return p.n;
        }
        /* v8: publish, take a ticket; then the block that drew the last one */
        add(&p, RV_PHASE_WRITE, 0, "write partial", 0);
        add(&p, RV_PHASE_WRITE, 0, "ticket", 0);
        add(&p, RV_PHASE_LOAD, 0, "last: gather", 0);
        add_block_sum(&p, B, "last: ");
        add(&p, RV_PHASE_WRITE, 0, "write result", 0);
        return p.n;
    }
    add(&p, RV_PHASE_LOAD, 0, (v >= 3 && v <= 5) || v == 8 ? "load + add" : "load", 0);
    switch (v) {
    case 0: case 1:
        for (int s = 1; s < B; s *= 2) add(&p, RV_PHASE_TREE, s, "s=%d", s);
        break;
    case 2: case 3:
        for (int s = B / 2; s > 0; s >>= 1) add(&p, RV_PHASE_TREE, s, "s=%d", s);
        break;
    case 4: case 5: case 6:
        for (int s = B / 2; s > 32; s >>= 1) add(&p, RV_PHASE_TREE, s, "s=%d", s);
        for (int s = 32; s > 0; s >>= 1) add(&p, RV_PHASE_WARP, s, "warp s=%d", s);
        break;
    case 8: /* v4s: register, add, __syncwarp(), store, __syncwarp() */
        for (int s = B / 2; s > 32; s >>= 1) add(&p, RV_PHASE_TREE, s, "s=%d", s);
        add(&p, RV_PHASE_STORE, 0, "warp reg load", 0);
        for (int s = 32; s > 0; s >>= 1) {
            add(&p, RV_PHASE_WARP, s, "warp s=%d", s);
            add(&p, RV_PHASE_STORE, 0, "store s=%d", s);
        }
        break;
    case 7:
        add_block_sum(&p, B, "");
        break;
    }
    add(&p, RV_PHASE_WRITE, 0, "write", 0);
    return p.n;
}

int rv_model_last_block_step(int v, int B)
{
    rv_step steps[RV_MAX_STEPS];
    int n = rv_model_plan(v, B, steps);
    for (int s = 0; s < n; s++)
        if (!strcmp(steps[s].label, "ticket")) return s + 1;
    return n;
}

/* ---- source lines ---------------------------------------------------------- */

int rv_model_line(int v, const char *needle)
{
    const char *src = rv_version_source(v);
    const char *hit = strstr(src, needle);
    if (!hit || strstr(hit + 1, needle)) return 0; /* missing, or ambiguous */
    int line = 1;
    for (const char *p = src; p < hit; p++) line += (*p == '\n');
    return line;
}

/* ---- the block simulator --------------------------------------------------- */

typedef struct sim {
    const rv_config *cfg;
    rv_trace *tr;
    int B, step, oom;
    float *smem, *smem_next;   /* shared memory: at step start, after it */
    float *reg, *reg_next;     /* one register per thread (v6, v7)       */
    uint64_t reads[RV_MAX_READS];
    int nreads;
} sim;

static float rd_smem(sim *m, uint64_t w) { m->reads[m->nreads++] = RV_ACC(RV_SPACE_SMEM, w); return m->smem[w]; }
static float rd_reg(sim *m, int t)       { m->reads[m->nreads++] = RV_ACC(RV_SPACE_REG, t); return m->reg[t]; }
static float rd_lane(sim *m, int t, int lane)
{
    m->reads[m->nreads++] = RV_ACC(RV_SPACE_LANE, lane);
    return m->reg[(t & ~31) + lane];
}
/* A global read of element i, or 0 without a read when i is past the end. */
static float rd_global(sim *m, uint64_t i)
{
    if (i >= m->cfg->n) return 0.0f;
    m->reads[m->nreads++] = RV_ACC(RV_SPACE_GIN, i);
    return rv_data_value(m->cfg->data, i);
}

/* Thread t's event of this step: value to `write`; line found from `needle`. */
static void emit(sim *m, int t, const char *needle, float value, uint64_t write)
{
    int line = rv_model_line(m->cfg->version, needle);
    if (line == 0) {
        fprintf(stderr, "model: statement '%s' not found in %s\n", needle, rv_version(m->cfg->version)->file);
        abort(); /* a programmer error: the model and the kernel disagree */
    }
    unsigned sp = RV_ACC_SPACE(write);
    uint64_t idx = RV_ACC_INDEX(write);
    if (sp == RV_SPACE_SMEM) m->smem_next[idx] = value;
    if (sp == RV_SPACE_REG) m->reg_next[idx] = value;
    if (rv_trace_set(m->tr, m->step, t, (uint16_t)line, value, write, m->reads, m->nreads)) m->oom = 1;
    m->nreads = 0;
}

static void begin_step(sim *m) { m->nreads = 0; }

static void end_step(sim *m)
{
    memcpy(m->smem, m->smem_next, (size_t)m->B * sizeof(float));
    memcpy(m->reg, m->reg_next, (size_t)m->B * sizeof(float));
    m->step++;
}

#define S(w)  RV_ACC(RV_SPACE_SMEM, (w))
#define R(t)  RV_ACC(RV_SPACE_REG, (t))

/* sdata[dst] += sdata[src], as the tree and warp statements do. */
static void add_pair(sim *m, int t, const char *needle, int dst, int src)
{
    float a = rd_smem(m, (uint64_t)dst);
    float b = rd_smem(m, (uint64_t)src);
    emit(m, t, needle, a + b, S(dst));
}

/* The needles: the text of each traced statement, as the kernels write it. */
static const char *const warp_stmt[2][6] = {
    {"cache[tid] += cache[tid + 32]", "cache[tid] += cache[tid + 16]", "cache[tid] += cache[tid + 8]",
     "cache[tid] += cache[tid + 4]", "cache[tid] += cache[tid + 2]", "cache[tid] += cache[tid + 1]"},
    {"sdata[tid] += sdata[tid + 32]", "sdata[tid] += sdata[tid + 16]", "sdata[tid] += sdata[tid + 8]",
     "sdata[tid] += sdata[tid + 4]", "sdata[tid] += sdata[tid + 2]", "sdata[tid] += sdata[tid + 1]"},
};

static const char *unrolled_stmt(int s)
{
    switch (s) {
    case 512: return "sdata[tid] += sdata[tid + 512]";
    case 256: return "sdata[tid] += sdata[tid + 256]";
    case 128: return "sdata[tid] += sdata[tid + 128]";
    default:  return "sdata[tid] += sdata[tid + 64]";
    }
}

static const char *shfl_stmt(int d)
{
    switch (d) {
    case 16: return "__shfl_down_sync(0xffffffff, sum, 16)";
    case 8:  return "__shfl_down_sync(0xffffffff, sum, 8)";
    case 4:  return "__shfl_down_sync(0xffffffff, sum, 4)";
    case 2:  return "__shfl_down_sync(0xffffffff, sum, 2)";
    default: return "__shfl_down_sync(0xffffffff, sum, 1)";
    }
}

static void load_one(sim *m, uint64_t base)
{
    begin_step(m);
    for (int t = 0; t < m->B; t++) {
        float x = rd_global(m, base + (uint64_t)t);
        emit(m, t, "sdata[tid] = (i < n) ? in[i] : 0.0f", x, S(t));
    }
    end_step(m);
}

static void load_two(sim *m, uint64_t base)
{
    const char *needle = m->cfg->version == 5 ? "sdata[tid] = ((i < n) ? in[i] : 0.0f) + ((i + blockSize < n)"
                                              : "sdata[tid] = ((i < n) ? in[i] : 0.0f) + ((i + blockDim.x < n)";
    begin_step(m);
    for (int t = 0; t < m->B; t++) {
        float a = rd_global(m, base + (uint64_t)t);
        float b = rd_global(m, base + (uint64_t)t + (uint64_t)m->B);
        emit(m, t, needle, a + b, S(t));
    }
    end_step(m);
}

/* v6: the grid-stride loop into a register, then the store to shared memory. */
static void load_grid_stride(sim *m)
{
    uint64_t B = (uint64_t)m->B, n = m->cfg->n;
    uint64_t grid_size = 2 * B * rv_version_grid(6, m->B, n);
    begin_step(m);
    for (int t = 0; t < m->B; t++) {
        float sum = 0.0f;
        for (uint64_t i = m->cfg->block * 2 * B + (uint64_t)t; i < n; i += grid_size) {
            float a = rd_global(m, i);
            float b = rd_global(m, i + B);
            sum += a + b;
        }
        emit(m, t, "sdata[tid] = sum;", sum, S(t));
    }
    end_step(m);
}

/* v7: NUM_PER_THREAD elements blockSize apart, summed in a register. */
static void load_strided_to_reg(sim *m)
{
    uint64_t B = (uint64_t)m->B;
    uint64_t start = (uint64_t)m->cfg->block * B * RV_ELEMS_PER_THREAD;
    begin_step(m);
    for (int t = 0; t < m->B; t++) {
        float sum = 0.0f;
        int any = 0;
        for (uint64_t it = 0; it < RV_ELEMS_PER_THREAD; it++) {
            uint64_t idx = start + it * B + (uint64_t)t;
            if (idx < m->cfg->n) {
                sum += rd_global(m, idx);
                any = 1;
            }
        }
        if (any) emit(m, t, "sum += in[idx];", sum, R(t));
    }
    end_step(m);
}

static void tree_level(sim *m, int s, const char *needle, int (*works)(int t, int s, int B, int *dst))
{
    begin_step(m);
    for (int t = 0; t < m->B; t++) {
        int dst;
        if (works(t, s, m->B, &dst)) add_pair(m, t, needle, dst, dst + s);
    }
    end_step(m);
}

static int works_interleaved(int t, int s, int B, int *dst) { (void)B; *dst = t; return t % (2 * s) == 0; }
static int works_strided(int t, int s, int B, int *dst) { *dst = 2 * s * t; return *dst < B; }
static int works_sequential(int t, int s, int B, int *dst) { (void)B; *dst = t; return t < s; }

/* v4..v6: six statements run by all 32 lanes of the first warp. */
static void warp_phase(sim *m)
{
    const char *const *stmt = warp_stmt[m->cfg->version == 4 ? 0 : 1];
    for (int k = 0, s = 32; s > 0; s >>= 1, k++) {
        begin_step(m);
        for (int t = 0; t < 32; t++) add_pair(m, t, stmt[k], t, t + s);
        end_step(m);
    }
}

/* v4s: v = cache[tid]; then per level v += cache[tid + s], __syncwarp(), cache[tid] = v. */
static void warp_phase_syncwarp(sim *m)
{
    static const char *const stmt[6] = {"v += cache[tid + 32]", "v += cache[tid + 16]", "v += cache[tid + 8]",
                                        "v += cache[tid + 4]", "v += cache[tid + 2]", "v += cache[tid + 1]"};
    begin_step(m);
    for (int t = 0; t < 32; t++) emit(m, t, "float v = cache[tid];", rd_smem(m, (uint64_t)t), R(t));
    end_step(m);
    for (int k = 0, s = 32; s > 0; s >>= 1, k++) {
        begin_step(m);
        for (int t = 0; t < 32; t++) {
            float v = rd_reg(m, t);
            emit(m, t, stmt[k], v + rd_smem(m, (uint64_t)(t + s)), R(t));
        }
        end_step(m);
        begin_step(m);
        for (int t = 0; t < 32; t++) emit(m, t, stmt[k], rd_reg(m, t), S(t));
        end_step(m);
    }
}

/* v7: sum += __shfl_down_sync(full, sum, d) for d = width/2 .. 1, all lanes of the given warps. */
static void shuffles(sim *m, int width, int nthreads)
{
    for (int d = width / 2; d > 0; d >>= 1) {
        begin_step(m);
        for (int t = 0; t < nthreads; t++) {
            int lane = t & 31;
            int src = lane + d < 32 ? lane + d : lane;
            float own = rd_reg(m, t);
            float other = rd_lane(m, t, src);
            emit(m, t, shfl_stmt(d), own + other, R(t));
        }
        end_step(m);
    }
}

static void v7_warp_exchange(sim *m)
{
    int B = m->B, nwarps = B / 32;
    shuffles(m, 32, B);
    begin_step(m);                               /* lane 0 of each warp -> shared */
    for (int t = 0; t < B; t += 32) emit(m, t, "warpLevelSums[warpId] = sum;", rd_reg(m, t), S(t / 32));
    end_step(m);
    begin_step(m);                               /* the first warp reloads the partials */
    for (int t = 0; t < 32; t++) {
        float x = t < nwarps ? rd_smem(m, (uint64_t)t) : 0.0f;
        emit(m, t, "sum = (laneId < blockSize / 32)", x, R(t));
    }
    end_step(m);
    shuffles(m, nwarps, 32);
}

/* ---- v8: float4 loads, tiles dealt to a GPU-sized grid, one pass ----------- */

/* The kernel's needles. */
#define V8_TILES "        acc0 += d.x;"     /* the last statement over a whole tile   */
#define V8_PARTIAL "if (hasD) {"            /* the last over its rows of a partial one */
#define V8_TAIL "acc0 += in[4 * n4 + g];"   /* the n % 4 elements past the last float4 */

/* Thread tid of block b's sum over its float4s and tail element, in the
 * kernel's order (whole tiles b, b + grid, ..., then its rows of the partial
 * tile); the float4 reads go to m->reads when m is given (the traced block). */
static float v8_thread_sum(const rv_config *cfg, uint64_t grid, uint64_t b, uint64_t tid, sim *m, const char **needle)
{
    uint64_t n = cfg->n, n4 = n / 4, B = (uint64_t)cfg->block_size, tile = RV_V8_UNROLL * B, t = b;
    float acc0 = 0.0f, acc1 = 0.0f, acc2 = 0.0f, acc3 = 0.0f;
    *needle = NULL;
    for (; t * tile < n4; t += grid) {
        int whole = (t + 1) * tile <= n4, any = 0;
        for (uint64_t k = 0, i = t * tile + tid; k < RV_V8_UNROLL && i < n4; k++, i += B, any = 1) {
            if (m) m->reads[m->nreads++] = RV_ACC(RV_SPACE_GIN4, 4 * i);
            acc0 += rv_data_value(cfg->data, 4 * i);
            acc1 += rv_data_value(cfg->data, 4 * i + 1);
            acc2 += rv_data_value(cfg->data, 4 * i + 2);
            acc3 += rv_data_value(cfg->data, 4 * i + 3);
        }
        if (any) *needle = whole ? V8_TILES : V8_PARTIAL;
        if (!whole) break; /* the partial tile is the last */
    }
    uint64_t g = b * B + tid;
    if (g < n % 4) {
        if (m) m->reads[m->nreads++] = RV_ACC(RV_SPACE_GIN, 4 * n4 + g);
        acc0 += rv_data_value(cfg->data, 4 * n4 + g);
        *needle = V8_TAIL;
    }
    return (acc0 + acc1) + (acc2 + acc3);
}

/* __shfl_down_sync over one warp's 32 registers, d = width/2 .. 1: lane l adds
 * lane l + d's value, or its own past lane 31. */
static void v8_shuffle_warp(float *v, int width)
{
    for (int d = width / 2; d > 0; d >>= 1) {
        float next[32];
        for (int l = 0; l < 32; l++) next[l] = v[l] + v[l + d < 32 ? l + d : l];
        memcpy(v, next, sizeof next);
    }
}

/* blockReduceSum without recording: thread 0's result from every thread's value. */
static float v8_block_sum(const float *vals, int B)
{
    float ws[32] = {0}, v[32];
    int W = B / 32;
    for (int w = 0; w < W; w++) {
        memcpy(v, vals + 32 * w, sizeof v);
        v8_shuffle_warp(v, 32);
        ws[w] = v[0];
    }
    for (int l = 0; l < 32; l++) v[l] = l < W ? ws[l] : 0.0f;
    v8_shuffle_warp(v, W);
    return v[0];
}

/* Every block's partial, as the kernel computes it; NULL when memory runs out. */
static float *v8_partials(const rv_config *cfg, uint32_t grid)
{
    int B = cfg->block_size;
    float *partials = malloc((size_t)grid * sizeof *partials), vals[1024];
    if (!partials) return NULL;
    for (uint32_t b = 0; b < grid; b++) {
        const char *needle;
        for (int t = 0; t < B; t++) vals[t] = v8_thread_sum(cfg, grid, b, (uint64_t)t, NULL, &needle);
        partials[b] = v8_block_sum(vals, B);
    }
    return partials;
}

static void v8_load(sim *m, uint32_t grid)
{
    begin_step(m);
    for (int t = 0; t < m->B; t++) {
        const char *needle;
        float sum = v8_thread_sum(m->cfg, grid, m->cfg->block, (uint64_t)t, m, &needle);
        if (needle) emit(m, t, needle, sum, R(t));
    }
    end_step(m);
}

/* Thread 0 publishes the partial, then takes a ticket (recorded with the
 * partial as its value: the ticket itself depends on which blocks finished first). */
static void v8_publish(sim *m)
{
    begin_step(m);
    emit(m, 0, "partials[blockIdx.x] = sum;", rd_reg(m, 0), RV_ACC(RV_SPACE_GOUT, m->cfg->block));
    end_step(m);
    begin_step(m);
    m->reads[m->nreads++] = RV_ACC(RV_SPACE_TICKET, 0);
    emit(m, 0, "counter.fetch_add(1u, cuda::memory_order_acq_rel)", m->reg[0], RV_ACC(RV_SPACE_TICKET, 0));
    end_step(m);
}

/* The last block: thread t gathers partials t, t + B, ... from 0. */
static void v8_gather(sim *m, const float *partials, uint32_t grid)
{
    begin_step(m);
    for (int t = 0; t < m->B; t++) {
        float total = 0.0f;
        const char *needle = "float total = 0.0f;";
        for (uint32_t b = (uint32_t)t; b < grid; b += (uint32_t)m->B) {
            m->reads[m->nreads++] = RV_ACC(RV_SPACE_GOUT, b);
            total += partials[b];
            needle = "total += __ldcg(&partials[b]);";
        }
        emit(m, t, needle, total, R(t));
    }
    end_step(m);
}

/* v9: thread 0 adds the block's sum into out[grid], one atomic add, recorded
 * with the sum it adds (the old value atomicAdd returns depends on which
 * blocks came first, so no two runs would agree on it). */
static void v9_atomic_add(sim *m, uint32_t grid)
{
    begin_step(m);
    float sum = rd_reg(m, 0);
    m->reads[m->nreads++] = RV_ACC(RV_SPACE_GOUT, grid);
    emit(m, 0, "atomicAdd(result, sum);", sum, RV_ACC(RV_SPACE_GOUT, grid));
    end_step(m);
}

static void write_result(sim *m)
{
    begin_step(m);
    uint64_t out = RV_ACC(RV_SPACE_GOUT, m->cfg->block);
    if (m->cfg->version == 7) emit(m, 0, "out[blockIdx.x] = sum;", rd_reg(m, 0), out);
    else emit(m, 0, "out[blockIdx.x] = sdata[0];", rd_smem(m, 0), out);
    end_step(m);
}

rv_trace *rv_model_run(const rv_config *cfg, char *err, size_t errlen)
{
    if (rv_config_check(cfg, err, errlen)) return NULL;
    rv_step steps[RV_MAX_STEPS];
    int nsteps = rv_model_plan(cfg->version, cfg->block_size, steps);
    rv_trace *tr = rv_trace_new(cfg->block_size, nsteps);
    sim m = {cfg, tr, cfg->block_size, 0, 0, NULL, NULL, NULL, NULL, {0}, 0};
    size_t bytes = (size_t)cfg->block_size * sizeof(float);
    m.smem = calloc(1, bytes);
    m.smem_next = calloc(1, bytes);
    m.reg = calloc(1, bytes);
    m.reg_next = calloc(1, bytes);
    if (!tr || !m.smem || !m.smem_next || !m.reg || !m.reg_next) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    memcpy(tr->steps, steps, (size_t)nsteps * sizeof *steps);
    tr->version = cfg->version;
    tr->n = cfg->n;
    tr->traced_block = cfg->block;
    tr->grid = rv_config_grid(cfg);
    tr->data = cfg->data;
    tr->origin_kind = RV_ORIGIN_MODEL;
    snprintf(tr->origin, sizeof tr->origin, "CPU model");
    tr->source_hash = rv_version_source_hash(cfg->version);

    int B = cfg->block_size, v = cfg->version;
    uint64_t blk = cfg->block;
    switch (v) {
    case 0: case 1: case 2:
        load_one(&m, blk * (uint64_t)B);
        for (int s = v == 2 ? B / 2 : 1; s > 0 && s < B; s = v == 2 ? s / 2 : s * 2)
            tree_level(&m, s, v == 1 ? "sdata[index] += sdata[index + s]" : "sdata[tid] += sdata[tid + s]",
                       v == 0 ? works_interleaved : v == 1 ? works_strided : works_sequential);
        break;
    case 3: case 4: case 5: case 6: case 8:
        if (v == 6) load_grid_stride(&m);
        else load_two(&m, blk * 2 * (uint64_t)B);
        for (int s = B / 2; s > (v == 3 ? 0 : 32); s >>= 1)
            tree_level(&m, s, (v <= 4 || v == 8) ? "sdata[tid] += sdata[tid + s]" : unrolled_stmt(s), works_sequential);
        if (v == 8) warp_phase_syncwarp(&m);
        else if (v >= 4) warp_phase(&m);
        break;
    case 7:
        load_strided_to_reg(&m);
        v7_warp_exchange(&m);
        break;
    case RV_V8: {
        float *partials = v8_partials(cfg, tr->grid);
        if (!partials) {
            m.oom = 1;
            break;
        }
        v8_load(&m, tr->grid);
        v7_warp_exchange(&m);
        if (m.reg[0] != partials[blk]) abort(); /* the traced block and the fast path disagree */
        v8_publish(&m);
        v8_gather(&m, partials, tr->grid);
        v7_warp_exchange(&m);
        free(partials);
        break;
    }
    case RV_V9:
        v8_load(&m, tr->grid);
        v7_warp_exchange(&m);
        v9_atomic_add(&m, tr->grid);
        break;
    }
    if (v == RV_V8) {
        begin_step(&m);
        emit(&m, 0, "*result = total;", rd_reg(&m, 0), RV_ACC(RV_SPACE_GOUT, tr->grid));
        end_step(&m);
    } else if (v != RV_V9) { /* v9's atomic add was its last step */
        write_result(&m);
    }
    if (m.oom) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    if (m.step != nsteps) abort(); /* the plan and the simulation disagree */
    free(m.smem); free(m.smem_next); free(m.reg); free(m.reg_next);
    return tr;
fail:
    free(m.smem); free(m.smem_next); free(m.reg); free(m.reg_next);
    rv_trace_free(tr);
    return NULL;
}
