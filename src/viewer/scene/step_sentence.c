/* step_sentence.c — what the threads of the block do at one step, in the
 * sentence the block pane's banner shows (step_sentence.h): loads, tree
 * levels, warp phases, shuffles, atomics, stores and writes, said from the
 * trace and its analysis, with what a cluster or a library adds to them. */
#include "step_sentence.h"

#include <stdio.h>
#include <string.h>

#include "core/i18n.h"
#include "core/versions.h"
#include "value_text.h"

/* A shuffle step in words, from the lanes the trace recorded: the call
 * whose rule they follow (a butterfly is never called __shfl_down_sync). */
static void shuffle_sentence(const stepview *sv, int active, char *buf, size_t len)
{
    int d = sv->shuffle_delta;
    switch (sv->shuffle) {
    case RV_LANES_DOWN:
        snprintf(buf, len,
                 _("__shfl_down_sync: lane l reads lane l+%d's register, no shared memory "
                   "(%d lanes execute)"),
                 d, active);
        break;
    case RV_LANES_UP:
        snprintf(buf, len,
                 _("__shfl_up_sync: lane l reads lane l\xE2\x88\x92%d's register, no shared memory "
                   "(%d lanes execute)"),
                 d, active);
        break;
    case RV_LANES_XOR:
        snprintf(buf, len,
                 _("__shfl_xor_sync: lane l reads lane l^%d's register, a butterfly (lanes %d apart "
                   "swap values), no shared memory (%d lanes execute)"),
                 d, d, active);
        break;
    case RV_LANES_IDX:
        snprintf(buf, len,
                 _("__shfl_sync: every lane reads lane %d's register (a broadcast), no shared memory "
                   "(%d lanes execute)"),
                 d, active);
        break;
    default:
        snprintf(buf, len,
                 _("a warp shuffle: lanes read other lanes' registers, no shared memory "
                   "(%d lanes execute)"),
                 active);
        break;
    }
}

/* Appends what the step's first wide shared access was, where the
 * compiler merged two or four words into one access (own traces). */
static void wide_sentence(const stepview *sv, char *buf, size_t len)
{
    size_t o = strlen(buf);
    if (!sv->wide_accesses || o + 1 >= len) return;
    int t = sv->wide_thread, w = sv->wide_word;
    if (sv->wide_words == 2)
        snprintf(buf + o, len - o,
                 sv->wide_write ? _("; thread %d: one 8-byte store: words %d, %d (the compiler merged two)")
                                : _("; thread %d: one 8-byte load: words %d, %d (the compiler merged two)"),
                 t, w, w + 1);
    else
        snprintf(buf + o, len - o,
                 sv->wide_write ? _("; thread %d: one 16-byte store: words %d..%d (the compiler merged four)")
                                : _("; thread %d: one 16-byte load: words %d..%d (the compiler merged four)"),
                 t, w, w + 3);
}

/* "1,820": a count with separators, as the banner says large ones. */
static void grouped(long v, char *buf, size_t len)
{
    char digits[32];
    snprintf(digits, sizeof digits, "%ld", v);
    size_t nd = strlen(digits), o = 0;
    for (size_t i = 0; i < nd && o + 2 < len; i++) {
        buf[o++] = digits[i];
        if ((nd - 1 - i) % 3 == 0 && i + 1 < nd && digits[i] != '-') buf[o++] = ',';
    }
    buf[o] = '\0';
}

/* The step's atomics in a sentence: how many lanes, on how many words of
 * which memory, and the turns the busiest word takes; a compare-and-swap
 * loop's attempts in all.  "" when no lane does one. */
static void atomic_sentence(const rv_step_info *si, const stepview *sv, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!sv->atomic_lanes) return;
    /* the analysis counts lanes, words and attempts; the turns are the
     * block's: lanes of every warp on one word wait for each other */
    int lanes = si->atom_lanes > 0 ? si->atom_lanes : sv->atomic_lanes;
    int words = si->atom_words > 0 ? si->atom_words : 1;
    char where[160], tries[32];
    if (sv->atomic_global == 0)
        snprintf(where, sizeof where, ngettext("%d word of shared memory", "%d words of shared memory", words), words);
    else if (sv->atomic_shared == 0)
        snprintf(where, sizeof where, ngettext("%d word of global memory", "%d words of global memory", words), words);
    else
        snprintf(where, sizeof where,
                 ngettext("%d word of shared and global memory", "%d words of shared and global memory", words), words);
    if (sv->atomic_turns > 1 && words == 1)
        snprintf(buf, len,
                 ngettext("%d lane adds atomically into %s: served one after another, %d turns",
                          "%d lanes add atomically into %s: served one after another, %d turns", lanes),
                 lanes, where, sv->atomic_turns);
    else if (sv->atomic_turns > 1)
        snprintf(buf, len,
                 ngettext("%d lane adds atomically into %s: the lanes on one word are served one after "
                          "another, %d turns on the busiest",
                          "%d lanes add atomically into %s: the lanes on one word are served one after "
                          "another, %d turns on the busiest",
                          lanes),
                 lanes, where, sv->atomic_turns);
    else
        snprintf(buf, len,
                 ngettext("%d lane adds atomically into %s, no lane waiting for another",
                          "%d lanes add atomically into %s, each its own word: no lane waits for another", lanes),
                 lanes, where);
    if (si->atom_tries > lanes) {
        size_t o = strlen(buf);
        grouped(si->atom_tries, tries, sizeof tries);
        /* TRANSLATORS: after the atomics' sentence: compare-and-swap loops that had to retry; how
           often depends on timing, so another run (Nsight Compute's too) counts other tries */
        snprintf(buf + o, len - o,
                 _("; their compare-and-swap loops tried %s times in this run (timing decides how many)"), tries);
    }
}

