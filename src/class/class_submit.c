/* class_submit.c — the class server's paths for the students' kernels
 * (class_submit.h).
 *
 * The one path of the class that takes a request body: POST /submit.  Its
 * length is checked from Content-Length before a byte is read (larger is
 * refused at once), and again as the body comes, for a client that sent
 * none or lied; the body is gathered into memory, at most SUBMIT_MAX_BYTES,
 * and handed to the queue once whole.  The student is known only by its
 * token (room_student_id), the teacher by the secret (checked by
 * class_http.c).  The starting files are embedded at build time
 * (cmake/embed.cmake); the one thing read from disk is a judged kernel's
 * trace page, made by a child process (trace_pages.c) and sent from its
 * file as it is.
 */
#define _GNU_SOURCE
#include "class_submit.h"
#include "http_reply.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/exercises.h"
#include "core/i18n.h"
#include "core/json.h"
#include "core/versions.h"

/* docs/exercises/N-*\/start.cu, embedded by CMakeLists.txt */
extern const char rv_exercise_start_1[], rv_exercise_start_2[], rv_exercise_start_3[], rv_exercise_start_4[],
    rv_exercise_start_5[];
static const char *const start_file[] = {rv_exercise_start_1, rv_exercise_start_2, rv_exercise_start_3,
                                         rv_exercise_start_4, rv_exercise_start_5};
_Static_assert(sizeof start_file / sizeof start_file[0] == RV_NUM_EXERCISES, "start_file"); /* one per exercise */

#define UPLOAD_MAGIC 0x53554231u /* marks this file's request state */

typedef struct upload {
    uint32_t magic;
    int too_large;
    size_t len;
    char *buf; /* SUBMIT_MAX_BYTES + 1 */
} upload;

/* "/submissions/ID/trace": ID (digits only, 1 .. 10^8), or 0. */
static int trace_id(const char *url)
{
    const char *p = url + strlen("/submissions/");
    if (strncmp(url, "/submissions/", strlen("/submissions/")) || p[0] < '1' || p[0] > '9') return 0;
    long id = 0;
    for (; *p >= '0' && *p <= '9' && id <= 100000000; p++) id = 10 * id + (*p - '0');
    return !strcmp(p, "/trace") && id <= 100000000 ? (int)id : 0;
}

int class_submit_owns(const char *url)
{
    return !strcmp(url, "/submit") || !strcmp(url, "/submission") || !strcmp(url, "/submissions") ||
           !strcmp(url, "/start") || trace_id(url);
}

void class_submit_done(void *state)
{
    uint32_t magic;
    if (!state) return;
    memcpy(&magic, state, sizeof magic); /* class_http.c's own state is an int */
    if (magic != UPLOAD_MAGIC) return;
    upload *u = state;
    free(u->buf);
    u->magic = 0;
    free(u);
}

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *type, const char *body,
                                 size_t len, enum MHD_ResponseMemoryMode mode)
{
    return http_reply_send(c, status, type, body, len, mode, "5");
}

/* A malloc'd JSON text, sent and freed (NULL: out of memory). */
static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *why);

static enum MHD_Result send_owned(struct MHD_Connection *c, char *json)
{
    if (!json) return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, _("out of memory"));
    return send_text(c, MHD_HTTP_OK, "application/json; charset=utf-8", json, strlen(json), MHD_RESPMEM_MUST_FREE);
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *why)
{
    return http_reply_error(c, status, why, "5");
}

static unsigned status_of(submit_status s)
{
    switch (s) {
    case SUBMIT_OK: return MHD_HTTP_OK;
    case SUBMIT_CLOSED: return MHD_HTTP_SERVICE_UNAVAILABLE;
    case SUBMIT_TOO_LARGE: return MHD_HTTP_CONTENT_TOO_LARGE;
    case SUBMIT_BAD_EXERCISE:
    case SUBMIT_NOT_TEXT: return MHD_HTTP_BAD_REQUEST;
    case SUBMIT_BUSY: return MHD_HTTP_TOO_MANY_REQUESTS;
    case SUBMIT_FULL: return MHD_HTTP_SERVICE_UNAVAILABLE;
    case SUBMIT_NO_DISK: return MHD_HTTP_INTERNAL_SERVER_ERROR;
    }
    return MHD_HTTP_INTERNAL_SERVER_ERROR;
}

/* A number from 1 to RV_NUM_EXERCISES, or 0. */
static int exercise_of(const char *s)
{
    return s && s[0] >= '1' && s[0] <= '0' + RV_NUM_EXERCISES && !s[1] ? s[0] - '0' : 0;
}

