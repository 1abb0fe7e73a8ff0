/* stepview.h — one step of a trace, regrouped the way the block pane draws it.
 *
 * Events are stored per thread; the pane needs them per word and per bank
 * (who wrote this word, was it read, how badly does this bank conflict).
 * An access of 8 or 16 bytes counts for each of the words it covers.
 * Pure C over the trace and analysis, so tests can check it directly.
 */
#ifndef VIEWER_STEPVIEW_H
#define VIEWER_STEPVIEW_H

#include <stdint.h>
#include "core/analysis.h"
#include "core/lanes.h"

#define SV_MAX_THREADS 1024
#define SV_MAX_WORDS   1024

typedef struct stepview {
    int step, block_size, words, nwarps;
    int16_t writer[SV_MAX_WORDS];        /* thread writing the word this step, -1 */
    uint8_t read[SV_MAX_WORDS];          /* lanes reading the word this step     */
    uint8_t bank_degree[32];             /* worst conflict degree in each bank   */
    int8_t shfl_src[SV_MAX_THREADS];     /* lane a shuffle read from, -1         */
    uint8_t reg_written[SV_MAX_THREADS]; /* the thread's register was set        */
    int gin_reads;                       /* global elements read, all threads    */
    int gin4_reads;                      /* of which by 128-bit float4 loads (x4)*/
    int gout_reads;                      /* partials read back (v8's last block) */
    int ticket_thread;                   /* thread taking a ticket (atomic), -1  */
    int gout_thread;                     /* thread writing global output, -1     */
    uint64_t gout_index;
    float gout_value;
    int smem_accesses;       /* shared reads + writes this step      */
    int shuffle_delta;       /* the pattern's d, 0 if none           */
    rv_lane_pattern shuffle; /* how lanes read lanes (analysis.h)    */
    /* Wide shared-memory accesses (own traces: the compiler merged two or
     * four words into one 8- or 16-byte access), and the first of them. */
    int wide_accesses;         /* reads + writes of 8 or 16 bytes      */
    int wide_bytes;            /* the widest: 8 or 16, 0 if none       */
    int wide_thread;           /* the first one's thread, -1           */
    int wide_word, wide_words; /* its first word and how many          */
    int wide_write;            /* it is a store                        */
    /* Atomics (RV_EV_ATOMIC): lanes that hit one word are served one after
     * another, so the busiest word's lanes are the turns the step takes. */
    int atomic_lanes;                 /* lanes doing an atomic                */
    int atomic_shared, atomic_global; /* of them, on shared / global memory   */
    int atomic_turns;                 /* most lanes on one word, block-wide   */
    uint16_t atomic_on[SV_MAX_WORDS]; /* atomic lanes on each shared word     */
} stepview;

/* Fills sv for step `step` of an (block sizes above 1024 are cut). */
void stepview_build(stepview *sv, const rv_analysis *an, int step);

/* Lanes of step `step` doing an atomic on the word an atomic access `acc`
 * writes (0 when none does). */
int stepview_atomic_on(const rv_analysis *an, int step, uint64_t acc);

#endif
