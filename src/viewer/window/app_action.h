/* app_action.h — what a key, a click, a window event or the class's room
 * asks of the viewer, as data: a kind and its arguments, and nothing else.
 *
 * Every reader of input says what it wants done as one of these (action.c
 * for the usual keys, app_predict.c for predict mode's, app_class.c for the
 * class's), and app_apply (app.c) does it.  The readers share only this
 * vocabulary, so calls go one way: action.c asks the others, app.c applies,
 * and none of them calls back.
 */
#ifndef VIEWER_APP_ACTION_H
#define VIEWER_APP_ACTION_H

#include <SDL.h>

typedef enum app_action_kind {
    APP_NONE = 0, /* nothing (an unknown key, a click on nothing)     */
    /* the position and playback */
    APP_STEP_BY,     /* arg: +1 or -1 position                           */
    APP_GOTO,        /* arg: the position (clamped)                      */
    APP_PLAY_TOGGLE, /* P: play (from the start at the end) or pause     */
    APP_SPEED,       /* arg: +1 faster, -1 slower                        */
    /* what is drawn */
    APP_THEME,
    APP_FULLSCREEN,
    APP_WARPS_VIEW, /* Z: a row per warp or the strip, from what is shown */
    APP_WAVES_VIEW, /* W: the waves picture (the trace's waves run) or the steps */
    APP_WAVES_ZOOM, /* arg: +1 zoom in on time (I), -1 out (O), 0 the whole run (R) */
    APP_WAVES_PAN,  /* arg: -1 earlier (comma), +1 later (period)          */
    APP_HELP,       /* the help overlay on or off                      */
    APP_FOCUS_WARP, /* arg: the warp clicked (again: automatic)         */
    APP_HOVER,      /* arg, arg2: the mouse's x and y                   */
    APP_HOVER_END,  /* the mouse left the window                        */
    APP_LANGUAGE,   /* L: English <-> Chinese                           */
    APP_TOAST,      /* text: a message in the footer                    */
    /* the window */
    APP_QUIT,
    APP_SAVE, /* E: the window loop saves the frame as PNG        */
    /* what is shown */
    APP_VERSION,        /* arg: the digit D typed, for version vD          */
    APP_VERSION_STEP,   /* arg: -1 the version before, +1 after ([ ])      */
    APP_DEVICE_NEXT,    /* D: this version on the next recorded device      */
    APP_COMPARE_BEGIN,  /* C: the next key picks what to compare with       */
    APP_COMPARE_WITH,   /* arg: the digit D after C, for version vD         */
    APP_COMPARE_END,    /* C after C                                        */
    APP_COMPARE_DEVICE, /* D after C: this version on the next device beside */
    APP_FILE_CHANGED,   /* the trace file opened changed on disk (app_tick)  */
    /* predict mode (predict.h): its own state changes, read in app_predict.c */
    APP_PREDICT_MODE,  /* arg: the predict_mode A or Shift+A switches      */
    APP_PREDICT_INPUT, /* arg: the predict_in, arg2: its digit             */
    APP_PREDICT_LANE,  /* arg: the lane clicked                            */
    APP_PREDICT_WORD,  /* arg: the word clicked                            */
    /* a live class (app_class.c) */
    APP_ROOM_MOVED,        /* arg: the room's position, arg2: it was revealed  */
    APP_CLASS_LIST,        /* K: the students' kernels listed or put away      */
    APP_CLASS_LIST_CLOSE,  /* Esc while they are listed                        */
    APP_CLASS_OPEN_KERNEL, /* arg: the row of the list to open                 */
} app_action_kind;

typedef struct app_action {
    app_action_kind kind;
    int arg, arg2;    /* what the kind needs (above)                      */
    const char *text; /* APP_TOAST: the message (static or translated)    */
    /* A key press, whatever it does, ends a pending C (only C sets it). */
    unsigned char key;
    /* Predict mode read the key against the question of the step shown:
     * that question is brought up to date before the action, as drawing a
     * frame would, so what the key does is what the frame showed. */
    unsigned char sync;
} app_action;

/* The digit a key types (top row or keypad), or -1. */
static inline int app_key_digit(SDL_Keycode key)
{
    if (key >= SDLK_0 && key <= SDLK_9) return (int)(key - SDLK_0);
    if (key >= SDLK_KP_1 && key <= SDLK_KP_9) return (int)(key - SDLK_KP_1) + 1;
    if (key == SDLK_KP_0) return 0;
    return -1;
}

#endif
