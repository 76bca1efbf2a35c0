#!/usr/bin/env python3
"""Helpers of run.sh (tensor-core memory rules, warplint issue 40 item 3).

  tc_tools.py metrics QUERY_FILE            prints the --metrics list
  tc_tools.py convert EXPORT_DIR OUT_DIR    per-line and per-instruction CSVs
  tc_tools.py sassmap NVDISASM_FILE         memory opcodes per function/line
  tc_tools.py layouts MAPS_FILE             WMMA lane maps as formulas in (g, t)
  tc_tools.py wmmasass SASS_MAP SOURCE      memory SASS of each wmma load/store

convert reads, for every group G (ldsm, stsm, ldgsts, v4, wmma):
  G.cuda_sass.csv  ncu --page source --csv --print-source cuda,sass
  G.raw.csv        ncu --page raw --csv (SourceCounters pass)
  G.hw.raw.csv     ncu --page raw --csv (pass with the extra --metrics)
and writes
  tc_lines.csv     one row per (kernel, file, line, opcode) of every memory
                   instruction: requests, wavefronts, sectors, their ideal
  tc_kernels.csv   kernel-level metrics (long format, nonzero values only)
"""
import collections
import csv
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "scripts", "gpu"))
from ncu_to_csv import num, opcode, read_sections  # noqa: E402

MEMORY = ("LDS", "STS", "LDSM", "STSM", "LDGSTS", "LDG", "STG", "ATOMS",
          "LDGDEPBAR", "DEPBAR", "LD", "ST")


# --- metrics ---------------------------------------------------------------
WANTED = [
    r"^l1tex__data_pipe_lsu_wavefronts_mem_shared(_op_\w+)?$",
    r"^l1tex__data_bank_(conflicts|reads|writes)_pipe_lsu_mem_shared(_op_\w+)?$",
    r"^smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared(_op_\w+)?$",
    r"^smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared(_op_\w+)?$",
    r"^smsp__sass_inst_executed_op_(shared_ld|shared_st|shared_stsm|ldsm|stsm|ldgsts\w*)$",
    r"^smsp__inst_executed_op_(ldsm|stsm|ldgsts\w*|shared_ld|shared_st|shared_stsm)$",
    r"^l1tex__t_(requests|sectors)_pipe_lsu_mem_global_op_(ld|ldgsts\w*)$",
    r"^smsp__sass_l1tex_t_(requests|sectors)_pipe_lsu_mem_global_op_ldgsts\w*$",
    r"^smsp__sass_data_bytes_mem_shared_op_(ld|st|ldsm|stsm|ldgsts\w*)$",
    r"^l1tex__m_xbar2l1tex_read_sectors_mem_global_op_ldgsts\w*$",
]
SKIP = re.compile(r"pct|ratio|per_|average|peak|throughput|_realtime|lookup")


def metrics(Path):
    Names = []
    with open(Path, errors="replace") as F:
        for Line in F:
            Words = Line.split()
            if not Words or not re.match(r"^[a-z0-9]+__\w+$", Words[0]):
                continue
            Name = Words[0]
            if SKIP.search(Name) or Name in Names:
                continue
            if any(re.match(P, Name) for P in WANTED):
                Names.append(Name)
    print(",".join(N + ".sum" for N in Names))


# --- convert -----------------------------------------------------------------
def relative(Path):
    for Top in ("test/",):
        I = Path.find("/" + Top)
        if I >= 0:
            return Path[I + 1:]
    return Path


COLS = [
    ("requests", "Instructions Executed"),
    ("thread_requests", "Predicated-On Thread Instructions Executed"),
    ("wavefronts", "L1 Wavefronts Shared"),
    ("wavefronts_ideal", "L1 Wavefronts Shared Ideal"),
    ("sectors", "L2 Theoretical Sectors Global"),
    ("sectors_ideal", "L2 Theoretical Sectors Global Ideal"),
    ("l1_tag_requests_global", "L1 Tag Requests Global"),
    ("l1_conflicts_shared_nway", "L1 Conflicts Shared N-Way"),
]
TEXT = [("address_space", "Address Space"), ("access_operation", "Access Operation")]


