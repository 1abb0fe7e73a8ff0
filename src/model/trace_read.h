/* trace_read.h — a trace read and checked against its version's model.
 *
 * core/trace.h reads and checks every field of a trace, but the steps a
 * shipped version takes are its model's plan, and the model is above core:
 * these are core's readers handed the model's plan, as every caller (all of
 * them above the model) wants them.
 */
#ifndef RV_MODEL_TRACE_READ_H
#define RV_MODEL_TRACE_READ_H

#include <stddef.h>
#include <stdint.h>
#include "core/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Checks every header field and every event against its bounds, and a
 * shipped version's steps against its model's plan.  Returns 0, or -1 with
 * the first problem described in err. */
int rv_trace_validate(const rv_trace *tr, char *err, size_t errlen);

/* Reads and validates a trace. Returns NULL with a message naming the problem. */
rv_trace *rv_trace_load(const char *path, char *err, size_t errlen);

/* Parses a trace from memory (the file loader and the fuzzer use this). */
rv_trace *rv_trace_parse(const uint8_t *buf, size_t len, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
