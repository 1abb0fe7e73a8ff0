/* class_none.c — `reducevis class` in a build without libmicrohttpd: says
 * what to install, and fails as a runtime error (the command exists). */
#include "class_cmd.h"

#include <stdio.h>
#include "../cli.h"
#include "../i18n.h"

int class_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "%s", _("reducevis class: this build has no class server (libmicrohttpd was not found at "
                            "build time);\ninstall libmicrohttpd-dev (./run.sh or ./test.sh do) and rebuild\n"));
    return RV_EXIT_RUNTIME;
}
