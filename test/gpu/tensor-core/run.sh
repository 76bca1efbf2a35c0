#!/usr/bin/env bash
# Builds, disassembles, runs and profiles tensor_core_rules.cu on the device
# machine in one go (warplint issue 40, item 3). Writes under $OUT (at most 8
# files): log.txt, maps.txt, wmma_layouts.txt, wmma_sass.txt, tc_lines.csv,
# tc_kernels.csv, sass_map.txt, all.tgz (raw exports, SASS, ncu logs, metric
# names). Never touches the
# GPU's clocks or settings (ncu --clock-control none).
#
#   bash test/gpu/tensor-core/run.sh            (from anywhere)
#   BUDGET=380 bash ...                         seconds the whole run may take
set -u
Here=$(cd "$(dirname "$0")" && pwd)
Root=$(cd "$Here/../../.." && pwd)
cd "$Root"
Src=test/gpu/tensor-core/tensor_core_rules.cu
W=${WORK:-/tmp/tcwork}
O=${OUT:-$W/out}
Budget=${BUDGET:-380}
rm -rf "$W"
mkdir -p "$W/export" "$O"
exec > >(tee -a "$O/log.txt") 2>&1
Nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
Ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
Cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
Nvdisasm=$(command -v nvdisasm || echo /usr/local/cuda/bin/nvdisasm)
Left() { echo $((Budget - SECONDS)); }

echo "== environment ($(date -u +%Y-%m-%dT%H:%M:%SZ))"
nvidia-smi -L
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
"$Ncu" --version
"$Nvcc" --version | tail -2
echo "ncu=$Ncu nvdisasm=$Nvdisasm cuobjdump=$Cuobjdump"

echo "== build ($SECONDS s)"
Flags="-O3 -lineinfo -std=c++17 -arch=sm_90"
"$Nvcc" $Flags -o "$W/tc" "$Src" || { echo "BUILD FAILED"; exit 1; }
"$Nvcc" $Flags -cubin -o "$W/tc.cubin" "$Src" || echo "cubin build failed"
"$Nvdisasm" -gi -c "$W/tc.cubin" > "$W/tc.nvdisasm.sass" 2> "$W/nvdisasm.err" ||
  "$Nvdisasm" -g -c "$W/tc.cubin" > "$W/tc.nvdisasm.sass" 2>> "$W/nvdisasm.err" ||
  echo "nvdisasm failed"
"$Cuobjdump" -sass "$W/tc" > "$W/tc.cuobjdump.sass" 2>&1 || echo "cuobjdump failed"
python3 "$Here/tc_tools.py" sassmap "$W/tc.nvdisasm.sass" > "$O/sass_map.txt" || echo "sassmap failed"
grep -c '' "$O/sass_map.txt"
grep -E 'LDSM|STSM|LDGSTS|LDS\.128|STS\.128' "$O/sass_map.txt" | awk -F'|' '{print $3}' | sort | uniq -c

echo "== run: checks and WMMA maps ($SECONDS s)"
timeout 120 "$W/tc" measure > "$W/measure.txt" 2>&1; echo "measure exit $?"
grep -E '^check' "$W/measure.txt" | grep -vc ' ok ' | sed 's/^/checks not ok: /'
grep -E 'MISMATCH|error' "$W/measure.txt" | head -20
timeout 120 "$W/tc" maps > "$O/maps.txt" 2>&1; echo "maps exit $?"
grep -E 'copies per element|error|done' "$O/maps.txt" | head -80
python3 "$Here/tc_tools.py" layouts "$O/maps.txt" > "$O/wmma_layouts.txt" || echo "layouts failed"
python3 "$Here/tc_tools.py" wmmasass "$O/sass_map.txt" "$Src" > "$O/wmma_sass.txt" || echo "wmmasass failed"

