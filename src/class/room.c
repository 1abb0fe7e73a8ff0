/* room.c — a live class's state (room.h).
 *
 * One mutex guards everything; a condition variable wakes the event
 * streams when the step moves (at once) or when answers were published
 * (room_publish, a few times a second: a class of 500 answering within a
 * second wakes each stream a few times, not 500).  Students are an array,
 * found by token through a keyed hash table (token_index.h): a walk over
 * the class for every answer and every event was most of the server's time
 * at two thousand students.  The spread of answers is counted once per
 * change of the tally and kept for every stream that asks, and so are the
 * fields every student's event shares (each event adds only the student's
 * own answer to them).
 */
#define _GNU_SOURCE
#include "room.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>
#include "core/json.h"
#include "core/i18n.h"
#include "token_index.h"
#include "core/versions.h"

enum { DEFAULT_MAX_STUDENTS = 2000 };
#define DEFAULT_ANSWER_BURST 8.0
#define DEFAULT_ANSWERS_PER_S 4.0
#define DEFAULT_JOIN_BURST 600.0
#define DEFAULT_JOINS_PER_S 200.0

/* Join codes avoid letters and digits that look alike (0 O, 1 I L). */
static const char code_alphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

typedef struct student {
    char token[ROOM_TOKEN_LEN + 1];
    char name[ROOM_NAME_LEN + 1];
    int id;
    double bucket, bucket_at;   /* answers left in the bucket, when it was counted */
    uint8_t *has;               /* [nsteps]: answered                          */
    int64_t *number;            /* [nsteps]                                    */
    uint32_t *lanes;            /* [nsteps]                                    */
} student;

struct room {
    pthread_mutex_t mu;
    pthread_cond_t moved;
    const rv_analysis *an;
    int nsteps;
    quiz_question *q;           /* [nsteps] */
    uint8_t *has_q, *asked;     /* [nsteps] */
    uint8_t *shown;             /* [nsteps]: its answer was revealed            */
    room_limits lim;
    char code[ROOM_CODE_LEN + 1];
    FILE *log;
    student *s;
    int ns, cap;
    token_index by_token;       /* where each student's token is in s        */
    int step, revealed, watching, closing, waiters;
    int names_shown;            /* the teacher shows the students' names (room_show_names) */
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
    room_kernels_fn kernels;    /* the kernels sent, for the exports          */
    void *kernels_arg;
};

const char *room_status_text(room_status s)
{
    switch (s) {
    case ROOM_OK: return "ok";
    case ROOM_BAD_CODE: return _("this is not the class's join code");
    case ROOM_BAD_NAME: return _("a name is at most 40 bytes of text, no control characters");
    case ROOM_FULL: return _("the class is full");
    case ROOM_SLOW_DOWN: return _("too many requests: slow down");
    case ROOM_UNKNOWN_STUDENT: return _("unknown student: join again");
    case ROOM_NOT_NOW: return _("this question is not open");
    case ROOM_BAD_CHOICE: return _("not one of the question's choices");
    }
    return "?";
}

