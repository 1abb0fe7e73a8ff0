/* waves.h — the grid as a run placed it: which SM ran each block of a
 * launch and when (a waves run, src/tracer/waves.h), checked, kept in the
 * trace file, and the facts a class is shown: the waves observed and those
 * the occupancy predicts, the tail, the blocks an SM held at once.
 *
 * Pure C: no CUDA.  The tracer's file is made into an rv_waves by
 * src/own/records/waves_raw.c; the trace file keeps it as a section of its
 * own after the run (waves_file.c, docs/trace-format.md). */
#ifndef RV_CORE_WAVES_H
#define RV_CORE_WAVES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" { /* src/gpu/gpu_waves.cu makes them */
#endif

/* The most blocks one launch's waves hold (v0 at 2^25 elements has 2^17). */
#define RV_WAVES_MAX_BLOCKS   (1u << 24)
/* The most SMs a GPU is believed to have (an H200 has 132). */
#define RV_WAVES_MAX_SMS      4096u
/* The most launches a trace keeps the waves of. */
#define RV_WAVES_MAX_LAUNCHES 64

#define RV_WAVE_CLUSTER 0x1u /* the block ran as a cluster's (%is_explicit_cluster) */

/* How a launch's waves were recorded: by the Compute Sanitizer patching
 * block entry and exit (a student's file, unchanged; every section of the
 * first layout), or by stamps compiled into a shipped version's waves build
 * (kernels/waves.cuh), whose cost is the kernel's own. */
enum { RV_WAVES_BY_PATCH = 0, RV_WAVES_BY_STAMPS = 1 };

/* Two spans of a block, because its warps leave one by one: each warp gives
 * back its registers and warp slot as it leaves; the block's slot and its
 * shared memory are held until the last one has.  Its *whole* span, from its
 * first warp in to its first warp out, is when it holds all it asked for:
 * the blocks of an SM in their whole spans at once are what the occupancy
 * bounds.  Its *full* span, first warp in to last warp out, is when it is on
 * the SM at all: the blocks of an SM in their full spans at once are bounded
 * by the SM's own limit of blocks (sm_blocks) alone, so an SM whose bound is
 * its warps may start a ninth block of 8 warps while the last warps of
 * others are leaving. */
typedef struct rv_wave_block {
    uint32_t block;     /* blockIdx flattened, x fastest                 */
    uint32_t sm;        /* %smid                                         */
    uint64_t start;     /* ns of the GPU's global timer: its first warp in */
    uint64_t first_end; /* its first warp (or part of one) out           */
    uint64_t end;       /* its last warp out                             */
    uint32_t rank;      /* %cluster_ctarank; 0 outside a cluster         */
    uint32_t flags;     /* RV_WAVE_CLUSTER                               */
} rv_wave_block;

/* The GPU's SMs by GPC, as a probe of clusters found them (src/gpu/
 * gpu_gpcs.cu): CUDA places a cluster's blocks on one GPC, so SMs that ran
 * one cluster share one.  gpc[sm] numbers the sets in the order of their
 * smallest SM; RV_GPC_NONE: an SM the probe's blocks never ran on. */
#define RV_GPC_NONE 0xffffu
typedef struct rv_gpcs {
    uint32_t sm_count; /* gpc's entries: the device's SMs                  */
    uint32_t ngpcs;    /* the sets found                                   */
    uint32_t largest;  /* the largest cluster the probe launched, blocks   */
    uint32_t clusters; /* the clusters it ran, of every size               */
    uint16_t *gpc;     /* [sm_count], owned                                */
} rv_gpcs;

typedef struct rv_waves {
    uint32_t launch; /* the launch of the run it belongs to (1-based) */
    uint32_t grid_dim[3], block_dim[3];
    uint32_t cluster_dim[3]; /* 1 1 1: no cluster                             */
    uint32_t sm_count;       /* the device's SMs, asked at run time           */
    uint32_t bound;          /* blocks one SM may hold whole at once: the
                                  launch's occupancy
                                  (cudaOccupancyMaxActiveBlocksPerMultiprocessor) */
    uint32_t sm_blocks;      /* blocks one SM may hold at all, whole or not:
                                  the hardware's limit
                                  (CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR,
                                  32 on Hopper)                                 */
    uint32_t cluster_bound;  /* clusters the GPU may hold at once
                                  (cudaOccupancyMaxActiveClusters); 0: no cluster */
    uint32_t smem;           /* the launch's dynamic shared memory, bytes     */
    uint32_t how;            /* RV_WAVES_BY_PATCH or RV_WAVES_BY_STAMPS       */
    /* The overhead, measured in the same run (ns; 0 0 0: not measured, as
     * in every recording before them).  Stamped: the median kernel time of
     * `repeats` launches like this one, untraced and as the waves run ran
     * them.  By the patch: the median time of `repeats` whole reductions
     * (every launch of one), timed untraced and under the patch, the same
     * in each launch of the run (src/own/trace/waves_cost.h: the
     * student's program's, or in a check the judge's runner's). */
    uint32_t repeats;
    uint64_t plain_ns, waves_ns;
    uint32_t nblocks;      /* records in blocks[]                           */
    rv_wave_block *blocks; /* [nblocks], owned                              */
    rv_gpcs gpcs;          /* the GPU's GPCs where the run probed them, the
                              same in every launch of it, each its own copy
                              (the first launch's is written); gpc NULL:
                              not probed                                     */
    struct rv_waves *next; /* the next launch's, or NULL; freed with this   */
} rv_waves;

