/* native_arch.h — what nvcc's -arch=native stands for on this machine,
 * asked of the CUDA driver once and kept in the build cache (compile.c). */
#ifndef RV_OWN_NATIVE_ARCH_H
#define RV_OWN_NATIVE_ARCH_H

#include <stddef.h>
#include <stdint.h>

/* The compute capability of the GPUs nvcc would find ("90"), from
 * CACHE/arch-KEY.txt, else asked of nvcc's own __nvcc_device_query (in the
 * folder of `nvcc`) and kept there.  KEY: a hash of what the answer
 * depends on (the GPUs and nvcc: compile.c).  0, or -1 where there is no
 * one answer (no GPU, GPUs of two kinds, no cache): then -arch=native. */
int rv_native_arch(const char *cache, uint64_t key, const char *nvcc, char *out, size_t len);

#endif
