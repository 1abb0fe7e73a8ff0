/* action.c — keys, clicks and window events read as actions (action.h),
 * never done here: a pure mapping from the event and the state's modes.
 *
 * A key goes to the first reader that takes it: a pending C (the version
 * to compare with), the class's list of kernels, predict mode, then the
 * usual keys.  A click is hit-tested against the frame the state shows.
 */
#include "action.h"
#include "app.h"

#include <string.h>
#include "viewer/draw/draw.h"
#include "core/i18n.h"

static app_action act_of(app_action_kind kind, int arg)
{
    app_action act = {.kind = kind, .arg = arg};
    return act;
}

/* After C: a digit picks the second version, C again ends compare mode,
 * D puts this version on the next device beside it, Esc cancels; any
 * other key is read as usual. */
static app_action pending_key(SDL_Keycode key)
{
    int dg = app_key_digit(key);
    if (dg >= 0) return act_of(APP_COMPARE_WITH, dg);
    if (key == SDLK_c) return act_of(APP_COMPARE_END, 0);
    if (key == SDLK_d) return act_of(APP_COMPARE_DEVICE, 0);
    if (key == SDLK_ESCAPE) {
        app_action act = act_of(APP_TOAST, 0);
        act.text = _("compare: cancelled");
        return act;
    }
    return act_of(APP_NONE, 0);
}

static app_action usual_key(const app *a, SDL_Keycode key)
{
    switch (key) {
    case SDLK_RIGHT:
    case SDLK_SPACE: return act_of(APP_STEP_BY, +1);
    case SDLK_LEFT: return act_of(APP_STEP_BY, -1);
    case SDLK_HOME: return act_of(APP_GOTO, 0);
    case SDLK_END: return act_of(APP_GOTO, app_positions(a) - 1);
    case SDLK_p: return act_of(APP_PLAY_TOGGLE, 0);
    case SDLK_PLUS:
    case SDLK_KP_PLUS:
    case SDLK_EQUALS: return act_of(APP_SPEED, +1);
    case SDLK_MINUS:
    case SDLK_KP_MINUS:
    case SDLK_UNDERSCORE: return act_of(APP_SPEED, -1);
    case SDLK_c: return act_of(APP_COMPARE_BEGIN, 0);
    case SDLK_e: return act_of(APP_SAVE, 0);
    case SDLK_t: return act_of(APP_THEME, 0);
    case SDLK_f: return act_of(APP_FULLSCREEN, 0);
    case SDLK_z: return act_of(APP_WARPS_VIEW, 0);
    case SDLK_w: return act_of(APP_WAVES_VIEW, 0);
    case SDLK_i: return act_of(APP_WAVES_ZOOM, +1);
    case SDLK_o: return act_of(APP_WAVES_ZOOM, -1);
    case SDLK_r: return act_of(APP_WAVES_ZOOM, 0);
    case SDLK_COMMA:
    case SDLK_LESS: return act_of(APP_WAVES_PAN, -1);
    case SDLK_PERIOD:
    case SDLK_GREATER: return act_of(APP_WAVES_PAN, +1);
    case SDLK_h:
    case SDLK_QUESTION:
    case SDLK_F1: return act_of(APP_HELP, 0);
    case SDLK_l: return act_of(APP_LANGUAGE, 0);
    case SDLK_ESCAPE: /* Esc closes the overlay before it quits */ return act_of(a->help ? APP_HELP : APP_QUIT, 0);
    case SDLK_q: return act_of(APP_QUIT, 0);
    case SDLK_d: return act_of(APP_DEVICE_NEXT, 0);
    case SDLK_LEFTBRACKET: return act_of(APP_VERSION_STEP, -1);
    case SDLK_RIGHTBRACKET: return act_of(APP_VERSION_STEP, +1);
    default: {
        int dg = app_key_digit(key);
        return dg >= 0 ? act_of(APP_VERSION, dg) : act_of(APP_NONE, 0);
    }
    }
}

app_action app_action_of_key(const app *a, SDL_Keycode key, Uint16 mod)
{
    app_action act = act_of(APP_NONE, 0);
    if (a->compare_pending) act = pending_key(key);
    if (act.kind == APP_NONE) act = app_class_key(a, key);
    if (act.kind == APP_NONE) act = app_predict_key(a, key, mod);
    if (act.kind == APP_NONE) {
        unsigned char sync = act.sync;
        act = usual_key(a, key);
        act.sync = sync;
    }
    act.key = 1;
    return act;
}

