#!/usr/bin/env bash
# GPU check: the numba-cuda backend against the CPU, on the paper grid and one large point.
#
#   bash benchmarks/gpu_check.sh [--dry-run] [--quick] [--out DIR] [--python PY] [-- gpu_compare options]
#
# Runs benchmarks/gpu_compare.py: the §7.9 paper grid (18 points, 5 seeds x 60,000 trials,
# 61 couplings) and a large point (dk=128, T=4096, 10^6 trials) on the GPU and on the CPU with
# the same seeds; prints max |diff| of the curves and of gamma_c, whether they are bitwise
# equal, throughput (evaluations/s = trials x distractors x grid points) on each backend and
# the GPU/CPU ratio.  Expected: under 5 minutes on one H200 with 16 CPU cores (the CPU side
# of the large point, ~2.5e11 evaluations, is most of it).  Exit status: 0 PASS, 1 FAIL
# (a curve differs by more than 1e-12), 2 no usable GPU, 3 packages missing.
#
#   --dry-run   check packages (installing from .whl/ if needed), GPU and the plan; simulate nothing
#   --quick     tiny sizes (seconds; with NUMBA_ENABLE_CUDASIM=1 this runs without a GPU)
#   --out DIR   where the log and the JSON report go (default: $OUT if set, else results/gpu_check)
#   --python PY the interpreter (default: $PYTHON, else python3)
#
# Nothing is fetched from the network.  The script checks that numpy, scipy, sympy, mpmath,
# rich, numba, llvmlite and numba-cuda import (numba-cuda only without the simulator);
# whatever is missing is installed from the wheels in .whl/ (repo root) into $PSA_SITE
# (default /tmp/psa-site):
#
#     $PY -m pip install --no-index --find-links .whl --target "$PSA_SITE" <missing packages>
#     (if that cannot resolve a dependency: --no-deps with every wheel in .whl;
#      without pip: each wheel unzipped into $PSA_SITE, a wheel being a zip file)
#
# and gpu_compare.py is given --site "$PSA_SITE", which puts the folder FIRST on sys.path and
# processes its .pth files: numba-cuda makes `numba.cuda` point at itself through a .pth
# file (_numba_cuda_redirector.pth), which a plain PYTHONPATH entry would not run.
#
# Preparing .whl/ (on a machine with PyPI access; the GPU machine runs CPython 3.12, x86-64):
#
#     pip download --only-binary=:all: --python-version 3.12 --platform manylinux_2_28_x86_64 \
#         -d .whl numba llvmlite "numba-cuda==0.30.*" numpy scipy sympy mpmath rich
#
#   This resolves the dependencies too (cuda-bindings, cuda-core, cuda-pathfinder, packaging,
#   markdown-it-py, mdurl, pygments): about 134 MB, llvmlite alone 60 MB.  .whl/ is git-ignored,
#   so whatever copies the working tree to the GPU machine must be told to include it, and such
#   copies are usually size-limited (64 MiB in the setup this was written for): carry only what
#   the machine lacks.  The CUDA images this was prepared for already hold numpy, scipy, sympy,
#   mpmath, rich, numba, llvmlite and numba-cuda, so normally .whl/ is not needed at all; for a
#   newer numba-cuda alone, download it with its CUDA Python dependencies (numba-cuda,
#   cuda-bindings, cuda-core, cuda-pathfinder: about 17 MB).  numba-cuda compiles through
#   libNVVM, from a CUDA toolkit (the image has CUDA 13) or the cuda-toolkit[nvvm] wheel (75 MB).
#
# Suggested use with little GPU time: a seconds-long smoke test first (it compiles every kernel
# and compares tiny runs), then the full check:
#
#     bash benchmarks/gpu_check.sh --quick --out "$OUT/quick" && bash benchmarks/gpu_check.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${PYTHON:-python3}"
OUTDIR="${OUT:-$ROOT/results/gpu_check}"
SITE_DIR="${PSA_SITE:-/tmp/psa-site}"
DRY=0
QUICK=0
PASS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --dry-run) DRY=1 ;;
    --quick) QUICK=1 ;;
    --out) OUTDIR="${2:?--out needs a folder}"; shift ;;
    --python) PY="${2:?--python needs an interpreter}"; shift ;;
    --) shift; PASS+=("$@"); break ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "gpu_check.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$OUTDIR"
LOG="$OUTDIR/gpu_check.log"
: >"$LOG"
say() { echo "$*" | tee -a "$LOG"; }

