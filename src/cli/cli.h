/* cli.h — the commands of `reducevis`, each a function of argv (main.c
 * dispatches); what they share on the command line is core/args.h's. */
#ifndef RV_CLI_H
#define RV_CLI_H

#include <stddef.h>
#include <stdint.h>
#include "core/args.h"

int cmd_versions(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_capture(int argc, char **argv);
int cmd_inspect(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_trace(int argc, char **argv); /* cmd_trace.c */
int cmd_prove(int argc, char **argv); /* cmd_prove.c */
int cmd_check(int argc, char **argv); /* cmd_check.c */
int cmd_profile_one(int argc, char **argv);
int cmd_multi(int argc, char **argv);           /* cmd_multi.c */
int cmd_bench_gpus(int argc, char **argv);      /* `bench --gpus G`: cmd_multi.c */
int rv_bench_wants_gpus(int argc, char **argv); /* 1 when --gpus is among the options */

#endif
