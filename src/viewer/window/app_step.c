/* app_step.c — the position the arrows stand at and the toast
 * (app_step.h): the small changes of state every other part of the app
 * makes, calling none of them. */
#include "app_step.h"

#include <stdio.h>

void app_toast(app *a, const char *msg)
{
    snprintf(a->toast, sizeof a->toast, "%s", msg);
    a->toast_ms = APP_TOAST_MS;
}

int app_step_at_row(const app *a, int r)
{
    for (; r >= 0; r--)
        if (a->rows[r].step[0] >= 0) return a->rows[r].step[0];
    return 0;
}

void app_goto(app *a, int s)
{
    int last = app_positions(a) - 1;
    s = s < 0 ? 0 : s > last ? last : s;
    if (a->comparing) {
        a->row = s;
        a->step = app_step_at_row(a, s);
    } else {
        a->step = s;
    }
    a->play_ms = 0;
}
