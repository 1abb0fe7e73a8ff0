/* cmd_bench.c — placeholder until the benchmark lands. */
#include <stdio.h>
#include "cli.h"
int cmd_bench(int argc, char **argv)
{
    (void)argc; (void)argv;
    fprintf(stderr, "reducevis bench: not implemented yet\n");
    return RV_EXIT_RUNTIME;
}
