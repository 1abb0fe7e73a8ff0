/* sandbox_folder.c — what the sandbox does around a run besides running it
 * (sandbox_folder.h): the work folder handed to the sandbox's user, its
 * usage counted and its links scrubbed, and the machine's refusals told
 * from the file's. */
#define _GNU_SOURCE
#include "own/sandbox/sandbox_folder.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/i18n.h"
#include "own/base/proc.h"

/* ---- the work folder --------------------------------------------------- */

/* Root: the sandbox's user gets the folder and all in it (an earlier
 * sandbox of the same folder, a compile before the run, had another user),
 * no link followed. */
static void hand_over_at(int dirfd_, int uid, int depth)
{
    DIR *d = fdopendir(dirfd_);
    if (!d) {
        close(dirfd_);
        return;
    }
    for (struct dirent *e; (e = readdir(d));) {
        struct stat st;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        if (fchownat(dirfd(d), e->d_name, uid, uid, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (depth < 16 && fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode)) {
            int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub >= 0) hand_over_at(sub, uid, depth + 1);
        }
    }
    closedir(d);
}

void rv_sandbox_hand_over(const char *work, int uid)
{
    if (uid < 0 || lchown(work, uid, uid) != 0) return;
    int fd = open(work, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) hand_over_at(fd, uid, 0);
}

/* Only plain files (with no other name) and folders stay: a link the sandbox
 * left could point reducevis's next read, or write, at a file outside. */
void rv_sandbox_scrub(const char *work)
{
    DIR *d = opendir(work);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        struct stat st;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (S_ISDIR(st.st_mode) || (S_ISREG(st.st_mode) && st.st_nlink == 1)) continue;
        unlinkat(dirfd(d), e->d_name, 0);
    }
    closedir(d);
}

/* Bytes on disk and entries under `dir`, counting stops past most. */
static void usage_of(int dirfd_, int depth, long most, uint64_t *bytes, long *files)
{
    DIR *d = fdopendir(dirfd_);
    if (!d) {
        close(dirfd_);
        return;
    }
    for (struct dirent *e; *files <= most && (e = readdir(d));) {
        struct stat st;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        (*files)++;
        *bytes += (uint64_t)st.st_blocks * 512;
        if (S_ISDIR(st.st_mode) && depth < 16) {
            int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub >= 0) usage_of(sub, depth + 1, most, bytes, files);
        }
    }
    closedir(d);
}

void rv_sandbox_work_usage(const char *work, long most, uint64_t *bytes, long *files)
{
    *bytes = 0, *files = 0;
    int fd = open(work, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) usage_of(fd, 0, most, bytes, files);
}

/* ---- refusals: the machine's, not the file's --------------------------- */

/* What a tool prints when the machine refuses it a process or memory. */
static const char *const short_words[] = {
    "Resource temporarily unavailable",              /* fork, clone: EAGAIN      */
    "Cannot allocate memory",                        /* ENOMEM                   */
    "Failed to preprocess host compiler properties", /* nvcc could not start gcc */
};

/* A line of the sandbox's own tools (bwrap, prlimit, setpriv) saying the
 * machine refused them: the file's code had not started. */
int rv_sandbox_refused_at_start(const char *head)
{
    if (strncmp(head, "bwrap:", 6) && strncmp(head, "prlimit:", 8) && strncmp(head, "setpriv:", 8)) return 0;
    char line[512];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(head, "\n"), head);
    return strstr(line, short_words[0]) || strstr(line, short_words[1]) || strstr(line, "No space left on device");
}

/* A compile's log: a tool's line (not one quoting the student's file, whose
 * name or source it would show) with one of short_words, or a run's with
 * CUDA's "out of memory" too (the GPU's memory held by another program).
 * The line found, into out. */
int rv_sandbox_refused_in_log(const char *log, rv_sandbox_step step, char *out, size_t len)
{
    size_t n = 0;
    char *text = log ? rv_read_text(log, &n) : NULL;
    int found = 0;
    for (char *save = NULL, *l = text ? strtok_r(text, "\n", &save) : NULL; l && !found;
         l = strtok_r(NULL, "\n", &save)) {
        if (*l == ' ' || *l == '\t' || strstr(l, "student")) continue;
        for (size_t i = 0; i < sizeof short_words / sizeof short_words[0] && !found; i++)
            found = strstr(l, short_words[i]) != NULL;
        if (!found && step == RV_SANDBOX_RUN) found = strstr(l, "out of memory") != NULL;
        if (found) snprintf(out, len, "%.200s", l);
    }
    free(text);
    return found;
}

/* Says it: a note ending the log, and a line of REDUCEVIS_REFUSALS's file. */
void rv_sandbox_tell_refused(int logfd, const char *reason)
{
    if (logfd >= 0)
        dprintf(logfd,
                _("\nreducevis sandbox: the machine refused it a process or memory (%s): this says nothing "
                  "about the file, which may be tried again\n"),
                reason);
    const char *path = getenv("REDUCEVIS_REFUSALS");
    if (!path || *path != '/') return;
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0) dprintf(fd, "%s\n", reason), close(fd);
}
