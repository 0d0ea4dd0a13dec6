"""The referee's audit of the evidence labels (issue 17): every verdict of ``--pack all`` states its
level, every ``sampled`` verdict carries a real adversarial search, every ``enclosed`` verdict rests
on ball-arithmetic decisions, and no ``proved`` / ``enclosed`` verdict depends on a float tolerance.

The packs are run once, in this process (:func:`certificates.runner.run_one` per certificate, no
worker processes, nothing written to the timings cache), by module-scoped fixtures.  The
Monte-Carlo certificates are audited in the slow tier (``--run-slow``): the test session's store is
empty, so their sweeps are recomputed (about 12 s of CPU); the share of ``proved`` + ``enclosed``
over all packs needs them, so it is in the slow tier too.
"""

from __future__ import annotations

import math
import sys
from collections import Counter, defaultdict

import numpy as np
import pytest

from certificates import printed, registry
from certificates.registry import Kind, Status, load_registry
from certificates.runner import NO_SEARCH, run_one
from certificates.search import MIN_EVALUATIONS

#: Modules whose certificates other helpers are still converting today (issue 17): the tests of
#: level statements and search records are expected to fail for them, strictly -- once a module is
#: converted and merged its test passes, and the strict xfail tells the lead to remove it here.
BEING_CONVERTED: tuple[str, ...] = ()

#: The level the certificates of all packs must reach together (issue 17, "What it must reach").
STRONG_SHARE = 0.75

#: The note the runner appends when a check did not state its level (runner._evidence_level).
UNSTATED_MARK = "evidence level not stated by its pack"


def _module(cert) -> str:
    """The module that defines a certificate's check (functools.partial unwrapped)."""
    f = cert.check
    while hasattr(f, "func"):
        f = f.func
    return getattr(f, "__module__", None) or "?"


_REGISTRY = load_registry("all")
_CHECKED = [c for c in _REGISTRY if c.check is not None]
_FAST = [c for c in _CHECKED if c.kind is not Kind.MONTE_CARLO]
_MC = [c for c in _CHECKED if c.kind is Kind.MONTE_CARLO]
_MODULES = sorted({_module(c) for c in _FAST})


def _by_module(module: str):
    marks = (
        [pytest.mark.xfail(strict=True, reason="being converted to stated evidence levels today")]
        if module in BEING_CONVERTED
        else []
    )
    return pytest.param(module, marks=marks, id=module.removeprefix("certificates."))


MODULE_PARAMS = [_by_module(m) for m in _MODULES]


@pytest.fixture(scope="module")
def results():
    """Every certificate of every pack but the Monte-Carlo ones, run once in this process: id -> Result."""
    return {c.id: run_one(c) for c in _REGISTRY if c.kind is not Kind.MONTE_CARLO}


@pytest.fixture(scope="module")
def mc_results():
    """The Monte-Carlo certificates of every pack: id -> Result (slow tier)."""
    return {c.id: run_one(c) for c in _MC}


@pytest.fixture(scope="module")
def by_module(results):
    out = defaultdict(list)
    for c in _FAST:
        out[_module(c)].append(results[c.id])
    return out


def test_the_listed_modules_exist():
    """The xfail list names real modules (a typo would silently drop a module from the audit)."""
    assert set(BEING_CONVERTED) <= set(_MODULES)


def _unstated(rows) -> list[str]:
    """(a) verdicts whose level the runner had to default, or that is not a level of a verdict."""
    bad = [r.certificate.id for r in rows if UNSTATED_MARK in r.detail]
    for r in rows:
        verdict = r.status in (Status.PASS, Status.FAIL)
        if verdict != (r.evidence_level in ("proved", "enclosed", "sampled", "statistical")):
            bad.append(f"{r.certificate.id} ({r.status.value} at level {r.evidence_level})")
    return bad


def _searchless(rows) -> list[tuple]:
    """(b) sampled verdicts without a search record of >= MIN_EVALUATIONS evaluations."""
    bad = []
    for r in rows:
        if r.evidence_level != "sampled":
            continue
        s = r.search or {}
        n = s.get("evaluations")
        if not ({"evaluations", "best_margin", "at"} <= set(s)) or not isinstance(n, int) or n < MIN_EVALUATIONS:
            bad.append((r.certificate.id, n))
        elif NO_SEARCH in r.detail:
            bad.append((r.certificate.id, "runner: no search"))
    return bad


