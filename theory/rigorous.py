"""Rigorous numerics in Arb ball arithmetic (python-flint): the evidence levels ``proved`` and ``enclosed``.

Every function here returns *enclosures*: an :class:`flint.arb` ball that contains the exact
mathematical value (for every point of the input balls), never a float approximation.  The
building blocks certificates use:

* :func:`enclose` -- a closed form (a Python function of ``arb`` values, or a SymPy expression
  through :func:`sympy_to_arb`) evaluated in ball arithmetic;
* :func:`decide_printed` -- PASS / FAIL / UNDECIDED of a printed number against an enclosure,
  with the printed number's own rounding interval read exactly (:func:`printed_interval`, the
  same reading as ``certificates.printed.interval`` but in rationals, no float);
* :func:`real_roots` -- rigorous isolation of the real roots of a polynomial;
* :func:`integral` (finite interval, ``acb.integral``) and :func:`integral_R` (over R, with an
  explicit tail bound supplied by the caller, e.g. :func:`gaussian_tail_bound`);
* :func:`prove_inequality` / :func:`prove_inequality_box` -- ``f > 0`` (or ``>= 0``) on an
  interval or a box by best-first bisection with interval evaluation and a mean-value form,
  returning a proof (boxes, minimum lower bound) or a rigorous counterexample.

Known traps, handled here: ``arb ** k`` is NaN when the ball contains 0 (use :func:`pow_int`,
repeated multiplication); a float input is taken as its exact binary value (pass printed decimals
as strings); an integral over R needs an explicit tail bound (:func:`integral_R` refuses without).

The working precision is python-flint's global ``ctx.prec``; :func:`precision` sets it for a
block and restores it (not thread-safe: flint's context is process-wide).  Pure mathematics, no
I/O; imported lazily (``theory`` does not import it), so ``theory.laws`` does not load flint.
"""

from __future__ import annotations

import functools
import heapq
import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Callable, Sequence, cast

from flint import acb, arb, arb_poly, arb_series, ctx, fmpq, fmpq_poly, fmpz, fmpz_poly

__all__ = [
    "precision",
    "to_arb",
    "pow_int",
    "exact_fraction",
    "bounds",
    "outward",
    "sympy_to_arb",
    "enclose",
    "printed_interval",
    "PrintedDecision",
    "decide_printed",
    "decide_interval",
    "RealRoot",
    "real_roots",
    "integral",
    "integral_R",
    "gaussian_tail_bound",
    "InequalityResult",
    "prove_inequality",
    "prove_inequality_box",
]

DEFAULT_PREC = 128


class RigorError(ValueError):
    """A request that cannot be answered rigorously (missing tail bound, non-finite enclosure...)."""


@contextmanager
def precision(bits: int):
    """Set flint's working precision to ``bits`` for a block, then restore the previous one."""
    bits = int(bits)
    if bits < 2:
        raise ValueError(f"precision must be >= 2 bits, got {bits}")
    old = ctx.prec
    ctx.prec = bits
    try:
        yield bits
    finally:
        ctx.prec = old


# --- conversions ------------------------------------------------------------------------------


def to_arb(x) -> arb:
    """An exact or enclosing ``arb`` for ``x``.

    ``arb`` is returned as is; ``int``/``fmpz`` exactly; ``Fraction``/``fmpq`` as a ball at the
    current precision; a ``str`` is read as an exact decimal or fraction ("0.741", "1e-3",
    "2/3") and enclosed; a ``float`` is its exact binary value (so ``0.1`` is NOT one tenth:
    pass printed numbers as strings); SymPy numbers through :func:`sympy_to_arb`.
    """
    if isinstance(x, arb):
        return x
    if isinstance(x, bool):
        raise TypeError("a bool is not a number here")
    if isinstance(x, (int, fmpz)):
        return arb(x)
    if isinstance(x, fmpq):
        return arb(x)
    if isinstance(x, Fraction):
        return arb(fmpq(x.numerator, x.denominator))
    if isinstance(x, float):
        if not math.isfinite(x):
            raise ValueError(f"not a finite number: {x!r}")
        return arb(x)
    if isinstance(x, str):
        return to_arb(_exact_str(x))
    if isinstance(x, Decimal):
        return to_arb(Fraction(x))
    if type(x).__module__.startswith("sympy"):
        return sympy_to_arb(x)
    if type(x).__module__ == "numpy":  # numpy scalars: their exact value
        return to_arb(x.item())
    raise TypeError(f"cannot convert {type(x).__name__} to arb")


