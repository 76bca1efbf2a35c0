#!/usr/bin/env python3
"""Turns Nsight Compute source-page exports into per-line measurement CSVs.

Input: for each binary NAME, the files gpu-validate writes:
  NAME.cuda_sass.csv  `ncu -i R --page source --csv --print-source cuda,sass`:
                      per profiled kernel and source file a block that starts
                      with "File Path" and "Function Name" rows, then CUDA
                      line rows each followed by the SASS rows of that line.
  NAME.kernels.csv    `ncu -i R --page raw --csv`: one row per kernel launch
                      (ID, name, block and grid size), in profiling order.
Output: one CSV per binary, one row per (launch, file, line, space, op),
counting only the memory instructions of that space and operation, so that
the per-request values are not diluted by address arithmetic on the line.
File paths are made relative to the repository root, to join on (file, line)
with warplint's JSON.
"""
import argparse
import csv
import os
import re
import sys

COLUMNS = [
    "file", "line", "kernel", "launch", "block", "grid", "space", "op",
    "bits", "sass", "requests", "thread_requests", "wavefronts",
    "wavefronts_ideal", "sectors", "sectors_ideal", "wavefronts_per_request",
    "wavefronts_ideal_per_request", "sectors_per_request",
    "sectors_ideal_per_request", "source",
]


def opcode(Sass):
    Words = Sass.split()
    if Words and Words[0].startswith("@"):
        Words = Words[1:]
    return Words[0] if Words else ""


def classify(Op):
    """The (space, op) rows a SASS memory opcode counts in, none for other
    instructions. LDSM/STSM are shared loads and stores (ldmatrix and
    stmatrix); LDGSTS (cp.async) is both a global load, whose sectors its row
    carries, and a shared store, whose wavefronts it carries (warplint lists
    the two sides as two accesses of the line)."""
    Base = Op.split(".")[0]
    if Base == "LDGSTS":
        return [("global", "load"), ("shared", "store")]
    Table = {
        "LDS": ("shared", "load"), "STS": ("shared", "store"),
        "LDSM": ("shared", "load"), "STSM": ("shared", "store"),
        "ATOMS": ("shared", "atomic"), "LDG": ("global", "load"),
        "STG": ("global", "store"), "ATOMG": ("global", "atomic"),
        "REDG": ("global", "atomic"), "RED": ("global", "atomic"),
        "ATOM": ("global", "atomic"),
    }
    return [Table[Base]] if Base in Table else []


def num(Text):
    Text = Text.replace(",", "").strip()
    try:
        return float(Text)
    except ValueError:
        return 0.0


def relative(Path, Root):
    Path = os.path.normpath(Path)
    if Root and Path.startswith(Root.rstrip("/") + "/"):
        return Path[len(Root.rstrip("/")) + 1:]
    # Measurements taken in another checkout: keep from the first known
    # top-level folder of the repository.
    for Top in ("test/", "cuda-samples/"):
        Index = Path.find("/" + Top)
        if Index >= 0:
            return Path[Index + 1:]
    return Path


def read_launches(Path):
    Launches = []
    with open(Path, newline="") as F:
        Rows = list(csv.reader(F))
    Header = Rows[0]
    for Row in Rows[1:]:
        if len(Row) != len(Header) or not Row[0].isdigit():
            continue
        R = dict(zip(Header, Row))
        Shape = lambda S: "x".join(re.findall(r"\d+", S))
        Launches.append((R["ID"], R["Kernel Name"], Shape(R["Block Size"]),
                         Shape(R["Grid Size"])))
    return Launches


