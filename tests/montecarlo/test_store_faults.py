"""Every way a stored point can be damaged: recomputed, reported once, equal to a fresh run."""

from __future__ import annotations

import errno
import json
import shutil

import numpy as np
import pytest

import cli
from montecarlo import sweep as S
from montecarlo.store import STORE_FORMAT, DamagedRecordWarning, ResultStore, arrays_digest

SMALL = dict(trials=700, seeds=2, seed=3)
POINTS = ([16, 64], [10])  # two points: (16, 10) is damaged, (64, 10) is "another point"


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """A store holding both points, and the fresh (storeless) sweep to compare with."""
    root = tmp_path_factory.mktemp("store-ref")
    S.run_sweep(*POINTS, store=ResultStore(root), **SMALL)
    fresh = S.run_sweep(*POINTS, **SMALL)
    return root, fresh


def _keys():
    return [S.params_key(S.point_params(dk, 10, **SMALL)) for dk in POINTS[0]]


def _copied_store(src, tmp_path):
    """A copy of the reference store, and the keys of its two points."""
    root = tmp_path / "store"
    shutil.copytree(src, root)
    return root, _keys()


def _rw(path, edit):
    rec = json.loads(path.read_text())
    edit(rec)
    path.write_text(json.dumps(rec))


def _npz_with(path, change):
    with np.load(path) as d:
        arrays = {k: d[k].copy() for k in d.files}
    change(arrays)
    with open(path, "wb") as fh:
        np.savez(fh, **arrays)
    return arrays


def changed_parameter(root, a, b):
    _rw(root / f"{a}.json", lambda r: r.update(trials=701))


def changed_seed_list(root, a, b):
    _rw(root / f"{a}.json", lambda r: r.update(seed_list=[3, 5]))


def changed_value(root, a, b):
    _rw(root / f"{a}.json", lambda r: r["gamma_c"].update(mean=r["gamma_c"]["mean"] + 0.01))


def changed_law(root, a, b):
    _rw(root / f"{a}.json", lambda r: r.update(law=1.0))


def changed_arrays(root, a, b):  # values in the .npz changed, the hash not updated
    _npz_with(root / f"{a}.npz", lambda d: d["curves"].__setitem__((0, 5), 0.5))


def changed_arrays_and_hash(root, a, b):  # consistent npz + hash, but the record's values disagree
    arrs = _npz_with(root / f"{a}.npz", lambda d: d["curves"].__setitem__((0, slice(5, None)), 0.99))
    _rw(root / f"{a}.json", lambda r: r.update(arrays_sha256=arrays_digest(arrs)))


def npz_of_another_point(root, a, b):
    shutil.copy(root / f"{b}.npz", root / f"{a}.npz")


def record_of_another_point(root, a, b):  # the duplicate: point b's record and arrays filed under a
    shutil.copy(root / f"{b}.npz", root / f"{a}.npz")
    _rw(root / f"{b}.json", lambda r: None)
    rec = json.loads((root / f"{b}.json").read_text())
    rec["key"] = a
    (root / f"{a}.json").write_text(json.dumps(rec))


def non_object_json(root, a, b):
    (root / f"{a}.json").write_text("[1, 2, 3]")


def null_json(root, a, b):
    (root / f"{a}.json").write_text("null")


def not_json(root, a, b):
    (root / f"{a}.json").write_text('{"key": ')


def missing_hash(root, a, b):
    _rw(root / f"{a}.json", lambda r: r.pop("arrays_sha256"))


def missing_parameter(root, a, b):
    _rw(root / f"{a}.json", lambda r: r.pop("dk"))


def wrong_type(root, a, b):
    _rw(root / f"{a}.json", lambda r: r.update(T="10"))


def old_format(root, a, b):
    _rw(root / f"{a}.json", lambda r: r.update(format=STORE_FORMAT - 1))


def empty_npz(root, a, b):
    (root / f"{a}.npz").write_bytes(b"")


