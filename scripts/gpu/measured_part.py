"""One comparison of warplint with a set of recorded per-line measurements:
the CSVs are gathered in a temporary folder and scripts/compare-measurements
runs on it. Shared by the corpus scripts that compare a development and a
held-out part (scripts/compare-llmc, scripts/compare-hecbench,
scripts/compare-tensor-core-real), and the split those parts share."""
import csv
import hashlib
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


def list_apps(path, field):
    """App name -> the field of its line in an app list (scripts/gpu-real's
    recipe form) that decides its part: its source file or its folder."""
    out = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                fields = [x.strip() for x in line.split("|")]
                out[fields[0]] = os.path.basename(fields[field])
    return out


def held_out(key, seen):
    """The split fixed before warplint is run on a corpus: a key (a source
    file, an app folder) is held out when int(sha1(key)) % 3 == 0, unless
    its mismatches were read (seen): then it is development."""
    if key in seen:
        return False
    return int(hashlib.sha1(key.encode()).hexdigest(), 16) % 3 == 0


def compare_parts(apps, seen, measured, prefix, warplint, root, args,
                  minimums, verbose, max_ideal_warnings=0):
    """Compares each part (development, held-out) of a corpus whose apps
    map to split keys, prints its figures (and, for the parts named in
    verbose, compare-measurements' listing: a held-out part's is read only
    once the change it measures is done) and returns the exit status: 1
    when a part agrees on fewer lines than minimums[part] or more lines
    measured as ideal get a warning than max_ideal_warnings, 2 when a
    comparison fails."""
    failed = False
    ideal_warnings = 0
    for which in ("development", "held-out"):
        paths = [os.path.join(measured, "%s%s.csv" % (prefix, name))
                 for name, key in sorted(apps.items())
                 if held_out(key, seen) == (which == "held-out")]
        got = compare([x for x in paths if os.path.exists(x)], warplint,
                      root, args, which in verbose)
        if got is None:
            return 2
        if got.lines == 0:
            print("%s: no app in this part (a fresh held-out part is "
                  "chosen before warplint runs on it)" % which)
            continue
        ideal_warnings += got.ideal_warnings
        print("%s: %d of %d measured lines agree (%d determinable)" %
              (which, got.agree, got.lines, got.determinable))
        print("%s: %d of %d measured lines within 5%% per request (the "
              "issues' measure)" % (which, got.close, got.lines))
        if got.agree < minimums.get(which, 0):
            failed = True
    print("%d warnings on lines the hardware measured as ideal" %
          ideal_warnings)
    return 1 if failed or ideal_warnings > max_ideal_warnings else 0
