/* launch_words.h — what one launch of an own trace did, in one sentence,
 * from its grid's counts (format 5, rv_own_grid): "launch 1 of 2: 264
 * blocks, each sums its tiles into a partial", "launch 2 of 2: one block
 * sums the 264 partials of buffer 5 into out[0]".
 *
 * Nothing here knows a file: the words follow from the buffers the whole
 * grid read and wrote, how many lanes did so, and which earlier launch wrote
 * what this one reads (buffers.h); the word a one-block launch left its
 * result in comes from its traced block, which is then the whole grid.  A
 * launch that was not counted (a format 4 trace) has no sentence here.
 */
#ifndef RV_CORE_LAUNCH_WORDS_H
#define RV_CORE_LAUNCH_WORDS_H

#include <stddef.h>
#include <stdint.h>

#include "trace.h"

/* A count as the header writes one: a power of two from 2¹⁰ as "2²⁵", any
 * other number with separators ("128", "1,056"). */
void rv_count_words(uint64_t n, char *buf, size_t len);

/* What launch tr did (first: the run's first traced launch, the chain the
 * hand-off is looked for in): "264 blocks, each sums its tiles into a
 * partial".  1 with the words in buf, in the chosen language; 0 with ""
 * when the launch was not counted. */
int rv_launch_did(const rv_trace *first, const rv_trace *tr, char *buf, size_t len);

/* The same after the launch's number in its run: "launch 2 of 2: one block
 * sums the 264 partials of buffer 5 into out[0]"; 0 with "" when not
 * counted. */
int rv_launch_sentence(const rv_trace *first, const rv_trace *tr, char *buf, size_t len);

#endif