def _exact_str(s: str) -> Fraction:
    try:
        return Fraction(s.strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"not an exact decimal or fraction: {s!r}") from None


def exact_fraction(x: arb) -> Fraction:
    """The exact rational value of an exact (radius 0) finite ``arb``."""
    m, e = x.man_exp()
    man, exp = int(m), int(e)
    return Fraction(man * 2**exp) if exp >= 0 else Fraction(man, 2 ** (-exp))


def bounds(x: arb) -> tuple[Fraction, Fraction]:
    """The ball ``x`` as an exact rational interval [lo, hi] (outward: it contains the ball)."""
    if not x.is_finite():
        raise RigorError(f"non-finite enclosure {x}")
    return exact_fraction(x.lower()), exact_fraction(x.upper())


def _float_down(q: Fraction) -> float:
    f = float(q)
    return math.nextafter(f, -math.inf) if Fraction(f) > q else f


def _float_up(q: Fraction) -> float:
    f = float(q)
    return math.nextafter(f, math.inf) if Fraction(f) < q else f


def outward(x: arb) -> tuple[float, float]:
    """Floats (lo, hi) with lo <= every point of the ball <= hi (directed rounding; for JSON)."""
    lo, hi = bounds(x)
    return _float_down(lo), _float_up(hi)


def pow_int(x, k: int) -> arb:
    """``x**k`` for an integer ``k`` by repeated squaring (multiplications only).

    ``arb ** k`` goes through ``exp(k log x)`` and is NaN for a ball that contains 0; products
    are valid for every ball.  ``k < 0`` inverts (NaN, honestly, when the ball contains 0).
    Works for ``arb``, ``acb`` and ``arb_series`` alike.
    """
    if isinstance(k, bool) or int(k) != k:
        raise TypeError(f"integer exponent needed, got {k!r}")
    k = int(k)
    x = to_arb(x) if not isinstance(x, (arb, acb, arb_series)) else x
    if k < 0:
        return 1 / pow_int(x, -k)
    result = None
    base = x
    while k:
        if k & 1:
            result = base if result is None else result * base
        k >>= 1
        if k:
            base = base * base
    return result if result is not None else (x * 0 + 1)


# --- SymPy -> arb -------------------------------------------------------------------------------


def sympy_to_arb(expr, subs: dict | None = None) -> arb:
    """Evaluate a SymPy expression in ball arithmetic at the current precision.

    Supported: numbers (Integer and Rational exactly; a Float is read as the exact decimal that
    SymPy prints for it, e.g. ``Float("0.741")`` is 741/1000), ``pi``, ``E``, symbols (values from
    ``subs``, keyed by Symbol or by name; any value :func:`to_arb` accepts), ``+``, ``*``, powers
    (integer exponents by repeated multiplication, ``1/2`` by ``sqrt``, other rationals by
    ``root``, others as ``exp(y log x)``), ``sqrt``, ``exp``, ``log`` (one argument), ``sin``,
    ``cos``, ``tan``, ``atan``, ``Abs``, ``erf``, ``erfc``, ``gamma``.  Anything else raises
    ``TypeError`` naming the node: nothing is approximated in floating point.
    """
    import sympy as sp

    subs = dict(subs or {})
    by_name = {str(k): v for k, v in subs.items()}

    unary = {
        sp.exp: "exp",
        sp.log: "log",
        sp.sin: "sin",
        sp.cos: "cos",
        sp.tan: "tan",
        sp.atan: "atan",
        sp.erf: "erf",
        sp.erfc: "erfc",
        sp.gamma: "gamma",
    }

    def ev(e) -> arb:
        if e.is_Integer:
            return arb(int(e))
        if e.is_Rational:
            return arb(fmpq(int(e.p), int(e.q)))
        if e.is_Float:
            s = str(e)
            if not math.isfinite(float(e)):
                raise ValueError(f"non-finite Float {s}")
            return to_arb(s)
        if e is sp.pi:
            return arb.pi()
        if e is sp.E:
            return arb.const_e()
        if e.is_Symbol:
            if e in subs:
                return to_arb(subs[e])
            if e.name in by_name:
                return to_arb(by_name[e.name])
            raise ValueError(f"no value for symbol {e.name!r}")
        if e.is_Add:
            out = arb(0)
            for t in e.args:
                out = out + ev(t)
            return out
        if e.is_Mul:
            out = arb(1)
            for t in e.args:
                out = out * ev(t)
            return out
        if e.is_Pow:
            base, ex = e.args
            if ex.is_Integer:
                return pow_int(ev(base), int(ex))
            if ex.is_Rational:
                b = ev(base)
                p, q = int(ex.p), int(ex.q)
                r = b.sqrt() if q == 2 else b.root(q)
                return pow_int(r, p)
            return (ev(ex) * ev(base).log()).exp()
        if isinstance(e, sp.Abs):
            return abs(ev(e.args[0]))
        fn = unary.get(e.func)
        if fn is not None and len(e.args) == 1:
            return getattr(ev(e.args[0]), fn)()
        raise TypeError(f"sympy_to_arb: unsupported node {e.func.__name__} in {e}")

    return ev(sp.sympify(expr))


