/* class_summary.h — the class's summary slide: which questions the class
 * got wrong most, as one PNG. */
#ifndef VIEWER_CLASS_SUMMARY_H
#define VIEWER_CLASS_SUMMARY_H

#include <stddef.h>
#include "viewer/window/app.h"
#include "class/room.h"

/* Draws the questions asked, most often wrong first (each with how many
 * answered and how many were right, as a bar), into path.  0, or -1 with
 * err. */
int class_summary_write(room *r, app *a, const char *font, const char *path, char *err, size_t errlen);

#endif
