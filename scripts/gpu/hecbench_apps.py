#!/usr/bin/env python3
"""Writes the app list of a HeCBench corpus (test/gpu/real/hecbench-apps.txt,
the recipe form scripts/gpu-real reads) and a compile_commands.json beside
the corpus, both from the apps' own build files, so that nvcc on the device
machine and warplint here compile each source alike.

  scripts/gpu/hecbench_apps.py --corpus DIR --list FOLDERS > APPS

DIR holds HeCBench's src/ (only the folders of the list need be there);
FOLDERS names one app folder per line (src/NAME-cuda). For each app:
  - sources from its Makefile's `source =`, else from its CMakeLists.txt's
    add_hecbench_benchmark; include folders, defines, nvcc options and
    libraries from both (CFLAGS' -I, -D and -- options, LDFLAGS'
    libraries; INCLUDE_DIRS, COMPILE_OPTIONS, LINK_LIBRARIES);
  - one run per command of the Makefile's `run:` target (`$(LAUNCHER)
    ./$(program) ARGS`), named NAME-1, NAME-2, ...; without one, the args
    of HeCBench's benchmarks.yaml when given, else none.
A run command that is not the app's program with arguments (a Python
driver, variables left) is kept as a comment: the app is not run with it."""
import argparse
import json
import os
import re
import shlex
import sys


def makefile_vars(text):
    """name -> value of the plain assignments (continuations joined)."""
    text = re.sub(r"\\\n", " ", text)
    out = {}
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z_]+)\s*(:=|\+=|=)\s*(.*)$", line)
        if not m:
            continue
        name, op, value = m.groups()
        out[name] = (out.get(name, "") + " " + value if op == "+=" and
                     name in out else value)
    return out


def run_lines(text):
    lines, inside = [], False
    for line in re.sub(r"\\\n\s*", " ", text).splitlines():
        if re.match(r"^run\s*:", line):
            inside = True
            continue
        if inside:
            if line.startswith("\t"):
                body = line.strip()
                if body and not body.startswith("#"):
                    lines.append(body)
            else:
                inside = False
    return lines


def compile_flags(cflags, folder):
    """-I (made relative to the corpus root), -D and nvcc's -- options of a
    CFLAGS value; warnings, -arch, -std, -O and host-compiler flags are the
    harness's."""
    words = shlex.split(cflags.replace("$(EXTRA_CFLAGS)", ""))
    out, i = [], 0
    while i < len(words):
        w = words[i]
        if w == "-Xcompiler":
            i += 2
            continue
        if w.startswith("-I"):
            path = w[2:] or (words[i + 1] if i + 1 < len(words) else "")
            if not w[2:]:
                i += 1
            if "$(" not in path:
                out.append("-I" + os.path.normpath(os.path.join(folder, path)))
        elif w.startswith("-D") and "$(" not in w:
            out.append(w)
        elif w.startswith("--") and w not in ("--",) and "$(" not in w:
            out.append(w)
        i += 1
    return out


def from_cmake(path, folder):
    text = open(path).read() if os.path.exists(path) else ""
    m = re.search(r"add_hecbench_benchmark\((.*?)\)", text, re.S)
    body = m.group(1) if m else ""
    for var, value in re.findall(r'set\((\w+)\s+"?([^")]*)"?\)', text):
        body = body.replace("${%s}" % var, value)
    fields, key = {}, None
    for word in body.split():
        if re.fullmatch(r"[A-Z_]+", word):
            key = word
            fields[key] = []
        elif key:
            fields[key].append(word)
    srcs = fields.get("SOURCES", [])
    flags = []
    for inc in fields.get("INCLUDE_DIRS", []):
        inc = inc.replace("${CMAKE_CURRENT_SOURCE_DIR}", ".").replace(
            "${CMAKE_CURRENT_LIST_DIR}", ".")
        flags.append("-I" + os.path.normpath(os.path.join(folder, inc)))
    flags += [x for x in fields.get("COMPILE_OPTIONS", []) if "$" not in x]
    libs = [x for x in fields.get("LINK_LIBRARIES", []) if x.startswith("-l")]
    return srcs, flags, libs


def yaml_args(corpus, name):
    path = os.path.join(corpus, "benchmarks.yaml")
    if not os.path.exists(path):
        return None
    text = open(path).read()
    m = re.search(r"^%s:\n((?:  .*\n|\n)*?)(?=^\S|\Z)" % re.escape(name),
                  text, re.M)
    if not m:
        return None
    a = re.search(r"^\s+args:\s*\[(.*)\]", m.group(1), re.M)
    if not a:
        return None
    try:
        return " ".join(str(x) for x in json.loads("[" + a.group(1) + "]"))
    except ValueError:  # unquoted words: not JSON
        return " ".join(x.strip().strip("'\"")
                        for x in a.group(1).split(","))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--corpus", required=True)
    p.add_argument("--list", required=True)
    a = p.parse_args()
    corpus = os.path.abspath(a.corpus)
    commands = []
    for folder in [x.strip() for x in open(a.list) if x.strip()]:
        name = os.path.basename(folder.rstrip("/"))[:-len("-cuda")]
        make = os.path.join(corpus, folder, "Makefile")
        srcs, flags, libs = from_cmake(
            os.path.join(corpus, folder, "CMakeLists.txt"), folder)
        runs = []
        if os.path.exists(make):
            text = open(make).read()
            v = makefile_vars(text)
            srcs = v.get("source", "").split() or srcs
            flags += [x for x in compile_flags(v.get("CFLAGS", ""), folder)
                      if x not in flags]
            libs += [x for x in v.get("LDFLAGS", "").split()
                     if x.startswith("-l") and x not in libs]
            runs = run_lines(text)
            for var in ("program", "EXE"):
                runs = [r.replace("$(%s)" % var, v.get(var, "$")) for r in runs]
        args = []
        for r in runs:
            r = r.replace("$(LAUNCHER)", "").strip()
            m = re.match(r"^\./\S+\s*(.*)$", r)
            args.append(m.group(1).strip() if m and "$(" not in m.group(1)
                        else None)
        if not runs:
            args = [yaml_args(corpus, name) or ""]
        for i, arg in enumerate(args, 1):
            line = "%s-%d | %s | %s | %s | %s" % (
                name, i, folder, " ".join(srcs), " ".join(flags + libs),
                arg if arg is not None else runs[i - 1])
            print(("# not expanded: " + line) if arg is None else line)
        for src in srcs:
            if src.endswith(".cu"):
                commands.append({
                    "directory": corpus,
                    "file": os.path.join(folder, src),
                    "arguments": ["nvcc", "-O3", "-std=c++17",
                                  "-arch=sm_90", "-I" + folder] + flags +
                                 ["-c", os.path.join(folder, src)]})
    with open(os.path.join(corpus, "compile_commands.json"), "w") as f:
        json.dump(commands, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