static const char *arg(struct MHD_Connection *c, const char *key)
{
    const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, key);
    return v && strnlen(v, 257) <= 256 ? v : NULL;
}

/* The headers of a page that is the class's own (the lesson page keeps its
 * own content-security policy, in its head; this one says the same). */
static void page_headers(struct MHD_Response *res)
{
    http_reply_headers(res, "text/html; charset=utf-8");
    MHD_add_response_header(res, "Content-Security-Policy",
                            "default-src 'none'; img-src data:; "
                            "style-src 'unsafe-inline'; script-src 'unsafe-inline'");
}

/* A page that says it is being drawn and asks again in a few seconds (no
 * script: the browser's own refresh). */
static enum MHD_Result send_waiting(struct MHD_Connection *c)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return MHD_NO;
    fprintf(f,
            "<!DOCTYPE html>\n<html lang=\"%s\"><head><meta charset=\"utf-8\"><meta http-equiv=\"refresh\" "
            "content=\"3\"><title>reducevis</title></head><body><p>%s</p></body></html>\n",
            i18n_lang(),
            _("Your trace is being drawn step by step beside the version you chose; this page reloads itself "
              "in a few seconds."));
    if (fclose(f) != 0) {
        free(text);
        return MHD_NO;
    }
    struct MHD_Response *res = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
    if (!res) {
        free(text);
        return MHD_NO;
    }
    page_headers(res);
    MHD_add_response_header(res, "Retry-After", "3");
    enum MHD_Result rc = MHD_queue_response(c, MHD_HTTP_ACCEPTED, res);
    MHD_destroy_response(res);
    return rc;
}

/* GET /submissions/ID/trace?v=V|own&t=TOKEN (or k=SECRET)[&lang=en|zh]: the
 * kernel's trace beside version V as a lesson page; a student sees only
 * their own. */
static enum MHD_Result trace_page(submit_queue *q, room *r, int teacher, struct MHD_Connection *c, int id)
{
    const char *t = arg(c, "t"), *v = arg(c, "v"), *lang = arg(c, "lang");
    int student = teacher ? -1 : t ? room_student_id(r, t) : -1;
    if (!teacher && student < 0) return send_error(c, MHD_HTTP_FORBIDDEN, _("unknown student: join again"));
    if (!q) return send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, submit_status_text(SUBMIT_CLOSED));
    int owner = submit_queue_trace_owner(q, id);
    if (owner < 0)
        return send_error(c, MHD_HTTP_NOT_FOUND, _("no trace of this kernel: it was not judged on the GPU (yet)"));
    if (!teacher && owner != student)
        return send_error(c, MHD_HTTP_FORBIDDEN, _("this is not your kernel: a student sees only their own traces"));
    int version = v ? rv_version_parse(v) : -1, alone = v && !strcmp(v, "own");
    if (version < 0 && !alone)
        return send_error(c, MHD_HTTP_BAD_REQUEST,
                          _("v names the version to step beside, as the lesson names "
                            "it, or own for your trace alone"));
    if (!lang) lang = i18n_lang();
    if (strcmp(lang, "en") && strcmp(lang, "zh")) return send_error(c, MHD_HTTP_BAD_REQUEST, _("lang is en or zh"));
    int fd;
    size_t size;
    char why[256];
    switch (trace_pages_get(submit_queue_pages(q), id, alone ? "own" : rv_version_name(version), lang, &fd, &size, why,
                            sizeof why)) {
    case TRACE_PAGE_MAKING: return send_waiting(c);
    case TRACE_PAGE_FAILED: return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, why);
    case TRACE_PAGE_BUSY:
        return send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, _("too many traces are being drawn: try again in a minute"));
    case TRACE_PAGE_READY: break;
    }
    struct MHD_Response *res = MHD_create_response_from_fd(size, fd); /* it closes fd */
    if (!res) {
        close(fd);
        return MHD_NO;
    }
    page_headers(res);
    enum MHD_Result rc = MHD_queue_response(c, MHD_HTTP_OK, res);
    MHD_destroy_response(res);
    return rc;
}

