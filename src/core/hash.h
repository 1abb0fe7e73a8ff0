/* hash.h — the one hash of text the project keeps (FNV-1a, 64 bits): a
 * trace's source hash, the build cache's keys, a scene's cache of cleaned
 * source.  Not a defence against anyone: it names, it does not protect. */
#ifndef RV_HASH_H
#define RV_HASH_H

#include <stddef.h>
#include <stdint.h>

/* h carried on over len bytes of data (h 0: a fresh hash). */
uint64_t rv_hash(uint64_t h, const void *data, size_t len);
/* A NUL-ended text's hash, from fresh. */
uint64_t rv_hash_text(const char *s);

#endif