def read_sections(Path):
    """Yields (file, function, header, rows) per exported block."""
    File = Function = None
    Header = None
    Rows = []
    with open(Path, newline="", errors="replace") as F:
        for Row in csv.reader(F):
            if not Row:
                continue
            if Row[0] == "File Path":
                if Header is not None:
                    yield File, Function, Header, Rows
                File, Function, Header, Rows = Row[1], None, None, []
            elif Row[0] == "Function Name":
                Function = Row[1]
            elif Row[0] == "Line No":
                Header = Row
            elif Header is not None and (len(Row) == len(Header) or
                                         Row[0].isdigit()):
                # A source row whose text holds double quotes (inline asm)
                # comes back with broken CSV quoting and more fields: it is
                # kept for its line number (sass_rows reads no more of it),
                # or its SASS rows would land on the line before.
                Rows.append(Row)
    if Header is not None:
        yield File, Function, Header, Rows


def launch_sections(Export, Name):
    """Yields (file, launch, column getter, rows) per exported block, each
    block joined to its launch in NAME.kernels.csv (ID, kernel, block,
    grid)."""
    Launches = read_launches(os.path.join(Export, Name + ".kernels.csv"))
    Launch = -1
    SeenFiles = set()
    CurrentFunction = None
    for File, Function, Header, Rows in read_sections(
            os.path.join(Export, Name + ".cuda_sass.csv")):
        # A new launch starts when the function changes or a file repeats
        # (the same kernel launched again with another shape).
        if Function != CurrentFunction or File in SeenFiles:
            Launch += 1
            SeenFiles = set()
            CurrentFunction = Function
        SeenFiles.add(File)
        # The source page spells template arguments with casts ("<(int)4>")
        # and names with every namespace, inline ones included
        # ("cub::CUB_300001_SM_900::detail::reduce::X"); the raw page
        # without casts and with the namespaces the library's users write
        # ("cub::X"). Names are compared without either.
        Plain = lambda A: re.sub(r"\b\w+::", "",
                                 re.sub(r"\([\w ]+\)(?=-?\d)", "", A))
        Same = lambda A, B: Plain(A) == Plain(B)
        # A launch whose source page is empty (no line info) has no
        # section: skip to the next launch of this function.
        Next = Launch
        while Next < len(Launches) and not Same(Launches[Next][1], Function):
            Next += 1
        if Next >= len(Launches):
            raise ValueError("%s: section %s does not match launch %d or "
                             "any later one" % (Name, Function, Launch))
        Launch = Next
        Col = {}
        for I, H in enumerate(Header):
            Col.setdefault(H, I)
        # Columns a block lacks (no access of that kind) read as zero.
        Get = lambda Row, Name, Col=Col: (num(Row[Col[Name]]) if Name in Col
                                          else 0.0)
        yield File, Launches[Launch], Get, Col, Rows


def sass_rows(Rows):
    """Yields (line, line's source text, SASS row) for each instruction of a
    block once: the cuda,sass export of ncu 2025.3 lists a SASS instruction
    once per contiguous run of its line, which repeats some."""
    Line = None
    SourceText = ""
    SeenAddresses = set()
    for Row in Rows:
        if Row[0]:
            Line, SourceText = int(Row[0]), Row[1].strip()
            continue
        if Line is None or Row[2] == "..." or Row[2] in SeenAddresses:
            continue
        SeenAddresses.add(Row[2])
        yield Line, SourceText, Row