SIM="${NUMBA_ENABLE_CUDASIM:-0}"
say "== gpu_check $(date -u +%Y-%m-%dT%H:%M:%SZ) in $ROOT"
say "python: $(command -v "$PY" || echo "$PY: not found") ($("$PY" -c 'import sys; print(sys.version.split()[0])' 2>&1))"
say "cpu cores: $(nproc 2>/dev/null || echo '?'); CUDA simulator: $([[ "$SIM" != 0 ]] && echo on || echo off)"
if command -v nvidia-smi >/dev/null 2>&1; then
  say "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -n 4)"
else
  say "gpu: nvidia-smi not found"
fi

# Which packages fail to import (numba-cuda checked only without the simulator)?  Uses the
# site folder the same way gpu_compare.py --site does.
missing_packages() {
  PSA_SITE_DIR="$SITE_DIR" PSA_SIM="$SIM" "$PY" - <<'EOF'
import importlib, os, site, sys
d = os.environ["PSA_SITE_DIR"]
if os.path.isdir(d):
    sys.path.insert(0, d)
    site.addsitedir(d)
need = [("numpy", "numpy"), ("scipy", "scipy"), ("sympy", "sympy"), ("mpmath", "mpmath"), ("rich", "rich"),
        ("llvmlite", "llvmlite"), ("numba", "numba")]
if os.environ["PSA_SIM"] in ("", "0"):
    need.append(("numba-cuda", "numba_cuda"))
miss = []
for dist, mod in need:
    try:
        importlib.import_module(mod)
    except Exception:
        miss.append(dist)
if "numba-cuda" not in miss and os.environ["PSA_SIM"] in ("", "0"):
    try:
        from numba import cuda
        if getattr(cuda, "implementation", "") != "NVIDIA":
            miss.append("numba-cuda")  # numba.cuda is numba's built-in target: redirector not loaded
    except Exception:
        miss.append("numba-cuda")
print(" ".join(miss))
EOF
}

MISSING="$(missing_packages)"
if [[ -n "$MISSING" ]]; then
  say "missing: $MISSING"
  shopt -s nullglob
  WHEELS=(.whl/*.whl)
  if [[ ${#WHEELS[@]} -eq 0 ]]; then
    say "gpu_check.sh: missing packages ($MISSING) and no wheels in .whl/ (see this script's header)"
    exit 3
  fi
  say "installing from .whl/ (${#WHEELS[@]} wheels) into $SITE_DIR"
  mkdir -p "$SITE_DIR"
  # shellcheck disable=SC2086
  if "$PY" -m pip --version >/dev/null 2>&1; then
    if ! "$PY" -m pip install -q --no-index --find-links .whl --target "$SITE_DIR" --upgrade $MISSING >>"$LOG" 2>&1; then
      say "dependency resolution from .whl/ failed; installing every wheel there with --no-deps"
      "$PY" -m pip install -q --no-index --no-deps --target "$SITE_DIR" --upgrade "${WHEELS[@]}" >>"$LOG" 2>&1
    fi
  else
    say "no pip: unzipping the wheels"
    for w in "${WHEELS[@]}"; do "$PY" -m zipfile -e "$w" "$SITE_DIR"; done
  fi
  MISSING="$(missing_packages)"
  if [[ -n "$MISSING" ]]; then
    say "gpu_check.sh: still missing after the install: $MISSING (log: $LOG)"
    exit 3
  fi
fi
SITE_ARGS=()
[[ -d "$SITE_DIR" ]] && SITE_ARGS=(--site "$SITE_DIR")

ARGS=(--json "$OUTDIR/gpu_compare.json")
[[ $DRY -eq 1 ]] && ARGS+=(--dry-run)
[[ $QUICK -eq 1 ]] && ARGS+=(--quick)
say "running: $PY benchmarks/gpu_compare.py ${SITE_ARGS[*]+${SITE_ARGS[*]}} ${ARGS[*]} ${PASS[*]+${PASS[*]}}"
set +e
"$PY" benchmarks/gpu_compare.py ${SITE_ARGS[@]+"${SITE_ARGS[@]}"} "${ARGS[@]}" ${PASS[@]+"${PASS[@]}"} 2>&1 \
  | tee -a "$LOG"
RC=${PIPESTATUS[0]}
set -e
say "== gpu_check exit status $RC (log: $LOG)"
exit "$RC"
