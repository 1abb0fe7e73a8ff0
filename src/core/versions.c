/* versions.c — the table of reduction versions and the facts derived from it.
 *
 * One row per version: everything that differs between versions is here, so
 * that adding a lesson is a kernel file, a model function (which the model
 * finds by the kernel file the row names) and a row (see
 * docs/adding-a-version.md).  Rows are in id order, which is frozen by the
 * .rvt files; `order` gives the teaching order every list uses.
 */
#include "versions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "i18n.h"
#include "rv_access.h"

/* kernel_sources.c (generated from kernels/v*.cu), ended by {NULL, NULL} */
extern const struct rv_kernel_source {
    const char *file, *text;
} rv_kernel_sources[];

#define LAST_WARP_READS_32 N_("this version's last-warp code reads sdata[tid + 32]: block size must be at least 64")

static const rv_version_info versions[RV_NUM_VERSIONS] = {
    {.id = 0,
     .order = 0,
     .name = "v0",
     .title = N_("interleaved addressing"),
     .file = "v0_interleaved.cu",
     .summary = N_("baseline: tid % (2*s) == 0 picks the working threads (divergent branch)"),
     .changed = N_("The baseline: each block copies its elements to shared memory and adds pairs at "
                   "strides 1, 2, 4, ...; `tid % (2*s) == 0` scatters the working threads over every warp, "
                   "so warps diverge and the modulo is slow."),
     .min_block = 32,
     .elems_per_thread = 1,
     .colour = {0xc49a6c, 0x8c564b}},
    {.id = 1,
     .order = 1,
     .name = "v1",
     .title = N_("strided index"),
     .file = "v1_strided_index.cu",
     .summary = N_("index = 2*s*tid keeps working threads together; strided words collide on banks"),
     .changed = N_("index = 2*s*tid packs the working threads into the first warps (no divergent branch "
                   "until fewer than 32 work), but neighbouring lanes now touch words 2s apart, which fall "
                   "into the same shared-memory bank: n-way bank conflicts."),
     .improves_on = "v0",
     .min_block = 32,
     .elems_per_thread = 1,
     .colour = {0xff8fd0, 0xe377c2}},
    {.id = 2,
     .order = 2,
     .name = "v2",
     .title = N_("sequential addressing"),
     .file = "v2_sequential.cu",
     .summary = N_("stride halves from blockDim/2: consecutive lanes, consecutive words, no conflicts"),
     .changed = N_("Sequential addressing: at stride s thread tid adds sdata[tid + s]; consecutive lanes read "
                   "consecutive words (one per bank), so the tree is conflict-free, but half the threads "
                   "are idle from the first step on."),
     .improves_on = "v1",
     .min_block = 32,
     .elems_per_thread = 1,
     .colour = {0x5fd068, 0x2ca02c}},
    {.id = 3,
     .order = 3,
     .name = "v3",
     .title = N_("add during load"),
     .file = "v3_add_during_load.cu",
     .summary = N_("each thread adds two elements while loading: half the blocks, no idle first step"),
     .changed = N_("Each thread adds two elements (tid and tid + blockDim) while loading, so a block covers "
                   "2*blockDim elements, half as many blocks are launched and the first tree step is not "
                   "wasted on idle threads."),
     .improves_on = "v2",
     .min_block = 32,
     .elems_per_thread = 2,
     .colour = {0x3fd8e8, 0x0fa3b1}},
    {.id = 4,
     .order = 4,
     .name = "v4",
     .title = N_("unroll the last warp"),
     .file = "v4_unroll_last_warp.cu",
     .summary = N_("the last 6 levels run warp-synchronously through a volatile pointer, no barrier"),
     .changed = N_("When 32 threads or fewer remain, one warp finishes with six unrolled statements through a "
                   "volatile pointer and no __syncthreads(); all 32 lanes run every statement, so most of "
                   "them do wasted work (and the code relies on implicit warp-synchronous execution)."),
     .improves_on = "v3",
     .min_block = 64,
     .min_block_why = LAST_WARP_READS_32,
     .elems_per_thread = 2,
     .race = RV_RACE_HAZARD,
     .race_caption = N_("Race hazard: these statements rely on the 32 lanes running in lockstep, "
                        "which Volta and later do not guarantee (v4s fixes it with __syncwarp())"),
     .colour = {0xffa24a, 0xff7f0e}},
    {.id = 5,
     .order = 6,
     .name = "v5",
     .title = N_("complete unroll"),
     .file = "v5_complete_unroll.cu",
     .summary = N_("block size is a template constant: every loop and test is resolved at compile time"),
     .changed = N_("The block size becomes a template parameter, so the compiler unrolls the whole tree and "
                   "removes the loop counter and the tests: the steps are those of v4, only fewer instructions "
                   "run between them."),
     .improves_on = "v4",
     .min_block = 64,
     .min_block_why = LAST_WARP_READS_32,
     .elems_per_thread = 2,
     .race = RV_RACE_SAME_CODE,
     .race_from = "v4",
     .race_fixed_by = "v4s",
     .race_caption = N_("Same warp-synchronous code as v4 (racecheck flagged v4): it relies on lockstep lanes"),
     .colour = {0xe2e24a, 0xa5a614}},
    {.id = 6,
     .order = 7,
     .name = "v6",
     .title = N_("many elements per thread"),
     .file = "v6_many_per_thread.cu",
     .summary = N_("each thread sums a fixed share (grid-stride loop) before the tree: fewer blocks"),
     .changed = N_("Each block sums a fixed share of the array: every thread first adds "
                   "32 elements in a grid-stride loop (coalesced loads, sum in a register), "
                   "so far fewer blocks run the tree and memory bandwidth, not the tree, sets the pace."),
     .improves_on = "v5",
     .min_block = 64,
     .min_block_why = LAST_WARP_READS_32,
     .elems_per_thread = RV_ELEMS_PER_THREAD,
     .race = RV_RACE_SAME_CODE,
     .race_from = "v4",
     .race_fixed_by = "v4s",
     .race_caption = N_("Same warp-synchronous code as v4 (racecheck flagged v4): it relies on lockstep lanes"),
     .colour = {0xb05ca8, 0x7b4173}},
    {.id = 7,
     .order = 8,
     .name = "v7",
     .title = N_("warp shuffle"),
     .file = "v7_shuffle.cu",
     .summary = N_("__shfl_down_sync sums inside each warp in registers; shared memory only between warps"),
     .changed = N_("Warp shuffles: after loading, each warp sums its 32 values in registers with "
                   "__shfl_down_sync (no shared memory, no barrier); lane 0 of each warp leaves its partial in "
                   "shared memory and the first warp shuffles those down to the block's sum."),
     .improves_on = "v6",
     .props = RV_VP_WARP_PARTIALS,
     .min_block = 32,
     .elems_per_thread = RV_ELEMS_PER_THREAD,
     .colour = {0x8fd0ff, 0x56b4e9}},
    {.id = 8,
     .order = 5,
     .name = "v4s",
     .title = N_("v4 with __syncwarp"),
     .file = "v4s_syncwarp.cu",
     .summary = N_("v4's last warp made correct for Volta and later: register, __syncwarp(), store"),
     .changed = N_("v4's warp phase relies on lockstep execution, which independent thread scheduling "
                   "(Volta and later) no longer guarantees: racecheck reports read/write hazards. Here each "
                   "lane keeps its sum in a register, adds its neighbour's word, and stores only after "
                   "__syncwarp(), so every read happens before the write it could collide with."),
     .improves_on = "v4",
     .min_block = 64,
     .min_block_why = LAST_WARP_READS_32,
     .elems_per_thread = 2,
     .race = RV_RACE_CLEAN,
     .race_caption = N_("No race: __syncwarp() after each read and each write keeps the lanes in step"),
     .colour = {0xb890ff, 0x9467bd}},
    {.id = 9,
     .order = 10,
     .name = "v8",
     .title = N_("vector loads, single pass"),
     .file = "v8_vector_single_pass.cu",
     .summary = N_("float4 loads, 4 accumulators, a grid that fills the GPU, one launch (last block sums)"),
     .changed = N_("float4 loads (16 sectors per warp request), four accumulators and four loads in flight per "
                   "thread, a grid of the blocks the GPU holds at once taking tiles in turn, shuffles as in v7; "
                   "one pass: each block publishes its partial and takes a ticket; the last one's block sums "
                   "them in a fixed order."),
     .improves_on = "v7",
     .props =
         RV_VP_FILLS_GPU | RV_VP_SINGLE_PASS | RV_VP_LAST_BLOCK | RV_VP_CUB_PEER | RV_VP_WARP_PARTIALS | RV_VP_MARK,
     .min_block = 32,
     .elems_per_thread = 4,
     .tuned_block = 512,
     .colour = {0x4d8dff, 0x0b4fd1}},
    {.id = 10,
     .order = 11,
     .name = "v9",
     .title = N_("atomic add"),
     .file = "v9_atomic_add.cu",
     .summary = N_("v8 up to the block's sum, then one atomicAdd per block: no ticket, no last block"),
     .changed = N_("One atomicAdd per block replaces the ticket and last block's ordered sum: nothing waits for the "
                   "last block. But float addition is not associative and blocks arrive in a new order each run, so "
                   "the last bits may vary (v8's fixed order: same bits each run); the result is zeroed before each "
                   "launch."),
     .improves_on = "v8",
     .note =
         N_("the sum's last bits can change from run to run: the blocks' atomic adds arrive in a new order each time"),
     .props = RV_VP_FILLS_GPU | RV_VP_SINGLE_PASS | RV_VP_ATOMIC_END | RV_VP_SUM_VARIES | RV_VP_WARP_PARTIALS,
     .min_block = 32,
     .elems_per_thread = 4,
     .tuned_block = 512,
     .colour = {0xffd8a8, 0xb8860b}},
    {.id = 11,
     .order = 9,
     .name = "v7cg",
     .title = N_("cooperative groups"),
     .file = "v7cg_cg_reduce.cu",
     .summary = N_("v7 with cg::reduce over a thread_block_tile<32>: the library writes the shuffles"),
     .changed = N_("Cooperative groups: cg::reduce(warp, sum, cg::plus<float>()) over a thread_block_tile<32> "
                   "replaces v7's five hand-written __shfl_down_sync; inside, the library runs an xor butterfly, "
                   "so every lane ends with its warp's sum. Same work as v7, shorter code that says what it means."),
     .improves_on = "v7",
     .props = RV_VP_WARP_PARTIALS,
     .min_block = 32,
     .elems_per_thread = RV_ELEMS_PER_THREAD,
     .captions = {{"cg::reduce",
                   N_("cg::reduce: every lane ends with its warp's sum (5 xor shuffles inside one call)")},
                  {"final cg::reduce", N_("cg::reduce of the warps' partials: every lane ends with the block's sum")}},
     .colour = {0xc0c8d0, 0x4a5260}},
    {.id = 12,
     .order = 12,
     .name = "v10",
     .title = N_("thread-block clusters"),
     .file = "v10_cluster_dsmem.cu",
     .summary = N_("v8 with clusters of 4 blocks: rank 0 adds the others' sums from their shared memory (Hopper)"),
     .changed = N_("Clusters of 4 blocks (compute capability 9.0, Hopper): each block leaves its sum in its shared "
                   "memory, the cluster waits at cluster.sync(), and rank 0 reads the other three sums straight from "
                   "their shared memory (distributed shared memory) and publishes one partial per cluster: a quarter "
                   "of v8's partials and tickets, for two cluster-wide waits."),
     .improves_on = "v8",
     .note =
         N_("runs only on GPUs of compute capability 9.0 or later (Hopper); its grid is whole clusters of 4 blocks"),
     .props = RV_VP_FILLS_GPU | RV_VP_SINGLE_PASS | RV_VP_LAST_BLOCK | RV_VP_WARP_PARTIALS,
     .min_block = 32,
     .elems_per_thread = 4,
     .tuned_block = 512,
     .cluster = 4,
     .min_cc = 90,
     .min_cc_why = N_("v10 needs a GPU of compute capability 9.0 or later (Hopper): thread-block clusters and "
                      "distributed shared memory do not exist before it"),
     .captions = {{"block sum", N_("thread 0 leaves the block's sum in shared memory, where rank 0 of its cluster "
                                   "will read it after cluster.sync()")}},
     .colour = {0x7fe0c0, 0x16866a}},
};

