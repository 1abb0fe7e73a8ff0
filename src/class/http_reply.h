/* http_reply.h — what every answer of the class's server says about itself:
 * never cached, never sniffed, never passing the address on (the teacher's
 * address holds the secret); and a whole answer sent from bytes.  Written
 * once for the class's routes (class_http.c) and the submissions'
 * (class_submit.c), which use neither each other for it. */
#ifndef CLASS_HTTP_REPLY_H
#define CLASS_HTTP_REPLY_H

#include <stddef.h>
#include <microhttpd.h>

/* Content-Type `type` and the headers every answer carries. */
void http_reply_headers(struct MHD_Response *res, const char *type);

/* body (len bytes, kept as mode says) sent with status and those headers;
 * a busy answer (429, 503) asks the browser to come back after
 * `retry_after` seconds. */
enum MHD_Result http_reply_send(struct MHD_Connection *c, unsigned status, const char *type, const char *body,
                                size_t len, enum MHD_ResponseMemoryMode mode, const char *retry_after);

#endif
