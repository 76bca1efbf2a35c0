#!/usr/bin/env python3
"""Compares measured per-request counters with the `// expect:` comments.

Reads test/gpu/measurements/*.csv (from ncu_to_csv.py) and the expectation
comments of the measured source lines, and prints one row per measured
(launch, line, space, op): expected worst case and mean per request from the
starting hardware model, measured per request, and whether they agree.

Expectation syntax (one access per line; `;`-separated when several):
  // expect: shared load wavefronts=4 ideal=1 [mean=X] [ideal_mean=Y]
  // expect: global store sectors=5 ideal=4
  // expect: shared atomic unknown
A value in braces is a Python expression in the kernel's template argument,
named S, O, K or N in the sources: wavefronts={gcd(S,32)}. `mean` is the expected
mean over executed requests when it differs from the worst case.
"""
import csv
import glob
import math
import os
import re
import sys
from fractions import Fraction

Root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def template_args(Kernel):
    M = re.search(r"<([^<>]*)>", Kernel)
    if not M:
        return {}
    Value = int(M.group(1).split(",")[0])
    return {"S": Value, "O": Value, "K": Value, "N": Value}


def value(Text, Env):
    if Text.startswith("{"):
        Scope = dict(Env, gcd=math.gcd, max=max, min=min)
        return Fraction(eval(Text[1:-1], {"__builtins__": {}}, Scope))
    return Fraction(Text)


def expectations(File, Line, Env):
    Src = open(os.path.join(Root, File)).read().splitlines()[Line - 1]
    M = re.search(r"// expect: (.*)$", Src)
    if not M:
        return []
    Result = []
    for Part in M.group(1).split(" ; "):
        Words = Part.split()
        E = {"space": Words[0], "op": Words[1]}
        if "unknown" in Words:
            E["unknown"] = True
        for K, V in re.findall(r"(\w+)=(\{[^}]*\}|\S+)", Part):
            E[K] = value(V, Env)
        Result.append(E)
    return Result


def main():
    Rows = []
    for Path in sorted(glob.glob(os.path.join(Root, "test/gpu/measurements/*.csv"))):
        Rows += list(csv.DictReader(open(Path)))
    Agree = Total = 0
    print("%-34s %4s %-28s %-6s %-6s %9s %9s %9s %9s  %s" % (
        "file", "line", "kernel", "space", "op", "exp", "exp_mean", "measured",
        "ideal", "verdict"))
    for R in Rows:
        Env = template_args(R["kernel"])
        Line = int(R["line"])
        Es = [E for E in expectations(R["file"], Line, Env)
              if E["space"] == R["space"] and E["op"] == R["op"]]
        # -lineinfo sometimes gives a load the line of its first use (the
        # next statement); then the expectation sits one line above.
        Shifted = ""
        if not Es and Line > 1:
            Es = [E for E in expectations(R["file"], Line - 1, Env)
                  if E["space"] == R["space"] and E["op"] == R["op"]]
            Shifted = " (attributed to the next line)" if Es else ""
        Counter = "wavefronts" if R["space"] == "shared" else "sectors"
        Measured = Fraction(R[Counter + "_per_request"] or "0").limit_denominator(1000)
        Ideal = Fraction(R[Counter + "_ideal_per_request"] or "0").limit_denominator(1000)
        if not Es:
            Verdict, Exp, ExpMean = "no-expectation", "", ""
        elif Es[0].get("unknown"):
            Verdict, Exp, ExpMean = "unknown", "?", "?"
        else:
            E = Es[0]
            Exp = E.get(Counter)
            ExpMean = E.get("mean", Exp)
            ExpIdeal = E.get("ideal_mean", E.get("ideal"))
            Total += 1
            Ok = abs(float(Measured) - float(ExpMean)) < 0.01
            OkIdeal = abs(float(Ideal) - float(ExpIdeal)) < 0.01
            Agree += Ok and OkIdeal
            Verdict = ("agree" if Ok else "DIFF") + ("" if OkIdeal else
                                                     " IDEAL(exp %s)" % ExpIdeal) + Shifted
        print("%-34s %4s %-28.28s %-6s %-6s %9s %9s %9.4g %9.4g  %s  [%s]" % (
            R["file"], R["line"], R["kernel"], R["space"], R["op"], Exp,
            ExpMean if ExpMean != Exp else "", float(Measured), float(Ideal),
            Verdict, R["sass"]))
    print("agreement with the starting model: %d of %d lines" % (Agree, Total))


if __name__ == "__main__":
    main()
