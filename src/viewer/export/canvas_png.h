/* canvas_png.h — the export canvas's pixels as an indexed PNG (png_indexed.h)
 * for the lesson page (canvas_png.c). */
#ifndef VIEWER_CANVAS_PNG_H
#define VIEWER_CANVAS_PNG_H

#include <stddef.h>

#include "viewer/window/viewer.h"

/* What canvas c shows now as an indexed PNG (*png malloc'd).  0, or -1 with
 * err. */
int canvas_png(viewer_canvas *c, unsigned char **png, size_t *len, char *err, size_t errlen);

#endif
