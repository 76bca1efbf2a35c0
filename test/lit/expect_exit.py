"""Runs a command and fails unless it exits with the given status.

usage: expect_exit.py STATUS COMMAND [ARG...]; the command's stdout and
stderr pass through unchanged, so the output can be piped to FileCheck.
"""
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:])
if proc.returncode != want:
    sys.stderr.write(f"expect_exit: '{' '.join(sys.argv[2:])}' exited with "
                     f"{proc.returncode}, expected {want}\n")
    sys.exit(1)
