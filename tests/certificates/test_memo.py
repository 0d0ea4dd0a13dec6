"""The verified memo of certificate verdicts (certificates/memo.py): a recalled verdict is the
computed one, a record is served only when it verifies under the user's key and matches the code,
libraries and claims of this run, and nothing that must be recomputed is recalled."""

from __future__ import annotations

import dataclasses
import io
import json
import shutil
import types

import pytest

from certificates import memo as memo_mod
from certificates.memo import KIND, Memo, key_document, key_of, memoisable
from certificates.registry import Certificate, Kind, Outcome, Status, load_registry
from certificates.runner import _payload, payload_result, run_all, run_one
from montecarlo.store import sign_record

#: Fast built-in certificates: PASSes and a FAIL (eq3.swap is a finding of the paper).
IDS = ("eq1", "eq3", "eq3.swap", "eq3.swap.corrected", "eq4")
FIELDS = ("status", "evidence", "severity", "measured", "expected", "detail", "finding", "search")
FIELDS += ("reading", "same_finding_as", "evidence_level", "captured")


@pytest.fixture(scope="module")
def reg():
    return load_registry("psa")


@pytest.fixture
def certs(reg):
    return reg.select(list(IDS))


@pytest.fixture
def store(tmp_path, monkeypatch):
    root = tmp_path / "store"
    monkeypatch.setenv("PSA_TOOLKIT_STORE", str(root))
    for var in memo_mod.FLAG_VARS:
        monkeypatch.delenv(var, raising=False)
    # the source tree may be edited while the tests run (a developer at work): the memo then rightly
    # refuses to memoise; these tests are about the rest, the races are tested below on a tree of
    # their own (test_a_source_changed_while_running_is_never_memoised and the stale .pyc)
    monkeypatch.setattr(memo_mod, "changed_while_running", lambda *a, **k: None)
    monkeypatch.setattr(memo_mod, "_stale_once", lambda: None)
    return root


def _run(certs, stream=None, **kw):
    m = Memo(stream=stream if stream is not None else io.StringIO(), **kw)
    return m, run_all(certs, memo=m)


@pytest.fixture(scope="module")
def first_run(reg, tmp_path_factory):
    """One run of :data:`IDS` into a store of its own, set up as :func:`store` sets one up: the
    records (path by id) and results (by id) that a test needing only "a run came before" copies
    with :func:`_filled`, instead of computing the same verdicts again in its own workers."""
    root = tmp_path_factory.mktemp("memo-first-run") / "store"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PSA_TOOLKIT_STORE", str(root))
        for var in memo_mod.FLAG_VARS:
            mp.delenv(var, raising=False)
        mp.setattr(memo_mod, "changed_while_running", lambda *a, **k: None)
        mp.setattr(memo_mod, "_stale_once", lambda: None)
        all_certs = reg.select(list(IDS))
        m, results = _run(all_certs)
        paths = {c.id: m.path(c) for c in all_certs}
    assert m.recalled == 0 and all(p.is_file() for p in paths.values())
    return paths, {r.certificate.id: r for r in results}


def _filled(store, first_run, certs):
    """``store`` as a run of ``certs`` leaves it -- their records of :func:`first_run`, copied (a
    record is named by its key, which does not depend on the store) -- and that run's
    ``(memo, results)``; the memo holds the user's key, as after a run."""
    paths, results = first_run
    store.mkdir(parents=True, exist_ok=True)
    for c in certs:
        shutil.copyfile(paths[c.id], store / paths[c.id].name)
    m = Memo(stream=io.StringIO())
    assert all(m.applies(c) and m.path(c).is_file() for c in certs)
    return m, [results[c.id] for c in certs]


def _same(a, b) -> None:
    for f in FIELDS:
        assert getattr(a, f) == getattr(b, f), f"{a.certificate.id}: {f} differs"