/* What a class is told of one launch's waves: `at once` counts go by the
 * spans said at each (rv_wave_block); the waves by the order of the starts;
 * the time, the idle share and the tail by full spans (an SM with a block's
 * last warp on it is not idle). */
typedef struct rv_waves_facts {
    uint32_t blocks;          /* the grid's                                    */
    uint32_t clusters;        /* the grid's clusters; 0: no cluster            */
    uint64_t t0, t1;          /* the first start and the last end (full spans) */
    uint32_t sms_used;        /* SMs that ran a block                          */
    uint32_t most_on_sm;      /* the most blocks one SM ran over the launch    */
    uint32_t most_at_once;    /* the most blocks one SM held whole at one time
                                  (their whole spans: at most the bound)        */
    uint32_t most_held;       /* the most one SM held at all at one time (their
                                  full spans: at most sm_blocks)                */
    uint32_t waves;           /* observed: on each SM its blocks in the order
                                  they began, `bound` to a wave; the most waves
                                  an SM took                                   */
    uint32_t waves_predicted; /* from the occupancy: ceil(blocks / (bound x
                                  SMs)), or for clusters ceil(clusters /
                                  cluster_bound)                                */
    uint64_t tail_start;      /* when the first SM that ran blocks ran out of
                                  them for good: its last block's last warp
                                  out (an SM that ran none counts as idle, not
                                  here)                                         */
    double tail_idle;         /* share of SM time idle from tail_start to t1   */
    double idle;              /* share of SM time idle from t0 to t1: no
                                  block's full span on the SM                   */
} rv_waves_facts;

rv_waves *rv_waves_new(uint32_t nblocks); /* blocks zeroed; NULL: out of memory */
void rv_waves_free(rv_waves *w);          /* and every launch after it     */

/* The grid's blocks (grid_dim's product) and blocks per cluster. */
uint32_t rv_waves_grid_blocks(const rv_waves *w);
uint32_t rv_waves_cluster_blocks(const rv_waves *w);

/* Whether the recording can be true: the shape and bounds sane, every block
 * of the grid recorded exactly once, every SM id below the SM count, no
 * block's first or last warp leaving before it starts and its first not after
 * its last, no SM holding more blocks whole at once than the bound nor more
 * at all than sm_blocks, a cluster's blocks flagged so with their rank, and
 * no more clusters at once than their bound (a cluster from its first block's
 * start to its last block's end).  0, or -1 with a message naming the
 * problem. */
int rv_waves_validate(const rv_waves *w, char *err, size_t errlen);

/* Each record's wave (0-based, as rv_waves_facts counts them) into wave[]
 * (nblocks entries).  0, or -1 when out of memory. */
int rv_waves_number(const rv_waves *w, uint32_t *wave);

/* The facts of a validated recording.  0, or -1 when out of memory. */
int rv_waves_facts_of(const rv_waves *w, rv_waves_facts *f);

/* Where a launch of clusters ran, as far as the run tells: CUDA places a
 * cluster's blocks on the SMs of one GPC, and no register names the GPC,
 * so the SMs that ran blocks of one cluster are joined, and the sets so
 * joined each lie in one GPC (a GPC may hold several sets).  size[k] gets
 * the SMs of set k, the sets in order of their smallest SM; *nsets the
 * sets (at most the SM count: size has sm_count entries).  An SM that ran
 * no block is in none; a launch without clusters has each SM that ran a
 * block as a set of its own.  0, or -1 when out of memory. */
int rv_waves_cluster_sets(const rv_waves *w, uint32_t *size, uint32_t *nsets);
/* The same in words: "22 × 4 SMs, 2 × 18 SMs" (each size once, the smaller
 * first) into buf, the sets' number in *nsets.  0, or -1 when out of
 * memory. */
int rv_waves_cluster_sets_words(const rv_waves *w, char *buf, size_t len, uint32_t *nsets);
/* Sets of SMs by their sizes in words, as above: size[k] of set k (nsets of
 * them), no set above most SMs. */
void rv_waves_sizes_words(const uint32_t *size, uint32_t nsets, uint32_t most, char *buf, size_t len);
/* The cluster of a block and its rank in it, from the launch's shapes. */
void rv_waves_cluster_of(const rv_waves *w, uint32_t block, uint32_t *cluster, uint32_t *rank);
/* The set sm is in: up[] a union-find's parents (halved as it goes). */
uint32_t rv_waves_set_of(uint32_t *up, uint32_t sm);
/* Joins in up[] (a union-find over w's SMs) the SMs each cluster of w ran
 * on, leaving out any SM whose gpc[] entry is RV_GPC_NONE (gpc NULL: none
 * left out).  A launch without clusters joins nothing.  0, or -1 when out
 * of memory. */
