"""Runs a command and fails unless it exits with the given status.

usage: expect_exit.py [--timeout=SECONDS] STATUS COMMAND [ARG...]; the
command's stdout and stderr pass through unchanged, so the output can be
piped to FileCheck. With --timeout, a command still running after SECONDS
is killed and the test fails (for inputs that once hung). A sanitized
build (make sanitize) runs several times slower: WARPLINT_TIMEOUT_SCALE,
set by lit.cfg.py there, multiplies SECONDS.
"""
import os
import subprocess
import sys

args = sys.argv[1:]
timeout = None
if args and args[0].startswith("--timeout="):
    timeout = float(args[0].split("=", 1)[1]) * float(
        os.environ.get("WARPLINT_TIMEOUT_SCALE", "1"))
    args = args[1:]
want = int(args[0])
try:
    proc = subprocess.run(args[1:], timeout=timeout)
except subprocess.TimeoutExpired:
    sys.stderr.write(f"expect_exit: '{' '.join(args[1:])}' still ran after "
                     f"{timeout:g} s\n")
    sys.exit(1)
if proc.returncode != want:
    sys.stderr.write(f"expect_exit: '{' '.join(args[1:])}' exited with "
                     f"{proc.returncode}, expected {want}\n")
    sys.exit(1)
