/* test_nvcc_plan.c — nvcc's plan (`nvcc -dryrun`) read by src/own/nvcc/nvcc_plan.c:
 * a plan of nvcc 13's shape (written here as nvcc prints it: NAME= lines,
 * "quoted" words, \" inside them, $CICC_PATH, an nvcc warning first) read
 * into the lanes nvcc_split.c runs, and every plan it must not run refused
 * (a program it does not know, shell it does not take, steps of another
 * shape), so that the compile goes to plain nvcc; and the module id of
 * cudafe++'s form. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "own/nvcc/nvcc_plan.h"

#define T "/tmp/rv-nvcc-abc/tmpxft_00001234_00000000-"
static const char good[] =
    "#$ PATH=/usr/local/cuda/bin:/usr/bin:/bin\n"
    "nvcc warning : Cannot find valid GPU for '-arch=native', default arch is used\n"
    "#$ _NVVM_BRANCH_=nvvm\n"
    "#$ _SPACE_= \n"
    "#$ CICC_PATH=/usr/local/cuda/bin/../nvvm/bin\n"
    "#$ PATH=/usr/local/cuda/bin/../nvvm/bin:/usr/local/cuda/bin:/usr/bin:/bin\n"
    "#$ INCLUDES=\"-I/usr/local/cuda/bin/../targets/x86_64-linux/include\"  \n"
    "#$ gcc -std=c++17 -D__CUDA_ARCH_LIST__=900 -E -x c++ -D__CUDACC__ -O3 \"-I/usr/local/cuda/include\"   \"-isystem\" "
    "\"/usr/local/cuda/include/cccl\" -include \"cuda_runtime.h\" -m64 \"/w/student.cu\" -o \"" T "5_student.cpp4.ii\" \n"
    "#$ cudafe++ --c++17 --gnu_version=120200 --orig_src_file_name \"/w/student.cu\" --orig_src_path_name "
    "\"/w/student.cu\" --gen_c_file_name \"" T "6_student.cudafe1.cpp\" --stub_file_name \"tmpxft_00001234_00000000-6_"
    "student.cudafe1.stub.c\" --gen_module_id_file --module_id_file_name \"" T "4_student.module_id\" \"" T
    "5_student.cpp4.ii\" \n"
    "#$ gcc -std=c++17 -D__CUDA_ARCH__=900 -D__CUDA_ARCH_LIST__=900 -E -x c++ -O3 -m64 \"/w/student.cu\" -o \"" T
    "7_student.cpp1.ii\" \n"
    "#$ \"$CICC_PATH/cicc\" --c++17 -arch compute_90 --module_id_file_name \"" T "4_student.module_id\" "
    "--gen_c_file_name \"" T "6_student.cudafe1.c\" --stub_file_name \"" T "6_student.cudafe1.stub.c\" \"" T
    "7_student.cpp1.ii\" -o \"" T "6_student.ptx\"\n"
    "#$ ptxas -arch=sm_90 -m64  \"" T "6_student.ptx\"  -o \"" T "8_student.cubin\" \n"
    "#$ fatbinary -64 --ident=\"/w/student.cu\" --cmdline=\" --generate-line-info \" "
    "\"--image3=kind=elf,sm=90,file=" T "8_student.cubin\" --embedded-fatbin=\"" T "3_student.fatbin.c\" \n"
    "#$ rm " T "3_student.fatbin\n"
    "#$ gcc -std=c++17 -c -x c++ -O3 -m64 \"" T "6_student.cudafe1.cpp\" -o \"" T "11_student.o\" \n"
    "#$ nvlink -m64 --arch=sm_90 \"" T "11_student.o\" \"/w/driver.o\"  -lcudadevrt  -o \"" T "12_dlink.cubin\"\n"
    "#$ gcc -c -x c++ -DFATBINFILE=\"\\\"" T "8_dlink.fatbin.c\\\"\" -I. -m64 \"/usr/local/cuda/bin/crt/link.stub\" "
    "-o \"" T "13_dlink.o\" \n"
    "#$ g++ -O3 -m64 -Wl,--start-group \"" T "13_dlink.o\" \"" T "11_student.o\" \"/w/driver.o\" -lcudart_static "
    "-Wl,--end-group -o \"/w/program\" \n";

/* The plan of `good` with `from` (which must be in it) replaced by `to`:
 * 0 when read, -1 when refused (why printed with -v). */
static int read_changed(const char *from, const char *to, char *why, size_t whylen)
{
    const char *at = strstr(good, from);
    CHECK(at != NULL, "'%s' is not in the good plan", from);
    if (!at) return 0;
    size_t len = strlen(good) + strlen(to) + 1;
    char *text = malloc(len);
    snprintf(text, len, "%.*s%s%s", (int)(at - good), good, to, at + strlen(from));
    rv_nvcc_plan p;
    int rc = rv_nvcc_plan_read(text, &p, why, whylen);
    rv_nvcc_plan_free(&p);
    free(text);
    return rc;
}

static void refused(const char *from, const char *to, const char *because)
{
    char why[300] = "";
    int rc = read_changed(from, to, why, sizeof why);
    CHECK(rc == -1, "a plan with '%s' as '%s' was read", from, to);
    if (rc == -1) CHECK_CONTAINS(why, because);
}