/* A student's kernel: it has no file, lesson or model of ours, and sits
 * after every version in the teaching order (but in no list). */
static const rv_version_info own = {
    .id = RV_VERSION_OWN,
    .order = RV_NUM_VERSIONS,
    .name = "own-kernel",
    .title = N_("your kernel"),
    .summary = N_("a kernel traced unchanged from its file (reducevis trace)"),
    .changed = N_("Your own kernel, traced unchanged on the GPU: every shared-memory access, barrier "
                  "and shuffle the hardware executed for the traced block."),
    .props = RV_VP_OWN,
    .min_block = 32,
    .elems_per_thread = 1,
    .colour = {0xf0c75e, 0xb8860b}};

const rv_version_info *rv_version(int v)
{
    if (v == RV_VERSION_OWN) return &own;
    return (v >= 0 && v < RV_NUM_VERSIONS) ? &versions[v] : NULL;
}

const rv_version_info *rv_version_at(int k)
{
    for (int v = 0; v < RV_NUM_VERSIONS; v++)
        if (versions[v].order == k) return &versions[v];
    return NULL;
}

int rv_version_has(int v, unsigned props)
{
    const rv_version_info *info = rv_version(v);
    return info && (info->props & props) == props;
}

const char *rv_version_name(int v)
{
    const rv_version_info *info = rv_version(v); /* RV_VERSION_OWN too: not an index */
    return info ? info->name : "v?";
}

