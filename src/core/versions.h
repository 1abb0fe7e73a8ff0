/* versions.h — the reduction versions: one row each, everything that differs.
 *
 * One table, read by every other module: the CLI lists and parses it, the
 * model and the GPU side find a row's model function and kernels by the
 * file it names, bench and results order their lists by it, the viewer and
 * the chart take its lessons, notes and colours.  Code asks a row a question
 * ("does its grid fill the GPU?") instead of testing which version it is.
 *
 * A version has two numbers: its id, written into .rvt files (stable: never
 * reordered, never reused), and its place in the teaching order, which every
 * list uses.  Numbering of names follows the seed document 002 (v0 baseline
 * ... v7 shuffle); other seeds number the same ideas one higher (their
 * "reduce 1" is our v0).  docs/adding-a-version.md says how to add a row.
 */
#ifndef RV_VERSIONS_H
#define RV_VERSIONS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RV_NUM_VERSIONS 13

/* The id of a kernel traced unchanged from a student's file (`reducevis
 * trace`): not one of the table's versions, never in its lists, but
 * rv_version() answers for it with a row of its own (RV_VP_OWN), so that
 * every output can show such a trace.  Its source, steps and shared memory
 * come from the trace itself. */
#define RV_VERSION_OWN 255

/* What a version does, as questions code may ask (rv_version_info.props). */
#define RV_VP_FILLS_GPU \
    0x01u /* its grid is the blocks the GPU holds at once, a free
                                      choice from 1 to rv_version_grid_max; its blocks take
                                      tiles of float4s in turn                              */
#define RV_VP_SINGLE_PASS \
    0x02u /* one launch reduces the whole array: `out` holds grid
                                      slots for partials and the result after them, out[grid] */
#define RV_VP_LAST_BLOCK \
    0x04u /* the block that draws the last ticket sums the partials:
                                      the trace holds its steps after the traced block's    */
#define RV_VP_ATOMIC_END \
    0x08u                      /* each block adds its sum into the result with one
                                      atomicAdd; the launcher zeroes the result first       */
#define RV_VP_SUM_VARIES 0x10u /* the last bits of the sum can change from run to run   */
#define RV_VP_CUB_PEER \
    0x20u /* CUB's DeviceReduce::Sum is compared with this one (both
                                      one device-wide sum, the same bits on every run)      */
#define RV_VP_WARP_PARTIALS \
    0x40u /* shared memory holds one partial per warp (32 words),
                                      not one word per thread                               */
#define RV_VP_OWN \
    0x80u /* a student's kernel traced from its file: no model, no
                                      kernel of ours; its trace carries source and steps   */
#define RV_VP_MARK \
    0x100u /* the project's fastest: exercise 5 (docs/exercises.md)
                                      asks a student's kernel for 90 % of its speed       */

/* What compute-sanitizer racecheck says of a version's warp phase. */
typedef enum rv_race {
    RV_RACE_NONE = 0, /* no warp-synchronous shared-memory phase              */
    RV_RACE_HAZARD,   /* relies on lockstep lanes: racecheck reports hazards  */
    RV_RACE_CLEAN,    /* made safe: racecheck is expected to find nothing     */
    RV_RACE_SAME_CODE /* the same warp phase as the version named race_from   */
} rv_race;

#define RV_MAX_CAPTIONS 4

typedef struct rv_version_info {
    int id;                    /* on-disk id, written into .rvt files          */
    int order;                 /* place in the teaching order, from 0          */
    const char *name;          /* "v1"                                         */
    const char *title;         /* "strided index"                              */
    const char *file;          /* "v1_strided_index.cu": kernel, and the name its
                                  launchers are registered under             */
    const char *summary;       /* one line for `reducevis versions`            */
    const char *changed;       /* what changed from the version it improves on,
                                  and what it costs                           */
    const char *improves_on;   /* the version it is measured against ("v0"), or
                                  NULL for the baseline                       */
    const char *note;          /* what to know before trusting it, or NULL     */
    unsigned props;            /* RV_VP_*                                      */
    int min_block;             /* smallest block size the code allows          */
    const char *min_block_why; /* why, when min_block is above 32              */
    int elems_per_thread;      /* elements each thread reads from global    */
    int tuned_block;           /* block size `bench` times it at unless one is
                                  given (0: the bench's default)              */
    rv_race race;              /* racecheck's verdict on its warp phase        */
    const char *race_caption;  /* the race band's headline                     */
    const char *race_from;     /* RV_RACE_SAME_CODE: whose racecheck stands for it */
    const char *race_fixed_by; /* RV_RACE_SAME_CODE: the version without the race */
    struct {                   /* what the step banner says of a step whose
                                  label is `step`, instead of the sentence
                                  made from the trace; up to RV_MAX_CAPTIONS */
        const char *step, *text;
    } captions[RV_MAX_CAPTIONS];
    int cluster;            /* blocks per thread-block cluster its launch groups
                                  (the grid is whole clusters), 0: none       */
    int min_cc;             /* the lowest compute capability it runs on, as
                                  10 x major + minor (90: Hopper), 0: any     */
    const char *min_cc_why; /* what a GPU below min_cc is told             */
    uint32_t colour[2];     /* its line and bar, 0xRRGGBB: dark, light theme */
} rv_version_info;

