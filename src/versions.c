/* versions.c — the table of reduction versions and the facts derived from it. */
#include "versions.h"

#include <stdlib.h>
#include <string.h>

#include "rv_access.h"
#include "i18n.h"

/* kernel_sources.c (generated from kernels/v*.cu), ended by {NULL, NULL} */
extern const struct rv_kernel_source { const char *file, *text; } rv_kernel_sources[];

static const rv_version_info versions[RV_NUM_VERSIONS] = {
    {0, "v0", N_("interleaved addressing"), "v0_interleaved.cu",
     N_("baseline: tid % (2*s) == 0 picks the working threads (divergent branch)"),
     N_("The baseline: each block copies its elements to shared memory and adds pairs at "
     "strides 1, 2, 4, ...; `tid % (2*s) == 0` scatters the working threads over every warp, "
     "so warps diverge and the modulo is slow."),
     32, 1, 0},
    {1, "v1", N_("strided index"), "v1_strided_index.cu",
     N_("index = 2*s*tid keeps working threads together; strided words collide on banks"),
     N_("index = 2*s*tid packs the working threads into the first warps (no divergent branch "
     "until fewer than 32 work), but neighbouring lanes now touch words 2s apart, which fall "
     "into the same shared-memory bank: n-way bank conflicts."),
     32, 1, 0},
    {2, "v2", N_("sequential addressing"), "v2_sequential.cu",
     N_("stride halves from blockDim/2: consecutive lanes, consecutive words, no conflicts"),
     N_("Sequential addressing: at stride s thread tid adds sdata[tid + s]; consecutive lanes read "
     "consecutive words (one per bank), so the tree is conflict-free, but half the threads "
     "are idle from the first step on."),
     32, 1, 0},
    {3, "v3", N_("add during load"), "v3_add_during_load.cu",
     N_("each thread adds two elements while loading: half the blocks, no idle first step"),
     N_("Each thread adds two elements (tid and tid + blockDim) while loading, so a block covers "
     "2*blockDim elements, half as many blocks are launched and the first tree step is not "
     "wasted on idle threads."),
     32, 2, 0},
    {4, "v4", N_("unroll the last warp"), "v4_unroll_last_warp.cu",
     N_("the last 6 levels run warp-synchronously through a volatile pointer, no barrier"),
     N_("When 32 threads or fewer remain, one warp finishes with six unrolled statements through a "
     "volatile pointer and no __syncthreads(); all 32 lanes run every statement, so most of "
     "them do wasted work (and the code relies on implicit warp-synchronous execution)."),
     64, 2, 0},
    {5, "v5", N_("complete unroll"), "v5_complete_unroll.cu",
     N_("block size is a template constant: every loop and test is resolved at compile time"),
     N_("The block size becomes a template parameter, so the compiler unrolls the whole tree and "
     "removes the loop counter and the tests: the steps are those of v4, only fewer instructions "
     "run between them."),
     64, 2, 0},
    {6, "v6", N_("many elements per thread"), "v6_many_per_thread.cu",
     N_("each thread sums a fixed share (grid-stride loop) before the tree: fewer blocks"),
     N_("Each block sums a fixed share of the array: every thread first adds "
     "32 elements in a grid-stride loop (coalesced loads, sum in a register), "
     "so far fewer blocks run the tree and memory bandwidth, not the tree, sets the pace."),
     64, RV_ELEMS_PER_THREAD, 0},
    {7, "v7", N_("warp shuffle"), "v7_shuffle.cu",
     N_("__shfl_down_sync sums inside each warp in registers; shared memory only between warps"),
     N_("Warp shuffles: after loading, each warp sums its 32 values in registers with "
     "__shfl_down_sync (no shared memory, no barrier); lane 0 of each warp leaves its partial in "
     "shared memory and the first warp shuffles those down to the block's sum."),
     32, RV_ELEMS_PER_THREAD, 0},
    {8, "v4s", N_("v4 with __syncwarp"), "v4s_syncwarp.cu",
     N_("v4's last warp made correct for Volta and later: register, __syncwarp(), store"),
     N_("v4's warp phase relies on lockstep execution, which independent thread scheduling "
     "(Volta and later) no longer guarantees: racecheck reports read/write hazards. Here each "
     "lane keeps its sum in a register, adds its neighbour's word, and stores only after "
     "__syncwarp(), so every read happens before the write it could collide with."),
     64, 2, 0},
    {9, "v8", N_("vector loads, single pass"), "v8_vector_single_pass.cu",
     N_("float4 loads, 4 accumulators, a grid that fills the GPU, one launch (last block sums)"),
     N_("float4 loads (16 sectors per warp request), four accumulators and four loads in flight per "
     "thread, a grid of the blocks the GPU holds at once taking tiles in turn, shuffles as in v7; "
     "one pass: each block publishes its partial and takes a ticket; the last one's block sums "
     "them in a fixed order."),
     32, 4, 512},
    {10, "v9", N_("atomic add"), "v9_atomic_add.cu",
     N_("v8 up to the block's sum, then one atomicAdd per block: no ticket, no last block"),
     N_("One atomicAdd per block replaces the ticket and last block's ordered sum: nothing waits for the "
     "last block. But float addition is not associative and blocks arrive in a new order each run, so "
     "the last bits may vary (v8's fixed order: same bits each run); the result is zeroed before each "
     "launch."),
     32, 4, 512},
};

