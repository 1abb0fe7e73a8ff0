/* queue_shape.c — whether a traced run's recording of launch() can be timed
 * while the GPU waits (queue_shape.h). */
#define _GNU_SOURCE
#include "queue_shape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "own/base/proc.h"

/* The operations that neither make the host wait for the GPU nor need it
 * to; "alloc" and "free" only where made on the stream ("async"). */
static const char *const on_the_stream[] = {"launch",    "memset",    "copy",      "record",
                                            "waitevent", "waitvalue", "writevalue"};

/* The number after " stream " in line; 0 with *found 0 where there is none. */
static unsigned long long stream_of(const char *line, int *found)
{
    const char *s = strstr(line, " stream ");
    char *end;
    *found = 0;
    if (!s) return 0;
    unsigned long long v = strtoull(s + 8, &end, 10);
    *found = end != s + 8;
    return v;
}

/* 1: the line keeps the recording holdable (main: the arrays' stream, once
 * known); 0: it does not. */
static int line_holdable(const char *line, unsigned long long *main, int *have_main)
{
    char kind[24];
    if (sscanf(line, "%23s", kind) != 1) return 1; /* an empty line */
    int found;
    unsigned long long s = stream_of(line, &found);
    if (!strcmp(kind, "arrays")) {
        *main = s, *have_main = found;
        return found;
    }
    if (!strcmp(kind, "queued") || !strcmp(kind, "call")) return 1; /* the header, a call of launch() */
    int ok = 0;
    for (size_t i = 0; i < sizeof on_the_stream / sizeof on_the_stream[0]; i++) ok |= !strcmp(kind, on_the_stream[i]);
    if (!strcmp(kind, "alloc") || !strcmp(kind, "free")) ok = strstr(line, " async ") != NULL;
    return ok && found && *have_main && s == *main;
}

int rv_queue_holdable(const char *text)
{
    unsigned long long main = 0;
    int have_main = 0, calls = 0;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char *line = strndup(p, len);
        if (!line) return 0;
        calls += !strncmp(line, "call ", 5);
        int ok = line_holdable(line, &main, &have_main);
        free(line);
        if (!ok) return 0;
        p += len + (nl != NULL);
    }
    return have_main && calls > 0;
}

int rv_queue_holdable_in(const char *work)
{
    char path[4200];
    struct stat st;
    size_t len = 0;
    snprintf(path, sizeof path, "%s/queued.txt", work);
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 0; /* none, or not through a link */
    char *text = rv_read_text(path, &len);
    int holdable = text && !memchr(text, 0, len) && rv_queue_holdable(text);
    free(text);
    return holdable;
}
