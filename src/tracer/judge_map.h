/* judge_map.h — where an address of the traced run lies in a judged call:
 * the judge's runner (judge.cu) maps every pointer-sized word of a kernel's
 * parameters and of the data launch() uploaded that points into memory it
 * knows (in[], out[], what launch() allocated) to the same place in this
 * call's buffers, and checks the recording with the same functions before
 * any GPU is asked for.  Pure C, no CUDA: tested on its own
 * (tests/test_judge_map.c).
 *
 * A word may point anywhere from an allocation's start to one past its end
 * (iterator-style code passes `in + n`).  One past the end of one
 * allocation can be the start of the next.  Where the two lie end to end
 * in the judged call too (the driver's in[] and out[] do: driver.cu's
 * bench_make) the word maps to the same place either way; else it is taken
 * for the end of the one another word of the same block points into, and
 * the other not (`first`, `last`), else for the start of the next. */
#ifndef RV_TRACER_JUDGE_MAP_H
#define RV_TRACER_JUDGE_MAP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A piece of memory the traced run knew, at base, and where it is in the
 * judged call (to; 0 while only checking). */
typedef struct rv_region {
    uint64_t base, bytes, to;
} rv_region;

/* A word taken for a pointer into the GPU's memory where it lies within
 * 64 GiB of the traced run's in[] (anchor), where the device's allocations
 * are: a number a kernel is given (n, a float pair, a seed) lies far from
 * there.  Such a word must map, or the recording is not replayed. */
#define RV_MAP_NEAR_BYTES (1ull << 36)
int rv_map_near(uint64_t anchor, uint64_t v);

/* A word that looks like an address (a multiple of 4 between 4 GiB and
 * 2^47) without being near in[]: left as it is, and named should the
 * kernel fault (a host pointer, say). */
int rv_map_pointer_like(uint64_t v);

/* The region of r[0..n) that v points into, from its start to one past its
 * end, or -1; ctx[0..nctx): the other words of the same block, which
 * decide an end that is also a start.  *to: where v is in the judged call. */
int rv_map_word(const rv_region *r, int n, uint64_t v, const uint64_t *ctx, size_t nctx, uint64_t *to);

/* A block of bytes (a kernel's parameters, or an upload to the device
 * address dst) mapped in place: every 8-byte word, aligned where it lands
 * in memory, that points into r[0..n) made the judged call's.  Returns 0;
 * -1 with *bad the word's offset when a word near anchor maps to nothing.
 * *raw (may be NULL): the offset of the first word left as it is that
 * looks like an address, or (size_t)-1. */
int rv_map_block(const rv_region *r, int n, uint64_t anchor, unsigned char *bytes, size_t len, uint64_t dst,
                 size_t *bad, size_t *raw);

#ifdef __cplusplus
}
#endif

#endif
