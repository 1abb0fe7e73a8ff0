/* compile.h — nvcc's compile of a student's file beside the driver, with the
 * driver's object taken from the build cache (compile.c says how). */
#ifndef RV_OWN_COMPILE_H
#define RV_OWN_COMPILE_H

#include <stddef.h>
#include <stdint.h>

#include "own/base/opts.h"

/* WORK/student.cu and the driver compiled and linked into WORK/program, in
 * the sandbox when o->sandbox: only student.cu where the build cache gives
 * the driver's object (a copy, WORK/driver.o), else student.cu and
 * WORK/driver.cu together.  0, or the exit status (1: the file does not
 * compile, nvcc's messages at its own lines; 2: no nvcc, a time limit) with
 * the message. */
int rv_own_nvcc(const rv_own_opts *o, const char *work, char *err, size_t errlen);

/* *h hashed on with what makes a compile's output besides its sources:
 * nvcc (its path, size and time), the host compiler nvcc runs (gcc on
 * PATH, likewise), the flags, the architecture (RV_TRACE_ARCH, else
 * "native" and the GPUs it stands for).  0, or -1 where no nvcc is found. */
int rv_own_toolchain_hash(uint64_t *h);

#endif
