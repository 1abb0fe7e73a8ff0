/* grid_words.h — a grid's counts in words ("1 block", "3 blocks"), each
 * noun singular or plural by its own number, in the chosen language.
 *
 * A sentence that holds several counts cannot take its plural from one of
 * them (ngettext picks one form for one number: "1 wave (1 blocks, …)"), so
 * each count is put into words here first and the sentence takes them as
 * %s.  Each returns buf, to be passed straight to printf. */
#ifndef RV_GRID_WORDS_H
#define RV_GRID_WORDS_H

#include <stddef.h>
#include <stdint.h>

/* Room enough for any count and its noun, in either language. */
#define RV_COUNT_WORDS 48

const char *rv_words_blocks(char *buf, size_t len, uint64_t n);
const char *rv_words_threads(char *buf, size_t len, uint64_t n);
const char *rv_words_sms(char *buf, size_t len, uint64_t n);
const char *rv_words_clusters(char *buf, size_t len, uint64_t n);

#endif
