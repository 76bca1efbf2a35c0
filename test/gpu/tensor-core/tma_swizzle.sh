#!/usr/bin/env bash
# Builds and profiles tma_swizzle.cu on the device machine in one go (warplint
# issue 40, item 3). Writes under $OUT: log.txt (environment, the layout
# checks, the reads), sass.txt (the SASS of every kernel), tma_lines.csv (per
# kernel and line, scripts/gpu/ncu_to_csv.py) and raw.tgz (the exports).
# Never touches the GPU's clocks or settings (ncu --clock-control none).
#
#   bash test/gpu/tensor-core/tma_swizzle.sh    (from anywhere)
set -u
Here=$(cd "$(dirname "$0")" && pwd)
Root=$(cd "$Here/../../.." && pwd)
W=${WORK:-/tmp/tmawork}
O=${OUT:-$W/out}
rm -rf "$W"
mkdir -p "$W/export" "$O"
exec > >(tee -a "$O/log.txt") 2>&1
Nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
Ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
Cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)

echo "== environment ($(date -u +%Y-%m-%dT%H:%M:%SZ))"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
"$Ncu" --version | tail -1
"$Nvcc" --version | tail -1

echo "== build ($SECONDS s)"
(cd "$Root" && "$Nvcc" -O3 -lineinfo -std=c++17 -arch=compute_90a -code=sm_90a \
  -o "$W/tma" test/gpu/tensor-core/tma_swizzle.cu) || { echo "BUILD FAILED"; exit 1; }
"$Cuobjdump" -sass "$W/tma" > "$O/sass.txt" 2>&1
grep -cE 'UTMALDG|LDSM|LDS.128' "$O/sass.txt"

echo "== layout ($SECONDS s)"
timeout 60 "$W/tma" layout

echo "== measure ($SECONDS s)"
(cd "$Root" && timeout 240 "$Ncu" --section SourceCounters --import-source yes \
  --clock-control none -f -o "$W/rep" "$W/tma" measure) 2>&1 | grep -v '^==PROF=='
"$Ncu" -i "$W/rep.ncu-rep" --page source --csv --print-units base \
  --print-source cuda,sass > "$W/export/tma.cuda_sass.csv"
"$Ncu" -i "$W/rep.ncu-rep" --page raw --csv --print-units base \
  > "$W/export/tma.raw.csv"
"$Ncu" -i "$W/rep.ncu-rep" --page raw --csv --metrics launch__block_size \
  > "$W/export/tma.kernels.csv"
python3 "$Root/scripts/gpu/ncu_to_csv.py" --export "$W/export" --out "$W/csv" \
  --root "$Root" --prefix "" --no-source && cp "$W/csv/"*.csv "$O/tma_lines.csv"
tar czf "$O/raw.tgz" -C "$W" export
echo "== done ($SECONDS s)"
