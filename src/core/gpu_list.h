/* gpu_list.h — the GPUs the NVIDIA driver lists (/proc/driver/nvidia/gpus,
 * one folder per GPU named by its PCI address), read without CUDA: in PCI
 * order, which is CUDA's numbering under CUDA_DEVICE_ORDER=PCI_BUS_ID.  The
 * class picks its GPUs from it (src/class/class_gpus.c), and the build cache
 * keys "native" builds by it (src/own/nvcc/compile.c).  RV_NVIDIA_PROC names
 * another folder in its place (tests give a list of their own). */
#ifndef RV_CORE_GPU_LIST_H
#define RV_CORE_GPU_LIST_H

#define RV_GPU_MODEL_LEN 96

/* The GPUs' models ("NVIDIA H100 80GB HBM3"; "" where not said), at most
 * max of them, into models; their count (0: none, or no NVIDIA driver). */
int rv_gpu_list(char models[][RV_GPU_MODEL_LEN], int max);

#endif
