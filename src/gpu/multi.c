/* multi.c — the host side of the reduction across GPUs that needs no GPU:
 * the slices, NCCL's environment, the unique id in hex and in a file. */
#include "multi.h"
#include "core/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/trace.h" /* RV_MAX_N */
#include "core/versions.h"
#include "core/clock.h"

/* Each GPU reduces its slice with the first version of the teaching order
 * that does it in one launch and gives the same bits on every run (a
 * single pass, no sum that varies): it leaves one number at a known place,
 * which is what NCCL then combines. */
int rv_multi_version(void)
{
    for (int k = 0; k < RV_NUM_VERSIONS; k++) {
        const rv_version_info *vi = rv_version_at(k);
        if ((vi->props & RV_VP_SINGLE_PASS) && !(vi->props & RV_VP_SUM_VARIES)) return vi->id;
    }
    return -1;
}

void rv_multi_slice(uint64_t n, int gpus, int g, uint64_t *first, uint64_t *count)
{
    /* Deal whole float4s out evenly; the last GPU also takes the 0..3 left over. */
    uint64_t vec = n / 4;
    uint64_t lo = 4 * (vec * (uint64_t)g / (uint64_t)gpus);
    uint64_t hi = g == gpus - 1 ? n : 4 * (vec * (uint64_t)(g + 1) / (uint64_t)gpus);
    *first = lo;
    *count = hi - lo;
}

const char *rv_multi_check_split(uint64_t n, int gpus, char *buf, size_t len)
{
    for (int g = 0; g < gpus; g++) {
        uint64_t first, count;
        rv_multi_slice(n, gpus, g, &first, &count);
        if (count == 0) {
            snprintf(buf, len, _("N = %llu is too small to split over %d GPUs (GPU %d would get no elements)"),
                     (unsigned long long)n, gpus, g);
            return buf;
        }
        if (count > RV_MAX_N) {
            snprintf(buf, len,
                     ngettext("N = %llu over %d GPU gives GPU %d a slice of %llu elements, more than the "
                              "kernel's 2^31 (its n is an unsigned int): use more GPUs or a smaller N",
                              "N = %llu over %d GPUs gives GPU %d a slice of %llu elements, more than the "
                              "kernel's 2^31 (its n is an unsigned int): use more GPUs or a smaller N",
                              (unsigned long)gpus),
                     (unsigned long long)n, gpus, g, (unsigned long long)count);
            return buf;
        }
    }
    return NULL;
}

void rv_multi_nccl_env(void) { setenv("NCCL_NVLS_ENABLE", "0", 0); /* 0: keep a value set outside */ }

int rv_multi_nccl_name_ok(const char *name, int both_ok)
{
    return name && (!strcmp(name, "allreduce") || !strcmp(name, "reduce") || (both_ok && !strcmp(name, "both")));
}

void rv_multi_id_to_hex(const unsigned char *id, char *hex)
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < RV_MULTI_ID_BYTES; i++) {
        hex[2 * i] = digits[id[i] >> 4];
        hex[2 * i + 1] = digits[id[i] & 15];
    }
    hex[2 * RV_MULTI_ID_BYTES] = 0;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int rv_multi_id_from_hex(const char *hex, unsigned char *id, char *err, size_t errlen)
{
    size_t len = strlen(hex);
    while (len && (hex[len - 1] == '\n' || hex[len - 1] == '\r' || hex[len - 1] == ' ')) len--;
    if (len != 2 * RV_MULTI_ID_BYTES) {
        snprintf(err, errlen, _("an NCCL unique id is %d hex digits, this has %zu"), 2 * RV_MULTI_ID_BYTES, len);
        return -1;
    }
    for (int i = 0; i < RV_MULTI_ID_BYTES; i++) {
        int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            snprintf(err, errlen, _("an NCCL unique id is hex digits only; character %d is not one"),
                     2 * i + (hi >= 0) + 1);
            return -1;
        }
        id[i] = (unsigned char)(hi << 4 | lo);
    }
    return 0;
}

int rv_multi_id_write(const char *path, const unsigned char *id, char *err, size_t errlen)
{
    char hex[2 * RV_MULTI_ID_BYTES + 1], tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof tmp) {
        snprintf(err, errlen, "%s", _("the id file's name is too long"));
        return -1;
    }
    rv_multi_id_to_hex(id, hex);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, _("cannot write the NCCL id file %s: %s"), tmp, strerror(errno));
        return -1;
    }
    fprintf(f, "%s\n", hex);
    int bad = ferror(f);
    if (fclose(f) || bad) {
        snprintf(err, errlen, _("writing the NCCL id file %s failed (disk full?)"), tmp);
        remove(tmp);
        return -1;
    }
    if (rename(tmp, path)) {
        snprintf(err, errlen, _("cannot put the NCCL id file at %s: %s"), path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

int rv_multi_id_read(const char *path, double timeout_s, unsigned char *id, char *err, size_t errlen)
{
    double deadline = rv_mono_s() + timeout_s;
    FILE *f;
    while (!(f = fopen(path, "r"))) {
        if (errno != ENOENT) {
            snprintf(err, errlen, _("cannot read the NCCL id file %s: %s"), path, strerror(errno));
            return -1;
        }
        if (rv_mono_s() > deadline) {
            snprintf(err, errlen,
                     _("the NCCL id file %s did not appear within %.0f s (did rank 0 start, with the "
                       "same --id-file?)"),
                     path, timeout_s);
            return -1;
        }
        struct timespec nap = {0, 50 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    char line[2 * RV_MULTI_ID_BYTES + 8] = "", why[160];
    if (!fgets(line, sizeof line, f)) line[0] = 0;
    fclose(f);
    if (rv_multi_id_from_hex(line, id, why, sizeof why)) {
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    return 0;
}