int rv_version_previous(int v)
{
    const rv_version_info *info = rv_version(v);
    return info && info->improves_on ? rv_version_parse(info->improves_on) : -1;
}

int rv_version_smem_words(int v, int block_size) { return rv_version_has(v, RV_VP_WARP_PARTIALS) ? 32 : block_size; }

const char *rv_kernel_option_note(void)
{
    return _("--kernel V is another name for --version V; `reducevis --version` alone prints\n"
             "the program's version.\n");
}

const char *rv_version_list(void)
{
    static char list[RV_NUM_VERSIONS * 8];
    if (!list[0])
        for (int k = 0; k < RV_NUM_VERSIONS; k++) {
            strcat(list, rv_version_at(k)->name);
            if (k + 1 < RV_NUM_VERSIONS) strcat(list, ", ");
        }
    return list;
}

int rv_version_parse(const char *s)
{
    if (!s) return -1;
    for (int v = 0; v < RV_NUM_VERSIONS; v++) {
        const char *name = versions[v].name; /* "v4s": accept "v4s", "V4S", "4s" */
        const char *p = (s[0] == 'v' || s[0] == 'V') ? s + 1 : s;
        if (strlen(p) != strlen(name + 1)) continue;
        int same = 1;
        for (size_t i = 0; p[i]; i++) same &= (p[i] | 0x20) == (name[1 + i] | 0x20);
        if (same) return v;
    }
    return -1;
}

