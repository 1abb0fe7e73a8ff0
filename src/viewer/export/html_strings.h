/* html_strings.h — the lesson page's strings: a string that grows (with
 * JSON and HTML escaping) and a table of strings, each kept once and known
 * by its index (html_strings.c). */
#ifndef VIEWER_HTML_STRINGS_H
#define VIEWER_HTML_STRINGS_H

#include <stddef.h>
#include <stdint.h>

typedef struct sbuf {
    char *s;
    size_t len, cap;
    int oom;
} sbuf;

typedef struct strtab {
    char **str; /* in order of first use: the JSON array */
    size_t n, cap;
    int32_t *slot; /* open addressing: index + 1, 0 free */
    size_t nslots;
    int oom;
} strtab;

/* Appends n bytes of s, a C string, printf-style text (oom set, and kept,
 * when memory runs out: the page then fails with that). */
void sb_add(sbuf *b, const char *s, size_t n);
void sb_puts(sbuf *b, const char *s);
void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* s as a JSON string; every '<' is written \u003c, so that no text can end
 * the <script> element the JSON sits in ("</script>") or change how it is
 * parsed ("<!--"). */
void sb_json(sbuf *b, const char *s);
/* s as text of an element or an attribute: & < > " escaped. */
void sb_html(sbuf *b, const char *s);
/* The index of s in the table, added when new; -1 out of memory. */
long strtab_index(strtab *t, const char *s);
/* Frees the table's strings and slots. */
void strtab_free(strtab *t);

#endif
