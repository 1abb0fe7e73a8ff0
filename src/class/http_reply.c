/* http_reply.c — the headers of every answer of the class's server, an
 * answer sent from bytes, an error, and a body refused (http_reply.h). */
#include "http_reply.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/i18n.h"
#include "core/json.h"

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

enum MHD_Result http_reply_error(struct MHD_Connection *c, unsigned status, const char *why, const char *retry_after)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return MHD_NO;
    fputs("{\"error\":", f);
    rv_json_string(f, why);
    fputs("}", f);
    if (fclose(f) != 0) {
        free(text);
        return MHD_NO;
    }
    return http_reply_send(c, status, "application/json; charset=utf-8", text, len, MHD_RESPMEM_MUST_FREE, retry_after);
}

int http_reply_no_body(struct MHD_Connection *c, size_t *upload_size, void **state, enum MHD_Result *result)
{
    static int seen; /* the state of a request whose headers were seen */
    *result = MHD_YES;
    if (!*state) {
        *state = &seen;
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        const char *te = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
        if ((cl && strcmp(cl, "0")) || te)
            *result = http_reply_error(c, MHD_HTTP_CONTENT_TOO_LARGE,
                                       _("no request body is taken: every field is in the query"), NULL);
        return 1;
    }
    if (*upload_size) { /* a body that was not announced: refused above; drop it */
        *upload_size = 0;
        return 1;
    }
    return 0;
}
