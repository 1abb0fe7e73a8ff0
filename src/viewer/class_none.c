/* class_none.c — `reducevis class` in a build without libmicrohttpd: says
 * what to install, and fails as a runtime error (the command exists);
 * --help says it too, and succeeds. */
#include "class_cmd.h"

#include <stdio.h>
#include <string.h>
#include "../cli.h"
#include "../i18n.h"

int class_main(int argc, char **argv)
{
    /* --help says the same, on stdout and as a success: the manual page is
     * written from every command's --help (cmake/man_page.cmake) */
    int help = argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
    fprintf(help ? stdout : stderr, "%s", _("reducevis class: this build has no class server (libmicrohttpd was not found at "
                                            "build time);\ninstall libmicrohttpd-dev (./run.sh or ./test.sh do) and rebuild\n"));
    return help ? RV_EXIT_OK : RV_EXIT_RUNTIME;
}