int rv_waves_join_clusters(const rv_waves *w, uint32_t *up, const uint16_t *gpc);

/* The picture's rows: which SM each row shows, and the group each row is
 * in (rows of one group are drawn together, a line between groups).  Where
 * the recording has the GPU's GPCs (w->gpcs), the rows go by GPC, the sets
 * in their order, each set's SMs in theirs, any SM the probe never saw last
 * as a group of its own; otherwise the SMs in order, one group.
 * sm_of_row and group_of_row get sm_count entries each; *ngroups the
 * groups.  0 (it cannot fail). (src/core/waves_gpcs.c) */
int rv_waves_rows(const rv_waves *w, uint32_t *sm_of_row, uint32_t *group_of_row, uint32_t *ngroups);

/* A launch's GPC map, if it has one, checked against it: as many SMs as
 * the launch's GPU, every set numbered below the sets' count and in the
 * order of its smallest SM, none empty, and every cluster of the launch on
 * the SMs of one set.  0, or -1 with a message naming the problem. */
int rv_gpcs_check(const rv_waves *w, char *err, size_t errlen);
/* The sets joined wherever a cluster of a launch (w and the launches after
 * it) ran on SMs of two (the probe had not joined them: a cluster is on
 * one GPC), numbered again.  0, or -1 when out of memory. */
int rv_gpcs_join(rv_gpcs *g, const rv_waves *w);
/* The sets of up[] (a union-find over g's SMs) numbered into g->gpc in the
 * order of their smallest SM, g->ngpcs their count; an SM whose entry is
 * RV_GPC_NONE keeps it.  0, or -1 when out of memory. */
int rv_gpcs_number(rv_gpcs *g, uint32_t *up);
/* A copy of from into *to (to's own map freed first).  0, or -1 when out
 * of memory. */
int rv_gpcs_copy(rv_gpcs *to, const rv_gpcs *from);
/* The sets in words: "2 × 2 SMs, 1 × 8 SMs, 5 × 16 SMs, 2 × 18 SMs" into
 * buf.  0, or -1 when out of memory. */
int rv_gpcs_words(const rv_gpcs *g, char *buf, size_t len);

/* The picture's cells: one row per SM, ncols columns of equal time from the
 * first start to the last end, so that 2^17 blocks and one wave draw alike.
 * fill: the blocks the SM held over the cell (full spans), on average, over
 * its bound, at most 1 (0 idle .. 1 full); wave: the wave of the block that spent the longest in
 * the cell (rv_waves_number), RV_WAVES_NO_WAVE where none ran. */
#define RV_WAVES_NO_WAVE 0xffffu
typedef struct rv_waves_cell {
    float fill;
    uint16_t wave;
} rv_waves_cell;

/* cells[sm * ncols + col] for every SM of the GPU (sm_count rows).  0, or
 * -1 when out of memory. */
int rv_waves_cells(const rv_waves *w, uint32_t ncols, rv_waves_cell *cells);
/* The same over a part of the run only, from..to of the time from the first
 * start to the last end (0 .. 1; to <= from: all of it), the blocks clipped
 * to it: the viewer's zoom. */
int rv_waves_cells_span(const rv_waves *w, double from, double to, uint32_t ncols, rv_waves_cell *cells);

/* The waves run's kernel time over the untraced one (1.05: 5% slower), or
 * 0 where the overhead was not measured. */
double rv_waves_overhead(const rv_waves *w);

/* The trace file's section (docs/trace-format.md): every launch's waves
 * after the run, behind a magic of its own, so that a run without one is
 * written as it always was.  RVTWAVE2: recorded by the patch, no overhead,
 * 40 bytes a block; RVTWAVE3 adds to each launch how it was recorded and the
 * overhead; RVTWAVE4 keeps them and packs the blocks (some 7 bytes a
 * block: v0's 2^17 take under 1 MB where they took 5); RVTWAVE5, written
 * where the run probed the GPU's GPCs, is RVTWAVE4 with their map after
 * the launches (the first launch's w->gpcs; every launch gets a copy).
 * rv_waves_serialize appends to *buf (realloc'd; 0, or -1 out of memory);
 * rv_waves_parse reads any of the four at p (len bytes left), validated,
 * and says how many bytes it took. */
#define RV_WAVES_SECTION_MAGIC  "RVTWAVE2"
#define RV_WAVES_SECTION_MAGIC3 "RVTWAVE3"
#define RV_WAVES_SECTION_MAGIC4 "RVTWAVE4"
#define RV_WAVES_SECTION_MAGIC5 "RVTWAVE5" /* RVTWAVE4 and the GPU's GPCs (rv_gpcs) */
/* Whether p (len bytes) begins a waves section of any layout. */
int rv_waves_section_at(const uint8_t *p, size_t len);
int rv_waves_serialize(const rv_waves *w, uint8_t **buf, size_t *len);
rv_waves *rv_waves_parse(const uint8_t *p, size_t len, size_t *used, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
