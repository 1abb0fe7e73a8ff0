/* wrap.h — where a line of text may break, in English and in Chinese.
 *
 * English breaks at spaces.  Chinese has no spaces: a line may break before
 * or after any ideograph, except before closing punctuation (，。、：）…) or
 * after opening punctuation (（「《…), the rule of Chinese typesetting
 * (避头尾).  Widths come from the text cache, so a line that wrap says
 * fits is the line text_draw draws.
 */
#ifndef VIEWER_WRAP_H
#define VIEWER_WRAP_H

#include <stddef.h>
#include "font.h"

/* The bytes of text (from its start) that make the next line at most w
 * pixels wide, ending at a break opportunity; at least one character even
 * when that does not fit.  *next is where the line after it starts (spaces
 * at the break are skipped). */
size_t wrap_line(text_cache *tc, font_face face, int px, int w, const char *text, const char **next);

/* How many lines of width w text needs. */
int wrap_count(text_cache *tc, font_face face, int px, int w, const char *text);

#endif
