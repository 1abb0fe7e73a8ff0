/* class_gpus.c — the class's GPUs (class_gpus.h), picked from the NVIDIA
 * driver's own list (core/gpu_list.h): no CUDA in the server, so that the
 * checks it starts are the only programs on the GPUs. */
#define _GNU_SOURCE
#include "class_gpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/gpu_list.h"
#include "core/i18n.h"

/* One entry of a list: a number of the driver's list, or a UUID as given. */
static int pick(const char *word, char names[][RV_GPU_MODEL_LEN], int nfound, class_gpu *out, char *err, size_t errlen)
{
    char *end;
    long k = strtol(word, &end, 10);
    if (!strncmp(word, "GPU-", 4) || !strncmp(word, "MIG-", 4)) {
        snprintf(out->id, sizeof out->id, "%.63s", word);
        out->name[0] = 0;
        return 0;
    }
    if (end == word || *end || k < 0 || k >= nfound) {
        snprintf(err, errlen, _("no GPU '%s' here: this machine has %d (numbered from 0, in PCI order)"), word, nfound);
        return -1;
    }
    snprintf(out->id, sizeof out->id, "%ld", k);
    snprintf(out->name, sizeof out->name, "%.95s", names[k]);
    return 0;
}

int class_gpus_find(const char *asked, class_gpu *out, int max, char *err, size_t errlen)
{
    char names[CLASS_MAX_GPUS][RV_GPU_MODEL_LEN];
    int nfound = rv_gpu_list(names, CLASS_MAX_GPUS), n = 0;
    const char *env = getenv("CUDA_VISIBLE_DEVICES");
    const char *list = asked ? asked : env && *env ? env : NULL;
    if (!list) {
        for (n = 0; n < nfound && n < max; n++) {
            snprintf(out[n].id, sizeof out[n].id, "%d", n);
            snprintf(out[n].name, sizeof out[n].name, "%.95s", names[n]);
        }
    } else {
        char copy[512];
        snprintf(copy, sizeof copy, "%s", list);
        for (char *save = NULL, *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
            if (n == max) {
                snprintf(err, errlen, _("at most %d GPUs serve a class"), max);
                return -1;
            }
            if (pick(w, names, nfound, &out[n], err, errlen)) return -1;
            n++;
        }
        if (!n && asked) {
            snprintf(err, errlen, _("--gpus '%s': expected GPU numbers such as 0,1"), asked);
            return -1;
        }
    }
    if (!n) out[n++] = (class_gpu){{0}, {0}};
    return n;
}

void class_gpu_env(const class_gpu *gpu, char buf[2][96], char *env[3])
{
    env[0] = env[1] = env[2] = NULL;
    if (!gpu->id[0]) return;
    snprintf(buf[0], 96, "CUDA_VISIBLE_DEVICES=%s", gpu->id);
    snprintf(buf[1], 96, "CUDA_DEVICE_ORDER=PCI_BUS_ID");
    env[0] = buf[0], env[1] = buf[1];
}
