/* class_http.c — the class's HTTP server (class_http.h), on GNU libmicrohttpd.
 *
 * Why libmicrohttpd: it is a maintained GNU library written for embedding
 * in C programs, packaged by Debian (libmicrohttpd-dev), and runs its own
 * threads, so the viewer's frame loop never serves a request; it parses
 * HTTP itself (request line, headers, limits on their memory) and streams
 * a response from a callback, which is all Server-Sent Events need.  A
 * WebSocket library would add a second protocol for what SSE's one-way
 * stream plus a POST per answer already does, and SSE reconnects in the
 * browser by itself.
 *
 * Why epoll and suspend/resume: an event stream waits, most of the time,
 * for the lesson to move.  A thread per connection would let its content
 * reader block, but then one machine opening a thousand idle sockets uses
 * up every thread and the class is locked out.  Here one epoll thread serves
 * every connection: a stream's reader that has nothing to send suspends its
 * connection (MHD_suspend_connection) and puts it on the waiting list; the
 * waker thread blocks on the room (room_wait) and, when the lesson moves,
 * news is published, or a ping is due, resumes the waiting streams that
 * have something to show (wake_loop says which).
 * A suspended stream costs a socket and a small struct, so the cap on
 * connections can be in the thousands.  Each client address gets at most
 * max_per_address connections (libmicrohttpd refuses the rest, IPv4 and
 * IPv6 alike), and a connection that sends nothing (a half request, an idle
 * socket) is closed after idle_timeout_s; a suspended stream does not time
 * out, and is woken for a ping well within that time.
 *
 * A publisher thread calls room_publish a few times a second, so that many
 * answers wake each stream once.  Every field a client sends has a length
 * cap and is checked here or by the room; the teacher's secret is compared
 * in constant time.  Nothing is read from disk.
 */
#define _GNU_SOURCE
#include "class_http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include "class_submit.h"
#include "http_reply.h"
#include "core/i18n.h"
#include "core/json.h"
#include "room_events.h"
#include "room_export.h"
#include "core/clock.h"

enum {
    DEFAULT_MAX_STREAMS = 4000,
    DEFAULT_PER_ADDRESS = 16, /* a phone or laptop needs 2 or 3            */
    DEFAULT_TIMEOUT_S = 30,   /* an idle connection is closed             */
    SPARE_CONNECTIONS = 200,  /* beyond the streams: answers, pages        */
    SPARE_FDS = 64,           /* files, the listening socket, epoll, logs  */
    PING_MS = 10000,          /* an idle stream's comment, so proxies keep
                                      it and a vanished client is found out   */
    PUBLISH_MS = 200,         /* answers reach the teacher this often     */
    STUDENT_TALLY_MS = 1000,  /* and the students' count of them this often */
    FIELD_MAX = 256,          /* any query field, before its own cap      */
    EVENT_MAX = 8192,
};

struct class_http {
    struct MHD_Daemon *d;
    room *r;
    const char *page;
    size_t page_len;
    int npos;
    char *const *answer;
    const size_t *answer_len;
    submit_queue *submit;
    int port, max_streams, streams;
    char secret[CLASS_SECRET_LEN + 1];
    pthread_mutex_t mu; /* streams, stop */
    pthread_t publisher, waker;
    int publishing, waking, stop;
    pthread_cond_t stop_cv;
    pthread_mutex_t wmu;    /* waiting, pings */
    struct stream *waiting; /* suspended streams, until the room moves */
    uint64_t pings;         /* how many times the waker found no news  */
};

/* ---- responses -------------------------------------------------------------------- */

static enum MHD_Result send_bytes(struct MHD_Connection *c, unsigned status, const char *type, const char *body,
                                  size_t len, enum MHD_ResponseMemoryMode mode)
{
    return http_reply_send(c, status, type, body, len, mode, "2");
}

