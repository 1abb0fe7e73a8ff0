/* token_index.c — a keyed hash table from a token to its position
 * (token_index.h). */
#define _GNU_SOURCE
#include "token_index.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

static uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

/* A keyed mix of the token's bytes (SipHash's round on two words of state):
 * without the key, where a token lands cannot be aimed at or read off. */
static uint64_t hash(const token_index *ix, const char *token, size_t len)
{
    uint64_t a = ix->key[0] ^ 0x736f6d6570736575ULL, b = ix->key[1] ^ 0x646f72616e646f6dULL;
    for (size_t i = 0; i < len; i += 8) {
        uint64_t w = 0;
        memcpy(&w, token + i, len - i < 8 ? len - i : 8);
        b ^= w;
        for (int r = 0; r < 2; r++) {
            a += b;
            b = rotl(b, 13) ^ a;
            a = rotl(a, 32);
        }
        a ^= w;
    }
    a ^= len;
    for (int r = 0; r < 4; r++) {
        a += b;
        b = rotl(b, 17) ^ a;
        a = rotl(a, 21);
    }
    return a ^ b;
}

/* Equal tokens, in a time that does not depend on where they differ. */
static int same(const char *a, const char *b, size_t len)
{
    unsigned char d = 0;
    for (size_t i = 0; i < len; i++) d |= (unsigned char)(a[i] ^ b[i]);
    return d == 0;
}

int token_index_init(token_index *ix)
{
    memset(ix, 0, sizeof *ix);
    return getrandom(ix->key, sizeof ix->key, 0) == (ssize_t)sizeof ix->key ? 0 : -1;
}

void token_index_free(token_index *ix)
{
    free(ix->slot);
    ix->slot = NULL;
    ix->cap = ix->count = 0;
}

static void put(int *slot, size_t cap, uint64_t h, int pos)
{
    size_t i = (size_t)h & (cap - 1);
    while (slot[i]) i = (i + 1) & (cap - 1);
    slot[i] = pos + 1;
}

int token_index_add(token_index *ix, const char *token, size_t len, int pos, token_at_fn at, const void *owner)
{
    if (2 * (ix->count + 1) > ix->cap) { /* at most half full: probes stay short */
        size_t cap = ix->cap ? 2 * ix->cap : 128;
        int *slot = calloc(cap, sizeof *slot);
        if (!slot) return -1;
        for (size_t i = 0; i < ix->cap; i++)
            if (ix->slot[i]) {
                const char *t = at(owner, ix->slot[i] - 1);
                put(slot, cap, hash(ix, t, strlen(t)), ix->slot[i] - 1);
            }
        free(ix->slot);
        ix->slot = slot;
        ix->cap = cap;
    }
    put(ix->slot, ix->cap, hash(ix, token, len), pos);
    ix->count++;
    return 0;
}

int token_index_find(const token_index *ix, const char *token, size_t len, token_at_fn at, const void *owner)
{
    if (!ix->cap) return -1;
    for (size_t i = (size_t)hash(ix, token, len) & (ix->cap - 1); ix->slot[i]; i = (i + 1) & (ix->cap - 1)) {
        const char *t = at(owner, ix->slot[i] - 1);
        if (strlen(t) == len && same(t, token, len)) return ix->slot[i] - 1;
    }
    return -1;
}