def _is_sympy(f) -> bool:
    return type(f).__module__.startswith("sympy")


def enclose(f, *args, prec: int = DEFAULT_PREC, **subs) -> arb:
    """Enclosure of a closed form at ``prec`` bits.

    ``f`` is either a Python function of ``arb`` values (called with the ``args`` converted by
    :func:`to_arb`; it must use ball operations only -- ``x.exp()``, ``x * x``, :func:`pow_int`
    -- never ``math``/``numpy``) or a SymPy expression (values of its symbols as keyword
    arguments, ``enclose(sp.sqrt(x) + 1, x="2")``).  Raises :class:`RigorError` when the result
    is not a finite ball (for instance a NaN from a power of a ball containing 0).
    """
    with precision(prec):
        if _is_sympy(f):
            if args:
                raise TypeError("a SymPy expression takes its values as keyword arguments")
            out = sympy_to_arb(f, subs)
        else:
            if subs:
                raise TypeError("keyword values are for SymPy expressions; pass positional args to a function")
            out = f(*[to_arb(a) for a in args])
            out = to_arb(out)
    if not out.is_finite():
        raise RigorError(f"the enclosure is not finite: {out}")
    return out


# --- printed numbers --------------------------------------------------------------------------


def printed_interval(printed: str) -> tuple[Fraction, Fraction]:
    """The closed interval a printed decimal stands for, exactly: ``[p - h, p + h]``.

    ``h`` is half a unit in the last printed place ("0.9849" -> [0.98485, 0.98495],
    "9.9e-4" -> [9.85e-4, 9.95e-4]): the reading of ``certificates.printed.interval``,
    in rationals.  A string's interval is computed once per process (a pure function of the
    string, returning immutable rationals; relation checks read the same printed numbers many
    times); an error is raised afresh on every call.
    """
    if type(printed) is str:
        return _printed_interval_of_str(printed)
    return _printed_interval(printed)


def _printed_interval(printed: str) -> tuple[Fraction, Fraction]:
    """:func:`printed_interval`, computed."""
    s = printed.strip()
    try:
        d = Decimal(s)
    except InvalidOperation:
        raise ValueError(f"not a printed decimal number: {printed!r}") from None
    if not d.is_finite():
        raise ValueError(f"not a finite printed number: {printed!r}")
    e = d.as_tuple().exponent
    if not isinstance(e, int):  # 'n', 'N', 'F': NaN or infinity, excluded above
        raise ValueError(f"not a finite printed number: {printed!r}")
    h = Fraction(1, 2) * (Fraction(10) ** e)
    p = Fraction(d)
    return p - h, p + h


_printed_interval_of_str = functools.lru_cache(maxsize=8192)(_printed_interval)


