/* verify_words.h — what the viewer says about the hardware cross-check.
 *
 * `reducevis verify` recorded, on a real GPU, Nsight Compute's counters beside
 * the trace analysis's predictions and compute-sanitizer racecheck's verdicts
 * (verify_record.h, bundled as assets/results/<device>-verify.json).  This module
 * turns that table into the few sentences the viewer shows: bank conflicts per
 * block, predicted and measured, for a version at a block size; and the race
 * hazard of the warp-synchronous versions on their warp-phase steps.
 * Pure C, no SDL: the tests call it for the text the frame draws.
 */
#ifndef VIEWER_VERIFY_WORDS_H
#define VIEWER_VERIFY_WORDS_H

#include <stddef.h>
#include <stdint.h>
#include "core/verify_record.h"

#include "core/versions.h"

struct rv_trace;

/* Shared-memory bank conflicts per block of one version at one block size. */
typedef struct verify_conflicts {
    double pred_ld, pred_st; /* the trace analysis, per block               */
    double meas_ld, meas_st; /* the instructions' own wavefronts (ncu); NaN
                                  where this ncu had no such counter          */
    double l1_ld, l1_st;     /* the raw L1 data-bank counter; NaN if absent */
    char own_note[160];      /* why measured differs from predicted, or ""  */
    char l1_reason[160];     /* why the L1 counter differs, short, or ""    */
} verify_conflicts;

/* The rows of version (by name) at block_size: 1 when found, 0 when that
 * block size was not profiled (blocks lists those that were, "128, 256, 512";
 * "" when the version was not profiled at all). */
int verify_conflicts_of(const rv_verify_record *cc, const char *version, int block_size, verify_conflicts *out,
                        char *blocks, size_t blen);

/* A per-block count as shown: whole numbers as they are, else one decimal. */
void verify_count(double v, char *buf, size_t len);

/* The first clause of a row's note, said of the counter: "it also counts
 * collisions with other traffic through the same banks". */
void verify_short_reason(const char *note, char *buf, size_t len);

/* The one-line version (compare mode, and what the tests read): "bank
 * conflicts/block, loads · stores: predicted 70 · 35, measured on NVIDIA
 * H200 70 · 35 · L1 counter 72.2 · 35.9 (measured: the instructions' own
 * wavefronts, Nsight Compute)", the most telling first, or "... not
 * profiled at block size 64 ...", or the load problem (note).  1 with figures, 0 with only a
 * sentence, -1 with nothing to say (no cross-check recorded: buf ""). */
int verify_conflict_line(const rv_verify_record *cc, const char *note, int version, int block_size, char *buf,
                         size_t len);
/* The same line without the note on what "measured" counts, for narrow room. */
int verify_conflict_brief(const rv_verify_record *cc, const char *note, int version, int block_size, char *buf,
                          size_t len);

/* What a step of a warp-synchronous version says about its race: the
 * version table's verdict (rv_race), at the steps it concerns. */
typedef enum verify_race {
    VERIFY_RACE_NONE = RV_RACE_NONE,           /* nothing to say at this step          */
    VERIFY_RACE_HAZARD = RV_RACE_HAZARD,       /* relies on lockstep lanes              */
    VERIFY_RACE_CLEAN = RV_RACE_CLEAN,         /* made safe, racecheck found nothing    */
    VERIFY_RACE_SAME_CODE = RV_RACE_SAME_CODE, /* the same code as a version flagged    */
} verify_race;

/* The race note of version (an rv_version id) at a step of phase `phase`:
 * a headline and a line of evidence from cc (which may be NULL: the hazard
 * is still named, the evidence says none was recorded). */
verify_race verify_race_note(const rv_verify_record *cc, int version, uint32_t phase, char *title, size_t tlen,
                             char *detail, size_t dlen);

/* Whether any step of a version of that kind carries a race note. */
int verify_version_has_race_note(int version);

/* Lines of the race band a trace needs under its step banner: when any
 * of its steps has a race note (a headline of up to two lines, a line of
 * evidence) 3, else 0. */
int verify_race_lines(const struct rv_trace *tr);

#endif
