/* json.h — the little JSON the CLI needs: escaped strings for writing, and a
 * strict reader for its own files (results, cross-check tables, the class's
 * requests): a size, depth and key-count limit, no duplicate key, UTF-8
 * only, and the line and column of every value kept for the messages.
 * Kept rather than jansson or cJSON: neither keeps a value's position after
 * the parse, cJSON takes duplicate keys and text after the value, and
 * jansson read the project's files at half this reader's speed (measured
 * with both, 48 hostile inputs and the 14 files the project reads). */
#ifndef RV_JSON_H
#define RV_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Writes s as a JSON string literal, quotes included. */
void rv_json_string(FILE *f, const char *s);
/* Writes ,"key":x (six significant digits), or ,"key":null where x is not
 * above 0: a measure that was not taken. */
void rv_json_measure(FILE *f, const char *key, double x);

typedef enum rv_json_type {
    RV_JSON_NULL,
    RV_JSON_BOOL,
    RV_JSON_NUMBER,
    RV_JSON_STRING,
    RV_JSON_ARRAY,
    RV_JSON_OBJECT
} rv_json_type;

typedef struct rv_json {
    rv_json_type type;
    int line, col;        /* where the value starts                     */
    double number;        /* RV_JSON_NUMBER; RV_JSON_BOOL: 0 or 1                   */
    char *text;           /* RV_JSON_STRING                                   */
    char *key;            /* a member of an object: its key             */
    struct rv_json *kids; /* RV_JSON_ARRAY items, RV_JSON_OBJECT members            */
    int nkids, cap;
} rv_json;

/* Where a value is read from, for messages: "runs[3]: " or "". */
typedef struct rv_json_place {
    const char *where;
    char *err;
    size_t errlen;
} rv_json_place;

/* Parses text[0..len) as one JSON value into *root; -1 with "line L, column C: ..." in err. */
int rv_json_parse(const char *text, size_t len, rv_json *root, char *err, size_t errlen);
void rv_json_free(rv_json *n);

/* "a number", "a string", ... for messages. */
const char *rv_json_type_name(rv_json_type t);

/* Writes "<where><message> (line, column of node)" into at->err; returns -1. */
int rv_json_fail_at(const rv_json_place *at, const rv_json *node, const char *fmt, ...);

/* Member `key` of obj, of type want (or null when nullable; then *out = NULL). */
int rv_json_need(const rv_json_place *at, const rv_json *obj, const char *key, rv_json_type want, int nullable,
                 const rv_json **out);
/* Typed members; each returns 0, or -1 with a message naming the key. */
int rv_json_text(const rv_json_place *at, const rv_json *obj, const char *key, char *dst, size_t cap);
int rv_json_number(const rv_json_place *at, const rv_json *obj, const char *key, int nullable, double *dst);
int rv_json_whole(const rv_json_place *at, const rv_json *obj, const char *key, uint64_t lo, uint64_t hi,
                  uint64_t *dst);
int rv_json_int(const rv_json_place *at, const rv_json *obj, const char *key, int lo, int hi, int *dst);
int rv_json_bool(const rv_json_place *at, const rv_json *obj, const char *key, int *dst);

/* The whole file, NUL-terminated, malloc'd; NULL with a message. */
char *rv_json_read_file(const char *path, size_t *len, char *err, size_t errlen);

#endif
