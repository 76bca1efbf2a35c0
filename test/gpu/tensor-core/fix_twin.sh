#!/usr/bin/env bash
# Profiles fix_twin.cu and fix_twin.fixed.cu (what `warplint --fix` makes of
# it, written beside it before the run) per source line with Nsight
# Compute's SourceCounters, on the device (and fix_twin.padded.cu, the
# alternative it offers: rows of 72 halves): test/gpu/tensor-core/README.md,
# "The fix, measured".
#   OUT=DIR test/gpu/tensor-core/fix_twin.sh
set -uo pipefail
Here=$(cd "$(dirname "$0")" && pwd)
Root=$(cd "$Here/../../.." && pwd)
O=${OUT:?set OUT}
W=$(mktemp -d /tmp/fixtwin.XXXXXX)
Nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
Ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
mkdir -p "$O" "$W/export"
for Name in fix_twin fix_twin.fixed fix_twin.padded; do
  B=${Name//./_}
  "$Nvcc" -O3 -lineinfo -std=c++17 -arch=sm_90 -o "$W/$B" "$Here/$Name.cu" \
    > "$O/$B.build.log" 2>&1 || { cat "$O/$B.build.log"; exit 1; }
  "$Ncu" --section SourceCounters --import-source yes --clock-control none \
    -f -o "$W/$B" "$W/$B" > "$O/$B.ncu.log" 2>&1
  "$Ncu" -i "$W/$B.ncu-rep" --page source --csv --print-units base \
    --print-source cuda,sass > "$W/export/$B.cuda_sass.csv" 2> "$O/$B.export.err"
  "$Ncu" -i "$W/$B.ncu-rep" --page raw --csv --metrics launch__block_size \
    > "$W/export/$B.kernels.csv" 2>&1
done
python3 "$Root/scripts/gpu/ncu_to_csv.py" --export "$W/export" --out "$O" \
  --root "$Root" --no-source
nvidia-smi --query-gpu=name,driver_version --format=csv > "$O/gpu.txt" 2>&1
"$Nvcc" --version | tail -1 >> "$O/gpu.txt"
