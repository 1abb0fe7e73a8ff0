/* action.h — keys, clicks and window events read as actions (app_action.h).
 *
 * Input is read in two halves: a pure mapping from the event and the state
 * (its modes: a pending C, compare mode, predict mode, the class's list) to
 * one app_action (action.c, asking predict mode's and the class's readers,
 * app_predict.c and app_class.c, first), and app_apply (app.c), the one
 * place the state changes for it.  So predict mode and the class say what
 * they want done instead of calling back into the app, and a test can read
 * what a key would do without doing it.
 */
#ifndef VIEWER_ACTION_H
#define VIEWER_ACTION_H

#include <SDL.h>
#include "app_action.h"

struct app;

/* What a key does in the state a is in.  Pure: nothing changes. */
app_action app_action_of_key(const struct app *a, SDL_Keycode key, Uint16 mod);
/* What a left click at (x, y) does, hit-tested against the frame the state
 * shows (app_view) at the size last drawn.  Pure. */
app_action app_action_of_click(const struct app *a, int x, int y);
/* What a window event does (keys and left clicks as above).  Pure. */
app_action app_action_of_event(const struct app *a, const SDL_Event *e);

/* The key a --keys name stands for ("right", "A" is Shift+A, ...), or
 * SDLK_UNKNOWN. */
SDL_Keycode app_key_named(const char *name, Uint16 *mod);
/* Every name app_key_named knows, space-separated, into out (for the
 * message that refuses another). */
void app_key_names(char *out, size_t len);

#endif