def _fmt(q: Fraction, digits: int = 17) -> str:
    """A short decimal rendering of a rational (for notes; the decision uses the exact value); the
    stand-ins for an unbounded end of a one-sided claim (|q| >= 1e300) print as -oo / +oo."""
    if abs(q) >= 10**300:
        return "+oo" if q > 0 else "-oo"
    if q.denominator == 1:
        return str(q.numerator)
    return f"{float(q):.{digits}g}"


@dataclass(frozen=True)
class PrintedDecision:
    """Result of :func:`decide_printed`.

    ``verdict``: ``"PASS"`` (the enclosure lies inside the printed interval), ``"FAIL"`` (they
    are disjoint) or ``"UNDECIDED"`` (they still overlap at ``max_prec``).  ``interval`` is the
    printed rounding interval (exact), ``enclosure`` the last enclosure as an exact rational
    interval, ``prec`` the precision that decided.
    """

    verdict: str
    printed: str
    interval: tuple[Fraction, Fraction]
    enclosure: tuple[Fraction, Fraction] | None
    prec: int

    @property
    def ok(self) -> bool:
        return self.verdict == "PASS"

    def note(self) -> str:
        lo, hi = self.interval
        if self.enclosure is None:
            enc = "no finite enclosure"
        else:
            enc = f"enclosure [{_fmt(self.enclosure[0])}, {_fmt(self.enclosure[1])}]"
        return f"{enc} vs printed {self.printed} = [{_fmt(lo)}, {_fmt(hi)}] at {self.prec} bits: {self.verdict}"

    def to_json(self) -> dict:
        return {
            "verdict": self.verdict,
            "printed": self.printed,
            "interval": [_fmt(self.interval[0]), _fmt(self.interval[1])],
            "enclosure": None
            if self.enclosure is None
            else [_float_down(self.enclosure[0]), _float_up(self.enclosure[1])],
            "prec": self.prec,
        }


def decide_interval(
    enclosure_fn,
    lo: Fraction | None,
    hi: Fraction | None,
    *,
    label: str,
    lo_open: bool = False,
    hi_open: bool = False,
    start_prec: int = 64,
    max_prec: int = 4096,
) -> PrintedDecision:
    """Decide an enclosure against a claimed interval with exact rational ends, with no tolerance.

    The claim is ``lo <= x <= hi`` (``<`` where ``lo_open`` / ``hi_open``; a ``None`` end is
    unbounded): PASS when the enclosure lies inside, FAIL when it lies outside (disjoint), and
    while neither holds the precision is raised up to ``max_prec`` (then UNDECIDED).  ``label``
    names the claim in the note (e.g. the printed number, or "< 0.05").  ``enclosure_fn`` as in
    :func:`decide_printed`.
    """
    prec = int(start_prec)
    last = None
    iv = (lo if lo is not None else Fraction(-(10**300)), hi if hi is not None else Fraction(10**300))
    while True:
        with precision(prec):
            x = sympy_to_arb(enclosure_fn) if _is_sympy(enclosure_fn) else to_arb(enclosure_fn())
        if x.is_finite():
            a, b = bounds(x)
            last = (a, b)
            above_lo = lo is None or (a > lo if lo_open else a >= lo)
            below_hi = hi is None or (b < hi if hi_open else b <= hi)
            if above_lo and below_hi:
                return PrintedDecision("PASS", label, iv, last, prec)
            out_lo = lo is not None and (b <= lo if lo_open else b < lo)
            out_hi = hi is not None and (a >= hi if hi_open else a > hi)
            if out_lo or out_hi:
                return PrintedDecision("FAIL", label, iv, last, prec)
        if prec >= max_prec:
            return PrintedDecision("UNDECIDED", label, iv, last, prec)
        prec = min(2 * prec, int(max_prec))


def decide_printed(enclosure_fn, printed: str, *, start_prec: int = 64, max_prec: int = 4096) -> PrintedDecision:
    """Decide a printed number against an enclosure of the value it reports, with no tolerance.

    ``enclosure_fn()`` is called at increasing working precision (``start_prec``, doubling, up
    to ``max_prec``; it must build its balls inside the call) and returns an ``arb``; it may
    also be a SymPy expression without free symbols.  PASS when the enclosure lies inside the
    closed interval :func:`printed_interval`, FAIL when they are disjoint; while they overlap
    (or the enclosure is not finite) the precision is raised; UNDECIDED with both intervals
    at the cap (e.g. a value exactly on a rounding boundary).
    """
    lo_p, hi_p = printed_interval(printed)
    return decide_interval(enclosure_fn, lo_p, hi_p, label=printed, start_prec=start_prec, max_prec=max_prec)


