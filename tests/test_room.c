/* test_room.c — the class's room as the event streams and answers see it:
 * every student found by its token (and no other token), each student's
 * event with the shared fields formatted once per change of the room and
 * the student's own answer added, and the index rebuilt by --resume. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "model/model.h"
#include "class/room.h"
#include "class/room_events.h"
#include "class/room_export.h"
#include "class/room_replay.h"

enum { N = 300 };   /* past the index's first sizes: it grows three times */

static char token[N][ROOM_TOKEN_LEN + 1];

/* The event room_event_json writes for token (NULL and teacher 1: the teacher's). */
static size_t event(room *r, const char *t, int teacher, char *buf, size_t len)
{
    uint64_t moves, tally;
    return room_event_json(r, t, teacher, buf, len, &moves, &tally);
}

static void test_tokens(room *r)
{
    int known = 0, ids = 0;
    for (int i = 0; i < N; i++) {
        known += room_knows(r, token[i]);
        ids += room_student_id(r, token[i]) == i + 1;
    }
    CHECK(known == N && ids == N, "every token is known (%d) and gives its own student (%d)", known, ids);
    char other[ROOM_TOKEN_LEN + 1];
    memcpy(other, token[7], sizeof other);
    other[ROOM_TOKEN_LEN - 1] = other[ROOM_TOKEN_LEN - 1] == '0' ? '1' : '0';
    CHECK(!room_knows(r, other) && room_student_id(r, other) == -1, "a token one digit off is no one's");
    other[ROOM_TOKEN_LEN - 1] = '\0';
    CHECK(!room_knows(r, other) && !room_knows(r, "") && !room_knows(r, NULL), "nor a shorter one, nor none");
}

/* Every student's event after a move: one formatting of the shared fields,
 * each event those fields and the student's own; an answer formats them again. */
static void test_events(room *r, int step)
{
    static char buf[N][8192];
    room_move(r, step);
    int took = 0;
    for (int i = 0; i < N / 2; i++)
        took += room_answer(r, token[i], step, "2", 1) == ROOM_OK;
    CHECK(took == N / 2, "half the class answers (%d)", took);
    uint64_t before = room_shared_renders(r);
    for (int i = 0; i < N; i++)
        event(r, token[i], 0, buf[i], sizeof buf[i]);
    CHECK(room_shared_renders(r) == before + 1, "%d events, the shared fields formatted once (%llu times)", N,
          (unsigned long long)(room_shared_renders(r) - before));
    size_t shared = (size_t)(strstr(buf[0], ",\"you\":") - buf[0]);
    int own = 0, same = 0, answered = 0;
    for (int i = 0; i < N; i++) {
        char you[64];
        snprintf(you, sizeof you, ",\"you\":{\"id\":%d,", i + 1);
        own += strstr(buf[i], you) != NULL;
        same += !strncmp(buf[i], buf[0], shared) && !strncmp(buf[i] + shared, ",\"you\":", 7);
        answered += (strstr(buf[i] + shared, "\"answer\":") != NULL) == (i < N / 2);
    }
    CHECK(own == N && same == N && answered == N, "each event: the shared fields (%d), its own id (%d) and answer (%d)",
          same, own, answered);
    char want[64];
    snprintf(want, sizeof want, "\"step\":%d,", step);
    CHECK_CONTAINS(buf[0], want);
    CHECK_CONTAINS(buf[0], "\"answered\":150");
    CHECK(room_answer(r, token[N - 1], step, "2", 1) == ROOM_OK, "one more answer");
    event(r, token[0], 0, buf[0], sizeof buf[0]);
    CHECK(room_shared_renders(r) == before + 2 && strstr(buf[0], "\"answered\":151"),
          "the room changed: formatted again, with the new count: %s", buf[0]);
    event(r, NULL, 1, buf[1], sizeof buf[1]);
    CHECK(strstr(buf[1], "\"watching\":") && !strstr(buf[1], "\"you\"") && strstr(buf[1], "\"bars\":"),
          "the teacher's event: who watches and the spread, no student's own: %s", buf[1]);
    CHECK(!strstr(buf[0], "\"watching\":") && !strstr(buf[0], "\"bars\":"), "not the students': %s", buf[0]);
    room_reveal(r);
    event(r, token[0], 0, buf[0], sizeof buf[0]);
    CHECK(strstr(buf[0], "\"revealed\":true") && strstr(buf[0], "\"bars\":") && strstr(buf[0], "\"right\":"),
          "revealed: the spread and whether the student was right: %s", buf[0]);
}

int main(void)
{
    rv_config c = rv_config_default();
    char err[300];
    c.version = rv_version_parse("v1");
    rv_trace *tr = rv_model_run(&c, err, sizeof err);
    rv_analysis *an = tr ? rv_analyze(tr, err, sizeof err) : NULL;
    CHECK(an != NULL, "v1 analysed: %s", err);
    if (!an)
        return check_report();
    int step = -1;   /* a step whose question takes "2" for an answer */
    for (int s = 1; s < tr->nsteps && step < 0; s++) {
        quiz_question q;
        int64_t number;
        uint32_t lanes;
        if (quiz_pick_question(an, s, &q) && quiz_parse_answer(an, &q, "2", &number, &lanes, err, sizeof err) == 0)
            step = s;
    }
    CHECK(step > 0, "v1 has a step asking a number");
    char path[] = "/tmp/rv-test-room-XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0)
        close(fd);
    room *r = room_new(an, 0, NULL, path, "ABC234", err, sizeof err);
    CHECK(r != NULL, "a room: %s", err);
    if (!r || step < 0)
        return check_report();
    int id, joined = 0;
    for (int i = 0; i < N; i++)
        joined += room_join(r, "ABC234", "", token[i], &id, 0) == ROOM_OK && id == i + 1;
    CHECK(joined == N, "%d students join, numbered in turn", joined);
    test_tokens(r);
    test_events(r, step);
    room_close(r);
    room_free(r);
    /* --resume: the same students, found by the same tokens */
    r = room_new(an, 0, NULL, NULL, "ABC234", err, sizeof err);
    int joins = 0, answers = 0;
    CHECK(r && room_replay(r, path, &joins, &answers) == 0 && joins == N && answers == N / 2 + 1,
          "read back: %d joins, %d answers", joins, answers);
    if (r)
        test_tokens(r);
    room_free(r);
    unlink(path);
    rv_analysis_free(an);
    rv_trace_free(tr);
    return check_report();
}
