/* own_words.h — what the viewer says of a kernel traced unchanged from a
 * student's file (`reducevis trace`, rv_trace_is_own): where it came from,
 * what went wrong in its run (a wrong sum, a cut trace), the race of a step
 * that read another lane's write with no __syncwarp between, and what a "?"
 * stands for.  The versions' words are in the version table; these are the
 * trace's own, so they live apart.  Words only: no SDL.
 */
#ifndef VIEWER_OWN_WORDS_H
#define VIEWER_OWN_WORDS_H

#include <stddef.h>
#include "core/analysis.h"

/* "traced unchanged, my_reduce.cu, on NVIDIA H200, 2026-11-24": the origin
 * an own trace's header, compare pane and lesson page say. */
void own_origin(const rv_trace *tr, char *buf, size_t len);
/* The same without the file's name, beside it in compare mode's band:
 * "traced unchanged on NVIDIA H200, 2026-11-24". */
void own_origin_brief(const rv_trace *tr, char *buf, size_t len);
/* A shipped kernel traced unchanged (rv_trace_unchanged), beside its
 * version's title in compare mode's band, where the date does not fit:
 * "traced unchanged on NVIDIA H200". */
void own_origin_device(const rv_trace *tr, char *buf, size_t len);

/* The header's warning of an own trace: its sum failed the sum check, its
 * trace was cut.  Returns 1 with the words in buf, 0 ("") when neither. */
int own_warning(const rv_trace *tr, char *buf, size_t len);

/* The launch's shape where the picture, which draws a block as warps of 32
 * threads in a row, cannot show it as it is: a block of two or three
 * dimensions ("block 16×16 (256 threads, numbered x fastest): drawn
 * flat ..."), a partial last warp (its missing lanes are not drawn), a grid
 * of two or three (which blockIdx was traced).  Returns 1 with the words in
 * buf, 0 ("") for a row of whole warps in a row of blocks. */
int own_shape_words(const rv_trace *tr, char *buf, size_t len);

/* Whether step `step` of an own trace raced: marked RV_STEP_UNSYNCED, and
 * not a step whose shared writes are all atomics (never a race). */
int own_step_races(const rv_trace *tr, int step);

/* The race note of step `step` of an own trace that raced (own_step_races)
 * (a title for the band under the step's banner, and a line of detail).
 * Returns 1, or 0 with both "" when the step is not marked. */
int own_unsynced_note(const rv_trace *tr, int step, char *title, size_t tlen, char *detail, size_t dlen);

/* The same in a few words, for a step's tooltip: "no __syncwarp: a race
 * on Volta and later", or NULL when the step is not marked. */
const char *own_unsynced_brief(const rv_trace *tr, int step);

/* Lines of the race band a trace needs under its step banner for its
 * unsynced steps: 3 when it has any, else 0 (as verify_race_lines). */
int own_race_lines(const rv_trace *tr);

/* The bank conflicts of an own trace's block, from the addresses the tracer
 * recorded (wavefronts past one a request, loads and stores, as Nsight
 * Compute counts them), said with where they come from: an own kernel is
 * never profiled.  brief: one short line (compare mode's pane). */
void own_conflict_line(const rv_analysis *an, int brief, char *buf, size_t len);

/* Whether the trace holds a value the tracer could not see (a register):
 * the colour key then says what "?" means. */
int own_has_unknown(const rv_analysis *an);

/* What "?" stands for, in the reader's language: a register (a lane), or
 * a word of an 8- or 16-byte store, whose first word alone was recorded. */
const char *own_unknown_words(void);
const char *own_unknown_wide_words(void);
/* The colour key's short form of own_unknown_words, beside a "?" cell. */
const char *own_unknown_key(void);

#endif