app_action app_action_of_click(const app *a, int x, int y)
{
    viewer_frame f = app_view(a, a->width, a->height);
    if (a->comparing) {
        static layout_cmp C; /* large: off the stack */
        draw_compare_layout(&f, &C);
        int r = layout_compare_row_at(&C, x, y);
        if (r >= 0) return act_of(APP_GOTO, r);
        int w = f.step >= 0 ? layout_warp_at(&C.pane[0], x, y) : -1;
        return w >= 0 ? act_of(APP_FOCUS_WARP, w) : act_of(APP_NONE, 0);
    }
    layout L;
    draw_layout_for(&f, &L);
    app_action act = app_class_click(a, &L, x, y);
    if (act.kind == APP_NONE) act = app_predict_click(a, &f, &L, x, y);
    if (act.kind != APP_NONE) return act;
    int m = layout_step_at(&L, x, y);
    if (m >= 0) {
        /* a folded run's box: the step at that point of it */
        lrect b = layout_step_rect(&L, m);
        int p = scene_timeline_position(&f, m, x - b.x, b.w);
        return p >= 0 ? act_of(APP_GOTO, p) : act_of(APP_NONE, 0);
    }
    int w = layout_warp_at(&L, x, y);
    return w >= 0 ? act_of(APP_FOCUS_WARP, w) : act_of(APP_NONE, 0);
}

app_action app_action_of_event(const app *a, const SDL_Event *e)
{
    app_action act = act_of(APP_NONE, 0);
    switch (e->type) {
    case SDL_QUIT: act.kind = APP_QUIT; break;
    case SDL_KEYDOWN: act = app_action_of_key(a, e->key.keysym.sym, e->key.keysym.mod); break;
    case SDL_TEXTINPUT:
        /* '?' needs Shift on most layouts and has no keycode of its own
         * there: it arrives as text. */
        if (!strcmp(e->text.text, "?")) act.kind = APP_HELP;
        break;
    case SDL_MOUSEMOTION:
        act.kind = APP_HOVER;
        act.arg = e->motion.x;
        act.arg2 = e->motion.y;
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button == SDL_BUTTON_LEFT) act = app_action_of_click(a, e->button.x, e->button.y);
        break;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_LEAVE) act.kind = APP_HOVER_END;
        break;
    default: break;
    }
    return act;
}

static const struct {
    const char *name;
    SDL_Keycode key;
} key_names[] = {
    {"a", SDLK_a},
    {"enter", SDLK_RETURN},
    {"backspace", SDLK_BACKSPACE},
    {"right", SDLK_RIGHT},
    {"left", SDLK_LEFT},
    {"space", SDLK_SPACE},
    {"home", SDLK_HOME},
    {"end", SDLK_END},
    {"p", SDLK_p},
    {"t", SDLK_t},
    {"f", SDLK_f},
    {"d", SDLK_d},
    {"z", SDLK_z},
    {"w", SDLK_w},
    {"i", SDLK_i},
    {"o", SDLK_o},
    {"r", SDLK_r},
    {"comma", SDLK_COMMA}, /* a comma separates a script's names */
    {"period", SDLK_PERIOD},
    {"c", SDLK_c},
    {"e", SDLK_e},
    {"k", SDLK_k},
    {"h", SDLK_h},
    {"l", SDLK_l},
    {"?", SDLK_QUESTION},
    {"q", SDLK_q},
    {"esc", SDLK_ESCAPE},
    {"plus", SDLK_PLUS},
    {"+", SDLK_PLUS},
    {"minus", SDLK_MINUS},
    {"-", SDLK_MINUS},
    {"0", SDLK_0},
    {"1", SDLK_1},
    {"2", SDLK_2},
    {"3", SDLK_3},
    {"4", SDLK_4},
    {"5", SDLK_5},
    {"6", SDLK_6},
    {"7", SDLK_7},
    {"8", SDLK_8},
    {"9", SDLK_9},
    {"[", SDLK_LEFTBRACKET},
    {"]", SDLK_RIGHTBRACKET},
};

void app_key_names(char *out, size_t len)
{
    size_t used = 0;
    out[0] = 0;
    for (size_t i = 0; i < sizeof key_names / sizeof key_names[0] && used < len; i++) {
        int n = snprintf(out + used, len - used, "%s%s", i ? " " : "", key_names[i].name);
        used += n > 0 ? (size_t)n : 0;
        if (i == 0 && used < len) used += (size_t)snprintf(out + used, len - used, " A"); /* Shift+A */
    }
}

SDL_Keycode app_key_named(const char *name, Uint16 *mod)
{
    *mod = !strcmp(name, "A") ? KMOD_LSHIFT : 0; /* Shift+A: predict mode, teacher */
    if (*mod) name = "a";
    for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
        if (!strcmp(name, key_names[i].name)) return key_names[i].key;
    return SDLK_UNKNOWN;
}
