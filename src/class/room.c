/* room.c — a live class's state (room.h): made and freed, the step the
 * teacher shows and reveals, the teacher's view of the answers, and the
 * streams that wait for a change.
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
 * own answer to them).  The students' joins and answers
 * (room_students.c), the events' JSON (room_events.c), the results
 * (room_export.c) and a class resumed (room_replay.c) are files of their
 * own over the same insides (room_private.h); they call this file, which
 * calls none of them.
 */
#define _GNU_SOURCE
#include "room.h"
#include "room_private.h"

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
#define DEFAULT_ANSWER_BURST  8.0
#define DEFAULT_ANSWERS_PER_S 4.0
#define DEFAULT_JOIN_BURST    600.0
#define DEFAULT_JOINS_PER_S   200.0

/* Join codes avoid letters and digits that look alike (0 O, 1 I L). */
static const char code_alphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

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

int room_random_bytes(unsigned char *buf, size_t n)
{
    while (n > 0) {
        ssize_t k = getrandom(buf, n, 0);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        buf += k;
        n -= (size_t)k;
    }
    return 0;
}

void room_stamp(char *buf, size_t len)
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t n = strftime(buf, len, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(buf + n, len - n, ".%03ldZ", ts.tv_nsec / 1000000);
}

room *room_new(const rv_analysis *an, int npos, const room_limits *lim, const char *answers_path, const char *code,
               char *err, size_t errlen)
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
    for (int k = 0; an && k < r->nsteps; k++) r->has_q[k] = (uint8_t)quiz_pick_question(an, k, &r->q[k]);
    r->asked[0] = 1;
    r->revealed = !r->has_q[0]; /* nothing to ask: shown */
    if (lim) r->lim = *lim;
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
        if (room_random_bytes(b, sizeof b) != 0) {
            snprintf(err, errlen, _("no random numbers from the kernel: %s"), strerror(errno));
            room_free(r);
            return NULL;
        }
        for (int i = 0; i < ROOM_CODE_LEN; i++) r->code[i] = code_alphabet[b[i] % (sizeof code_alphabet - 1)];
    }
    if (answers_path) {
        /* O_APPEND: every line goes at the end, whatever else writes the file */
        /* 0600: the join lines hold the students' tokens */
        int fd = open(answers_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        if (fd < 0 || !(r->log = fdopen(fd, "a"))) {
            snprintf(err, errlen, _("cannot open the answers file %s: %s"), answers_path, strerror(errno));
            if (fd >= 0) close(fd);
            room_free(r);
            return NULL;
        }
        char at[40];
        room_stamp(at, sizeof at);
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
    if (!r) return;
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
    if (r->log) fclose(r->log);
    pthread_cond_destroy(&r->moved);
    pthread_mutex_destroy(&r->mu);
    free(r);
}

const char *room_code(const room *r) { return r->code; }

const quiz_question *room_question(const room *r, int step)
{
    return step >= 0 && step < r->nsteps && r->has_q[step] ? &r->q[step] : NULL;
}

/* Under the lock: the teacher's view, the spread counted again when the
 * tally or the step changed since it was last counted. */
void room_view_locked(room *r, room_view *v)
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
            if (!s->has[k]) continue;
            w->answered++;
            int ok = quiz_check_answer(q, s->number[k], s->lanes[k]);
            w->right += ok;
            int b = 0;
            while (b < w->nbars && b < ROOM_MAX_BARS && (key[b] != s->number[k] || lkey[b] != s->lanes[k])) b++;
            if (b == w->nbars && b < ROOM_MAX_BARS) {
                key[b] = s->number[k];
                lkey[b] = s->lanes[k];
                quiz_format_answer(q, s->number[k], s->lanes[k], w->bars[b].label, sizeof w->bars[b].label);
                w->bars[b].right = ok;
                w->nbars++;
            } else if (b == ROOM_MAX_BARS) { /* the rest: one bar, "other" */
                if (w->nbars == ROOM_MAX_BARS) {
                    snprintf(w->bars[b].label, sizeof w->bars[b].label, "%s", "\xE2\x80\xA6"); /* … */
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
    room_view_locked(r, v);
    pthread_mutex_unlock(&r->mu);
}

int room_view_try(room *r, room_view *v)
{
    if (pthread_mutex_trylock(&r->mu) != 0) return 0;
    room_view_locked(r, v);
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
    if (!r->log) return;
    char at[40];
    room_stamp(at, sizeof at);
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
        r->tally++; /* the teacher's page hears of it with the next publish */
    }
    pthread_mutex_unlock(&r->mu);
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
        if (pthread_cond_timedwait(&r->moved, &r->mu, &until) == ETIMEDOUT) break;
    pthread_mutex_unlock(&r->mu);
    return rc;
}