/* A step of a thread-block cluster, said before what the step does: the
 * barrier of the whole cluster before it, and the other blocks whose shared
 * memory it used (their ranks, from the label "dsmem 1 2 3"), which this
 * block's picture does not hold. */
static void cluster_sentence(const rv_step *st, char *buf, size_t len)
{
    if (!(st->flags & (RV_STEP_CLUSTER_SYNC | RV_STEP_DSMEM))) return;
    char rest[1024], ranks[64] = "", pre[300] = "";
    snprintf(rest, sizeof rest, "%s", buf);
    char rank[16][8];
    size_t r = 0;
    for (int k = 0, n = rv_step_dsmem_ranks(st, rank, 16); k < n && r < sizeof ranks; k++)
        r += (size_t)snprintf(ranks + r, sizeof ranks - r, "%s%s", r ? ", " : "", rank[k]);
    if (st->flags & RV_STEP_CLUSTER_SYNC)
        snprintf(pre, sizeof pre, "%s", _("after cluster.sync() (the whole cluster waits): "));
    size_t o = strlen(pre);
    if (st->flags & RV_STEP_DSMEM)
        /* TRANSLATORS: %s lists the ranks of the cluster's other blocks, "1, 2, 3" ("?": one not known) */
        snprintf(pre + o, sizeof pre - o, _("with the shared memory of cluster blocks %s (not drawn), "), ranks);
    snprintf(buf, len, "%s%s", pre, rest);
}

/* The shared words the step's writes cover (a bulk copy's tile). */
static int smem_words_written(const rv_trace *tr, int step)
{
    int words = 0;
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, step, t);
        if (e->line && RV_ACC_IS_SMEM(e->write)) words += (int)RV_ACC_WORDS(e->write);
    }
    return words;
}

/* The first step after the threads waited for their asynchronous copies,
 * said before what it does: from here the copies waited for are in shared
 * memory (a pipeline's wait is each thread's for its own copies, a
 * cuda::barrier's the block's for its tile: the words hold for both). */
static void wait_sentence(const rv_step *st, char *buf, size_t len)
{
    if (!(st->flags & RV_STEP_ASYNC_WAIT)) return;
    char rest[1024];
    snprintf(rest, sizeof rest, "%s", buf);
    snprintf(buf, len, "%s%s",
             _("after the wait for the asynchronous copies (the copies waited for are in shared memory from here "
               "on): "),
             rest);
}

