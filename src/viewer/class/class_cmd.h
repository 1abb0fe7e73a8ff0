/* class_cmd.h — `reducevis class` (class_cmd.c; class_none.c where the
 * build has no HTTP server library). */
#ifndef VIEWER_CLASS_CMD_H
#define VIEWER_CLASS_CMD_H

/* Runs `reducevis class ...`; argv[0] is "class".  0, 1 usage, 2 runtime. */
int class_main(int argc, char **argv);

#endif
