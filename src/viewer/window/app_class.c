/* app_class.c — the window in a live class: it follows the room (../room.h)
 * and moves it.  The teacher may step from the window's keys or from the
 * teacher's page; whichever moved last, the other follows.  The window
 * never waits for the room: room_view_try gives up at once when the
 * server holds the lock, and the next tick asks again.  K lists the
 * students' judged kernels on the card, and one of them opens beside its
 * version in a viewer of its own (class_kernels.h), read from the queue
 * without waiting either.
 */
#include "app.h"

#include <stdio.h>
#include <string.h>
#include "core/i18n.h"
#include "class/room.h"
#include "viewer/class/class_kernels.h"
#include "viewer/class/class_live.h"
#include "viewer/draw/draw.h"

/* The kernels' list and viewer: 1 when the card changed. */
static int kernels_sync(app *a)
{
    class_kernels *k = a->kernels;
    if (!k)
        return 0;
    int changed = class_kernels_reap(k);
    if (k->open)
        changed |= class_kernels_refresh(k);
    return changed;
}

static void open_kernel(app *a, int row)
{
    char msg[400];
    class_kernels_show(a->kernels, row, i18n_lang(), a->width, a->height, a->fullscreen, msg, sizeof msg);
    app_toast(a, msg);
}

int app_class_key(app *a, SDL_Keycode key)
{
    class_kernels *k = a->kernels;
    if (!k)
        return 0;
    if (key == SDLK_k) {
        k->open = !k->open;
        if (k->open)
            class_kernels_refresh(k);
        if (k->open && a->comparing)
            app_toast(a, _("the kernels are listed beside one trace: C then C ends compare mode"));
        return 1;
    }
    if (!k->open)
        return 0;
    int dg = app_key_digit(key);
    if (dg >= 1) {
        open_kernel(a, dg - 1);
        return 1;
    }
    if (key == SDLK_ESCAPE) {
        k->open = 0;
        return 1;
    }
    return 0;
}

int app_class_click(app *a, int x, int y)
{
    class_kernels *k = a->kernels;
    if (!k || !k->open || a->comparing)
        return 0;
    viewer_frame f = app_frame(a, a->width, a->height);
    layout L;
    draw_layout_for(&f, &L);
    int row = layout_card_row_at(&L, k->nrows, x, y);
    if (row < 0)
        return 0;
    open_kernel(a, row);
    return 1;
}

int app_class_sync(app *a)
{
    room_view v;
    int listed = kernels_sync(a);
    if (!a->room || !room_view_try(a->room, &v))
        return listed;
    int changed = listed, pos = a->comparing ? a->row : a->step;
    if (a->live && (a->live->view.tally != v.tally || a->live->view.moves != v.moves)) {
        a->live->view = v;   /* the card's counts and spread */
        changed = 1;
    }
    const predict *p = app_predict_frame(a);
    if (v.moves != a->room_moves) {   /* the room moved (the teacher's page, or us) */
        a->room_moves = v.moves;
        if (v.step != pos) {
            app_goto(a, v.step);
            pos = v.step;
            p = app_predict_frame(a);
        }
        if (v.revealed && predict_veiled(p))
            predict_reveal(&a->pq);
        changed = 1;
    }
    if (pos != v.step)   /* the window moved: the class follows */
        room_move(a->room, pos);
    else if (p && p->has_q && p->revealed && !v.revealed)
        room_reveal(a->room);
    char line[sizeof a->class_line];
    if (v.has_q && v.revealed)
        snprintf(line, sizeof line, _("%s%s class %s: %d joined, %d answered, %d right"), a->sc.note,
                 a->sc.note[0] ? " \xC2\xB7" : "", a->class_join ? a->class_join : "", v.students, v.answered,
                 v.right);
    else if (v.has_q)   /* the projector is the class's too: the right ones only once revealed */
        snprintf(line, sizeof line, _("%s%s class %s: %d joined, %d answered"), a->sc.note,
                 a->sc.note[0] ? " \xC2\xB7" : "", a->class_join ? a->class_join : "", v.students, v.answered);
    else
        snprintf(line, sizeof line, _("%s%s class %s: %d joined"), a->sc.note, a->sc.note[0] ? " \xC2\xB7" : "",
                 a->class_join ? a->class_join : "", v.students);
    if (strcmp(line, a->class_line)) {
        snprintf(a->class_line, sizeof a->class_line, "%s", line);
        changed = 1;
    }
    return changed;
}
