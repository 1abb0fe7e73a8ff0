/* access_words.c — an access in words (access_words.h). */
#include "access_words.h"

#include <stdio.h>

#include "buffers.h"
#include "i18n.h"

/* An 8- or 16-byte shared access: 1, or 0 (buf untouched) for any other. */
static int wide_access_words(uint64_t acc, char *buf, size_t len)
{
    unsigned long long ix = (unsigned long long)RV_ACC_INDEX(acc);
    if (RV_ACC_SPACE(acc) == RV_SPACE_SMEM8)
        snprintf(buf, len, _("smem[%llu], smem[%llu] (one 8-byte access: the compiler merged two)"), ix, ix + 1);
    else if (RV_ACC_SPACE(acc) == RV_SPACE_SMEM16)
        snprintf(buf, len, _("smem[%llu..%llu] (one 16-byte access: the compiler merged four)"), ix, ix + 3);
    else
        return 0;
    return 1;
}

void rv_access_words(const rv_trace *tr, uint64_t acc, int how, char *buf, size_t len)
{
    unsigned long long ix = (unsigned long long)RV_ACC_INDEX(acc);
    switch (RV_ACC_SPACE(acc)) {
    case RV_SPACE_SMEM: snprintf(buf, len, "smem[%llu]", ix); break;
    case RV_SPACE_SMEM8:
    case RV_SPACE_SMEM16: wide_access_words(acc, buf, len); break;
    case RV_SPACE_GIN: snprintf(buf, len, "in[%llu]", ix); break;
    case RV_SPACE_GIN4:
        if (how)
            snprintf(buf, len, _("in[%llu..%llu] (one 128-bit load)"), ix, ix + 3);
        else
            snprintf(buf, len, "in[%llu..%llu]", ix, ix + 3);
        break;
    case RV_SPACE_GOUT: snprintf(buf, len, "out[%llu]", ix); break;
    case RV_SPACE_LANE: snprintf(buf, len, _("lane %llu's register"), ix); break;
    case RV_SPACE_REG: snprintf(buf, len, "%s", _("its register")); break;
    case RV_SPACE_TICKET:
        snprintf(buf, len, "%s", how ? _("the ticket counter (atomic fetch_add)") : _("the ticket counter"));
        break;
    case RV_SPACE_GOWN:
        if (!tr || !rv_buffer_word(tr, ix, buf, len)) snprintf(buf, len, _("its own global word %llu"), ix);
        break;
    default: snprintf(buf, len, "-"); break;
    }
}
