"""Seeded Monte Carlo of certificates kept between runs: JSON and plain arrays, signed with the
user's key, reused only when it verifies; hostile stores never run code and never serve a value."""

from __future__ import annotations

import hashlib
import io
import json
import math
import pickle
import zipfile

import numpy as np
import pytest

from certificates.psa import _mcstore
from montecarlo import storekey
from montecarlo.engine import ArgmaxEstimate
from montecarlo.store import arrays_digest, arrays_layout, sign_record

CALLS = []


@_mcstore.stored
def _square(x, seed):
    CALLS.append((x, seed))
    return {"value": x * x, "seed": seed}


def _rich_value(n, seed):
    """Every kind of value the format holds: arrays, numpy scalars, exact floats, tuples, dicts with
    non-string keys, a dataclass of the toolkit."""
    rng = np.random.default_rng(seed)
    return (
        rng.standard_normal((2, n)),
        np.arange(n, dtype=np.int32),
        np.float64(0.1) + np.float64(0.2),
        np.bool_(True),
        {1: 0.1 + 0.2, (2, "b"): [math.inf, -0.0, 1e-310, None], "nan": math.nan},
        ArgmaxEstimate(p=1 / 3, se=0.01, wins=333, trials=1000, m=13, s=2.0, seed=seed),
        np.array([1 + 2j], dtype=np.complex128),
        np.zeros((0, 3)),
    )


@_mcstore.stored
def _rich(n, seed):
    CALLS.append(("rich", n, seed))
    return _rich_value(n, seed)


class _Opaque:
    pass


@_mcstore.stored
def _opaque(seed):
    CALLS.append(("opaque", seed))
    return {"thing": _Opaque()}


@_mcstore.stored
def _many(n):
    CALLS.append(("many", n))
    return [np.full(3, float(i)) for i in range(n)]


def _exact_square(x):
    CALLS.append(("exact", x))
    return {"value": x * x}


_exact_square = _mcstore.stored(_exact_square, monte_carlo=False)


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(tmp_path))
    monkeypatch.delenv("PSA_TOOLKIT_FRESH", raising=False)
    for f in (_square, _rich, _opaque, _many, _exact_square):
        f.cache_clear()
    CALLS.clear()
    return tmp_path


def _files(root):
    return sorted(p.name for p in root.iterdir())


def _record(root):
    js = next(root.glob("mc-*.json"))
    return js, json.loads(js.read_text())


def _new_process(*fns):
    for f in fns or (_square, _rich, _opaque):
        f.cache_clear()


def test_result_is_kept_and_reused_across_processes(store):
    assert _square(3, 7) == {"value": 9, "seed": 7} and len(CALLS) == 1
    _new_process()  # a new process: only the store remains
    assert _square(3, 7) == {"value": 9, "seed": 7} and len(CALLS) == 1
    assert _square(3, 8)["seed"] == 8 and len(CALLS) == 2  # other settings, other key
    assert len([f for f in _files(store) if f.endswith(".json")]) == 2
    assert not [f for f in _files(store) if f.endswith(".pkl")]  # never a pickle


def test_a_computed_deterministic_value_is_shared_across_stores_a_monte_carlo_one_is_not(store, tmp_path, monkeypatch):
    """An exact (deterministic) value computed once in a process serves a later call under another
    store root -- saved there, reported as computed -- and under --fresh; a Monte-Carlo value is
    computed again (or read from that store), so where it came from stays true."""
    other = tmp_path / "other"
    other.mkdir()
    assert _exact_square(4) == {"value": 16} and _square(4, 1)["value"] == 16
    assert CALLS == [("exact", 4), (4, 1)]
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(other))
    assert _exact_square(4) == {"value": 16} and _exact_square.origin(4) == "computed"
    assert _square(4, 1)["value"] == 16
    assert CALLS == [("exact", 4), (4, 1), (4, 1)]  # the exact value once, the Monte Carlo twice
    assert len(list(other.glob("mc-*.json"))) == 2  # both saved in the new root
    monkeypatch.setenv("PSA_TOOLKIT_FRESH", "1")
    assert _exact_square(4) == {"value": 16} and len(CALLS) == 3
    _exact_square.cache_clear()  # a new process under --fresh: computed again
    assert _exact_square(4) == {"value": 16} and CALLS[-1] == ("exact", 4)