# --- polynomial roots -------------------------------------------------------------------------


@dataclass(frozen=True)
class RealRoot:
    """A root of a polynomial: an enclosure (real part), its multiplicity, and whether it is
    certified real (its isolating ball meets the real axis and is closed under conjugation)."""

    enclosure: arb
    multiplicity: int
    certified_real: bool


def _as_exact(c):
    if isinstance(c, (int, fmpz)) and not isinstance(c, bool):
        return fmpq(int(c))
    if isinstance(c, fmpq):
        return c
    if isinstance(c, Fraction):
        return fmpq(c.numerator, c.denominator)
    if isinstance(c, str):
        q = _exact_str(c)
        return fmpq(q.numerator, q.denominator)
    if _is_sympy(c) and getattr(c, "is_Rational", False):
        return fmpq(int(c.p), int(c.q))
    return None


def real_roots(coeffs, *, prec: int = DEFAULT_PREC) -> list[RealRoot]:
    """Rigorously isolated real roots of ``sum_k coeffs[k] x^k``, in increasing order.

    ``coeffs`` are listed from the constant term up (flint's order; a SymPy ``Poly`` is also
    accepted).  Exact coefficients (int, Fraction, fmpq, decimal strings, SymPy rationals) go
    through ``fmpz_poly.complex_roots`` (FLINT's squarefree factorisation and root isolation):
    every real root is returned with its multiplicity and ``certified_real=True`` (FLINT gives
    real roots an exactly zero imaginary part), nonreal ones are omitted.  With ``arb``
    (inexact) coefficients the roots come from ``arb_poly.complex_roots`` (FLINT's validated
    isolation of all ``deg`` roots in disjoint balls, simple roots only; it raises otherwise).  A
    root whose ball meets the real axis is certified real when the conjugate ball meets no other
    root's ball: the conjugate of its root is a root lying in the conjugate ball, hence in the same
    ball, hence equal to it.  Balls that meet the real axis without that are returned with
    ``certified_real=False``; balls away from the axis (certified nonreal) are omitted.
    """
    if hasattr(coeffs, "all_coeffs"):
        coeffs = list(reversed(coeffs.all_coeffs()))
    coeffs = list(coeffs)
    if not coeffs or all((_as_exact(c) is not None and _as_exact(c) == 0) for c in coeffs):
        raise ValueError("the zero polynomial has no isolated roots")
    exact = [_as_exact(c) for c in coeffs]
    out: list[RealRoot] = []
    with precision(prec):
        if all(e is not None for e in exact):
            p = fmpq_poly(exact).numer()
            if p.degree() < 1:
                return []
            # flint 0.9's stub says list[acb]; fmpz_poly.complex_roots returns (root, multiplicity) pairs
            roots = cast("list[tuple[acb, int]]", fmpz_poly(p).complex_roots())
            for z, mult in roots:
                im = z.imag
                if im.is_exact() and im.is_zero():
                    out.append(RealRoot(z.real, int(mult), True))
        else:
            pa = arb_poly([to_arb(c) for c in coeffs])
            zs = pa.complex_roots()  # raises unless all deg roots are isolated in disjoint balls
            for i, z in enumerate(zs):
                if not z.imag.contains(0):
                    continue  # certified nonreal
                zbar = z.conjugate()
                alone = not any(zbar.overlaps(w) for j, w in enumerate(zs) if j != i)
                out.append(RealRoot(z.real, 1, alone))
    out.sort(key=lambda r: float(r.enclosure.mid()))
    return out


# --- integrals --------------------------------------------------------------------------------