static void test_good(void)
{
    rv_nvcc_plan p;
    char why[300] = "";
    int rc = rv_nvcc_plan_read(good, &p, why, sizeof why);
    CHECK(rc == 0, "the good plan refused: %s", why);
    if (rc) return rv_nvcc_plan_free(&p);
    CHECK(p.nsteps == 11, "%d steps", p.nsteps);
    static const rv_plan_lane lanes[] = {RV_LANE_HOST, RV_LANE_HOST, RV_LANE_DEVICE, RV_LANE_DEVICE, RV_LANE_DEVICE,
                                         RV_LANE_DEVICE, RV_LANE_DEVICE, RV_LANE_AFTER, RV_LANE_AFTER, RV_LANE_AFTER,
                                         RV_LANE_AFTER};
    for (int i = 0; i < 11 && i < p.nsteps; i++) CHECK(p.step[i].lane == lanes[i], "step %d's lane %d", i, p.step[i].lane);
    CHECK(p.step[3].tool == RV_TOOL_CICC && !strcmp(p.step[3].argv[0], "/usr/local/cuda/bin/../nvvm/bin/cicc"),
          "cicc's program: %s", p.step[3].argv[0]);
    CHECK(p.step[6].tool == RV_TOOL_RM && p.step[6].argc == 2, "rm's words");
    CHECK(!strcmp(p.module_id_file, T "4_student.module_id"), "the module id's file: %s", p.module_id_file);
    CHECK(!strcmp(p.source_path, "/w/student.cu"), "the source: %s", p.source_path);
    int gen = 0;
    for (int i = 0; i < p.step[1].argc; i++) gen |= !strcmp(p.step[1].argv[i], "--gen_module_id_file");
    CHECK(!gen, "cudafe++ still makes the module id");
    CHECK(p.step[1].argv[p.step[1].argc] == NULL, "cudafe++'s argv is NULL-ended");
    CHECK(!strcmp(p.step[5].argv[3], "--cmdline= --generate-line-info "), "a quoted part in a word: [%s]",
          p.step[5].argv[3]);
    CHECK(!strcmp(p.step[9].argv[4], "-DFATBINFILE=\"" T "8_dlink.fatbin.c\""), "\\\" inside quotes: [%s]",
          p.step[9].argv[4]);
    CHECK(!strcmp(rv_nvcc_plan_env(&p, "PATH"), "/usr/local/cuda/bin/../nvvm/bin:/usr/local/cuda/bin:/usr/bin:/bin"),
          "the later PATH wins");
    CHECK(!strcmp(rv_nvcc_plan_env(&p, "_SPACE_"), " ") && !strcmp(rv_nvcc_plan_env(&p, "INCLUDES"),
          "\"-I/usr/local/cuda/bin/../targets/x86_64-linux/include\"  "), "NAME= values kept as nvcc exports them");
    CHECK(p.said && !strcmp(p.said, "nvcc warning : Cannot find valid GPU for '-arch=native', default arch is used\n"),
          "nvcc's warning kept to print first");
    rv_nvcc_plan_free(&p);
}

static void test_refused(void)
{
    refused("#$ rm ", "#$ mystery-tool --frobnicate\n#$ rm ", "does not know: mystery-tool");
    refused("#$ ptxas", "something nvcc says\n#$ ptxas", "of its own");
    refused("nvcc warning : Cannot", "nvcc error : Cannot", "of its own");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas '-arch=sm_90'", "('''");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas `-arch=sm_90`", "('`')");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas -arch=sm_90 >/dev/null", "('>')");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas -arch=sm_90; true", "(';')");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas -arch=sm_*", "('*')");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas -arch=sm_90 \\\n", "('\\')");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas \"-arch=`id`\"", "backquote");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas \"-arch=\\n\"", "backslash");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas \"-arch=sm_90", "does not end");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas $NOT_SET", "$NOT_SET");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas $INCLUDES", "split");
    refused("#$ ptxas -arch=sm_90", "#$ ptxas \"$\"", "names no variable");
    refused("--gen_module_id_file ", "", "module id");
    refused("--module_id_file_name \"" T "4_student.module_id\" --gen_c_file_name",
            "--module_id_file_name \"" T "9_other.module_id\" --gen_c_file_name", "another module id");
    refused("\"" T "6_student.ptx\"  -o", "\"" T "6_student.cudafe1.cpp\"  -o", "host's steps make");
    refused("#$ rm " T "3_student.fatbin", "#$ rm -f " T "3_student.fatbin", "one file");
    refused("#$ nvlink", "#$ cudafe++ --c++17\n#$ nvlink", "second source");
    refused("#$ nvlink", "#$ gcc -E x.cu\n#$ nvlink", "second source");
    refused("#$ ptxas -arch=sm_90", "#$ nvlink -arch=sm_90", "not one of its own");
    refused("#$ ptxas -arch=sm_90", "#$ gcc -c -arch=sm_90", "not its preprocessing");
}

static void test_module_id(void)
{
    char id[256];
    /* cudafe++'s own for this name and path was _cf911641_8_small_cu__Z1kPf */
    CHECK(rv_nvcc_module_id("small.cu", "/tmp/exp/small.cu", 0x1234abcdu, id, sizeof id) == 0 &&
              !strcmp(id, "_cf911641_8_small_cu_1234abcd"), "the module id %s", id);
    CHECK(rv_nvcc_module_id("/w/a-b.c.cu", "/w/a-b.c.cu", 0, id, sizeof id) == 0 && strstr(id, "_8_a_b_c_cu_00000000"),
          "a name's other characters as _: %s", id);
    CHECK(rv_nvcc_module_id("small.cu", "/tmp/exp/small.cu", 0, id, 10) == -1, "too long for the buffer");
    CHECK(rv_nvcc_crc32(0, "123456789", 9) == 0xcbf43926u, "CRC-32's check value");
}

int main(void)
{
    test_good();
    test_refused();
    test_module_id();
    return check_report();
}