/* POST /submit: the headers first, then the body in pieces, then the end. */
static enum MHD_Result submit(submit_queue *q, room *r, struct MHD_Connection *c, const char *upload_data,
                              size_t *upload_size, void **state)
{
    if (!*state) {
        if (!q) return send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, submit_status_text(SUBMIT_CLOSED));
        if (submit_queue_why_closed(q)) return send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, submit_queue_why_closed(q));
        const char *t = arg(c, "t");
        if (!t || room_student_id(r, t) < 0) return send_error(c, MHD_HTTP_FORBIDDEN, _("unknown student: join again"));
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > SUBMIT_MAX_BYTES)
            return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE, submit_status_text(SUBMIT_TOO_LARGE));
        upload *u = calloc(1, sizeof *u);
        if (!u || !(u->buf = malloc(SUBMIT_MAX_BYTES + 1))) {
            free(u);
            return MHD_NO;
        }
        u->magic = UPLOAD_MAGIC;
        *state = u;
        return MHD_YES;
    }
    upload *u = *state;
    if (*upload_size) { /* a piece of the body */
        if (u->len + *upload_size > SUBMIT_MAX_BYTES)
            u->too_large = 1;
        else
            memcpy(u->buf + u->len, upload_data, *upload_size), u->len += *upload_size;
        *upload_size = 0;
        return MHD_YES;
    }
    if (u->too_large) return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE, submit_status_text(SUBMIT_TOO_LARGE));
    int student = room_student_id(r, arg(c, "t"));
    int exercise = exercise_of(arg(c, "ex"));
    if (student < 0) return send_error(c, MHD_HTTP_FORBIDDEN, _("unknown student: join again"));
    int id = 0;
    submit_status st = submit_queue_add(q, student, exercise, u->buf, u->len, &id);
    if (st != SUBMIT_OK) return send_error(c, status_of(st), submit_status_text(st));
    char buf[80];
    snprintf(buf, sizeof buf, "{\"id\":%d}", id);
    return send_text(c, MHD_HTTP_OK, "application/json; charset=utf-8", buf, strlen(buf), MHD_RESPMEM_MUST_COPY);
}

/* The room's names for the queue's list (submit_name_fn): given only while
 * the teacher shows them (room_student_name says so). */
static int name_of(void *room_, int student, char *buf, size_t len)
{
    return room_student_name(room_, student, buf, len);
}

enum MHD_Result class_submit_handle(submit_queue *q, room *r, int teacher, struct MHD_Connection *c, const char *url,
                                    const char *method, const char *upload_data, size_t *upload_size, void **state)
{
    int get = !strcmp(method, MHD_HTTP_METHOD_GET), post = !strcmp(method, MHD_HTTP_METHOD_POST);
    if (!strcmp(url, "/submit")) {
        if (!post) return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, _("use POST"));
        return submit(q, r, c, upload_data, upload_size, state);
    }
    /* the other paths take no body, as the rest of the class */
    enum MHD_Result bodied;
    if (http_reply_no_body(c, upload_size, state, &bodied)) return bodied;
    if (!get) return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, _("use GET"));
    if (!strcmp(url, "/start")) {
        int n = exercise_of(arg(c, "n"));
        if (!n) return send_error(c, MHD_HTTP_NOT_FOUND, submit_status_text(SUBMIT_BAD_EXERCISE));
        /* a student's own last kernel of that exercise, where they sent one: a
           page opened again (or a class resumed) carries on from it */
        const char *t = arg(c, "t");
        int student = t && q ? room_student_id(r, t) : -1;
        size_t len = 0;
        char *own = student >= 0 ? submit_queue_last_source(q, student, n, &len) : NULL;
        if (own) return send_text(c, MHD_HTTP_OK, "text/plain; charset=utf-8", own, len, MHD_RESPMEM_MUST_FREE);
        return send_text(c, MHD_HTTP_OK, "text/plain; charset=utf-8", start_file[n - 1], strlen(start_file[n - 1]),
                         MHD_RESPMEM_PERSISTENT);
    }
    if (trace_id(url)) return trace_page(q, r, teacher, c, trace_id(url));
    if (!strcmp(url, "/submissions")) {
        if (!teacher) return send_error(c, MHD_HTTP_FORBIDDEN, _("the submissions need the teacher's secret"));
        if (!q) return send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, submit_status_text(SUBMIT_CLOSED));
        return send_owned(c, submit_queue_teacher_json(q, name_of, r));
    }
    /* /submission */
    const char *t = arg(c, "t");
    int student = t ? room_student_id(r, t) : -1;
    if (student < 0) return send_error(c, MHD_HTTP_FORBIDDEN, _("unknown student: join again"));
    if (!q) return send_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, submit_status_text(SUBMIT_CLOSED));
    return send_owned(c, submit_queue_student_json(q, student));
}
