/* build_info.h — what this build of reducevis is (generated at build time by
 * cmake/build_info.cmake): `reducevis --version` prints it. */
#ifndef RV_BUILD_INFO_H
#define RV_BUILD_INFO_H

extern const char rv_build_version[];      /* "0.9.0", from project(... VERSION) */
extern const char rv_build_revision[];     /* git describe of the sources, or why not */
extern const int rv_build_cuda;            /* 1: GPU capture and bench built in       */
extern const char rv_build_cuda_runtime[]; /* the CUDA runtime linked in, "" if none  */

#endif