def test_a_loaded_deterministic_value_is_not_shared_across_stores(store, tmp_path, monkeypatch):
    """Read from one store (not computed here), an exact value is not served under another root."""
    assert _exact_square(5)["value"] == 25
    _exact_square.cache_clear()  # a new process: the value is in the store only
    assert _exact_square(5)["value"] == 25 and _exact_square.origin(5) == "store"
    assert CALLS == [("exact", 5)]
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(other))
    assert _exact_square(5)["value"] == 25 and CALLS == [("exact", 5), ("exact", 5)]


def test_every_value_round_trips_bit_exactly(store):
    first = _rich(5, 1)
    _new_process()
    again = _rich(5, 1)
    assert len(CALLS) == 1  # read back, not recomputed
    assert _mcstore.identical(again, _rich_value(5, 1)) and _mcstore.identical(first, again)
    assert math.isnan(again[4]["nan"]) and math.copysign(1, again[4][(2, "b")][1]) == -1
    assert type(again[2]) is np.float64 and type(again[3]) is np.bool_ and again[1].dtype == np.int32
    assert isinstance(again[5], ArgmaxEstimate) and again[5].p.hex() == (1 / 3).hex()
    names = _files(store)
    assert any(n.endswith(".npz") for n in names) and any(n.endswith(".json") for n in names)


def test_a_result_of_many_arrays_is_kept_and_read_back(store):
    # one array per coupling: more than the 64 the reader once allowed, which made such a record
    # "damaged" and recomputed on every run
    first = _many(100)
    _new_process(_many)
    again = _many(100)
    assert CALLS == [("many", 100)] and all(np.array_equal(a, b) for a, b in zip(first, again))
    beyond = 2000  # more arrays than the store holds: not stored (computed each time), never refused late
    _many.cache_clear()
    _many(beyond)
    _many.cache_clear()
    _many(beyond)
    assert CALLS[-2:] == [("many", 2000), ("many", 2000)]


def test_a_value_the_format_cannot_hold_is_computed_each_time_never_pickled(store):
    _opaque(1)
    _new_process()
    _opaque(1)
    assert CALLS == [("opaque", 1), ("opaque", 1)]
    assert _files(store) == []


def test_the_codec_refuses_what_it_cannot_state():
    for bad in (_Opaque(), np.array([object()]), {1, 2}, 2**70, np.ma.masked_array([1.0]), b"bytes"):
        with pytest.raises(_mcstore.Unstorable):
            _mcstore.encode(bad, {})
    for node in ({"c": "os.system", "v": {}}, {"x": 1}, {"f": "1" * 40}, {"a": "a0"}, 2**64, {"d": [[[], 1]]}):
        with pytest.raises(ValueError):
            _mcstore.decode(node, {})


def _resign_with(record, key):
    return sign_record(record, _mcstore.KIND, key)


@pytest.mark.parametrize(
    "fault",
    [
        "edited value",
        "value re-derived with the toolkit's functions, old signature",
        "value re-derived and signed with another key",
        "record without its signature",
        "truncated record",
        "record not an object",
        "record of other arguments",
        "record of other code",
        "old pickle format",
        "record a symlink",
        "record a FIFO",
        "huge record file",
    ],
)
def test_a_record_that_does_not_verify_is_recomputed(store, fault, tmp_path_factory):
    import os

    _square(4, 1)
    js, record = _record(store)
    if fault == "edited value":
        record["value"]["d"][0][1] = 17
        js.write_text(json.dumps(record))
    elif fault == "value re-derived with the toolkit's functions, old signature":
        record["value"] = _mcstore.encode({"value": 17, "seed": 1}, {})
        js.write_text(json.dumps(record))
    elif fault == "value re-derived and signed with another key":
        record["value"] = _mcstore.encode({"value": 17, "seed": 1}, {})
        js.write_text(json.dumps(_resign_with(record, b"someone else's key")))
    elif fault == "record without its signature":
        record.pop("hmac")
        js.write_text(json.dumps(record))
    elif fault == "truncated record":
        js.write_bytes(js.read_bytes()[:40])
    elif fault == "record not an object":
        js.write_text("[1, 2]")
    elif fault == "record of other arguments":
        record["key_document"]["args"] = repr((5, 1))
        js.write_text(json.dumps(record))
    elif fault == "record of other code":
        record["key_document"]["code_sha256"] = "0" * 64
        js.write_text(json.dumps(record))
    elif fault == "old pickle format":
        data = pickle.dumps({"value": 17, "seed": 1})
        js.with_suffix(".pkl").write_bytes(data)
        js.write_text(json.dumps({"key_document": record["key_document"], "sha256": hashlib.sha256(data).hexdigest()}))
    elif fault == "record a symlink":
        target = tmp_path_factory.mktemp("elsewhere") / "r.json"
        target.write_text(json.dumps(record))
        js.unlink()
        js.symlink_to(target)
    elif fault == "record a FIFO":
        js.unlink()
        os.mkfifo(js)
    else:
        with open(js, "r+b") as fh:
            fh.truncate(64 * 1024**2)  # sparse: 64 MiB claimed, never read whole
    _new_process()
    assert _square(4, 1) == {"value": 16, "seed": 1}
    assert len(CALLS) == 2  # recomputed, not served
    _new_process()
    overwritable = fault not in ("record a symlink", "record a FIFO")
    assert _square(4, 1) == {"value": 16, "seed": 1} and len(CALLS) == (2 if overwritable else 3)
    if not overwritable:  # never replaced: a file the store did not write stays what it was
        assert js.is_symlink() or not js.is_file()


