// secrets.cu — hostile host code: reads the teacher's ~/.ssh/id_rsa, the
// class's answers file in a folder beside the work folder, /etc/shadow and
// /etc/passwd, looks for a secret in the environment, lists / and $HOME, and
// appends to the files it could reach.  Contained: each read fails, nothing
// of them appears in any output, nothing changes.  tests/own/sandbox_test.sh
// fills in @HOME@, @SECRET@ and when it strikes (@AT_START@, @IN_LAUNCH@).
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>

static void try_read(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "hostile secrets: cannot read %s: %s\n", path, strerror(errno));
        return;
    }
    char line[512] = "";
    if (!fgets(line, sizeof line, f)) line[0] = 0;
    fclose(f);
    fprintf(stderr, "hostile secrets: LEAKED %s: %s\n", path, line);
}

static void try_change(const char *path)
{
    FILE *f = fopen(path, "a");
    if (!f) {
        fprintf(stderr, "hostile secrets: cannot change %s: %s\n", path, strerror(errno));
        return;
    }
    fputs("changed by a student\n", f);
    fclose(f);
    fprintf(stderr, "hostile secrets: CHANGED %s\n", path);
}

static void list(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "hostile secrets: cannot list %s: %s\n", dir, strerror(errno));
        return;
    }
    fprintf(stderr, "hostile secrets: %s holds:", dir);
    for (struct dirent *e; (e = readdir(d));) fprintf(stderr, " %s", e->d_name);
    fprintf(stderr, "\n");
    closedir(d);
}

static void attack()
{
    try_read("@HOME@/.ssh/id_rsa");
    try_read("@SECRET@");
    try_read("/etc/shadow");
    try_read("/etc/passwd");
    try_change("@HOME@/.ssh/id_rsa");
    try_change("@SECRET@");
    const char *e = getenv("RV_TEST_SECRET");
    fprintf(stderr, "hostile secrets: %s%s\n", e ? "LEAKED the environment's secret: " : "no secret in the environment",
            e ? e : "");
    list("/");
    list("@HOME@");
}
