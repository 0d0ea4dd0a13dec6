"""A hostile store: records forged with the toolkit's own functions (everything but the key), written
under another key, truncated, or stating sizes that would allocate without bound.  None of them is
served without ``trust_store=True``; none allocates beyond the limits even with it."""

from __future__ import annotations

import io
import json
import os
import zipfile

import numpy as np
import pytest

import cli
from montecarlo import storekey
from montecarlo import sweep as S
from montecarlo.store import (
    SWEEP_KIND,
    DamagedRecord,
    DamagedRecordWarning,
    ResultStore,
    sign_record,
)

from . import test_store_faults as F

SMALL, POINTS = F.SMALL, F.POINTS
reference = F.reference  # the fixture: a store of both points (module scope), and the fresh sweep
_store_copy = F._copied_store


def _params():
    return [S.point_params(dk, 10, **SMALL) for dk in POINTS[0]]


def forge(root, key, p, *, sign_with=None):
    """Rewrite a point's curves (shifted three grid steps left: a smaller gamma_c that is still a
    possible result) and re-derive its record with the toolkit's own functions; keep the old
    signature, or sign with ``sign_with`` (a key that is not the user's)."""
    js, npz = root / f"{key}.json", root / f"{key}.npz"
    old = json.loads(js.read_text())
    with np.load(npz) as d:
        arrays = {k: d[k].copy() for k in d.files}
    for name in ("curves", "curves_sem"):
        a = arrays[name]
        a[:, 1:-3] = a[:, 4:].copy()
        a[:, -3:] = a[:, -1:]
    record = S._roundtrip({"record": S.point_record(p, key, arrays, backend="cpu", elapsed_s=0.5), "arrays": arrays})[
        "record"
    ]
    S.verify_point(key, record, arrays, params=p)  # a perfect forgery: every consistency check passes
    if sign_with is None:
        record["hmac"] = old["hmac"]
    else:
        record = sign_record(record, SWEEP_KIND, sign_with)
    with open(npz, "wb") as fh:
        np.savez(fh, **arrays)
    js.write_text(json.dumps(record, indent=1, sort_keys=True))
    return record


@pytest.mark.parametrize("sign_with", [None, b"another user's key"], ids=["old-signature", "other-key"])
def test_a_forged_point_is_recomputed_and_the_output_says_so(sign_with, reference, tmp_path, capsys):
    src, fresh = reference
    root, (a, b) = _store_copy(src, tmp_path)
    forged = forge(root, a, _params()[0], sign_with=sign_with)
    assert forged["gamma_c"]["mean"] < fresh.points[0]["gamma_c"]["mean"] - 0.05
    with pytest.warns(DamagedRecordWarning, match="not signed by this user's key"):
        sw = S.run_sweep(*POINTS, store=ResultStore(root), **SMALL)
    assert sw.sources == ["computed", "store"] and sw.trusted == [False, False]
    assert [S.result_identity(p) for p in sw.points] == [S.result_identity(p) for p in fresh.points]
    assert sw.recomputed == [{"dk": 16.0, "T": 10, "reason": "record not signed by this user's key"}]
    from montecarlo.sweep_report import sweep_lines

    text = "\n".join(sweep_lines(sw))
    assert "1 point recomputed: record not signed by this user's key" in text
    assert sw.to_json()["recomputed"][0]["reason"] == "record not signed by this user's key"
    # and the command line says it (stderr per point, the summary line in the report)
    root2, _ = _store_copy(src, tmp_path / "cli")
    forge(root2, a, _params()[0], sign_with=sign_with)
    argv = ["sweep", "--dk", "16,64", "--T", "10", "--trials", "700", "--seeds", "2", "--seed", "3"]
    assert cli.mc_main(argv + ["--store", str(root2)]) == 0
    cap = capsys.readouterr()
    assert "1 point recomputed: record not signed by this user's key" in cap.out
    assert "not signed by this user's key; recomputing it" in cap.err and "Traceback" not in cap.err


