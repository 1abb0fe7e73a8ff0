#!/bin/bash
# docs/img/redraw.sh — redraws the README pictures made by the CLI from the bundled recordings.
# Usage, from the repository root after a build: RV=build/reducevis docs/img/redraw.sh
set -e
rv=${RV:-build/reducevis}
t=$(mktemp -d)
$rv export --device nvidia-h200 --version v0 --steps 4 --size 1280x720 -o $t/a >/dev/null && cp $t/a/v0-step04.png docs/img/v0-divergence.png
$rv export --device nvidia-h200 --version v7 --steps 2 --size 1280x720 -o $t/b >/dev/null && cp $t/b/v7-step02.png docs/img/v7-shuffle.png
$rv export --device nvidia-h200 --version v1 --compare v2 --steps 4 --size 1280x720 -o $t/c >/dev/null && cp $t/c/v1-vs-v2-step04.png docs/img/compare-v1-vs-v2-conflict.png
$rv export --device nvidia-h200 --lang zh --version v1 --compare v2 --steps 3 --size 1280x720 -o $t/z >/dev/null && cp $t/z/v1-vs-v2-step03.png docs/img/zh-compare-v1-vs-v2.png
$rv export --device nvidia-h200 --version v1 --compare v2 --size 1280x720 --gif docs/img/compare-v1-vs-v2.gif --delay 1500 >/dev/null
$rv chart assets/results/nvidia-h200-sweep.json -o docs/img/sweep-chart.png >/dev/null
$rv chart assets/results/nvidia-h100-80gb-hbm3-sweep.json -o docs/img/sweep-chart-h100.png >/dev/null
$rv chart assets/results/nvidia-h100-80gb-hbm3-sweep.json assets/results/nvidia-h200-sweep.json -o docs/img/sweep-two-gpus.png >/dev/null
$rv levels assets/results/nvidia-h200-x2-gpus.json -o docs/img/levels.png >/dev/null
SDL_VIDEODRIVER=dummy $rv --device h200 --version v8 --keys c,d,right,right --shot docs/img/compare-v8-h200-vs-h100.png >/dev/null
$rv export --device nvidia-h200 --version v1 --block-size 1024 --steps 3 -o $t/f >/dev/null && cp $t/f/v1-step03.png docs/img/v1-b1024-folded.png
# Predict mode at v0's s=4 (step 4): the class picks lanes 0, 8, 16 (typed), then 24 and answers.
ask=t,space,enter,space,enter,space,enter,0,enter,8,enter,1,6,enter
SDL_VIDEODRIVER=dummy $rv --device h200 --version v0 --size 1920x1080 --predict class --keys $ask --shot docs/img/predict-question.png >/dev/null
SDL_VIDEODRIVER=dummy $rv --device h200 --version v0 --size 1920x1080 --predict class --keys $ask,2,4,enter,enter --shot docs/img/predict-answer.png >/dev/null
# A student's kernel, traced unchanged on the H200, beside v3 at its butterfly's second shuffle.
$rv export assets/traces/own/nvidia-h200-my_reduce-b256.rvt --compare v3 --steps 7 --size 1280x720 -o $t/o >/dev/null &&
    cp $t/o/my_reduce-vs-v3-step07.png docs/img/own-vs-v3.png
$rv export assets/traces/own/nvidia-h200-my_reduce-b256.rvt --lang zh --compare v3 --steps 7 --size 1280x720 -o $t/oz >/dev/null &&
    cp $t/oz/my_reduce-vs-v3-step07.png docs/img/zh-own-vs-v3.png
# The grid from the H200's waves runs (assets/waves/): v0's 125 waves, v6's four, v8's one, v10's clusters in Chinese.
$rv waves assets/waves/nvidia-h200-v0.rvt --size 1280x720 -o docs/img/waves-v0-h200.png >/dev/null
# v0's last waves and its tail, the part of its run a viewer reaches with I and period
$rv waves assets/waves/nvidia-h200-v0.rvt --size 1280x720 --time 290:321 -o docs/img/waves-v0-tail-h200.png >/dev/null
$rv waves assets/waves/nvidia-h200-v0.rvt --size 1280x720 --time 290:321 --lang zh -o docs/img/zh-waves-v0-tail-h200.png >/dev/null
$rv waves assets/waves/nvidia-h200-v6.rvt --size 1280x720 -o docs/img/waves-v6-h200.png >/dev/null
$rv waves assets/waves/nvidia-h200-v8.rvt --size 1280x720 -o docs/img/waves-v8-h200.png >/dev/null
$rv waves assets/waves/nvidia-h200-v10.rvt --size 1280x720 --lang zh -o docs/img/zh-waves-v10-h200.png >/dev/null
rm -rf $t
echo redrawn
