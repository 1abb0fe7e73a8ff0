/* datadir.c — where reducevis finds its bundled data and the user's
 * recordings (see datadir.h for the order and why). */
#include "datadir.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "i18n.h"

#ifndef RV_BUILD_LOCALEDIR
#define RV_BUILD_LOCALEDIR ""
#endif

/* Set by CMake: the build tree, and the source tree's assets/ it came from. */
#ifndef RV_BUILD_DIR
#define RV_BUILD_DIR ""
#endif
#ifndef RV_SOURCE_ASSETS
#define RV_SOURCE_ASSETS ""
#endif

int rv_exe_dir(char *out, size_t len)
{
    char exe[PATH_MAX];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k <= 0) return -1;
    exe[k] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash) return -1;
    *slash = '\0';
    int n = snprintf(out, len, "%s", exe);
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

int rv_in_build_tree(void)
{
    char dir[PATH_MAX], build[PATH_MAX];
    size_t bl;
    if (!RV_BUILD_DIR[0] || rv_exe_dir(dir, sizeof dir) != 0 || !realpath(RV_BUILD_DIR, build)) return 0;
    bl = strlen(build);
    return !strncmp(dir, build, bl) && (dir[bl] == '\0' || dir[bl] == '/');
}

/* Adds dir/sub unless it is already there (the same folder under two names,
 * as /usr/bin/../share and /usr/share, counts once). */
static void add(rv_data_places *p, const char *dir, const char *sub, const char *why)
{
    if (p->n >= RV_DATA_MAX_PLACES || !dir || !dir[0]) return;
    char path[RV_DATA_PATH_LEN], real[PATH_MAX];
    int n = sub ? snprintf(path, sizeof path, "%s/%s", dir, sub) : snprintf(path, sizeof path, "%s", dir);
    if (n < 0 || (size_t)n >= sizeof path) return;
    if (realpath(path, real) && strlen(real) < sizeof path) snprintf(path, sizeof path, "%s", real);
    for (int i = 0; i < p->n; i++)
        if (!strcmp(p->path[i], path)) return;
    snprintf(p->path[p->n], RV_DATA_PATH_LEN, "%s", path);
    p->why[p->n++] = why;
}

void rv_data_places_of(const char *sub, const char *build_tree_path, rv_data_places *p)
{
    p->n = 0;
    char dir[RV_DATA_PATH_LEN], share[RV_DATA_PATH_LEN + 16], *slash;
    if (rv_exe_dir(dir, sizeof dir) == 0 && (slash = strrchr(dir, '/')) != NULL) {
        *slash = '\0'; /* PREFIX/bin -> PREFIX, said as such */
        snprintf(share, sizeof share, "%s/share", dir);
        add(p, share, sub, N_("beside the program"));
    }
    if (build_tree_path && build_tree_path[0] && rv_in_build_tree())
        add(p, build_tree_path, NULL, N_("the tree it was built from"));
    /* $XDG_DATA_DIRS, colon-separated; relative entries are ignored, as the
     * XDG Base Directory specification says. */
    const char *env = getenv("XDG_DATA_DIRS");
    char list[4096];
    snprintf(list, sizeof list, "%s", env && *env ? env : "/usr/local/share:/usr/share");
    for (char *save = NULL, *tok = strtok_r(list, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
        if (tok[0] == '/') add(p, tok, sub, N_("XDG_DATA_DIRS"));
}

int rv_data_find(const rv_data_places *p, const char *probe)
{
    for (int i = 0; i < p->n; i++) {
        char path[RV_DATA_PATH_LEN + 256];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", p->path[i], probe);
        if (stat(path, &st) == 0) return i;
    }
    return -1;
}

void rv_recordings_places(rv_data_places *p) { rv_data_places_of("reducevis", RV_SOURCE_ASSETS, p); }

int rv_user_data_root(char *out, size_t len, char *err, size_t errlen)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(out, len, "%s/reducevis", xdg);
    else if (home && *home)
        n = snprintf(out, len, "%s/.local/share/reducevis", home);
    else {
        snprintf(err, errlen, _("neither XDG_DATA_HOME nor HOME is set: say where with --out DIR"));
        return -1;
    }
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, errlen, _("the data folder's path is too long: say where with --out DIR"));
        return -1;
    }
    return 0;
}

/* The first place holding the Chinese catalogue, in the order above; else
 * the first place looked at, which the message about a missing catalogue
 * names.  $RV_LOCALEDIR, when set, is the only place looked at (the tests
 * name an empty one to see the interface without its catalogue). */
void rv_locale_dir(char *out, size_t len)
{
    const char *env = getenv("RV_LOCALEDIR");
    if (env && *env) {
        snprintf(out, len, "%s", env);
        return;
    }
    rv_data_places p;
    rv_data_places_of("locale", RV_BUILD_LOCALEDIR, &p);
    int k = rv_data_find(&p, "zh_CN/LC_MESSAGES/" I18N_DOMAIN ".mo");
    snprintf(out, len, "%s", p.n ? p.path[k >= 0 ? k : 0] : "/usr/share/locale");
}
