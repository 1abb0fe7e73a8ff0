/* buffers.h — the allocations an own trace's launch touched, in words: what
 * each is to the lesson ("in[]", "buffer 5: 1.5 KiB, cudaMalloc in call 1"),
 * and how a later launch takes over what an earlier one wrote. */
#ifndef RV_CORE_BUFFERS_H
#define RV_CORE_BUFFERS_H

#include <stddef.h>

#include "trace.h"

/* Names b in words, in the chosen language, into buf. */
void rv_buffer_name(const rv_own_buffer *b, char *buf, size_t len);

/* Its short name: "in[]", "out[]", "buffer 5". */
void rv_buffer_short(const rv_own_buffer *b, char *buf, size_t len);

/* Word w of the kernel's own global memory (RV_SPACE_GOWN) named by the
 * buffer it lies in ("buffer 5[3]", "out[2]"); 0 when no buffer of tr
 * holds it (buf untouched). */
int rv_buffer_word(const rv_trace *tr, uint64_t w, char *buf, size_t len);

/* The buffer the grid of launch `tr` touched with id `id`, or NULL. */
const rv_own_buffer *rv_buffer_find(const rv_trace *tr, uint32_t id);

/* Where an earlier launch of the same run (the chain from `first`) last
 * wrote buffer b of launch `tr`, which tr reads: that launch, or NULL. */
const rv_trace *rv_buffer_written_before(const rv_trace *first, const rv_trace *tr, const rv_own_buffer *b);

/* What launch `tr` did with memory, in a sentence: what its grid read (and
 * which earlier launch wrote that), where it wrote, where it added
 * atomically.  "" when the launch was not counted. */
void rv_launch_story(const rv_trace *first, const rv_trace *tr, char *buf, size_t len);

#endif