/* n random bytes from the kernel.  0, or -1. */
static int random_bytes(unsigned char *buf, size_t n)
{
    while (n > 0) {
        ssize_t k = getrandom(buf, n, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        buf += k;
        n -= (size_t)k;
    }
    return 0;
}

static void stamp(char *buf, size_t len)
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t n = strftime(buf, len, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(buf + n, len - n, ".%03ldZ", ts.tv_nsec / 1000000);
}

room *room_new(const rv_analysis *an, int npos, const room_limits *lim, const char *answers_path,
               const char *code, char *err, size_t errlen)
{
    room *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&r->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&r->moved, &ca);
    pthread_condattr_destroy(&ca);
    r->an = an;
    if (token_index_init(&r->by_token) != 0) {
        snprintf(err, errlen, _("no random numbers from the kernel: %s"), strerror(errno));
        room_free(r);
        return NULL;
    }
    r->nsteps = an ? an->tr->nsteps : npos > 0 ? npos : 1;
    r->q = calloc((size_t)r->nsteps, sizeof *r->q);
    r->has_q = calloc((size_t)r->nsteps, 1);
    r->asked = calloc((size_t)r->nsteps, 1);
    r->shown = calloc((size_t)r->nsteps, 1);
    if (!r->q || !r->has_q || !r->asked || !r->shown) {
        snprintf(err, errlen, "out of memory");
        room_free(r);
        return NULL;
    }
    for (int k = 0; an && k < r->nsteps; k++)
        r->has_q[k] = (uint8_t)quiz_pick_question(an, k, &r->q[k]);
    r->asked[0] = 1;
    r->revealed = !r->has_q[0];   /* nothing to ask: shown */
    if (lim)
        r->lim = *lim;
    if (r->lim.max_students <= 0) r->lim.max_students = DEFAULT_MAX_STUDENTS;
    if (r->lim.answer_burst <= 0) r->lim.answer_burst = DEFAULT_ANSWER_BURST;
    if (r->lim.answers_per_s <= 0) r->lim.answers_per_s = DEFAULT_ANSWERS_PER_S;
    if (r->lim.join_burst <= 0) r->lim.join_burst = DEFAULT_JOIN_BURST;
    if (r->lim.joins_per_s <= 0) r->lim.joins_per_s = DEFAULT_JOINS_PER_S;
    r->join_bucket = r->lim.join_burst;
    r->join_at = -1;
    if (code) {
        snprintf(r->code, sizeof r->code, "%s", code);
    } else {
        unsigned char b[ROOM_CODE_LEN];
        if (random_bytes(b, sizeof b) != 0) {
            snprintf(err, errlen, _("no random numbers from the kernel: %s"), strerror(errno));
            room_free(r);
            return NULL;
        }
        for (int i = 0; i < ROOM_CODE_LEN; i++)
            r->code[i] = code_alphabet[b[i] % (sizeof code_alphabet - 1)];
    }
    if (answers_path) {
        /* O_APPEND: every line goes at the end, whatever else writes the file */
        /* 0600: the join lines hold the students' tokens */
        int fd = open(answers_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        if (fd < 0 || !(r->log = fdopen(fd, "a"))) {
            snprintf(err, errlen, _("cannot open the answers file %s: %s"), answers_path, strerror(errno));
            if (fd >= 0)
                close(fd);
            room_free(r);
            return NULL;
        }
        char at[40];
        stamp(at, sizeof at);
        fprintf(r->log, "{\"at\":\"%s\",\"event\":\"start\",\"version\":", at);
        rv_json_string(r->log, an ? rv_version_name(an->tr->version) : "");
        fprintf(r->log, ",\"positions\":%d,\"code\":\"%s\"}\n", r->nsteps, r->code);
        fflush(r->log);
    }
    return r;
}

void room_close(room *r)
{
    pthread_mutex_lock(&r->mu);
    r->closing = 1;
    pthread_cond_broadcast(&r->moved);
    pthread_mutex_unlock(&r->mu);
}

int room_closing(room *r)
{
    pthread_mutex_lock(&r->mu);
    int c = r->closing;
    pthread_mutex_unlock(&r->mu);
    return c;
}

void room_free(room *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->ns; i++) {
        free(r->s[i].has);
        free(r->s[i].number);
        free(r->s[i].lanes);
    }
    free(r->s);
    token_index_free(&r->by_token);
    free(r->q);
    free(r->has_q);
    free(r->asked);
    free(r->shown);
    if (r->log)
        fclose(r->log);
    pthread_cond_destroy(&r->moved);
    pthread_mutex_destroy(&r->mu);
    free(r);
}

const char *room_code(const room *r)
{
    return r->code;
}

const quiz_question *room_question(const room *r, int step)
{
    return step >= 0 && step < r->nsteps && r->has_q[step] ? &r->q[step] : NULL;
}

/* Equal strings, in a time that does not depend on where they differ. */
static int same_secret(const char *a, const char *b, size_t n)
{
    unsigned char d = 0;
    size_t la = strnlen(a, n + 1), lb = strnlen(b, n + 1);
    for (size_t i = 0; i < n; i++)
        d |= (unsigned char)((i < la ? a[i] : 0) ^ (i < lb ? b[i] : 0));
    return d == 0 && la == lb;
}

