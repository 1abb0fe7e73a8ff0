/* gpu_list.c — the NVIDIA driver's list of GPUs (gpu_list.h). */
#define _DEFAULT_SOURCE
#include "gpu_list.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

/* The "Model:" line of a GPU's information file, into model. */
static void model_of(const char *path, char *model)
{
    char line[256];
    model[0] = 0;
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "Model:", 6)) continue;
        char *v = line + 6;
        v += strspn(v, " \t");
        v[strcspn(v, "\r\n")] = 0;
        snprintf(model, RV_GPU_MODEL_LEN, "%s", v);
    }
    if (f) fclose(f);
}

int rv_gpu_list(char models[][RV_GPU_MODEL_LEN], int max)
{
    const char *root = getenv("RV_NVIDIA_PROC");
    char dir[512], path[1024];
    snprintf(dir, sizeof dir, "%s/gpus", root && *root ? root : "/proc/driver/nvidia");
    struct dirent **e = NULL;
    int n = scandir(dir, &e, NULL, by_name), found = 0;
    for (int i = 0; i < n; i++) {
        if (e[i]->d_name[0] != '.' && found < max) {
            snprintf(path, sizeof path, "%.511s/%.255s/information", dir, e[i]->d_name);
            model_of(path, models[found++]);
        }
        free(e[i]);
    }
    free(e);
    return found;
}
