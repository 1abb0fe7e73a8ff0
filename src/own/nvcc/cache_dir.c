/* cache_dir.c — the build cache's folder, its folders made, and the hash
 * that names its entries (cache_dir.h). */
#include "own/nvcc/cache_dir.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int rv_own_make_dirs(const char *path)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        if (mkdir(p, 0700) != 0 && errno != EEXIST) return -1;
        *s = '/';
    }
    return mkdir(p, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

int rv_own_default_cache(char *out, size_t len)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0] == '/')
        snprintf(out, len, "%s/reducevis/builds", xdg);
    else if (home && home[0] == '/')
        snprintf(out, len, "%s/.cache/reducevis/builds", home);
    else
        return -1;
    return 0;
}