echo "== metric names ($SECONDS s)"
"$Ncu" --query-metrics --chip gh100 > "$W/query-metrics.txt" 2>&1 || echo "query-metrics failed"
grep -iE 'ldsm|stsm|ldgsts' "$W/query-metrics.txt" > "$W/query-metrics-tc.txt"
wc -l "$W/query-metrics.txt" "$W/query-metrics-tc.txt"
Metrics=$(python3 "$Here/tc_tools.py" metrics "$W/query-metrics.txt")
echo "extra metrics ($(echo "$Metrics" | tr ',' '\n' | grep -c .)): $Metrics"

Export() { # group pass-suffix
  local G=$1 S=$2
  "$Ncu" -i "$W/rep_$G$S.ncu-rep" --page raw --csv --print-units base \
    > "$W/export/$G$S.raw.csv" 2> "$W/export_$G$S.err"
  echo "export $G$S raw: exit $? ($(wc -l < "$W/export/$G$S.raw.csv") lines)"
}
Profile() { # group cap-seconds pass-suffix [ncu flags...]
  local G=$1 Cap=$2 S=$3
  shift 3
  local T=$(Left)
  [ "$T" -gt "$Cap" ] && T=$Cap
  if [ "$T" -lt 15 ]; then echo "SKIPPED $G$S: no time left"; return 1; fi
  local Start=$SECONDS
  timeout "$T" "$Ncu" "$@" --clock-control none -f -o "$W/rep_$G$S" "$W/tc" measure "$G" \
    > "$W/ncu_$G$S.log" 2>&1
  local Rc=$?
  echo "ncu $G$S: exit $Rc in $((SECONDS - Start)) s (cap $T)"
  grep -E '==ERROR==|==WARNING==' "$W/ncu_$G$S.log" | sort | uniq -c | head -5
  [ -f "$W/rep_$G$S.ncu-rep" ] || return 1
  return 0
}

echo "== pass 1: SourceCounters per line ($SECONDS s)"
for G in ldsm ldgsts stsm v4 wmma; do
  if Profile "$G" 150 "" --section SourceCounters --import-source yes; then
    "$Ncu" -i "$W/rep_$G.ncu-rep" --page source --csv --print-units base \
      --print-source cuda,sass > "$W/export/$G.cuda_sass.csv" 2> "$W/export_$G.err"
    echo "export $G cuda,sass: exit $? ($(wc -l < "$W/export/$G.cuda_sass.csv") lines)"
    Export "$G" ""
  fi
done

echo "== pass 2: kernel-level counters ($SECONDS s)"
# If the list fails (a name ncu lists but cannot collect), fall back once to
# the plain l1tex counters of the list.
Fallback=$(echo "$Metrics" | tr ',' '\n' |
  grep -E '^l1tex__(data_pipe_lsu_wavefronts_mem_shared|t_(sectors|requests)_pipe_lsu_mem_global_op_ldgsts)' |
  paste -sd, -)
if [ -n "$Metrics" ]; then
  for G in ldsm ldgsts stsm v4 wmma; do
    if Profile "$G" 120 ".hw" --metrics "$Metrics"; then
      Export "$G" ".hw"
    elif [ -n "$Fallback" ] && [ "$Metrics" != "$Fallback" ] &&
      ! grep -q 'timeout\|Terminated' "$W/ncu_$G.hw.log"; then
      echo "pass 2 failed with the full list; falling back to: $Fallback"
      tail -5 "$W/ncu_$G.hw.log"
      Metrics=$Fallback
      Profile "$G" 120 ".hw" --metrics "$Metrics" && Export "$G" ".hw"
    fi
  done
fi

echo "== convert ($SECONDS s)"
python3 "$Here/tc_tools.py" convert "$W/export" "$O" || echo "convert failed"
grep -h -E 'LDSM|STSM|LDGSTS' "$O/tc_lines.csv" | head -5

echo "== pack ($SECONDS s)"
cp "$W/measure.txt" "$W/export/" 2>/dev/null
(cd "$W" && tar czf "$O/all.tgz" export measure.txt tc.nvdisasm.sass tc.cuobjdump.sass \
  query-metrics.txt query-metrics-tc.txt ncu_*.log export_*.err nvdisasm.err 2>/dev/null)
ls -la "$O"
echo "== done in $SECONDS s"