def integral(
    f: Callable,
    a,
    b,
    *,
    prec: int = DEFAULT_PREC,
    rel_tol=None,
    abs_tol=None,
    flag: bool = False,
    eval_limit: int | None = None,
) -> arb:
    """Enclosure of ``int_a^b f(x) dx`` on a finite interval (``acb.integral``, Petras' algorithm).

    ``f`` takes an ``acb`` (complex ball) and returns an ``acb`` using ball operations.  With
    ``flag=False`` it is called as ``f(x)`` and must be meromorphic near [a, b] (poles give
    non-finite balls automatically: entire functions, ``exp``, ``1/x``...).  With branch cuts
    (``sqrt``, ``log``) pass ``flag=True``: ``f(x, analytic)`` must then return a non-finite
    ball when ``analytic`` is true and ``f`` is not holomorphic on ``x`` (forward the flag:
    ``x.sqrt(analytic=analytic)``).  Returns the real part (valid when ``f`` is real on the
    real axis).  Raises :class:`RigorError` when no finite enclosure was found.
    """
    with precision(prec):
        fa, fb = to_arb(a), to_arb(b)
        func = f if flag else (lambda x, _analytic: f(x))
        res = acb.integral(  # None: flint's default for that option
            func,
            fa,
            fb,
            rel_tol=None if rel_tol is None else to_arb(rel_tol),
            abs_tol=None if abs_tol is None else to_arb(abs_tol),
            eval_limit=None if eval_limit is None else int(eval_limit),
        )
    out = res.real
    if not out.is_finite():
        raise RigorError(f"acb.integral gave no finite enclosure ({res})")
    return out


@dataclass(frozen=True)
class GaussianTailBound:
    """The tail bound of :func:`gaussian_tail_bound`: ``bound(L)`` an ``arb``, ``mu`` its centre."""

    C: object
    sigma: object
    mu: object = 0  # the centre the bound refers to

    def __call__(self, L) -> arb:
        Ca, s, La = to_arb(self.C), to_arb(self.sigma), to_arb(L)
        return Ca * s * (2 * arb.pi()).sqrt() * (La / (s * arb(2).sqrt())).erfc()


def gaussian_tail_bound(C, sigma, mu=0) -> GaussianTailBound:
    """Tail bound for :func:`integral_R` when ``|f(x)| <= C exp(-(x - mu)^2 / (2 sigma^2))``
    for all ``|x - mu| >= L``: ``int_{|x - mu| > L} |f| <= C sigma sqrt(2 pi) erfc(L / (sigma sqrt 2))``.

    The domination is the caller's claim (prove it, e.g. with :func:`prove_inequality`); this
    returns the exact consequence as an ``arb`` function of ``L`` (with the centre as ``.mu``).
    """
    return GaussianTailBound(C, sigma, mu)


def integral_R(
    f: Callable,
    tail_bound: Callable | None,
    *,
    centre=0,
    half_width=None,
    tail_tol=1e-20,
    prec: int = DEFAULT_PREC,
    flag: bool = False,
    **kw,
) -> arb:
    """Enclosure of ``int_R f`` = ``int_{c-L}^{c+L} f`` + a ball of radius ``tail_bound(L)``.

    ``tail_bound(L)`` must be a proved upper bound of ``int_{|x - c| > L} |f(x)| dx`` (the caller
    supplies it, or derives it with :func:`gaussian_tail_bound`); without one this refuses
    (:class:`RigorError`): no integral over R is truncated silently.  ``L`` is ``half_width``,
    or the first of 1, 2, 4, ... with ``tail_bound(L) <= tail_tol`` (up to 2^20).
    ``centre`` defaults to the ``mu`` of a :func:`gaussian_tail_bound`.
    """
    if tail_bound is None:
        raise RigorError("an integral over R needs an explicit, proved tail bound (tail_bound=None)")
    if centre == 0 and hasattr(tail_bound, "mu"):
        centre = tail_bound.mu
    with precision(prec):
        c = to_arb(centre)
        if half_width is None:
            n = 1
            while True:
                t = to_arb(tail_bound(arb(n)))
                if t.is_finite() and t.upper() <= to_arb(tail_tol):
                    break
                if n >= 2**20:
                    raise RigorError(f"tail bound still {t} at half width {n}")
                n *= 2
            L = arb(n)
        else:
            L = to_arb(half_width)
            t = to_arb(tail_bound(L))
        if not t.is_finite() or t.lower() < 0 and not t.contains(0):
            raise RigorError(f"invalid tail bound {t}")
        core = integral(f, c - L, c + L, prec=prec, flag=flag, **kw)
        return core + arb(0, t.upper())


