"""Fuzz every psa-mc subcommand's flags and assert only the contract.

Contract: exit 0 with valid output (strict JSON, no NaN/Infinity, when --json) and nothing
on stderr, or exit 2 with exactly one line on stderr and no traceback.  Examples stay
cheap: valid sizes are drawn small, and every run carries --max-work/--max-memory limits
(themselves fuzzed now and then), so a large draw is refused up front instead of running.
"""

from __future__ import annotations

import collections
import json
import tempfile

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import cli  # noqa: E402
from tests.tiers import examples  # noqa: E402

COUNTS: collections.Counter = collections.Counter()
FUZZ = settings(
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

#: Texts no flag accepts as a positive, finite, in-range number (or accepts only at the edge).
JUNK = [
    "",
    " ",
    "x",
    "nan",
    "inf",
    "-inf",
    "-1",
    "0",
    "-0",
    "1e309",
    "1e-300",
    "0x10",
    "2.5",
    "1e3",
    "1e300",
    "1e154",
    "5e-324",
    str(2**64),
    str(2**63 - 1),
    "1" + "0" * 310,
    "-" + "9" * 30,
    "١٢",
]


def _mostly(valid, junk):
    """``valid`` nine times in ten, else ``junk``: most examples reach the engine."""
    return st.integers(0, 9).flatmap(lambda k: junk if k == 0 else valid)


def ints(lo: int, hi: int):
    """Mostly valid small integers as text, sometimes junk or huge."""
    return _mostly(st.integers(lo, hi).map(str), st.one_of(st.sampled_from(JUNK), st.integers(-10, 10**25).map(str)))


def floats(lo: float, hi: float):
    return _mostly(st.floats(lo, hi, allow_nan=False).map(repr), st.sampled_from(JUNK))


def choice(values):
    return _mostly(st.sampled_from(values), st.sampled_from(["", "bogus"]))


def seeds_text():  # below 2^63 or past 2^64 (2^63..2^64-1 compile an extra uint64 kernel: minutes)
    return st.one_of(
        st.integers(0, 10**6).map(str),
        st.just(str(2**64)),
        st.just(str(2**64 + 5)),
        st.sampled_from(["-1", "x", "1.5"]),
    )


MC = {
    "--dk": floats(0.5, 300),
    "--T": ints(3, 40),
    "--model": choice(["t4", "t3t4", "key"]),
    "--trials": ints(1, 1500),
    "--seeds": ints(1, 3),
    "--seed": seeds_text(),
    "--grid": ints(2, 61),
    "--gamma-max": floats(0.01, 20),
    "--distractors": choice(["T-2", "T-1"]),
    "--chance": choice(["T-1", "m+1"]),
    "--backend": choice(["cpu"]),
}
SPECS = {
    "gamma-c": (MC, ["--dk", "--T", "--trials", "--seeds"], ["--json"]),
    "curve": (MC, ["--dk", "--T", "--trials", "--seeds"], ["--json"]),
    "pinf": (
        {
            "--dk": floats(0.5, 300),
            "--T": ints(3, 60),
            "--m": ints(1, 60),
            "--mc-trials": ints(0, 5000),
            "--seed": seeds_text(),
        },
        ["--dk", "--T"],
        ["--json"],
    ),
    "induction": (
        {
            "--dk": ints(1, 16),
            "--T": ints(3, 20),
            "--gamma-q": floats(-3, 3),
            "--gamma-k": floats(-3, 3),
            "--channels": choice(["T1,T2,T3,T4", "T4", "T1,T3", "T9", ",,"]),
            "--embeddings": choice(["shared", "independent"]),
            "--alphabet": ints(2, 30),
            "--rope": floats(1, 1e4),
            "--sign": choice(["1", "-1", "1.0"]),
            "--boundary": choice(["p1=0", "q0=0"]),
            "--trials": ints(2, 1500),
            "--seed": seeds_text(),
        },
        ["--dk", "--T", "--trials"],
        ["--json"],
    ),
    "sweep": (
        {
            "--dk": st.lists(floats(1, 200), min_size=1, max_size=3).map(",".join),
            "--T": st.lists(ints(3, 30), min_size=1, max_size=2).map(",".join),
            **{k: v for k, v in MC.items() if k not in ("--dk", "--T")},
            "--dask-local": st.sampled_from(["0", "x"]),
        },
        ["--dk", "--T", "--trials", "--seeds"],
        ["--json", "--fresh"],
    ),
    "exact": (
        {
            "--dk": floats(0.5, 300),
            "--T": ints(3, 200),
            "--model": choice(["t4", "t3t4", "key"]),
            "--distractors": choice(["T-2", "T-1"]),
            "--chance": choice(["T-1", "m+1"]),
            "--grid": ints(2, 61),
            "--gamma-max": floats(0.01, 20),
        },
        ["--dk", "--T"],
        ["--json", "--continuous"],
    ),
    "exact-map": (
        {
            "--dk-min": floats(1, 50),
            "--dk-max": floats(1, 300),
            "--n-dk": ints(1, 4),
            "--T-min": ints(3, 20),
            "--T-max": ints(3, 60),
            "--n-T": ints(1, 4),
            "--grid": ints(2, 31),
            "--model": choice(["t4", "t3t4", "key"]),
        },
        [],
        ["--json"],
    ),
    # plot and conventions are expensive when valid: fuzz their argument handling only
    "plot": (
        {
            "--out": st.sampled_from(["", " "]),
            "--trials": st.sampled_from(JUNK[:9]),
            "--seeds": st.sampled_from(JUNK[:9]),
        },
        [],
        [],
    ),
    "conventions": (
        {
            "--trials": st.sampled_from(JUNK[:9]),
            "--seeds": st.sampled_from(["1", "0", "x"]),
            "--c7-trials": st.sampled_from(JUNK[:9]),
        },
        [],
        ["--json"],
    ),
}


def limits_for(work: str):
    return _mostly(
        st.just(["--max-work", work, "--max-memory", "256MiB"]),
        st.sampled_from(
            [
                ["--max-work", work, "--max-memory", "1KiB"],
                ["--max-work", "0"],
                ["--max-memory", "lots"],
                ["--max-memory", ""],
                ["--max-work", work, "--max-memory", "nan"],
            ]
        ),
    )


#: Work limits that keep a valid example near 0.1 s (the quadrature's unit is cheaper per call).
WORK = {"exact": "1e9", "exact-map": "1e9"}
OUT_DIR = tempfile.mkdtemp(prefix="psa-fuzz-")


@st.composite
def argv_for(draw, command: str):
    flags, required, switches = SPECS[command]
    argv = [command]
    if command == "plot":
        argv.append(draw(st.sampled_from(["fig7a", "nope", "all"])))
    for name, strat in flags.items():
        if draw(st.booleans()) if name not in required else draw(st.integers(0, 9)) > 0:
            argv.append(f"{name}={draw(strat)}")  # "=": a value such as -1e-05 is not taken for a flag
    for sw in switches:
        if draw(st.booleans()):
            argv.append(sw)
    if command == "sweep" and draw(st.integers(0, 9)) == 0:
        argv += ["--preset", draw(st.sampled_from(["t-axis", "paper-grid", "bogus"]))]
    if command == "sweep":
        argv += ["--store", draw(_mostly(st.just(OUT_DIR + "/store"), st.just("")))]
    if command == "exact-map":
        argv += ["--out", draw(_mostly(st.just(OUT_DIR + "/map"), st.just("")))]
    if command == "plot":
        argv.append("--argmax-trials=0")  # always refused: a valid plot would be a long run
    argv += draw(limits_for(WORK.get(command, "5e6")))
    return argv


def _strict(text: str):
    def bad(c):
        raise AssertionError(f"not strict JSON: {c}")

    return json.loads(text, parse_constant=bad)


def _check(command, argv, capsys):
    code = cli.mc_main(argv)
    cap = capsys.readouterr()
    COUNTS[(command, code)] += 1
    assert "Traceback" not in cap.err and "Traceback" not in cap.out, argv
    assert code in (0, 2), (argv, code, cap.err[-500:])
    if code == 2:
        assert len(cap.err.strip().splitlines()) == 1 and cap.err.strip(), (argv, cap.err)
        assert cap.err.startswith("psa-mc"), (argv, cap.err)
    else:
        assert cap.err == "", (argv, cap.err)
        if "--json" in argv:
            _strict(cap.out)
        else:
            assert cap.out.strip(), argv


EXAMPLES = {
    "gamma-c": 25,
    "curve": 20,
    "pinf": 20,
    "induction": 20,
    "sweep": 20,
    "exact": 20,
    "exact-map": 10,
    "plot": 6,
    "conventions": 6,
}


@pytest.mark.sized
@pytest.mark.parametrize("command", list(SPECS))
def test_fuzz_psa_mc(command, capsys):
    @settings(FUZZ, max_examples=examples(EXAMPLES[command], fast=max(2, EXAMPLES[command] // 8)))
    @given(argv=argv_for(command))
    def run(argv):
        _check(command, argv, capsys)

    run()


def test_fuzz_counts_summary():
    """Runs last in this module: every fuzzed case ended in exit 0 or 2 (else a test above failed)."""
    tried = sum(COUNTS.values())
    if tried == 0:
        pytest.skip("run with the fuzz tests above")
    assert set(code for _, code in COUNTS) <= {0, 2}
    per = {c: {k: v for (cc, k), v in COUNTS.items() if cc == c} for c in SPECS}
    print(f"\nfuzz psa-mc: {tried} cases, contract held in all; per command exit codes: {per}")