int rv_version_cluster(int v)
{
    const rv_version_info *info = rv_version(v);
    return info && info->cluster > 1 ? info->cluster : 1;
}

const char *rv_version_check_cc(int v, int cc)
{
    const rv_version_info *info = rv_version(v);
    return info && info->min_cc && cc < info->min_cc ? info->min_cc_why : NULL;
}

uint64_t rv_version_grid(int v, int block_size, uint64_t n)
{
    if (rv_version_has(v, RV_VP_FILLS_GPU)) {
        uint64_t per_sm = RV_FILL_THREADS_PER_SM / block_size < 32 ? RV_FILL_THREADS_PER_SM / block_size : 32;
        uint64_t cluster = (uint64_t)rv_version_cluster(v);
        uint64_t resident = (uint64_t)RV_FILL_DEFAULT_SMS * per_sm / cluster * cluster;
        uint64_t most = rv_version_grid_max(v, block_size, n);
        return resident < most ? resident : most;
    }
    const rv_version_info *info = rv_version(v);
    uint64_t per_block = (uint64_t)block_size * (uint64_t)(info ? info->elems_per_thread : 1);
    return (n + per_block - 1) / per_block;
}

uint64_t rv_version_grid_max(int v, int block_size, uint64_t n)
{
    if (!rv_version_has(v, RV_VP_FILLS_GPU)) return rv_version_grid(v, block_size, n);
    uint64_t per_block = 4 * (uint64_t)block_size; /* one float4 per thread */
    uint64_t most = (n + per_block - 1) / per_block, cluster = (uint64_t)rv_version_cluster(v);
    most = (most + cluster - 1) / cluster * cluster; /* whole clusters: some blocks may have nothing to read */
    return most ? most : cluster;
}