# --- inequalities by branch and bound ----------------------------------------------------------


@dataclass
class InequalityResult:
    """Result of :func:`prove_inequality` / :func:`prove_inequality_box`.

    ``status``: ``"proved"`` (every box certified), ``"disproved"`` (``counterexample`` is a point
    of the domain where ``f`` is certifiably ``< 0``, or ``<= 0`` for a strict claim, with
    ``value`` its enclosure), or ``"undecided"`` (the budget ran out; ``unresolved`` is the
    box with the smallest lower bound).  ``min_lower`` is a rigorous lower bound of ``f`` over
    the domain (when proved: ``> 0`` or ``>= 0``); ``boxes`` the number of boxes evaluated.
    """

    status: str
    boxes: int
    min_lower: Fraction | None
    counterexample: tuple[Fraction, ...] | None = None
    value: arb | None = None
    unresolved: list[tuple[Fraction, Fraction]] | None = None
    strict: bool = True
    notes: list[str] = field(default_factory=list)

    @property
    def proved(self) -> bool:
        return self.status == "proved"


def _box_ball(lo: Fraction, hi: Fraction) -> arb:
    """A ball containing [lo, hi] (exact endpoints rounded outward)."""
    a, b = to_arb(lo), to_arb(hi)
    return a.union(b)


def _mid(lo: Fraction, hi: Fraction) -> Fraction:
    return (lo + hi) / 2


def _point(q: Fraction) -> arb:
    return to_arb(q)


def prove_inequality_box(
    f: Callable,
    box: Sequence[tuple],
    *,
    strict: bool = True,
    grad: Callable | None = None,
    max_boxes: int = 20_000,
    min_width=None,
    prec: int = 64,
) -> InequalityResult:
    """Prove ``f(x) > 0`` (``strict``) or ``>= 0`` on a box by best-first bisection.

    ``f(X)`` takes a list of ``arb`` balls (one per coordinate) and returns an ``arb`` enclosing
    ``f`` over them (write it with ball operations: the natural interval extension).  On each
    box the lower bound is the better of the interval value and, when ``grad`` is given (``grad(X)``
    -> list of ``arb`` enclosing the partial derivatives over X), the mean-value form
    ``f(c) + sum_i grad_i(X) (X_i - c_i)``.  The box with the smallest lower bound is split next
    (along its widest side); the proof is complete when that smallest lower bound is ``> 0``
    (``>= 0``).  At every split the midpoint is evaluated as a point: a certified negative value
    (``<= 0`` for a strict claim) is a counterexample.  Box endpoints are exact rationals.
    """
    dom = [(Fraction(to_arb_exact(lo)), Fraction(to_arb_exact(hi))) for lo, hi in box]
    for lo, hi in dom:
        if not lo <= hi:
            raise ValueError(f"empty interval [{lo}, {hi}]")
    min_w = None if min_width is None else Fraction(to_arb_exact(min_width))
    zero = arb(0)

    def certified(lb: arb) -> bool:
        return bool(lb > zero) if strict else bool(lb >= zero)

    def lower(bx) -> tuple[Fraction | None, arb]:
        X = [_box_ball(lo, hi) for lo, hi in bx]
        val = f(X)
        best = val.lower() if val.is_finite() else None
        if grad is not None:
            c = [_mid(lo, hi) for lo, hi in bx]
            fc = f([_point(q) for q in c])
            g = grad(X)
            mv = fc
            for gi, Xi, ci in zip(g, X, c):
                mv = mv + gi * (Xi - _point(ci))
            if mv.is_finite() and (best is None or mv.lower() > best):
                best = mv.lower()
        if best is None:
            return None, val
        return exact_fraction(best), val

    def counter(pt) -> arb | None:
        v = f([_point(q) for q in pt])
        if not v.is_finite():
            return None
        if (strict and v.upper() <= zero) or (not strict and v.upper() < zero):
            return v
        return None

    with precision(prec):
        heap: list = []
        count = 0
        proved_min: Fraction | None = None
        lb, _ = lower(dom)
        count += 1
        key = lb if lb is not None else Fraction(-(10**300))
        heapq.heappush(heap, (key, count, dom))
        while heap:
            key, _, bx = heap[0]
            if (key > 0) if strict else (key >= 0):
                # every remaining box is certified; the smallest key is the minimum lower bound
                proved_min = key
                return InequalityResult("proved", count, proved_min, strict=strict)
            if count >= max_boxes:
                return InequalityResult(
                    "undecided", count, key if key > Fraction(-(10**300)) else None, unresolved=bx, strict=strict
                )
            heapq.heappop(heap)
            widths = [hi - lo for lo, hi in bx]
            k = max(range(len(bx)), key=lambda i: widths[i])
            if widths[k] == 0 or (min_w is not None and widths[k] <= min_w):
                return InequalityResult(
                    "undecided",
                    count,
                    key if key > Fraction(-(10**300)) else None,
                    unresolved=bx,
                    strict=strict,
                    notes=[f"box width below {min_w}"],
                )
            mid = [_mid(lo, hi) for lo, hi in bx]
            v = counter(mid)
            count += 1
            if v is not None:
                return InequalityResult(
                    "disproved", count, None, counterexample=tuple(mid), value=v, unresolved=bx, strict=strict
                )
            lo_k, hi_k = bx[k]
            m_k = mid[k]
            for half in ((lo_k, m_k), (m_k, hi_k)):
                child = list(bx)
                child[k] = half
                lb, _ = lower(child)
                count += 1
                key2 = lb if lb is not None else Fraction(-(10**300))
                heapq.heappush(heap, (key2, count, child))
    raise AssertionError("unreachable")  # pragma: no cover


