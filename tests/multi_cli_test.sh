#!/usr/bin/env bash
# multi_cli_test.sh — `reducevis multi` and `bench --gpus` without a GPU: bad
# options get a message naming the problem and exit 1; a run gets exit 2 and
# says what is missing (no GPU, no NCCL: naming the package to install).
# Usage: multi_cli_test.sh path/to/reducevis BUILD   (BUILD: nccl,
# cuda-without-nccl or no-cuda, as CMake found things)
set -u
rv=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_harness.sh"
rv_run=(timeout 60 "$rv")


# options
expect 0 "one process per GPU"            multi --help
expect 0 "speed-up over one GPU"          bench --gpus 2 --help
expect 0 "--gpus G"                       bench --help
expect 1 "--gpus '0' must be"             multi --gpus 0
expect 1 "--gpus '9' must be"             bench --gpus 9
expect 1 "--gpus needs a value (G)"       bench --gpus
# --gpus however written, wherever it stands: bench --gpus's parser answers
expect 1 "--gpus '9' must be"             bench --gpus=9
expect 1 "--gpus '9' must be"             bench --nccl both --gpus 9
expect 1 "--n '0' must be"                bench --n=0 --gpus 2
expect 1 "--nccl 'broadcast' must be allreduce or reduce" multi --nccl broadcast
expect 1 "must be allreduce, reduce or both" bench --gpus 2 --nccl gather
expect 1 "--sweep does not go with --gpus" bench --gpus 2 --sweep
expect 1 "unknown option '--frob'"        multi --frob
expect 1 "unexpected argument 'frob'"     multi frob
expect 1 "--exit-early takes no value"    multi --exit-early=1
expect 1 "needs both --rank R and --nranks P" multi --rank 0
expect 1 "--rank 2 must be below --nranks 2" multi --rank 2 --nranks 2
expect 1 "--nranks '1' must be"           multi --rank 0 --nranks 1
expect 1 "do not go together"            multi --gpus 2 --rank 0 --nranks 2
expect 1 "--exit-early is for one process" multi --exit-early
expect 1 "more than the kernel's 2^31"    multi --n 2^32
expect 1 "more than the kernel's 2^31"    bench --gpus 1 --n 2^32
expect 1 "too small to split over 2 GPUs" multi --gpus 2 --n 3
expect 1 "--n '0' must be"                multi --n 0
expect 1 "--timeout 'soon' must be"       multi --timeout soon
expect 1 "--id-file needs a value (FILE)" multi --rank 0 --nranks 2 --id-file
expect 1 "--id-file needs a file name"    multi --rank 0 --nranks 2 --id-file ""
expect 1 "unknown data pattern"           multi --data zeros

# runs that cannot happen here: exit 2 and why
case $build in
no-cuda)
    expect 2 "built without CUDA" multi --gpus 1 --n 1024
    expect 2 "built without CUDA" bench --gpus 2 --n 2^20
    ;;
cuda-without-nccl)
    expect 2 "pip install nvidia-nccl-cu13" multi --rank 0 --nranks 2 --id-file "$tmp/id"
    ;;
nccl)
    # no GPU (hidden if there is one): named, exit 2
    CUDA_VISIBLE_DEVICES=-1 expect 2 "needs a CUDA GPU" multi --gpus 1 --n 1024
    CUDA_VISIBLE_DEVICES=-1 expect 2 "needs a CUDA GPU" bench --gpus 2 --n 2^20
    # no NCCL: RV_NCCL_LIB points at a library that is not there
    RV_NCCL_LIB=$tmp/none/libnccl.so.2 expect 2 "pip install nvidia-nccl-cu13" \
        multi --rank 0 --nranks 2 --id-file "$tmp/id" --timeout 2
    RV_NCCL_LIB=$tmp/none/libnccl.so.2 expect 2 "NCCL is missing" \
        multi --rank 1 --nranks 2 --id-file "$tmp/id" --timeout 2
    ;;
esac

finish multi_cli_test