def test_hit_is_the_computed_result(store, certs, first_run):
    # the first run: first_run's, into an empty store of its own (it asserts that nothing was recalled)
    paths, computed = first_run
    first = [computed[c.id] for c in certs]
    assert not any(r.memo for r in first)
    assert {r.status for r in first} == {Status.PASS, Status.FAIL}
    assert len(list(paths[certs[0].id].parent.glob("verdict-*.json"))) == len(certs)
    _filled(store, first_run, certs)  # its records, in this test's store
    m2, second = _run(certs)
    assert m2.recalled == len(certs) and all(r.memo for r in second)
    for a, b in zip(first, second):
        _same(a, b)
    # and the same as the check run in this process, made plain data as a worker answers it
    for c, b in zip(certs, second):
        _same(payload_result(c, json.loads(json.dumps(_payload(run_one(c))))), b)


def test_run_one_never_recalls(store, certs, first_run):
    _filled(store, first_run, certs[:1])
    assert not run_one(certs[0]).memo  # the evidence audit's path recomputes


def _record(m: Memo, cert) -> dict:
    return json.loads(m.path(cert).read_text())


def _rewrite(m: Memo, cert, record: dict, key: bytes | None) -> None:
    body = {k: v for k, v in record.items() if k != "hmac"}
    signed = sign_record(body, KIND, key) if key is not None else dict(body, hmac="0" * 64)
    m.path(cert).write_text(json.dumps(signed))


@pytest.mark.parametrize("signer", [b"another user's key", None], ids=["other-key", "unsigned"])
def test_tampered_record_is_recomputed(store, certs, signer, first_run):
    cert = next(c for c in certs if c.id == "eq3.swap")
    m, (computed,) = _filled(store, first_run, [cert])
    assert computed.status is Status.FAIL
    rec = _record(m, cert)
    rec["result"]["status"] = "PASS"
    rec["result"]["severity"] = None
    _rewrite(m, cert, rec, signer)
    err = io.StringIO()
    m2, (again,) = _run([cert], stream=err)
    assert m2.recalled == 0 and not again.memo and again.status is Status.FAIL
    assert len(err.getvalue().splitlines()) == 1 and "not used" in err.getvalue()
    # recomputed and rewritten: the next run recalls the true verdict
    m3, (third,) = _run([cert])
    assert third.memo and third.status is Status.FAIL


def test_record_signed_under_the_users_key_but_altered_is_refused(store, certs, first_run):
    cert = certs[0]
    m, _ = _filled(store, first_run, [cert])
    rec = _record(m, cert)
    rec["result"]["detail"] = "forged"
    m.path(cert).write_text(json.dumps(rec))  # keeps the old hmac
    m2, (r,) = _run([cert], stream=io.StringIO())
    assert not r.memo and r.detail != "forged"


def test_source_change_misses(store, certs, monkeypatch, first_run):
    _filled(store, first_run, certs[:2])
    monkeypatch.setattr(memo_mod, "source_digest", lambda: "0" * 64)
    m, res = _run(certs[:2])
    assert m.recalled == 0 and not any(r.memo for r in res)


def test_library_version_change_misses(store, certs, monkeypatch, first_run):
    _filled(store, first_run, certs[:1])
    versions = dict(memo_mod.library_versions(), sympy="0.0")
    monkeypatch.setattr(memo_mod, "library_versions", lambda: versions)
    m, _ = _run(certs[:1])
    assert m.recalled == 0


def _with_defaults(cert: Certificate, **new) -> Certificate:
    """``cert`` whose check has other keyword defaults (a perturbed claim), same code and module."""
    f = cert.check
    g = types.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__, f.__closure__)
    g.__kwdefaults__ = dict(f.__kwdefaults__ or {})
    g.__qualname__ = f.__qualname__
    names = f.__code__.co_varnames[: f.__code__.co_argcount]
    defaults = list(f.__defaults__ or ())
    first = len(names) - len(defaults)
    for k, v in new.items():
        if k in g.__kwdefaults__:
            g.__kwdefaults__[k] = v
        else:
            defaults[names.index(k) - first] = v
    g.__defaults__ = tuple(defaults)
    return dataclasses.replace(cert, check=g)


