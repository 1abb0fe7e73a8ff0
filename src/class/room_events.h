/* room_events.h — what an event stream sends: the room as one JSON object. */
#ifndef RV_ROOM_EVENTS_H
#define RV_ROOM_EVENTS_H

#include <stddef.h>
#include <stdint.h>
#include "room.h"

/* The state as one JSON object for an event stream: the step, whether it
 * is revealed, how many answered; the spread for the teacher (teacher 1)
 * always, for students once revealed; for a student (token) its own answer
 * and, once revealed, whether it was right.  *moves and *tally get the
 * counters it shows (for room_changed: a student's tally is student_tally).  Returns the length written (always < len). */
size_t room_event_json(room *r, const char *token, int teacher, char *buf, size_t len, uint64_t *moves,
                       uint64_t *tally);
/* How many times the fields every student's event shares were formatted:
 * once per change of the room, however many streams it reaches. */
uint64_t room_shared_renders(room *r);

#endif
