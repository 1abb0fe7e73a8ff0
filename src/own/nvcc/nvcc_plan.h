/* nvcc_plan.h — nvcc's own plan of a compile, as `nvcc -dryrun` prints it,
 * read into argv's (no shell) and sorted into the lanes that nvcc_split.c
 * runs side by side: the host's (preprocess, cudafe++), the device's
 * (preprocess, cicc, ptxas, fatbinary) and what follows both (the host
 * compile, the link).  Only a plan of the known shape is read; anything
 * else is refused with why, and the caller runs plain nvcc instead. */
#ifndef RV_OWN_NVCC_PLAN_H
#define RV_OWN_NVCC_PLAN_H

#include <stddef.h>
#include <stdint.h>

#define RV_PLAN_MAX_STEPS 32
#define RV_PLAN_MAX_ENV   64
#define RV_PLAN_MAX_ARGS  256

/* The programs a plan may run. */
typedef enum rv_plan_tool {
    RV_TOOL_CC,     /* the host compiler (gcc, g++, cc, c++, gcc-12 ...) */
    RV_TOOL_CUDAFE, /* cudafe++: the host's side of the CUDA source       */
    RV_TOOL_CICC,   /* cicc: the device's side, to PTX                    */
    RV_TOOL_PTXAS,
    RV_TOOL_FATBINARY,
    RV_TOOL_NVLINK,
    RV_TOOL_RM, /* `rm FILE`: nvcc's own clean-up, done in-process    */
} rv_plan_tool;

/* Which lane a step runs in: the two first side by side, AFTER once both
 * have ended well, in order. */
typedef enum rv_plan_lane { RV_LANE_HOST, RV_LANE_DEVICE, RV_LANE_AFTER } rv_plan_lane;

typedef struct rv_plan_step {
    rv_plan_tool tool;
    rv_plan_lane lane;
    int argc;
    char **argv; /* NULL-ended, $VARS expanded, quotes removed */
} rv_plan_step;

typedef struct rv_nvcc_plan {
    int nenv;
    char *env[RV_PLAN_MAX_ENV]; /* "NAME=value", nvcc's order: the later wins */
    int nsteps;
    rv_plan_step step[RV_PLAN_MAX_STEPS];
    const char *module_id_file; /* the file cudafe++ would write the module id
                                      in and cicc reads it from: the caller writes
                                      it (cudafe++'s --gen_module_id_file is taken
                                      out of its argv)                          */
    const char *source_name;    /* cudafe++'s --orig_src_file_name          */
    const char *source_path;    /* and --orig_src_path_name                 */
    char *said;                 /* NULL, or nvcc's own warnings ("nvcc warning :
                                      ..." lines before its first step), which it
                                      prints before any step's output             */
} rv_nvcc_plan;

/* The plan of `text`, nvcc -dryrun's output (every line "#$ NAME=value" or
 * "#$ command", but nvcc's own warnings before the first command): 0, or -1
 * with why in one sentence (another line nvcc said of its own, quoting or a
 * $VAR this reader does not take, a program it does not know, steps in
 * another order).  Free it with rv_nvcc_plan_free either way. */
int rv_nvcc_plan_read(const char *text, rv_nvcc_plan *p, char *why, size_t whylen);
void rv_nvcc_plan_free(rv_nvcc_plan *p);

/* The value nvcc's plan gives the variable `name` (its last NAME= line), or
 * NULL. */
const char *rv_nvcc_plan_env(const rv_nvcc_plan *p, const char *name);

/* CRC-32 (zlib's) of len bytes, carried on from crc (0 to start). */
uint32_t rv_nvcc_crc32(uint32_t crc, const void *data, size_t len);

/* A module id of the form cudafe++ writes, "_<CRC-32 of path>_<length>_<name
 * with . as _>_<sum>" (cudafe++'s first part is that CRC too; its last is
 * its own hash, or the first external symbol; `sum` is the caller's, the
 * source's CRC-32): unique to the file by its path, the same for the same
 * file.  0, or -1 when it does not fit. */
int rv_nvcc_module_id(const char *name, const char *path, uint32_t sum, char *out, size_t outlen);

#endif
