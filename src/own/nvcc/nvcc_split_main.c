/* nvcc_split_main.c — rvnvccsplit, the program a student's compile runs in
 * its sandbox (nvcc_split.h): a small executable of its own, beside the
 * tracer, that needs no library but the C library, so that any sandbox
 * that runs nvcc runs it, wherever reducevis's own libraries lie. */
#include "own/nvcc/nvcc_split.h"

int main(int argc, char **argv) { return rv_nvcc_split_main(argc, argv); }