def test_trust_store_serves_forged_points_and_says_so_once(reference, tmp_path, capfd):
    src, fresh = reference
    root, (a, b) = _store_copy(src, tmp_path)
    forged = [forge(root, k, p, sign_with=b"the team next door") for k, p in zip((a, b), _params())]
    storekey._ANNOUNCED.discard(str(root))
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", DamagedRecordWarning)
        sw = S.run_sweep(*POINTS, store=ResultStore(root, trust_store=True), **SMALL)
        again = S.run_sweep(*POINTS, store=ResultStore(root, trust_store=True), **SMALL)
    assert sw.sources == ["store", "store"] and sw.trusted == [True, True] and again.trusted == [True, True]
    assert [p["gamma_c"]["mean"] for p in sw.points] == [r["gamma_c"]["mean"] for r in forged]
    err = capfd.readouterr().err
    assert err.count(str(root)) == 1 and len(err.strip().splitlines()) == 1 and "--trust-store" in err
    doc = sw.to_json()
    assert doc["trusted_without_key"] == 2 and all(p["trusted_without_key"] for p in doc["points"])
    from montecarlo.sweep_report import sweep_lines

    assert "2 points from the store trusted without this user's key" in "\n".join(sweep_lines(sw))
    # without the flag the same store is recomputed (and re-signed by this user)
    with pytest.warns(DamagedRecordWarning):
        mine = S.run_sweep(*POINTS, store=ResultStore(root), **SMALL)
    assert mine.sources == ["computed", "computed"]
    assert [S.result_identity(p) for p in mine.points] == [S.result_identity(p) for p in fresh.points]


def _crafted_npz(path, names, shape=(10**12,)):
    """A small NPZ whose members' headers declare ``shape`` float64 (8 TB for the default)."""
    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": "<f8", "fortran_order": False, "shape": shape})
    buf.write(b"\0" * 800)
    with zipfile.ZipFile(path, "w") as zf:
        for n in names:
            zf.writestr(f"{n}.npy", buf.getvalue())


@pytest.mark.parametrize("trust", [False, True])
def test_a_small_npz_declaring_a_huge_array_is_refused_before_allocation(trust, reference, tmp_path):
    """The record is the user's own, intact and signed; only the .npz is replaced by a 2.6 KB file
    whose headers declare 8 TB.  The headers are compared with the record before any data is read."""
    src, fresh = reference
    root, (a, b) = _store_copy(src, tmp_path)
    _crafted_npz(root / f"{a}.npz", ["gammas", "curves", "curves_sem"])
    assert (root / f"{a}.npz").stat().st_size < 4000
    with pytest.warns(DamagedRecordWarning, match="differ from the record's layout"):
        sw = S.run_sweep(*POINTS, store=ResultStore(root, trust_store=trust), **SMALL)
    assert sw.sources == ["computed", "store"]


def _edit(path, change):
    rec = json.loads(path.read_text())
    change(rec)
    path.write_text(json.dumps(rec))


@pytest.mark.parametrize(
    "edit",
    [
        lambda r: r.update(grid=10**9),
        lambda r: r.update(seeds=10**12),
        lambda r: r.update(trials=10**15),
        lambda r: r["arrays"]["curves"].update(shape=[10**6, 10**6]),
        lambda r: r["arrays"]["gammas"].update(dtype="|O"),
    ],
    ids=["grid", "seeds", "trials", "array-shape", "object-dtype"],
)
def test_an_edited_size_is_refused_before_allocation_even_when_trusted(edit, reference, tmp_path):
    src, _ = reference
    root, (a, b) = _store_copy(src, tmp_path)
    _edit(root / f"{a}.json", edit)
    with pytest.warns(DamagedRecordWarning, match="damaged"):
        sw = S.run_sweep(*POINTS, store=ResultStore(root, trust_store=True), **SMALL)
    assert sw.sources == ["computed", "store"]