def test_claim_change_misses(store, reg, first_run):
    from certificates.claims import claim_parameters, perturbations

    cert = reg.get("eq3.swap.corrected")
    m, (base,) = _filled(store, first_run, [cert])
    assert base.status is Status.PASS
    name, value = next(iter(claim_parameters(cert).items()))
    wrong = next(w for _, w in perturbations(value))
    bad = _with_defaults(cert, **{name: wrong})
    assert memoisable(bad) and key_of(key_document(bad)) != key_of(key_document(cert))
    m2, (r,) = _run([bad])
    assert m2.recalled == 0 and not r.memo and r.status is not Status.PASS


def test_claim_perturbation_calls_bypass_the_memo(store, reg, first_run):
    """The perturbation test calls ``cert.check(**override)`` in-process: a memo record of the
    unperturbed claims (here a PASS) is never consulted on that path."""
    from certificates.claims import claim_parameters, perturbations

    cert = reg.get("eq3.swap.corrected")
    m, (base,) = _filled(store, first_run, [cert])
    assert base.status is Status.PASS and m.path(cert).exists()
    name, value = next(iter(claim_parameters(cert).items()))
    wrong = next(w for _, w in perturbations(value))
    out = cert.check(**{name: wrong})
    assert isinstance(out, Outcome) and out.status is not Status.PASS


def _mc_and_foreign(reg):
    mc = next(c for c in reg if c.kind is Kind.MONTE_CARLO and c.check is not None)

    def check() -> Outcome:
        return Outcome(Status.PASS, 1, 1, "ok", evidence_level="proved")

    foreign = [
        Certificate("memo.third", "t", "s", "v", Kind.SYMBOLIC, check, pack="thirdparty"),
        Certificate("memo.posing", "t", "s", "v", Kind.SYMBOLIC, check, pack="psa"),  # not our code
    ]
    return mc, foreign


def test_monte_carlo_and_third_party_never_memoised(store, reg):
    mc, foreign = _mc_and_foreign(reg)
    assert not memoisable(mc)
    assert not any(memoisable(c) for c in foreign)
    m, res = _run(foreign)
    assert all(r.status is Status.PASS for r in res)
    assert not list(store.glob("verdict-*.json"))
    m, res = _run(foreign)
    assert m.recalled == 0 and not any(r.memo for r in res)


def test_store_consulting_check_not_saved(store, certs):
    cert = certs[0]
    m = Memo(stream=io.StringIO())
    payload = {"status": "PASS", "store_consulted": True}
    assert not m.save(cert, payload)
    assert not m.path(cert).exists()


def test_fresh_recomputes_and_refreshes(store, certs, monkeypatch, first_run):
    cert = certs[0]
    m, _ = _filled(store, first_run, [cert])
    before = m.path(cert).stat().st_mtime_ns
    monkeypatch.setenv("PSA_TOOLKIT_FRESH", "1")
    m2, (r,) = _run([cert])
    assert m2.fresh and m2.recalled == 0 and not r.memo
    assert m.path(cert).stat().st_mtime_ns >= before and m.path(cert).exists()
    monkeypatch.delenv("PSA_TOOLKIT_FRESH")
    m3, (r3,) = _run([cert])
    assert r3.memo


@pytest.mark.parametrize("var", ["PSA_TOOLKIT_THOROUGH", "PSA_TOOLKIT_TRUST_STORE"])
def test_flags_disable_the_memo(store, certs, monkeypatch, var, first_run):
    cert = certs[0]
    _filled(store, first_run, [cert])
    monkeypatch.setenv(var, "1")
    m, (r,) = _run([cert])
    assert not m.enabled and not r.memo


