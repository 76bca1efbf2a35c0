#!/usr/bin/env python3
"""Per-line SIMT efficiency from Nsight Compute source-page exports.

Input: the NAME.cuda_sass.csv and NAME.kernels.csv exports that
scripts/gpu-validate writes (see ncu_to_csv.py). Output: one CSV per binary
(NAME.branches.csv), one row per (launch, file, line) with every SASS
instruction the line table gives that line, not only memory ones:

  instructions         warp instructions executed
  thread_instructions  thread instructions executed (lanes active at issue)
  pred_on_threads      predicated-on thread instructions executed
  lanes_mean           pred_on_threads / instructions: "Avg. Predicated-On
                       Threads Executed", what warplint's lanes_mean predicts
  sass                 static instructions of the line, predicated (@P)
                       ones counted apart, and its branches: "12 (3 @P,
                       1 BRA)"

compare-branches joins it with warplint's JSON `branches` on (file, line).
"""
import argparse
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ncu_to_csv import launch_sections, opcode, relative, sass_rows  # noqa: E402

COLUMNS = ["file", "line", "kernel", "launch", "block", "grid",
           "instructions", "thread_instructions", "pred_on_threads",
           "lanes_mean", "sass", "source"]


def convert(Export, Name, Root):
    Out = []
    for File, (Id, Kernel, Block, Grid), Get, Col, Rows in launch_sections(
            Export, Name):
        Agg = {}
        for Line, SourceText, Row in sass_rows(Rows):
            Sass = Row[3].strip()
            A = Agg.setdefault(Line, {
                "source": SourceText, "instructions": 0.0, "threads": 0.0,
                "pred_on": 0.0, "static": 0, "predicated": 0, "branches": 0})
            A["instructions"] += Get(Row, "Instructions Executed")
            A["threads"] += Get(Row, "Thread Instructions Executed")
            A["pred_on"] += Get(Row, "Predicated-On Thread Instructions Executed")
            A["static"] += 1
            A["predicated"] += Sass.startswith("@")
            A["branches"] += opcode(Sass).startswith("BRA")
        for LineNo, A in sorted(Agg.items()):
            if A["instructions"] == 0:
                continue
            Out.append({
                "file": relative(File, Root), "line": LineNo, "kernel": Kernel,
                "launch": Id, "block": Block, "grid": Grid,
                "instructions": int(A["instructions"]),
                "thread_instructions": int(A["threads"]),
                "pred_on_threads": int(A["pred_on"]),
                "lanes_mean": "%.4f" % (A["pred_on"] / A["instructions"]),
                "sass": "%d (%d @P, %d BRA)" % (A["static"], A["predicated"],
                                                A["branches"]),
                "source": A["source"],
            })
    return Out


def main():
    P = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    P.add_argument("--export", required=True, help="gpu-validate export dir")
    P.add_argument("--out", required=True, help="directory for the CSVs")
    P.add_argument("--only", default="", help="one binary's name")
    P.add_argument("--root", default=os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))
    Args = P.parse_args()
    os.makedirs(Args.out, exist_ok=True)
    for Entry in sorted(os.listdir(Args.export)):
        if not Entry.endswith(".cuda_sass.csv") or Entry.startswith("probe"):
            continue
        Name = Entry[: -len(".cuda_sass.csv")]
        if Args.only and Name != Args.only:
            continue
        try:
            Rows = convert(Args.export, Name, Args.root)
        except ValueError as Error:
            print("skipped: %s" % Error)
            continue
        Path = os.path.join(Args.out, Name + ".branches.csv")
        with open(Path, "w", newline="") as F:
            W = csv.DictWriter(F, fieldnames=COLUMNS)
            W.writeheader()
            W.writerows(Rows)
        print("%s: %d rows" % (Path, len(Rows)))


if __name__ == "__main__":
    main()
