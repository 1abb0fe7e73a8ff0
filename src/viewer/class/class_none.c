/* class_none.c — `reducevis class` in a build without libmicrohttpd: says
 * what to install, and fails as a runtime error (the command exists);
 * --help says it too, and succeeds.  With no class there are no students'
 * kernels to list (class_kernels.h). */
#include "class_cmd.h"
#include "class_kernels.h"

#include <stdio.h>
#include <string.h>
#include "core/args.h"
#include "core/i18n.h"

int class_main(int argc, char **argv)
{
    /* --help says the same, on stdout and as a success: the manual page is
     * written from every command's --help (cmake/man_page.cmake) */
    int help = argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
    fprintf(help ? stdout : stderr, "%s",
            _("reducevis class: this build has no class server (libmicrohttpd was not found at "
              "build time);\ninstall libmicrohttpd-dev (./run.sh or ./test.sh do) and rebuild\n"));
    return help ? RV_EXIT_OK : RV_EXIT_RUNTIME;
}

int class_kernels_refresh(class_kernels *k)
{
    (void)k;
    return 0;
}
int class_kernels_show(class_kernels *k, int row, const char *lang, int w, int h, int fullscreen, char *msg, size_t len)
{
    (void)k, (void)row, (void)lang, (void)w, (void)h, (void)fullscreen;
    snprintf(msg, len, "%s", _("this build has no class server"));
    return -1;
}
int class_kernels_reap(class_kernels *k)
{
    (void)k;
    return 0;
}
void class_kernels_stop(class_kernels *k) { (void)k; }
