/* host_line.c — the frames of a host call read as the student's line
 * (host_line.h), with binutils' addr2line.
 *
 * addr2line runs in a folder of its own, made here, its answer a file there:
 * the work folder is the student's program's, which could have left a link
 * where the answer would go.  Asked with -i, it names every function inlined
 * at an address, innermost first, so a copy made inside a header's inline
 * function (Thrust's, say) still names the student's line that called it. */
#define _GNU_SOURCE
#include "own/run/host_line.h"
#include "own/sandbox/sandbox.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define ANSWER_MAX (64 * 1024) /* 16 frames' file names: far less */

int rv_host_line_frames(const char *at, unsigned long long *addr, int max)
{
    int n = 0;
    for (const char *p = at;;) {
        size_t digits = strspn(p, "0123456789abcdef");
        if (digits == 0 || digits > 16 || n == max) return -1;
        unsigned long long v = strtoull(p, NULL, 16);
        if (v == 0) return -1; /* no return address */
        addr[n++] = v - 1;
        p += digits;
        if (*p == 0) return n;
        if (*p++ != ',') return -1;
    }
}

int rv_host_line_pick(const char *answer, const char *source)
{
    size_t want = strlen(source);
    for (const char *line = answer; *line;) {
        size_t len = strcspn(line, "\n");
        /* FILE:LINE, perhaps " (discriminator N)" after it; address lines start 0x */
        size_t end = len;
        const char *disc = memmem(line, len, " (discriminator ", 16);
        if (disc) end = (size_t)(disc - line);
        const char *colon = NULL;
        for (size_t i = 0; i < end; i++)
            if (line[i] == ':') colon = line + i;
        if (strncmp(line, "0x", 2) && colon) {
            size_t flen = (size_t)(colon - line), digits = strspn(colon + 1, "0123456789");
            const char *base = flen ? memrchr(line, '/', flen) : NULL;
            base = base ? base + 1 : line;
            long number = colon + 1 + digits == line + end ? strtol(colon + 1, NULL, 10) : 0;
            if (number > 0 && number < INT_MAX && (size_t)(colon - base) == want && !strncmp(base, source, want))
                return (int)number;
        }
        line += len + (line[len] == '\n');
    }
    return 0;
}

rv_proc_result rv_host_line_sandboxed(void *arg, const char *dir, const char *program, char *const argv[],
                                      const char *log)
{
    (void)arg;
    rv_sandbox_job job = {.work = dir, .show = {program}, .step = RV_SANDBOX_COMPILE};
    return rv_sandbox_run(&job, argv, NULL, log, RV_HOST_LINE_LIMIT_S);
}

/* A fresh folder of this process's own: 0, or -1. */
static int own_dir(char *out, size_t len)
{
    const char *tmp = getenv("TMPDIR");
    char made[PATH_MAX];
    snprintf(made, sizeof made, "%.3000s/reducevis-line-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(made)) return -1;
    /* a sandbox binds its work folder at its own path: an absolute one */
    if (!realpath(made, out) || strlen(out) >= len) {
        rv_remove_tree(made);
        return -1;
    }
    return 0;
}

int rv_host_line(const char *program, const char *at, const char *source, rv_host_line_run run, void *arg)
{
    unsigned long long addr[RV_HOST_LINE_FRAMES];
    char tool[PATH_MAX], prog[PATH_MAX], dir[PATH_MAX], log[PATH_MAX + 16], words[RV_HOST_LINE_FRAMES][24];
    char *argv[RV_HOST_LINE_FRAMES + 8];
    struct stat st;
    int n = at ? rv_host_line_frames(at, addr, RV_HOST_LINE_FRAMES) : -1;
    if (n <= 0 || lstat(program, &st) != 0 || !S_ISREG(st.st_mode) ||
        !realpath(program, prog)) /* a plain file, no link followed to another */
        return 0;
    if (!rv_find_program("addr2line", tool, sizeof tool)) snprintf(tool, sizeof tool, "addr2line"); /* fails to start */
    int argc = 0;
    argv[argc++] = tool, argv[argc++] = "-a", argv[argc++] = "-i", argv[argc++] = "-e", argv[argc++] = prog;
    for (int i = 0; i < n; i++) {
        snprintf(words[i], sizeof words[i], "0x%llx", addr[i]);
        argv[argc++] = words[i];
    }
    argv[argc] = NULL;
    if (own_dir(dir, sizeof dir)) return 0;
    snprintf(log, sizeof log, "%s/lines.txt", dir);
    rv_proc_result r = run ? run(arg, dir, prog, argv, log) : rv_proc_run(argv, NULL, log, RV_HOST_LINE_LIMIT_S);
    char *answer = malloc(ANSWER_MAX);
    int line = answer && r.end == RV_PROC_EXITED && r.status == 0 && rv_read_regular(log, answer, ANSWER_MAX) == 0
                   ? rv_host_line_pick(answer, source)
                   : 0;
    free(answer);
    rv_remove_tree(dir);
    return line;
}