const rv_version_info *rv_version(int v)
{
    return (v >= 0 && v < RV_NUM_VERSIONS) ? &versions[v] : NULL;
}

const char *rv_version_name(int v)
{
    return rv_version(v) ? versions[v].name : "v?";
}

int rv_version_smem_words(int v, int block_size)
{
    return v == 7 || rv_version_grid_free(v) ? 32 : block_size; /* v7, v8 and v9 keep one partial per warp */
}

const char *rv_version_list(void)
{
    static char list[RV_NUM_VERSIONS * 6];
    if (!list[0])
        for (int v = 0; v < RV_NUM_VERSIONS; v++) {
            strcat(list, versions[v].name);
            if (v + 1 < RV_NUM_VERSIONS) strcat(list, ", ");
        }
    return list;
}

int rv_version_parse(const char *s)
{
    if (!s) return -1;
    for (int v = 0; v < RV_NUM_VERSIONS; v++) {
        const char *name = versions[v].name;           /* "v4s": accept "v4s", "V4S", "4s" */
        const char *p = (s[0] == 'v' || s[0] == 'V') ? s + 1 : s;
        if (strlen(p) != strlen(name + 1)) continue;
        int same = 1;
        for (size_t i = 0; p[i]; i++) same &= (p[i] | 0x20) == (name[1 + i] | 0x20);
        if (same) return v;
    }
    return -1;
}

uint64_t rv_version_grid(int v, int block_size, uint64_t n)
{
    if (rv_version_grid_free(v)) {
        uint64_t resident = (uint64_t)RV_V8_DEFAULT_SMS * (uint64_t)(RV_V8_THREADS_PER_SM / block_size < 32
                                                                         ? RV_V8_THREADS_PER_SM / block_size : 32);
        uint64_t most = rv_version_grid_max(v, block_size, n);
        return resident < most ? resident : most;
    }
    const rv_version_info *info = rv_version(v);
    uint64_t per_block = (uint64_t)block_size * (uint64_t)(info ? info->elems_per_thread : 1);
    return (n + per_block - 1) / per_block;
}

uint64_t rv_version_grid_max(int v, int block_size, uint64_t n)
{
    if (!rv_version_grid_free(v)) return rv_version_grid(v, block_size, n);
    uint64_t per_block = 4 * (uint64_t)block_size; /* one float4 per thread */
    uint64_t most = (n + per_block - 1) / per_block;
    return most ? most : 1;
}

int rv_version_grid_free(int v) { return v == RV_V8 || v == RV_V9; }

int rv_version_single_pass(int v) { return v == RV_V8 || v == RV_V9; }

const char *rv_version_check_block(int v, int block_size)
{
    const rv_version_info *info = rv_version(v);
    if (!info) return "unknown version";
    if (block_size < 32 || block_size > 1024 || (block_size & (block_size - 1)) != 0)
        return "block size must be a power of two from 32 to 1024";
    if (block_size < info->min_block)
        return "this version's last-warp code reads sdata[tid + 32]: block size must be at least 64";
    return NULL;
}

const char *rv_version_source(int v)
{
    const rv_version_info *info = rv_version(v);
    for (const struct rv_kernel_source *k = rv_kernel_sources; info && k->file; k++)
        if (!strcmp(k->file, info->file)) return k->text;
    return "";
}

uint64_t rv_version_source_hash(int v)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a 64 */
    for (const unsigned char *p = (const unsigned char *)rv_version_source(v); *p; p++) {
        h ^= *p;
        h *= 1099511628211ull;
    }
    return h;
}
