/* step_names.h — what an own trace's steps are called, from what their
 * events did ("load", "s=128", "shfl 16", "atomic", "ticket"), the lanes of
 * shuffles the tracer could not see, from their neighbours, and what the
 * trace builder marked on a step (copies, other blocks' shared memory, no
 * line of the student's file) said in its name and flags. */
#ifndef RV_OWN_STEP_NAMES_H
#define RV_OWN_STEP_NAMES_H

#include "core/trace.h"

/* Names step s (its phase, label and stride).  substeps: steps in its
 * barrier interval; after_shuffle: a shuffle step came before it;
 * shuffles: the step holds a shuffle the tracer saw. */
void rv_own_name_step(rv_trace *tr, int s, int substeps, int after_shuffle, int shuffles);

/* Fills in the lanes of shuffle steps between two whose distances are known
 * (RV_STEP_INFERRED), after every step is named. */
void rv_own_infer_shuffles(rv_trace *tr);

/* The marks the trace builder (build.c) leaves on a step while it makes its
 * events; the functions below turn them into the step's name and flags and
 * clear them. */
/* While the events are made, a step notes whether its events had lines in
 * the student's file; rv_own_lines_said turns that into RV_STEP_LIBRARY. */
#define STEP_NO_LINE 0x40u
#define STEP_A_LINE  0x80u
/* ... and whether a write of the step was an asynchronous copy's
 * (RV_RAW_ASYNC), a piece of a bulk copy's (RV_RAW_BULKPART, bulk.c) among
 * them: the step is then named so (rv_own_name_async). */
#define STEP_ASYNC   0x100u
#define STEP_BULK    0x200u

/* A step of asynchronous copies named "cp.async" or "cp.async.bulk", a load
 * (STEP_ASYNC, STEP_BULK cleared). */
void rv_own_name_async(rv_trace *tr, int s);

/* How many of an interval's n steps (from step `first`) the threads compute
 * themselves (an asynchronous copy's step is not theirs). */
int rv_own_threads_steps(const rv_trace *tr, uint32_t first, uint32_t n, uint32_t nsteps);

/* A step that used other blocks' shared memory named "dsmem" and their
 * ranks (bit 31: a block the tracer could not tell). */
void rv_own_name_dsmem(rv_trace *tr, int s, uint32_t ranks);

/* Every step whose events had no line of the student's file marked
 * RV_STEP_LIBRARY (STEP_NO_LINE, STEP_A_LINE cleared). */
void rv_own_lines_said(rv_trace *tr);

#endif
