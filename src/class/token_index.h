/* token_index.h — where a student's token is in the room's array, found in
 * constant time (room.c).
 *
 * The room used to walk every student, comparing tokens, for each answer
 * and each event it wrote: with two thousand students a step change cost
 * four million comparisons, most of the server's time.  This is an
 * open-addressing hash table of positions, keyed by a random secret so that
 * a client cannot aim tokens at one bucket, nor learn from the time a
 * lookup takes anything about the tokens there (the last comparison is in
 * constant time too).  It only grows: a class never loses a student.
 */
#ifndef RV_TOKEN_INDEX_H
#define RV_TOKEN_INDEX_H

#include <stddef.h>
#include <stdint.h>

typedef struct token_index {
    int *slot;  /* position + 1 in the owner's array; 0 empty */
    size_t cap; /* a power of two, at least twice the count   */
    size_t count;
    uint64_t key[2]; /* the hash's secret                          */
} token_index;

/* The owner's token of position pos (the table keeps positions, not tokens). */
typedef const char *(*token_at_fn)(const void *owner, int pos);

/* An empty index with a random key: 0, or -1 (no random numbers). */
int token_index_init(token_index *ix);
void token_index_free(token_index *ix);

/* Records that owner's position pos holds token (len bytes): 0, or -1 out of memory. */
int token_index_add(token_index *ix, const char *token, size_t len, int pos, token_at_fn at, const void *owner);

/* The position holding token (len bytes), or -1. */
int token_index_find(const token_index *ix, const char *token, size_t len, token_at_fn at, const void *owner);

#endif
