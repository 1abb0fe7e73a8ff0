/* nvcc_split.h — one nvcc command run as nvcc would run it, but with the
 * host's and the device's halves of the compile side by side
 * (`rvnvccsplit NVCC ARGS...`, nvcc_split_main.c: a program of its own, so
 * that it runs inside the compile's sandbox as nvcc did; nvcc_split.c says
 * how). */
#ifndef RV_OWN_NVCC_SPLIT_H
#define RV_OWN_NVCC_SPLIT_H

/* rvnvccsplit's main: argv[1] nvcc's path, then nvcc's
 * arguments (one .cu file, compiled and linked or compiled alone).  What it
 * prints and its exit status are nvcc's: the steps' output in nvcc's order,
 * up to the first that failed, and that step's status.  Where nvcc's plan
 * is not of the shape it knows, or a step of it cannot be started, it is
 * plain nvcc (exec'd).  Before it ends it writes one line to the file
 * RV_NVCC_SPLIT_NOTE names, if any: "split: ..." or "plain nvcc: why"; a
 * caller that finds none knows it did not run through (compile.c then runs
 * plain nvcc). */
int rv_nvcc_split_main(int argc, char **argv);

/* With RV_NVCC_SPLIT_LIST=DIR and RV_NVCC_SPLIT_NVDISASM=PROGRAM it also
 * lists each cubin ptxas makes, beside the host's lane: DIR/listed-K.cubin
 * and its listing (nvdisasm -g -gi) DIR/listed-K.sass, K < this.  Only a
 * compile that succeeded keeps them. */
#define RV_NVCC_MAX_LISTED 4

#endif
