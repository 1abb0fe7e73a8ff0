/* test_kernel_name.c — kernel names as a class reads them: demangled, the
 * return type, template arguments and parameters left out, a library's
 * kernel as its library and function. */
#include <string.h>

#include "check.h"
#include "core/kernel_name.h"

static void expect(const char *mangled, const char *want, const char *lib)
{
    char buf[256];
    rv_kernel_short(mangled, buf, sizeof buf);
    CHECK(!strcmp(buf, want), "%s: '%s', expected '%s'", mangled, buf, want);
    const char *l = rv_kernel_library(mangled);
    CHECK(lib ? l && !strcmp(l, lib) : l == NULL, "%s: library %s", mangled, l ? l : "(none)");
}

int main(void)
{
    expect("_Z13reduce_float2PKfPfj", "reduce_float2", NULL);
    expect("_Z13cub_block_sumILi256EEvPKfPfj", "cub_block_sum", NULL);
    expect("_ZN3cub17CUB_300001_SM_9006detail6reduce18DeviceReduceKernelINS2_10policy_hubIfjN4cuda3std3__44plusIvEEE10"
           "Policy1000EPKfjS9_fNS7_10__identityEEEvT0_PT3_T1_NS0_13GridEvenShareISI_EET2_T4_",
           "cub::DeviceReduceKernel", "CUB");
    expect("_ZN3cub17CUB_300001_SM_9006detail6reduce28DeviceReduceSingleTileKernelINS2_10policy_hubIfjN4cuda3std3__"
           "44plusIvEEE10Policy1000EPKfPfjS9_ffNS7_10__identityEEEvT0_T1_T2_T3_T4_T6_",
           "cub::DeviceReduceSingleTileKernel", "CUB");
    expect("_ZN2my6summer6reduceEPKfPfj", "my::summer::reduce", NULL);
    expect("_ZN12_GLOBAL__N_16reduceEPKfPf", "reduce", NULL);
    expect("not_mangled", "not_mangled", NULL);
    expect("_Zbroken", "_Zbroken", NULL);
    char small[8];
    rv_kernel_short("_ZN3cub17CUB_300001_SM_9006detail6reduce18DeviceReduceKernelIiEEvv", small, sizeof small);
    CHECK(strlen(small) < sizeof small, "a short buffer holds a cut name: '%s'", small);
    return check_report();
}
