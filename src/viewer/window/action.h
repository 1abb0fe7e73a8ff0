/* action.h — what a key, a click or a window event asks of the viewer, as
 * data.
 *
 * Input is read in two halves: a pure mapping from the event and the state
 * (its modes: a pending C, compare mode, predict mode, the class's list) to
 * one app_action (action.c, with the parts predict mode and the class read
 * in app_predict.c and app_class.c), and app_apply (app.c), the one place
 * the state changes for it.  So predict mode and the class say what they
 * want done instead of calling back into the app, and a test can read what
 * a key would do without doing it.
 */
#ifndef VIEWER_ACTION_H
#define VIEWER_ACTION_H

#include <SDL.h>

struct app;
struct layout;
struct viewer_frame;
struct room_view;
struct class_kernels;

typedef enum app_action_kind {
    APP_NONE = 0,          /* nothing (an unknown key, a click on nothing)     */
    /* the position and playback */
    APP_STEP_BY,           /* arg: +1 or -1 position                           */
    APP_GOTO,              /* arg: the position (clamped)                      */
    APP_PLAY_TOGGLE,       /* P: play (from the start at the end) or pause     */
    APP_SPEED,             /* arg: +1 faster, -1 slower                        */
    /* what is drawn */
    APP_THEME,
    APP_FULLSCREEN,
    APP_WARPS_VIEW,        /* Z: a row per warp or the strip, from what is shown */
    APP_HELP,              /* the help overlay on or off                      */
    APP_FOCUS_WARP,        /* arg: the warp clicked (again: automatic)         */
    APP_HOVER,             /* arg, arg2: the mouse's x and y                   */
    APP_HOVER_END,         /* the mouse left the window                        */
    APP_LANGUAGE,          /* L: English <-> Chinese                           */
    APP_TOAST,             /* text: a message in the footer                    */
    /* the window */
    APP_QUIT,
    APP_SAVE,              /* E: the window loop saves the frame as PNG        */
    /* what is shown */
    APP_VERSION,           /* arg: the digit D typed, for version vD          */
    APP_VERSION_STEP,      /* arg: -1 the version before, +1 after ([ ])      */
    APP_DEVICE_NEXT,       /* D: this version on the next recorded device      */
    APP_COMPARE_BEGIN,     /* C: the next key picks what to compare with       */
    APP_COMPARE_WITH,      /* arg: the digit D after C, for version vD         */
    APP_COMPARE_END,       /* C after C                                        */
    APP_COMPARE_DEVICE,    /* D after C: this version on the next device beside */
    /* predict mode (predict.h): its own state changes, read in app_predict.c */
    APP_PREDICT_MODE,      /* arg: the predict_mode A or Shift+A switches      */
    APP_PREDICT_INPUT,     /* arg: the predict_in, arg2: its digit             */
    APP_PREDICT_LANE,      /* arg: the lane clicked                            */
    APP_PREDICT_WORD,      /* arg: the word clicked                            */
    /* a live class (app_class.c) */
    APP_ROOM_MOVED,        /* arg: the room's position, arg2: it was revealed  */
    APP_CLASS_LIST,        /* K: the students' kernels listed or put away      */
    APP_CLASS_LIST_CLOSE,  /* Esc while they are listed                        */
    APP_CLASS_OPEN_KERNEL, /* arg: the row of the list to open                 */
} app_action_kind;

typedef struct app_action {
    app_action_kind kind;
    int arg, arg2;         /* what the kind needs (above)                      */
    const char *text;      /* APP_TOAST: the message (static or translated)    */
    /* A key press, whatever it does, ends a pending C (only C sets it). */
    unsigned char key;
    /* Predict mode read the key against the question of the step shown:
     * that question is brought up to date before the action, as drawing a
     * frame would, so what the key does is what the frame showed. */
    unsigned char sync;
} app_action;

/* What a key does in the state a is in.  Pure: nothing changes. */
app_action app_action_of_key(const struct app *a, SDL_Keycode key, Uint16 mod);
/* What a left click at (x, y) does, hit-tested against the frame the state
 * shows (app_view) at the size last drawn.  Pure. */
app_action app_action_of_click(const struct app *a, int x, int y);
/* What a window event does (keys and left clicks as above).  Pure. */
app_action app_action_of_event(const struct app *a, const SDL_Event *e);

/* Applies one action: the only place input changes the app's state (app.c). */
void app_apply(struct app *a, app_action act);

/* The key a --keys name stands for ("right", "A" is Shift+A, ...), or
 * SDLK_UNKNOWN. */
SDL_Keycode app_key_named(const char *name, Uint16 *mod);

/* The parts predict mode and the class read (app_predict.c, app_class.c):
 * APP_NONE when the key or click is not theirs.  A key predict mode reads
 * but leaves to the usual keys comes back as APP_NONE with sync set. */
app_action app_predict_key(const struct app *a, SDL_Keycode key, Uint16 mod);
app_action app_predict_click(const struct app *a, const struct viewer_frame *f, const struct layout *L,
                             int x, int y);
app_action app_class_key(const struct app *a, SDL_Keycode key);
app_action app_class_click(const struct app *a, const struct layout *L, int x, int y);
/* The class's room as read at a tick: the card's counts kept (*changed
 * set when they changed), and APP_ROOM_MOVED when the room moved since the
 * last look.  Changes the class's fields of a only. */
app_action app_class_look(struct app *a, const struct room_view *v, int *changed);
/* An APP_CLASS_* action done on the kernels' list; 1 with a toast in msg. */
int app_class_do(struct class_kernels *k, app_action act, const struct app *a, char *msg, size_t len);

/* The digit a key types (top row or keypad), or -1. */
static inline int app_key_digit(SDL_Keycode key)
{
    if (key >= SDLK_0 && key <= SDLK_9)
        return (int)(key - SDLK_0);
    if (key >= SDLK_KP_1 && key <= SDLK_KP_9)
        return (int)(key - SDLK_KP_1) + 1;
    if (key == SDLK_KP_0)
        return 0;
    return -1;
}

#endif