/* A short JSON answer: {"error": "..."} or whatever the caller composed. */
static enum MHD_Result send_json(struct MHD_Connection *c, unsigned status, const char *json)
{
    return send_bytes(c, status, "application/json; charset=utf-8", json, strlen(json), MHD_RESPMEM_MUST_COPY);
}

/* {"error": why}: why in the class's language (the page shows it). */
static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *why)
{
    return http_reply_error(c, status, why, "2");
}

static unsigned status_of(room_status s)
{
    switch (s) {
    case ROOM_OK: return MHD_HTTP_OK;
    case ROOM_BAD_CODE:
    case ROOM_UNKNOWN_STUDENT: return MHD_HTTP_FORBIDDEN;
    case ROOM_BAD_NAME:
    case ROOM_BAD_CHOICE: return MHD_HTTP_BAD_REQUEST;
    case ROOM_FULL: return MHD_HTTP_SERVICE_UNAVAILABLE;
    case ROOM_SLOW_DOWN: return MHD_HTTP_TOO_MANY_REQUESTS;
    case ROOM_NOT_NOW: return MHD_HTTP_CONFLICT;
    }
    return MHD_HTTP_INTERNAL_SERVER_ERROR;
}

/* ---- the event stream -------------------------------------------------------------- */

typedef struct stream {
    class_http *h;
    struct MHD_Connection *conn;
    struct stream *next; /* on h->waiting while suspended */
    char token[ROOM_TOKEN_LEN + 1];
    int teacher, sent_any;
    uint64_t moves, tally, pings;
    char buf[EVENT_MAX + 64];
    size_t len, off;
} stream;

/* What the stream owes next: 1 an event, 2 a ping, 0 nothing yet (then it
 * is suspended and on the waiting list, both under wmu, so that the waker,
 * which takes wmu to resume, cannot miss it); -1 the room is closing. */
static int stream_due(stream *s)
{
    class_http *h = s->h;
    int due;
    pthread_mutex_lock(&h->wmu);
    if (room_closing(h->r))
        due = -1;
    else if (!s->sent_any || room_changed(h->r, s->moves, s->tally, s->teacher))
        due = 1;
    else if (s->pings != h->pings)
        due = 2;
    else {
        due = 0;
        s->next = h->waiting;
        h->waiting = s;
        MHD_suspend_connection(s->conn);
    }
    s->pings = h->pings;
    pthread_mutex_unlock(&h->wmu);
    return due;
}

/* libmicrohttpd asks for the next bytes: what is left of the last event,
 * else the next event once the room changes, else a ping; with nothing to
 * send, 0 bytes and the connection suspended until the waker resumes it. */
static ssize_t stream_read(void *cls, uint64_t pos, char *out, size_t max)
{
    (void)pos;
    stream *s = cls;
    if (s->off == s->len) {
        int due = stream_due(s);
        if (due < 0) return MHD_CONTENT_READER_END_OF_STREAM;
        if (due == 0) return 0;
        if (due == 1) {
            char json[EVENT_MAX];
            room_event_json(s->h->r, s->token[0] ? s->token : NULL, s->teacher, json, sizeof json, &s->moves,
                            &s->tally);
            /* the first event tells the browser how soon to reconnect */
            s->len = (size_t)snprintf(s->buf, sizeof s->buf, "%sevent: state\ndata: %s\n\n",
                                      s->sent_any ? "" : "retry: 1000\n", json);
            if (s->len >= sizeof s->buf) s->len = sizeof s->buf - 1;
            s->sent_any = 1;
        } else {
            s->len = (size_t)snprintf(s->buf, sizeof s->buf, ": ping\n\n");
        }
        s->off = 0;
    }
    size_t n = s->len - s->off < max ? s->len - s->off : max;
    memcpy(out, s->buf + s->off, n);
    s->off += n;
    return (ssize_t)n;
}

