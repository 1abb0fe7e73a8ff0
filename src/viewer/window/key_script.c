/* key_script.c — `view --keys LIST`: a script of key names played into the
 * app as a person would press them (key_script.h). */
#include "key_script.h"

#include <stdio.h>
#include <string.h>

#include "action.h"
#include "core/i18n.h"

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