/* The entry for version id v (RV_VERSION_OWN included), or NULL when v is
 * out of range. */
const rv_version_info *rv_version(int v);

/* The version at place k of the teaching order, or NULL. */
const rv_version_info *rv_version_at(int k);

/* Whether version v has every property in props (0 for an unknown v). */
int rv_version_has(int v, unsigned props);

/* Version v's name ("v4s"), or "v?" when out of range. */
const char *rv_version_name(int v);

/* The version a list compares v with (its improves_on), as an id, or -1. */
int rv_version_previous(int v);

/* Words of shared memory the version's trace can touch at a block size. */
int rv_version_smem_words(int v, int block_size);

/* Every version's name in teaching order, comma-separated, for messages. */
const char *rv_version_list(void);

/* The line the help of every command taking --version V ends with: --kernel V
 * is the same option, under a name `reducevis --version` cannot clash with. */
const char *rv_kernel_option_note(void);

/* Parses a version name ("v3", "3", "v4s"); returns its id or -1. */
int rv_version_parse(const char *s);

/* Blocks in the first pass over n elements: the version's formula, or for
 * a version that fills the GPU its default grid without a GPU (see
 * rv_version_grid_max for what else it accepts). */
uint64_t rv_version_grid(int v, int block_size, uint64_t n);

/* The largest grid version v may run over n elements: for a version that
 * fills the GPU one float4 per thread, ceil(n / (4 x block size)), rounded
 * up to whole clusters where its launch has them; for the others their one
 * grid. */
uint64_t rv_version_grid_max(int v, int block_size, uint64_t n);

/* Blocks per thread-block cluster of version v's launch: 1 when it has none. */
int rv_version_cluster(int v);

/* NULL if version v runs on a GPU of compute capability cc (10 x major +
 * minor), else why not (static text, marked for translation). */
const char *rv_version_check_cc(int v, int cc);

/* NULL if the block size is allowed for version v, else why not (static text). */
const char *rv_version_check_block(int v, int block_size);

/* The kernel source of version v, embedded at build time (NUL-terminated). */
const char *rv_version_source(int v);

/* FNV-1a 64 hash of that source: traces carry it to show which code made them. */
uint64_t rv_version_source_hash(int v);

/* Whether version v's kernel file carries trace macros: it includes
 * trace.cuh (the rule cmake/kernel_kind.cmake gives the build, which then
 * compiles it twice); a file without them is traced unchanged by `capture`
 * (docs/kernels.md). */
int rv_version_has_macros(int v);

/* The caption version v's row gives a step labelled `label`, or NULL. */
const char *rv_version_caption(int v, const char *label);

/* The source line carrying the marker `// rv:NAME` in version v's kernel,
 * or 0 when it is not there exactly once.  Kernels mark each traced
 * statement so that the model finds its line without matching code text. */
int rv_version_line(int v, const char *marker);

/* Without a GPU, the grid of a version that fills the GPU assumes an H100
 * or H200: 132 SMs of 2048 threads (at most 32 blocks each). */
#define RV_FILL_DEFAULT_SMS    132
#define RV_FILL_THREADS_PER_SM 2048
/* Rows of float4s in one tile of a version that fills the GPU (UNROLL in
 * those kernels; the fidelity tests fail if they ever differ). */
#define RV_FILL_UNROLL         4

#ifdef __cplusplus
}
#endif

#endif