def truncated_npz(root, a, b):
    data = (root / f"{a}.npz").read_bytes()
    (root / f"{a}.npz").write_bytes(data[: len(data) // 2])


def missing_npz(root, a, b):
    (root / f"{a}.npz").unlink()


def extra_array(root, a, b):
    arrs = _npz_with(root / f"{a}.npz", lambda d: d.update(extra=np.zeros(3)))
    _rw(root / f"{a}.json", lambda r: r.update(arrays_sha256=arrays_digest(arrs)))


FAULTS = [
    changed_parameter,
    changed_seed_list,
    changed_value,
    changed_law,
    changed_arrays,
    changed_arrays_and_hash,
    npz_of_another_point,
    record_of_another_point,
    non_object_json,
    null_json,
    not_json,
    missing_hash,
    missing_parameter,
    wrong_type,
    old_format,
    empty_npz,
    truncated_npz,
    missing_npz,
    extra_array,
]


#: Faults reported as damage, not as a missing signature: the signed record is as it was (only
#: the .npz is touched), or it is no record at all (checked before its signature).
NOT_SIGNATURE = {changed_arrays, npz_of_another_point, empty_npz, truncated_npz, missing_npz}
NOT_SIGNATURE |= {non_object_json, null_json, not_json, missing_hash, old_format}


@pytest.mark.parametrize("trust", [False, True], ids=["signed-only", "trust-store"])
@pytest.mark.parametrize("fault", FAULTS, ids=[f.__name__ for f in FAULTS])
def test_damaged_point_is_recomputed_reported_and_overwritten(fault, trust, reference, tmp_path):
    """Any change of a stored point is caught: by its signature (an edited record no longer
    verifies under the user's key) and, with --trust-store (signatures not required), by the
    consistency checks of the record against the point asked for and its own arrays."""
    src, fresh = reference
    root, (a, b) = _copied_store(src, tmp_path)
    fault(root, a, b)
    store = ResultStore(root, trust_store=trust)
    with pytest.warns(DamagedRecordWarning) as rec:
        sw = S.run_sweep(*POINTS, store=store, **SMALL)
    msgs = [str(w.message) for w in rec if issubclass(w.category, DamagedRecordWarning)]
    assert len(msgs) == 1 and "dk=16, T=10" in msgs[0] and "\n" not in msgs[0]
    unsigned = not trust and fault not in NOT_SIGNATURE
    assert ("not signed by this user's key" in msgs[0]) == unsigned, msgs[0]
    assert ("damaged" in msgs[0]) == (not unsigned), msgs[0]
    assert [r["reason"].startswith("damaged") for r in sw.recomputed] == [not unsigned]
    assert sw.sources == ["computed", "store"]
    assert [(p["dk"], p["T"]) for p in sw.points] == [(16, 10), (64, 10)]  # never twice
    assert [S.result_identity(p) for p in sw.points] == [S.result_identity(p) for p in fresh.points]
    for got, want in zip(sw.arrays, fresh.arrays):
        assert all(got[k].tobytes() == want[k].tobytes() for k in ("gammas", "curves", "curves_sem"))
    # overwritten: the next run reuses both points, silently
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", DamagedRecordWarning)
        again = S.run_sweep(*POINTS, store=store, **SMALL)
    assert again.sources == ["store", "store"]


def test_an_npz_without_its_record_is_an_interrupted_write_not_damage(reference, tmp_path):
    src, _ = reference
    root, (a, _) = _copied_store(src, tmp_path)
    (root / f"{a}.json").unlink()
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", DamagedRecordWarning)
        sw = S.run_sweep(*POINTS, store=ResultStore(root), **SMALL)
    assert sw.sources == ["computed", "store"]


def test_cli_reports_one_line_per_damaged_point(reference, tmp_path, capsys):
    src, _ = reference
    root, (a, b) = _copied_store(src, tmp_path)
    changed_value(root, a, b)
    empty_npz(root, b, a)
    argv = [
        "sweep",
        "--dk",
        "16,64",
        "--T",
        "10",
        "--trials",
        "700",
        "--seeds",
        "2",
        "--seed",
        "3",
        "--store",
        str(root),
        "--json",
    ]
    assert cli.mc_main(argv) == 0
    cap = capsys.readouterr()
    lines = cap.err.strip().splitlines()
    assert len(lines) == 2 and all("recomputing" in ln for ln in lines)
    assert "not signed by this user's key" in lines[0] and "damaged" in lines[1]
    assert "Traceback" not in cap.err
    assert json.loads(cap.out)["computed"] == 2


# --- a store that cannot keep what was computed (issue 26, item 5) -------------------------------
# The tests run as root, which ignores permission bits: a read-only store is simulated by making
# the write raise EROFS, a full disk by ENOSPC, and a store that is a file by a path under a file.

FAULTS = {"read-only": (errno.EROFS, "Read-only file system"), "full": (errno.ENOSPC, "No space left on device")}


def _failing_writes(monkeypatch, fault: str) -> None:
    def refuse(*a, **k):
        raise OSError(*FAULTS[fault])

    import psa_io.outputs
    from montecarlo import store as store_mod

    monkeypatch.setattr(store_mod, "atomic_write", refuse)  # the sweep store's writes
    monkeypatch.setattr(psa_io.outputs, "atomic_write", refuse)  # the certificates' stored Monte Carlo


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_sweep_whose_store_cannot_write_prints_its_points_and_says_they_were_not_kept(
    reference, fault, tmp_path, monkeypatch, capsys
):
    _, fresh = reference
    root = tmp_path / "store"
    _failing_writes(monkeypatch, fault)
    sw = S.run_sweep(*POINTS, store=ResultStore(root), **SMALL)
    assert [S.result_identity(p) for p in sw.points] == [S.result_identity(p) for p in fresh.points]
    assert sw.sources == ["computed", "computed"] and len(sw.not_kept) == 2
    assert all(FAULTS[fault][1] in q["reason"] for q in sw.not_kept)
    assert not list(root.glob("*.json"))  # nothing was kept, and nothing claims it was
    argv = ["sweep", "--dk", "16,64", "--T", "10", "--trials", "700", "--seeds", "2", "--seed", "3"]
    for extra in [["--json"]] if fault == "full" else [[]]:  # the table once, the JSON once
        assert cli.mc_main(argv + ["--store", str(root)] + extra) == 0  # the computation succeeded
        cap = capsys.readouterr()
        lines = cap.err.strip().splitlines()
        assert len(lines) == 1 and "2 of the 2 points computed now were not kept" in lines[0], cap.err
        assert FAULTS[fault][1] in lines[0] and "Traceback" not in cap.err
        if extra:
            doc = json.loads(cap.out)
            assert doc["computed"] == 2 and len(doc["not_kept"]) == 2 and len(doc["points"]) == 2
        else:
            assert "not kept in the store" in cap.out and "16" in cap.out and "64" in cap.out


def test_a_sweep_store_that_is_a_file_is_refused_before_any_work(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    computed = []
    monkeypatch.setattr(S, "compute_point", lambda p: computed.append(p))
    code = cli.mc_main(["sweep", "--dk", "16", "--T", "10", "--trials", "100", "--seeds", "1", "--store", str(blocker)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "result store" in err and computed == []


def _stored_check():
    from certificates.psa import _mcstore as M
    from certificates.registry import verdict

    @M.reporting
    def check():
        M.argmax_probability(1.0, 3, 700, 3)
        return verdict(True, 1, 1, "ok", evidence_level="statistical")

    return check


@pytest.mark.parametrize("fault", ["file", "read-only", "full"])
def test_certificate_evidence_says_kept_only_when_the_write_succeeded(fault, tmp_path, monkeypatch, capfd):
    monkeypatch.setenv("PSA_TOOLKIT_STORE_KEY", "ab" * 32)
    if fault == "file":
        blocker = tmp_path / "file"
        blocker.write_text("x")
        root = blocker / "store"
        reason = "Not a directory"
    else:
        root = tmp_path / "store"
        _failing_writes(monkeypatch, fault)
        reason = FAULTS[fault][1]
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(root))
    out = _stored_check()()
    assert "kept in" not in out.detail and "not kept" in out.detail and reason in out.detail, out.detail
    err = capfd.readouterr().err
    lines = [ln for ln in err.splitlines() if "result store" in ln]
    assert len(lines) == 1 and "cannot write the result store" in lines[0] and reason in lines[0], err
    assert not list(root.glob("mc-*.json")) if root.is_dir() else True
    monkeypatch.undo()  # a store that works: the same call says it was kept, and it was
    monkeypatch.setenv("PSA_TOOLKIT_STORE_KEY", "ab" * 32)
    good = tmp_path / "good"
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(good))
    out = _stored_check()()
    assert f"kept in {good}" in out.detail and list(good.glob("mc-*.json"))


def test_psa_cert_says_once_before_the_run_that_the_store_cannot_be_written(tmp_path, monkeypatch, capsys):
    from certificates.commands._common import mc_ready
    from certificates.registry import load_registry

    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(blocker / "\x1bstore"))
    monkeypatch.setenv("PSA_TOOLKIT_STORE_KEY", "ab" * 32)
    mc_ready([load_registry("psa").get("C7")])
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "cannot be written (Not a directory)" in lines[0] and "not kept" in lines[0]
    assert "\x1b" not in err and "\\x1bstore" in err
