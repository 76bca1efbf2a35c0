#!/usr/bin/env bash
# Compiles unrolled_merge.cu on the device machine (cuobjdump is there, not
# on the development machine) and counts, per kernel, the shared and global
# memory instructions of each width ptxas emitted. Writes under $OUT:
# sass.txt (cuobjdump -sass) and widths.txt (kernel: opcode count ...).
#
#   bash test/gpu/sass-probes/unrolled_merge.sh    (from anywhere)
set -u
Here=$(cd "$(dirname "$0")" && pwd)
W=${WORK:-/tmp/mergework}
O=${OUT:-$W/out}
rm -rf "$W"
mkdir -p "$W" "$O"
Nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
Cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
"$Nvcc" --version | tail -1
"$Nvcc" -O3 -lineinfo -std=c++17 -arch=sm_90 -cubin -o "$W/m.cubin" \
  "$Here/unrolled_merge.cu" || { echo "BUILD FAILED"; exit 1; }
"$Cuobjdump" -sass "$W/m.cubin" > "$O/sass.txt"
# One line per kernel: its memory opcodes (LDS, LDS.64, STS.128, LDG.E, ...)
# with their counts, in the order of first appearance.
awk '
  /Function :/ { if (F) print F ":" L; F = $3; L = ""; delete N; delete Order; n = 0; next }
  match($0, /(LDS|STS|LDG|STG)(\.[A-Z0-9]+)*/) {
    Op = substr($0, RSTART, RLENGTH)
    if (!(Op in N)) Order[++n] = Op
    N[Op]++
    L = ""
    for (i = 1; i <= n; i++) L = L " " Order[i] "x" N[Order[i]]
  }
  END { if (F) print F ":" L }
' "$O/sass.txt" | sort > "$O/widths.txt"
cat "$O/widths.txt"
