/* room_students.c — the students of a live class (room.h): who may join
 * (the class's code compared in constant time, a name that is text, a
 * token bucket against floods of joins), who they are afterwards (a token
 * looked up in the keyed index, token_index.h, not a walk over the class),
 * and what they answer (one answer per step while its question is open,
 * each student's own bucket against floods of answers).  Joins and answers
 * go into the answers file as they happen, the tokens too, so that a class
 * resumed (room_replay.c) knows its students again.  The room's state, its
 * lock and the teacher's side are room.c's (room_private.h). */
#include "room.h"
#include "room_private.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/json.h"

/* Equal strings, in a time that does not depend on where they differ. */
static int same_secret(const char *a, const char *b, size_t n)
{
    unsigned char d = 0;
    size_t la = strnlen(a, n + 1), lb = strnlen(b, n + 1);
    for (size_t i = 0; i < n; i++) d |= (unsigned char)((i < la ? a[i] : 0) ^ (i < lb ? b[i] : 0));
    return d == 0 && la == lb;
}

/* A name a person may give: at most ROOM_NAME_LEN bytes of well-formed
 * UTF-8 with no control characters (the pages show it as text, the CSV
 * quotes it: the rest is theirs). */
static int name_ok(const char *s)
{
    size_t n = strnlen(s, ROOM_NAME_LEN + 1);
    if (n > ROOM_NAME_LEN) return 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        int more = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
        if (more < 0 || c < 0x20 || c == 0x7F || (more == 1 && c < 0xC2) || i + (size_t)more >= n) return 0;
        for (int k = 1; k <= more; k++)
            if (((unsigned char)s[i + (size_t)k] & 0xC0) != 0x80) return 0;
        i += (size_t)more + 1;
    }
    return 1;
}

/* Takes one from a token bucket refilled at rate per second up to burst.
 * 1 taken, 0 empty. */
static int bucket_take(double *bucket, double *at, double burst, double rate, double now)
{
    if (*at >= 0 && now > *at) *bucket += (now - *at) * rate;
    if (*bucket > burst) *bucket = burst;
    *at = now;
    if (*bucket < 1) return 0;
    *bucket -= 1;
    return 1;
}

static const char *token_at(const void *owner, int pos) { return ((const room *)owner)->s[pos].token; }

/* The student holding token, or NULL: one lookup in the index, not a walk
 * over the class (token_index.h says why). */
student *room_find(room *r, const char *token)
{
    if (!token || strnlen(token, ROOM_TOKEN_LEN + 1) != ROOM_TOKEN_LEN) return NULL;
    int i = token_index_find(&r->by_token, token, ROOM_TOKEN_LEN, token_at, r);
    return i < 0 ? NULL : &r->s[i];
}

/* Under the lock: a new student at the end of the array, with token, name
 * and id, its answers empty, in the index.  NULL when memory ran out. */
student *room_add_student(room *r, const char *token, const char *name, int id)
{
    if (r->ns == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        student *p = realloc(r->s, (size_t)cap * sizeof *p);
        if (!p) return NULL;
        r->s = p;
        r->cap = cap;
    }
    student *s = &r->s[r->ns];
    memset(s, 0, sizeof *s);
    s->has = calloc((size_t)r->nsteps, 1);
    s->number = calloc((size_t)r->nsteps, sizeof *s->number);
    s->lanes = calloc((size_t)r->nsteps, sizeof *s->lanes);
    memcpy(s->token, token, ROOM_TOKEN_LEN);
    s->token[ROOM_TOKEN_LEN] = '\0';
    if (!s->has || !s->number || !s->lanes ||
        token_index_add(&r->by_token, s->token, ROOM_TOKEN_LEN, r->ns, token_at, r) != 0) {
        free(s->has);
        free(s->number);
        free(s->lanes);
        return NULL;
    }
    snprintf(s->name, sizeof s->name, "%s", name ? name : "");
    s->id = id;
    s->bucket = r->lim.answer_burst;
    s->bucket_at = -1;
    r->ns++;
    return s;
}

int room_knows(room *r, const char *token)
{
    pthread_mutex_lock(&r->mu);
    int k = room_find(r, token) != NULL;
    pthread_mutex_unlock(&r->mu);
    return k;
}

int room_student_id(room *r, const char *token)
{
    pthread_mutex_lock(&r->mu);
    const student *s = room_find(r, token);
    int id = s ? s->id : -1;
    pthread_mutex_unlock(&r->mu);
    return id;
}

