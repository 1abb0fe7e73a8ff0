/* sass.h — the traced kernel's machine code as nvdisasm prints it (-g -gi -c):
 * for each instruction its offset, the student's source line it came from
 * (through inlined functions: the innermost line in the student's file), and
 * for a shuffle its kind and lane operand, and whether it is a compare-and-swap.  The line table the viewer's code
 * pane needs, and what a shuffle's lanes are, which the patching API does
 * not say. */
#ifndef RV_OWN_SASS_H
#define RV_OWN_SASS_H

#include <stddef.h>
#include <stdint.h>

typedef enum rv_shfl_mode { RV_SHFL_NONE = 0, RV_SHFL_DOWN, RV_SHFL_UP, RV_SHFL_BFLY, RV_SHFL_IDX } rv_shfl_mode;

typedef struct rv_sass_insn {
    uint32_t offset;  /* from the kernel's first instruction          */
    uint32_t line;    /* in the student's file; 0 when none           */
    uint8_t shfl;     /* rv_shfl_mode                                 */
    int32_t shfl_arg; /* its lane operand when an immediate, else -1  */
    uint8_t cas;      /* an atomic compare-and-swap (ATOMS.CAS, ATOMS.CAST,
                            ATOMG.CAS ...): a loop of them is one atomic  */
} rv_sass_insn;

typedef struct rv_sass {
    rv_sass_insn *insn;
    size_t n;
} rv_sass;

/* Reads the instructions of function `func` (its mangled name) from
 * nvdisasm's text; `file` is the student's file as the compiler saw it.
 * Returns 0, or -1 with a message. */
int rv_sass_parse(const char *text, const char *func, const char *file, rv_sass *out, char *err, size_t errlen);

/* The instruction at offset, or NULL. */
const rv_sass_insn *rv_sass_at(const rv_sass *s, uint32_t offset);

void rv_sass_free(rv_sass *s);

#endif
