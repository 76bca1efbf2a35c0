"""Runs warplint and clang-tidy with the warplint plugin on each file and
compares their diagnostic lines ("file:line:col: warning|note|remark: ...")
finding by finding.
Prints "NAME: same N lines" or "NAME: DIFFERENT" with a diff. Each run is
bounded by a timeout.

usage: compare.py CLANG_TIDY PLUGIN WARPLINT WORKDIR FILE...
"""
import difflib
import os
import re
import subprocess
import sys

tidy, plugin, warplint, work = sys.argv[1:5]
FLAGS = ["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
         "-Wno-unknown-cuda-version"]
LINE = re.compile(r"^\S.*:\d+:\d+: (warning|note|remark|error): ")


def lines(cmd):
    """The diagnostic lines, each finding (a warning and its notes) kept
    together; findings sorted, since clang-tidy sorts them by location."""
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    out = proc.stdout + proc.stderr
    groups = []
    for l in out.splitlines():
        m = LINE.match(l)
        if not m:
            continue
        if m.group(1) != "note" or not groups:
            groups.append([])
        groups[-1].append(l)
    return [l for g in sorted(groups) for l in g]


status = 0
for f in sys.argv[5:]:
    name = os.path.basename(f)
    mine = lines([warplint, "--exit-zero", f, "--"] + FLAGS[2:])
    theirs = lines([tidy, "--load=" + plugin, "--checks=-*,warplint-*",
                    "--quiet", f, "--"] + FLAGS)
    if mine == theirs:
        print(f"{name}: same {len(mine)} lines")
        continue
    status = 1
    print(f"{name}: DIFFERENT")
    for d in difflib.unified_diff(mine, theirs, "warplint", "clang-tidy",
                                  lineterm=""):
        print("  " + d)
sys.exit(status)
