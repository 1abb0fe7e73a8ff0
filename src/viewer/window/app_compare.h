/* app_compare.h — compare mode's second pane: opened beside the shown as
 * the shown would open it, its rows aligned, the next recorded device.
 * Its parts: app_compare.c; app_compare() itself is in app.h. */
#ifndef RV_APP_COMPARE_H
#define RV_APP_COMPARE_H
#include "app.h"

/* The rows aligned again: the first launch of the shown with the second
 * pane (a position in a later launch stands at the first's last step). */
void app_compare_realign(app *a);

/* The recorded device after the one shown, and the folder of its traces
 * into slug and dir, its place and the count: 0, or -1 with a toast. */
int app_next_recorded(app *a, char slug[64], char *dir, size_t len, int *index, int *count);

/* C then D: this version on the next recorded device, beside this one. */
void app_compare_next_device(app *a);

/* Compare mode after the shown's file was read again (was: its config
 * before, nsteps and row its steps and the row shown then); what went
 * wrong into said, else "". */
void app_compare_again(app *a, const rv_config *was, int nsteps, int row, char *said, size_t len);

#endif