room_status room_join(room *r, const char *code, const char *name, char token[ROOM_TOKEN_LEN + 1], int *id, double now)
{
    if (!code || !same_secret(code, r->code, ROOM_CODE_LEN)) return ROOM_BAD_CODE;
    if (!name_ok(name ? name : "")) return ROOM_BAD_NAME;
    unsigned char b[ROOM_TOKEN_LEN / 2];
    if (room_random_bytes(b, sizeof b) != 0) return ROOM_FULL;
    pthread_mutex_lock(&r->mu);
    room_status st = ROOM_OK;
    char hex[ROOM_TOKEN_LEN + 1];
    for (size_t i = 0; i < sizeof b; i++) snprintf(hex + 2 * i, 3, "%02x", b[i]);
    student *s = NULL;
    if (!bucket_take(&r->join_bucket, &r->join_at, r->lim.join_burst, r->lim.joins_per_s, now))
        st = ROOM_SLOW_DOWN;
    else if (r->ns >= r->lim.max_students || !(s = room_add_student(r, hex, name, r->ns + 1)))
        st = ROOM_FULL;
    if (st == ROOM_OK) {
        memcpy(token, s->token, ROOM_TOKEN_LEN + 1);
        *id = s->id;
        r->tally++;
        r->student_tally++;
        if (r->log) {
            char at[40];
            room_stamp(at, sizeof at);
            fprintf(r->log, "{\"at\":\"%s\",\"event\":\"join\",\"student\":%d,\"name\":", at, s->id);
            rv_json_string(r->log, s->name);
            /* the token too, so that `class --resume` knows the student again */
            fprintf(r->log, ",\"token\":\"%s\"}\n", s->token);
            fflush(r->log);
        }
    }
    pthread_mutex_unlock(&r->mu);
    return st;
}

room_status room_answer(room *r, const char *token, int step, const char *text, double now)
{
    if (!text || strnlen(text, ROOM_ANSWER_LEN + 1) > ROOM_ANSWER_LEN) return ROOM_BAD_CHOICE;
    pthread_mutex_lock(&r->mu);
    room_status st = ROOM_OK;
    student *s = room_find(r, token);
    int64_t number = 0;
    uint32_t lanes = 0;
    char why[120];
    if (!s)
        st = ROOM_UNKNOWN_STUDENT;
    else if (!bucket_take(&s->bucket, &s->bucket_at, r->lim.answer_burst, r->lim.answers_per_s, now))
        st = ROOM_SLOW_DOWN;
    else if (step != r->step || r->revealed || !r->has_q[step])
        st = ROOM_NOT_NOW;
    else if (quiz_parse_answer(r->an, &r->q[step], text, &number, &lanes, why, sizeof why) != 0)
        st = ROOM_BAD_CHOICE;
    if (st == ROOM_OK) {
        s->has[step] = 1;
        s->number[step] = number;
        s->lanes[step] = lanes;
        r->tally++;
        r->student_tally++;
        if (r->log) {
            char at[40], words[QUIZ_ANSWER_LEN];
            room_stamp(at, sizeof at);
            quiz_format_answer(&r->q[step], number, lanes, words, sizeof words);
            fprintf(r->log, "{\"at\":\"%s\",\"event\":\"answer\",\"student\":%d,\"step\":%d,\"answer\":", at, s->id,
                    step + 1);
            rv_json_string(r->log, words);
            fprintf(r->log,
                    ",\"right\":%s,\"sent\":", quiz_check_answer(&r->q[step], number, lanes) ? "true" : "false");
            rv_json_string(r->log, text); /* as sent: what --resume reads back */
            fputs("}\n", r->log);
            fflush(r->log);
        }
    }
    pthread_mutex_unlock(&r->mu);
    return st;
}

int room_student_name(room *r, int id, char *buf, size_t len)
{
    pthread_mutex_lock(&r->mu);
    const student *s = NULL;
    /* numbers are given in order of joining, so s[id - 1] is nearly always it */
    if (id >= 1 && id <= r->ns && r->s[id - 1].id == id) s = &r->s[id - 1];
    for (int i = 0; i < r->ns && !s; i++)
        if (r->s[i].id == id) s = &r->s[i];
    int found = s && r->names_shown;
    snprintf(buf, len, "%s", found ? s->name : "");
    pthread_mutex_unlock(&r->mu);
    return found;
}
