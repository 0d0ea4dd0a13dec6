"""No hollow sub-check: every claim of every certificate of every pack is live.

For each certificate with a check, every CLAIM (a positional-or-keyword parameter of its check;
keyword-only parameters are settings, see :mod:`certificates.claims`) is replaced by each of its
perturbations (:func:`certificates.claims.perturbations`) and the check is run again.  The claim is
live when the verdict changes:

* the status changes (PASS -> FAIL, FAIL -> PASS, or the check rejects the claim with an error), or
* the set of failed sub-checks changes (``evidence["failures"]``), or
* the certificate already FAILs on a comparison that this claim feeds, and the printed or the recomputed
  side of that failing comparison changes (the claim is read by the failing sub-check).

Each perturbation is tried upwards first and, when that leaves the verdict unchanged, downwards
(``perturbations(..., direction=-1)``, same index): raising an upper bound or lowering a lower
bound makes a claim weaker, not wrong, so one of the two directions must change the verdict.
An inequality read from printed data may hold with a wide margin (0.864 > 0.330; an RMS ratio of
1.1 against a pre-registered limit of 3): then gross changes are tried last -- numbers moved by five
times max(1, |value|) either way (``direction=+10``, ``-10``), or scaled by 10 or 1/10 with their
sign kept (``scale=``: data such as a layer's RMS stay positive).  A claim no such change can move
-- one the check does not read -- still fails the test.

A claim that has no perturbation (``None``, an opaque object), a builder claim that the check never
calls, or a perturbation that changes nothing is a defect of the certificate: state the claim, make
it a setting (keyword-only) if it is one, or make the certificate NOT-CHECKABLE with its reason.

``test_failing_rows_can_pass`` is the converse for FAILs: where a failed sub-check compares a
printed number that is a claim, feeding the recomputed value instead makes that sub-check agree --
so no failing row is one that cannot pass either.

Tiers (:mod:`tests.tiers`): the fast tier runs both tests on a seeded sample -- one certificate of
every certificate module, drawn with ``$PSA_SAMPLE_SEED`` (default :data:`tests.tiers.DEFAULT_SEED`;
the seed is printed in the session header), the only ones it collects -- and the slow tier
(``-m slow``) on all the others, so that the two tiers together test every certificate once;
``--run-slow`` runs all of them.
"""

from __future__ import annotations

import contextlib
import io

import pytest

from certificates import Status, load_registry
from certificates.claims import PerturbedCallable, claim_parameters, perturbations
from certificates.render import jsonable
from tests.realcache import outcome
from tests.tiers import full_size, sample, split

REGISTRY = load_registry("all")
CHECKED = [c for c in REGISTRY if c.check is not None]
#: Certificates whose sweep alone takes several seconds (re-running a Monte-Carlo independence test
#: or a large arithmetic table per perturbation): the sample draws the other certificates of their
#: module, and these run in the slow tier.
HEAVY = {"sec7.9.independence", "qhm:table3.arith", "qhm:table4.arith", "a31.emergence"}


def _module(c):
    return getattr(c.check, "__module__", c.pack)


#: The fast tier's sample: one certificate of every module that defines checks (seeded).
SAMPLE = sample(CHECKED, group=_module, heavy=lambda c: c.id.lower() in HEAVY)
#: The fast tier collects its sample only: the other certificates (``slow``) would each be collected
#: there to be skipped -- two tests of ~350 certificates, ~0.5 ms of pytest's protocol each, 0.35 s of
#: CPU for no test run.  ``-m slow`` and ``--run-slow`` (:func:`tests.tiers.full_size`) collect them all.
PARAMS = split(CHECKED, SAMPLE, pytest.mark.slow)
if not full_size():
    PARAMS = [p for p in PARAMS if not p.marks]
IDS = [p.values[0].id for p in PARAMS]


def _run(cert, **override):
    """(status, failures, failing printed sides, outcome) of ``cert.check(**override)`` (as printed:
    the session's shared outcome, :mod:`tests.realcache`)."""
    try:
        if override:
            with contextlib.redirect_stdout(io.StringIO()):
                out = cert.check(**override)
        else:
            out = outcome(cert)
    except Exception as exc:  # a claim the check rejects is a live claim
        return ("ERROR", frozenset(), repr(type(exc)), None)
    status = out.status.value if isinstance(out.status, Status) else str(out.status)
    fails = frozenset(out.evidence.get("failures", ()))
    if isinstance(out.expected, dict) and fails:
        # both sides of each failing comparison: a claim read by a failing sub-check moves one of them
        printed = tuple(
            sorted(
                (
                    k,
                    repr(jsonable(out.expected.get(k))),
                    repr(jsonable(out.measured.get(k)) if isinstance(out.measured, dict) else None),
                )
                for k in fails
            )
        )
    else:
        printed = repr(jsonable(out.expected))
    return status, fails, printed, out


