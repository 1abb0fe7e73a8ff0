/* key_script.h — `view --keys LIST` (and the tests): a script of key names
 * played into the app as a person would press them, each through
 * app_event, so that a script sees what the window would. */
#ifndef RV_KEY_SCRIPT_H
#define RV_KEY_SCRIPT_H

#include <stddef.h>

#include "app.h"

/* Applies a script such as "right,right,t,3" (names: right left space home k
 * end p t f z c e h ? q esc plus minus [ ] 0..9, and W's w i o r comma
 * period).  "wait" is no key: it says on stdout that it waits, then waits
 * (up to a minute) until the trace file of `view FILE.rvt` changes, and
 * reads it as the window's loop would (app_wait_file), so that a test can
 * replace the file between two keys.  0, or -1 naming an unknown key, or
 * a file that did not change. */
int app_run_keys(app *a, const char *script, char *err, size_t errlen);

#endif