@pytest.mark.parametrize(
    "content",
    [
        b"not json",
        b"[1, 2]",
        json.dumps({"format": 1}).encode(),
        b" " * (memo_mod.MAX_BYTES + 1),
    ],
    ids=["garbage", "array", "fields", "oversized"],
)
def test_unusable_records_ignored_with_one_line(store, certs, content, first_run):
    m, _ = _filled(store, first_run, certs[:2])
    for c in certs[:2]:
        m.path(c).write_bytes(content)
    err = io.StringIO()
    m2, res = _run(certs[:2], stream=err)
    assert m2.recalled == 0 and not any(r.memo for r in res)
    assert len(err.getvalue().splitlines()) == 1


def test_wrong_shape_result_signed_by_the_user_is_ignored(store, certs, first_run):
    """Even a signed record (written by this user's key) whose result lacks a field is not served."""
    cert = certs[0]
    m, _ = _filled(store, first_run, [cert])
    rec = _record(m, cert)
    del rec["result"]["evidence"]
    _rewrite(m, cert, rec, m._key)
    err = io.StringIO()
    m2, (r,) = _run([cert], stream=err)
    assert not r.memo and r.status is Status.PASS and len(err.getvalue().splitlines()) == 1


def test_record_for_error_status_not_served(store, certs, first_run):
    cert = certs[0]
    m, _ = _filled(store, first_run, [cert])
    rec = _record(m, cert)
    rec["result"]["status"] = "ERROR"
    _rewrite(m, cert, rec, m._key)
    m2, (r,) = _run([cert], stream=io.StringIO())
    assert not r.memo and r.status is Status.PASS


def test_a_folder_in_place_of_a_record_is_not_replaced(store, certs):
    cert = certs[0]
    m = Memo(stream=io.StringIO())
    m.path(cert).mkdir(parents=True)
    err = io.StringIO()
    m2, (r,) = _run([cert], stream=err)
    assert r.status is Status.PASS and m.path(cert).is_dir()
    assert len(err.getvalue().splitlines()) == 1


def test_cli_run_recalls_says_so_and_fresh_recomputes(store, capsys, monkeypatch):
    import cli

    monkeypatch.setenv("COLUMNS", "80")
    argv = ["run", "--only", "eq3,eq3.swap", "--jobs", "1", "--no-save"]

    def run(*extra: str, json_out: bool = False) -> str:
        cli.cert_main(argv + list(extra) + (["--json"] if json_out else []))
        return capsys.readouterr().out

    first = json.loads(run(json_out=True))
    assert first["meta"]["memo_recalled"] == 0 and not any(c.get("memo") for c in first["certificates"])
    text = run()
    assert all(len(ln) <= 80 for ln in text.splitlines())
    assert "2 verdicts recalled from the verified store" in " ".join(text.split())
    doc = json.loads(run(json_out=True))
    assert doc["meta"]["memo_recalled"] == 2 and all(c["memo"] is True for c in doc["certificates"])
    same = ("status", "detail", "evidence", "measured", "expected", "finding", "severity", "search")
    for a, b in zip(first["certificates"], doc["certificates"]):
        assert {k: a[k] for k in same} == {k: b[k] for k in same}
    fresh = json.loads(run("--fresh", json_out=True))
    assert fresh["meta"]["memo_recalled"] == 0 and not any(c.get("memo") for c in fresh["certificates"])
    assert "recalled" not in run("--thorough")


def test_unusable_store_key_disables_the_memo_with_one_line(store, certs, monkeypatch, tmp_path):
    cfg = tmp_path / "cfg"
    (cfg / "psa-toolkit").mkdir(parents=True)
    (cfg / "psa-toolkit" / "store.key").write_text("ab" * 32 + "\n")
    (cfg / "psa-toolkit" / "store.key").chmod(0o644)  # readable by others: refused
    monkeypatch.setenv("XDG_CONFIG_HOME", str(cfg))
    monkeypatch.delenv("PSA_TOOLKIT_STORE_KEY", raising=False)
    err = io.StringIO()
    m, res = _run(certs[:2], stream=err)
    assert not m.enabled and all(r.status in (Status.PASS, Status.FAIL) for r in res)
    assert not list(store.glob("verdict-*.json"))
    assert len(err.getvalue().splitlines()) == 1 and "not memoised" in err.getvalue()
