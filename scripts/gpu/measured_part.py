"""One comparison of warplint with a set of recorded per-line measurements:
the CSVs are gathered in a temporary folder and scripts/compare-measurements
runs on it. Shared by the corpus scripts that compare a development and a
held-out part (scripts/compare-llmc, scripts/compare-tensor-core-real)."""
import csv
import os
import re
import subprocess
import sys
import tempfile

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Figures:
    """What one comparison found: measured lines, lines that agree, lines
    warplint determined, warnings on lines measured as ideal, and lines
    within 5% per request (the issues' measure)."""

    def __init__(self):
        self.lines = self.agree = self.determinable = self.ideal_warnings = 0
        self.close = 0

    def add(self, other):
        self.lines += other.lines
        self.agree += other.agree
        self.determinable += other.determinable
        self.ideal_warnings += other.ideal_warnings
        self.close += other.close


def compare(paths, warplint, root, args, verbose=False):
    """Figures of compare-measurements over the CSVs at paths (none: all
    zero, and nothing is run), or None when it fails (its output is then
    on stderr)."""
    out = Figures()
    with tempfile.TemporaryDirectory() as folder:
        for path in paths:
            os.symlink(os.path.abspath(path),
                       os.path.join(folder, os.path.basename(path)))
            with open(path, newline="") as f:
                out.lines += sum(1 for _ in csv.DictReader(f))
        if out.lines == 0:
            return out
        run = subprocess.run(
            [sys.executable, os.path.join(SCRIPTS, "compare-measurements"),
             "--warplint", warplint, "--root", root, "--measurements", folder,
             "--quiet"] + list(args),
            capture_output=True, text=True)
    if verbose:
        print(run.stdout)
    m = re.search(r"^(\d+) of (\d+) statically determinable lines agree",
                  run.stdout, re.M)
    w = re.search(r"^(\d+) warnings on lines the hardware measured as ideal",
                  run.stdout, re.M)
    c = re.search(r"^(\d+) of (\d+) measured lines within 5% per request",
                  run.stdout, re.M)
    if not m or not w or not c:
        sys.stderr.write(run.stdout + run.stderr)
        return None
    out.close = int(c.group(1))
    out.agree, out.determinable = int(m.group(1)), int(m.group(2))
    out.ideal_warnings = int(w.group(1))
    return out