/* A name a person may give: at most ROOM_NAME_LEN bytes of well-formed
 * UTF-8 with no control characters (the pages show it as text, the CSV
 * quotes it: the rest is theirs). */
static int name_ok(const char *s)
{
    size_t n = strnlen(s, ROOM_NAME_LEN + 1);
    if (n > ROOM_NAME_LEN)
        return 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        int more = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
        if (more < 0 || c < 0x20 || c == 0x7F || (more == 1 && c < 0xC2) || i + (size_t)more >= n)
            return 0;
        for (int k = 1; k <= more; k++)
            if (((unsigned char)s[i + (size_t)k] & 0xC0) != 0x80)
                return 0;
        i += (size_t)more + 1;
    }
    return 1;
}

/* Takes one from a token bucket refilled at rate per second up to burst.
 * 1 taken, 0 empty. */
static int bucket_take(double *bucket, double *at, double burst, double rate, double now)
{
    if (*at >= 0 && now > *at)
        *bucket += (now - *at) * rate;
    if (*bucket > burst)
        *bucket = burst;
    *at = now;
    if (*bucket < 1)
        return 0;
    *bucket -= 1;
    return 1;
}

static const char *token_at(const void *owner, int pos)
{
    return ((const room *)owner)->s[pos].token;
}

/* The student holding token, or NULL: one lookup in the index, not a walk
 * over the class (token_index.h says why). */
static student *find(room *r, const char *token)
{
    if (!token || strnlen(token, ROOM_TOKEN_LEN + 1) != ROOM_TOKEN_LEN)
        return NULL;
    int i = token_index_find(&r->by_token, token, ROOM_TOKEN_LEN, token_at, r);
    return i < 0 ? NULL : &r->s[i];
}

/* Under the lock: a new student at the end of the array, with token, name
 * and id, its answers empty, in the index.  NULL when memory ran out. */
