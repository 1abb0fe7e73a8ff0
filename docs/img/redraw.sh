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
rm -rf $t
echo redrawn
