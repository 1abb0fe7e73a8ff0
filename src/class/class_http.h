/* class_http.h — the class's HTTP server: the lesson page and the room
 * (room.h) for the students' and the teacher's browsers.
 *
 * A fixed set of paths, every byte served from memory (no file is ever
 * read by path):
 *   GET  /                      the lesson page (students)
 *   GET  /teacher?k=SECRET      the same page, driving the class
 *   GET  /events?t=TOKEN|k=SECRET  Server-Sent Events: the room's state,
 *                               at once and on every change
 *   POST /join?code=C&name=N    {"token":..,"id":..}
 *   POST /answer?t=TOKEN&step=K&a=ANSWER
 *   POST /move?k=SECRET&step=K, POST /reveal?k=SECRET
 *   GET  /solution?step=K&t=TOKEN|k=SECRET  a question's answer (its frame,
 *                               words, tooltips), kept out of the page, once
 *                               revealed (the teacher: any time)
 *   GET  /results.csv?k=SECRET, /results.json?k=SECRET
 * and the students' kernels (class_submit.h: POST /submit, GET /submission,
 * /submissions, /start).
 * Anything else is 404; a request with a body (but /submit's) is refused (every field is in
 * the query, each with a length cap).  Only the secret moves the lesson,
 * reveals or exports.
 */
#ifndef RV_CLASS_HTTP_H
#define RV_CLASS_HTTP_H

#include <stddef.h>
#include "room.h"
#include "submit_queue.h"

#define CLASS_SECRET_LEN 32 /* hex digits of the teacher's secret          */

typedef struct class_http class_http;

typedef struct class_http_opts {
    const char *bind;    /* an IPv4 or IPv6 address; NULL: 127.0.0.1   */
    int port;            /* 0: any free port                            */
    int max_streams;     /* event streams at once; 0: the default       */
    int max_per_address; /* connections from one address; 0: default   */
    int idle_timeout_s;  /* an idle connection is closed; 0: default   */
    const char *page;    /* the lesson page (HTML), kept by the caller  */
    size_t page_len;
    int npos;            /* answers kept out of the page: position k's  */
    char *const *answer; /* JSON (NULL: none), answer_len[k] bytes      */
    const size_t *answer_len;
    submit_queue *submit; /* the students' kernels (class_submit.h); NULL: none taken */
} class_http_opts;

/* Starts the server on its own threads.  NULL + err (the address, the port
 * taken...). */
class_http *class_http_start(room *r, const class_http_opts *o, char *err, size_t errlen);
/* The port it listens on, and the teacher's secret. */
int class_http_port(const class_http *h);
const char *class_http_secret(const class_http *h);
/* Stops it: the room must be closed first (room_close), so that every
 * event stream ends; waits for the server's threads. */
void class_http_stop(class_http *h);

#endif
