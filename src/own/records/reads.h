/* reads.h — which input elements the traced run read: the tracer's count
 * (WORK/reads.txt), read back trusting nothing in it.
 *
 * The tracer writes one line after the traced run:
 *
 *   reads n N read R unread U first_unread I more_than_once M most X
 *
 * N the input's elements, R of them read at least once by the first call's
 * kernels, U never read (R + U = N), I the first never read (-1 when every
 * one was), M read more than once, X the most times one element was read.
 * The file lies in a folder the student's program could write in, so it is
 * parsed strictly and its numbers are held to each other and to the run's
 * N; anything else is an error saying what is wrong.
 */
#ifndef RV_OWN_READS_H
#define RV_OWN_READS_H

#include <stddef.h>
#include <stdint.h>

typedef struct rv_reads {
    uint64_t n, read, unread, more_than_once, most;
    int64_t first_unread; /* -1: every element was read */
} rv_reads;

/* Parses the file's text for a run of n elements: 0, or -1 with why in err. */
int rv_reads_parse(const char *text, uint64_t n, rv_reads *r, char *err, size_t errlen);

/* WORK/reads.txt (a regular file, no link followed, at most 4 KiB): 0 read,
 * 1 no such file (an older tracer), -1 a file that is not the count (why in
 * err). */
int rv_reads_load(const char *work, uint64_t n, rv_reads *r, char *err, size_t errlen);

#endif
