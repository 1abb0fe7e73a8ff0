/* check.h — the whole test framework: CHECK a condition, report, count.
 * Each test program ends with `return check_report();`. */
#ifndef RV_CHECK_H
#define RV_CHECK_H

#include <stdio.h>
#include <string.h>

#include "core/versions.h"

/* Versions a test names for what is new in them (code outside the table
 * never names one; tests of a general property iterate the table). */
#define RV_V8 (rv_version_parse("v8"))
#define RV_V9 (rv_version_parse("v9"))
#define RV_V10 (rv_version_parse("v10"))

static int check_failed, check_passed;

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (cond) {                                                         \
            check_passed++;                                                 \
        } else {                                                            \
            check_failed++;                                                 \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                   \
            fputc('\n', stderr);                                            \
        }                                                                   \
    } while (0)

#define CHECK_CONTAINS(text, part) \
    CHECK(strstr((text), (part)) != NULL, "expected \"%s\" in \"%s\"", (part), (text))

static inline int check_report(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