def convert(Export, Name, Root):
    Out = []
    for File, (Id, Kernel, Block, Grid), Get, Col, Rows in launch_sections(
            Export, Name):
        Agg = {}
        for Line, SourceText, Row in sass_rows(Rows):
            Sass = Row[3].strip()
            Executed = Get(Row, "Instructions Executed")
            # "@!PT": never true; ptxas puts such LDS before an LDGSTS.
            if Executed == 0 or Sass.startswith("@!PT"):
                continue
            for Space, Op in classify(opcode(Sass)):
                A = Agg.setdefault((Line, Space, Op), {
                    "source": SourceText, "sass": {}, "requests": 0.0,
                    "thread_requests": 0.0, "wavefronts": 0.0,
                    "wavefronts_ideal": 0.0, "sectors": 0.0,
                    "sectors_ideal": 0.0, "bits": set()})
                A["sass"][opcode(Sass)] = A["sass"].get(opcode(Sass), 0) + Executed
                A["requests"] += Executed
                A["thread_requests"] += Get(Row, "Predicated-On Thread Instructions Executed")
                if Space == "shared":
                    A["wavefronts"] += Get(Row, "L1 Wavefronts Shared")
                    A["wavefronts_ideal"] += Get(Row, "L1 Wavefronts Shared Ideal")
                else:
                    A["sectors"] += Get(Row, "L2 Theoretical Sectors Global")
                    A["sectors_ideal"] += Get(Row, "L2 Theoretical Sectors Global Ideal")
                if "Access Size" in Col and Row[Col["Access Size"]] not in ("-", ""):
                    A["bits"].add(Row[Col["Access Size"]])
        for (LineNo, Space, Op), A in sorted(Agg.items()):
            Req = A["requests"]
            Per = lambda V: "%.4g" % (V / Req) if Req else ""
            Out.append({
                "file": relative(File, Root), "line": LineNo, "kernel": Kernel,
                "launch": Id, "block": Block, "grid": Grid, "space": Space,
                "op": Op, "bits": "/".join(sorted(A["bits"], key=int)),
                "sass": " ".join("%s:%d" % (K, V)
                                 for K, V in sorted(A["sass"].items())),
                "requests": int(Req), "thread_requests": int(A["thread_requests"]),
                "wavefronts": int(A["wavefronts"]),
                "wavefronts_ideal": int(A["wavefronts_ideal"]),
                "sectors": int(A["sectors"]),
                "sectors_ideal": int(A["sectors_ideal"]),
                "wavefronts_per_request": Per(A["wavefronts"]),
                "wavefronts_ideal_per_request": Per(A["wavefronts_ideal"]),
                "sectors_per_request": Per(A["sectors"]),
                "sectors_ideal_per_request": Per(A["sectors_ideal"]),
                "source": A["source"],
            })
    return Out


def first_launch_per_config(Rows):
    """Keeps the rows of the first launch of each (kernel, block, grid): an
    app profiled for its first N launches (scripts/gpu-real --launches) may
    launch one configuration more than once, and the comparison joins one
    measured launch per configuration."""
    First = {}
    for Row in Rows:
        First.setdefault((Row["kernel"], Row["block"], Row["grid"]),
                         Row["launch"])
    return [Row for Row in Rows
            if First[(Row["kernel"], Row["block"], Row["grid"])] ==
            Row["launch"]]


def main():
    P = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    P.add_argument("--export", required=True, help="gpu-validate export dir")
    P.add_argument("--out", required=True, help="directory for the CSVs")
    P.add_argument("--root", default=os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))
    P.add_argument("--prefix", default="",
                   help="prefix of each CSV's name (the corpus)")
    P.add_argument("--no-source", action="store_true",
                   help="leave the source column empty: third-party code "
                   "must not enter the repository with the numbers")
    P.add_argument("--first-launch-per-config", action="store_true",
                   help="keep only the first launch of each kernel, block "
                   "and grid (first_launch_per_config)")
    Args = P.parse_args()
    Args.root = os.path.abspath(Args.root)
    os.makedirs(Args.out, exist_ok=True)
    for Entry in sorted(os.listdir(Args.export)):
        if not Entry.endswith(".cuda_sass.csv") or Entry.startswith("probe"):
            continue
        Name = Entry[: -len(".cuda_sass.csv")]
        try:
            Rows = convert(Args.export, Name, Args.root)
        except ValueError as Error:
            print("skipped: %s" % Error)
            continue
        if Args.first_launch_per_config:
            Rows = first_launch_per_config(Rows)
        if Args.no_source:
            for Row in Rows:
                Row["source"] = ""
        Path = os.path.join(Args.out, Args.prefix + Name + ".csv")
        with open(Path, "w", newline="") as F:
            W = csv.DictWriter(F, fieldnames=COLUMNS)
            W.writeheader()
            W.writerows(Rows)
        print("%s: %d rows" % (Path, len(Rows)))


if __name__ == "__main__":
    main()
