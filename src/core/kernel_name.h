/* kernel_name.h — a kernel's name as a class reads it: the compiler's
 * mangled name demangled and shortened to its namespace and function
 * ("cub::DeviceReduceKernel", "reduce_sum"), and whether it is a library's. */
#ifndef RV_CORE_KERNEL_NAME_H
#define RV_CORE_KERNEL_NAME_H

#include <stddef.h>

/* The short name of `mangled` into buf (the name as it is where it does
 * not demangle). */
void rv_kernel_short(const char *mangled, char *buf, size_t len);

/* The library a kernel belongs to ("CUB", "Thrust"), or NULL for the
 * program's own. */
const char *rv_kernel_library(const char *mangled);

#endif