/* Resumes the waiting streams, the students' too when students is 1 (else
 * they stay on the list); a ping is owed when ping is 1.  The list is taken
 * under wmu and resumed outside it, so that the streams being served, which
 * take wmu to suspend again, need not wait for two thousand resumptions:
 * each stream on the list was suspended before it was put there, and
 * nothing frees a suspended connection. */
static void wake(class_http *h, int ping, int students)
{
    pthread_mutex_lock(&h->wmu);
    if (ping) h->pings++;
    stream *s = h->waiting, *keep = NULL, *go = NULL;
    while (s) {
        stream *next = s->next;
        if (!students && !s->teacher) {
            s->next = keep;
            keep = s;
        } else {
            s->next = go;
            go = s;
        }
        s = next;
    }
    h->waiting = keep;
    pthread_mutex_unlock(&h->wmu);
    while (go) {
        stream *next = go->next; /* read first: once resumed, the stream is the daemon's */
        go->next = NULL;
        MHD_resume_connection(go->conn);
        go = next;
    }
}

static void stream_free(void *cls)
{
    stream *s = cls;
    room_watch(s->h->r, -1);
    pthread_mutex_lock(&s->h->mu);
    s->h->streams--;
    pthread_mutex_unlock(&s->h->mu);
    free(s);
}

static enum MHD_Result open_stream(class_http *h, struct MHD_Connection *c, const char *token, int teacher)
{
    pthread_mutex_lock(&h->mu);
    int full = h->streams >= h->max_streams;
    if (!full) h->streams++;
    pthread_mutex_unlock(&h->mu);
    if (full) {
        char why[120];
        snprintf(why, sizeof why, _("the class is full: %d connections are open"), h->max_streams);
        return send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, why);
    }
    stream *s = calloc(1, sizeof *s);
    struct MHD_Response *res =
        s ? MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, s, stream_free) : NULL;
    if (!res) {
        free(s);
        pthread_mutex_lock(&h->mu);
        h->streams--;
        pthread_mutex_unlock(&h->mu);
        return MHD_NO;
    }
    s->h = h;
    s->conn = c;
    s->teacher = teacher;
    if (token) snprintf(s->token, sizeof s->token, "%s", token);
    room_watch(h->r, +1);
    MHD_add_response_header(res, "Content-Type", "text/event-stream; charset=utf-8");
    MHD_add_response_header(res, "Cache-Control", "no-store");
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    enum MHD_Result rc = MHD_queue_response(c, MHD_HTTP_OK, res);
    MHD_destroy_response(res);
    return rc;
}

/* ---- requests ---------------------------------------------------------------------- */

/* The query field `key`, or NULL; *too_long when it exceeds cap bytes. */
static const char *field(struct MHD_Connection *c, const char *key, size_t cap, int *too_long)
{
    const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, key);
    if (v && strnlen(v, cap + 1) > cap) *too_long = 1;
    return v;
}

static int parse_step(const char *s, int *step)
{
    char *end;
    if (!s || *s < '0' || *s > '9') return -1;
    long v = strtol(s, &end, 10);
    if (*end || v < 0 || v > 100000) return -1;
    *step = (int)v;
    return 0;
}

/* Equal strings, in a time that does not depend on where they differ. */
static int is_secret(const class_http *h, const char *k)
{
    if (!k || strnlen(k, CLASS_SECRET_LEN + 1) != CLASS_SECRET_LEN) return 0;
    unsigned char d = 0;
    for (int i = 0; i < CLASS_SECRET_LEN; i++) d |= (unsigned char)(k[i] ^ h->secret[i]);
    return d == 0;
}

