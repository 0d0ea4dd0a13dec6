"""Fuzzing psa-cert's flags (issue 10): whatever the flags, the contract holds.

Contract: exit 0 or 1 with valid output (JSON parses strictly when --json is given; the text ends
with the summary line), or exit 2 with exactly one line on stderr and no traceback.  Selections are
cheap certificates (C1, C2, C4, C5) so that each example runs in well under a second.

The SIGINT test sends a real SIGINT to a ``psa-cert run`` subprocess once it has started and a worker
process of it is running the checks: exit 130, one line on stderr, no traceback, the last-run file unchanged.
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cli
from tests.tiers import examples

CHEAP = ["C1", "C2", "C4", "C5", "c2", "C99", "", " ", "nope", "C2 "]
STATS = {"tried": 0, "held": 0}

ids = st.lists(st.sampled_from(CHEAP), min_size=0, max_size=4).map(",".join)
texts = st.sampled_from(["", " ", "x", "-1", "0", "1", "2.5", "nan", "inf", "1e9", "--all", "é", "\x00"])
flag = st.one_of(
    st.tuples(st.just("--only"), ids),
    st.tuples(st.just("--pack"), st.sampled_from(["psa", "", " ", "nope", "all", "momentum"])),
    st.tuples(st.just("--kind"), st.sampled_from(["symbolic", "numeric", "x", ""])),
    st.tuples(st.just("--section"), st.sampled_from(["§6", "6", "4.1", "", "99"])),
    st.tuples(st.just("--jobs"), texts),
    st.tuples(st.just("--timeout"), texts),
    st.tuples(st.just("--junit"), st.sampled_from(["", "/no/such/dir/x.xml", "{tmp}/r.xml", "{tmp}"])),
    st.tuples(st.just("--write-baseline"), st.sampled_from(["", "{tmp}/b.json", "/no/such/b.json"])),
    st.tuples(st.just("--baseline"), st.sampled_from(["", "{tmp}/b.json", "{tmp}/missing.json", "{tmp}"])),
    st.tuples(st.sampled_from(["--json", "-v", "--no-save", "--fresh", "--all", "--bogus", "-x"])),
)


def _argv(parts, tmp):
    out = []
    for p in parts:
        out += [a.replace("{tmp}", str(tmp)) for a in p]
    return out


def _one_line_error(code, err):
    assert code == 2, code
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


@settings(
    max_examples=examples(40),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    cmd=st.sampled_from(["run", "list", "show", "graph"]),
    parts=st.lists(flag, min_size=0, max_size=4),
    cheap=st.booleans(),
)
def test_psa_cert_flags_keep_the_contract(cmd, parts, cheap, capsys, tmp_path_factory, monkeypatch):
    tmp = tmp_path_factory.mktemp("fuzz")
    monkeypatch.chdir(tmp)
    argv = [cmd] + (["C2"] if cmd == "show" else []) + _argv(parts, tmp)
    if cmd == "run" and cheap and "--only" not in argv and "--all" not in argv:
        argv += ["--only", "C2,C4"]
    if cmd in ("list", "graph") or (cmd == "run" and "--only" not in argv):
        # keep every example cheap: never run a whole pack
        if "--all" in argv or (cmd == "run" and "--pack" in argv) or "--run" in argv:
            argv = [a for a in argv if a not in ("--all", "--run")]
            if cmd == "run":
                argv = [a for a in argv if a != "--pack"] + ["--only", "C2"]
    STATS["tried"] += 1
    code = cli.cert_main(argv)
    out, err = capsys.readouterr()
    if code == 2:
        _one_line_error(code, err)
    else:
        assert code in (0, 1), (argv, code, err)
        assert "Traceback" not in err
        if cmd == "run" and "--json" in argv:
            json.loads(out, parse_constant=lambda t: pytest.fail(f"non-strict JSON {t}"))
        elif cmd == "run":
            lines = out.rstrip("\n").split("\n")
            last = max(i for i, ln in enumerate(lines) if ln.startswith("Summary:"))
            assert " ".join(lines[last + 1 :]).startswith("exit "), out[-200:]  # then the exit code explained
    STATS["held"] += 1


def test_fuzz_counts_reported():
    """The fuzz examples above ran and every one kept the contract (counts in the -s output)."""
    if STATS["tried"] == 0:
        pytest.skip("the fuzz test did not run in this session")
    print(f"psa-cert flag fuzzing: {STATS['tried']} cases tried, contract held in {STATS['held']}")
    assert STATS["held"] == STATS["tried"]


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc; empty without it)."""
    kids = []
    for d in Path("/proc").glob("[0-9]*"):
        try:
            if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(d.name))
        except (OSError, IndexError, ValueError):
            continue
    return kids


def test_real_sigint_exits_130_with_one_line_and_records_nothing(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    last = cache / "last-run-psa.json"
    last.write_text('{"pack": "psa", "certificates": {}}')
    before = last.read_bytes()
    env = dict(os.environ, PSA_TOOLKIT_CACHE=str(cache), PSA_TOOLKIT_STORE=str(tmp_path / "store"), COLUMNS="80")
    # slow selection with no stored sweeps, in two worker processes
    p = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import cli, sys; sys.exit(cli.cert_main(sys.argv[1:]))",
            "run",
            "--only",
            "sec7.9.independence,C7,C8,thm64.step5",
            "--jobs",
            "2",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=str(tmp_path),
    )
    first = []
    reader = threading.Thread(target=lambda: first.append(p.stderr.readline()), daemon=True)
    reader.start()
    reader.join(timeout=120)  # the start line: the run has begun
    assert first and first[0].startswith("psa-cert run:"), first
    if Path("/proc/self/stat").exists():  # then a worker process runs the checks (far longer than 0.3 s)
        deadline = time.monotonic() + 90  # a loaded machine may take long to fork
        while not _children(p.pid) and p.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _children(p.pid), "no worker started"
        time.sleep(0.3)
    else:  # pragma: no cover - no procfs: give the workers time to start
        time.sleep(1.5)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        pytest.fail("psa-cert did not stop after SIGINT")
    assert p.returncode == 130, (p.returncode, err)
    # the run's own progress and status lines ("psa-cert run 0/4 ...", "psa-cert run: compiling the
    # T4 kernel, once" on a fresh clone whose Numba cache is empty) may precede the interruption
    lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith(("psa-cert run ", "psa-cert run:"))]
    assert lines == ["psa-cert: interrupted"], err
    assert "Traceback" not in err and out == ""
    assert last.read_bytes() == before
