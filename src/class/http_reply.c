/* http_reply.c — the headers of every answer of the class's server, and an
 * answer sent from bytes (http_reply.h). */
#include "http_reply.h"

void http_reply_headers(struct MHD_Response *res, const char *type)
{
    MHD_add_response_header(res, "Content-Type", type);
    MHD_add_response_header(res, "Cache-Control", "no-store");
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    /* the teacher's address holds the secret: never pass it on */
    MHD_add_response_header(res, "Referrer-Policy", "no-referrer");
}

enum MHD_Result http_reply_send(struct MHD_Connection *c, unsigned status, const char *type, const char *body,
                                size_t len, enum MHD_ResponseMemoryMode mode, const char *retry_after)
{
    struct MHD_Response *res = MHD_create_response_from_buffer(len, (void *)body, mode);
    if (!res) return MHD_NO;
    http_reply_headers(res, type);
    if (status == MHD_HTTP_TOO_MANY_REQUESTS || status == MHD_HTTP_SERVICE_UNAVAILABLE)
        MHD_add_response_header(res, "Retry-After", retry_after);
    enum MHD_Result rc = MHD_queue_response(c, status, res);
    MHD_destroy_response(res);
    return rc;
}