_BASE: dict[str, tuple] = {}


def _base(cert):
    if cert.id not in _BASE:
        _BASE[cert.id] = _run(cert)
    return _BASE[cert.id]


def _live(base, new) -> bool:
    if base[0] != new[0] or base[1] != new[1]:
        return True
    return base[0] == "FAIL" and new[0] == "FAIL" and base[2] != new[2]


@pytest.mark.parametrize("cert", PARAMS, ids=IDS)
def test_every_claim_is_live(cert):
    base = _base(cert)
    assert base[0] in ("PASS", "FAIL"), f"{cert.id} does not run cleanly as printed: {base[3] or base[2]}"
    dead = []
    for name, default in claim_parameters(cert).items():
        ps = perturbations(default)
        if not ps:
            dead.append(f"{name}={default!r}: no perturbation (state the claim, or make it a keyword-only setting)")
            continue
        down = perturbations(default, direction=-1)
        for i, (label, value) in enumerate(ps):
            new = _run(cert, **{name: value})
            if isinstance(value, PerturbedCallable):
                if not value.called:
                    dead.append(f"{name}: builder claim never called by the check")
                    continue
                if not value.perturbed:
                    dead.append(f"{name}: builder output has no perturbation")
                    continue
            if not _live(base, new) and i < len(down):  # the weak direction of an inequality: try the other
                new = _run(cert, **{name: down[i][1]})
            for gross in ({"direction": 10}, {"direction": -10}, {"scale": 10.0}, {"scale": 0.1}):
                if _live(base, new):  # an inequality with a wide margin: a gross change
                    break
                far = perturbations(default, **gross)
                if i < len(far):
                    new = _run(cert, **{name: far[i][1]})
            if not _live(base, new):
                dead.append(
                    f"{name} {label}: verdict unchanged in both directions, also under a gross change "
                    f"({base[0]}, failures {sorted(base[1])})"
                )
    assert not dead, f"{cert.id}: claims that cannot change the verdict:\n  " + "\n  ".join(dead)


def _numeric_claim_slots(default, path=()):
    """(path, printed string) of every printed-number string inside a claim default."""
    if isinstance(default, str):
        try:
            float(default)
        except ValueError:
            return []
        return [(path, default)]
    if isinstance(default, (tuple, list)):
        out = []
        for i, v in enumerate(default):
            out += _numeric_claim_slots(v, path + (i,))
        return out
    return []


def _replace(default, path, value):
    if not path:
        return value
    new = list(default)
    new[path[0]] = _replace(default[path[0]], path[1:], value)
    return type(default)(new)


@pytest.mark.parametrize("cert", PARAMS, ids=IDS)
def test_failing_rows_can_pass(cert):
    status, fails, _, out = _base(cert)
    if status != "FAIL" or not isinstance(out.expected, dict):
        pytest.skip(f"{status}: no failing sub-check rows")
    claims = claim_parameters(cert)
    tried = 0
    stuck = []
    for row in sorted(fails):
        printed, measured = out.expected.get(row), out.measured.get(row)
        if not isinstance(printed, str) or not isinstance(measured, (int, float)):
            continue
        for name, default in claims.items():
            for path, s in _numeric_claim_slots(default):
                if s != printed:
                    continue
                decimals = max(0, -int(__import__("decimal").Decimal(s).as_tuple().exponent))
                fixed = f"{float(measured):.{decimals}f}"
                new = _run(cert, **{name: _replace(default, path, fixed)})
                tried += 1
                if row in new[1]:
                    stuck.append(f"{row}: printed {printed} -> recomputed {fixed} still fails")
    if not tried:
        pytest.skip("no failing row compares a printed-number claim")
    assert not stuck, f"{cert.id}: failing rows that cannot pass:\n  " + "\n  ".join(stuck)


def test_the_sample_covers_every_module():
    """The fast tier's sample is a real one: every module with checks is in it, and it is seeded."""
    modules = {_module(c) for c in CHECKED}
    assert {_module(CHECKED[i]) for i in SAMPLE} == modules
    assert len(SAMPLE) == len(modules) < len(CHECKED)
    assert sample(CHECKED, group=_module, heavy=lambda c: c.id.lower() in HEAVY) == SAMPLE
    assert HEAVY <= {c.id.lower() for c in CHECKED}  # a renamed certificate must not drop out silently
