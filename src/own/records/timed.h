/* timed.h — the timed run's results read back and judged again on this side.
 *
 * The driver's time mode (src/tracer/driver.cu) runs 3 warm-up and 20 timed
 * calls of the student's launch(), each on an input of its own made on the
 * GPU from stream c of the run's data (rv_data_derive), and writes one line
 * a call into WORK/timed.txt:
 *
 *   timed K data PATTERN in ADDR sum S ref R abs A event_ms E wall_ms W
 *         host_ms H probe_ms P ok|wrong               (warm-ups: "warmup K")
 *
 * and after them "held 1" where every timed call was queued while the GPU
 * waited (the wall time then starts where it was let go: driver.cu), else
 * "held 0" (an older file: none).
 *
 * S the call's float sum, R the double sum of its input and A of |x| (made
 * before the call), E the CUDA events' time on launch()'s stream, W the
 * wall time from before launch() to the whole device idle and the sum read,
 * H the part of it launch() took on the host, P an empty window's wall less
 * event time just before (the latency of the clocks).  The file was written
 * by the student's program, so nothing in it is taken on trust: every line
 * is parsed strictly, each call's pattern must be the stream it was owed,
 * each sum is judged here again against sumcheck.h's bound, each time is
 * recomputed (the larger of E and W less the median P), and one call's
 * reference, picked here after the run, is summed again on the CPU.  A file
 * with none of these lines is an older timed run's: its times only.
 */
#ifndef RV_OWN_TIMED_H
#define RV_OWN_TIMED_H

#include <stddef.h>
#include <stdint.h>

#include "core/data.h"

#define RV_TIMED_MAX_CALLS 64

typedef struct rv_timed_call {
    int warmup;       /* 1: an untimed warm-up                          */
    int k;            /* 1-based among the warm-ups, or the timed calls */
    rv_data data;     /* the pattern of its input                       */
    uint64_t in_addr; /* where its input was                            */
    double sum, ref, abs_sum;
    double event_ms, wall_ms, host_ms, probe_ms;
    double ms;    /* its time: max(event, wall - the latency)       */
    double bound; /* the largest |sum - ref| allowed (0: exactly)   */
    int ok;       /* its sum passed, as judged here                 */
} rv_timed_call;

typedef struct rv_timed_run {
    int checked;       /* 1: the calls were checked (0: an older file)   */
    rv_data data;      /* the stream the calls' inputs came from         */
    int buffers;       /* inputs the calls took in turn                  */
    int held;          /* 1: every timed call queued while the GPU waited */
    double latency_ms; /* the median empty window's wall less event time */
    int ncalls, nwarm, ntimed;
    rv_timed_call calls[RV_TIMED_MAX_CALLS];
    int nwrong;            /* calls whose sum failed                         */
    int first_wrong;       /* the first of them (an index of calls), or -1   */
    int outside;           /* timed calls with work well past the end event  */
    double median_ms;      /* the timed calls' median time                   */
    double host_median_ms; /* ... and of launch()'s time on the host         */
} rv_timed_run;

/* Parses a timed run's text: `want` is the stream the calls' inputs were to
 * come from, n the elements, threads what sumcheck's bound takes (the block
 * size).  spot: the call (an index) whose reference is summed again here, -1
 * none.  0, or -1 with the problem in err (the run then holds nothing). */
int rv_timed_parse(const char *text, rv_data want, uint64_t n, uint64_t threads, int spot, rv_timed_run *run, char *err,
                   size_t errlen);

/* The same from WORK/timed.txt (a regular file, at most 64 KiB, no link
 * followed), with a spot call drawn at random.  0 read, 1 no such file, -1
 * a file that is not a timed run's (why in err). */
int rv_timed_load(const char *work, rv_data want, uint64_t n, uint64_t threads, rv_timed_run *run, char *err,
                  size_t errlen);

/* The spot call drawn ahead, and its input (stream call + 1 of want, n
 * elements) summed then: at N = 2^25 that is a tenth of a second, which a
 * trace spends while it compiles.  The program never learns which call. */
typedef struct rv_timed_spot {
    int call;        /* its index; -1 none                                 */
    int summed;      /* ref and mag made                                   */
    double ref, mag; /* its input's sum, and the sum of its magnitudes     */
} rv_timed_spot;
rv_timed_spot rv_timed_spot_ahead(rv_data want, uint64_t n);
/* rv_timed_load with that spot (NULL: one drawn and summed now). */
int rv_timed_load_spot(const char *work, rv_data want, uint64_t n, uint64_t threads, const rv_timed_spot *spot,
                       rv_timed_run *run, char *err, size_t errlen);

/* rv_timed_parse with that spot (NULL: one drawn and summed now): the
 * judge's runner's results, which come over its line (judged_run.h). */
int rv_timed_parse_spot(const char *text, rv_data want, uint64_t n, uint64_t threads, const rv_timed_spot *spot,
                        rv_timed_run *run, char *err, size_t errlen);

/* The same from the file at path (a check's copy of the version to beat's
 * timed run, check_replay.h), read and judged as rv_timed_load reads and
 * judges WORK/timed.txt. */
int rv_timed_load_file(const char *path, rv_data want, uint64_t n, uint64_t threads, rv_timed_run *run, char *err,
                       size_t errlen);

/* One call in words: "call 3 of 20: sum 1.0e+07, expected 8388608 ± 4.2:
 * wrong" (a warm-up: "warm-up 2 of 3: ..."). */
void rv_timed_describe(const rv_timed_run *run, int i, char *buf, size_t len);

#endif
