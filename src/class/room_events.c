/* room_events.c — the room's state as the JSON of one event for a stream
 * (room_events.h): the fields every student's event shares are formatted
 * once per change and kept, each event adds only the student's own. */
#define _GNU_SOURCE
#include "room_events.h"

#include <stdio.h>
#include <string.h>
#include "core/json.h"
#include "room_private.h"

/* Under the lock: every field of an event but the student's own ("you")
 * and the closing brace; the teacher's with the spread and who watches. */
static void event_fields(FILE *f, room *r, const room_view *v, int teacher)
{
    fprintf(f, "{\"step\":%d,\"nsteps\":%d,\"question\":%s,\"revealed\":%s,\"students\":%d,\"answered\":%d", v->step,
            v->nsteps, v->has_q ? "true" : "false", v->revealed ? "true" : "false", v->students, v->answered);
    if (v->has_q)
        fprintf(f, ",\"kind\":\"%s\",\"lanes\":%s", quiz_kind_name(r->q[v->step].kind),
                r->q[v->step].type == QUIZ_LANE_SET ? "true" : "false");
    if (teacher || v->revealed) {
        fprintf(f, ",\"right\":%d,\"bars\":[", v->right);
        for (int b = 0; b < v->nbars; b++) {
            fputs(b ? ",{\"label\":" : "{\"label\":", f);
            rv_json_string(f, v->bars[b].label);
            fprintf(f, ",\"count\":%d,\"right\":%s}", v->bars[b].count, v->bars[b].right ? "true" : "false");
        }
        fputs("]", f);
    }
    if (teacher) /* whether names are shown: the teacher's button says which way it goes */
        fprintf(f, ",\"watching\":%d,\"names\":%s", v->watching, r->names_shown ? "true" : "false");
    if (v->revealed && v->has_q) {
        fputs(",\"answer\":", f);
        rv_json_string(f, r->q[v->step].answer);
    }
}

/* Under the lock: the fields every student's event shares, formatted again
 * only when the room changed (moves or tally) since they last were, so a
 * step change reaching two thousand streams is formatted once and copied
 * two thousand times.  NULL in the unlikely case they do not fit. */
static const char *shared_fields(room *r, const room_view *v, size_t *len)
{
    if (!r->shared_valid || r->shared_moves != r->moves || r->shared_tally != r->tally) {
        r->shared_valid = 0;
        FILE *f = fmemopen(r->shared, sizeof r->shared, "w");
        if (!f) return NULL;
        event_fields(f, r, v, 0);
        fflush(f);
        long n = ftell(f);
        fclose(f);
        if (n < 0 || (size_t)n >= sizeof r->shared) return NULL;
        r->shared_len = (size_t)n;
        r->shared_moves = r->moves;
        r->shared_tally = r->tally;
        r->shared_valid = 1;
        r->shared_renders++;
    }
    *len = r->shared_len;
    return r->shared;
}

/* Under the lock: a student's own part, what it answered and, once
 * revealed, whether that was right. */
static void you_fields(FILE *f, room *r, const room_view *v, const student *s)
{
    fprintf(f, ",\"you\":{\"id\":%d,\"name\":", s->id);
    rv_json_string(f, s->name);
    if (v->has_q && s->has[v->step]) {
        char words[QUIZ_ANSWER_LEN];
        const quiz_question *q = &r->q[v->step];
        quiz_format_answer(q, s->number[v->step], s->lanes[v->step], words, sizeof words);
        fputs(",\"answer\":", f);
        rv_json_string(f, words);
        if (v->revealed)
            fprintf(f, ",\"right\":%s", quiz_check_answer(q, s->number[v->step], s->lanes[v->step]) ? "true" : "false");
    }
    fputs("}", f);
}

size_t room_event_json(room *r, const char *token, int teacher, char *buf, size_t len, uint64_t *moves, uint64_t *tally)
{
    FILE *f = fmemopen(buf, len, "w");
    if (!f) {
        snprintf(buf, len, "{}");
        return strlen(buf);
    }
    pthread_mutex_lock(&r->mu);
    room_view v;
    room_view_locked(r, &v);
    *moves = v.moves;
    *tally = teacher ? r->published : r->student_published;
    size_t shared_len = 0;
    const char *shared = teacher ? NULL : shared_fields(r, &v, &shared_len);
    if (shared)
        fwrite(shared, 1, shared_len, f);
    else
        event_fields(f, r, &v, teacher);
    const student *s = token ? room_find(r, token) : NULL;
    if (s) you_fields(f, r, &v, s);
    pthread_mutex_unlock(&r->mu);
    fputs("}", f);
    fflush(f);
    long n = ftell(f);
    fclose(f);
    if (n < 0 || (size_t)n >= len) { /* cannot happen at the sizes used: say so plainly */
        snprintf(buf, len, "{}");
        return strlen(buf);
    }
    buf[n] = '\0';
    return (size_t)n;
}

uint64_t room_shared_renders(room *r)
{
    pthread_mutex_lock(&r->mu);
    uint64_t n = r->shared_renders;
    pthread_mutex_unlock(&r->mu);
    return n;
}
