"""Joins warplint's bounded answers for random_bins.cu with the recorded ncu
totals (kernel-level instructions and wavefronts of the one data-indexed
shared atomic or load of each kernel) and prints, per kernel, the measured
mean per request and the bound; fails when a mean lies outside."""
import csv
import json
import sys


def number(text):
    return float(text.replace(",", ""))


def main():
    accesses = json.load(open(sys.argv[1]))["accesses"]
    metrics = {}
    # ncu's CSV follows the program's own output and ncu's ==PROF== lines.
    lines = open(sys.argv[2]).read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
    for row in csv.DictReader(lines[start:]):
        kernel = row["Kernel Name"].split("(")[0]
        metrics[(kernel, row["Metric Name"])] = number(row["Metric Value"])
    ok = True
    for kernel, op, suffix in (("randomHistogram", "atomic", "atom"),
                               ("randomKeyLoad", "load", "ld")):
        bounded = [a for a in accesses if a["kernel"] == kernel and
                   a["op"] == op and a["status"] == "bounded"]
        if len(bounded) != 1:
            print("%s %s: expected one bounded access, found %d" %
                  (kernel, op, len(bounded)))
            ok = False
            continue
        a = bounded[0]
        inst = metrics[(kernel, "smsp__inst_executed_op_shared_%s.sum" % suffix)]
        waves = metrics[(kernel,
                         "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum"
                         % suffix)]
        mean = waves / inst
        low, high = a["wavefronts_mean_min"], a["wavefronts_mean_max"]
        inside = low <= mean <= high
        ok &= inside
        print("%s %s: measured %.4f in [%s, %s]%s" %
              (kernel, op, mean, low, high, "" if inside else " OUTSIDE"))
    print("all inside" if ok else "some outside")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