static enum MHD_Result export(class_http *h, struct MHD_Connection *c, int csv) {
    char *text = NULL; size_t len = 0; FILE *f = open_memstream(&text, &len);
    if (!f) return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory");
    int rc = csv ? room_write_csv(h->r, f) : room_write_json(h->r, f);
    if (fclose(f) != 0 || rc != 0){free(text); return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory");}
struct MHD_Response *res = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
if (!res) {
    free(text);
    return MHD_NO;
}
MHD_add_response_header(res, "Content-Type", csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8");
MHD_add_response_header(res, "Content-Disposition",
                        csv ? "attachment; filename=\"results.csv\"" : "attachment; filename=\"results.json\"");
MHD_add_response_header(res, "Cache-Control", "no-store");
enum MHD_Result qr = MHD_queue_response(c, MHD_HTTP_OK, res);
MHD_destroy_response(res);
return qr;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **state)
{
    (void)version;
    (void)upload;
    class_http *h = cls;
    if (class_submit_owns(url)) { /* the students' kernels: class_submit.c */
        const char *key = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "k");
        return class_submit_handle(h->submit, h->r, is_secret(h, key), c, url, method, upload, upload_size, state);
    }
    enum MHD_Result bodied;
    if (http_reply_no_body(c, upload_size, state, &bodied)) return bodied;
    int get = !strcmp(method, MHD_HTTP_METHOD_GET), post = !strcmp(method, MHD_HTTP_METHOD_POST);
    int too_long = 0;
    const char *k = field(c, "k", FIELD_MAX, &too_long), *t = field(c, "t", FIELD_MAX, &too_long);
    const char *want = NULL; /* the method the path takes */

    if (!strcmp(url, "/") || !strcmp(url, "/teacher")) {
        want = MHD_HTTP_METHOD_GET;
        if (get) {
            if (url[1] && !is_secret(h, k))
                return send_error(c, MHD_HTTP_FORBIDDEN, _("the teacher's page needs the teacher's secret"));
            return send_bytes(c, MHD_HTTP_OK, "text/html; charset=utf-8", h->page, h->page_len, MHD_RESPMEM_PERSISTENT);
        }
    } else if (!strcmp(url, "/events")) {
        want = MHD_HTTP_METHOD_GET;
        if (get) {
            if (too_long) return send_error(c, MHD_HTTP_BAD_REQUEST, _("a field is too long"));
            if (is_secret(h, k)) return open_stream(h, c, NULL, 1);
            if (!t || !room_knows(h->r, t)) return send_error(c, MHD_HTTP_FORBIDDEN, _("unknown student: join again"));
            return open_stream(h, c, t, 0);
        }
    } else if (!strcmp(url, "/join")) {
        want = MHD_HTTP_METHOD_POST;
        if (post) {
            const char *code = field(c, "code", FIELD_MAX, &too_long), *name = field(c, "name", FIELD_MAX, &too_long);
            if (too_long) return send_error(c, MHD_HTTP_BAD_REQUEST, _("a field is too long"));
            char token[ROOM_TOKEN_LEN + 1];
            int id = 0;
            room_status st = room_join(h->r, code, name ? name : "", token, &id, rv_mono_s());
            if (st != ROOM_OK) return send_error(c, status_of(st), room_status_text(st));
            char buf[120];
            snprintf(buf, sizeof buf, "{\"token\":\"%s\",\"id\":%d}", token, id);
            return send_json(c, MHD_HTTP_OK, buf);
        }
    } else if (!strcmp(url, "/answer")) {
        want = MHD_HTTP_METHOD_POST;
        if (post) {
            const char *a = field(c, "a", ROOM_ANSWER_LEN, &too_long), *sk = field(c, "step", 16, &too_long);
            int step;
            if (too_long) return send_error(c, MHD_HTTP_BAD_REQUEST, _("a field is too long"));
            if (!a || parse_step(sk, &step) != 0)
                return send_error(c, MHD_HTTP_BAD_REQUEST, _("an answer needs step and a"));
            room_status st = room_answer(h->r, t, step, a, rv_mono_s());
            return st == ROOM_OK ? send_json(c, MHD_HTTP_OK, "{\"ok\":true}")
                                 : send_error(c, status_of(st), room_status_text(st));
        }
    } else if (!strcmp(url, "/move") || !strcmp(url, "/reveal")) {
        want = MHD_HTTP_METHOD_POST;
        if (post) {
            if (!is_secret(h, k)) return send_error(c, MHD_HTTP_FORBIDDEN, _("only the teacher moves the lesson"));
            if (url[1] == 'r') {
                room_reveal(h->r);
            } else {
                int step;
                if (parse_step(field(c, "step", 16, &too_long), &step) != 0)
                    return send_error(c, MHD_HTTP_BAD_REQUEST, _("move needs step"));
                room_move(h->r, step);
            }
            return send_json(c, MHD_HTTP_OK, "{\"ok\":true}");
        }
    } else if (!strcmp(url, "/names")) {
        want = MHD_HTTP_METHOD_POST;
        if (post) {
            /* names are the students' own: only the teacher may have them shown */
            if (!is_secret(h, k))
                return send_error(c, MHD_HTTP_FORBIDDEN, _("only the teacher shows the students' names"));
            const char *show = field(c, "show", 2, &too_long);
            if (too_long || !show || (strcmp(show, "0") && strcmp(show, "1")))
                return send_error(c, MHD_HTTP_BAD_REQUEST, _("names needs show=1 or show=0"));
            room_show_names(h->r, show[0] == '1');
            return send_json(c, MHD_HTTP_OK, show[0] == '1' ? "{\"names\":true}" : "{\"names\":false}");
        }
    } else if (!strcmp(url, "/solution")) {
        want = MHD_HTTP_METHOD_GET;
        if (get) {
            int step;
            if (too_long || parse_step(field(c, "step", 16, &too_long), &step) != 0)
                return send_error(c, MHD_HTTP_BAD_REQUEST, _("solution needs step"));
            int teacher = is_secret(h, k);
            if (!teacher && (!t || !room_knows(h->r, t)))
                return send_error(c, MHD_HTTP_FORBIDDEN, _("unknown student: join again"));
            if (step >= h->npos || !h->answer || !h->answer[step])
                return send_error(c, MHD_HTTP_NOT_FOUND, _("this step has no answer kept back"));
            if (!teacher && !room_was_revealed(h->r, step))
                return send_error(c, MHD_HTTP_FORBIDDEN, _("not revealed yet"));
            return send_bytes(c, MHD_HTTP_OK, "application/json; charset=utf-8", h->answer[step], h->answer_len[step],
                              MHD_RESPMEM_PERSISTENT);
        }
    } else if (!strcmp(url, "/results.csv") || !strcmp(url, "/results.json")) {
        want = MHD_HTTP_METHOD_GET;
        if (get) {
            if (!is_secret(h, k)) return send_error(c, MHD_HTTP_FORBIDDEN, _("the results need the teacher's secret"));
            return export(h, c, strstr(url, ".csv") != NULL);
        }
    }
    if (!want) return send_error(c, MHD_HTTP_NOT_FOUND, _("not found"));
    return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, !strcmp(want, "GET") ? _("use GET") : _("use POST"));
}