def convert(Export, Out):
    Lines = []
    Headers = set()
    for Entry in sorted(os.listdir(Export)):
        if not Entry.endswith(".cuda_sass.csv"):
            continue
        Group = Entry[: -len(".cuda_sass.csv")]
        Agg = {}
        for File, Function, Header, Rows in read_sections(os.path.join(Export, Entry)):
            Headers.update(Header)
            Col = {}
            for I, H in enumerate(Header):
                Col.setdefault(H, I)
            Get = lambda Row, Name: num(Row[Col[Name]]) if Name in Col else 0.0
            Line, Text, Seen = None, "", set()
            for Row in Rows:
                if Row[0]:
                    Line, Text = int(Row[0]), Row[1].strip()
                    continue
                if Line is None or Row[2] == "..." or Row[2] in Seen:
                    continue
                Seen.add(Row[2])
                Sass = Row[3].strip()
                Op = opcode(Sass)
                if Op.split(".")[0] not in MEMORY or Get(Row, "Instructions Executed") == 0:
                    continue
                Key = (Group, Function, relative(File), Line, Op)
                A = Agg.setdefault(Key, {"source": Text, "count": 0,
                                         "bits": set(), **{K: 0.0 for K, _ in COLS},
                                         **{K: set() for K, _ in TEXT}})
                for K, Name in TEXT:
                    if Name in Col and Row[Col[Name]] not in ("-", ""):
                        A[K].add(Row[Col[Name]])
                A["count"] += 1
                for K, Name in COLS:
                    A[K] += Get(Row, Name)
                if "Access Size" in Col and Row[Col["Access Size"]] not in ("-", ""):
                    A["bits"].add(Row[Col["Access Size"]])
        for (Group, Function, File, Line, Op), A in sorted(Agg.items()):
            R = A["requests"]
            Per = lambda V: "%.4g" % (V / R) if R else ""
            Lines.append({
                "group": Group, "kernel": Function, "file": File, "line": Line,
                "sass": Op, "static_instructions": A["count"],
                "bits": "/".join(sorted(A["bits"])),
                **{K: "/".join(sorted(A[K])) for K, _ in TEXT},
                **{K: int(A[K]) for K, _ in COLS},
                "wavefronts_per_request": Per(A["wavefronts"]),
                "wavefronts_ideal_per_request": Per(A["wavefronts_ideal"]),
                "sectors_per_request": Per(A["sectors"]),
                "sectors_ideal_per_request": Per(A["sectors_ideal"]),
                "source": A["source"][:120],
            })
    Fields = ["group", "kernel", "file", "line", "sass", "static_instructions", "bits"] + \
        [K for K, _ in TEXT] + \
        [K for K, _ in COLS] + ["wavefronts_per_request", "wavefronts_ideal_per_request",
                                "sectors_per_request", "sectors_ideal_per_request", "source"]
    with open(os.path.join(Out, "tc_lines.csv"), "w", newline="") as F:
        W = csv.DictWriter(F, fieldnames=Fields)
        W.writeheader()
        W.writerows(Lines)
    print("tc_lines.csv: %d rows; source-page columns: %s" % (len(Lines), sorted(Headers)))

    Long = []
    for Entry in sorted(os.listdir(Export)):
        if not Entry.endswith(".raw.csv"):
            continue
        Pass = "hw" if Entry.endswith(".hw.raw.csv") else "sc"
        Group = Entry.split(".")[0]
        with open(os.path.join(Export, Entry), newline="", errors="replace") as F:
            Rows = list(csv.reader(F))
        if not Rows:
            continue
        Header = Rows[0]
        for Row in Rows[1:]:
            if len(Row) != len(Header) or not Row[0].isdigit():
                continue
            R = dict(zip(Header, Row))
            for Name in Header:
                if not Name.endswith(".sum") or not re.search(
                        r"ldsm|stsm|ldgsts|mem_shared|mem_global_op_ld|"
                        r"inst_executed_op|wavefronts|bank_", Name):
                    continue
                V = num(R[Name])
                if V:
                    Long.append({"group": Group, "pass": Pass, "id": R["ID"],
                                 "kernel": R.get("Kernel Name", ""),
                                 "metric": Name, "value": "%g" % V})
    with open(os.path.join(Out, "tc_kernels.csv"), "w", newline="") as F:
        W = csv.DictWriter(F, fieldnames=["group", "pass", "id", "kernel", "metric", "value"])
        W.writeheader()
        W.writerows(Long)
    print("tc_kernels.csv: %d rows" % len(Long))


