/* app_step.h — the position and the toast, set by every part of the app
 * (app_step.c); app_goto and app_toast are declared in app.h. */
#ifndef RV_APP_STEP_H
#define RV_APP_STEP_H
#include "app.h"

/* The step of the first shown at row r of compare mode, or the last one
 * before it. */
int app_step_at_row(const app *a, int r);

#endif
