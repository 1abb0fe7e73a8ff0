/* wrap.c — where a line of text may break, in English and in Chinese.
 *
 * One pass over the code points, adding each one's advance (the atlases
 * draw without kerning, so the sum is the drawn width), remembering the
 * last break opportunity that still fit.
 */
#include "wrap.h"

#include <string.h>

/* Ideographs, kana, CJK punctuation and full-width forms. */
static int is_cjk(unsigned cp)
{
    return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) ||
           (cp >= 0xFF00 && cp <= 0xFFEF);
}

/* No line may start with these ... */
static int closes(unsigned cp)
{
    static const unsigned list[] = {
        0xFF0C, 0x3002, 0x3001, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0xFF09, 0x300D, 0x300F, 0x300B, 0x3011,
        0x2019, 0x201D, 0x2026, 0x00B7, ')',    ']',    ',',    '.',    ':',    ';',    '!',    '?',
    };
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        if (list[i] == cp) return 1;
    return 0;
}

/* ... and none may end with these. */
static int opens(unsigned cp)
{
    return cp == 0xFF08 || cp == 0x300C || cp == 0x300E || cp == 0x300A || cp == 0x3010 || cp == 0x2018 || cp == 0x201C;
}

/* The code point at s and its length in bytes (a bad byte: itself, 1). */
static unsigned decode(const char *s, int *n)
{
    const unsigned char *p = (const unsigned char *)s;
    int k = p[0] < 0x80 ? 1 : (p[0] & 0xE0) == 0xC0 ? 2 : (p[0] & 0xF0) == 0xE0 ? 3 : (p[0] & 0xF8) == 0xF0 ? 4 : 1;
    unsigned cp = k == 1 ? p[0] : k == 2 ? (p[0] & 0x1Fu) : k == 3 ? (p[0] & 0x0Fu) : (p[0] & 0x07u);
    for (int i = 1; i < k; i++) {
        if ((p[i] & 0xC0) != 0x80) {
            *n = 1;
            return p[0];
        }
        cp = (cp << 6) | (p[i] & 0x3Fu);
    }
    *n = k;
    return cp;
}

size_t wrap_line(text_cache *tc, font_face face, int px, int w, const char *text, const char **next)
{
    const char *p = text;
    int width = 0;
    size_t best = 0; /* the last break that fits (or the first) */
    const char *best_next = NULL;
    unsigned prev = 0;
    while (*p) {
        int n;
        unsigned cp = decode(p, &n);
        size_t at = (size_t)(p - text);
        int ok = 0;
        if (at > 0) {
            if (cp == ' ')
                ok = prev != ' ';
            else
                ok = (is_cjk(cp) || is_cjk(prev)) && prev != ' ' && !closes(cp) && !opens(prev);
        }
        if (ok) {
            /* A word longer than the line still ends at its own end. */
            if (width <= w || best == 0) {
                best = at;
                best_next = p;
                while (*best_next == ' ') best_next++;
            }
            if (width > w) break;
        }
        char one[5] = {0};
        memcpy(one, p, (size_t)n);
        width += text_width(tc, face, px, one);
        if (width > w && best > 0) break;
        prev = cp;
        p += n;
    }
    if (!*p && (width <= w || best == 0)) { /* the rest, fitting or unbreakable */
        *next = p;
        return (size_t)(p - text);
    }
    *next = best_next;
    return best;
}

int wrap_count(text_cache *tc, font_face face, int px, int w, const char *text)
{
    int lines = 0;
    const char *p = text;
    while (*p == ' ') p++;
    while (*p) {
        const char *next;
        wrap_line(tc, face, px, w, p, &next);
        lines++;
        if (next == p) break;
        p = next;
    }
    return lines;
}
