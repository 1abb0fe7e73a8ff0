/* raw_file.h — a raw file written by the tracer (src/tracer/raw.h), read back
 * and checked before anything is built from it, and the `key value` lines the
 * traced program writes beside it (where its arrays were, its sum). */
#ifndef RV_OWN_RAW_FILE_H
#define RV_OWN_RAW_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "tracer/raw.h"

typedef struct rv_raw {
    rv_raw_header h;
    rv_raw_record *rec; /* [h.nrec] */
} rv_raw;

/* Parses and checks a raw file's bytes (every record's thread and kind).
 * Returns 0, or -1 with the problem in err. */
int rv_raw_parse(const uint8_t *buf, size_t len, rv_raw *out, char *err, size_t errlen);
int rv_raw_load(const char *path, rv_raw *out, char *err, size_t errlen);
void rv_raw_free(rv_raw *r);

/* Whether r is a read-modify-write (an atomic): RV_RAW_ATOMIC marks only
 * the system-scope ones. */
int rv_raw_is_atomic(const rv_raw_record *r);
/* A run's stride in bytes (tracer/raw.h: value[1..2], signed 64-bit). */
int64_t rv_raw_run_stride(const rv_raw_record *r);

/* The arrays one call of launch() was given. */
typedef struct rv_own_arrays {
    uint64_t in_addr, in_n;   /* in[]: where, how many floats                */
    uint64_t out_addr, out_n; /* out[]: where, how many floats               */
} rv_own_arrays;

#define RV_OWN_MAX_CALLS 64 /* calls of launch() a run says (2^31 / 32^k) */

/* What the traced program said of its run. */
typedef struct rv_own_meta {
    double sum;               /* the whole reduction's result                */
    uint32_t first_partials;  /* partial sums the first launch left          */
    uint64_t in_addr, in_n;   /* in[]: where, how many floats                */
    uint64_t out_addr, out_n; /* out[] of the first launch: where, how many  */
    double traced_ms;         /* the traced whole reduction (trace mode)     */
    double ms[64];            /* timed runs (time mode)                      */
    int nms;
    rv_own_arrays calls[RV_OWN_MAX_CALLS]; /* each call's arrays (the first
                                  from in/out when the program said no calls) */
    int ncalls;
} rv_own_meta;

int rv_own_meta_parse(const char *text, rv_own_meta *m, char *err, size_t errlen);

#endif
