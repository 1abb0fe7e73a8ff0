/* check_replay.h — `reducevis check --replay DIR`: a check's kept work
 * folder (--keep, or what --built ran in) judged again without a GPU, by the
 * rules, the words and the exit status of the check that ran it.
 *
 * The GPU's side of a check leaves in its folder all that its verdict is
 * made of: run.txt (the file, the GPU, N, the block asked for and the data,
 * signed:SEED with the seed the check drew), the traced run's records and
 * machine code listings (raw-K.rvraw, kernel*.sass, launches.txt,
 * traced.txt), the tracer's counts (counts.txt, allocs.txt, reads.txt), the
 * timed run's calls (timed.txt) and the version to beat's, timed in the same
 * check (CHECK_MARK_TIMED).  A replay reads them as the check read them,
 * trusting nothing: each line parsed strictly, each call's input the stream
 * of the seed it was owed, each sum judged again, a reference summed again.
 * Its verdict is never a verified one: anybody can write such a folder. */
#ifndef RV_CHECK_REPLAY_H
#define RV_CHECK_REPLAY_H

#include <stddef.h>

#include "core/trace.h"
#include "own/trace/trace_run.h"

/* The version to beat's timed run, as a check copies it into its folder. */
#define CHECK_MARK_TIMED "mark-timed.txt"

/* The run kept in dir made into its trace again (res holds it and what the
 * run said beside it), and the version to beat's time from its kept timed
 * run into *mark_ms with where it is from (0 where there is none to trust,
 * said on stderr when want_mark; the recorded results then stand in, as in
 * the check).  NULL with the exit status in *rc and the summary's reason:
 * a run that started no kernel is a verdict (its "gpu" line printed, 1),
 * a folder that does not replay is nothing to judge (2, the message on
 * stderr). */
rv_trace *check_replay(const char *dir, int want_mark, rv_own_result *res, double *mark_ms, char *mark_from,
                       size_t fromlen, int *rc, const char **reason);

#endif
