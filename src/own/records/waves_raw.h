/* waves_raw.h — the files a waves run wrote (src/tracer/waves.h), read
 * trusting nothing and made into the run's waves (src/core/waves.h). */
#ifndef RV_OWN_WAVES_RAW_H
#define RV_OWN_WAVES_RAW_H

#include <stddef.h>
#include <stdint.h>

#include "core/trace.h"
#include "core/waves.h"

/* One waves-K.rvwaves file's bytes as a launch's waves, its layout checked
 * (not yet validated: rv_waves_validate).  NULL with the problem in err. */
rv_waves *rv_waves_raw_parse(const uint8_t *buf, size_t len, char *err, size_t errlen);

/* Every waves-K.rvwaves in dir, K ascending, one launch each, validated.
 * NULL with err: none there, or one that is damaged or cannot be true. */
rv_waves *rv_waves_raw_load_dir(const char *dir, char *err, size_t errlen);

/* A waves run's launches (validated; the patch's or the stamps', src/gpu/
 * gpu_waves.cu) held to the trace's launch of each number (the same grid
 * and block) and kept in the trace (tr->waves, replacing any); a launch the
 * trace does not hold is dropped (--launch K traced one of them).  Takes w,
 * freed on failure.  0, or -1 with the problem in err (none kept included). */
int rv_waves_keep(rv_waves *w, rv_trace *tr, char *err, size_t errlen);

/* WORK/waves (rv_own_waves_program's folder) read, each launch held to the
 * trace's launch of that number (the same grid and block), and kept in the
 * trace (tr->waves).  A folder without one is an error only when required.
 * 0, or -1 with the problem in err. */
int rv_waves_attach(const char *work, rv_trace *tr, int required, char *err, size_t errlen);

#endif
