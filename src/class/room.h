/* room.h — a live class as data: where the lesson is, who joined, what each
 * student answered to each step's question, and whether it was revealed.
 *
 * `reducevis class` keeps one room.  The HTTP server (class_http.h) turns
 * requests into room calls and the room's state into events; the window
 * follows the room and moves it (class_link.h); neither reaches into the
 * other.  Every call takes the room's one mutex for a short time and never
 * does I/O under it but the answers file's one line; the window reads a
 * snapshot with room_view_try, which never waits for the lock.
 *
 * Trust no client: a student is known only by the token room_join gave it;
 * names and answers are length-capped and checked (quiz_parse_answer:
 * against the question's own choices); answers and joins are rate-limited;
 * only the teacher (holding the secret, checked by the server) moves the
 * lesson or reveals.
 *
 * Every join and answer is appended to the answers file as one JSON line
 * and flushed at once, so a killed server loses none of them; the exports
 * (CSV, JSON: one row per student and question asked) are written from the
 * room at the end or on the teacher's request.  Pure C and POSIX threads.
 */
#ifndef RV_ROOM_H
#define RV_ROOM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "core/analysis.h"
#include "core/quiz.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ROOM_NAME_LEN   40  /* bytes of a student's name (UTF-8)           */
#define ROOM_TOKEN_LEN  32  /* hex digits of a student's token, a secret   */
#define ROOM_CODE_LEN   6   /* characters of the join code                 */
#define ROOM_ANSWER_LEN 200 /* bytes of an answer as sent ("0,8,16,...")   */
#define ROOM_MAX_BARS   8   /* distinct answers in the spread; the rest: "other" */

typedef struct room room;

/* Limits; zero fields mean the defaults (room.c). */
typedef struct room_limits {
    int max_students;                   /* joins beyond this are refused               */
    double answer_burst, answers_per_s; /* per student: a token bucket          */
    double join_burst, joins_per_s;     /* for the whole room                   */
} room_limits;

typedef enum room_status {
    ROOM_OK = 0,
    ROOM_BAD_CODE,        /* the join code is not this class's           */
    ROOM_BAD_NAME,        /* too long, not UTF-8, control characters     */
    ROOM_FULL,            /* max_students joined                         */
    ROOM_SLOW_DOWN,       /* the rate limit                              */
    ROOM_UNKNOWN_STUDENT, /* no student has this token                   */
    ROOM_NOT_NOW,         /* not the current step, no question, revealed */
    ROOM_BAD_CHOICE,      /* not one of the question's choices           */
} room_status;

/* What status means, in a few words (for the HTTP answer and the logs). */
const char *room_status_text(room_status s);

/* One bar of the spread of answers: the answer in words, how many gave
 * it, and whether it is the right one. */
typedef struct room_bar {
    char label[QUIZ_ANSWER_LEN];
    int count, right;
} room_bar;

/* A snapshot of the room, as the teacher sees it. */
typedef struct room_view {
    uint64_t moves; /* changes of step or reveal, from 0           */
    uint64_t tally; /* changes of the answers and of who joined    */
    int step, nsteps;
    int has_q, revealed;
    int students;        /* joined                                       */
    int watching;        /* event streams open now                       */
    int answered, right; /* at this step                                 */
    int nbars;           /* the spread at this step, most given first    */
    room_bar bars[ROOM_MAX_BARS + 1];
} room_view;

/* A room for analysis an (which must outlive it): the question of each
 * step is the one predict mode asks (quiz_pick_question).  an NULL: npos
 * positions with no questions (two versions compared).  answers_path:
 * the answers file, appended to (created if need be).  code: the join code
 * (ROOM_CODE_LEN characters; NULL makes a random one).  NULL + err. */
room *room_new(const rv_analysis *an, int npos, const room_limits *lim, const char *answers_path, const char *code,
               char *err, size_t errlen);
/* Wakes every waiter (they see room_closing) ... */
void room_close(room *r);
/* ... and frees the room once no one waits any more. */
void room_free(room *r);
int room_closing(room *r);

/* The join code students type (or the QR code carries). */
const char *room_code(const room *r);

/* A student joins with the class's code and a name ("" is anonymous):
 * token gets its secret (ROOM_TOKEN_LEN hex digits), *id its number. */
room_status room_join(room *r, const char *code, const char *name, char token[ROOM_TOKEN_LEN + 1], int *id, double now);
/* The student's answer to step's question (step: 0-based, must be the
 * current one, not yet revealed); a later answer replaces an earlier one. */
room_status room_answer(room *r, const char *token, int step, const char *text, double now);
/* 1 when token is a student's. */
int room_knows(room *r, const char *token);
/* The student's number (as joined), or -1 when token is no student's. */
int room_student_id(room *r, const char *token);

/* The teacher: go to step (clamped; the step's question opens again,
 * answers kept), reveal the current step's answer. */
void room_move(room *r, int step);
void room_reveal(room *r);
/* The teacher shows (show 1) or hides the students' names on its own page;
 * hidden at the start of a class.  Kept as an event line in the answers
 * file, read back by room_replay. */
void room_show_names(room *r, int show);
/* Student number id's name into buf, only while the names are shown: 1;
 * else buf "" and 0 (hidden, no such student).  For the teacher's JSON only:
 * no student is ever given another's name. */
int room_student_name(room *r, int id, char *buf, size_t len);
/* 1 when step's answer has been revealed (now or earlier in the lesson). */
int room_was_revealed(room *r, int step);

/* The snapshot, always (waits for the lock); or only when the lock is free
 * at once (the window's frame never waits): 1 taken, 0 busy (v untouched). */
void room_view_get(room *r, room_view *v);
int room_view_try(room *r, room_view *v);

/* An event stream: counts itself while open. */
void room_watch(room *r, int delta);

/* Waits until the step moves, the tally changes (published at most every
 * room_publish call), the room closes, or timeout_ms pass.  Returns 1 when
 * something changed since (moves, tally), 0 on timeout. */
int room_wait(room *r, uint64_t moves, uint64_t tally, int timeout_ms);
/* The counters room_wait compares: what a waiter has seen is "now"; and
 * student_tally, the published changes a student's event shows (joins and
 * answers; not who is watching, which only the teacher's shows). */
void room_counters(room *r, uint64_t *moves, uint64_t *tally, uint64_t *student_tally);
/* Without waiting: 1 when the room closes, the step moved, or what the
 * teacher's (teacher 1) or a student's event shows changed since (moves,
 * tally) as room_event_json gave them; else 0. */
int room_changed(room *r, uint64_t moves, uint64_t tally, int teacher);
/* Makes answers given since the last call visible to waiters (the server
 * calls it a few times a second: one wake-up for many answers). */
void room_publish(room *r);

/* The question of step (NULL when the step has none). */
const quiz_question *room_question(const room *r, int step);

#ifdef __cplusplus
}
#endif

#endif