def _undecided_enclosed(rows) -> list[str]:
    """(c) ``enclosed`` verdicts not carried by their Arb decision records: a PASS needs every
    recorded decision PASS, a FAIL at least one recorded decision FAIL."""
    bad = []
    for r in rows:
        if r.evidence_level != "enclosed":
            continue
        cid = r.certificate.id
        recs = r.evidence.get("enclosures") if isinstance(r.evidence, dict) else None
        if not recs:
            bad.append(f"{cid}: no decision records")
            continue
        verdicts = [d.get("verdict") for d in recs]
        if any(v not in ("PASS", "FAIL") for v in verdicts):
            bad.append(f"{cid}: decisions {verdicts}")
        elif r.status is Status.PASS and any(v != "PASS" for v in verdicts):
            bad.append(f"{cid}: PASS with a failing decision")
        elif r.status is Status.FAIL and "FAIL" not in verdicts:
            bad.append(f"{cid}: FAIL with no failing decision (the FAIL came from elsewhere)")
    return bad


class FloatToleranceUsed(BaseException):
    """Raised by a float-tolerance helper in the audit (a BaseException: a check's own
    ``except Exception`` cannot swallow it; the runner makes it an ERROR row)."""


#: (owner, attribute) of every float-tolerance helper the audit disables.
FLOAT_HELPERS = (
    (printed, "agrees"),
    (printed, "approximately"),
    (printed, "attainable"),
    (registry, "within"),
    (registry, "rounds_to"),
    (math, "isclose"),
    (np, "isclose"),
    (np, "allclose"),
)


#: Callers allowed to use a float helper because its answer decides nothing: the witness search of
#: :func:`certificates.enclosed.attainable` only proposes candidate inputs, and each candidate is
#: then decided exactly in ball arithmetic (PASS needs an exact witness, FAIL a refutation over
#: every sub-box).
SEARCH_ONLY_CALLERS = {("certificates.enclosed", "_witness_candidates")}

#: Packages whose calls of a float helper the audit refuses: the certificates and the closed forms
#: they decide with.  The Monte-Carlo engines' own input checks (e.g. "is this grid uniform to
#: rounding") are not verdicts.
AUDITED_PACKAGES = ("certificates", "theory")


def _disable_float_helpers(monkeypatch) -> list[str]:
    """Replace every float-tolerance helper by one that raises when a certificate (or a closed form)
    calls it, wherever a module holds it (``from .printed import agrees`` binds the function in the
    importing module too)."""
    originals = {
        id(getattr(owner, name)): (f"{owner.__name__}.{name}", getattr(owner, name)) for owner, name in FLOAT_HELPERS
    }
    replaced = []
    for mod in list(sys.modules.values()):
        mname = getattr(mod, "__name__", "") or ""
        if not (mod is math or mod is np or mname.split(".")[0] in AUDITED_PACKAGES):
            continue
        for attr, val in list(vars(mod).items()):
            if id(val) not in originals:
                continue
            label, original = originals[id(val)]

            def refuse(*args, _label=label, _original=original, **kwargs):
                caller = sys._getframe(1)
                where = (caller.f_globals.get("__name__", ""), caller.f_code.co_name)
                if where in SEARCH_ONLY_CALLERS or where[0].split(".")[0] not in AUDITED_PACKAGES:
                    return _original(*args, **kwargs)
                raise FloatToleranceUsed(f"{_label} called by {where[0]}.{where[1]}")

            monkeypatch.setattr(mod, attr, refuse)
            replaced.append(f"{mname}.{attr}")
    assert "certificates.printed.agrees" in replaced and "numpy.allclose" in replaced
    return replaced


def _tolerance_dependent(rows, monkeypatch) -> list[str]:
    """(d) ``proved`` / ``enclosed`` certificates whose verdict or level changes when every float
    tolerance helper raises."""
    strong = [r for r in rows if r.evidence_level in ("proved", "enclosed")]
    changed = []
    with monkeypatch.context() as mp:
        _disable_float_helpers(mp)
        for before in strong:
            after = run_one(before.certificate)
            if (after.status, after.evidence_level) != (before.status, before.evidence_level):
                changed.append(
                    f"{before.certificate.id}: {before.status.value}/{before.evidence_level} -> "
                    f"{after.status.value}/{after.evidence_level} ({after.detail[:200]})"
                )
    return changed


