# lit configuration: tests are real CUDA sources (.cu) plus a few shell-style
# tests (.test); substitutions point at the built tool and LLVM's FileCheck.
import os
import lit.formats

config.name = "warplint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs", "expect_exit.py"]
config.test_source_root = os.path.join(config.warplint_src_root, "test/lit")
config.test_exec_root = os.path.join(config.warplint_obj_root, "test/lit")

config.substitutions.append(("%warplint", config.warplint_bin))
config.substitutions.append(("%samples", os.path.join(config.warplint_src_root, "cuda-samples")))
config.substitutions.append(("%python", "python3"))
config.substitutions.append(("%build", config.warplint_obj_root))
config.substitutions.append(
    ("%exit", "python3 " + os.path.join(config.test_source_root, "expect_exit.py")))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# A sanitized build (make sanitize) runs several times slower: the time
# limits of tests for inputs that once hung stretch with it.
if getattr(config, "warplint_sanitize", ""):
    config.environment["WARPLINT_TIMEOUT_SCALE"] = "5"
    config.available_features.add("sanitized")
# Colours only on terminals; keep the tests' output plain.
config.environment["TERM"] = "dumb"
if os.path.isdir(os.path.join(config.cuda_path, "include")):
    config.available_features.add("cuda-toolkit")
if os.path.exists(os.path.join(config.cuda_path, "bin", "nvcc")):
    config.available_features.add("nvcc")
# The compiler-facts mode needs nvdisasm too; some toolkits (pip wheels)
# ship nvcc without it.
if os.path.exists(os.path.join(config.cuda_path, "bin", "nvdisasm")):
    config.available_features.add("nvdisasm")
config.substitutions.append(("%cuda_path", config.cuda_path))
# The HTML report's browser test: Debian's chromium (scripts/setup-deps
# installs it for make test).
import shutil
_chromium = shutil.which("chromium")
if _chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", _chromium))
# Where a full toolkit makes --sass=auto compile, the listings stay in the
# build tree instead of the user's ~/.cache.
config.environment["XDG_CACHE_HOME"] = os.path.join(
    config.warplint_obj_root, "test", "sass-cache")
# The expectations are the source rules' answers, the same on every machine:
# tests of the compiler-truth mode ask for it with --sass=on.
config.environment["WARPLINT_SASS"] = "off"
# gcc's private include folder holds omp.h; warplint searches it last, as
# nvcc's host compiler would.
import subprocess
try:
    _gcc_inc = subprocess.run(["gcc", "-print-file-name=include"],
                              capture_output=True, text=True).stdout.strip()
    if os.path.isabs(_gcc_inc) and os.path.exists(
            os.path.join(_gcc_inc, "omp.h")):
        config.available_features.add("gcc-omp")
except OSError:
    pass
# Real code measured on the H100 (test/gpu/real/): the corpus is public code
# that never enters the repository; point WARPLINT_CUDA_SAMPLES at a checkout
# of github:NVIDIA/cuda-samples to run the comparison against it.
_samples = os.environ.get("WARPLINT_CUDA_SAMPLES", "")
if _samples and os.path.isdir(os.path.join(_samples, "Samples")):
    config.available_features.add("cuda-samples-corpus")
    config.substitutions.append(("%cuda_samples", _samples))
# The tensor-core corpus (test/gpu/real/tensor-core/): a folder laid out as
# test/gpu/real/tensor-core-apps.txt names it (MatmulTutorial/,
# matmul-playground/, cuda-samples/), in WARPLINT_TENSOR_CORE_CORPUS.
_tc = os.environ.get("WARPLINT_TENSOR_CORE_CORPUS", "")
if _tc and os.path.isdir(os.path.join(_tc, "MatmulTutorial")):
    config.available_features.add("tensor-core-corpus")
    config.substitutions.append(("%tensor_core_corpus", _tc))
# The llm.c corpus (test/gpu/real/llmc/): a folder holding llm.c/dev/cuda as
# test/gpu/real/llmc-apps.txt names it, in WARPLINT_LLMC_CORPUS.
_llmc = os.environ.get("WARPLINT_LLMC_CORPUS", "")
if _llmc and os.path.isdir(os.path.join(_llmc, "llm.c", "dev", "cuda")):
    config.available_features.add("llmc-corpus")
    config.substitutions.append(("%llmc_corpus", _llmc))
# The HeCBench machine-learning corpus (test/gpu/real/hecbench/): a folder
# holding the src/NAME-cuda folders test/gpu/real/hecbench-apps.txt names and
# the compile_commands.json scripts/gpu/hecbench_apps.py writes, in
# WARPLINT_HECBENCH_CORPUS.
_hec = os.environ.get("WARPLINT_HECBENCH_CORPUS", "")
if _hec and os.path.isfile(os.path.join(_hec, "compile_commands.json")):
    config.available_features.add("hecbench-corpus")
    config.substitutions.append(("%hecbench_corpus", _hec))
