"""Runs clang-tidy with every warplint check enabled together, and with each
check alone, on each file; the findings (warning and note lines) must be the
same. Prints "<file>: same N lines" or "<file>: DIFFERENT" with a diff."""
import difflib
import os
import subprocess
import sys

CHECKS = ["warplint-bank-conflict", "warplint-uncoalesced",
          "warplint-barrier-divergence"]
FLAGS = ["-x", "cuda", "--cuda-device-only", "-Wno-unknown-cuda-version"]


def run(tidy, plugin, checks, path):
    out = subprocess.run([tidy, "--load=" + plugin, "--checks=-*," + checks,
                          path, "--", *FLAGS],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True).stdout
    return [l for l in out.splitlines() if ": warning: " in l or ": note: " in l]


def main():
    tidy, plugin, *files = sys.argv[1:]
    for path in files:
        together = sorted(run(tidy, plugin, ",".join(CHECKS), path))
        alone = sorted(l for c in CHECKS for l in run(tidy, plugin, c, path))
        name = os.path.basename(path)
        if together == alone and together:
            print(f"{name}: same {len(together)} lines")
        else:
            print(f"{name}: DIFFERENT")
            sys.stdout.writelines(
                l + "\n" for l in difflib.unified_diff(alone, together,
                                                       "alone", "together",
                                                       lineterm=""))


main()