@pytest.mark.parametrize("module", MODULE_PARAMS)
def test_every_verdict_states_its_level(by_module, module):
    """(a) no verdict of the module gets its level by the runner's default."""
    bad = _unstated(by_module[module])
    assert not bad, f"{module}: level not stated by {bad}"


@pytest.mark.parametrize("module", MODULE_PARAMS)
def test_every_sampled_verdict_carries_a_search_of_at_least_the_floor(by_module, module):
    """(b) a ``sampled`` verdict has a search record of >= MIN_EVALUATIONS evaluations."""
    bad = _searchless(by_module[module])
    assert not bad, f"{module}: sampled without a search of >= {MIN_EVALUATIONS} evaluations: {bad}"


def test_every_enclosed_verdict_follows_from_its_ball_decisions(results):
    """(c) an ``enclosed`` verdict carries the records of its Arb decisions, and they decide it."""
    rows = list(results.values())
    assert any(r.evidence_level == "enclosed" for r in rows)
    bad = _undecided_enclosed(rows)
    assert not bad, "enclosed verdicts not decided in ball arithmetic: " + "; ".join(bad)


def test_no_proved_or_enclosed_verdict_depends_on_a_float_tolerance(results, monkeypatch):
    """(d) with every float-tolerance helper raising, each ``proved`` / ``enclosed`` certificate
    reaches the same verdict at the same level."""
    changed = _tolerance_dependent(list(results.values()), monkeypatch)
    assert not changed, "verdicts that rest on a float tolerance:\n" + "\n".join(changed)


def test_the_audit_catches_a_float_verdict_labelled_proved(monkeypatch):
    """The audit itself can fail: a check deciding with a float tolerance but labelled ``proved``,
    and an ``enclosed`` label with no decision behind it, are both caught."""
    from certificates._subchecks import Checks
    from certificates.registry import Certificate, verdict

    def float_check():
        c = Checks()
        c.printed("value", 0.7412, "0.741")
        return c.outcome("float", evidence_level="proved")

    cert = Certificate("audit.float", "t", "Prop 1", "it", Kind.NUMERIC, float_check, pack="test")
    row = run_one(cert)
    assert row.status is Status.PASS and row.evidence_level == "proved"
    assert _tolerance_dependent([row], monkeypatch)
    bare = Certificate(
        "audit.bare", "t", "Prop 1", "it", Kind.NUMERIC, lambda: verdict(True, 1, 1, "x", evidence_level="enclosed")
    )
    assert _undecided_enclosed([run_one(bare)]) == ["audit.bare: no decision records"]
    unstated = Certificate("audit.unstated", "t", "Prop 1", "it", Kind.NUMERIC, lambda: verdict(True, 1, 1, "x"))
    assert _unstated([run_one(unstated)]) == ["audit.unstated"]


@pytest.mark.slow
def test_the_monte_carlo_certificates_pass_the_same_audit(mc_results, monkeypatch):
    """(a)-(d) for the Monte-Carlo certificates (slow tier: their sweeps are recomputed here)."""
    rows = [r for r in mc_results.values() if _module(r.certificate) not in BEING_CONVERTED]
    assert rows
    assert not _unstated(rows)
    assert not _searchless(rows)
    assert not _undecided_enclosed(rows)
    assert not _tolerance_dependent(rows, monkeypatch)


def _share(rows) -> tuple[float, Counter]:
    levels = Counter(r.evidence_level for r in rows if r.status is not Status.NOT_CHECKABLE)
    checkable = sum(levels.values())
    return (levels["proved"] + levels["enclosed"]) / checkable, levels


@pytest.mark.slow
def test_proved_and_enclosed_are_three_quarters_of_the_checkable(results, mc_results):
    """(e) proved + enclosed >= 75 % of the checkable certificates over all packs (slow tier: the
    Monte-Carlo certificates count in the denominator)."""
    share, levels = _share([*results.values(), *mc_results.values()])
    assert share >= STRONG_SHARE, f"proved + enclosed = {share:.1%} of the checkable ({dict(levels)})"
