/* key_script.c — `view --keys LIST`: a script of key names played into the
 * app as a person would press them (key_script.h), and `wait` among them:
 * the trace file's change waited for and read, as the window's tick would. */
#include "key_script.h"

#include <stdio.h>
#include <string.h>

#include "action.h"
#include "core/i18n.h"

#define KEY_WAIT_MS 60000 /* how long `wait` waits for the trace file to change */

int app_run_keys(app *a, const char *script, char *err, size_t errlen)
{
    char name[32];
    const char *p = script;
    while (*p) {
        size_t n = strcspn(p, ", ");
        if (n > 0) {
            if (n >= sizeof name) {
                snprintf(err, errlen, _("--keys: '%.*s' is not a key"), (int)n, p);
                return -1;
            }
            memcpy(name, p, n);
            name[n] = '\0';
            if (!strcmp(name, "wait")) { /* not a key: the tests' way to replace the file mid-script */
                if (a->watch.on) {       /* what a test waits for before it replaces the file */
                    printf(_("reducevis view: --keys wait: waiting for %s to change\n"), a->watch.path);
                    fflush(stdout);
                }
                if (app_wait_file(a, KEY_WAIT_MS, err, errlen) != 0) return -1;
                p += n;
                if (*p) p++;
                continue;
            }
            SDL_Event e = {0};
            e.type = SDL_KEYDOWN;
            e.key.keysym.sym = app_key_named(name, &e.key.keysym.mod);
            if (e.key.keysym.sym == SDLK_UNKNOWN) {
                char names[400];
                app_key_names(names, sizeof names);
                snprintf(err, errlen, _("--keys: '%s' is not a key (the keys: %s)"), name, names);
                return -1;
            }
            app_event(a, &e);
        }
        p += n;
        if (*p) p++;
    }
    return 0;
}
