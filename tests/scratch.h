/* scratch.h — where a test program writes its scratch files: the folder
 * ctest names (its build folder), else a fresh one under $TMPDIR (or /tmp)
 * that it removes at the end.  Never the folder it is run from: run by hand
 * from the source tree, a test would leave its files there
 * (source_tree_clean checks that no test does). */
#ifndef RV_SCRATCH_H
#define RV_SCRATCH_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char scratch_dir[512];
static int scratch_made;   /* the folder is this program's: removed at the end */

/* The folder: given (ctest gives the build folder), else made.  NULL, with
 * why on stderr, when none could be made. */
static inline const char *scratch_open(const char *given, const char *prog)
{
    if (given) {
        snprintf(scratch_dir, sizeof scratch_dir, "%s", given);
        return scratch_dir;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch_dir, sizeof scratch_dir, "%s/%s.XXXXXX", tmp && *tmp ? tmp : "/tmp", prog);
    if (!mkdtemp(scratch_dir)) {
        perror(scratch_dir);
        return NULL;
    }
    scratch_made = 1;
    return scratch_dir;
}

/* The folder removed with its files, when scratch_open made it. */
static inline void scratch_close(void)
{
    if (!scratch_made) return;
    DIR *d = opendir(scratch_dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[1024];
        if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2]))) continue;
        snprintf(path, sizeof path, "%s/%s", scratch_dir, e->d_name);
        remove(path);
    }
    if (d) closedir(d);
    rmdir(scratch_dir);
    scratch_made = 0;
}

#endif
