#!/usr/bin/env python3
"""The shared-memory rule warplint uses (docs/hardware-model.md S1: a
request costs the distinct words its busiest bank is asked for; S8: the
same for ATOMS.POPC.INC), evaluated on the indices random_bins.cu draws,
warp by warp. Prints the totals to set beside the measured ones in
random_bins.ncu.csv (README.md); with a folder argument, the same for the
captures of concurrency.cu in it."""

import csv
import os
import sys

BLOCKS, THREADS = 4096, 256
MASK64 = (1 << 64) - 1


def indices(count=BLOCKS * THREADS):
    x = 0x9E3779B97F4A7C15
    for _ in range(count):
        x ^= (x << 13) & MASK64
        x ^= x >> 7
        x ^= (x << 17) & MASK64
        yield x >> 32


def busiest_bank_words(words):
    banks = {}
    for w in words:
        banks.setdefault(w % 32, set()).add(w)
    return max(len(s) for s in banks.values())


def ncu_rows(path):
    """The metric rows of an `ncu --csv` capture, after the program's own
    output."""
    lines = open(path).read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
    return list(csv.DictReader(lines[start:]))


def concurrency(folder):
    """Each capture of concurrency.cu (concurrency/p_B_T_L.csv, and
    single_warps.csv for 1 x 32 x 400) beside the rule on its launches."""
    runs = [("single_warps.csv", 1, 32, 400)]
    for name in sorted(os.listdir(folder)):
        # p_B_T_L.csv, or runN_p_B_T_L.csv for repeated captures.
        shape = name.split("p_", 1)[-1][:-4]
        if "p_" in name:
            b, t, l = map(int, shape.split("_"))
            runs.append((name, b, t, l))
    for name, blocks, threads, launches in runs:
        measured = {}
        for row in ncu_rows(os.path.join(folder, name)):
            if row["Metric Name"].startswith("l1tex"):
                measured[int(row["ID"])] = int(
                    row["Metric Value"].replace(",", ""))
        values = list(indices(blocks * threads * launches))
        per = blocks * threads
        rule = differing = 0
        for launch in range(launches):
            part = values[launch * per:(launch + 1) * per]
            r = sum(busiest_bank_words([v & 1023 for v in part[w:w + 32]])
                    for w in range(0, per, 32))
            rule += r
            differing += measured[launch] != r
        print("%s: %d blocks x %d threads x %d launches: measured %d, rule "
              "%d, %d launches differ" % (name, blocks, threads, launches,
                                      sum(measured.values()), rule,
                                      differing))


def main():
    if len(sys.argv) > 1:
        concurrency(sys.argv[1])
        return
    values = list(indices())
    for name, mask in (("randomHistogram Hist[bin & 255]", 255),
                       ("randomKeyLoad S[key & 1023]", 1023)):
        total = sum(busiest_bank_words([v & mask for v in values[w:w + 32]])
                    for w in range(0, len(values), 32))
        print("%s: %d wavefronts over %d requests (%.4f per request)" %
              (name, total, len(values) // 32, total / (len(values) // 32)))


if __name__ == "__main__":
    main()