# --- sassmap -----------------------------------------------------------------
def sassmap(Path):
    Function, Where, Inner = None, "?", None
    Out = {}
    Order = []
    with open(Path, errors="replace") as F:
        for Text in F:
            M = re.match(r"\s*\.text\.(\S+?):?\s*$", Text) or \
                re.match(r"\s*\.section\s+\.text\.([^,\s]+)", Text) or \
                re.match(r"\s*Function\s*:\s*(\S+)", Text)
            if M:
                Function, Where = M.group(1).rstrip(":"), "?"
                continue
            # nvdisasm -gi prints an inlined instruction's innermost line
            # ("X, line N inlined at Y, line M") and then the call site's
            # line: keep both, call site first ("Y:M [X:N]").
            M = re.search(r'//## File "([^"]+)", line (\d+)(.*)', Text)
            if M:
                Here = "%s:%s" % (os.path.basename(M.group(1)), M.group(2))
                if "inlined at" in M.group(3):
                    Inner = Here
                else:
                    Where = Here + (" [%s]" % Inner if Inner else "")
                    Inner = None
                continue
            M = re.search(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", Text)
            if M and Function:
                Op = M.group(1)
                if Op.split(".")[0] in MEMORY or Op.startswith(("HMMA", "IMMA", "DMMA", "BMMA")):
                    Key = (Function, Where, Op)
                    if Key not in Out:
                        Order.append(Key)
                    Out[Key] = Out.get(Key, 0) + 1
    Names = sorted({K[0] for K in Order})
    Demangled = dict(zip(Names, Names))
    try:
        P = subprocess.run(["c++filt"], input="\n".join(Names), capture_output=True,
                           text=True, timeout=30)
        if P.returncode == 0:
            Demangled = dict(zip(Names, P.stdout.splitlines()))
    except Exception:
        pass
    print("# function | call-site file:line [innermost inlined file:line] | opcode | static count")
    for K in Order:
        print("%s | %s | %s | %d" % (Demangled.get(K[0], K[0]), K[1], K[2], Out[K]))


# --- layouts -----------------------------------------------------------------
def layouts(Path):
    """Fits every lane map of `tc maps` to element i at (row, col) =
    (r0 + rg*g + rt*t, c0 + cg*g + ct*t) with g = lane / 4, t = lane % 4,
    and checks that each accumulator's store map equals its load map."""
    Maps, Meta = {}, {}
    with open(Path) as F:
        for Text in F:
            M = re.match(r"^(S?MAP) (\S+) lane\s+(\d+):(.*)$", Text)
            if M:
                Maps.setdefault((M.group(1), M.group(2)), {})[int(M.group(3))] = M.group(4).split()
                continue
            M = re.match(r"^(S?MAP) (\S+) rows=(\d+) cols=(\d+) mem=(\w+) ldm=(\d+) "
                         r"elements_per_lane=(\d+)", Text)
            if M:
                Meta[(M.group(1), M.group(2))] = M.groups()[2:]

    def fit(V):
        A, B, C = V[0], V[4] - V[0], V[1] - V[0]
        return (A, B, C) if all(V[L] == A + B * (L // 4) + C * (L % 4) for L in range(32)) else None

    def term(A, B, C):
        S = str(A)
        if B:
            S += "+%sg" % ("" if B == 1 else B)
        if C:
            S += "+%st" % ("" if C == 1 else C)
        return S

    print("# element i of lane L (g = L/4, t = L%4) -> (row, col) of the logical matrix;")
    print("# 'copies' = how many (lane, i) hold each element; measured with `tc maps`.")
    Desc = {}
    for Key, Lanes in Maps.items():
        Terms = []
        for I in range(len(Lanes[0])):
            try:
                R = {L: int(Lanes[L][I].split(",")[0]) for L in range(32)}
                C = {L: int(Lanes[L][I].split(",")[1]) for L in range(32)}
            except (ValueError, IndexError):
                Terms = None
                break
            FR, FC = fit(R), fit(C)
            if not FR or not FC:
                Terms = None
                break
            Terms.append("(%s,%s)" % (term(*FR), term(*FC)))
        Desc[Key] = Terms
        Rows, Cols, Mem, Ldm, N = Meta.get(Key, ("?",) * 5)
        print("%s %s %sx%s mem=%s ldm=%s n=%s: %s" % (
            Key[0], Key[1], Rows, Cols, Mem, Ldm, N,
            " ".join(Terms) if Terms else "NOT LINEAR in (g, t): see maps.txt"))
    for (Kind, Name), Terms in Desc.items():
        if Kind == "SMAP":
            Load = Desc.get(("MAP", Name.replace("_store_", "_load_")))
            print("store map of %s %s its load map" % (Name, "EQUALS" if Load == Terms else "DIFFERS FROM"))


def wmmasass(SassMap, Source):
    """Memory opcodes of each wmma load/store in the map kernels (from
    sass_map.txt), on the load_matrix_sync / store_matrix_sync lines."""
    Lines = set()
    with open(Source) as F:
        for N, Text in enumerate(F, 1):
            if re.search(r"wmma::(load|store)_matrix_sync\(", Text):
                Lines.add(N)
    Out = collections.OrderedDict()
    with open(SassMap) as F:
        for Text in F:
            Parts = [P.strip() for P in Text.split("|")]
            if len(Parts) != 4 or not Parts[0].startswith(("void mapLoadK", "void mapStoreK", "void wmmaK")):
                continue
            M = re.match(r"[^:]*:(\d+)", Parts[1])
            if not M or int(M.group(1)) not in Lines:
                continue
            Name = re.sub(r"nvcuda::wmma::(experimental::precision::|precision::)?", "", Parts[0])
            Name = re.sub(r"\((unsigned int const\*, )?unsigned int\*(, unsigned int, int)?\)", "", Name)
            Out.setdefault(Name, []).append("%s x%s" % (Parts[2], Parts[3]))
    for Name, Ops in Out.items():
        print("%s: %s" % (Name, ", ".join(Ops)))


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "metrics":
        metrics(sys.argv[2])
    elif len(sys.argv) >= 4 and sys.argv[1] == "convert":
        convert(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 3 and sys.argv[1] == "sassmap":
        sassmap(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == "layouts":
        layouts(sys.argv[2])
    elif len(sys.argv) >= 4 and sys.argv[1] == "wmmasass":
        wmmasass(sys.argv[2], sys.argv[3])
    else:
        print(__doc__)
        sys.exit(2)