def test_verify_point_bounds_a_records_sizes_without_the_requested_point(reference):
    src, _ = reference
    key = S.params_key(_params()[0])
    rec, arr = ResultStore(src).read(key)
    for field, value in (("grid", 10**10), ("seeds", 10**13), ("trials", 10**17), ("T", 10**15)):
        bad = dict(rec, **{field: value})
        with pytest.raises(DamagedRecord, match="limits"):
            S.verify_point(key, bad, arr)


def test_a_record_stating_huge_arrays_is_refused_by_a_plain_read(reference, tmp_path):
    """Without an expected layout (a plain ``read``), the stated sizes meet the memory limit."""
    src, _ = reference
    root, (a, _) = _store_copy(src, tmp_path)
    rec = json.loads((root / f"{a}.json").read_text())
    rec["arrays"]["curves"]["shape"] = [10**5, 10**5]  # 80 GB
    (root / f"{a}.json").write_text(json.dumps(sign_record(rec, SWEEP_KIND, ResultStore(root).key)))
    with pytest.raises(DamagedRecord, match="above the memory limit"):
        ResultStore(root).read(a)


@pytest.mark.parametrize("cut", [0, 1, 100, -2])
def test_a_truncated_record_is_recomputed(cut, reference, tmp_path):
    src, _ = reference
    root, (a, _) = _store_copy(src, tmp_path)
    js = root / f"{a}.json"
    data = js.read_bytes()
    js.write_bytes(data[:cut] if cut >= 0 else data[:cut])
    with pytest.warns(DamagedRecordWarning):
        sw = S.run_sweep(*POINTS, store=ResultStore(root, trust_store=True), **SMALL)
    assert sw.sources == ["computed", "store"]


def test_a_huge_record_file_is_never_read_whole(reference, tmp_path):
    src, _ = reference
    root, (a, _) = _store_copy(src, tmp_path)
    with open(root / f"{a}.json", "r+b") as fh:
        fh.truncate(10**10)  # sparse: 10 GB stated, no disk used
    with pytest.warns(DamagedRecordWarning, match="bytes, more than"):
        sw = S.run_sweep(*POINTS, store=ResultStore(root), **SMALL)
    assert sw.sources == ["computed", "store"]


@pytest.mark.parametrize("kind", ["symlink", "fifo"])
def test_a_record_the_store_did_not_write_is_not_read_and_not_replaced(kind, reference, tmp_path):
    src, _ = reference
    root, (a, _) = _store_copy(src, tmp_path)
    js = root / f"{a}.json"
    target = tmp_path / "precious.txt"
    target.write_text("not the store's")
    js.unlink()
    if kind == "symlink":
        js.symlink_to(target)
    else:
        os.mkfifo(js)  # a naive read would block forever
    # The point is recomputed and reported, but not kept: the store does not replace what it did not
    # write (issue 26, item 5: a point the store cannot keep is printed and said not kept).
    with pytest.warns(DamagedRecordWarning):
        sw = S.run_sweep(*POINTS, store=ResultStore(root), **SMALL)
    assert [(k["dk"], k["T"]) for k in sw.not_kept] == [(16.0, 10)]
    assert "not a regular file" in sw.not_kept[0]["reason"]
    assert "not replacing it" in sw.not_kept[0]["reason"]
    assert target.read_text() == "not the store's"
    assert js.is_symlink() if kind == "symlink" else not js.is_file()


def test_an_unusable_key_is_refused_before_any_point_is_computed(tmp_path, monkeypatch):
    cfg = tmp_path / "cfg" / "psa-toolkit"
    cfg.mkdir(parents=True)
    (cfg / "store.key").write_text("00" * 32)
    (cfg / "store.key").chmod(0o640)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    calls = []
    monkeypatch.setattr(S, "compute_point", lambda p: calls.append(p))
    with pytest.raises(storekey.StoreKeyError, match="chmod 600"):
        S.run_sweep(*POINTS, store=ResultStore(tmp_path / "store"), fresh=True, **SMALL)
    assert calls == [] and not (tmp_path / "store").exists()
