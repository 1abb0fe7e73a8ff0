/* device_label.h — a GPU's name as the side panel shows it, short enough for
 * one line beside the numbers: without the memory's size and type
 * ("NVIDIA H100 80GB HBM3" -> "NVIDIA H100"; "NVIDIA H200" stays).
 * The frame's header, the files and the terminal keep the full name. */
#ifndef RV_VIEWER_DEVICE_LABEL_H
#define RV_VIEWER_DEVICE_LABEL_H

#include <stddef.h>

/* Writes the short name of `device` into buf and returns buf; a name with
 * nothing left to show comes back whole. */
const char *device_label(const char *device, char *buf, size_t len);

#endif
