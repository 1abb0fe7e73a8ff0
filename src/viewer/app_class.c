/* app_class.c — the window in a live class: it follows the room (../room.h)
 * and moves it.  The teacher may step from the window's keys or from the
 * teacher's page; whichever moved last, the other follows.  The window
 * never waits for the room: room_view_try gives up at once when the
 * server holds the lock, and the next tick asks again.
 */
#include "app.h"

#include <stdio.h>
#include <string.h>
#include "../i18n.h"
#include "../room.h"
#include "class_live.h"

int app_class_sync(app *a)
{
    room_view v;
    if (!a->room || !room_view_try(a->room, &v))
        return 0;
    int changed = 0, pos = a->comparing ? a->row : a->step;
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
