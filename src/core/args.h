/* args.h — what every command of `reducevis` shares on its command line:
 * numbers, and the run's options (version, block size, N, data), read
 * through opts.h, which has the exit statuses and the usage errors.
 * The commands are cli/'s and the viewer's; this is below both. */
#ifndef RV_ARGS_H
#define RV_ARGS_H

#include <stddef.h>
#include <stdint.h>
#include "core/config.h"
#include "opts.h"

/* Parses "33554432", "2^25" or "32Mi"-free plain forms into *out; -1 if bad. */
int rv_parse_u64(const char *s, uint64_t *out);

/* The run's options the commands share, as tables for opts.h: which
 * kernel (--version, alias --kernel, and --grid) and the run (--block-size,
 * --n, --block, --data).  rv_config_apply does what one of them, read by
 * rv_opts_next, says to cfg: 0, or non-zero with the message printed. */
enum { RV_CFG_VERSION = 1000, RV_CFG_BLOCK_SIZE, RV_CFG_N, RV_CFG_BLOCK, RV_CFG_GRID, RV_CFG_DATA };
extern const rv_opt rv_version_opts[], rv_run_opts[];
int rv_config_apply(const rv_opts *p, rv_config *cfg);

/* Prints s and pads it to cols terminal columns (a Chinese character takes two). */
void rv_print_padded(const char *s, int cols);

#endif
