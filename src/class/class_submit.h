/* class_submit.h — the class server's paths for the students' kernels
 * (submit_queue.h holds and judges them):
 *   POST /submit?t=TOKEN&ex=N   the body is the source (text, at most
 *                               SUBMIT_MAX_BYTES); {"id":..,"position":..}
 *   GET  /submission?t=TOKEN    the student's latest, with check's output
 *   GET  /submissions?k=SECRET  every submission, for the teacher
 *   GET  /start?n=N             exercise N's starting file
 *   GET  /submissions/ID/trace?v=V|own&t=TOKEN (or k=SECRET)[&lang=en|zh]
 *                               kernel ID's trace stepping beside version V,
 *                               a lesson page (202 and a page that reloads
 *                               itself while it is being drawn); a student's
 *                               own kernels only
 * class_http.c routes these paths here and nothing else. */
#ifndef RV_CLASS_SUBMIT_H
#define RV_CLASS_SUBMIT_H

#include <microhttpd.h>
#include "room.h"
#include "submit_queue.h"

/* 1 when url is one of the paths above. */
int class_submit_owns(const char *url);

/* libmicrohttpd's request handler for those paths (its own *state: freed by
 * class_submit_done).  teacher: the request holds the teacher's secret.
 * q NULL: the class takes no kernels. */
enum MHD_Result class_submit_handle(submit_queue *q, room *r, int teacher, struct MHD_Connection *c, const char *url,
                                    const char *method, const char *upload, size_t *upload_size, void **state);

/* The request ended: frees what class_submit_handle kept in *state; other
 * states are left alone. */
void class_submit_done(void *state);

#endif
