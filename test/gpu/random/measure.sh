#!/bin/sh
# Builds random_bins.cu and measures its two data-indexed lines with Nsight
# Compute on the device machine; writes $OUT/random_bins.csv (ncu --csv) and
# prints the SASS opcodes of the measured instructions. Run from the
# repository root: test/gpu/random/measure.sh
set -e
Out=${OUT:-/tmp/random}
mkdir -p "$Out"
nvcc -O3 -lineinfo -arch=sm_90 -o "$Out/random_bins" test/gpu/random/random_bins.cu
cuobjdump -sass "$Out/random_bins" | grep -E "Function|ATOMS|LDS" || true
"$Out/random_bins"
ncu --csv --metrics \
smsp__inst_executed_op_shared_atom.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,\
smsp__inst_executed_op_shared_ld.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum \
  "$Out/random_bins" > "$Out/random_bins.csv"
cat "$Out/random_bins.csv"
