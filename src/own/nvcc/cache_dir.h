/* cache_dir.h — what every part of a build's caching shares, and calls
 * nothing of the others: where the build cache is, folders made with their
 * parents, and the hash that names and stamps its entries (compile.c's
 * driver objects, native_arch.c's architecture, build_cache.c's builds,
 * trace_run.c's source stamps). */
#ifndef RV_OWN_CACHE_DIR_H
#define RV_OWN_CACHE_DIR_H

#include <stddef.h>
#include <stdint.h>
#include "core/hash.h" /* the entries' names: rv_hash */

/* mkdir -p, the folders made private to the user: 0, or -1. */
int rv_own_make_dirs(const char *path);

/* Where the build cache is by default: $XDG_CACHE_HOME/reducevis/builds,
 * or ~/.cache/reducevis/builds; 0, or -1 when neither can be named. */
int rv_own_default_cache(char *out, size_t len);

#endif