static student *add_student(room *r, const char *token, const char *name, int id)
{
    if (r->ns == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        student *p = realloc(r->s, (size_t)cap * sizeof *p);
        if (!p)
            return NULL;
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
    int k = find(r, token) != NULL;
    pthread_mutex_unlock(&r->mu);
    return k;
}

int room_student_id(room *r, const char *token)
{
    pthread_mutex_lock(&r->mu);
    const student *s = find(r, token);
    int id = s ? s->id : -1;
    pthread_mutex_unlock(&r->mu);
    return id;
}

room_status room_join(room *r, const char *code, const char *name, char token[ROOM_TOKEN_LEN + 1], int *id,
                      double now)
{
    if (!code || !same_secret(code, r->code, ROOM_CODE_LEN))
        return ROOM_BAD_CODE;
    if (!name_ok(name ? name : ""))
        return ROOM_BAD_NAME;
    unsigned char b[ROOM_TOKEN_LEN / 2];
    if (random_bytes(b, sizeof b) != 0)
        return ROOM_FULL;
    pthread_mutex_lock(&r->mu);
    room_status st = ROOM_OK;
    char hex[ROOM_TOKEN_LEN + 1];
    for (size_t i = 0; i < sizeof b; i++)
        snprintf(hex + 2 * i, 3, "%02x", b[i]);
    student *s = NULL;
    if (!bucket_take(&r->join_bucket, &r->join_at, r->lim.join_burst, r->lim.joins_per_s, now))
        st = ROOM_SLOW_DOWN;
    else if (r->ns >= r->lim.max_students || !(s = add_student(r, hex, name, r->ns + 1)))
        st = ROOM_FULL;
    if (st == ROOM_OK) {
        memcpy(token, s->token, ROOM_TOKEN_LEN + 1);
        *id = s->id;
        r->tally++;
        r->student_tally++;
        if (r->log) {
            char at[40];
            stamp(at, sizeof at);
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
    if (!text || strnlen(text, ROOM_ANSWER_LEN + 1) > ROOM_ANSWER_LEN)
        return ROOM_BAD_CHOICE;
    pthread_mutex_lock(&r->mu);
    room_status st = ROOM_OK;
    student *s = find(r, token);
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
            stamp(at, sizeof at);
            quiz_format_answer(&r->q[step], number, lanes, words, sizeof words);
            fprintf(r->log, "{\"at\":\"%s\",\"event\":\"answer\",\"student\":%d,\"step\":%d,\"answer\":", at, s->id,
                    step + 1);
            rv_json_string(r->log, words);
            fprintf(r->log, ",\"right\":%s,\"sent\":", quiz_check_answer(&r->q[step], number, lanes) ? "true" : "false");
            rv_json_string(r->log, text);   /* as sent: what --resume reads back */
            fputs("}\n", r->log);
            fflush(r->log);
        }
    }
    pthread_mutex_unlock(&r->mu);
    return st;
}

/* Under the lock: the teacher's view, the spread counted again when the
 * tally or the step changed since it was last counted. */
static void view_locked(room *r, room_view *v)
{
    if (!r->bars_valid || r->bars_tally != r->tally || r->bars_moves != r->moves) {
        room_view *w = &r->view;
        memset(w, 0, sizeof *w);
        int k = r->step;
        const quiz_question *q = r->has_q[k] ? &r->q[k] : NULL;
        int64_t key[ROOM_MAX_BARS];
        uint32_t lkey[ROOM_MAX_BARS];
        for (int i = 0; q && i < r->ns; i++) {
            const student *s = &r->s[i];
            if (!s->has[k])
                continue;
            w->answered++;
            int ok = quiz_check_answer(q, s->number[k], s->lanes[k]);
            w->right += ok;
            int b = 0;
            while (b < w->nbars && b < ROOM_MAX_BARS && (key[b] != s->number[k] || lkey[b] != s->lanes[k]))
                b++;
            if (b == w->nbars && b < ROOM_MAX_BARS) {
                key[b] = s->number[k];
                lkey[b] = s->lanes[k];
                quiz_format_answer(q, s->number[k], s->lanes[k], w->bars[b].label, sizeof w->bars[b].label);
                w->bars[b].right = ok;
                w->nbars++;
            } else if (b == ROOM_MAX_BARS) {   /* the rest: one bar, "other" */
                if (w->nbars == ROOM_MAX_BARS) {
                    snprintf(w->bars[b].label, sizeof w->bars[b].label, "%s", "\xE2\x80\xA6");   /* … */
                    w->nbars++;
                }
            }
            w->bars[b].count++;
        }
        /* most given first (a stable insertion sort of at most 9) */
        for (int i = 1; i < w->nbars && i < ROOM_MAX_BARS; i++)
            for (int j = i; j > 0 && w->bars[j].count > w->bars[j - 1].count; j--) {
                room_bar t = w->bars[j];
                w->bars[j] = w->bars[j - 1];
                w->bars[j - 1] = t;
            }
        r->bars_tally = r->tally;
        r->bars_moves = r->moves;
        r->bars_valid = 1;
    }
    r->view.moves = r->moves;
    r->view.tally = r->tally;
    r->view.step = r->step;
    r->view.nsteps = r->nsteps;
    r->view.has_q = r->has_q[r->step];
    r->view.revealed = r->revealed;
    r->view.students = r->ns;
    r->view.watching = r->watching;
    *v = r->view;
}

void room_view_get(room *r, room_view *v)
{
    pthread_mutex_lock(&r->mu);
    view_locked(r, v);
    pthread_mutex_unlock(&r->mu);
}

int room_view_try(room *r, room_view *v)
{
    if (pthread_mutex_trylock(&r->mu) != 0)
        return 0;
    view_locked(r, v);
    pthread_mutex_unlock(&r->mu);
    return 1;
}

static void moved_locked(room *r)
{
    r->moves++;
    r->published = r->tally;
    r->student_published = r->student_tally;
    pthread_cond_broadcast(&r->moved);
}

void room_move(room *r, int step)
{
    pthread_mutex_lock(&r->mu);
    step = step < 0 ? 0 : step >= r->nsteps ? r->nsteps - 1 : step;
    if (step != r->step) {
        r->step = step;
        r->revealed = !r->has_q[step];
        r->asked[step] = 1;
        moved_locked(r);
    }
    pthread_mutex_unlock(&r->mu);
}

void room_reveal(room *r)
{
    pthread_mutex_lock(&r->mu);
    if (!r->revealed) {
        r->revealed = 1;
        moved_locked(r);
    }
    r->shown[r->step] = 1;
    pthread_mutex_unlock(&r->mu);
}

/* Under the lock: one event line in the answers file, with no more than
 * its name and the time (the event itself is its state). */
static void log_event_locked(room *r, const char *event, const char *fields)
{
    if (!r->log)
        return;
    char at[40];
    stamp(at, sizeof at);
    fprintf(r->log, "{\"at\":\"%s\",\"event\":\"%s\"%s}\n", at, event, fields);
    fflush(r->log);
}

void room_show_names(room *r, int show)
{
    pthread_mutex_lock(&r->mu);
    show = !!show;
    if (show != r->names_shown) {
        r->names_shown = show;
        /* kept, so that `class --resume` shows (or hides) them as the teacher left it */
        log_event_locked(r, "names", show ? ",\"show\":true" : ",\"show\":false");
        r->tally++;   /* the teacher's page hears of it with the next publish */
    }
    pthread_mutex_unlock(&r->mu);
}

int room_names_shown(room *r)
{
    pthread_mutex_lock(&r->mu);
    int y = r->names_shown;
    pthread_mutex_unlock(&r->mu);
    return y;
}

int room_student_name(room *r, int id, char *buf, size_t len)
{
    pthread_mutex_lock(&r->mu);
    const student *s = NULL;
    /* numbers are given in order of joining, so s[id - 1] is nearly always it */
    if (id >= 1 && id <= r->ns && r->s[id - 1].id == id)
        s = &r->s[id - 1];
    for (int i = 0; i < r->ns && !s; i++)
        if (r->s[i].id == id)
            s = &r->s[i];
    int found = s && r->names_shown;
    snprintf(buf, len, "%s", found ? s->name : "");
    pthread_mutex_unlock(&r->mu);
    return found;
}

int room_was_revealed(room *r, int step)
{
    pthread_mutex_lock(&r->mu);
    int y = step >= 0 && step < r->nsteps && (r->shown[step] || (step == r->step && r->revealed));
    pthread_mutex_unlock(&r->mu);
    return y;
}

void room_watch(room *r, int delta)
{
    pthread_mutex_lock(&r->mu);
    r->watching += delta;
    r->tally++;
    pthread_mutex_unlock(&r->mu);
}

void room_publish(room *r)
{
    pthread_mutex_lock(&r->mu);
    if (r->published != r->tally) {
        r->published = r->tally;
        r->student_published = r->student_tally;
        pthread_cond_broadcast(&r->moved);
    }
    pthread_mutex_unlock(&r->mu);
}

void room_counters(room *r, uint64_t *moves, uint64_t *tally, uint64_t *student_tally)
{
    pthread_mutex_lock(&r->mu);
    *moves = r->moves;
    *tally = r->published;
    *student_tally = r->student_published;
    pthread_mutex_unlock(&r->mu);
}

int room_changed(room *r, uint64_t moves, uint64_t tally, int teacher)
{
    pthread_mutex_lock(&r->mu);
    int c = r->closing || r->moves != moves || (teacher ? r->published : r->student_published) != tally;
    pthread_mutex_unlock(&r->mu);
    return c;
}

int room_wait(room *r, uint64_t moves, uint64_t tally, int timeout_ms)
{
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&r->mu);
    int rc = 0;
    while (!(rc = r->closing || r->moves != moves || r->published != tally))
        if (pthread_cond_timedwait(&r->moved, &r->mu, &until) == ETIMEDOUT)
            break;
    pthread_mutex_unlock(&r->mu);
    return rc;
}

