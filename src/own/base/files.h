/* files.h — a work folder's files, for every wing that writes one (the
 * compile, the runs, the listings): a fresh folder, a file made anew, a
 * log's end as the student knows the file, and the program's own files
 * (the tracer, rvnvccsplit) found beside it. */
#ifndef RV_OWN_FILES_H
#define RV_OWN_FILES_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

/* A fresh folder $TMPDIR/reducevis-WHAT-XXXXXX (/tmp without TMPDIR), its
 * path in out: 0, or -1 with errno (out then ""). */
int rv_own_temp_dir(const char *what, char *out, size_t len);

/* A file made anew in the work folder: whatever held the name before is
 * removed first and no link is followed (rv_own_write_file: with data). */
FILE *rv_own_create_new(const char *path);
int rv_own_write_file(const char *path, const void *data, size_t len);

/* s with every `from` replaced by `to`, into out (cut to outlen): a work
 * folder's copy of the source named as the student knows it. */
void rv_own_replace_all(const char *s, const char *from, const char *to, char *out, size_t outlen);

/* The end of a log, with the work folder's copy of the source (work_src)
 * named as the student knows it (file). */
void rv_own_log_tail(const char *log, const char *work_src, const char *file, char *out, size_t outlen);

/* The files a run needs besides the toolkit's (the tracer, its patches,
 * rvnvccsplit): the first folder that holds every one of names, of
 * RV_TRACER_DIR, beside the executable (the build tree), or where an
 * install put them, relative to the program (so a moved install works).
 * Their paths in paths: 0, or -1 when no folder holds them all. */
int rv_own_find_beside(int n, const char *const names[], char (*paths)[PATH_MAX + 32]);

#endif
