#!/usr/bin/env bash
# Builds and profiles ldgsts_pairs.cu on the device machine in one go (warplint
# issue 40): per pattern, the source counters of the cp.async line. Writes
# under $OUT: log.txt, patterns.txt (./pairs list), pairs.csv (per launch and
# line, scripts/gpu/ncu_to_csv.py), sass.txt and raw.tgz (the exports).
# Never touches the GPU's clocks or settings (ncu --clock-control none).
#
#   bash test/gpu/tensor-core/ldgsts_pairs.sh    (from anywhere)
#   BUDGET=420 bash ...                          seconds the run may take
#   SEED=N bash ...                              the held-out set drawn from N
set -u
Here=$(cd "$(dirname "$0")" && pwd)
Root=$(cd "$Here/../../.." && pwd)
W=${WORK:-/tmp/pairswork}
O=${OUT:-$W/out}
Budget=${BUDGET:-420}
Chunk=${CHUNK:-50}
Seed=${SEED:-}
rm -rf "$W"
mkdir -p "$W/export" "$W/csv" "$O"
exec > >(tee -a "$O/log.txt") 2>&1
Nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
Ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
Cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)

echo "== environment ($(date -u +%Y-%m-%dT%H:%M:%SZ))"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
"$Ncu" --version | tail -1
"$Nvcc" --version | tail -1

echo "== build ($SECONDS s)"
"$Nvcc" -O3 -lineinfo -std=c++17 -arch=sm_90 -o "$W/pairs" "$Here/ldgsts_pairs.cu" ||
  { echo "BUILD FAILED"; exit 1; }
"$Cuobjdump" -sass "$W/pairs" > "$O/sass.txt" 2>&1
grep -E 'LDGSTS' "$O/sass.txt"
"$W/pairs" list $Seed > "$O/patterns.txt" || { echo "LIST FAILED"; exit 1; }
N=$(wc -l < "$O/patterns.txt")
echo "$N patterns"
timeout 60 "$W/pairs" run 0 "$N" $Seed > "$W/checks.txt" 2>&1
echo "checks exit $?: $(tail -1 "$W/checks.txt")"
grep WRONG "$W/checks.txt" | head

echo "== profile ($SECONDS s)"
# In chunks, each its own report: a chunk cut off by the budget loses only
# itself.
for ((F = 0; F < N; F += Chunk)); do
  L=$((F + Chunk))
  Left=$((Budget - SECONDS))
  [ "$Left" -lt 20 ] && { echo "SKIPPED $F..: no time left"; break; }
  Name=$(printf 'pairs_%04d' "$F")
  timeout "$Left" "$Ncu" --section SourceCounters --import-source yes \
    --clock-control none -k regex:cpK -f -o "$W/$Name" "$W/pairs" run "$F" "$L" $Seed \
    > "$W/ncu_$Name.log" 2>&1
  echo "ncu $Name: exit $? at $SECONDS s"
  [ -f "$W/$Name.ncu-rep" ] || continue
  "$Ncu" -i "$W/$Name.ncu-rep" --page source --csv --print-units base \
    --print-source cuda,sass > "$W/export/$Name.cuda_sass.csv" 2> "$W/export_$Name.err"
  "$Ncu" -i "$W/$Name.ncu-rep" --page raw --csv --metrics launch__block_size \
    > "$W/export/$Name.kernels.csv" 2>&1
done

echo "== derive ($SECONDS s)"
python3 "$Root/scripts/gpu/ncu_to_csv.py" --export "$W/export" --out "$W/csv" \
  --root "$Root" --no-source
# One file; pattern = chunk + launch (only cpK is profiled, once per pattern).
python3 - "$W/csv" "$O/pairs.csv" <<'EOF'
import csv, os, sys
Rows = []
for Name in sorted(os.listdir(sys.argv[1])):
    First = int(Name.split("_")[1].split(".")[0])
    with open(os.path.join(sys.argv[1], Name)) as F:
        for R in csv.DictReader(F):
            R["chunk"] = First
            Rows.append(R)
Cols = ["chunk", "launch", "line", "space", "op", "sass", "requests",
        "thread_requests", "wavefronts", "wavefronts_ideal", "sectors",
        "sectors_ideal"]
with open(sys.argv[2], "w", newline="") as F:
    W = csv.DictWriter(F, fieldnames=Cols, extrasaction="ignore")
    W.writeheader()
    W.writerows(Rows)
print(len(Rows), "rows")
EOF
tar -czf "$O/raw.tgz" -C "$W" export checks.txt $(cd "$W" && ls ncu_*.log)
echo "== done ($SECONDS s)"
