"""Seeded Monte Carlo of certificates kept between runs: reused only when it verifies."""

from __future__ import annotations

import json
import pickle

import pytest

from certificates.psa import _mcstore

CALLS = []


@_mcstore.stored
def _square(x, seed):
    CALLS.append((x, seed))
    return {"value": x * x, "seed": seed}


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(tmp_path))
    monkeypatch.delenv("PSA_TOOLKIT_FRESH", raising=False)
    _square.cache_clear()
    CALLS.clear()
    return tmp_path


def _files(root):
    return sorted(p.name for p in root.iterdir())


def test_result_is_kept_and_reused_across_processes(store):
    assert _square(3, 7) == {"value": 9, "seed": 7} and len(CALLS) == 1
    _square.cache_clear()  # a new process: only the store remains
    assert _square(3, 7) == {"value": 9, "seed": 7} and len(CALLS) == 1
    assert _square(3, 8)["seed"] == 8 and len(CALLS) == 2  # other settings, other key
    assert len([f for f in _files(store) if f.endswith(".json")]) == 2


@pytest.mark.parametrize(
    "fault",
    [
        "tampered payload",
        "truncated payload",
        "record not an object",
        "record of other arguments",
        "record of other code",
        "missing payload",
    ],
)
def test_a_record_that_does_not_verify_is_recomputed(store, fault):
    _square(4, 1)
    js = next(store.glob("mc-*.json"))
    pk = js.with_suffix(".pkl")
    record = json.loads(js.read_text())
    if fault == "tampered payload":
        pk.write_bytes(pickle.dumps({"value": -1, "seed": 1}))
    elif fault == "truncated payload":
        pk.write_bytes(pk.read_bytes()[:5])
    elif fault == "record not an object":
        js.write_text("[1, 2]")
    elif fault == "record of other arguments":
        record["key_document"]["args"] = repr((5, 1))
        js.write_text(json.dumps(record))
    elif fault == "record of other code":
        record["key_document"]["code_sha256"] = "0" * 64
        js.write_text(json.dumps(record))
    else:
        pk.unlink()
    _square.cache_clear()
    assert _square(4, 1) == {"value": 16, "seed": 1}
    assert len(CALLS) == 2  # recomputed, not trusted
    _square.cache_clear()
    assert _square(4, 1) == {"value": 16, "seed": 1} and len(CALLS) == 2  # and stored again, verified


def test_fresh_recomputes(store, monkeypatch):
    _square(2, 2)
    _square.cache_clear()
    monkeypatch.setenv("PSA_TOOLKIT_FRESH", "1")
    _square(2, 2)
    assert len(CALLS) == 2


def test_unwritable_store_still_gives_the_result(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(blocker / "store"))
    _square.cache_clear()
    CALLS.clear()
    assert _square(6, 0)["value"] == 36 and len(CALLS) == 1


def test_the_detail_says_where_the_monte_carlo_came_from(store):
    """A check's detail ends with the provenance of the stored results it used (computed now, or
    read from the result store), like the sweeps'; a check that used none is left as it was."""
    from certificates.registry import verdict

    def check(x=3):
        return verdict(_square(x, 1)["value"] == x * x and _square(x, 2)["value"] == x * x, 1, 1, "squares.")

    wrapped = _mcstore.reporting(check)
    first = wrapped()
    assert first.detail == f"squares. [Monte Carlo: 2 seeded results computed now (kept in {store})]"
    _square.cache_clear()  # a new process: the store remains
    again = wrapped()
    assert again.detail == (
        f"squares. [Monte Carlo: all 2 seeded results from the result store {store} (--fresh recomputes)]"
    )
    _square.cache_clear()
    (store / sorted(f for f in _files(store) if f.endswith(".pkl"))[0]).write_bytes(b"damaged")
    mixed = wrapped()
    assert "1 of 2 seeded results from the result store" in mixed.detail
    assert _mcstore.reporting(lambda: verdict(True, 1, 1, "no Monte Carlo"))().detail == "no Monte Carlo"
    assert wrapped(x=4).status.value == "PASS"  # claims pass through the wrapper
