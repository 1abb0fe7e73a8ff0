/* grid_words.c — a grid's counts in words, singular or plural by their own
 * number (grid_words.h). */
#include "grid_words.h"

#include <inttypes.h>
#include <stdio.h>

#include "i18n.h"

/* n by form, ngettext's pick for n (each caller's own, so that xgettext
 * finds its two forms). */
static const char *say(char *buf, size_t len, const char *form, uint64_t n)
{
    snprintf(buf, len, form, n);
    return buf;
}

const char *rv_words_blocks(char *buf, size_t len, uint64_t n)
{
    return say(buf, len, ngettext("%" PRIu64 " block", "%" PRIu64 " blocks", (unsigned long)n), n);
}

const char *rv_words_threads(char *buf, size_t len, uint64_t n)
{
    return say(buf, len, ngettext("%" PRIu64 " thread", "%" PRIu64 " threads", (unsigned long)n), n);
}

const char *rv_words_sms(char *buf, size_t len, uint64_t n)
{
    return say(buf, len, ngettext("%" PRIu64 " SM", "%" PRIu64 " SMs", (unsigned long)n), n);
}

const char *rv_words_clusters(char *buf, size_t len, uint64_t n)
{
    return say(buf, len, ngettext("%" PRIu64 " cluster", "%" PRIu64 " clusters", (unsigned long)n), n);
}