/* ---- the server -------------------------------------------------------------------- */

static void *publish_loop(void *arg)
{
    class_http *h = arg;
    pthread_mutex_lock(&h->mu);
    while (!h->stop) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += PUBLISH_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&h->stop_cv, &h->mu, &until);
        pthread_mutex_unlock(&h->mu);
        room_publish(h->r);
        pthread_mutex_lock(&h->mu);
    }
    pthread_mutex_unlock(&h->mu);
    return NULL;
}

/* Until the room closes, a little apart, so that a stream on its way to
 * suspending sees the room closing and ends; none is left suspended when
 * the daemon stops.  Returns 1 once stopped. */
static int closing_pause(class_http *h)
{
    pthread_mutex_lock(&h->mu);
    int stop = h->stop;
    if (!stop && room_closing(h->r)) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += 20 * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&h->stop_cv, &h->mu, &until);
    }
    pthread_mutex_unlock(&h->mu);
    return stop;
}

/* Blocks on the room and resumes the waiting streams: all of them when the
 * step moves; on news for the teacher (answers, who is watching) the
 * teacher's at once; on news for the students (answers, joins: their page
 * shows only how many answered) theirs at most once a STUDENT_TALLY_MS, as
 * two thousand events for every published answer would cost the server and
 * the phones more than the count is worth, and never for what their page
 * does not show (a stream opened or closed), so that a class whose phones
 * come and go does not make the next step change wait behind two thousand
 * events that change nothing; every PING_MS, a ping.  Once the room closes
 * it keeps resuming, a little apart, until stopped. */