def test_arrays_rewritten_and_record_re_derived_without_the_key_are_recomputed(store):
    """The forger has everything but the key: new arrays, the record's layout and content hash
    recomputed with the store's own functions, the old signature kept."""
    _rich(4, 2)
    js, record = _record(store)
    npz = js.with_suffix(".npz")
    with np.load(npz) as d:
        arrays = {k: d[k].copy() for k in d.files}
    arrays["a0"][0, 0] = 123.0
    with open(npz, "wb") as fh:
        np.savez(fh, **arrays)
    record.update(arrays=arrays_layout(arrays), arrays_sha256=arrays_digest(arrays))
    js.write_text(json.dumps(record))
    _new_process()
    got = _rich(4, 2)
    assert got[0][0, 0] != 123.0 and len(CALLS) == 2


def _forge_square(store):
    js, record = _record(store)
    record["value"] = _mcstore.encode({"value": -1, "seed": 1}, {})
    js.write_text(json.dumps(_resign_with(record, b"a forger's key")))


def test_trust_store_uses_unsigned_records_and_says_so_once(store, monkeypatch, capfd):
    from certificates.registry import verdict

    _square(4, 1)
    _forge_square(store)
    _new_process()
    monkeypatch.setenv(storekey.ENV_TRUST, "1")
    storekey._ANNOUNCED.discard(str(store))

    def check():
        v = _square(4, 1)["value"]
        return verdict(v == 16, v, 16, "square.")

    out = _mcstore.reporting(check)()
    assert out.status.value == "FAIL" and out.measured == -1  # the trusted (forged) value is used
    assert "1 trusted without this user's key (--trust-store)" in out.detail
    _new_process()
    _mcstore.reporting(check)()
    err = capfd.readouterr().err
    assert err.count("--trust-store") == 1 and str(store) in err and len(err.strip().splitlines()) == 1
    monkeypatch.delenv(storekey.ENV_TRUST)
    _new_process()
    assert _mcstore.reporting(check)().status.value == "PASS" and len(CALLS) == 2


def test_planted_pickles_are_never_executed(store, tmp_path, monkeypatch):
    """A pickle whose loading would create a marker file, planted every way a store could be led
    to read it -- the old .pkl payload beside a record whose sha256 matches it; an object array in
    the .npz with a (forger-signed) record stating that dtype; an object array behind a float
    layout -- with and without --trust-store: never loaded, the value recomputed each time."""

    marker = tmp_path / "pwned"

    class Boom:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    payload = pickle.dumps(Boom())

    def object_npy(n):
        buf = io.BytesIO()
        np.save(buf, np.array([Boom()] * n, dtype=object), allow_pickle=True)
        return buf.getvalue()

    def plant(how):
        js = next(j for j in store.glob("mc-*.json") if json.loads(j.read_text())["arrays"])
        record = json.loads(js.read_text())
        if how == "old pickle":
            js.with_suffix(".pkl").write_bytes(payload)
            js.write_text(
                json.dumps({"key_document": record["key_document"], "sha256": hashlib.sha256(payload).hexdigest()})
            )
            return
        with zipfile.ZipFile(js.with_suffix(".npz"), "w") as zf:
            for name, spec in record["arrays"].items():
                zf.writestr(f"{name}.npy", object_npy(max(1, math.prod(spec["shape"]))))
        if how == "object dtype stated":
            record["arrays"] = {k: {"dtype": "|O", "shape": v["shape"]} for k, v in record["arrays"].items()}
            js.write_text(json.dumps(_resign_with(record, b"forger")))

    _rich(3, 5)
    n = 1
    for how in ("old pickle", "object dtype stated", "object array behind a float layout"):
        for trust in ("", "1"):
            plant(how)
            monkeypatch.setenv(storekey.ENV_TRUST, trust)
            _new_process()
            assert _mcstore.identical(_rich(3, 5), _rich_value(3, 5))
            n += 1
            assert len(CALLS) == n, (how, trust)  # recomputed, the planted files never used
    assert not marker.exists()
    pickle.loads(payload)  # the payload is live: loading it is what would have made the marker
    assert marker.exists()


