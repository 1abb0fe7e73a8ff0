/* args.h — what every command of `reducevis` shares on its command line:
 * the exit statuses (0 success, 1 usage error, 2 runtime error everywhere),
 * usage errors, numbers, and the run's options (version, block size, N, data).
 * The commands are cli/'s and the viewer's; this is below both. */
#ifndef RV_ARGS_H
#define RV_ARGS_H

#include <stddef.h>
#include <stdint.h>
#include "model/model.h"

enum { RV_EXIT_OK = 0, RV_EXIT_USAGE = 1, RV_EXIT_RUNTIME = 2 };

/* Parses "33554432", "2^25" or "32Mi"-free plain forms into *out; -1 if bad. */
int rv_parse_u64(const char *s, uint64_t *out);

/* Options shared by simulate, capture, export: --version --block-size --n --block --data.
 * Call for each argv[i]; returns how many arguments it consumed (0: not ours,
 * -1: bad value, message printed). */
int rv_parse_config_option(int argc, char **argv, int i, rv_config *cfg, const char *cmd);

/* Prints s and pads it to cols terminal columns (a Chinese character takes two). */
void rv_print_padded(const char *s, int cols);

/* Prints "reducevis CMD: message" and a pointer to --help; returns RV_EXIT_USAGE. */
int rv_usage_error(const char *cmd, const char *fmt, ...);

#endif
