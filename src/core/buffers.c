/* buffers.c — an own trace's allocations in words (buffers.h). */
#include "buffers.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"

static void size_words(uint64_t bytes, char *buf, size_t len)
{
    if (bytes < 1024)
        snprintf(buf, len, _("%" PRIu64 " B"), bytes);
    else if (bytes < (1u << 20))
        snprintf(buf, len, _("%.1f KiB"), bytes / 1024.0);
    else
        snprintf(buf, len, _("%.1f MiB"), bytes / 1048576.0);
}

static const char *kind_words(uint32_t kind)
{
    switch (kind) {
    case RV_ALLOC_ASYNC: return "cudaMallocAsync";
    case RV_ALLOC_MANAGED: return "cudaMallocManaged";
    case RV_ALLOC_MODULE: return "__device__";
    default: return "cudaMalloc";
    }
}

void rv_buffer_name(const rv_own_buffer *b, char *buf, size_t len)
{
    char size[32];
    size_words(b->bytes, size, sizeof size);
    switch (b->role) {
    case RV_BUF_IN: snprintf(buf, len, _("in[] (%s)"), size); break;
    case RV_BUF_OUT: snprintf(buf, len, _("out[] (%s)"), size); break;
    case RV_BUF_VARIABLE: snprintf(buf, len, _("buffer %u: a __device__ variable, %s"), b->id, size); break;
    case RV_BUF_OWN:
        snprintf(buf, len, _("buffer %u: %s, %s in call %u of launch()"), b->id, size, kind_words(b->kind), b->call);
        break;
    default:
        snprintf(buf, len,
                 _("buffer %u: %s, %s made outside launch() (the CUDA runtime's own, or the program's before "
                   "its first call)"),
                 b->id, size, kind_words(b->kind));
        break;
    }
}

void rv_buffer_short(const rv_own_buffer *b, char *buf, size_t len)
{
    if (b->role == RV_BUF_IN)
        snprintf(buf, len, "in[]");
    else if (b->role == RV_BUF_OUT)
        snprintf(buf, len, "out[]");
    else
        snprintf(buf, len, _("buffer %u"), b->id);
}

int rv_buffer_word(const rv_trace *tr, uint64_t w, char *buf, size_t len)
{
    if (!tr || !tr->own_grid) return 0;
    for (uint32_t k = 0; k < tr->own_grid->nbuffers; k++) {
        const rv_own_buffer *b = &tr->own_grid->buffers[k];
        if (b->word == INT64_MIN || (int64_t)w < b->word || (int64_t)w - b->word >= (int64_t)(b->bytes / 4)) continue;
        char name[64];
        rv_buffer_short(b, name, sizeof name);
        if (b->role == RV_BUF_IN || b->role == RV_BUF_OUT) name[strlen(name) - 2] = '\0'; /* "in[" ... */
        snprintf(buf, len, "%s[%" PRId64 "]", name, (int64_t)w - b->word);
        return 1;
    }
    return 0;
}

const rv_own_buffer *rv_buffer_find(const rv_trace *tr, uint32_t id)
{
    if (!tr->own_grid) return NULL;
    for (uint32_t k = 0; k < tr->own_grid->nbuffers; k++)
        if (tr->own_grid->buffers[k].id == id) return &tr->own_grid->buffers[k];
    return NULL;
}

const rv_trace *rv_buffer_written_before(const rv_trace *first, const rv_trace *tr, const rv_own_buffer *b)
{
    const rv_trace *last = NULL;
    for (const rv_trace *t = first; t && t != tr; t = t->next) {
        const rv_own_buffer *o = rv_buffer_find(t, b->id);
        if (o && (o->writes || o->atomics)) last = t;
    }
    return last;
}

/* Appends "; " (the language's) and then text to buf. */
static void append(char *buf, size_t len, const char *text)
{
    /* TRANSLATORS: between the parts of what a launch did with memory: "reads in[]; writes ..." */
    const char *sep = _("; ");
    size_t o = strlen(buf);
    if (o + strlen(sep) + 1 < len) snprintf(buf + o, len - o, "%s%s", o ? sep : "", text);
}

void rv_launch_story(const rv_trace *first, const rv_trace *tr, char *buf, size_t len)
{
    buf[0] = '\0';
    const rv_own_grid *g = tr->own_grid;
    if (!g || !len) return;
    for (uint32_t k = 0; k < g->nbuffers; k++) {
        const rv_own_buffer *b = &g->buffers[k];
        char name[64], part[400];
        rv_buffer_short(b, name, sizeof name);
        const rv_trace *w = b->reads ? rv_buffer_written_before(first, tr, b) : NULL;
        if (w) {
            snprintf(part, sizeof part, _("reads %s, which launch %u wrote"), name, w->launch);
            append(buf, len, part);
        } else if (b->reads) {
            snprintf(part, sizeof part, _("reads %s"), name);
            append(buf, len, part);
        }
        if (b->writes) {
            snprintf(part, sizeof part,
                     ngettext("writes %" PRIu64 " value into %s", "writes %" PRIu64 " values into %s", b->writes),
                     b->writes, name);
            append(buf, len, part);
        }
        if (b->atomics) {
            snprintf(part, sizeof part,
                     ngettext("adds atomically into %s (%" PRIu64 " lane)",
                              "adds atomically into %s (%" PRIu64 " lanes)", b->atomics),
                     name, b->atomics);
            append(buf, len, part);
        }
    }
    i18n_tidy(buf);
}
