/* value_text.h — a value in as few characters as a cell holds.  No SDL. */
#ifndef VIEWER_VALUE_TEXT_H
#define VIEWER_VALUE_TEXT_H

/* Writes v into buf in at most max_chars characters: integers as they are,
 * large ones as 12.3k / 4.5M, others with as many decimals as fit; "?"
 * for a value the tracer could not see (rv_value_unknown). */
void value_text(float v, int max_chars, char *buf, int len);

#endif
