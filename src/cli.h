/* cli.h — the commands of `reducevis` and the option parsing they share.
 * Exit status everywhere: 0 success, 1 usage error, 2 runtime error. */
#ifndef RV_CLI_H
#define RV_CLI_H

#include <stddef.h>
#include <stdint.h>
#include "model.h"

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

int cmd_versions(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_capture(int argc, char **argv);
int cmd_inspect(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_trace(int argc, char **argv);             /* cmd_trace.c */
int cmd_prove(int argc, char **argv);             /* cmd_prove.c */
int cmd_check(int argc, char **argv);             /* cmd_check.c */
int cmd_profile_one(int argc, char **argv);
int cmd_multi(int argc, char **argv);             /* cmd_multi.c */
int cmd_bench_gpus(int argc, char **argv);        /* `bench --gpus G`: cmd_multi.c */
int rv_bench_wants_gpus(int argc, char **argv);   /* 1 when argv has --gpus */

#endif
