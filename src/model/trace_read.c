/* trace_read.c — core's trace readers and check handed the model's plan
 * (rv_model_plan), which core, below the model, cannot ask for itself. */
#include "trace_read.h"

#include "model.h"

int rv_trace_validate(const rv_trace *tr, char *err, size_t errlen)
{
    return rv_trace_validate_with(tr, rv_model_plan, err, errlen);
}

rv_trace *rv_trace_load(const char *path, char *err, size_t errlen)
{
    return rv_trace_load_with(path, rv_model_plan, err, errlen);
}

rv_trace *rv_trace_parse(const uint8_t *buf, size_t len, char *err, size_t errlen)
{
    return rv_trace_parse_with(buf, len, rv_model_plan, err, errlen);
}
