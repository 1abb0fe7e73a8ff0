/* room_replay.c — a class resumed (`reducevis class --resume DIR`, room_replay.h):
 * its join code and, into a new room, its students and their answers, read
 * back from the answers file. */
#define _GNU_SOURCE
#include "room_replay.h"

#include <stdlib.h>
#include <string.h>
#include "core/json.h"
#include "room_private.h"

static const char *member_text(const rv_json *o, const char *key)
{
    for (int i = 0; i < o->nkids; i++)
        if (!strcmp(o->kids[i].key, key) && o->kids[i].type == RV_JSON_STRING) return o->kids[i].text;
    return NULL;
}

static int member_int(const rv_json *o, const char *key)
{
    for (int i = 0; i < o->nkids; i++)
        if (!strcmp(o->kids[i].key, key) && o->kids[i].type == RV_JSON_NUMBER) return (int)o->kids[i].number;
    return -1;
}

static int member_bool(const rv_json *o, const char *key)
{
    for (int i = 0; i < o->nkids; i++)
        if (!strcmp(o->kids[i].key, key)) return o->kids[i].type == RV_JSON_BOOL && o->kids[i].number != 0;
    return 0;
}

int room_log_code(const char *answers_path, char code[ROOM_CODE_LEN + 1])
{
    FILE *f = fopen(answers_path, "r");
    char line[4096];
    int found = 0;
    while (f && fgets(line, sizeof line, f)) {
        rv_json o;
        char err[200];
        if (rv_json_parse(line, strlen(line), &o, err, sizeof err) != 0) continue;
        const char *ev = o.type == RV_JSON_OBJECT ? member_text(&o, "event") : NULL, *c = NULL;
        if (ev && !strcmp(ev, "start") && (c = member_text(&o, "code")) && strlen(c) == ROOM_CODE_LEN) {
            memcpy(code, c, ROOM_CODE_LEN + 1);
            found = 1; /* the last start: the code the class has now */
        }
        rv_json_free(&o);
    }
    if (f) fclose(f);
    return found ? 0 : -1;
}

int room_replay(room *r, const char *answers_path, int *joins, int *answers)
{
    FILE *f = fopen(answers_path, "r");
    if (!f) return -1;
    char line[4096];
    *joins = *answers = 0;
    pthread_mutex_lock(&r->mu);
    while (fgets(line, sizeof line, f)) {
        rv_json o;
        char err[200];
        if (rv_json_parse(line, strlen(line), &o, err, sizeof err) != 0)
            continue; /* a line cut short by a kill: the rest is whole */
        const char *ev = o.type == RV_JSON_OBJECT ? member_text(&o, "event") : NULL;
        const char *token = member_text(&o, "token"), *name = member_text(&o, "name"), *sent = member_text(&o, "sent");
        int id = member_int(&o, "student"), step = member_int(&o, "step") - 1;
        if (ev && !strcmp(ev, "join") && token && strlen(token) == ROOM_TOKEN_LEN && !room_find(r, token) && id > 0 &&
            r->ns < r->lim.max_students) {
            if (room_add_student(r, token, name, id)) (*joins)++;
        } else if (ev && !strcmp(ev, "answer") && sent && step >= 0 && step < r->nsteps && r->has_q[step]) {
            student *s = NULL;
            for (int i = 0; i < r->ns && !s; i++)
                if (r->s[i].id == id) s = &r->s[i];
            int64_t number = 0;
            uint32_t lanes = 0;
            char why[120];
            if (s && quiz_parse_answer(r->an, &r->q[step], sent, &number, &lanes, why, sizeof why) == 0) {
                s->has[step] = 1;
                s->number[step] = number;
                s->lanes[step] = lanes;
                r->asked[step] = 1;
                (*answers)++;
            }
        } else if (ev && !strcmp(ev, "names")) {
            r->names_shown = member_bool(&o, "show"); /* the last one is how the teacher left it */
        }
        rv_json_free(&o);
    }
    fclose(f);
    r->tally++;
    r->student_tally++;
    pthread_mutex_unlock(&r->mu);
    return 0;
}
