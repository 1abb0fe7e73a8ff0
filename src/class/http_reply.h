/* http_reply.h — what every answer of the class's server says about itself:
 * never cached, never sniffed, never passing the address on (the teacher's
 * address holds the secret); a whole answer sent from bytes, an error as
 * {"error": why}, and the refusal of a body where a request takes none.
 * Written once for the class's routes (class_http.c) and the submissions'
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

/* {"error": why} (why in the class's language: the page shows it), sent
 * as http_reply_send sends. */
enum MHD_Result http_reply_error(struct MHD_Connection *c, unsigned status, const char *why, const char *retry_after);

/* A request whose fields are all in its query.  On the call that brings
 * its headers, one that announces a body is refused before the body is
 * read; on a later call, a body that came unannounced is dropped.  1 where
 * this call is answered so (*result: what the handler returns), 0 where the
 * request is whole and goes on. */
int http_reply_no_body(struct MHD_Connection *c, size_t *upload_size, void **state, enum MHD_Result *result);

#endif