/* What the threads do at `step`, in a sentence. */
void step_sentence(const rv_trace *tr, const rv_analysis *an, int step, const stepview *sv, char *buf, size_t len)
{
    const rv_step *st = &tr->steps[step];
    const rv_step_info *si = &an->steps[step];
    const char *caption = rv_version_caption(tr->version, st->label); /* the version's own word for it */
    if (caption) {
        snprintf(buf, len, "%s", _(caption));
        return;
    }
    switch ((rv_phase)st->phase) {
    case RV_PHASE_LOAD: {
        int gl = 0, sec = 0;
        for (int w = 0; w < an->nwarps; w++) {
            gl += rv_analysis_warp(an, step, w)->gld_requests;
            sec += rv_analysis_warp(an, step, w)->gld_sectors;
        }
        if (!strcmp(st->label, "cp.async.bulk"))
            /* TRANSLATORS: the Tensor Memory Accelerator (TMA): Hopper's unit that copies a whole tile
               for one instruction of one thread; the threads draw its pieces */
            snprintf(buf, len,
                     _("the block copies its tile of in[] into shared memory with one bulk copy of the "
                       "Tensor Memory Accelerator (cp.async.bulk): %d words, %d input elements (no thread's loads: "
                       "drawn as pieces over %d threads)"),
                     smem_words_written(tr, step), sv->gin_reads, si->active_threads);
        else if (!strcmp(st->label, "cp.async"))
            snprintf(buf, len,
                     _("%d threads copy the block's tile of in[] into shared memory without passing "
                       "through registers (cp.async): %d input elements (%d warp requests, %d sectors of 32 bytes)"),
                     si->active_threads, sv->gin_reads, gl, sec);
        else if (sv->gout_reads)
            snprintf(buf, len,
                     _("the block that drew the last ticket: %d threads read the %d partials "
                       "back from global memory (%d warp requests, %d sectors of 32 bytes)"),
                     si->active_threads, sv->gout_reads, gl, sec);
        else if (sv->gin4_reads)
            snprintf(buf, len,
                     _("%d threads read %d input elements with %d 128-bit float4 loads%s "
                       "(%d warp requests, %d sectors of 32 bytes)"),
                     si->active_threads, sv->gin_reads, sv->gin4_reads / 4,
                     sv->gin_reads > sv->gin4_reads ? _(" and a few scalar ones") : "", gl, sec);
        else
            snprintf(buf, len,
                     _("%d threads read %d input elements from global memory "
                       "(%d warp requests, %d sectors of 32 bytes)"),
                     si->active_threads, sv->gin_reads, gl, sec);
        break;
    }
    case RV_PHASE_TREE:
        snprintf(buf, len,
                 ngettext("%d thread adds the word %d further on, then __syncthreads()",
                          "%d threads each add the word %d further on, then __syncthreads()", si->active_threads),
                 si->active_threads, st->stride);
        break;
    case RV_PHASE_WARP:
        snprintf(buf, len,
                 _("warp-synchronous, no barrier: %d lanes add the word %d further on; "
                   "%d of them compute a result nobody reads"),
                 si->active_threads, st->stride, si->wasted_threads);
        break;
    case RV_PHASE_SHUFFLE: shuffle_sentence(sv, si->active_threads, buf, len); break;
    case RV_PHASE_STORE:
        snprintf(buf, len,
                 ngettext("%d thread moves partial sums between registers and shared memory",
                          "%d threads move partial sums between registers and shared memory", si->active_threads),
                 si->active_threads);
        break;
    case RV_PHASE_WRITE: {
        char v[32];
        value_text(sv->gout_value, 12, v, sizeof v);
        if (sv->ticket_thread >= 0)
            snprintf(buf, len,
                     _("thread %d takes a ticket (acq_rel fetch_add); who draws the last of %u "
                       "sums the partials"),
                     sv->ticket_thread, tr->grid);
        else if (sv->gout_thread >= 0 && sv->gout_reads &&
                 sv->gout_index == tr->grid) /* reads and writes the result: an atomic add */
            snprintf(buf, len,
                     _("thread %d atomicAdds the block's sum %s to out[%llu], in whatever order "
                       "blocks arrive"),
                     sv->gout_thread, v, (unsigned long long)sv->gout_index);
        else if (sv->gout_thread >= 0 && rv_version_has(tr->version, RV_VP_SINGLE_PASS) && sv->gout_index == tr->grid)
            snprintf(buf, len,
                     _("thread %d of the last block writes the whole array's sum %s to out[%llu], "
                       "and resets the ticket counter"),
                     sv->gout_thread, v, (unsigned long long)sv->gout_index);
        else if (sv->gout_thread >= 0)
            snprintf(buf, len, _("thread %d writes the block's sum %s to out[%llu]"), sv->gout_thread, v,
                     (unsigned long long)sv->gout_index);
        else
            snprintf(buf, len, _("the block's result goes to global memory"));
        break;
    }
    case RV_PHASE_ATOMIC:
        /* synchronisation, not the program's sums: said as what it is */
        if (!strcmp(st->label, "grid.sync"))
            snprintf(buf, len,
                     _("grid.sync(): every block of the grid waits here until all have arrived; the atomics "
                       "are the runtime's barrier counter, not the program's data"));
        else if (!strcmp(st->label, "ticket") && rv_trace_is_own(tr))
            snprintf(buf, len,
                     _("the ticket: each block takes a number atomically once its partial is written; the "
                       "block that draws the last number knows every partial is there, and sums them"));
        else
            atomic_sentence(si, sv, buf, len);
        break;
    default: buf[0] = '\0';
    }
    if (st->phase != RV_PHASE_ATOMIC && sv->atomic_lanes) {
        /* atomics in a step of another phase: said after what it does */
        char at[400];
        size_t o = strlen(buf);
        atomic_sentence(si, sv, at, sizeof at);
        snprintf(buf + o, len - o, "%s%s", o ? _("; ") : "", at);
    }
    wide_sentence(sv, buf, len);
    cluster_sentence(st, buf, len);
    wait_sentence(st, buf, len);
    if (st->flags & RV_STEP_LIBRARY) {
        size_t o = strlen(buf);
        snprintf(buf + o, len - o, "%s%s", o ? _("; ") : "",
                 _("library code: these instructions have no line in your file (the library was compiled without line "
                   "information), so line 1 stands for them"));
    }
}
