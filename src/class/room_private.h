/* room_private.h — the room's insides, for the files that make up the room
 * (room.c: its state, the teacher's calls and the waiting; room_students.c:
 * the students' joins and answers; room_events.c: the events' JSON;
 * room_export.c: the results; room_replay.c: a class resumed).  Nothing
 * outside src/class/room*.c includes it. */
#ifndef RV_ROOM_PRIVATE_H
#define RV_ROOM_PRIVATE_H

#include <pthread.h>
#include "room.h"
#include "room_export.h"
#include "token_index.h"

typedef struct student {
    char token[ROOM_TOKEN_LEN + 1];
    char name[ROOM_NAME_LEN + 1];
    int id;
    double bucket, bucket_at; /* answers left in the bucket, when it was counted */
    uint8_t *has;             /* [nsteps]: answered                          */
    int64_t *number;          /* [nsteps]                                    */
    uint32_t *lanes;          /* [nsteps]                                    */
} student;

struct room {
    pthread_mutex_t mu;
    pthread_cond_t moved;
    const rv_analysis *an;
    int nsteps;
    quiz_question *q;       /* [nsteps] */
    uint8_t *has_q, *asked; /* [nsteps] */
    uint8_t *shown;         /* [nsteps]: its answer was revealed            */
    room_limits lim;
    char code[ROOM_CODE_LEN + 1];
    FILE *log;
    student *s;
    int ns, cap;
    token_index by_token; /* where each student's token is in s        */
    int step, revealed, watching, closing, waiters;
    int names_shown; /* the teacher shows the students' names (room_show_names) */
    uint64_t moves, tally, published;
    /* the changes a student's event shows (joins and answers: not who is
     * watching, which only the teacher sees), and those published */
    uint64_t student_tally, student_published;
    double join_bucket, join_at;
    /* the spread at the current step, counted for tally bars_tally */
    uint64_t bars_tally, bars_moves;
    int bars_valid;
    room_view view;
    /* the fields every student's event shares, for (shared_moves, shared_tally) */
    char shared[8192];
    size_t shared_len;
    uint64_t shared_moves, shared_tally, shared_renders;
    int shared_valid;
    room_kernels_fn kernels; /* the kernels sent, for the exports          */
    void *kernels_arg;
};

/* n random bytes from the kernel.  0, or -1 (room.c). */
int room_random_bytes(unsigned char *buf, size_t n);
/* The wall clock as the answers file writes it, "2026-11-25T07:31:21.123Z"
 * (room.c). */
void room_stamp(char *buf, size_t len);

/* Under the lock: the student holding token, or NULL (room_students.c). */
student *room_find(room *r, const char *token);
/* Under the lock: a student added with that token, name and number; NULL
 * out of memory. */
student *room_add_student(room *r, const char *token, const char *name, int id);

/* Under the lock: the snapshot room_view_get gives. */
void room_view_locked(room *r, room_view *v);

#endif
