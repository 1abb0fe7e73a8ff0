/* access_words.h — where an access of a trace points, in words, in the
 * chosen language: "smem[12]", "in[40..43]", "lane 5's register" — the
 * one wording that the quiz's questions and the viewer's hover text share
 * (access_words.c). */
#ifndef RV_CORE_ACCESS_WORDS_H
#define RV_CORE_ACCESS_WORDS_H

#include <stddef.h>
#include <stdint.h>

#include "trace.h"

/* Access acc (RV_ACC) in words into buf.  tr: a word of the kernel's own
 * global memory is named by its buffer where tr knows one ("buffer 5[3]");
 * NULL: "its own global word N".  how: also how the hardware made it ("(one
 * 128-bit load)", "(atomic fetch_add)"), as hover text says it; 0: the
 * place alone, as a question names it. */
void rv_access_words(const rv_trace *tr, uint64_t acc, int how, char *buf, size_t len);

#endif