static void *wake_loop(void *arg)
{
    class_http *h = arg;
    uint64_t moves, tally, students;
    room_counters(h->r, &moves, &tally, &students);
    double students_woken = rv_mono_s(), pinged = students_woken;
    int students_owed = 0; /* news the students have not been woken for */
    for (;;) {
        double until = pinged + PING_MS / 1000.0, now = rv_mono_s();
        if (students_owed && students_woken + STUDENT_TALLY_MS / 1000.0 < until)
            until = students_woken + STUDENT_TALLY_MS / 1000.0;
        uint64_t moved = moves, seen = students;
        room_wait(h->r, moves, tally, until > now ? (int)((until - now) * 1000) + 1 : 0);
        room_counters(h->r, &moves, &tally, &students);
        now = rv_mono_s();
        students_owed |= students != seen;
        int ping = now >= pinged + PING_MS / 1000.0;
        int all = moves != moved || room_closing(h->r) || ping ||
                  (students_owed && now >= students_woken + STUDENT_TALLY_MS / 1000.0);
        wake(h, ping, all);
        if (ping) pinged = now;
        if (all) {
            students_woken = now;
            students_owed = 0;
        }
        if (closing_pause(h)) return NULL;
    }
}

/* Room for as many sockets as connections: the soft limit on open files
 * goes up to the hard one if need be.  Returns the connections that fit. */
static unsigned fit_connections(unsigned want)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0) return want;
    rlim_t need = (rlim_t)want + SPARE_FDS;
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need) {
        rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > need ? need : rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need)
        return rl.rlim_cur > 2 * SPARE_FDS ? (unsigned)(rl.rlim_cur - SPARE_FDS) : SPARE_FDS;
    return want;
}

static void request_done(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why)
{
    (void)cls;
    (void)c;
    (void)why;
    class_submit_done(*state);
}

static void quiet_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    (void)fmt;
    (void)ap; /* a client that goes away is not news; errors come back as results */
}

