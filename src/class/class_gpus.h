/* class_gpus.h — the GPUs a class judges its students' kernels on: one set
 * of workers each (submit_queue.c), every check of a set started with that
 * GPU alone visible (CUDA_VISIBLE_DEVICES, CUDA's numbering in PCI order).
 *
 * Found without CUDA: the NVIDIA driver's list (core/gpu_list.h), narrowed
 * to CUDA_VISIBLE_DEVICES's numbers where the teacher set it, or to --gpus. */
#ifndef RV_CLASS_GPUS_H
#define RV_CLASS_GPUS_H

#include <stddef.h>

#define CLASS_MAX_GPUS 16

typedef struct class_gpu {
    char id[64];   /* what CUDA_VISIBLE_DEVICES gets: "0" (CUDA's number
                             in PCI order) or a "GPU-..." UUID; "": no GPU found */
    char name[96]; /* "NVIDIA H100 80GB HBM3", or "" when not known      */
} class_gpu;

/* The GPUs to use: `asked` ("0,2", from --gpus; NULL: CUDA_VISIBLE_DEVICES
 * where set, else all found); at most max into out.  Their count: at least
 * 1 (one entry of id "" where no GPU is found: the checks then say there is
 * none), or -1 with why in err when `asked` names a GPU that is not there
 * or is not a list. */
int class_gpus_find(const char *asked, class_gpu *out, int max, char *err, size_t errlen);

/* The environment a check on gpu is started with: "CUDA_VISIBLE_DEVICES=K"
 * and "CUDA_DEVICE_ORDER=PCI_BUS_ID" (buf holds them), NULL-ended in env;
 * env[0] NULL for no GPU. */
void class_gpu_env(const class_gpu *gpu, char buf[2][96], char *env[3]);

#endif
