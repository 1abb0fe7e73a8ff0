/* files.c — a work folder's files (files.h): a fresh folder, a file made
 * anew without following a link, a log's end in the student's words, the
 * program's own files found beside it. */
#define _XOPEN_SOURCE 700
#include "own/base/files.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/i18n.h"
#include "own/base/proc.h"

/* The folder of this executable. */
static int exe_dir(char *out, size_t len)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return -1;
    buf[n] = 0;
    char *slash = strrchr(buf, '/');
    if (!slash) return -1;
    *slash = 0;
    snprintf(out, len, "%s", buf);
    return 0;
}

int rv_own_find_beside(int n, const char *const names[], char (*paths)[PATH_MAX + 32])
{
    char dirs[3][PATH_MAX] = {{0}};
    const char *env = getenv("RV_TRACER_DIR");
    if (env) snprintf(dirs[0], sizeof dirs[0], "%.4000s", env);
    if (exe_dir(dirs[1], sizeof dirs[1]) == 0)
        snprintf(dirs[2], sizeof dirs[2], "%.4000s/" RV_TRACER_FROM_BIN, dirs[1]);
    for (int i = 0; i < 3; i++) {
        int all = dirs[i][0] != 0;
        for (int k = 0; all && k < n; k++) {
            snprintf(paths[k], PATH_MAX + 32, "%.4000s/%s", dirs[i], names[k]);
            all = access(paths[k], R_OK) == 0;
        }
        if (all) return 0;
    }
    return -1;
}

/* A file made anew in the work folder: whatever held the name before (a link
 * an earlier sandboxed command left, in a folder kept between the build and
 * the run) is removed first, and the open follows no link, so what is
 * written never lands outside the folder. */
FILE *rv_own_create_new(const char *path)
{
    unlink(path);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return NULL;
    FILE *f = fdopen(fd, "wb");
    if (!f) close(fd);
    return f;
}

int rv_own_temp_dir(const char *what, char *out, size_t len)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(out, len, "%.3000s/reducevis-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", what);
    if (mkdtemp(out)) return 0;
    out[0] = 0;
    return -1;
}

int rv_own_write_file(const char *path, const void *data, size_t len)
{
    FILE *f = rv_own_create_new(path);
    if (!f) return -1;
    size_t w = fwrite(data, 1, len, f);
    return (fclose(f) != 0 || w != len) ? -1 : 0;
}

/* s with every `from` replaced by `to`, into out (cut to outlen). */
void rv_own_replace_all(const char *s, const char *from, const char *to, char *out, size_t outlen)
{
    size_t fl = strlen(from), o = 0;
    while (*s && o + 1 < outlen) {
        if (fl && !strncmp(s, from, fl)) {
            for (const char *t = to; *t && o + 1 < outlen; t++) out[o++] = *t;
            s += fl;
        } else {
            out[o++] = *s++;
        }
    }
    out[o] = 0;
}

/* The last `most` bytes of the log. */
void rv_own_log_tail(const char *log, const char *work_src, const char *file, char *out, size_t outlen)
{
    char *text = rv_read_text(log, NULL);
    if (!text) {
        snprintf(out, outlen, "%s", _("(no output)"));
        return;
    }
    size_t len = strlen(text), most = 3000;
    rv_own_replace_all(len > most ? text + len - most : text, work_src, file, out, outlen);
    free(text);
}