class_http *class_http_start(room *r, const class_http_opts *o, char *err, size_t errlen)
{
    class_http *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    h->r = r;
    h->page = o->page;
    h->page_len = o->page_len;
    h->npos = o->npos;
    h->answer = o->answer;
    h->answer_len = o->answer_len;
    h->submit = o->submit;
    h->max_streams = o->max_streams > 0 ? o->max_streams : DEFAULT_MAX_STREAMS;
    unsigned per_address = o->max_per_address > 0 ? (unsigned)o->max_per_address : DEFAULT_PER_ADDRESS;
    unsigned timeout = o->idle_timeout_s > 0 ? (unsigned)o->idle_timeout_s : DEFAULT_TIMEOUT_S;
    unsigned connections = fit_connections((unsigned)(h->max_streams + SPARE_CONNECTIONS));
    if ((int)connections < h->max_streams + SPARE_CONNECTIONS) /* the streams' cap answers 503 first */
        h->max_streams =
            (int)connections > 2 * SPARE_CONNECTIONS ? (int)connections - SPARE_CONNECTIONS : (int)connections / 2;
    unsigned char b[CLASS_SECRET_LEN / 2];
    if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b) {
        snprintf(err, errlen, _("no random numbers from the kernel: %s"), strerror(errno));
        free(h);
        return NULL;
    }
    for (size_t i = 0; i < sizeof b; i++) snprintf(h->secret + 2 * i, 3, "%02x", b[i]);
    pthread_mutex_init(&h->mu, NULL);
    pthread_mutex_init(&h->wmu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&h->stop_cv, &ca);
    pthread_condattr_destroy(&ca);

    const char *bind = o->bind ? o->bind : "127.0.0.1";
    struct sockaddr_in a4 = {.sin_family = AF_INET, .sin_port = htons((uint16_t)o->port)};
    struct sockaddr_in6 a6 = {.sin6_family = AF_INET6, .sin6_port = htons((uint16_t)o->port)};
    const struct sockaddr *addr;
    unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    if (inet_pton(AF_INET, bind, &a4.sin_addr) == 1) {
        addr = (const struct sockaddr *)&a4;
    } else if (inet_pton(AF_INET6, bind, &a6.sin6_addr) == 1) {
        addr = (const struct sockaddr *)&a6;
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(err, errlen, _("--bind '%s' is not an IPv4 or IPv6 address"), bind);
        class_http_stop(h);
        return NULL;
    }
    h->d = MHD_start_daemon(flags, (uint16_t)o->port, NULL, NULL, handle, h, MHD_OPTION_SOCK_ADDR, addr,
                            MHD_OPTION_CONNECTION_LIMIT, connections, MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout, MHD_OPTION_EXTERNAL_LOGGER, quiet_log, NULL,
                            MHD_OPTION_NOTIFY_COMPLETED, request_done, NULL, MHD_OPTION_END);
    if (!h->d) {
        snprintf(err, errlen,
                 _("cannot listen on %s port %d: %s (taken by another program, or not this "
                   "machine's address)"),
                 bind, o->port, errno ? strerror(errno) : _("libmicrohttpd refused"));
        class_http_stop(h);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_BIND_PORT);
    h->port = info ? info->port : o->port;
    if (pthread_create(&h->publisher, NULL, publish_loop, h) != 0) {
        snprintf(err, errlen, _("cannot start a thread: %s"), strerror(errno));
        class_http_stop(h);
        return NULL;
    }
    h->publishing = 1;
    if (pthread_create(&h->waker, NULL, wake_loop, h) != 0) {
        snprintf(err, errlen, _("cannot start a thread: %s"), strerror(errno));
        class_http_stop(h);
        return NULL;
    }
    h->waking = 1;
    return h;
}

int class_http_port(const class_http *h) { return h->port; }

const char *class_http_secret(const class_http *h) { return h->secret; }

void class_http_stop(class_http *h)
{
    if (!h) return;
    /* the room is closed (class_http.h): give the streams a moment to see
     * it and end, while the waker keeps resuming them */
    for (int i = 0; h->waking && i < 100; i++) {
        pthread_mutex_lock(&h->mu);
        int open = h->streams;
        pthread_mutex_unlock(&h->mu);
        if (!open) break;
        struct timespec nap = {0, 20 * 1000000L};
        nanosleep(&nap, NULL);
    }
    pthread_mutex_lock(&h->mu);
    h->stop = 1;
    pthread_cond_broadcast(&h->stop_cv);
    pthread_mutex_unlock(&h->mu);
    if (h->publishing) pthread_join(h->publisher, NULL);
    if (h->waking) pthread_join(h->waker, NULL);
    /* a stream still suspended (its client never read its last bytes) is
     * resumed, so that the daemon can close it */
    wake(h, 0, 1);
    if (h->d) MHD_stop_daemon(h->d);
    pthread_cond_destroy(&h->stop_cv);
    pthread_mutex_destroy(&h->wmu);
    pthread_mutex_destroy(&h->mu);
    free(h);
}
