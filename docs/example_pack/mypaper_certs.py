"""A minimal third-party certificate pack: the certificates of a (fictional) paper "mypaper".

It shows the whole contract of a pack (see docs/packs.rst):

* ``load()`` -- the entry point: a zero-argument callable returning an iterable of
  :class:`certificates.Certificate`;
* one ``check_*`` function per statement whose keyword DEFAULTS are the paper's claims as printed
  (printed numbers as strings, formulas as text or SymPy), and whose keyword-only parameters (after
  ``*``) are settings;
* each check returns an :class:`certificates.Outcome`, usually through
  :func:`certificates.registry.verdict`, and grades a FAIL (``severity``);
* ids are prefixed with the paper's name, so they never collide with another pack's.

``tests/test_docs_example_pack.py`` runs this pack through the toolkit's runner and through
``psa-cert run --pack mypaper``, and feeds every claim a wrong value.
"""

from __future__ import annotations

import math

import sympy as sp

from certificates import Certificate, Kind, Outcome, Status
from certificates.printed import agrees, half_unit
from certificates.registry import verdict

PACK = "mypaper"
g = sp.Symbol("g", positive=True)  # the coupling (not "gamma": SymPy reads that as the Gamma function)


def check_eq1(det="1"):
    """Eq. (1): the shear [[1, g], [0, 1]] has determinant 1 (exact, SymPy)."""
    shear = sp.Matrix([[1, g], [0, 1]])
    got = sp.simplify(shear.det())
    claim = sp.sympify(det)
    return verdict(sp.simplify(got - claim) == 0, str(got), str(claim), f"det [[1, g], [0, 1]] = {got}")


def check_eq2(lhs="(1 + g)**2 - g**2", rhs="1 + 2*g"):
    """Eq. (2): (1 + g)^2 - g^2 = 1 + 2 g (exact, SymPy; both sides are claims)."""
    difference = sp.expand(sp.sympify(lhs, locals={"g": g}) - sp.sympify(rhs, locals={"g": g}))
    return verdict(difference == 0, lhs, rhs, f"lhs - rhs expands to {difference}")


def crossover(T: float) -> float:
    """The crossover 8 log(T - 1) that the paper tabulates."""
    return 8.0 * math.log(T - 1.0)


def check_table1(printed="21.1", *, T=15):
    """Table 1: the crossover at T = 15 is printed as 21.1 (judged by the printed rounding)."""
    value = crossover(T)
    return verdict(
        agrees(value, printed),
        round(value, 6),
        printed,
        f"8 log({T} - 1) = {value:.6f}; printed {printed} stands for +/- {half_unit(printed):g}",
    )


def check_sec3(printed="25.5", *, T=25):
    """§3: the crossover at T = 25 is printed as 25.5 -- a last-digit slip (8 log 24 = 25.42)."""
    value = crossover(T)
    ok = agrees(value, printed)
    return verdict(
        ok,
        round(value, 6),
        printed,
        f"8 log({T} - 1) = {value:.6f} rounds to {value:.1f}, printed {printed}",
        severity="minor",  # the intended statement (the formula) holds; only the printed digit is off
    )


def check_sec4_direct(printed="0.5"):
    """§4: 'the midpoint of 0 and 1 is 0.5' -- an Outcome built by hand instead of with verdict()."""
    value = (0.0 + 1.0) / 2.0
    ok = agrees(value, printed)
    return Outcome(
        Status.PASS if ok else Status.FAIL,
        measured=value,
        expected=printed,
        detail=f"(0 + 1)/2 = {value}",
        severity=None if ok else "substantive",
    )


def load():
    """The pack's entry point (``psa_toolkit.certificate_packs``): every certificate of the paper."""
    return [
        Certificate(
            id="mypaper:eq1",
            title="The shear is unimodular",
            supports="Eq. (1)",
            verifies="det [[1, g], [0, 1]] = 1",
            kind=Kind.SYMBOLIC,
            check=check_eq1,
            pack=PACK,
            section="§2",
        ),
        Certificate(
            id="mypaper:eq2",
            title="An expansion",
            supports="Eq. (2)",
            verifies="(1 + g)^2 - g^2 = 1 + 2 g",
            kind=Kind.SYMBOLIC,
            check=check_eq2,
            pack=PACK,
            section="§2",
            depends=("mypaper:eq1",),
        ),
        Certificate(
            id="mypaper:table1",
            title="Crossover at T = 15",
            supports="Table 1",
            verifies="8 log(T - 1) at T = 15, as printed",
            kind=Kind.NUMERIC,
            check=check_table1,
            pack=PACK,
            section="§3",
        ),
        Certificate(
            id="mypaper:sec3",
            title="Crossover at T = 25",
            supports="§3",
            verifies="8 log(T - 1) at T = 25, as printed",
            kind=Kind.NUMERIC,
            check=check_sec3,
            pack=PACK,
            section="§3",
        ),
        Certificate(
            id="mypaper:sec4",
            title="A midpoint",
            supports="§4",
            verifies="(0 + 1)/2 = 0.5",
            kind=Kind.NUMERIC,
            check=check_sec4_direct,
            pack=PACK,
            section="§4",
        ),
        Certificate(
            id="mypaper:sec5",
            title="Trained models prefer g near 1",
            supports="§5",
            verifies="a property of trained models",
            kind=Kind.NOT_CHECKABLE,
            pack=PACK,
            section="§5",
            reason="a claim about trained models: no computation decides it",
        ),
    ]