/* ---- output ---------------------------------------------------------------------- */

/* Under the lock: every field of an event but the student's own ("you")
 * and the closing brace; the teacher's with the spread and who watches. */
static void event_fields(FILE *f, room *r, const room_view *v, int teacher)
{
    fprintf(f, "{\"step\":%d,\"nsteps\":%d,\"question\":%s,\"revealed\":%s,\"students\":%d,\"answered\":%d",
            v->step, v->nsteps, v->has_q ? "true" : "false", v->revealed ? "true" : "false", v->students, v->answered);
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
    if (teacher)   /* whether names are shown: the teacher's button says which way it goes */
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
        if (!f)
            return NULL;
        event_fields(f, r, v, 0);
        fflush(f);
        long n = ftell(f);
        fclose(f);
        if (n < 0 || (size_t)n >= sizeof r->shared)
            return NULL;
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

size_t room_event_json(room *r, const char *token, int teacher, char *buf, size_t len, uint64_t *moves,
                       uint64_t *tally)
{
    FILE *f = fmemopen(buf, len, "w");
    if (!f) {
        snprintf(buf, len, "{}");
        return strlen(buf);
    }
    pthread_mutex_lock(&r->mu);
    room_view v;
    view_locked(r, &v);
    *moves = v.moves;
    *tally = teacher ? r->published : r->student_published;
    size_t shared_len = 0;
    const char *shared = teacher ? NULL : shared_fields(r, &v, &shared_len);
    if (shared)
        fwrite(shared, 1, shared_len, f);
    else
        event_fields(f, r, &v, teacher);
    const student *s = token ? find(r, token) : NULL;
    if (s)
        you_fields(f, r, &v, s);
    pthread_mutex_unlock(&r->mu);
    fputs("}", f);
    fflush(f);
    long n = ftell(f);
    fclose(f);
    if (n < 0 || (size_t)n >= len) {   /* cannot happen at the sizes used: say so plainly */
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

/* A CSV field: quoted, quotes doubled; a leading = + - @ made text, so no
 * spreadsheet runs a student's name as a formula. */
static void csv_field(FILE *f, const char *s)
{
    fputc('"', f);
    if (strchr("=+-@", s[0]) && s[0])
        fputc('\'', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

typedef void (*row_fn)(FILE *f, const student *s, int step, const quiz_question *q, const char *given,
                       int right, int first);

/* Calls row for every student and every step whose question was asked. */
static int each_row(room *r, FILE *f, row_fn row, int *any)
{
    pthread_mutex_lock(&r->mu);
    int first = 1;
    for (int i = 0; i < r->ns; i++)
        for (int k = 0; k < r->nsteps; k++) {
            if (!r->has_q[k] || !r->asked[k])
                continue;
            const student *s = &r->s[i];
            char given[QUIZ_ANSWER_LEN] = "";
            int right = 0;
            if (s->has[k]) {
                quiz_format_answer(&r->q[k], s->number[k], s->lanes[k], given, sizeof given);
                right = quiz_check_answer(&r->q[k], s->number[k], s->lanes[k]) ? 1 : -1;
            }
            row(f, s, k, &r->q[k], given, right, first);
            first = 0;
        }
    pthread_mutex_unlock(&r->mu);
    *any = !first;
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

static void csv_row(FILE *f, const student *s, int step, const quiz_question *q, const char *given, int right,
                    int first)
{
    (void)first;
    fprintf(f, "%d,", s->id);
    csv_field(f, s->name);
    fprintf(f, ",%d,%s,", step + 1, quiz_kind_name(q->kind));
    csv_field(f, q->text);
    fputc(',', f);
    csv_field(f, given);
    fprintf(f, ",%s,", right > 0 ? "yes" : right < 0 ? "no" : "");
    csv_field(f, q->answer);
    fputs(",,,,,,,,,\n", f);   /* a kernel's columns */
}

void room_set_kernels(room *r, room_kernels_fn fn, void *arg)
{
    pthread_mutex_lock(&r->mu);
    r->kernels = fn;
    r->kernels_arg = arg;
    pthread_mutex_unlock(&r->mu);
}

/* The name of student id (under the lock), or "". */
static const char *name_of(const room *r, int id)
{
    for (int i = 0; i < r->ns; i++)
        if (r->s[i].id == id)
            return r->s[i].name;
    return "";
}

/* A time of day as ISO 8601 in UTC, or "" for none. */
static void iso_time(double t, char *buf, size_t len)
{
    time_t s = (time_t)t;
    struct tm tm;
    if (t <= 0 || !gmtime_r(&s, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
        buf[0] = 0;
}

static void kernel_csv(FILE *f, const room_kernel *k, const char *name)
{
    char when[3][32];
    iso_time(k->submitted, when[0], sizeof when[0]);
    iso_time(k->started, when[1], sizeof when[1]);
    iso_time(k->ended, when[2], sizeof when[2]);
    fprintf(f, "%d,", k->student);
    csv_field(f, name);
    fprintf(f, ",,kernel,,,%s,,%d,%d,%s,", !strcmp(k->verdict, "pass") ? "yes" : k->verdict[0] ? "no" : "", k->id,
            k->exercise, k->verdict);
    const double x[3] = {k->ms, k->gbps, k->percent_of_mark};
    for (int i = 0; i < 3; i++) {
        if (x[i] > 0) fprintf(f, "%.6g", x[i]);
        fputc(',', f);
    }
    fprintf(f, "%s,%s,%s\n", when[0], when[1], when[2]);
}

static void kernel_json(FILE *f, const room_kernel *k, const char *name, int first)
{
    const char *const keys[3] = {"submitted", "started", "ended"};
    const double at[3] = {k->submitted, k->started, k->ended};
    fprintf(f, "%s\n  {\"student\":%d,\"name\":", first ? "" : ",", k->student);
    rv_json_string(f, name);
    fprintf(f, ",\"step\":null,\"kind\":\"kernel\",\"question\":null,\"answer\":null,\"right\":%s,"
               "\"right_answer\":null,\"submission\":%d,\"exercise\":%d,\"verdict\":\"%s\"",
            !strcmp(k->verdict, "pass") ? "true" : k->verdict[0] ? "false" : "null", k->id, k->exercise, k->verdict);
    rv_json_measure(f, "ms", k->ms);
    rv_json_measure(f, "gbps", k->gbps);
    rv_json_measure(f, "percent_of_mark", k->percent_of_mark);
    for (int i = 0; i < 3; i++) {
        char when[32];
        iso_time(at[i], when, sizeof when);
        fprintf(f, ",\"%s\":", keys[i]);
        if (when[0]) rv_json_string(f, when);
        else fputs("null", f);
    }
    fputs("}", f);
}

/* The kernels' rows after the answers' (first: none came before). */
static int kernel_rows(room *r, FILE *f, int csv, int first)
{
    room_kernel *rows = NULL;
    pthread_mutex_lock(&r->mu);
    room_kernels_fn fn = r->kernels;
    void *arg = r->kernels_arg;
    pthread_mutex_unlock(&r->mu);
    int n = fn ? fn(arg, &rows) : 0;
    if (n < 0)
        return -1;
    pthread_mutex_lock(&r->mu);
    for (int i = 0; i < n; i++) {
        if (csv) kernel_csv(f, &rows[i], name_of(r, rows[i].student));
        else kernel_json(f, &rows[i], name_of(r, rows[i].student), first && !i);
    }
    pthread_mutex_unlock(&r->mu);
    free(rows);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

int room_write_csv(room *r, FILE *f)
{
    fputs("student,name,step,kind,question,answer,right,right_answer,"
          "submission,exercise,verdict,ms,gbps,percent_of_mark,submitted,started,ended\n", f);
    int any;
    return each_row(r, f, csv_row, &any) == 0 && kernel_rows(r, f, 1, !any) == 0 ? 0 : -1;
}

static void json_row(FILE *f, const student *s, int step, const quiz_question *q, const char *given, int right,
                     int first)
{
    fprintf(f, "%s\n  {\"student\":%d,\"name\":", first ? "" : ",", s->id);
    rv_json_string(f, s->name);
    fprintf(f, ",\"step\":%d,\"kind\":\"%s\",\"question\":", step + 1, quiz_kind_name(q->kind));
    rv_json_string(f, q->text);
    fputs(",\"answer\":", f);
    if (right)
        rv_json_string(f, given);
    else
        fputs("null", f);
    fprintf(f, ",\"right\":%s,\"right_answer\":", right > 0 ? "true" : right < 0 ? "false" : "null");
    rv_json_string(f, q->answer);
    fputs("}", f);
}

int room_write_json(room *r, FILE *f)
{
    fputs("[", f);
    int any, rc = each_row(r, f, json_row, &any);
    if (rc == 0)
        rc = kernel_rows(r, f, 0, !any);
    fputs("\n]\n", f);
    return rc == 0 && fflush(f) == 0 ? 0 : -1;
}

void room_results(room *r, int *asked, int *answered, int *right)
{
    pthread_mutex_lock(&r->mu);
    for (int k = 0; k < r->nsteps; k++) {
        asked[k] = r->has_q[k] && r->asked[k];
        answered[k] = right[k] = 0;
        for (int i = 0; i < r->ns; i++)
            if (r->has_q[k] && r->s[i].has[k]) {
                answered[k]++;
                right[k] += quiz_check_answer(&r->q[k], r->s[i].number[k], r->s[i].lanes[k]);
            }
    }
    pthread_mutex_unlock(&r->mu);
}

/* ---- a class resumed (`reducevis class --resume DIR`) ---------------------- */

static const char *member_text(const rv_json *o, const char *key)
{
    for (int i = 0; i < o->nkids; i++)
        if (!strcmp(o->kids[i].key, key) && o->kids[i].type == RV_JSON_STRING)
            return o->kids[i].text;
    return NULL;
}

static int member_int(const rv_json *o, const char *key)
{
    for (int i = 0; i < o->nkids; i++)
        if (!strcmp(o->kids[i].key, key) && o->kids[i].type == RV_JSON_NUMBER)
            return (int)o->kids[i].number;
    return -1;
}

static int member_bool(const rv_json *o, const char *key)
{
    for (int i = 0; i < o->nkids; i++)
        if (!strcmp(o->kids[i].key, key))
            return o->kids[i].type == RV_JSON_BOOL && o->kids[i].number != 0;
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
        if (rv_json_parse(line, strlen(line), &o, err, sizeof err) != 0)
            continue;
        const char *ev = o.type == RV_JSON_OBJECT ? member_text(&o, "event") : NULL, *c = NULL;
        if (ev && !strcmp(ev, "start") && (c = member_text(&o, "code")) && strlen(c) == ROOM_CODE_LEN) {
            memcpy(code, c, ROOM_CODE_LEN + 1);
            found = 1;   /* the last start: the code the class has now */
        }
        rv_json_free(&o);
    }
    if (f)
        fclose(f);
    return found ? 0 : -1;
}

int room_replay(room *r, const char *answers_path, int *joins, int *answers)
{
    FILE *f = fopen(answers_path, "r");
    if (!f)
        return -1;
    char line[4096];
    *joins = *answers = 0;
    pthread_mutex_lock(&r->mu);
    while (fgets(line, sizeof line, f)) {
        rv_json o;
        char err[200];
        if (rv_json_parse(line, strlen(line), &o, err, sizeof err) != 0)
            continue;   /* a line cut short by a kill: the rest is whole */
        const char *ev = o.type == RV_JSON_OBJECT ? member_text(&o, "event") : NULL;
        const char *token = member_text(&o, "token"), *name = member_text(&o, "name"), *sent = member_text(&o, "sent");
        int id = member_int(&o, "student"), step = member_int(&o, "step") - 1;
        if (ev && !strcmp(ev, "join") && token && strlen(token) == ROOM_TOKEN_LEN && !find(r, token) && id > 0 &&
            r->ns < r->lim.max_students) {
            if (add_student(r, token, name, id))
                (*joins)++;
        } else if (ev && !strcmp(ev, "answer") && sent && step >= 0 && step < r->nsteps && r->has_q[step]) {
            student *s = NULL;
            for (int i = 0; i < r->ns && !s; i++)
                if (r->s[i].id == id)
                    s = &r->s[i];
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
            r->names_shown = member_bool(&o, "show");   /* the last one is how the teacher left it */
        }
        rv_json_free(&o);
    }
    fclose(f);
    r->tally++;
    r->student_tally++;
    pthread_mutex_unlock(&r->mu);
    return 0;
}
