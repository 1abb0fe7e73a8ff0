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
/* n bytes of d in base64 into dst (4 characters for each 3 bytes or part
 * of 3; a chunk not the last is a multiple of 3 bytes long): the
 * characters written.  BASE64_CHUNK bytes fill 4096 characters. */
#define BASE64_CHUNK 3072
size_t base64_chunk(char *dst, const unsigned char *d, size_t n);
/* n bytes of d appended in base64. */
void sb_base64(sbuf *b, const unsigned char *d, size_t n);
/* s as text of an element or an attribute: & < > " escaped. */
void sb_html(sbuf *b, const char *s);
/* The index of s in the table, added when new; -1 out of memory. */
long strtab_index(strtab *t, const char *s);
/* Frees the table's strings and slots. */
void strtab_free(strtab *t);

#endif
