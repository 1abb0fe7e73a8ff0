/* kernel_name.c — demangles with the C++ runtime's __cxa_demangle, then
 * keeps what a class needs: the namespaces and the function, without the
 * return type, template arguments, parameters, or the versioned inline
 * namespaces libraries add (CUB_300000_SM_900); of a library's kernel, the
 * library and the function only. */
#include "kernel_name.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *__cxa_demangle(const char *mangled, char *out, size_t *len, int *status);

/* Whether the namespace part [p, p + n) is one a library versions itself
 * with: left out of the short name. */
static int noise(const char *p, size_t n)
{
    if (n > 4 && !strncmp(p, "CUB_", 4)) return 1;
    if (n > 7 && !strncmp(p, "THRUST_", 7)) return 1;
    if (n >= 3 && !strncmp(p, "__4", 3)) return 1; /* libcu++'s __4 */
    return n == 12 && !strncmp(p, "_GLOBAL__N_1", 12);
}

void rv_kernel_short(const char *mangled, char *buf, size_t len)
{
    int status = -1;
    char *full = mangled && mangled[0] == '_' ? __cxa_demangle(mangled, NULL, NULL, &status) : NULL;
    const char *s = status == 0 && full ? full : (mangled ? mangled : "?");
    /* the compiler's anonymous namespace has a space in its name: out first */
    static const char anon[] = "(anonymous namespace)::";
    for (char *a; full && (a = strstr(full, anon));) memmove(a, a + strlen(anon), strlen(a + strlen(anon)) + 1);
    /* the name ends at the parameters; the return type, when there is one,
       ends at the last space outside any <...> before them */
    const char *start = s, *end = s + strlen(s);
    int depth = 0;
    for (const char *p = s; *p; p++) {
        if (*p == '<')
            depth++;
        else if (*p == '>')
            depth--;
        else if (*p == '(' && depth == 0 && p > s) {
            end = p;
            break;
        } else if (*p == ' ' && depth == 0)
            start = p + 1;
    }
    /* copy, leaving template arguments and noisy namespaces out */
    size_t o = 0;
    depth = 0;
    const char *part = start;
    for (const char *p = start; p < end && o + 1 < len; p++) {
        if (*p == '<') {
            depth++;
            continue;
        }
        if (*p == '>') {
            depth--;
            continue;
        }
        if (depth) continue;
        if (p[0] == ':' && p[1] == ':') {
            size_t n = (size_t)(p - part);
            char seg[128];
            snprintf(seg, sizeof seg, "%.*s", (int)(n < 127 ? n : 127), part);
            /* a segment copied so far: take it back if it is noise */
            if (noise(part, n) && o >= n)
                o -= n;
            else if (o + 2 < len)
                buf[o++] = ':', buf[o++] = ':';
            p++;
            part = p + 1;
            continue;
        }
        buf[o++] = *p;
    }
    buf[o] = '\0';
    if (!strncmp(buf, "::", 2)) memmove(buf, buf + 2, strlen(buf + 2) + 1);
    /* a library's kernel: its library and its function, the namespaces of
       its insides (detail, reduce, ...) left out */
    char *last = NULL;
    for (char *d = strstr(buf, "::"); d; d = strstr(d + 2, "::")) last = d;
    if (last && (!strncmp(buf, "cub::", 5) || !strncmp(buf, "thrust::", 8))) {
        char *first = strstr(buf, "::");
        if (first != last) memmove(first, last, strlen(last) + 1);
    }
    free(full);
}

const char *rv_kernel_library(const char *mangled)
{
    char name[512];
    rv_kernel_short(mangled, name, sizeof name);
    if (!strncmp(name, "cub::", 5)) return "CUB";
    if (!strncmp(name, "thrust::", 8)) return "Thrust";
    return NULL;
}
