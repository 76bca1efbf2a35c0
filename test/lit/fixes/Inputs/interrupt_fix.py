"""Interrupts `warplint --fix` at spread-out moments and checks that the
file on disk only ever holds the original text or the verified result of an
uninterrupted run, and that no temporary file is left behind.

usage: interrupt_fix.py WARPLINT SOURCE WORKDIR RUNS
"""
import glob
import os
import shutil
import signal
import subprocess
import sys
import time

warplint, source, work, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
os.makedirs(work, exist_ok=True)
original = open(source).read()
target = os.path.join(work, "k.cu")
cmd = [warplint, "--checks=-*,warplint-bank-conflict", "--fix", target, "--"]

shutil.copy(source, target)
start = time.monotonic()
subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
duration = time.monotonic() - start
fixed = open(target).read()
print("uninterrupted run changes the file:", fixed != original)

for name, sig in (("SIGINT", signal.SIGINT), ("SIGTERM", signal.SIGTERM)):
    bad = left = 0
    for i in range(runs):
        shutil.copy(source, target)
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        # Spread the interrupts over the whole run, verification included.
        time.sleep(duration * (i + 0.5) / runs)
        proc.send_signal(sig)
        proc.wait()
        text = open(target).read()
        bad += text not in (original, fixed)
        left += len(glob.glob(os.path.join(work, "*.warplint-*")))
    print(f"{name}: {runs} runs, {bad} with other text, {left} temporary files left")