def test_a_record_claiming_huge_arrays_is_refused_before_allocation(store, monkeypatch):
    """Sizes stated by the record (layout) and by the .npy headers are checked against the memory
    limit before anything is read; a crafted 2.6 KB npz declaring 8 TB is never allocated."""
    monkeypatch.setenv(storekey.ENV_TRUST, "1")  # even a trusted store is bounded
    _rich(3, 6)
    js, record = _record(store)
    npz = js.with_suffix(".npz")
    # the record claims a huge array (an edited integer)
    record["arrays"]["a0"]["shape"] = [10**6, 10**6]
    js.write_text(json.dumps(record))
    _new_process()
    _rich(3, 6)
    assert len(CALLS) == 2
    # the record is consistent, the npz header claims 8 TB in a small file
    _new_process()
    _rich(3, 6)  # from the (rewritten) store
    js, record = _record(store)
    header = {"descr": "<f8", "fortran_order": False, "shape": (10**12,)}
    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, header)
    buf.write(b"\0" * 2048)
    with zipfile.ZipFile(npz, "w") as zf:
        for name in record["arrays"]:
            zf.writestr(f"{name}.npy", buf.getvalue())
    assert npz.stat().st_size < 30_000
    _new_process()
    _rich(3, 6)
    assert len(CALLS) == 3  # recomputed, nothing allocated (a 8 TB allocation would fail the test)


def test_fresh_recomputes(store, monkeypatch):
    _square(2, 2)
    _new_process()
    monkeypatch.setenv("PSA_TOOLKIT_FRESH", "1")
    _square(2, 2)
    assert len(CALLS) == 2


def test_unwritable_store_still_gives_the_result(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(blocker / "store"))
    _new_process()
    CALLS.clear()
    assert _square(6, 0)["value"] == 36 and len(CALLS) == 1


def test_an_unusable_key_computes_without_the_store(store, monkeypatch, tmp_path):
    cfg = tmp_path / "cfg"
    (cfg / "psa-toolkit").mkdir(parents=True)
    (cfg / "psa-toolkit" / "store.key").write_text("00" * 32)
    (cfg / "psa-toolkit" / "store.key").chmod(0o644)  # readable by others: refused
    monkeypatch.setenv("XDG_CONFIG_HOME", str(cfg))
    from certificates.registry import verdict

    out = _mcstore.reporting(lambda: verdict(_square(5, 5)["value"] == 25, 25, 25, "sq."))()
    assert out.status.value == "PASS" and "not stored: no usable store key" in out.detail
    assert not [f for f in _files(store) if f.startswith("mc-")]


def test_the_detail_says_where_the_monte_carlo_came_from(store):
    """A check's detail ends with the provenance of the stored results it used (computed now, or
    read from the result store), like the sweeps'; a check that used none is left as it was."""
    from certificates.registry import verdict

    def check(x=3):
        return verdict(_square(x, 1)["value"] == x * x and _square(x, 2)["value"] == x * x, 1, 1, "squares.")

    wrapped = _mcstore.reporting(check)
    first = wrapped()
    assert first.detail == f"squares. [Monte Carlo: 2 seeded results computed now (kept in {store})]"
    _new_process()  # a new process: the store remains
    again = wrapped()
    assert again.detail == (
        f"squares. [Monte Carlo: all 2 seeded results from the result store {store} (--fresh recomputes)]"
    )
    _new_process()
    js = sorted(store.glob("mc-*.json"))[0]
    record = json.loads(js.read_text())
    record["value"]["d"][0][1] = 10
    js.write_text(json.dumps(record))
    mixed = wrapped()
    assert "1 of 2 seeded results from the result store" in mixed.detail
    assert "1 recomputed: record not signed by this user's key" in mixed.detail
    assert _mcstore.reporting(lambda: verdict(True, 1, 1, "no Monte Carlo"))().detail == "no Monte Carlo"
    assert wrapped(x=4).status.value == "PASS"  # claims pass through the wrapper