const char *rv_version_check_block(int v, int block_size)
{
    const rv_version_info *info = rv_version(v);
    if (!info) return "unknown version";
    if (info->props & RV_VP_OWN) /* a student's launch: whatever shape a GPU runs */
        return block_size < 1 || block_size > 1024 ? N_("a GPU runs blocks of 1 to 1024 threads") : NULL;
    if (block_size < 32 || block_size > 1024 || (block_size & (block_size - 1)) != 0)
        return "block size must be a power of two from 32 to 1024";
    if (block_size < info->min_block) return info->min_block_why;
    return NULL;
}

const char *rv_version_source(int v)
{
    const rv_version_info *info = rv_version(v);
    for (const struct rv_kernel_source *k = rv_kernel_sources; info && info->file && k->file; k++)
        if (!strcmp(k->file, info->file)) return k->text;
    return "";
}

uint64_t rv_version_source_hash(int v) { return rv_hash_text(rv_version_source(v)); }

int rv_version_has_macros(int v) { return strstr(rv_version_source(v), "#include \"trace.cuh\"") != NULL; }

const char *rv_version_caption(int v, const char *label)
{
    const rv_version_info *info = rv_version(v);
    for (int i = 0; info && label && i < RV_MAX_CAPTIONS && info->captions[i].step; i++)
        if (!strcmp(info->captions[i].step, label)) return info->captions[i].text;
    return NULL;
}

int rv_version_line(int v, const char *marker)
{
    char tag[64];
    size_t len = (size_t)snprintf(tag, sizeof tag, "// rv:%s", marker);
    const char *src = rv_version_source(v), *hit = NULL;
    /* the marker must end where a name ends, so "rv:load" does not find "rv:load2" */
    for (const char *p = strstr(src, tag); p; p = strstr(p + 1, tag)) {
        char after = p[len];
        if ((after >= 'a' && after <= 'z') || (after >= '0' && after <= '9') || after == '_') continue;
        if (hit) return 0; /* ambiguous */
        hit = p;
    }
    if (!hit) return 0;
    int line = 1;
    for (const char *p = src; p < hit; p++) line += (*p == '\n');
    return line;
}
