/* fuzz_readers.c — libFuzzer target over the two readers of untrusted files:
 * the trace reader (rv_trace_parse, .rvt) and the bench results reader
 * (rv_results_parse, JSON).
 *
 * Every input goes to both: each refuses the other's files at their first
 * bytes, so this costs little and lets one corpus serve both.  Besides "no
 * crash, no leak, no read out of bounds" (the sanitizers' part), the target
 * checks what a reader promises:
 *   - a refusal comes with a message;
 *   - a trace that parses serialises back to exactly the bytes it came from
 *     (the format has one encoding per trace) and passes rv_trace_validate;
 *   - results that parse are written out and read back again (the writer
 *     never produces a file the reader refuses), then their figures are
 *     derived and their table printed, whatever the values.
 * A broken promise aborts, which libFuzzer reports as a crash with the input.
 *
 * Built with clang -fsanitize=fuzzer in the sanitizer build; replay.c gives
 * the same function a main() so any compiler can replay the corpus.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/results.h"
#include "core/trace.h"
#include "model/trace_read.h"

#define FUZZ_REQUIRE(cond, ...)                                                   \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "fuzz_readers: %s:%d: ", __FILE__, __LINE__);         \
            fprintf(stderr, __VA_ARGS__);                                         \
            fputc('\n', stderr);                                                  \
            abort();                                                              \
        }                                                                         \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_trace(const uint8_t *data, size_t size)
{
    char err[512] = "";
    rv_trace *tr = rv_trace_parse(data, size, err, sizeof err);
    if (!tr) {
        FUZZ_REQUIRE(err[0] != '\0', "rv_trace_parse refused %zu bytes without a message", size);
        return;
    }
    FUZZ_REQUIRE(rv_trace_validate(tr, err, sizeof err) == 0, "a parsed trace does not validate: %s", err);
    size_t len = 0;
    uint8_t *again = rv_trace_serialize(tr, &len);
    FUZZ_REQUIRE(again != NULL, "rv_trace_serialize ran out of memory");
    FUZZ_REQUIRE(len == size && memcmp(again, data, size) == 0,
                 "a parsed trace serialises to %zu bytes that differ from its %zu input bytes", len, size);
    free(again);
    rv_trace_free(tr);
}

static void fuzz_results(const uint8_t *data, size_t size)
{
    char err[512] = "";
    rv_results *r = rv_results_parse((const char *)data, size, "fuzz", err, sizeof err);
    if (!r) {
        FUZZ_REQUIRE(err[0] != '\0', "rv_results_parse refused %zu bytes without a message", size);
        return;
    }
    /* Exercise the accessors a viewer uses on what was read. */
    const uint64_t *sizes;
    int nsizes = rv_results_sizes(r, &sizes);
    for (int i = 0; i < nsizes; i++) (void)rv_results_copy_gbps(r, sizes[i]);
    (void)rv_results_find(r, "v0", 0);
    (void)rv_results_failures(r);

    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    FUZZ_REQUIRE(f != NULL, "open_memstream failed");
    rv_results_write(r, f);
    FUZZ_REQUIRE(fclose(f) == 0, "writing results into memory failed");
    rv_results *again = rv_results_parse(text, len, "rewritten", err, sizeof err);
    FUZZ_REQUIRE(again != NULL, "results that parsed do not parse again once written: %s\n%s", err, text);
    FUZZ_REQUIRE(rv_results_count(again) == rv_results_count(r), "rewritten results lost runs");
    free(text);

    /* The table for people, and the derived figures, from any values read. */
    text = NULL;
    f = open_memstream(&text, &len);
    FUZZ_REQUIRE(f != NULL, "open_memstream failed");
    rv_results_derive(again);
    rv_results_print_table(again, f);
    FUZZ_REQUIRE(fclose(f) == 0, "printing the table into memory failed");
    rv_results_free(again);
    free(text);
    rv_results_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_trace(data, size);
    fuzz_results(data, size);
    return 0;
}
