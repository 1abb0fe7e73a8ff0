/* prove.h — a shipped kernel traced unchanged (`trace --kernel V`), access by
 * access against the same kernel's reference (the CPU model, or its macro
 * capture, which the model reproduces bit for bit): global reads and writes,
 * shared writes with their values, shared reads, the lanes that wrote, and the
 * bank-conflict degrees.  Each kind of access is compared thread by thread as
 * a multiset (writes in program order), and what differs is either explained
 * by a rule below or counted as unexplained.
 *
 * Explained:
 *  - a shared read the reference makes and the hardware did not, of a word the
 *    same thread wrote itself: the compiler kept the value in a register;
 *  - conflict degrees of a warp that made 8- or 16-byte shared accesses: the
 *    compiler merged neighbouring words into one wide access (counted as
 *    Nsight Compute counts wavefronts, a different number of requests);
 *  - the steps of a single-pass version's last block, when the traced block
 *    did not draw the last ticket: the hardware never ran them there.
 */
#ifndef RV_PROVE_H
#define RV_PROVE_H

#include <stddef.h>

#include "core/trace.h"

typedef enum rv_prove_kind {
    RV_PROVE_GREADS,    /* global input elements read                     */
    RV_PROVE_GWRITES,   /* partial sums written, with their values        */
    RV_PROVE_SWRITES,   /* shared words written, with their values        */
    RV_PROVE_SREADS,    /* shared words read                              */
    RV_PROVE_LANES,     /* per warp, the lanes of each shared write       */
    RV_PROVE_CONFLICTS, /* per warp, the worst degree of each step        */
    RV_PROVE_KINDS
} rv_prove_kind;

typedef struct rv_prove_row {
    long same;       /* in both                                        */
    long only_gpu;   /* in the unchanged kernel's trace alone          */
    long only_ref;   /* in the reference alone                         */
    long explained;  /* of those differences, explained (above)        */
    const char *why; /* the explanation, when there is one             */
} rv_prove_row;

typedef struct rv_proof {
    rv_prove_row row[RV_PROVE_KINDS];
    int skipped_steps; /* reference steps of a last block, left out       */
    long unexplained;  /* differences no rule explains                    */
    char first[256];   /* the first unexplained difference, in words      */
} rv_proof;

/* The name of a kind of access, translated. */
const char *rv_prove_kind_name(rv_prove_kind k);

/* Compares gpu (an own trace of a shipped kernel) with ref (a trace of the
 * same version, block size, N, block and data).  0, or -1 with a message when
 * they are not of the same run or memory runs out. */
int rv_prove(const rv_trace *gpu, const rv_trace *ref, rv_proof *p, char *err, size_t errlen);

#endif
