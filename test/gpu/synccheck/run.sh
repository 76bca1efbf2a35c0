#!/bin/sh
# Runs cuda-samples/barrier_divergence.cu under compute-sanitizer's synccheck,
# once with sizes that make the threads of a block disagree (the defaults:
# M = 100, n = 1000, the uneven loop on) and once with sizes where they agree
# (M = 104, n = 1024, the uneven loop off). Writes both reports to $1.
set -u
OUT=${1:-.}
nvcc -arch=sm_90 -lineinfo -o /tmp/barrier_divergence cuda-samples/barrier_divergence.cu || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/device.txt"
compute-sanitizer --version | tail -1 >> "$OUT/device.txt"
timeout 300 compute-sanitizer --tool synccheck /tmp/barrier_divergence \
  > "$OUT/synccheck-disagree.txt" 2>&1
echo "exit status $?" >> "$OUT/synccheck-disagree.txt"
timeout 300 compute-sanitizer --tool synccheck /tmp/barrier_divergence 104 1024 0 \
  > "$OUT/synccheck-agree.txt" 2>&1
echo "exit status $?" >> "$OUT/synccheck-agree.txt"