def to_arb_exact(x) -> Fraction:
    """An exact rational for a box endpoint (int, Fraction, decimal string, float, exact arb)."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, bool):
        raise TypeError("a bool is not a number here")
    if isinstance(x, int):
        return Fraction(x)
    if isinstance(x, float):
        if not math.isfinite(x):
            raise ValueError(f"not finite: {x}")
        return Fraction(x)
    if isinstance(x, str):
        return _exact_str(x)
    if isinstance(x, fmpq):
        return Fraction(int(x.p), int(x.q))
    if isinstance(x, arb) and x.is_exact() and x.is_finite():
        return exact_fraction(x)
    raise TypeError(f"need an exact endpoint, got {x!r}")


def prove_inequality(
    f: Callable,
    lo,
    hi,
    *,
    strict: bool = True,
    df: Callable | str | None = "auto",
    max_boxes: int = 20_000,
    min_width=None,
    prec: int = 64,
) -> InequalityResult:
    """Prove ``f(x) > 0`` (``strict``) or ``>= 0`` for all x in [lo, hi] (see :func:`prove_inequality_box`).

    ``f`` maps an ``arb`` ball to an enclosure of ``f`` over it.  ``df``: an enclosure of
    ``f'`` over a ball for the mean-value form; ``"auto"`` (default) obtains it from ``f``
    evaluated on an ``arb_series`` (works when ``f`` uses arithmetic and methods that
    ``arb_series`` also has: ``exp``, ``log``, ``sin``, ``sqrt``, ...; falls back to plain
    interval evaluation otherwise); ``None`` uses interval evaluation only.
    """
    f1 = lambda X: f(X[0])  # noqa: E731
    grad = None
    if callable(df):
        grad = lambda X: [df(X[0])]  # noqa: E731
    elif df == "auto":

        def auto(X):
            try:
                s = f(arb_series([X[0], 1], prec=2))
                c = s.coeffs()
                return [c[1] if len(c) > 1 else arb(0)]
            except (TypeError, AttributeError, ValueError):
                return [arb.nan()]

        grad = auto
    elif df is not None:
        raise ValueError(f"df must be a callable, 'auto' or None, got {df!r}")
    res = prove_inequality_box(
        f1, [(lo, hi)], strict=strict, grad=grad, max_boxes=max_boxes, min_width=min_width, prec=prec
    )
    if res.counterexample is not None:
        res.counterexample = res.counterexample  # 1-tuple (x,)
    return res
