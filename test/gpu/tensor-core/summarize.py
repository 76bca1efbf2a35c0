#!/usr/bin/env python3
"""Prints the measured tables of README.md from tc_lines.csv and
tc_kernels.csv (this folder, or the folder given as the first argument).

Per kernel: the measured instruction's row of the source page (requests,
L1 Wavefronts Shared and its ideal, L2 Theoretical Sectors Global and its
ideal) and the kernel-level counters of the second ncu pass (hardware
l1tex__* counters and instrumented smsp__sass_* counters)."""
import collections
import csv
import os
import re
import sys

Dir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
Lines = list(csv.DictReader(open(os.path.join(Dir, "tc_lines.csv"))))
Kernels = collections.defaultdict(dict)
for R in csv.DictReader(open(os.path.join(Dir, "tc_kernels.csv"))):
    Kernels[R["kernel"]][R["metric"]] = float(R["value"])

ROWPAT = ["contig16", "row128", "row64", "row32", "row256", "swz128", "pad144", "same8",
          "halfdup", "mixed"]
SRC = ["coalesced", "stride2el", "stride128B", "misaligned1el", "broadcast"]
DST = ["contig", "stride2el", "row128B", "swz", "pad144", "swzrow"]
V4 = ["stride16B", "stride32B", "stride128B", "quarter-same-group", "mod8"]
WMMA = ["half_A_row", "half_A_col", "half_B_row", "half_B_col", "bf16_A_row", "bf16_B_col",
        "tf32_A_row", "tf32_B_col", "f32acc_load_row", "f32acc_store_row", "f32acc_store_col",
        "f16acc_load_row", "f16acc_store_row"]


def args(Kernel):
    """Template arguments of a source-page kernel name, as ints."""
    Inner = re.search(r"<(.*?)>\(", Kernel).group(1)
    return [int(re.sub(r"\([\w ]+\)", "", A).strip()) for A in Inner.split(",")]


def raw(Kernel):
    """The raw page's spelling of a kernel name ("<4, 0, 1>")."""
    return re.sub(r"\([\w ]+\)(?=-?\d)", "", Kernel)


def rows(Group, Prefix):
    return [R for R in Lines if R["group"] == Group and R["sass"].startswith(Prefix)
            and int(R["requests"]) > 0 and R["sass"] != "LDS" or
            (R["group"] == Group and R["sass"] == Prefix)]


def hw(Kernel, *Names):
    K = Kernels.get(raw(Kernel), {})
    return [int(K.get(N + ".sum", 0)) for N in Names]


def ldsm_stsm(Group, Op):
    print("\n### %s (%s): wavefronts per request (ideal) from the source page;"
          " [kernel-level: hw l1tex %s wavefronts / instrumented smsp__sass %s wavefronts]\n"
          % (Op, Group, "op_ld" if Op == "LDSM" else "op_st", Op.lower()))
    Table = collections.defaultdict(dict)
    for R in Lines:
        if R["group"] != Group or not R["sass"].startswith(Op):
            continue
        X, Trans, P = args(R["kernel"])
        Hw = hw(R["kernel"], "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" +
                ("ld" if Op == "LDSM" else "st"),
                "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_" + Op.lower())
        Table[P][(X, Trans)] = "%s (%s) [%d/%d]" % (R["wavefronts"], R["wavefronts_ideal"], *Hw)
        assert R["requests"] == "1", R
    Cols = [(1, 0), (2, 0), (4, 0), (1, 1), (2, 1), (4, 1)]
    print("| rows | " + " | ".join(".x%d%s" % (X, ".trans" if T else "") for X, T in Cols) + " |")
    print("|---" * (len(Cols) + 1) + "|")
    for P in sorted(Table):
        print("| %s | " % ROWPAT[P] + " | ".join(Table[P].get(C, "") for C in Cols) + " |")


def ldgsts():
    print("\n### LDGSTS: per kernel (1 warp, 1 request)\n")
    print("SC = source page (SourceCounters); HW wf = l1tex__data_pipe_lsu_wavefronts_mem_shared"
          " minus its op_ld and op_misc parts (the readback LDS and a constant 5); HW sectors ="
          " l1tex__t_sectors_pipe_lsu_mem_global_op_ld (LDGSTS is the kernel's only global load);"
          " tags = L1 Tag Requests Global (SC).\n")
    print("| variant | src | dst | SASS | SC wf (ideal) | HW wf | SC sectors (ideal) | HW sectors | tags |"
          " dummy @!PT LDS on the line |")
    print("|---" * 10 + "|")
    for R in Lines:
        if R["group"] != "ldgsts" or not R["sass"].startswith("LDGSTS"):
            continue
        Size, Cg, S, D = args(R["kernel"])
        Dummy = [Q for Q in Lines if Q["kernel"] == R["kernel"] and Q["line"] == R["line"]
                 and Q["sass"] == "LDS"]
        Tot, Ld, Misc, Sec = hw(R["kernel"], "l1tex__data_pipe_lsu_wavefronts_mem_shared",
                                "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld",
                                "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc",
                                "l1tex__t_sectors_pipe_lsu_mem_global_op_ld")
        print("| %s%d | %s | %s | %s | %s (%s) | %d | %s (%s) | %d | %s | %s |" % (
            "cg" if Cg else "ca", Size, SRC[S], DST[D], R["sass"], R["wavefronts"],
            R["wavefronts_ideal"], Tot - Ld - Misc, R["sectors"], R["sectors_ideal"], Sec,
            R["l1_tag_requests_global"],
            "%s req, %s wf" % (Dummy[0]["requests"], Dummy[0]["wavefronts"]) if Dummy else "-"))


def v4():
    print("\n### LDS.128 / STS.128\n")
    print("| pattern (16-byte chunk of lane L) | LDS.128 wf (ideal) | STS.128 wf (ideal) |"
          " hw op_ld / op_st of the kernel |")
    print("|---|---|---|---|")
    T = collections.defaultdict(dict)
    for R in Lines:
        if R["group"] == "v4" and R["sass"] in ("LDS.128", "STS.128"):
            P = args(R["kernel"])[0]
            Which = "ld" if R["sass"] == "LDS.128" else "st"
            T[P][Which] = "%s (%s)" % (R["wavefronts"], R["wavefronts_ideal"])
            T[P][Which + "hw"] = hw(R["kernel"], "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + Which)[0]
    for P in sorted(T):
        print("| %s | %s | %s | %s / %s |" % (V4[P], T[P].get("ld"), T[P].get("st"),
                                            T[P].get("ldhw"), T[P].get("sthw")))


def wmma():
    print("\n### WMMA load/store_matrix_sync from shared memory (memory SASS of the call)\n")
    print("| fragment | ldm | SASS: requests, wavefronts (ideal) |")
    print("|---|---|---|")
    Seen = collections.defaultdict(list)
    for R in Lines:
        if R["group"] != "wmma":
            continue
        Kind, Ldm = args(R["kernel"])
        if R["file"].endswith("tensor_core_rules.cu") and int(R["line"]) in range(55, 75):
            continue  # fill / copyOut
        if R["sass"].startswith(("STG", "LDG")):
            continue
        Seen[(Kind, Ldm)].append("%s x%s: %s (%s)" % (R["sass"], R["requests"], R["wavefronts"],
                                                     R["wavefronts_ideal"]))
    for (Kind, Ldm), L in sorted(Seen.items()):
        print("| %s | %d | %s |" % (WMMA[Kind], Ldm, "; ".join(L)))


ldsm_stsm("ldsm", "LDSM")
ldsm_stsm("stsm", "STSM")
ldgsts()
v4()
wmma()
