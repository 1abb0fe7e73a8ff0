/* app_class.c — the window in a live class: it follows the room (../room.h)
 * and moves it.  The teacher may step from the window's keys or from the
 * teacher's page; whichever moved last, the other follows.  The window
 * never waits for the room: room_view_try gives up at once when the
 * server holds the lock, and the next tick asks again.  K lists the
 * students' judged kernels on the card, and one of them opens beside its
 * version in a viewer of its own (class_kernels.h, through the ops of
 * scene/class_card.h), read from the queue
 * without waiting either.
 *
 * It calls nothing of app.c: keys and clicks become actions (app_action.h), a
 * move of the room becomes APP_ROOM_MOVED, and what it changes itself is
 * the class's own: the kernels' list, the room, the card's counts and the
 * header's line.
 */
#include "app.h"

#include <stdio.h>
#include <string.h>
#include "core/i18n.h"
#include "class/room.h"
#include "viewer/scene/class_card.h"
#include "viewer/draw/draw.h"

int app_class_reap(class_kernel_list *k)
{
    if (!k) return 0;
    int changed = k->ops->reap(k->keeper);
    if (k->open) changed |= k->ops->refresh(k->keeper);
    return changed;
}

app_action app_class_key(const app *a, SDL_Keycode key)
{
    app_action act = {.kind = APP_NONE};
    const class_kernel_list *k = a->kernels;
    int dg = app_key_digit(key);
    if (!k) return act;
    if (key == SDLK_k)
        act.kind = APP_CLASS_LIST;
    else if (k->open && dg >= 1) {
        act.kind = APP_CLASS_OPEN_KERNEL;
        act.arg = dg - 1;
    } else if (k->open && key == SDLK_ESCAPE)
        act.kind = APP_CLASS_LIST_CLOSE;
    return act;
}

app_action app_class_click(const app *a, const layout *L, int x, int y)
{
    app_action act = {.kind = APP_NONE};
    const class_kernel_list *k = a->kernels;
    if (!k || !k->open || a->comparing) return act;
    int row = layout_card_row_at(L, k->nrows, x, y);
    if (row >= 0) {
        act.kind = APP_CLASS_OPEN_KERNEL;
        act.arg = row;
    }
    return act;
}

int app_class_do(class_kernel_list *k, app_action act, const app *a, char *msg, size_t len)
{
    switch (act.kind) {
    case APP_CLASS_LIST:
        k->open = !k->open;
        if (k->open) k->ops->refresh(k->keeper);
        if (!k->open || !a->comparing) return 0;
        snprintf(msg, len, "%s", _("the kernels are listed beside one trace: C then C ends compare mode"));
        return 1;
    case APP_CLASS_LIST_CLOSE: k->open = 0; return 0;
    case APP_CLASS_OPEN_KERNEL:
        k->ops->show(k->keeper, act.arg, i18n_lang(), a->width, a->height, a->fullscreen, msg, len);
        return 1;
    default: return 0;
    }
}

app_action app_class_look(app *a, const room_view *v, int *changed)
{
    app_action act = {.kind = APP_NONE};
    if (a->live && (a->live->view.tally != v->tally || a->live->view.moves != v->moves)) {
        a->live->view = *v; /* the card's counts and spread */
        *changed = 1;
    }
    if (v->moves != a->room_moves) { /* the room moved (the teacher's page, or us) */
        a->room_moves = v->moves;
        act.kind = APP_ROOM_MOVED;
        act.arg = v->step;
        act.arg2 = v->revealed;
    }
    return act;
}

int app_class_tell(app *a, const room_view *v, int pos)
{
    const predict *p = app_predict_shown(a);
    if (pos != v->step) /* the window moved: the class follows */
        room_move(a->room, pos);
    else if (p && p->has_q && p->revealed && !v->revealed)
        room_reveal(a->room);
    char line[sizeof a->class_line];
    const char *sep = a->sc.note[0] ? " \xC2\xB7" : "", *join = a->class_join ? a->class_join : "";
    if (v->has_q && v->revealed)
        snprintf(line, sizeof line, _("%s%s class %s: %d joined, %d answered, %d right"), a->sc.note, sep, join,
                 v->students, v->answered, v->right);
    else if (v->has_q) /* the projector is the class's too: the right ones only once revealed */
        snprintf(line, sizeof line, _("%s%s class %s: %d joined, %d answered"), a->sc.note, sep, join, v->students,
                 v->answered);
    else
        snprintf(line, sizeof line, _("%s%s class %s: %d joined"), a->sc.note, sep, join, v->students);
    if (!strcmp(line, a->class_line)) return 0;
    snprintf(a->class_line, sizeof a->class_line, "%s", line);
    return 1;
}
